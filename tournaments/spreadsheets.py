"""Excel files (.xlsx) of every export, for the people who open them: headers in the reader's
language and in the words of the game, numbers as numbers, dates as dates, so the file opens
cleanly in an Italian Excel or LibreOffice (a comma CSV does not: it lands in one column).

The machine CSV files (tournaments/exports.py) stay as README documents them; these are the
same rows, for reading. The first sheet holds the rows, one a line under a bold header; the
second says what the file is (club, tournament or season, dates, the game).

Text is always written as text, never as a formula: a name typed as "=Rossi" stays "=Rossi"
and runs nothing (the CSV needs a leading quote for that; a typed cell does not).

The file is written here as its XML, not cell by cell through openpyxl: a deals file of 500
pairs holds 300,000 cells, and openpyxl spends a second on every 20,000 of them. It is the
workbook openpyxl wrote (the same cells, styles, widths, frozen header and filter): texts
shared, a bold header, built-in date formats, deflated at a low level (speed over bytes).

Reading the first sheet of an uploaded workbook (`xlsx_rows`) is tournaments/xlsx_reading.py."""

import datetime
import io
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpResponse
from django.utils import timezone
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.utils import get_column_letter
from openpyxl.utils.datetime import to_excel

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


_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PACKAGE = "http://schemas.openxmlformats.org/package/2006"
_DOCUMENT = "application/vnd.openxmlformats-officedocument.spreadsheetml"
_XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
HEADER_STYLE, DATE_STYLE, DATETIME_STYLE = 1, 2, 3
"""The cell styles (`styles.xml`'s cellXfs) after the default 0: the bold header, and the
built-in formats 14 (DATE_FORMAT) and 22 (DATETIME_FORMAT)."""
_STYLES = (
    f'{_XML}<styleSheet xmlns="{_MAIN}"><fonts count="2">'
    '<font><sz val="11"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font>'
    '<font><b val="1"/><sz val="11"/><name val="Calibri"/><family val="2"/>'
    '<scheme val="minor"/></font></fonts><fills count="2"><fill><patternFill/></fill>'
    '<fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border>'
    "<left/><right/><top/><bottom/><diagonal/></border></borders>"
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>'
    '</cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" '
    'xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>'
    '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    '<xf numFmtId="22" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    '</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/>'
    "</cellStyles></styleSheet>"
)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _attribute(text: str) -> str:
    return _escape(text).replace('"', "&quot;")


class _Texts:
    """The shared texts: each one once, a cell names it by its index."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}

    def __call__(self, text: str) -> int:
        found = self.index.get(text)
        if found is None:
            found = self.index[text] = len(self.index)
        return found

    def xml(self) -> str:
        items = "".join(
            f'<si><t xml:space="preserve">{_escape(text).replace(chr(13), "&#13;")}</t></si>'
            for text in self.index
        )
        count = len(self.index)
        return f'{_XML}<sst xmlns="{_MAIN}" count="{count}" uniqueCount="{count}">{items}</sst>'


class _Rows:
    """A sheet's rows as XML, one pass a row: each cell written and its width measured at
    once. A whole number is its digits; a text is cleaned (`_cell_value`) once however often
    it comes; text is always text (a shared text, never a formula); empty cells are left out
    (the header's kept, for its style) and so are rows without a value."""

    def __init__(self, texts: _Texts, columns: int, widths: int) -> None:
        self.texts = texts
        self.letters = [get_column_letter(n) for n in range(1, columns + 1)]
        self.widths = [0] * widths
        self.cleaned: dict[str, Any] = {}

    def xml(self, values: Sequence[Any], row: int, style: int = 0) -> str:
        cells = []
        styled = f' s="{style}"' if style else ""
        letters, widths, measured = self.letters, self.widths, len(self.widths)
        for index, raw in enumerate(values):
            if type(raw) is int:  # most cells: no cleaning, no style
                text = str(raw)
                cells.append(f'<c r="{letters[index]}{row}"{styled}><v>{text}</v></c>')
                width = len(text)
            else:
                value = self._clean(raw)
                if value is None:
                    if style:
                        cells.append(f'<c r="{letters[index]}{row}"{styled}/>')
                    width = 0
                elif isinstance(value, str):
                    number = self.texts(value)
                    cells.append(f'<c r="{letters[index]}{row}"{styled} t="s"><v>{number}</v></c>')
                    width = len(value)
                elif isinstance(value, datetime.date):
                    kind = DATETIME_STYLE if isinstance(value, datetime.datetime) else DATE_STYLE
                    serial = repr(to_excel(value))
                    cells.append(f'<c r="{letters[index]}{row}" s="{kind}"><v>{serial}</v></c>')
                    width = 12
                else:
                    text = repr(value) if isinstance(value, float) else str(value)
                    cells.append(f'<c r="{letters[index]}{row}"{styled}><v>{text}</v></c>')
                    width = len(str(value))
            if index < measured and width > widths[index]:
                widths[index] = width
        if not cells:
            return ""
        return f'<row r="{row}">{"".join(cells)}</row>'

    def _clean(self, raw: Any) -> Any:
        if type(raw) is not str:
            return _cell_value(raw)
        value = self.cleaned.get(raw)
        if value is None and raw not in self.cleaned:
            value = self.cleaned[raw] = _cell_value(raw)
        return value


def _sheet_xml(spec: Sheet, texts: _Texts, first: bool) -> tuple[str, str | None]:
    """A worksheet's XML and its filter's range (None without one): the header frozen above
    the rows, each column as wide as its widest value (8 to MAX_WIDTH)."""
    header = [str(name) for name in spec.header]
    last_column = max([len(header), *(len(row) for row in spec.rows)])
    rows = _Rows(texts, last_column, len(header))
    data = [rows.xml(header, 1, HEADER_STYLE)]
    data += [rows.xml(row, number) for number, row in enumerate(spec.rows, 2)]
    last_row = max([1, *(number for number, xml in enumerate(data, 1) if xml)])
    cols = "".join(
        f'<col min="{n}" max="{n}" width="{min(max(w + 2, 8), MAX_WIDTH)}" customWidth="1"/>'
        for n, w in enumerate(rows.widths, 1)
    )
    columns = len(spec.header)
    ref = f"A1:{get_column_letter(columns)}{len(spec.rows) + 1}" if columns and spec.rows else None
    selected = ' tabSelected="1"' if first else ""
    filtered = f'<autoFilter ref="{ref}"/>' if ref else ""
    letters = rows.letters
    xml = (
        f'{_XML}<worksheet xmlns="{_MAIN}" xmlns:r="{_RELATIONSHIPS}">'
        f'<dimension ref="A1:{letters[-1] if letters else "A"}{last_row}"/>'
        f'<sheetViews><sheetView workbookViewId="0"{selected}><pane ySplit="1" '
        'topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" '
        'activeCell="A2" sqref="A2"/></sheetView></sheetViews>'
        f'<sheetFormatPr defaultRowHeight="15"/>{f"<cols>{cols}</cols>" if cols else ""}'
        f"<sheetData>{''.join(data)}</sheetData>"
        f"{filtered}"
        '<pageMargins left="0.75" right="0.75" top="1" bottom="1" header="0.5" footer="0.5"/>'
        "</worksheet>"
    )
    return xml, ref


def _titles(sheets: Sequence[Sheet]) -> list[str]:
    """Each sheet's name, one that Excel accepts and no other sheet has."""
    titles: list[str] = []
    for spec in sheets:
        title, n = sheet_title(spec.title), 0
        while (title if not n else f"{title[:30]}{n}").casefold() in map(str.casefold, titles):
            n += 1
        titles.append(title if not n else f"{title[:30]}{n}")
    return titles


def workbook_bytes(sheets: Sequence[Sheet]) -> bytes:
    """The .xlsx file of these sheets, in this order."""
    texts = _Texts()
    parts = {}
    names, filters = [], []
    for index, (spec, title) in enumerate(zip(sheets, _titles(sheets), strict=True)):
        xml, ref = _sheet_xml(spec, texts, first=index == 0)
        parts[f"xl/worksheets/sheet{index + 1}.xml"] = xml
        names.append(
            f'<sheet name="{_attribute(title)}" sheetId="{index + 1}" r:id="rId{index + 1}"/>'
        )
        if ref is not None:
            start, end = (f"${letters}${row}" for letters, row in map(_split, ref.split(":")))
            place = _escape("'" + title.replace("'", "''") + f"'!{start}:{end}")
            filters.append(
                f'<definedName name="_xlnm._FilterDatabase" localSheetId="{index}" hidden="1">'
                f"{place}</definedName>"
            )
    count = len(sheets)
    defined = f"<definedNames>{''.join(filters)}</definedNames>" if filters else ""
    parts["xl/workbook.xml"] = (
        f'{_XML}<workbook xmlns="{_MAIN}" xmlns:r="{_RELATIONSHIPS}"><workbookPr/><bookViews>'
        f'<workbookView activeTab="0"/></bookViews><sheets>{"".join(names)}</sheets>{defined}'
        '<calcPr calcId="124519" fullCalcOnLoad="1"/></workbook>'
    )
    relation = f"{_RELATIONSHIPS}/"
    links = [(f"rId{n}", "worksheet", f"worksheets/sheet{n}.xml") for n in range(1, count + 1)]
    links += [(f"rId{count + 1}", "styles", "styles.xml")]
    links += [(f"rId{count + 2}", "sharedStrings", "sharedStrings.xml")]
    parts["xl/_rels/workbook.xml.rels"] = _relationships(
        (id_, relation + kind, target) for id_, kind, target in links
    )
    parts["xl/styles.xml"] = _STYLES
    parts["xl/sharedStrings.xml"] = texts.xml()
    parts["_rels/.rels"] = _relationships(
        [("rId1", relation + "officeDocument", "xl/workbook.xml")]
    )
    overrides = [("/xl/workbook.xml", "sheet.main"), ("/xl/styles.xml", "styles"),
                 ("/xl/sharedStrings.xml", "sharedStrings")]  # fmt: skip
    overrides += [(f"/xl/worksheets/sheet{n}.xml", "worksheet") for n in range(1, count + 1)]
    types = "".join(
        f'<Override PartName="{name}" ContentType="{_DOCUMENT}.{kind}+xml"/>'
        for name, kind in overrides
    )
    parts["[Content_Types].xml"] = (
        f'{_XML}<Types xmlns="{_PACKAGE}/content-types"><Default Extension="rels" '
        'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        f'<Default Extension="xml" ContentType="application/xml"/>{types}</Types>'
    )
    stream = io.BytesIO()
    with zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as book:
        for name in FIRST_PARTS:
            book.writestr(name, parts.pop(name))
        for name, xml in parts.items():
            book.writestr(name, xml)
    return stream.getvalue()


FIRST_PARTS = (
    "[Content_Types].xml", "_rels/.rels", "xl/workbook.xml", "xl/_rels/workbook.xml.rels",
    "xl/styles.xml", "xl/sharedStrings.xml",
)  # fmt: skip
"""The parts written before the worksheets, in the order openpyxl writes them."""


def _split(reference: str) -> tuple[str, str]:
    """A cell reference's column letters and row ("X12" -> ("X", "12"))."""
    digits = reference.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    return reference[: len(reference) - len(digits)], digits


def _relationships(links: Any) -> str:
    items = "".join(
        f'<Relationship Id="{id_}" Type="{kind}" Target="{target}"/>' for id_, kind, target in links
    )
    return f'{_XML}<Relationships xmlns="{_PACKAGE}/relationships">{items}</Relationships>'


def xlsx_response(sheets: Sequence[Sheet], filename: str) -> HttpResponse:
    response = HttpResponse(workbook_bytes(sheets), content_type=XLSX_CONTENT_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
