"""Who played which rounds for a pair, and what those rounds gave them: pure Python.

A substitute takes a player's place from a round on; the pair keeps its number and its
standings, but the federation's file and the season's rankings credit each player with the
rounds they played (RULES.md; README "Pairs that change"). A pair's line-up is its players in
one round, in the pair's order; a stint is a run of rounds played by one line-up, with what
their tables (byes included) gave it, added up by `standings.credit` as the standings add them.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tournaments.rules.standings import PairRecord, TableOutcome, credit

LineUp = tuple[int, ...]
"""The ids of a pair's players in one round: player one, then player two (if any)."""


@dataclass(frozen=True, slots=True)
class Change:
    """A substitution: `player_in` plays for the pair instead of `player_out` from a round on."""

    from_round: int
    player_out: int
    player_in: int


def line_up(now: LineUp, changes: Sequence[Change], round_number: int) -> LineUp:
    """The pair's players in round `round_number`, from its players of now and its changes in
    the order they were made (a change from a later round is undone first)."""
    players = list(now)
    for change in reversed(changes):
        if round_number < change.from_round:
            players = [change.player_out if p == change.player_in else p for p in players]
    return tuple(players)


@dataclass(slots=True)
class Stint:
    """Rounds `first` to `last` played for a pair by one line-up, and what they gave it."""

    line_up: LineUp
    first: int
    last: int
    record: PairRecord = field(default_factory=PairRecord)


def stints(
    pair: int,
    now: LineUp,
    changes: Sequence[Change],
    tables: Iterable[tuple[int, TableOutcome]],
    *,
    by_matches: bool,
) -> list[Stint]:
    """The pair's finished tables (round number, outcome), in stints of one line-up each, in
    round order: a pair no one replaced has one stint, whose record is its standing."""
    result: list[Stint] = []
    for number, table in sorted(tables, key=lambda item: item[0]):
        players = line_up(now, changes, number)
        if not result or result[-1].line_up != players:
            result.append(Stint(players, number, number))
        stint = result[-1]
        stint.last = number
        credit(stint.record, table, east_west=table.ew == pair, by_matches=by_matches)
    return result
