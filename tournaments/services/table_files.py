"""What every uploaded table (the entrants' file, the federation's member list) is read with: a
CSV's text and rows (UTF-8 or a Windows code page; its separator, ";", "," or a tab, guessed
from the first line that holds anything), a cell as one line of text, and the refusal of a
file that is neither a CSV nor an .xlsx. Each reader keeps its own checks and words on top."""

import csv
import io
import re
from collections.abc import Iterator

from django.utils.translation import gettext as _

from tournaments.services.errors import ServiceError


def unreadable() -> ServiceError:
    return ServiceError(_("This file cannot be read as a CSV or an Excel (.xlsx) file."))


def cell_text(value: object) -> str:
    """A cell as one line of text ("" for an empty one)."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # a card number typed in Excel comes back as 12345.0
    return " ".join(str(value).split())


def first_line(text: str) -> str:
    """The first line that holds anything (found at C speed past a million blank ones)."""
    found = re.search(r"\S", text)
    if found is None:
        return ""
    start = max(text.rfind("\n", 0, found.start()), text.rfind("\r", 0, found.start())) + 1
    ends = [end for end in (text.find("\n", start), text.find("\r", start)) if end >= 0]
    return text[start : min(ends, default=len(text))]


def csv_rows(content: bytes) -> Iterator[tuple[int, list[str]]]:
    """(line number, raw cells) of a CSV file; `unreadable()` for a binary file or a row the
    csv module cannot read (a quoted cell of more than 128 kB, say)."""
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = content.decode("cp1252", errors="replace")
    if "\x00" in text:
        raise unreadable()
    delimiter = max(";,\t", key=first_line(text).count)
    try:
        yield from enumerate(csv.reader(io.StringIO(text), delimiter=delimiter), 1)
    except csv.Error:
        raise unreadable() from None
