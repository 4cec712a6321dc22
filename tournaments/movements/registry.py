"""Every movement by its slug: the one place that knows which function seats a round.

A movement is a pure function from a `SeatingRequest` (the field, what was played before, the
organiser's step and seed) to a `Seated` (the seating and what the organiser should know of
it). The slugs are the values the Round model stores. A new movement (a Howell, say) is a
function here and an entry in `MOVEMENTS`, plus its choice in `Round.Movement`.

Every movement keeps the two promises of a round where it can: no pair sits out twice while
another has not (the bye among the pairs with the fewest `byes`, which count a late pair's
missed rounds), and no two pairs meet again while a seating without a rematch exists. The
Mitchell reads the second one as its module says (a step chosen by hand is kept).
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from tournaments.movements.danese_pairing import danese
from tournaments.movements.draws import random_draw, round_robin
from tournaments.movements.mitchell import mitchell_round
from tournaments.movements.replan import (
    berger_continues,
    berger_with_gaps,
    round_robin_replanned,
)
from tournaments.movements.seating import History, Seating


@dataclass(frozen=True)
class SeatingRequest:
    pairs: Sequence[int]
    """The field's pair ids in pair-number order (the round robin's Berger numbers)."""
    seed: int
    step: int | None = None
    """The Mitchell step the organiser chose; None lets the movement choose it."""
    history: History = ()
    byes: Mapping[int, int] = field(default_factory=dict)
    """Rounds out so far by pair: byes taken, and a late pair's rounds missed."""
    previous: Seating | None = None
    """The seating of the round before, if any."""
    earlier_movements: Sequence[str] = ()
    """The movements of the rounds before, in order."""
    later_movements: Sequence[str] = ()
    """The movements planned for the rounds after this one, in order."""
    entrants: Sequence[int] = ()
    """Every pair entered, in pair-number order: those withdrawn and those joined late too."""
    standings: Callable[[], Sequence[int]] = lambda: ()
    """Pair ids best first by the results so far; read only by the movements that need it."""


@dataclass(frozen=True)
class Seated:
    seating: Seating
    step: int | None = None
    """The Mitchell step used, for a Mitchell round."""
    steps_without_rematch: tuple[int, ...] = ()
    """A Mitchell step chosen by hand that brings back meetings: the steps that would not."""


def _random(request: SeatingRequest) -> Seated:
    seating = random_draw(
        request.pairs, seed=request.seed, byes=request.byes, history=request.history
    )
    return Seated(seating)


def _mitchell(request: SeatingRequest) -> Seated:
    made = mitchell_round(
        request.previous,
        pairs=request.pairs,
        step=request.step,
        seed=request.seed,
        history=request.history,
        byes=request.byes,
    )
    return Seated(made.seating, made.step, made.steps_without_rematch)


def _danese(request: SeatingRequest) -> Seated:
    return Seated(danese(request.standings(), history=request.history, byes=request.byes))


def _round_robin(request: SeatingRequest) -> Seated:
    """The Berger tables while only round robin rounds were played and they fit: the field's
    own, or every entrant's with a gap where a pair withdrew (or a late pair in the phantom's
    place); otherwise the round robin's rounds left are planned again."""
    earlier = request.earlier_movements
    played = len(earlier)
    if all(movement == "round_robin" for movement in earlier):
        pairs, history, byes = request.pairs, request.history, request.byes
        if berger_continues(pairs, played=played, history=history, byes=byes):
            return Seated(round_robin(pairs, round_number=played + 1))
        gaps = berger_with_gaps(request.entrants, pairs, played=played, history=history, byes=byes)
        if gaps is not None:
            return Seated(gaps)
    ahead = 1
    for movement in request.later_movements:
        if movement != "round_robin":
            break
        ahead += 1
    seating = round_robin_replanned(
        request.pairs, history=request.history, byes=request.byes, rounds=ahead
    )
    return Seated(seating)


MOVEMENTS: dict[str, Callable[[SeatingRequest], Seated]] = {
    "random": _random,
    "mitchell": _mitchell,
    "danese": _danese,
    "round_robin": _round_robin,
}


def seat_round(movement: str, request: SeatingRequest) -> Seated:
    """Seat a round by the movement named; KeyError for a movement nobody knows, ValueError
    (in the organiser's words) for a seating the movement cannot make."""
    return MOVEMENTS[movement](request)
