"""Writing the many rows of an import (tables, seats, deals, sides, melds, audit records).

On PostgreSQL each model's rows go in one `COPY … FROM STDIN`, their ids drawn beforehand from
the table's own sequence (one query), each field written as the row holds it. `bulk_create`
made a model instance's every value go through its field's conversions and psycopg's arrays
(15,000 sides of 14 fields: most of a 500-pair import); the values here are the file's, already
checked by `values.field_value`, so a whole number, a text or a true/false is written as it is
and anything else still goes through its field (`get_db_prep_save`). Moments that auto_now
stamps are written as the row holds them too, the file's own.

Elsewhere (SQLite) it is `bulk_create`, then the moments auto_now stamped "now" are put back
(`put_back`)."""

import json
from typing import Any

from django.db import connections, models, router

PLAIN = {
    models.IntegerField: int,
    models.CharField: str,
    models.BooleanField: bool,
}
"""The fields whose value is written as it is when it is of this very type."""


def insert_rows(model: type[models.Model], rows: list[Any], moments: tuple[str, ...] = ()) -> None:
    """Insert `rows` (unsaved instances of `model`), giving each its id; `moments`: the fields
    auto_now stamps whose value the rows hold and keep."""
    if not rows:
        return
    connection = connections[router.db_for_write(model)]
    if connection.vendor != "postgresql":
        held = [[getattr(row, name) for name in moments] for row in rows]
        model._default_manager.bulk_create(rows)  # auto_now stamps "now" on each
        for row, values in zip(rows, held, strict=True):
            for name, value in zip(moments, values, strict=True):
                setattr(row, name, value)
        for name in moments:
            put_back(model, name, rows)
        return
    meta: Any = model._meta
    quote = connection.ops.quote_name
    fields = [field for field in meta.concrete_fields if not field.primary_key]
    writers = [_writer(field, connection) for field in fields]
    columns = ", ".join(quote(field.column) for field in fields)
    with connection.wrap_database_errors, connection.cursor() as cursor:
        cursor.execute(
            "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
            [meta.db_table, meta.pk.column, len(rows)],
        )
        ids = sorted(number for (number,) in cursor.fetchall())  # ascending, as bulk_create
        with cursor.cursor.copy(
            f"COPY {quote(meta.db_table)} ({quote(meta.pk.column)}, {columns}) FROM STDIN"
        ) as copy:
            for row, number in zip(rows, ids, strict=True):
                row.pk = number
                copy.write_row([number, *(write(row) for write in writers)])
    for row in rows:
        row._state.adding = False
        row._state.db = connection.alias


def _writer(field: Any, connection: Any) -> Any:
    """How a row's value of `field` is written."""
    name = field.attname
    if field.is_relation:
        cached = field.name

        def related(row: Any) -> Any:
            value = getattr(row, name)
            if value is None and field.is_cached(row):  # set before the related row had its id
                found = getattr(row, cached)
                if found is not None and found.pk is None:
                    raise ValueError(f"{row!r}'s {cached} is not saved")  # as bulk_create
                value = None if found is None else found.pk
            return value

        return related
    if isinstance(field, models.JSONField) and field.encoder is None:
        return lambda row: None if (value := getattr(row, name)) is None else json.dumps(value)
    prepared = field.get_db_prep_save
    for kind, plain in PLAIN.items():
        if isinstance(field, kind):

            def value_of(row: Any, plain: type = plain) -> Any:
                value = getattr(row, name)
                return value if type(value) is plain else prepared(value, connection)

            return value_of
    return lambda row: prepared(getattr(row, name), connection)


PUT_BACK_ROWS = 400
"""Rows a statement of `put_back`: 800 parameters, under any SQLite's limit."""


def put_back(model: type[models.Model], name: str, rows: list[Any]) -> None:
    """Write each row's `name` (a moment its auto_now field stamped "now" when it was
    created) as the row holds it: one UPDATE … FROM a list of (id, value) for each
    PUT_BACK_ROWS rows (`bulk_update` writes a CASE of every id, thirty seconds for 7,500
    deals). PostgreSQL and SQLite (3.33 on) both read it."""
    meta: Any = model._meta
    field = meta.get_field(name)
    connection = connections[router.db_for_write(model)]
    quote = connection.ops.quote_name
    table, column, key = quote(meta.db_table), quote(field.column), quote(meta.pk.column)
    with connection.cursor() as cursor:
        for start in range(0, len(rows), PUT_BACK_ROWS):
            chunk = rows[start : start + PUT_BACK_ROWS]
            values = ", ".join(["(%s, %s)"] * len(chunk))
            params = []
            for row in chunk:
                params += [row.pk, field.get_db_prep_save(getattr(row, name), connection)]
            cursor.execute(
                f"WITH moments (id, moment) AS (VALUES {values}) UPDATE {table} SET {column} = "
                f"moments.moment FROM moments WHERE {table}.{key} = moments.id",
                params,
            )
