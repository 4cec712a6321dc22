"""Every movement by its slug: the one place that knows which function seats a round.

A movement is a pure function from a `SeatingRequest` (the field, what was played before, the
organiser's step and seed) to a `Seated` (the seating and any warning for the organiser). The
slugs are the values the Round model stores. A new movement (a Howell, say) is a function here
and an entry in `MOVEMENTS`, plus its choice in `Round.Movement`.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from django.utils.translation import ngettext

from tournaments.movements.danese_pairing import danese
from tournaments.movements.draws import (
    mitchell,
    mitchell_refit,
    mitchell_repeats,
    random_draw,
    round_robin,
)
from tournaments.movements.seating import History, Seating


@dataclass(frozen=True)
class SeatingRequest:
    pairs: Sequence[int]
    """The field's pair ids in pair-number order (the round robin's Berger numbers)."""
    seed: int
    step: int = 1
    history: History = ()
    byes: Mapping[int, int] = field(default_factory=dict)
    previous: Seating | None = None
    """The seating of the round before, if any."""
    earlier_movements: Sequence[str] = ()
    """The movements of the rounds before, in order."""
    standings: Callable[[], Sequence[int]] = lambda: ()
    """Pair ids best first by the results so far; read only by the movements that need it."""


@dataclass(frozen=True)
class Seated:
    seating: Seating
    warnings: tuple[str, ...] = ()


def _random(request: SeatingRequest) -> Seated:
    seating = random_draw(
        request.pairs, seed=request.seed, byes=request.byes, history=request.history
    )
    return Seated(seating)


def _mitchell(request: SeatingRequest) -> Seated:
    warnings: tuple[str, ...] = ()
    step, previous = request.step, request.previous
    if previous is not None and _field_changed(previous, request.pairs):
        previous = mitchell_refit(previous, request.pairs)  # a pair withdrew or joined
    if previous is not None:
        repeats = mitchell_repeats(previous, step=step, history=request.history)
        if repeats:
            warnings = (
                ngettext(
                    "Mitchell step %(step)s repeats %(count)s meeting already played; another "
                    "step may avoid it.",
                    "Mitchell step %(step)s repeats %(count)s meetings already played; another "
                    "step may avoid it.",
                    len(repeats),
                )
                % {"step": step, "count": len(repeats)},
            )
    seating = mitchell(
        previous,
        pairs=request.pairs,
        step=step,
        seed=request.seed,
        history=request.history,
        byes=request.byes,
    )
    return Seated(seating, warnings)


def _field_changed(previous: Seating, pairs: Sequence[int]) -> bool:
    """Whether the pairs changed since `previous`, or a withdrawal left one of its tables to a
    bye (its table numbers have a gap)."""
    numbers = sorted(table.number for table in previous.tables)
    gaps = numbers != list(range(1, len(numbers) + 1))
    return gaps or sorted(previous.pairs()) != sorted(pairs)


def _danese(request: SeatingRequest) -> Seated:
    return Seated(danese(request.standings(), history=request.history, byes=request.byes))


def _round_robin(request: SeatingRequest) -> Seated:
    played = sum(movement == "round_robin" for movement in request.earlier_movements)
    return Seated(round_robin(request.pairs, round_number=played + 1))


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
