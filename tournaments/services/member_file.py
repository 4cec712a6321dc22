"""Reading the federation's member list a club uploads: a CSV (comma, semicolon or tab; UTF-8
or the Windows encoding an Italian Excel saves in) or an Excel workbook (.xlsx, first sheet),
one member a row under a header in English or Italian:

    card_number / tessera, last_name / cognome, first_name / nome,
    birth_year / anno_nascita, club / circolo, valid_until / scadenza

(card and surname are needed; the others may be missing; other columns are left aside). Dates
are YYYY-MM-DD or DD/MM/YYYY (or an Excel date). Every wrong value is named by its line and its
column's header; `MemberRow`s come back only when none is wrong."""

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.rules import limits
from tournaments.services.errors import ServiceError
from tournaments.services.table_files import cell_text, csv_rows, unreadable
from tournaments.xlsx_reading import CellTooFar, NotAWorkbook, TooLarge, xlsx_rows

MEMBER_FILE_BYTES = 8_000_000
"""The largest list read: 20,000 members in CSV take a fifth of it."""
MEMBER_ROWS = 20_000
"""The most members a list may hold: a region's federation list, several times over."""
SHOWN_PROBLEMS = 20
"""The wrong values named one by one; past them, how many more."""

CARD, LAST, FIRST, BORN, CLUB, UNTIL = "card", "last", "first", "born", "club", "until"
_HEADERS = {
    CARD: {"card", "cardnumber", "card_number", "tessera", "numerotessera", "ntessera"},
    LAST: {"last", "lastname", "last_name", "surname", "cognome"},
    FIRST: {"first", "firstname", "first_name", "nome"},
    BORN: {"birthyear", "birth_year", "yearofbirth", "annonascita", "anno_nascita",
           "annodinascita"},
    CLUB: {"club", "circolo", "memberclub", "member_club", "societa", "associazione"},
    UNTIL: {"validuntil", "valid_until", "scadenza", "expires", "expiry", "datascadenza",
            "validita"},
}  # fmt: skip


@dataclass(frozen=True)
class MemberRow:
    card_number: str
    last_name: str
    first_name: str
    birth_year: int | None
    member_club: str
    valid_until: date | None


def _key(header: str) -> str:
    plain = unicodedata.normalize("NFKD", header).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z_]", "", plain.replace(" ", "").replace(".", ""))


def _field(header: str) -> str | None:
    key = _key(header)
    found = next((f for f, words in _HEADERS.items() if key in words), None)
    if found is None:
        found = next((f for f, words in _HEADERS.items() if key.replace("_", "") in words), None)
    return found


def _csv_rows(content: bytes) -> Iterator[tuple[int, list[str]]]:
    for number, row in csv_rows(content):
        yield number, [cell_text(cell) for cell in row[: limits.FILE_COLUMNS]]


def _xlsx_rows(content: bytes) -> Iterator[tuple[int, list[str]]]:
    try:
        for number, values in xlsx_rows(content, most_columns=limits.FILE_COLUMNS):
            yield number, [cell_text(value) for value in values]
    except CellTooFar as far:
        raise ServiceError(
            _(
                "Line %(line)s: the list is read in its first %(most)s columns. "
                "Is it the right file?"
            )
            % {"line": far.row, "most": limits.FILE_COLUMNS}
        ) from None
    except TooLarge:
        raise _too_many() from None
    except NotAWorkbook:
        raise unreadable() from None


def _too_many() -> ServiceError:
    return ServiceError(
        _(
            "The list may hold at most %(most)s members: save your region's part of it "
            "and upload that."
        )
        % {"most": MEMBER_ROWS}
    )


def _rows(content: bytes) -> list[tuple[int, list[str]]]:
    if len(content) > MEMBER_FILE_BYTES:
        raise ServiceError(
            _("The file is larger than %(most)s MB: is it the right one?")
            % {"most": MEMBER_FILE_BYTES // 1_000_000}
        )
    if content.startswith(b"\xd0\xcf\x11\xe0"):
        raise ServiceError(
            _("This is an old Excel file (.xls): save it as .xlsx or as CSV and upload it again.")
        )
    rows = _xlsx_rows(content) if content.startswith(b"PK\x03\x04") else _csv_rows(content)
    kept: list[tuple[int, list[str]]] = []
    for number, cells in rows:
        if any(cells):
            if len(kept) > MEMBER_ROWS:
                raise _too_many()
            kept.append((number, cells))
    return kept


_ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T][\d:.]*)?")
_ITALIAN = re.compile(r"(\d{1,2})[/.](\d{1,2})[/.](\d{4})")
_EXCEL_EPOCH = date(1899, 12, 30)


def read_date(text: str) -> date | None:
    """A date as lists write it (2025-12-31, 31/12/2025, an Excel date's number); None when
    it is none of these."""
    try:
        if found := _ISO.fullmatch(text):
            year, month, day = (int(part) for part in found.groups())
            return date(year, month, day)
        if found := _ITALIAN.fullmatch(text):
            day, month, year = (int(part) for part in found.groups())
            return date(year, month, day)
        if text.isdigit() and 20_000 <= int(text) <= 80_000:  # an Excel date: 46022 is 2025-12-31
            return _EXCEL_EPOCH + timedelta(days=int(text))
    except ValueError:  # 31/02/2025
        return None
    return None


def member_rows(content: bytes, *, today: date) -> list[MemberRow]:
    """The members of an uploaded list; ServiceError naming every wrong line and column."""
    rows = _rows(content)
    if not rows:
        raise ServiceError(_("The file is empty: write one member a row, under a header."))
    header_line, header = rows[0]
    columns: dict[str, tuple[int, str]] = {}
    for index, label in enumerate(header):
        field = _field(label)
        if field is not None and field not in columns:
            columns[field] = (index, label)
    if CARD not in columns or LAST not in columns:
        raise ServiceError(
            _(
                "Line %(line)s is not a header with the card number and the surname. Start the "
                "file with: %(header)s (or in Italian: %(italian)s)."
            )
            % {
                "line": header_line,
                "header": "card_number; last_name; first_name; birth_year; club; valid_until",
                "italian": "tessera; cognome; nome; anno_nascita; circolo; scadenza",
            }
        )
    problems: list[str] = []
    members: list[MemberRow] = []
    seen: dict[str, int] = {}

    def value(cells: list[str], field: str) -> str:
        index = columns[field][0] if field in columns else -1
        return cells[index] if 0 <= index < len(cells) else ""

    def wrong(line: int, field: str, text: str) -> None:
        problems.append(
            _("Line %(line)s, column %(column)s: %(problem)s")
            % {"line": line, "column": columns[field][1], "problem": text}
        )

    for line, cells in rows[1:]:
        card, last, first = (value(cells, f) for f in (CARD, LAST, FIRST))
        born_text, club, until_text = (value(cells, f) for f in (BORN, CLUB, UNTIL))
        before = len(problems)
        if not card:
            wrong(line, CARD, _("the card number is missing."))
        elif len(card) > limits.CARD_LENGTH:
            wrong(
                line,
                CARD,
                _("a card number has at most %(most)s characters.") % {"most": limits.CARD_LENGTH},
            )
        elif card in seen:
            wrong(
                line,
                CARD,
                _("card %(card)s is already on line %(other)s.")
                % {"card": card, "other": seen[card]},
            )
        if not last:
            wrong(line, LAST, _("the surname is missing."))
        for field, text in ((LAST, last), (FIRST, first)):
            if len(text) > limits.NAME_LENGTH:
                wrong(
                    line,
                    field,
                    _("a name has at most %(most)s letters.") % {"most": limits.NAME_LENGTH},
                )
        born = None
        if born_text:
            born = int(born_text) if born_text.isdigit() else None
            if born is None or not 1900 <= born <= today.year:
                wrong(
                    line,
                    BORN,
                    _("“%(value)s” is not a year of birth: write it as 1950.")
                    % {"value": born_text[:20]},
                )
        if len(club) > 120:
            wrong(line, CLUB, _("a club's name has at most %(most)s letters.") % {"most": 120})
        until = read_date(until_text) if until_text else None
        if until_text and until is None:
            wrong(
                line,
                UNTIL,
                _("“%(value)s” is not a date: write it as 2025-12-31 or 31/12/2025.")
                % {"value": until_text[:20]},
            )
        if card:
            seen.setdefault(card, line)
        if len(problems) == before:
            members.append(MemberRow(card, last, first, born, club, until))
    if problems:
        shown = problems[:SHOWN_PROBLEMS]
        if len(problems) > SHOWN_PROBLEMS:
            more = len(problems) - SHOWN_PROBLEMS
            shown.append(
                ngettext(
                    "… and %(count)s more to correct.", "… and %(count)s more to correct.", more
                )
                % {"count": more}
            )
        raise ServiceError(*shown, _("Nothing was saved: correct the file and upload it again."))
    if not members:
        raise ServiceError(_("The file has a header but no member: write one member a row."))
    return members
