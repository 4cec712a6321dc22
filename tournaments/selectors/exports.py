"""Reads for the exports that no page lists: every deal side of a tournament, and the four
players of each table of an individual tournament (whose deal sides name only North's and
East's seat, `services.deals`)."""

from typing import NamedTuple

from tournaments.models import DealSide, Pair, Player, Seat, Tournament
from tournaments.selectors.pairs import PairChanges, pair_changes

DIRECTION_ORDER: dict[str, int] = {Seat.Direction.NS: 0, Seat.Direction.EW: 1}


class SideRow(NamedTuple):
    """One stored deal side as the deals file writes it: where it was played, by which pair,
    and every component of its score. (A named tuple: 12,000 of them are made in a blink, where
    a frozen dataclass sets each field through `object.__setattr__`.)"""

    deal_id: int
    round_number: int
    table_number: int
    deal_number: int
    mode: str
    direction: str
    pair_number: int
    players: str
    closed: bool
    pot: str
    melded_points: int
    hand_points: int
    burracos: list[str]
    burraco_bonus: int
    closing_bonus: int
    hand_penalty: int
    pot_penalty: int
    total: int


SIDE_VALUES = (
    "deal_id", "deal__table__round__number", "deal__table__number", "deal__number",
    "deal__mode", "direction", "pair_id", "closed", "pot", "melded_points", "hand_points",
    "burracos", "burraco_bonus", "closing_bonus", "hand_penalty", "pot_penalty", "total",
)  # fmt: skip
PAIR_VALUES = (
    "id", "number", "player_two_id", "player_one__first_name", "player_one__last_name",
    "player_two__first_name", "player_two__last_name",
)  # fmt: skip


def deal_sides_of(tournament: Tournament) -> list[SideRow]:
    """Every deal side of a tournament with where it was played and its pair's number and
    players, in round, table, deal and direction (N-S first) order: two queries, whatever the
    size, of plain values (no model object a side). The pairs are read apart, once a pair: joined
    to each of 12,000 sides they cost the database three index probes a side and the reader four
    names a side."""
    pairs = {
        row[0]: _pair(*row[1:])
        for row in Pair.objects.filter(tournament=tournament).values_list(*PAIR_VALUES)
    }
    values = DealSide.objects.filter(deal__table__round__tournament=tournament).values_list(
        *SIDE_VALUES
    )
    rows = [SideRow._make((*row[:6], *pairs[row[6]], *row[7:])) for row in values]
    rows.sort(
        key=lambda s: (
            s.round_number,
            s.table_number,
            s.deal_number,
            DIRECTION_ORDER.get(s.direction, 2),
        )
    )
    return rows


def _pair(number: int, two: int | None, *names: str) -> tuple[int, str]:
    """A pair's number and names, as `Pair.names` writes them, from its players' names (no
    `Pair` made: a new one draws a link token)."""
    one = Player(first_name=names[0], last_name=names[1]).full_name
    if two is None:
        return number, one
    return number, f"{one} – {Player(first_name=names[2], last_name=names[3]).full_name}"


Seated = dict[tuple[int, int], dict[str, tuple[int, str]]]
"""(round, table) -> position (N, S, E, W) -> the player's number and name."""


def individual_seats_of(tournament: Tournament) -> Seated:
    """Every table of an individual tournament with its four players by position: one query of
    plain values (bye tables, whose one seat has no position, are left out)."""
    values = (
        Seat.objects.filter(round__tournament=tournament)
        .exclude(position="")
        .values_list(
            "round__number", "table__number", "position", "pair__number",
            "pair__player_one__first_name", "pair__player_one__last_name",
            "pair_id",
        )
    )  # fmt: skip
    then = _substitutes_of(tournament)
    seated: Seated = {}
    for round_, table, position, number, first, last, pair in values:
        name = Player(first_name=first, last_name=last).full_name
        if pair in then.changes:  # a substitute played some rounds: who played this one
            name = then.players[then.line_up(pair, round_)[0]].full_name
        seated.setdefault((round_, table), {})[position] = (number, name)
    return seated


def _substitutes_of(tournament: Tournament) -> PairChanges:
    """Who played for an individual tournament's players that a substitute replaced for some
    rounds (`selectors.pairs.pair_changes`): one query, two when someone was replaced."""
    pairs = tournament.pairs.select_related("player_one")
    substituted = pairs.filter(substitutions__isnull=False).distinct()
    return pair_changes(list(substituted))
