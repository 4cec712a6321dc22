"""Reading one value of a backup file against what it should be (a JSON object, a list, a
whole number, a username, a model field's value): anything else is a ServiceError that says
where, in the words of the file."""

from collections.abc import Iterable
from datetime import date, datetime
from functools import cache, lru_cache
from typing import Any, TypeVar

from django.core.exceptions import ValidationError
from django.db import connection, models

from tournaments.backup.fields import Row
from tournaments.services import ServiceError

M = TypeVar("M", bound=models.Model)


def bad(where: str, what: str) -> ServiceError:
    return ServiceError(f"The file is not a usable tournament backup: {where} {what}.")


def as_object(value: object, where: str) -> Row:
    if not isinstance(value, dict):
        raise bad(where, "should be a JSON object")
    return value


def as_list(row: Row, key: str, where: str) -> list[Any]:
    value = row.get(key)
    if not isinstance(value, list):
        raise bad(where, f'needs "{key}", a list')
    return value


def whole_number(row: Row, key: str, where: str) -> int:
    value = row.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise bad(where, f'needs "{key}", a whole number')
    return value


def present(row: Row, names: Iterable[str]) -> list[str]:
    """The optional fields a row has (a file written before they were has none)."""
    return [name for name in names if name in row]


def username(row: Row, key: str, where: str) -> str | None:
    value = row.get(key)
    if value is not None and not isinstance(value, str):
        raise bad(where, f'should name a user by username in "{key}", or hold null')
    return value


def field_values(model: type[models.Model], row: Row, names: Iterable[str], where: str) -> Row:
    """The named fields of `model` from a row of the file, each checked against its field."""
    return {name: field_value(model._meta.get_field(name), row, where) for name in names}


def field_value(field: Any, row: Row, where: str) -> Any:
    name = field.name
    if name not in row:
        raise bad(where, f'has no "{name}"')
    value = row[name]
    if value is None:
        if field.null:
            return None
        raise bad(where, f'cannot leave "{name}" empty')
    if isinstance(field, models.JSONField):
        return value
    if isinstance(field, models.BooleanField):
        if not isinstance(value, bool):
            raise bad(where, f'should have true or false in "{name}"')
        return value
    if isinstance(field, models.IntegerField):
        low, high = _integer_range(field.get_internal_type())
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad(where, f'should have a whole number in "{name}", not {value!r}')
        if (low is not None and value < low) or (high is not None and value > high):
            raise bad(where, f'has {value} in "{name}", out of range')
        return value
    if isinstance(field, models.DateTimeField | models.DateField):
        return moment(field, value, where)
    if isinstance(field, models.CharField):
        if not isinstance(value, str):
            raise bad(where, f'should have text in "{name}", not {value!r}')
        allowed = _choices(field)
        if allowed and value not in allowed:
            raise bad(where, f'has "{value}" in "{name}", which is not one of {", ".join(allowed)}')
        if not _text_passes(field, value):
            raise bad(where, f'has "{value}" in "{name}": {_text_problem(field, value)}')
        return value
    raise AssertionError(f"no reader for {field!r}")  # pragma: no cover - a field list typo


@cache
def _integer_range(internal_type: str) -> tuple[int | None, int | None]:
    """The database's range of an integer field (looked up once: a file has many rows)."""
    return connection.ops.integer_field_range(internal_type)


@cache
def _choices(field: Any) -> tuple[str, ...]:
    """The values a text field with choices takes (none: any text)."""
    return tuple(str(key) for key, _ in field.flatchoices)


@lru_cache(maxsize=4096)
def _text_passes(field: Any, value: str) -> bool:
    """Whether the field's validators accept a text: each text checked once, for a file
    repeats the same few many times ("summary", "taken"); whether it passes does not depend on
    the language, so the language is not looked up for each value (88,000 a 500-pair file)."""
    try:
        field.run_validators(value)
    except ValidationError:
        return False
    return True


def _text_problem(field: Any, value: str) -> str:
    """What the field's validators say of a text that fails them, in the current language."""
    try:
        field.run_validators(value)
    except ValidationError as error:
        return " ".join(error.messages)
    return ""


def moment(field: Any, value: object, where: str) -> date | datetime:
    is_time = isinstance(field, models.DateTimeField)
    want = "a date and time with its time zone" if is_time else "a date"
    try:
        if not isinstance(value, str):
            raise ValueError
        moment = datetime.fromisoformat(value) if is_time else date.fromisoformat(value)
    except ValueError:
        raise bad(
            where, f'should have {want} in "{field.name}" (ISO 8601), not {value!r}'
        ) from None
    if isinstance(moment, datetime) and moment.tzinfo is None:
        raise bad(where, f'should give the time zone of "{field.name}" ({value})')
    return moment


def field_row(model: type[M], row: Row, names: Iterable[str], where: str) -> M:
    """A new row of `model` of the named fields of a row of the file (`field_values`)."""
    return new_row(model, field_values(model, row, names, where))


def new_row(model: type[M], values: Row) -> M:
    """`model(**values)` of plain values (no related rows): made with every field in order,
    the missing ones their default, which is Django's quick way to make a row (the keywords'
    way looks each field up by name: a fifth of a 500-pair import's reading)."""
    fields = _plain_fields(model)
    if not values.keys() <= fields.keys():
        return model(**values)
    return model(
        *[values[name] if name in values else field.get_default() for name, field in fields.items()]
    )


@cache
def _plain_fields(model: type[models.Model]) -> dict[str, Any]:
    """The model's fields by name in the order of its columns, the relations (given as ids)
    and the id under their column's name: a plain value of the file is one of the others."""
    meta: Any = model._meta
    return {
        field.name if not field.is_relation and not field.primary_key else field.attname: field
        for field in meta.concrete_fields
    }
