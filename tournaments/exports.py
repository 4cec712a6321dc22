"""CSV exports for the federation and the club's records: the rows, the stable column names and
the escaping that keeps a spreadsheet from running a cell as a formula.

Two ways in, one way out. A listing that a page shows as a django-tables2 table (the standings,
the season rankings) is exported from that very table with `table_csv_response`, a
`TableExport` whose header row is the columns' stable snake_case names; the deal results, which
no page lists, are rows built here by `deal_result_rows` from the deal sides the selectors
read. Both go through
`escape_cell`: a text cell that starts with = + - @ (or a tab or carriage return) is prefixed
with a single quote, while numbers stay numbers (a total of -120 is written -120). A spreadsheet
may also cut a cell where the file does not: an Italian, German or French Excel splits a comma
file's lines at every semicolon, and an import may split at a tab or a bar. So a formula after
any such separator inside a cell gets the quote too ("Semi Rossi;=1+1" is written
"Semi Rossi;'=1+1"), and a cell holding one is written between double quotes (`csv_line`).

The column names are documented in README.md ("Exports"): change them only together.

Each file has an Excel twin (.xlsx, tournaments/spreadsheets.py) for people to read: the same
rows under headers in the reader's language (a table's the page's own headers; the deal
results' in the words of the game), numbers as numbers, and a second sheet saying which
tournament or season it is, with its dates as dates.
"""

import re
from collections.abc import Iterable, Sequence
from typing import Any

import django_tables2 as tables
from django.http import HttpResponse
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django_tables2.export import TableExport
from tablib import Dataset

from tournaments.forms.entry import POT_CHOICES
from tournaments.models import Season, Tournament
from tournaments.rules.sessions import SessionPlan
from tournaments.selectors.public.phases import phase_rankings
from tournaments.selectors.sessions import sessions_of
from tournaments.spreadsheets import Sheet, xlsx_response
from tournaments.tables import StandingsTable

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
SEPARATORS = ",;\t|\r\n"
"""Where a spreadsheet may end a cell or a line when it opens the file: the comma; the semicolon
Excel splits on where the decimal mark is a comma (Italy, Germany, France …); a tab and a bar,
which an import may be told to split on; a line's end."""
_FORMULA_AFTER_SEPARATOR = re.compile(r'([,;\t|\r\n])(?=[ "]*[=+\-@\t\r])')
"""A separator followed (past spaces and double quotes) by what would start a formula."""
_QUOTED = frozenset(SEPARATORS + '"')
CSV_CONTENT_TYPE = "text/csv; charset=utf-8"


def escape_cell(value: Any) -> Any:
    """A text cell a spreadsheet would read as a formula gets a leading single quote, and so
    does every part of it after a separator that a spreadsheet would read as one; numbers (and
    empty cells) are returned as they are, so -120 stays the number -120."""
    if not isinstance(value, str):
        return value
    if value.startswith(FORMULA_STARTS):
        value = "'" + value
    return _FORMULA_AFTER_SEPARATOR.sub(r"\1'", value)


def escape_row(row: Iterable[Any]) -> list[Any]:
    return [escape_cell(value) for value in row]


def export_filename(*slugs: str, what: str, extension: str = "csv") -> str:
    """`<club>_<tournament or season>_<what>.csv` (or .xlsx); slugs are ASCII, so the header is
    safe."""
    return "_".join([*slugs, what]) + "." + extension


def _attachment(response: HttpResponse, filename: str) -> HttpResponse:
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


# --- tables (standings, season rankings) --------------------------------------------------------


def export_columns(table: tables.Table) -> list[tuple[str, str]]:
    """(column name, CSV header) of the columns a table exports, in order. The header is the
    column's name, or the one the table's `export_names` gives it (e.g. number → pair_number)."""
    names: dict[str, str] = getattr(table, "export_names", {})
    return [
        (column.name, names.get(column.name, column.name))
        for column in table.columns.iterall()
        if not column.column.exclude_from_export
    ]


class SafeTableExport(TableExport):  # type: ignore[misc]  # django-tables2 has no types
    """TableExport with the stable snake_case header and every text cell escaped."""

    def table_to_dataset(
        self,
        table: tables.Table,
        exclude_columns: Sequence[str] | None,
        dataset_kwargs: dict[str, Any] | None = None,
    ) -> Dataset:
        values = table.as_values(exclude_columns=exclude_columns)
        next(values)  # the page's headers ("Pair", "VP"); the file uses the stable names
        excluded = set(exclude_columns or ())
        header = [csv_name for name, csv_name in export_columns(table) if name not in excluded]
        dataset = Dataset(headers=header, **(dataset_kwargs or {}))
        for row in values:
            dataset.append(escape_row(row))
        return dataset


def table_csv_response(table: tables.Table, filename: str) -> HttpResponse:
    """The table as a CSV download: the same columns and rows as the page shows."""
    dataset = SafeTableExport(TableExport.CSV, table).dataset
    text = "".join(csv_line(row) for row in [dataset.headers, *dataset])
    response = HttpResponse(text, content_type=CSV_CONTENT_TYPE)
    return _attachment(response, filename)


def table_records(table: tables.Table) -> list[dict[str, Any]]:
    """The rows `table_csv_response` writes, each a mapping of the CSV's column names to its
    values, unescaped (the JSON API's rows: opendata/api): no spreadsheet reads them."""
    header = [csv_name for _name, csv_name in export_columns(table)]
    values = table.as_values()
    next(values)  # the page's headers
    return [dict(zip(header, row, strict=True)) for row in values]


def standings_csv_response(tournament: Tournament, pairs: Any) -> HttpResponse:
    """A tournament's standings file: its StandingsTable, as the page shows it; an event in
    two sessions adds each session's date and rounds last (`session_header`)."""
    table = StandingsTable.for_export(tournament, pairs)
    filename = export_filename(tournament.club.slug, tournament.slug, what="standings")
    plan = sessions_of(tournament)
    if not plan:
        return table_csv_response(table, filename)
    dataset = SafeTableExport(TableExport.CSV, table).dataset
    cells = escape_row(session_cells(plan))  # the table's rows are escaped already
    header = [*dataset.headers, *session_header(plan)]
    text = "".join(csv_line(row) for row in [header, *([*row, *cells] for row in dataset)])
    return _attachment(HttpResponse(text, content_type=CSV_CONTENT_TYPE), filename)


def session_header(plan: Sequence[SessionPlan]) -> list[str]:
    """The columns an event in two sessions adds to its files, last (none for one session, so
    its files stay as they were): each session's date and rounds ("1-6")."""
    return [f"session_{s.number}_{what}" for s in plan for what in ("date", "rounds")]


def session_cells(plan: Sequence[SessionPlan]) -> list[str]:
    """The values of `session_header`, the same on every row: "2026-11-21", "1-6"."""
    return [value for s in plan for value in (s.date.isoformat(), s.rounds_text)]


def csv_field(value: Any) -> str:
    """One cell as the file writes it: as Python's csv module does (nothing for None, a float
    as repr), between double quotes (doubled inside) when it holds a double quote or any of
    SEPARATORS, not only the comma: so that a spreadsheet splitting at a semicolon still sees
    the cell open on a quote."""
    if value is None:
        return ""
    text = repr(value) if isinstance(value, float) else str(value)
    if _QUOTED.isdisjoint(text):
        return text
    return '"' + text.replace('"', '""') + '"'


def csv_line(row: Iterable[Any]) -> str:
    """A row of escaped cells, comma-separated, ended by CR LF."""
    return ",".join(csv_field(value) for value in row) + "\r\n"


def csv_text(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """The header and the rows, each cell escaped (`escape_cell`) and written (`csv_field`):
    a whole number is its digits, and a text is escaped and written once however many times
    it comes (a pair's names, "N-S"), so a file of 12,000 deal sides takes no second."""
    written: dict[str, str] = {}

    def cell(value: Any) -> str:
        if type(value) is int:
            return str(value)
        if type(value) is not str:
            return csv_field(escape_cell(value))
        text = written.get(value)
        if text is None:
            text = written[value] = csv_field(escape_cell(value))
        return text

    lines = [csv_line(header)]
    lines += [",".join([cell(value) for value in row]) + "\r\n" for row in rows]
    return "".join(lines)


def rows_csv_response(
    header: Sequence[str], rows: Iterable[Sequence[Any]], filename: str
) -> HttpResponse:
    response = HttpResponse(csv_text(header, rows), content_type=CSV_CONTENT_TYPE)
    return _attachment(response, filename)


# --- Excel files (.xlsx): the same rows, for reading ----------------------------------------------

POT_TEXT = dict(POT_CHOICES)
"""What became of the pot, in the words the entry form offers (taken, not taken, …)."""


def _unranked_as_empty(value: Any) -> Any:
    return None if value in ("", "–") else value


def table_sheet(table: tables.Table, title: str) -> Sheet:
    """A table as a worksheet: the page's headers (in the reader's language) over the values
    the CSV writes, numbers kept as numbers."""
    header, *rows = table.as_values()
    return Sheet(title, header, [[_unranked_as_empty(v) for v in row] for row in rows])


def tournament_sheet(tournament: Tournament) -> Sheet:
    """Which tournament the file is: club, name, date (a date cell), game, format, state; an
    event in two sessions adds each session's date and rounds."""
    finished = tournament.is_finished
    plan = sessions_of(tournament)
    sessions_header = [
        text % {"number": s.number}
        for s in plan
        for text in (_("Session %(number)s: date"), _("Session %(number)s: rounds"))
    ]
    sessions_cells = [value for s in plan for value in (s.date, s.rounds_text)]
    return Sheet(
        _("Tournament"),
        [_("Club"), _("Tournament"), _("Date"), _("Game"), _("Format"), _("Standings"),
         _("Exported on"), *sessions_header],
        [[
            tournament.club.name, tournament.name, tournament.date, tournament.words["game"],
            capfirst(tournament.play_format.description()),
            _("final") if finished else _("provisional"), timezone.now(), *sessions_cells,
        ]],
    )  # fmt: skip


def season_sheet(season: Season, tournaments: Sequence[Tournament], counted: Any) -> Sheet:
    """The season's tournaments, each with its date (a date cell) and whether it counts."""
    return Sheet(
        _("Tournaments"),
        [_("Date"), _("Tournament"), _("Game"), _("Counts")],
        [
            [t.date, t.name, t.words["game"], _("yes") if t in counted else _("no")]
            for t in sorted(tournaments, key=lambda t: (t.date, t.pk))
        ],
    )


def standings_xlsx_response(tournament: Tournament, pairs: Any) -> HttpResponse:
    """The standings file's Excel twin: the same StandingsTable, headed as the page is."""
    table = StandingsTable.for_export(tournament, pairs)
    filename = export_filename(
        tournament.club.slug, tournament.slug, what="standings", extension="xlsx"
    )
    sheets = [table_sheet(table, _("Standings"))]
    if getattr(table, "girone_names", None):  # an event in gironi: a sheet per girone
        sheets += girone_sheets(tournament)
    sheets.append(tournament_sheet(tournament))
    return xlsx_response(sheets, filename)


def girone_sheets(tournament: Tournament) -> list[Sheet]:
    """Each girone's ranking (with what it carries from before the split) as a worksheet of its
    own, as the public page shows it: "Girone A", or "Girone A (phase 3)" when more than one
    phase is played in gironi."""
    rankings = [ranking for ranking in phase_rankings(tournament) if ranking.girone]
    phased = len({ranking.phase for ranking in rankings}) > 1
    by_matches = tournament.play_format.by_matches
    scores = [_("Matches won"), _("Point difference")] if by_matches else [_("VP"), _("MP")]
    header = [_("Rank"), tournament.words["pair"].capitalize(), _("Players"), *scores]
    header.append(_("Rounds played"))
    sheets = []
    for ranking in rankings:
        title = _("Girone %(name)s") % {"name": ranking.girone}
        if phased:
            title = _("Girone %(name)s (phase %(number)s)") % {
                "name": ranking.girone,
                "number": ranking.phase,
            }
        rows = [
            [
                line.rank,
                line.number,
                line.names,
                *((line.matches_won, line.point_difference) if by_matches else (line.vp, line.mp)),
                line.rounds_played,
            ]
            for line in ranking.lines
        ]
        sheets.append(Sheet(title, header, rows))
    return sheets
