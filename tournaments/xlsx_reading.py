"""Reading the first sheet of an uploaded workbook (`xlsx_rows`, for the pairs' file), row by
row as its XML comes, in bounded time and memory whatever the file claims: the sheet's declared
size is not read (a 1.6 KB file may declare A1:XFD6000), no part is unpacked past
XLSX_PART_BYTES (a zip bomb), rows without a value are skipped however many there are, a value
past the columns asked for stops the reading, and the caller stops it after the rows it needs.
No DTD is read, so no entity can grow inside it. (Writing is tournaments/spreadsheets.py.)"""

import io
import posixpath
import zipfile
import zlib
from collections.abc import Callable, Iterator, Sequence
from xml.parsers import expat

XLSX_PART_BYTES = 4_000_000
"""The most one part of an uploaded workbook (its first sheet, its shared texts, its lists) may
unpack to: a sheet of a thousand pairs takes a tenth of it."""
XLSX_ELEMENTS = 300_000
"""The most XML elements read in all: what a sheet of 500 pairs in 50 columns and its texts
hold, three times over. Each costs about a microsecond, so no file takes half a second, not
one of a million empty rows."""
_CHUNK = 64 * 1024
_OFFICE_DOCUMENT = "/officeDocument"
_SHARED_STRINGS = "/sharedStrings"


class WorkbookError(Exception):
    """Why an uploaded workbook is not read (see the subclasses)."""


class NotAWorkbook(WorkbookError):
    """Not an .xlsx workbook, a damaged one, or one in a form this reader does not take."""


class TooLarge(WorkbookError):
    """A part of it unpacks to more than XLSX_PART_BYTES, or it holds more than XLSX_ELEMENTS."""


class CellTooFar(WorkbookError):
    """A value in a column past the ones the reader was asked for."""

    def __init__(self, row: int, column: int) -> None:
        super().__init__(row, column)
        self.row, self.column = row, column


def _local(name: str) -> str:
    """An element's or attribute's name without its namespace ("uri row" -> "row")."""
    return name.rpartition(" ")[2]


def _column(reference: str) -> int:
    """The column of a cell reference, 1 for A ("XFD6000" -> 16384); 0 when it has none."""
    number = 0
    for letter in reference:
        if not "A" <= letter <= "Z":
            break
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


class _Workbook:
    """The parts of one workbook, each read as XML a chunk at a time by handlers that count
    the elements against XLSX_ELEMENTS."""

    def __init__(self, book: zipfile.ZipFile) -> None:
        self.book = book
        self.elements = XLSX_ELEMENTS

    def counted(self) -> None:
        self.elements -= 1
        if self.elements < 0:
            raise TooLarge("elements")

    def parts(self, name: str) -> Iterator[bytes]:
        """A part unpacked a chunk at a time, refused when it claims or turns out to hold
        more than XLSX_PART_BYTES."""
        try:
            info = self.book.getinfo(name)
        except KeyError:
            raise NotAWorkbook(f"no part {name}") from None
        if info.file_size > XLSX_PART_BYTES:
            raise TooLarge(name)
        read = 0
        with self.book.open(info) as part:
            while chunk := part.read(_CHUNK):
                read += len(chunk)
                if read > XLSX_PART_BYTES:
                    raise TooLarge(name)
                yield chunk

    def parse(
        self,
        name: str,
        start: Callable[[str, dict[str, str]], None],
        end: Callable[[str], None] | None = None,
        text: Callable[[str], None] | None = None,
    ) -> Iterator[None]:
        """Feed the part to a parser with these handlers, pausing after each chunk. The
        parser reads UTF-8 and refuses a DTD (where entities that grow without end would be
        declared)."""
        parser = expat.ParserCreate("utf-8", namespace_separator=" ")
        parser.buffer_text = True

        def no_dtd(*_args: object) -> None:
            raise NotAWorkbook("a DTD")

        parser.StartDoctypeDeclHandler = parser.EntityDeclHandler = no_dtd
        parser.StartElementHandler = start
        if end is not None:
            parser.EndElementHandler = end
        if text is not None:
            parser.CharacterDataHandler = text
        try:
            for chunk in self.parts(name):
                parser.Parse(chunk, False)
                yield
            parser.Parse(b"", True)
        except expat.ExpatError:
            raise NotAWorkbook("not XML") from None
        yield

    def relationships(self, name: str) -> dict[str, tuple[str, str]]:
        """A part's relationships: id -> (type, the target's name in the zip)."""
        folder, base = posixpath.split(name)
        found: dict[str, tuple[str, str]] = {}

        def start(tag: str, attrs: dict[str, str]) -> None:
            self.counted()
            if _local(tag) == "Relationship" and "Id" in attrs and "Target" in attrs:
                target = attrs["Target"]
                path = target[1:] if target.startswith("/") else posixpath.join(folder, target)
                found[attrs["Id"]] = (attrs.get("Type", ""), posixpath.normpath(path))

        for _ in self.parse(posixpath.join(folder, "_rels", base + ".rels"), start):
            pass
        return found

    def first_sheet(self) -> tuple[str, str | None]:
        """The names in the zip of the first sheet and of the shared texts, if any."""
        workbook = next(
            (target for kind, target in self.relationships("").values()
             if kind.endswith(_OFFICE_DOCUMENT)),
            "xl/workbook.xml",
        )  # fmt: skip
        sheets: list[str] = []

        def start(tag: str, attrs: dict[str, str]) -> None:
            self.counted()
            if _local(tag) == "sheet":  # its relationship: the attribute r:id
                sheets.extend(v for k, v in attrs.items() if " " in k and _local(k) == "id")

        for _ in self.parse(workbook, start):
            if sheets:
                break
        related = self.relationships(workbook)
        if not sheets or sheets[0] not in related:
            raise NotAWorkbook("no sheet")
        shared = next((t for kind, t in related.values() if kind.endswith(_SHARED_STRINGS)), None)
        return related[sheets[0]][1], shared

    def shared_strings(self, name: str | None) -> list[str]:
        """The shared texts, in order (a cell of type "s" names one by its index)."""
        if name is None or name not in self.book.NameToInfo:
            return []
        strings: list[str] = []
        parts: list[str] = []
        state = {"text": False, "phonetic": 0}

        def start(tag: str, _attrs: dict[str, str]) -> None:
            self.counted()
            local = _local(tag)
            if local == "si":
                parts.clear()
            elif local == "rPh":  # a reading aid for Japanese names: not part of the text
                state["phonetic"] += 1
            elif local == "t" and not state["phonetic"]:
                state["text"] = True

        def end(tag: str) -> None:
            local = _local(tag)
            if local == "si":
                strings.append("".join(parts))
            elif local == "rPh":
                state["phonetic"] -= 1
            elif local == "t":
                state["text"] = False

        def text(data: str) -> None:
            if state["text"]:
                parts.append(data)

        for _ in self.parse(name, start, end, text):
            pass
        return strings


class _SheetRows:
    """The handlers that turn a sheet's XML into rows: (row number, the values from column A
    to the last one holding a value), for the rows that hold one. They run once an element,
    so they are kept short: a name's local part is looked up once, then found in `names`."""

    def __init__(self, workbook: _Workbook, strings: Sequence[str], most_columns: int) -> None:
        self.workbook, self.strings, self.most_columns = workbook, strings, most_columns
        self.names: dict[str, str] = {}
        self.ready: list[tuple[int, list[object]]] = []
        self.row, self.column, self.kind = 0, 0, "n"
        self.cells: dict[int, object] = {}
        self.parts: list[str] = []
        self.reading = False
        self.phonetic = 0

    def _name(self, tag: str) -> str:
        local = self.names.get(tag)
        if local is None:
            local = self.names[tag] = _local(tag)
        return local

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        workbook = self.workbook
        workbook.elements -= 1
        if workbook.elements < 0:
            raise TooLarge("elements")
        local = self._name(tag)
        if local == "c":
            self.column = _column(attrs.get("r", "")) or self.column + 1
            self.kind = attrs.get("t", "n")
            self.parts.clear()
        elif local == "row":
            number = attrs.get("r", "")
            self.row = int(number) if number.isdigit() and len(number) < 9 else self.row + 1
            self.cells, self.column = {}, 0
        elif local == "rPh":
            self.phonetic += 1
        elif local in ("v", "t") and not self.phonetic:
            self.reading = True

    def text(self, data: str) -> None:
        if self.reading:
            self.parts.append(data)

    def end(self, tag: str) -> None:
        local = self._name(tag)
        if local in ("v", "t"):
            self.reading = False
        elif local == "rPh":
            self.phonetic -= 1
        elif local == "c":
            value = self._value("".join(self.parts))
            if value is not None and value != "":
                if self.column > self.most_columns:
                    raise CellTooFar(self.row, self.column)
                self.cells[self.column] = value
        elif local == "row" and self.cells:
            last = max(self.cells)
            self.ready.append((self.row, [self.cells.get(n) for n in range(1, last + 1)]))

    def _value(self, text: str) -> object:
        if self.kind == "s":
            try:
                return self.strings[int(text)]
            except (ValueError, IndexError):
                raise NotAWorkbook("a shared text that is not there") from None
        if self.kind in ("inlineStr", "str", "e", "d"):
            return text
        if not text:
            return None
        if self.kind == "b":
            return text.strip() == "1"
        try:
            return int(text)
        except ValueError:
            pass
        try:
            return float(text)
        except ValueError:
            raise NotAWorkbook("a number that is none") from None


def xlsx_rows(content: bytes, *, most_columns: int) -> Iterator[tuple[int, list[object]]]:
    """The rows of an .xlsx workbook's first sheet that hold a value, as (row number, values
    from column A on: text, numbers, None for an empty cell), streamed: the caller stops
    reading when it has enough. Raises NotAWorkbook, TooLarge, or CellTooFar for a value past
    `most_columns`."""
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as book:
            workbook = _Workbook(book)
            sheet, shared = workbook.first_sheet()
            rows = _SheetRows(workbook, workbook.shared_strings(shared), most_columns)
            for _ in workbook.parse(sheet, rows.start, rows.end, rows.text):
                yield from rows.ready
                rows.ready.clear()
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError):
        # damaged, or packed or locked in a way zipfile does not read (a password)
        raise NotAWorkbook("not a zip file") from None
    except (OSError, ValueError, OverflowError) as error:
        raise NotAWorkbook(str(error)) from None
