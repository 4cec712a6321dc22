"""Excel files (.xlsx) of every export, for the people who open them: headers in the reader's
language and in the words of the game, numbers as numbers, dates as dates, so the file opens
cleanly in an Italian Excel or LibreOffice (a comma CSV does not: it lands in one column).

The machine CSV files (tournaments/exports.py) stay as README documents them; these are the
same rows, for reading. The first sheet holds the rows, one a line under a bold header; the
second says what the file is (club, tournament or season, dates, the game).

Text is always written as text, never as a formula: a name typed as "=Rossi" stays "=Rossi"
and runs nothing (the CSV needs a leading quote for that; a typed cell does not)."""

import datetime
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpResponse
from django.utils import timezone
from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
DATE_FORMAT = "mm-dd-yy"
"""Excel's built-in short date (number format 14), which Excel and LibreOffice show as the
reader's own system writes a date: 17/11/2026 in Italy, 11/17/2026 in the United States."""
DATETIME_FORMAT = "m/d/yy h:mm"
"""Built-in format 22, the short date and time, likewise shown in the reader's own order."""
TITLE_FORBIDDEN = str.maketrans({c: " " for c in "[]:*?/\\"})
MAX_WIDTH = 50


@dataclass(frozen=True)
class Sheet:
    """One worksheet: a title, a header row and the rows under it."""

    title: str
    header: Sequence[str]
    rows: Sequence[Sequence[Any]] = field(default_factory=list)


def sheet_title(title: str) -> str:
    """A worksheet name Excel accepts: no [ ] : * ? / \\, at most 31 characters."""
    return str(title).translate(TITLE_FORBIDDEN).strip()[:31] or "Sheet"


def _cell_value(value: Any) -> Any:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, datetime.datetime):
        if timezone.is_aware(value):
            value = timezone.localtime(value)
        return value.replace(tzinfo=None, microsecond=0)
    if isinstance(value, int | float | datetime.date):
        return value
    return ILLEGAL_CHARACTERS_RE.sub("", str(value))


def _write_row(sheet: Worksheet, row_number: int, values: Iterable[Any]) -> None:
    for column, raw in enumerate(values, 1):
        value = _cell_value(raw)
        cell = sheet.cell(row=row_number, column=column, value=value)
        if isinstance(value, str):
            cell.data_type = "s"  # text, even "=Rossi": openpyxl would make that a formula
        elif isinstance(value, datetime.datetime):
            cell.number_format = DATETIME_FORMAT
        elif isinstance(value, datetime.date):
            cell.number_format = DATE_FORMAT


def _width(value: Any) -> int:
    if isinstance(value, datetime.date):
        return 12
    return len(str(value)) if value is not None else 0


def _fill(sheet: Worksheet, spec: Sheet) -> None:
    sheet.title = sheet_title(spec.title)
    _write_row(sheet, 1, (str(name) for name in spec.header))
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for number, row in enumerate(spec.rows, 2):
        _write_row(sheet, number, row)
    sheet.freeze_panes = "A2"
    columns = len(spec.header)
    if columns and spec.rows:
        sheet.auto_filter.ref = f"A1:{get_column_letter(columns)}{len(spec.rows) + 1}"
    for index in range(1, columns + 1):
        letter = get_column_letter(index)
        widest = max((_width(cell.value) for cell in sheet[letter]), default=0)
        sheet.column_dimensions[letter].width = min(max(widest + 2, 8), MAX_WIDTH)


def workbook_bytes(sheets: Sequence[Sheet]) -> bytes:
    """The .xlsx file of these sheets, in this order."""
    book = Workbook()
    first = book.active
    assert first is not None
    for index, spec in enumerate(sheets):
        _fill(first if index == 0 else book.create_sheet(), spec)
    stream = io.BytesIO()
    book.save(stream)
    return stream.getvalue()


def xlsx_response(sheets: Sequence[Sheet], filename: str) -> HttpResponse:
    response = HttpResponse(workbook_bytes(sheets), content_type=XLSX_CONTENT_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
