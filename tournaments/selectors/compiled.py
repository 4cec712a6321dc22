"""Reads whose SQL Django makes once a process: the few that every phone asks for at every
request, where compiling the query took Django longer than the database took to run it (the
national rush, bench/round_end_rush.py: a third of the CPU of 1,000 phones' polls went to
compiling one small query).

`CompiledRead(build)` wraps a function that makes a `values_list` query from its arguments
(tokens, ids). The first call, for each database and each kind of arguments, makes the query
with stand-ins for the arguments, compiles it, and notes where each stand-in sits among its
parameters; every call then runs that SQL with the real arguments and converts the columns as
the ORM would (dates, JSON). The SQL text is the same at every call, so on PostgreSQL the
connection prepares it after a couple of runs (settings: DJANGO_DB_PREPARED) and the database
plans it once too.
"""

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from django.db import connection
from django.db.models import Model, QuerySet
from django.db.transaction import TransactionManagementError

Argument = str | int
M = TypeVar("M", bound=Model)
Converters = tuple[tuple[int, tuple[Callable[..., Any], ...], Any], ...]


def _stand_in(index: int, kind: type, take: int) -> Argument:
    """A value standing for argument `index` while the query compiles (`take` 0 or 1: it
    compiles twice, and only a parameter that follows the stand-in both times is the argument).
    Whole numbers stay within a small integer field's range, whose lookups Django checks."""
    if kind is int:
        return 30_011 + 100 * take + index
    if kind is str:
        return f"compiled read argument {index}, take {take}"
    raise TypeError(f"a compiled read takes texts and whole numbers, not {kind.__name__}")


class CompiledRead:
    """A `values_list` query made by `build(*arguments)`, compiled once a process (for each
    database vendor and kinds of arguments) and run with new arguments at every call."""

    def __init__(self, build: Callable[..., "QuerySet[Any, Any]"], *, lock: bool = False) -> None:
        """`lock`: the rows of the query's own model are locked until the transaction ends
        (`select_for_update(of=("self",))`, which Django compiles only for model rows)."""
        self.build = build
        self.lock = lock
        self._compiled = functools.cache(self._compile)

    def rows(self, *arguments: Argument) -> list[tuple[Any, ...]]:
        """The query's rows for these arguments, converted as `build(*arguments)` gives them."""
        sql, slots, converters = self._compiled(
            connection.vendor, tuple(type(value) for value in arguments)
        )
        params = [kind(arguments[slot]) if slot >= 0 else kind for slot, kind in slots]
        if self.lock and connection.get_autocommit():
            raise TransactionManagementError("a locking read needs a transaction")
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            found = cursor.fetchall()
        if not converters:
            return [tuple(row) for row in found]
        return [_converted(row, converters) for row in found]

    def compilations(self) -> int:
        """How many times the query was compiled in this process (once per database and kinds
        of arguments)."""
        return self._compiled.cache_info().misses

    def forget(self) -> None:
        self._compiled.cache_clear()

    def _compile(
        self, vendor: str, kinds: tuple[type, ...]
    ) -> tuple[str, tuple[tuple[int, Any], ...], Converters]:
        takes = [
            [_stand_in(index, kind, take) for index, kind in enumerate(kinds)] for take in (0, 1)
        ]
        compiled = [
            self.build(*stand_ins).query.get_compiler(connection=connection) for stand_ins in takes
        ]
        (sql, params), (other_sql, other_params) = (each.as_sql() for each in compiled)
        if sql != other_sql or len(params) != len(other_params):
            raise ValueError("the compiled query's SQL changes with its arguments")
        slots = tuple(
            _slot(first, second, takes) for first, second in zip(params, other_params, strict=True)
        )
        for index in range(len(kinds)):
            if index not in (slot for slot, _kind in slots):
                raise ValueError(f"argument {index} is not a parameter of the compiled query")
        compiler = compiled[0]
        if self.lock and connection.features.has_select_for_update:
            sql += " " + _locking(compiler.query.model)
        columns = [selected[0] for selected in compiler.select[: compiler.col_count]]
        converters = tuple(
            (index, tuple(functions), expression)
            for index, (functions, expression) in compiler.get_converters(columns).items()
        )
        return sql, slots, converters


def _locking(model: Any) -> str:
    """FOR UPDATE of the model's own rows only (OF its table, where the database can say so),
    as `select_for_update(of=("self",))` ends a query."""
    of = [connection.ops.quote_name(model._meta.db_table)]
    return str(
        connection.ops.for_update_sql(of=of if connection.features.has_select_for_update_of else ())
    )


def _slot(first: Any, second: Any, takes: list[list[Argument]]) -> tuple[int, Any]:
    """(the argument's index, the type its value is passed as) for a parameter that is an
    argument (on PostgreSQL a whole number is passed typed, `Int2(7)`, and so it stays), else
    (-1, its value)."""
    for index, (one, other) in enumerate(zip(*takes, strict=True)):
        if _same(first, one) and _same(second, other):
            return index, type(first)
    if isinstance(first, (str, int)) and first != second:  # an argument, changed: "%text%"
        raise ValueError("a parameter of the compiled query changes with its arguments")
    return -1, first  # a constant of the query (a value wrapped for the database: JSON)


def _same(value: Any, stand_in: Argument) -> bool:
    if isinstance(stand_in, str):
        return isinstance(value, str) and value == stand_in
    return isinstance(value, int) and not isinstance(value, bool) and value == stand_in


def _converted(row: Sequence[Any], converters: Converters) -> tuple[Any, ...]:
    values = list(row)
    for index, functions, expression in converters:
        value = values[index]
        for function in functions:
            value = function(value, expression, connection)
        values[index] = value
    return tuple(values)


Joins = Sequence[tuple[str, type[Model]]]
"""The models a read takes whole, each at its path from the query's model ("" for the model
itself, "round__tournament" for a seat's tournament), parents before their children."""


def joined_columns(joins: Joins) -> list[str]:
    """The `values_list` names that read every model of `joins` whole, in order."""
    return [
        f"{path}__{field.attname}" if path else field.attname
        for path, model in joins
        for field in model._meta.concrete_fields
    ]


def joined(row: Sequence[Any], joins: Joins, model: type[M]) -> M:
    """The model at the root of one row of `joined_columns(joins)` (a `model`), every model of
    `joins` tied to its parent as `select_related` ties them (None for a nullable relation with
    nothing at its end)."""
    found: dict[str, Model | None] = {}
    start = 0
    for path, each in joins:
        fields = each._meta.concrete_fields
        values = row[start : start + len(fields)]
        start += len(fields)
        instance = None
        if values[fields.index(each._meta.pk)] is not None:
            instance = each.from_db(connection.alias, [f.attname for f in fields], values)
        found[path] = instance
        if path:
            parent_path, _, name = path.rpartition("__")
            parent = found[parent_path]
            if parent is not None:
                setattr(parent, name, instance)
    root = found[""]
    if not isinstance(root, model):
        raise TypeError(f"the row's first model is not a {model.__name__}")
    return root


def joined_annotated(row: Sequence[Any], joins: Joins, model: type[M], names: Sequence[str]) -> M:
    """`joined` of a row whose last columns are annotations (`names`, in the order of the
    `values_list`), each set on the root model as the ORM sets an annotation."""
    split = len(row) - len(names)
    root = joined(row[:split], joins, model)
    for name, value in zip(names, row[split:], strict=True):
        setattr(root, name, value)
    return root
