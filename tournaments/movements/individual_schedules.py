"""The fixed individual schedules: the complete 8-player schedule and the 12-player rotation.

A schedule is a list of rounds over the numbers 1..n; each table lists (North, South, East,
West) and North-South partner East-West. The schedule's number k is the k-th player of the field
in player-number order, unless the rounds already played say otherwise: an evening that began
with a random first round (or any seating of the full field) continues the schedule with the
numbers read from that round, so every promise of the schedule still holds. The rounds played
must then be the schedule's first rounds, in order, under one numbering.

- `SCHEDULE_8`: 8 players, 7 rounds of 2 tables. Every player partners every other exactly once
  and plays against every other exactly twice. It has the first and last rounds of the
  schedule RULES.md cites (round 1 12 v 34, 56 v 78; round 7 17 v 45, 28 v 36).
- `ROTATION_12`: 12 players, 11 rounds of 3 tables; player 12 stays, players 1-11 move on by
  one each round (player p of round r is player p + r - 1, counted round 11). Every player
  partners every other exactly once and, the first round being chosen so (a whist tournament
  on 12 players), also plays against every other exactly twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import permutations, product
from typing import TypeAlias

from tournaments.movements.individual import (
    IndividualHistory,
    IndividualRound,
    IndividualTable,
    NoIndividualSeating,
    Refusal,
    check_players,
    played_in,
    repeated_opponents,
)

Four: TypeAlias = tuple[int, int, int, int]
Schedule: TypeAlias = tuple[tuple[Four, ...], ...]
_Shape: TypeAlias = frozenset[frozenset[frozenset[int]]]

SCHEDULE_8: Schedule = (
    ((1, 2, 3, 4), (5, 6, 7, 8)),
    ((1, 5, 2, 6), (3, 8, 4, 7)),
    ((1, 4, 6, 8), (2, 3, 5, 7)),
    ((1, 8, 2, 7), (3, 5, 4, 6)),
    ((1, 6, 3, 7), (2, 5, 4, 8)),
    ((1, 3, 5, 8), (2, 4, 6, 7)),
    ((1, 7, 4, 5), (2, 8, 3, 6)),
)

ROTATION_12_FIRST: tuple[Four, ...] = ((12, 1, 8, 11), (2, 3, 5, 7), (4, 9, 6, 10))
"""Round 1 of the rotation. Its partnerships span each distance 1-5 round the circle of the
players 1-11 once (and 12 with 1); its oppositions span each distance twice (and 12 against two
players), so over the 11 rounds every pair partners once and meets twice."""


def _moved_on(four: Four, by: int) -> Four:
    north, south, east, west = (p if p == 12 else (p - 1 + by) % 11 + 1 for p in four)
    return (north, south, east, west)


ROTATION_12: Schedule = tuple(
    tuple(_moved_on(four, by) for four in ROTATION_12_FIRST) for by in range(11)
)

SCHEDULES: dict[str, tuple[str, Schedule]] = {
    "schedule8": ("the 8-player schedule", SCHEDULE_8),
    "rotation12": ("the 12-player rotation", ROTATION_12),
}


def schedule_round(
    name: str, players: Sequence[int], *, history: IndividualHistory
) -> IndividualRound:
    """The next round of the schedule `name` ("schedule8", "rotation12") for `players` (the
    field in player-number order), after the rounds of `history`.

    `NoIndividualSeating`: SCHEDULE_SIZE for a field of another size (a late player or a
    withdrawal: seat a Danese instead), SCHEDULE_FINISHED once every round has been played,
    SCHEDULE_HISTORY when the rounds played are not the schedule's first rounds.
    """
    title, schedule = SCHEDULES[name]
    field = check_players(players)
    size = len(schedule[0]) * 4
    if len(field) != size:
        raise NoIndividualSeating(
            Refusal.SCHEDULE_SIZE,
            f"{title} needs exactly {size} players, this round has {len(field)}",
            players=len(field),
        )
    if len(history) >= len(schedule):
        raise NoIndividualSeating(
            Refusal.SCHEDULE_FINISHED,
            f"{title} has {len(schedule)} rounds and all of them have been played",
            players=len(field),
        )
    labels = labelling(schedule, field, history)
    if labels is None:
        raise NoIndividualSeating(
            Refusal.SCHEDULE_HISTORY,
            f"the rounds played are not the first rounds of {title}",
            players=len(field),
        )
    tables = tuple(
        IndividualTable(number, *(labels[seat] for seat in four))
        for number, four in enumerate(schedule[len(history)], start=1)
    )
    return IndividualRound(tables, (), repeated_opponents(tables, played_in(history)))


def labelling(
    schedule: Schedule, field: Sequence[int], history: IndividualHistory
) -> dict[int, int] | None:
    """Schedule number -> player under which `history` is the schedule's first rounds: the
    player-number order if it is, else one read from the first round played; None if none."""
    in_order = {number: player for number, player in enumerate(field, start=1)}
    if _follows(schedule, in_order, history):
        return in_order
    first = history[0]
    if first.sitting_out or len(first.tables) != len(schedule[0]):
        return None
    if set(first.players()) != set(field):
        return None
    for labels in _labellings(schedule[0], first.tables):
        if _follows(schedule, labels, history):
            return labels
    return None


def _follows(schedule: Schedule, labels: dict[int, int], history: IndividualHistory) -> bool:
    return all(
        not played.sitting_out and _shape(played.tables) == _shape_of(planned, labels)
        for played, planned in zip(history, schedule, strict=False)
    )


def _shape(tables: Iterable[IndividualTable]) -> _Shape:
    """A round as it plays: which partnerships meet, seats and table numbers aside."""
    return frozenset(frozenset(frozenset(pair) for pair in table.partnerships) for table in tables)


def _shape_of(planned: tuple[Four, ...], labels: dict[int, int]) -> _Shape:
    return frozenset(
        frozenset((frozenset((labels[n], labels[s])), frozenset((labels[e], labels[w]))))
        for n, s, e, w in planned
    )


def _labellings(
    planned: tuple[Four, ...], tables: Sequence[IndividualTable]
) -> Iterable[dict[int, int]]:
    """Every numbering that makes the round of `tables` the schedule's round `planned`: tables
    matched in any order, partnerships at a table and partners in a partnership either way."""
    for order in permutations(tables):
        for flips in product(range(8), repeat=len(tables)):
            labels: dict[int, int] = {}
            for four, table, flip in zip(planned, order, flips, strict=True):
                north, south, east, west = table.players
                first, second = ((north, south), (east, west))[:: -1 if flip & 4 else 1]
                first = first[::-1] if flip & 2 else first
                second = second[::-1] if flip & 1 else second
                for number, player in zip(four, (*first, *second), strict=True):
                    labels[number] = player
            yield labels
