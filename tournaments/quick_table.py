"""A django-tables2 table's rows written in Python (tournaments/_table.html) exactly as
django-tables2's own template writes them, at a fraction of the cost: each column's cell
attributes, accessor and render signature are worked out once per table instead of once per
cell (a 500-pair standings table has 4,000 cells; the template path spent ~0.3 ms on each)."""

import html
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

from django.core.exceptions import FieldDoesNotExist
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils import formats
from django.utils.encoding import force_str
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import template_localtime  # type: ignore[attr-defined]
from django.utils.translation import get_language
from django_tables2 import Column
from django_tables2.utils import signature

Cell = Callable[[Any], str]
"""A bound row -> its cell's HTML, <td …>…</td>."""


class QuickBody:
    """Mixed into a django_tables2.Table whose template writes `{{ table.body_html }}`."""

    def body_html(self) -> SafeString:
        table: Any = self
        cells = [_cell_of(table, bound) for bound in table.columns]
        rows = [
            f"<tr {attrs}>{''.join([cell(row) for cell in cells])}</tr>"
            for row, attrs in _rows(table)
        ]
        if not rows and table.empty_text:
            empty = conditional_escape(table.empty_text)
            rows.append(f'<tr><td colspan="{len(cells)}">{empty}</td></tr>')
        return mark_safe("\n".join(rows))  # every part is escaped as the template escapes it

    def as_values(self, exclude_columns: Any = None) -> Iterator[list[Any]]:
        """django-tables2's `as_values` (what the CSV and xlsx files write: the headers, then
        each row's values), each column's accessor and value signature worked out once per
        table: its own looks them up for each cell (a 500-pair standings file spent ~100 ms
        there)."""
        table: Any = self
        excluded = set(exclude_columns or ())
        columns = [
            bound
            for bound in table.columns.iterall()
            if not (bound.column.exclude_from_export or bound.name in excluded)
        ]
        yield [force_str(bound.header, strings_only=True) for bound in columns]
        values = [_value_of(table, bound) for bound in columns]
        for row in table.rows:
            yield [force_str(value(row), strings_only=True) for value in values]


def _rows(table: Any) -> Iterator[tuple[Any, str]]:
    """Each row with its attributes: "even" and "odd" in turn, and the table's row_attrs."""
    if table.row_attrs:
        for row in table.paginated_rows:
            yield row, row.attrs.as_html()
        return
    for row in table.paginated_rows:
        yield row, 'class="odd"' if row.row_counter % 2 else 'class="even"'


def _cell_of(table: Any, bound: Any) -> Cell:
    """The column's cells: its value read by its accessor, its default when that is empty,
    else its render called with the arguments it takes, then written as the template's
    `{{ cell }}` (or `|localize`, `|unlocalize`) writes it."""
    opening = f"<td {bound.attrs['td'].as_html()}>"
    render = bound.render
    names, catch_all = signature(render)
    column, default, localize = bound.column, bound.default, bound.column.localize
    name = _plain_attribute(table, bound)
    only_value = tuple(names) == ("value",) and not catch_all and not bound.link

    def rendered(row: Any, value: Any = None, *_: Any) -> Any:
        if only_value:
            return render(value=value)
        given = {"value": value, "record": row.record, "column": column,
                 "bound_column": bound, "bound_row": row, "table": table}  # fmt: skip
        if not catch_all:
            given = {key: given[key] for key in names if key in given}
            if len(given) < len(names):
                return None
        content = render(**given)
        return bound.link(content, **given) if bound.link else content

    def cell(row: Any) -> str:
        if name is None:  # django-tables2's own way, for what the quick one does not cover
            value = row._get_and_render_with(
                bound, render_func=lambda _b, value=None: rendered(row, value), default=default
            )
        else:
            found = _attribute(row.record, name)
            value = default if found in column.empty_values else rendered(row, found)
        return f"{opening}{_text(value, localize)}</td>"

    return cell


def _value_of(table: Any, bound: Any) -> Callable[[Any], Any]:
    """The column's export value of a row, as `BoundRow.get_cell_value` gives it: the table's
    value_FOO, else its render_FOO, else the column's `value` (by default its `render`), called
    with the arguments it takes; None for an empty value."""
    column, value = bound.column, bound.value
    if getattr(value, "__func__", None) is Column.value:  # the column's own: its render's
        value = column.render
    names, catch_all = signature(value)
    name = _plain_attribute(table, bound)

    def cell_value(row: Any) -> Any:
        if name is None:  # django-tables2's own way, for what the quick one does not cover
            return row.get_cell_value(bound.name)
        found = _attribute(row.record, name)
        if found in column.empty_values:
            return None
        given = {"value": found, "record": row.record, "column": column,
                 "bound_column": bound, "bound_row": row, "table": table}  # fmt: skip
        if not catch_all:
            given = {key: given[key] for key in names if key in given}
            if len(given) < len(names):
                return None
        return value(**given)

    return cell_value


def _plain_attribute(table: Any, bound: Any) -> str | None:
    """The accessor when it is one plain attribute or key that no choices display stands in
    for (django-tables2 shows get_FOO_display() for a model field with choices)."""
    accessor = str(bound.accessor)
    if not accessor or "__" in accessor or "." in accessor or bound.link:
        return None
    model = getattr(table._meta, "model", None)
    if model is not None:
        try:
            field = model._meta.get_field(accessor)
        except FieldDoesNotExist:
            return accessor
        if getattr(field, "choices", None):
            return None
    return accessor


def _attribute(record: Any, name: str) -> Any:
    """As django_tables2.utils.Accessor.resolve reads one bit (None where it fails)."""
    try:
        value = record[name] if isinstance(record, dict) else getattr(record, name)
        if callable(value):
            if getattr(value, "alters_data", False):
                return None
            if not getattr(value, "do_not_call_in_templates", False):
                value = value()
    except Exception:
        return None
    return value


def _text(cell: Any, localize: bool | None) -> str:
    """A cell as the template's `{{ cell }}`, `{{ cell|localize }}` or `{{ cell|unlocalize }}`
    writes it."""
    kind = type(cell)
    if kind is SafeString:
        return cell  # type: ignore[no-any-return]
    if localize is None:
        if kind is str:
            return html.escape(cell)
        if kind is int:
            return _number(cell, get_language())
        return conditional_escape(formats.localize(template_localtime(cell)))
    return conditional_escape(str(formats.localize(cell, use_l10n=localize)))


@lru_cache(maxsize=4096)
def _number(value: int, language: str | None) -> str:
    """A whole number as `{{ cell }}` writes it in the reader's language (no HTML in it)."""
    return str(formats.localize(value))


@receiver(setting_changed)
def _forget_numbers(**kwargs: object) -> None:
    _number.cache_clear()
