"""CSV exports for the federation and the club's records: the rows, the stable column names and
the escaping that keeps a spreadsheet from running a cell as a formula.

Two ways in, one way out. A listing that a page shows as a django-tables2 table (the standings,
the season rankings) is exported from that very table with `table_csv_response`, a
`TableExport` whose header row is the columns' stable snake_case names; the deal results, which
no page lists, are rows built here by `deal_result_rows` from the deal sides the selectors
read. Both go through
`escape_cell`: a text cell that starts with = + - @ (or a tab or carriage return) is prefixed
with a single quote, while numbers stay numbers (a total of -120 is written -120).

The column names are documented in README.md ("Exports"): change them only together.
"""

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

import django_tables2 as tables
from django.http import HttpResponse
from django_tables2.export import TableExport
from tablib import Dataset

from tournaments.models import DealSide, Seat, Tournament
from tournaments.rules.sides import BURRACO_KINDS
from tournaments.tables import StandingsTable

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
CSV_CONTENT_TYPE = "text/csv; charset=utf-8"

# Every kind of burraco of every variant: the deal results always carry all six count columns
# (a kind the variant does not play is 0), so one file layout serves every variant.

DEAL_RESULT_COLUMNS = (
    "round",
    "table",
    "deal",
    "direction",
    "pair_number",
    "players",
    "opponent_pair_number",
    "entry_mode",
    "closed",
    "pot",
    "melded_points",
    "hand_points",
    *(kind.replace("-", "_") for kind in BURRACO_KINDS),
    "burraco_bonus",
    "closing_bonus",
    "hand_penalty",
    "pot_penalty",
    "total",
)
DIRECTION_TEXT: dict[str, str] = {Seat.Direction.NS: "N-S", Seat.Direction.EW: "E-W"}


def escape_cell(value: Any) -> Any:
    """A text cell a spreadsheet would read as a formula gets a leading single quote; numbers
    (and empty cells) are returned as they are, so -120 stays the number -120."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def escape_row(row: Iterable[Any]) -> list[Any]:
    return [escape_cell(value) for value in row]


def export_filename(*slugs: str, what: str) -> str:
    """`<club>_<tournament or season>_<what>.csv`; slugs are ASCII, so the header is safe."""
    return "_".join([*slugs, what]) + ".csv"


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
    exporter = SafeTableExport(TableExport.CSV, table)
    response = HttpResponse(exporter.export(), content_type=CSV_CONTENT_TYPE)
    return _attachment(response, filename)


def table_csv_rows(table: tables.Table) -> list[list[Any]]:
    """What `table_csv_response` writes, header first, before it becomes text (for tests)."""
    dataset = SafeTableExport(TableExport.CSV, table).dataset
    return [list(dataset.headers), *(list(row) for row in dataset)]


def standings_csv_response(tournament: Tournament, pairs: Any) -> HttpResponse:
    """A tournament's standings file: its StandingsTable, as the page shows it."""
    table = StandingsTable.for_tournament(tournament, pairs)
    filename = export_filename(tournament.club.slug, tournament.slug, what="standings")
    return table_csv_response(table, filename)


# --- deal results --------------------------------------------------------------------------------


def deal_result_rows(sides: Sequence[DealSide]) -> list[list[Any]]:
    """One row per deal side, every component of its score, in DEAL_RESULT_COLUMNS order."""
    pair_number_by_side = {(s.deal_id, s.direction): s.pair.number for s in sides}
    rows = []
    for side in sides:
        other = Seat.Direction.EW if side.direction == Seat.Direction.NS else Seat.Direction.NS
        counts = [side.burracos.count(kind) for kind in BURRACO_KINDS]
        rows.append(
            [
                side.deal.table.round.number,
                side.deal.table.number,
                side.deal.number,
                DIRECTION_TEXT.get(side.direction, side.direction),
                side.pair.number,
                side.pair.names,
                pair_number_by_side.get((side.deal_id, other), ""),
                side.deal.mode,
                1 if side.closed else 0,
                side.pot,
                side.melded_points,
                side.hand_points,
                *counts,
                side.burraco_bonus,
                side.closing_bonus,
                side.hand_penalty,
                side.pot_penalty,
                side.total,
            ]
        )
    return rows


def csv_text(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    stream = io.StringIO()
    writer = csv.writer(stream)
    writer.writerow(header)
    writer.writerows(escape_row(row) for row in rows)
    return stream.getvalue()


def rows_csv_response(
    header: Sequence[str], rows: Iterable[Sequence[Any]], filename: str
) -> HttpResponse:
    response = HttpResponse(csv_text(header, rows), content_type=CSV_CONTENT_TYPE)
    return _attachment(response, filename)
