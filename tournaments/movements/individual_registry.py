"""Every individual movement by its name: the one place that picks the function.

Like the pairs' `registry`: a movement is a pure function from an `IndividualRequest` (the
field, the rounds played, the byes, the standings, the seed and the table setting) to an
`IndividualRound`. The names are the values a round will store: "random", "schedule8",
"rotation12", "danese". A movement that cannot seat the round raises `NoIndividualSeating`,
whose `refusal` the service turns into the organiser's words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from tournaments.movements.individual import IndividualHistory, IndividualRound
from tournaments.movements.individual_danese import (
    TableOrder,
    individual_danese,
    individual_random,
)
from tournaments.movements.individual_schedules import schedule_round


@dataclass(frozen=True)
class IndividualRequest:
    players: Sequence[int]
    """The field's player ids in player-number order (the schedules' numbering): a late player
    is in it, a withdrawn one is not."""
    seed: int
    history: IndividualHistory = ()
    """The rounds played, first round first."""
    byes: Mapping[int, int] | None = None
    """Rounds out so far by player (byes taken, and a late player's missed rounds); None reads
    the byes taken from `history`."""
    standings: Callable[[], Sequence[int]] = lambda: ()
    """Player ids best first by the results so far; read only by the Danese. Players of the
    field it does not name (a late player) come last, in player-number order; players it names
    who are not in the field (withdrawn) are left out."""
    table_order: TableOrder = TableOrder.ONE_TWO
    """The Danese's setting: 1 + 2 v 3 + 4 (default) or 1 + 4 v 2 + 3."""


def _random(request: IndividualRequest) -> IndividualRound:
    return individual_random(
        request.players, seed=request.seed, history=request.history, byes=request.byes
    )


def _danese(request: IndividualRequest) -> IndividualRound:
    field = set(request.players)
    ranked = [player for player in request.standings() if player in field]
    named = set(ranked)
    ranked += [player for player in request.players if player not in named]
    return individual_danese(
        ranked, history=request.history, byes=request.byes, table_order=request.table_order
    )


def _schedule8(request: IndividualRequest) -> IndividualRound:
    return schedule_round("schedule8", request.players, history=request.history)


def _rotation12(request: IndividualRequest) -> IndividualRound:
    return schedule_round("rotation12", request.players, history=request.history)


INDIVIDUAL_MOVEMENTS: dict[str, Callable[[IndividualRequest], IndividualRound]] = {
    "random": _random,
    "schedule8": _schedule8,
    "rotation12": _rotation12,
    "danese": _danese,
}


def seat_individual_round(movement: str, request: IndividualRequest) -> IndividualRound:
    """Seat an individual round by the movement named; KeyError for a movement nobody knows,
    `NoIndividualSeating` (a ValueError, with its `refusal`) for a round it cannot seat."""
    return INDIVIDUAL_MOVEMENTS[movement](request)
