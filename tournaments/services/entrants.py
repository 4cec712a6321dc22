"""Entering a tournament's pairs from a file: a CSV (comma, semicolon or tab; UTF-8 with or
without a byte-order mark, or the Windows encoding an Italian Excel saves in) or an Excel
workbook (.xlsx, its first sheet), one pair a row.

Each player has a first name, a surname and optionally a federation card number (tessera).
A header row is recognised in Italian, English, Spanish, Portuguese and German ("Nome 1",
"Cognome 1", "Tessera 1", "first_name_2", "player_one_last_name" as the federation file
writes it, …); columns it does not know (a club, a note) are left aside. Without a header the
columns are read by their count: per player a full name, or first name and surname, or first
name, surname and card number. Every problem is named by row and column, and nothing is saved
when any row is wrong; the pairs then go through the same service as typed ones
(`pairs.entrants_add`).

A file is read row by row and in bounded time and memory whatever it holds: rows without a
value are skipped however many there are, the reading stops past the rows of PAIR_LINES pairs
and a header, and a value past the first FILE_COLUMNS columns stops it too (rules/limits.py);
a workbook is read by `xlsx_reading.xlsx_rows`, which trusts nothing the file declares.
"""

import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Pair, Tournament
from tournaments.rules import limits
from tournaments.rules.entrant_texts import shape_text
from tournaments.rules.shapes import players_per_entrant
from tournaments.selectors.access import User
from tournaments.services.errors import ServiceError
from tournaments.services.pairs import Entrant, Person, entrants_add
from tournaments.services.table_files import cell_text, csv_rows, unreadable
from tournaments.xlsx_reading import CellTooFar, NotAWorkbook, TooLarge, xlsx_rows

FILE_BYTES = 1_000_000
"""The largest file read: a thousand pairs take a tenth of it."""
MOST_ROWS = limits.PAIR_LINES + 1
"""The rows with a value read at most: the pairs a file may enter, and a header."""

Rows = Mapping[int, Sequence[str]]
"""A file's rows that hold a value, by their number in the file (1 the first), as text cells."""

FIRST, LAST, CARD, FULL = "first", "last", "card", "full"
_FIELD_WORDS = {
    CARD: {"card", "tessera", "tesserino", "licencia", "licenca", "carteira", "lizenz",
           "ausweis", "mitgliedsnummer", "membership", "fibur", "matricola"},
    LAST: {"last", "surname", "family", "cognome", "apellido", "apellidos", "nachname",
           "familienname", "sobrenome"},
    FIRST: {"first", "given", "forename", "vorname", "prenom"},
    FULL: {"name", "nome", "nombre", "player", "giocatore", "giocatrice", "jugador", "jugadora",
           "spieler", "spielerin", "jogador", "jogadora", "nominativo", "names"},
}  # fmt: skip
_INDEX_WORDS = {
    1: {"1", "one", "uno", "primo", "prima", "eins", "um", "a"},
    2: {"2", "two", "due", "secondo", "seconda", "dos", "zwei", "dois", "b"},
}


@dataclass(frozen=True)
class Column:
    index: int
    """0-based position in the row."""
    label: str
    """How a message names it: its header, else its letter (A, B, …)."""
    player: int
    field: str


def _letter(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def _tokens(header: str) -> list[str]:
    plain = unicodedata.normalize("NFKD", header).encode("ascii", "ignore").decode().lower()
    return re.findall(r"[a-z]+|\d+", plain)


def _read_header(cells: Sequence[str], per_pair: int) -> list[Column] | None:
    """The columns a header row names, or None when the row is no header."""
    found: list[tuple[int, str, int | None, str]] = []
    for index, cell in enumerate(cells):
        tokens = _tokens(cell)
        player = next((n for n, words in _INDEX_WORDS.items() if words & set(tokens)), None)
        rest = {t for t in tokens if not any(t in words for words in _INDEX_WORDS.values())}
        field = next((f for f, words in _FIELD_WORDS.items() if words & rest), None)
        if field is not None:
            found.append((index, cell.strip(), player, field))
    if not any(field in (LAST, FULL) for *_, field in found):
        return None
    columns: list[Column] = []
    seen: dict[str, int] = {}
    for index, label, player, field in found:
        if player is None:  # the first of a kind is player 1's, the next player 2's
            seen[field] = seen.get(field, 0) + 1
            player = seen[field]
        if player <= per_pair:
            columns.append(Column(index, label, player, field))
    for player in range(1, per_pair + 1):
        fields = {c.field for c in columns if c.player == player}
        if LAST in fields:  # "Nome" beside "Cognome" is the first name
            columns = [
                Column(c.index, c.label, c.player, FIRST)
                if c.player == player and c.field == FULL
                else c
                for c in columns
            ]
    return columns


_BY_COUNT = {
    # columns without a header, per player: full name; first, last; first, last, card
    1: (FULL,),
    2: (FIRST, LAST),
    3: (FIRST, LAST, CARD),
}


def _positional(count: int, per_pair: int) -> list[Column] | None:
    if count % per_pair or count // per_pair not in _BY_COUNT:
        return None
    fields = _BY_COUNT[count // per_pair]
    return [
        Column(player * len(fields) + k, _letter(player * len(fields) + k), player + 1, field)
        for player in range(per_pair)
        for k, field in enumerate(fields)
    ]


def read_rows(content: bytes, *, individual: bool = False) -> Rows:
    """The rows of a file holding a value: an .xlsx's first sheet, or a CSV (`individual`: its
    refusals name players)."""
    if len(content) > FILE_BYTES:
        raise ServiceError(
            _("The file is larger than %(most)s kB: is it the right one?")
            % {"most": FILE_BYTES // 1000}
        )
    if content.startswith(b"PK\x03\x04"):
        return _kept(_xlsx_rows(content, individual), individual)
    if content.startswith(b"\xd0\xcf\x11\xe0"):
        raise ServiceError(
            _("This is an old Excel file (.xls): save it as .xlsx or as CSV and upload it again.")
        )
    return _kept(_csv_rows(content, individual), individual)


def _kept(rows: Iterable[tuple[int, list[str]]], individual: bool) -> dict[int, list[str]]:
    """The rows holding a value, read no further than one past MOST_ROWS."""
    kept: dict[int, list[str]] = {}
    for number, cells in rows:
        if not any(cells):
            continue
        if len(kept) == MOST_ROWS:
            raise ServiceError(
                shape_text(individual, "file_too_long", most=limits.PAIR_LINES, rows=MOST_ROWS)
            )
        kept[number] = cells
    return kept


def _too_far(row: int, column: int, individual: bool) -> ServiceError:
    return ServiceError(
        shape_text(
            individual,
            "file_too_wide",
            row=row,
            column=_letter(column - 1),
            most=limits.FILE_COLUMNS,
            last=_letter(limits.FILE_COLUMNS - 1),
        )
    )


def _csv_rows(content: bytes, individual: bool) -> Iterator[tuple[int, list[str]]]:
    for number, row in csv_rows(content):
        if not "".join(row).strip():  # a blank line (or a million): nothing to keep
            continue
        if len(row) > limits.FILE_COLUMNS:
            far = next(
                (n for n, c in enumerate(row) if n >= limits.FILE_COLUMNS and c.strip()), None
            )
            if far is not None:
                raise _too_far(number, far + 1, individual)
            row = row[: limits.FILE_COLUMNS]
        yield number, [cell_text(cell) for cell in row]


def _xlsx_rows(content: bytes, individual: bool) -> Iterator[tuple[int, list[str]]]:
    try:
        for number, values in xlsx_rows(content, most_columns=limits.FILE_COLUMNS):
            yield number, [cell_text(value) for value in values]
    except CellTooFar as far:
        raise _too_far(far.row, far.column, individual) from None
    except TooLarge:
        raise ServiceError(shape_text(individual, "file_too_large")) from None
    except NotAWorkbook:
        raise unreadable() from None


def parse_entrants(
    rows: Rows | Sequence[Sequence[str]], *, per_pair: int, individual: bool = False
) -> list[Entrant]:
    """The pairs of a file's rows (by their numbers, or in order from row 1); ServiceError
    naming each wrong row and column, in an individual tournament's words if `individual`."""
    pairs = rows.items() if isinstance(rows, Mapping) else enumerate(rows, 1)
    numbered = [(n, list(row)) for n, row in pairs if any(c.strip() for c in row)]
    if not numbered:
        raise ServiceError(shape_text(individual, "file_empty"))
    columns = _read_header(numbered[0][1], per_pair)
    if columns is not None:
        numbered = numbered[1:]
    else:
        width = max(len([c for c in row if c.strip()]) for _n, row in numbered)
        columns = _positional(width, per_pair)
        if columns is None:
            raise ServiceError(
                _(
                    "The first row is not a header we recognise and the rows have %(count)s "
                    "columns. Start the file with a header such as: %(header)s."
                )
                % {"count": width, "header": _example_header(per_pair)}
            )
    missing = [
        player
        for player in range(1, per_pair + 1)
        if not {c.field for c in columns if c.player == player} & {LAST, FULL}
    ]
    if missing:
        raise ServiceError(
            _("The header has no surname for player %(player)s. Start the file with: %(header)s.")
            % {"player": missing[0], "header": _example_header(per_pair)}
        )
    if len(numbered) > limits.PAIR_LINES:
        raise ServiceError(
            shape_text(individual, "file_too_many", most=limits.PAIR_LINES, rows=len(numbered))
        )
    entrants, problems = [], []
    for number, row in numbered:
        people, row_problems = _row_people(number, row, columns, per_pair)
        problems += row_problems
        if not row_problems:
            entrants.append(Entrant(tuple(people), _("Row %(row)s") % {"row": number}))
    if problems:
        raise ServiceError(*problems)
    if not entrants:
        raise ServiceError(shape_text(individual, "file_no_entrant"))
    return entrants


def _example_header(per_pair: int) -> str:
    names = [_("First name"), _("Surname"), _("Card number")]
    return "; ".join(f"{name} {n}" for n in range(1, per_pair + 1) for name in names)


def _row_people(
    number: int, row: list[str], columns: list[Column], per_pair: int
) -> tuple[list[Person], list[str]]:
    people, problems = [], []
    for player in range(1, per_pair + 1):
        values: dict[str, str] = {}
        labels: dict[str, str] = {}
        for column in columns:
            if column.player == player:
                values[column.field] = row[column.index] if column.index < len(row) else ""
                labels[column.field] = column.label
        first, last = values.get(FIRST, ""), values.get(LAST, "")
        if FULL in values:
            words = values[FULL].split()
            first, last = (" ".join(words[:-1]), words[-1]) if words else ("", "")
        where = {"row": number, "column": labels.get(LAST) or labels.get(FULL)}
        if not last:
            problems.append(
                _("Row %(row)s, column %(column)s: the surname of player %(player)s is empty.")
                % {**where, "player": player}
            )
            continue
        too_long = [
            f for f, part in ((FIRST, first), (LAST, last)) if len(part) > limits.NAME_LENGTH
        ]
        if too_long:
            problems.append(
                _(
                    "Row %(row)s, column %(column)s: a first name or surname has at most "
                    "%(most)s letters."
                )
                % {
                    "row": number,
                    "column": labels.get(FULL) or labels[too_long[0]],
                    "most": limits.NAME_LENGTH,
                }
            )
        card = values.get(CARD, "")
        if len(card) > limits.CARD_LENGTH:
            problems.append(
                _("Row %(row)s, column %(column)s: a card number has at most %(most)s characters.")
                % {"row": number, "column": labels[CARD], "most": limits.CARD_LENGTH}
            )
        people.append(Person(first, last, card))
    return people, problems


@transaction.atomic
def entrants_import(
    *, tournament: Tournament, content: bytes, filename: str = "", user: User | None = None
) -> list[Pair]:
    """Enter the pairs of an uploaded file (see the module's docstring)."""
    per_pair = players_per_entrant(
        tournament, one_player_sides=tournament.rules.one_player_sides_only
    )
    individual = tournament.is_individual
    rows = read_rows(content, individual=individual)
    entrants = parse_entrants(rows, per_pair=per_pair, individual=individual)
    return entrants_add(tournament=tournament, entrants=entrants, user=user, source=filename[:100])
