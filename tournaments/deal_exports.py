"""The deal results file (CSV and Excel): one row per deal side, every component of its
score, in stable snake_case columns documented in README.md; an individual evening's rows name
the four players at the side's table. Split from `exports` (the standings and the shared CSV
and Excel helpers), which it uses."""

from collections.abc import Mapping, Sequence
from typing import Any

from django.http import HttpResponse
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from tournaments.exports import (
    POT_TEXT,
    export_filename,
    tournament_sheet,
)
from tournaments.models import Deal, Seat, Tournament
from tournaments.rules.glossary import Words
from tournaments.rules.sides import BURRACO_KINDS
from tournaments.selectors.decisions import deal_file_texts
from tournaments.selectors.exports import Seated, SideRow, deal_sides_of, individual_seats_of
from tournaments.spreadsheets import Sheet, xlsx_response

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
    "decision",
)
"""The deals file's columns; `decision` (the arbiter's decisions on the deal or its table,
README "Exports") came later and stays last, so files read by position keep working."""
INDIVIDUAL_DEAL_COLUMNS = (
    *DEAL_RESULT_COLUMNS[:4],
    "player_number",
    "player",
    "partner_number",
    "partner",
    "opponent_one_number",
    "opponent_one",
    "opponent_two_number",
    "opponent_two",
    *DEAL_RESULT_COLUMNS[7:],
)
"""An individual tournament's deals file: the side's two partners and its two opponents, each
by player number and name, in place of the pair columns (README "Exports")."""
SIDE_POSITIONS: dict[str, tuple[str, str, str, str]] = {
    Seat.Direction.NS: ("N", "S", "E", "W"),
    Seat.Direction.EW: ("E", "W", "N", "S"),
}
"""An individual side's player, partner and two opponents by seat: North partners South and
plays East (and South West), as the standings credit them (`selectors.results`)."""
DIRECTION_TEXT: dict[str, str] = {Seat.Direction.NS: "N-S", Seat.Direction.EW: "E-W"}


# --- deal results --------------------------------------------------------------------------------


def deal_file(tournament: Tournament) -> tuple[tuple[str, ...], list[list[Any]]]:
    """The deals file's columns and rows: a pairs tournament's by pair, an individual one's
    naming the four players of each side's table."""
    sides = deal_sides_of(tournament)
    decisions = deal_file_texts(tournament)
    if not tournament.is_individual:
        return DEAL_RESULT_COLUMNS, deal_result_rows(sides, decisions)
    seats = individual_seats_of(tournament)
    return INDIVIDUAL_DEAL_COLUMNS, deal_result_rows(sides, decisions, seats)


def deal_result_rows(
    sides: Sequence[SideRow],
    decisions: Mapping[tuple[int, int, int | None], str] | None = None,
    seats: Seated | None = None,
) -> list[list[Any]]:
    """One row per deal side (`selectors.exports.deal_sides_of`), every component of its
    score, in DEAL_RESULT_COLUMNS order; `decision` last: the arbiter's decisions on that deal
    or its table (`selectors.decisions.deal_file_texts`). With an individual tournament's
    `seats`, in INDIVIDUAL_DEAL_COLUMNS order: the four players in place of the pairs."""
    decisions = decisions or {}
    pair_number_by_side = {(s.deal_id, s.direction): s.pair_number for s in sides}
    other_of: dict[str, str] = {
        Seat.Direction.NS: Seat.Direction.EW,
        Seat.Direction.EW: Seat.Direction.NS,
    }
    rows = []
    for side in sides:
        other = other_of.get(side.direction, Seat.Direction.NS)
        burracos = side.burracos
        where = (side.round_number, side.table_number)
        texts = (decisions.get((*where, side.deal_number), ""), decisions.get((*where, None), ""))
        row = [
            side.round_number,
            side.table_number,
            side.deal_number,
            DIRECTION_TEXT.get(side.direction, side.direction),
            side.pair_number,
            side.players,
            pair_number_by_side.get((side.deal_id, other), ""),
            side.mode,
            1 if side.closed else 0,
            side.pot,
            side.melded_points,
            side.hand_points,
            *[burracos.count(kind) for kind in BURRACO_KINDS],
            side.burraco_bonus,
            side.closing_bonus,
            side.hand_penalty,
            side.pot_penalty,
            side.total,
            "; ".join(text for text in texts if text),
        ]
        if seats is not None:
            row[4:7] = _four_players(seats.get(where, {}), side.direction)
        rows.append(row)
    return rows


def _four_players(seated: Mapping[str, tuple[int, str]], direction: str) -> list[Any]:
    """A side's player, partner and two opponents at an individual table, number then name
    each (empty cells for a seat the table lacks)."""
    cells: list[Any] = []
    for position in SIDE_POSITIONS.get(direction, SIDE_POSITIONS[Seat.Direction.NS]):
        cells.extend(seated.get(position, ("", "")))
    return cells


def deal_result_headers(words: Words, columns: Sequence[str] = DEAL_RESULT_COLUMNS) -> list[str]:
    """The deal results' `columns` (DEAL_RESULT_COLUMNS or INDIVIDUAL_DEAL_COLUMNS) in the
    words of the game."""
    named = {
        "player_number": _("Player (no.)"),
        "player": capfirst(words["player"]),
        "partner_number": _("Partner (no.)"),
        "partner": _("Partner"),
        "opponent_one_number": _("First opponent (no.)"),
        "opponent_one": _("First opponent"),
        "opponent_two_number": _("Second opponent (no.)"),
        "opponent_two": _("Second opponent"),
        "round": capfirst(words["round"]),
        "table": capfirst(words["table"]),
        "deal": capfirst(words["deal"]),
        "direction": _("Direction"),
        "pair_number": capfirst(words["pair"]),
        "players": _("Players"),
        "opponent_pair_number": _("Opponents (%(pair)s)") % {"pair": words["pair"]},
        "entry_mode": _("Entered as"),
        "closed": capfirst(words["closing"]),
        "pot": capfirst(words["pot"]),
        "melded_points": _("Melded points"),
        "hand_points": _("Points in hand"),
        **{kind.replace("-", "_"): capfirst(words.kind(kind)) for kind in BURRACO_KINDS},
        "burraco_bonus": _("Bonus: %(burracos)s") % {"burracos": words["burracos"]},
        "closing_bonus": _("Bonus: %(closing)s") % {"closing": words["closing"]},
        "hand_penalty": _("Penalty: cards in hand"),
        "pot_penalty": _("Penalty: %(pot)s") % {"pot": words["pot"]},
        "total": _("Total"),
        "decision": _("Arbiter's decisions"),
    }
    return [named[name] for name in columns]


def _readable_deal_row(
    row: Sequence[Any], words: Mapping[str, dict[Any, str]], columns: Sequence[str]
) -> list[Any]:
    """A deals-file row with its words for people: the direction, entry mode and pot (each
    word looked up in `words`, made once a file by `_deal_words`)."""
    values = dict(zip(columns, row, strict=True))
    values["direction"] = words["direction"][values["direction"] == "N-S"]
    for name in ("entry_mode", "pot"):
        values[name] = words[name].get(values[name], values[name])
    return [values[name] for name in columns]


def _deal_words(words: Words) -> dict[str, dict[Any, str]]:
    """What the direction, entry mode and pot of a deals-file row say to people, in the
    reader's language and the words of the game."""
    return {
        "direction": {True: words["ns"], False: words["ew"]},  # is it N-S?
        "entry_mode": {value: str(label) for value, label in Deal.Mode.choices},
        "pot": {value: str(label) for value, label in POT_TEXT.items()},
    }


def deal_results_xlsx_response(tournament: Tournament) -> HttpResponse:
    """The deals file's Excel twin: the same rows (`deal_file`), in words for people."""
    words = tournament.words
    columns, file_rows = deal_file(tournament)
    said = _deal_words(words)
    rows = [_readable_deal_row(row, said, columns) for row in file_rows]
    slugs = (tournament.club.slug, tournament.slug)
    filename = export_filename(*slugs, what="deals", extension="xlsx")
    sheets = [
        Sheet(capfirst(words["deals"]), deal_result_headers(words, columns), rows),
        tournament_sheet(tournament),
    ]
    return xlsx_response(sheets, filename)
