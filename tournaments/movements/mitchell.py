"""The Mitchell movement: North-South stay, East-West move on by a step each round.

A Mitchell is a fixed movement, so its promises are read this way:

- **the bye rotates fairly**: with an odd field the table after the last has a phantom
  North-South, and the East-West pair that moves onto it sits out. When that pair has sat out
  more often than another pair of the field, it takes the seat of a pair with the fewest byes
  (a North-South pair first, so that the bye reaches the pairs that never move), which sits out
  instead: the lines stay the same size and the movement goes on from there.
- **meetings**: the step decides who meets whom. Left to the movement (`step=None`), it is the
  first step that brings back no meeting already played; if every step does, the seating of
  the step with the fewest is mended as little as it can be (`pair_in_order` on its order), so
  that only the rematches no seating can avoid remain. A step the organiser chose is kept as
  it is: its rematches are reported with the steps that would have avoided them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tournaments.movements.danese_pairing import pair_in_order
from tournaments.movements.draws import random_draw
from tournaments.movements.seating import (
    History,
    Seating,
    TableSeat,
    check_field,
    opponents_met,
    rematches_at,
)


@dataclass(frozen=True)
class MitchellRound:
    """A Mitchell round as the movement seats it, with what the organiser should know."""

    seating: Seating
    step: int
    """The step used (the one chosen, or the one the movement found)."""
    steps_without_rematch: tuple[int, ...] = ()
    """When the step chosen brings back meetings: the steps that would not."""
    mended: bool = False
    """Every step brought back meetings: the tables were mended to avoid the avoidable ones."""


def mitchell_round(
    previous: Seating | None,
    *,
    pairs: Sequence[int],
    step: int | None,
    seed: int,
    history: History = (),
    byes: Mapping[int, int] | None = None,
) -> MitchellRound:
    """The next Mitchell round from the `previous` round's seating (whatever movement made it;
    fitted to the field first if a pair withdrew or joined since). `step=None` lets the
    movement choose the step (see the module's docstring); without a previous round it starts
    from the random draw."""
    field = check_field(pairs)
    if previous is None:
        return MitchellRound(random_draw(field, seed=seed, byes=byes, history=history), step or 1)
    if field_changed(previous, field):
        previous = mitchell_refit(previous, field)
    lines = _positions(previous)
    positions = len(lines[0])
    met = opponents_met(history)

    def moved(by: int) -> Seating:
        _check_step(by, positions)
        return _moved(lines, by, met, byes or {})

    if step is not None:
        seating = moved(step)
        others: tuple[int, ...] = ()
        if seating.rematches:
            others = tuple(
                other
                for other in range(1, positions)
                if other % positions != step % positions and not moved(other).rematches
            )
        return MitchellRound(seating, step, others)
    fewest: tuple[int, Seating] | None = None
    for by in range(1, max(positions, 2)):
        seating = moved(by)  # a field too small for a Mitchell is refused here
        if not seating.rematches:
            return MitchellRound(seating, by)
        if fewest is None or len(seating.rematches) < len(fewest[1].rematches):
            fewest = (by, seating)
    assert fewest is not None
    by, seating = fewest
    order = [pair for table in seating.tables for pair in (table.ns, table.ew)]
    if seating.bye is not None:
        order.append(seating.bye)  # the last in the order sits out if the others can pair
    mended = pair_in_order(order, history=history, byes=byes)
    if len(mended.rematches) < len(seating.rematches):
        return MitchellRound(mended, by, mended=True)
    return MitchellRound(seating, by)


def mitchell(
    previous: Seating | None,
    *,
    pairs: Iterable[int],
    step: int,
    seed: int,
    history: History = (),
    byes: Mapping[int, int] | None = None,
) -> Seating:
    """Next Mitchell round: North-South stay, East-West move `step` tables on (t -> t + step).

    The movement follows from the `previous` round's seating, whatever movement produced it;
    without one it starts from `random_draw(pairs, seed=seed, byes=byes)`. With an odd field
    the table after the last has a phantom North-South: the previous bye sits East-West there,
    and the East-West pair that moves onto it sits out, so the bye rotates through East-West;
    a pair that has sat out more often than another changes places with one that has sat out
    least, who sits out instead (`byes`). A step that repeats meetings in `history` is not
    refused: they are listed in `rematches` (`mitchell_repeats` gives them before choosing the
    step).
    """
    field = check_field(pairs)
    _check_step(step, (len(field) + 1) // 2)
    if previous is None:
        return random_draw(field, seed=seed, byes=byes, history=history)
    if sorted(previous.pairs()) != sorted(field):
        raise ValueError(
            "the field changed since the previous round: "
            "a Mitchell cannot continue, start a new movement"
        )
    return _moved(_positions(previous), step, opponents_met(history), byes or {})


def _moved(
    lines: tuple[list[int | None], list[int]],
    step: int,
    met: Mapping[int, set[int]],
    byes: Mapping[int, int],
) -> Seating:
    """The round after the one whose `lines` (`_positions`) are given, East-West moved `step`."""
    north_south, east_west = lines
    count = len(north_south)
    arriving = [east_west[(position - step) % count] for position in range(count)]
    bye = None
    tables: list[TableSeat] = []
    for position, (ns, ew) in enumerate(zip(north_south, arriving, strict=True)):
        if ns is None:
            bye = ew
        else:
            tables.append(TableSeat(position + 1, ns, ew))
    if bye is not None:
        tables, bye = _fair_bye(tables, bye, byes, met)
    return Seating(tuple(tables), bye, rematches_at(tables, met))


def _fair_bye(
    tables: list[TableSeat], bye: int, byes: Mapping[int, int], met: Mapping[int, set[int]]
) -> tuple[list[TableSeat], int]:
    """The tables and the bye, the bye going to a pair with the fewest `byes`: if the pair the
    phantom table makes sit out has sat out more often than another, it takes the seat of one
    that has sat out least (North-South first, table by table, then East-West), where it meets
    an opponent it has not met if it can; that pair sits out instead."""
    fewest = min(byes.get(pair, 0) for pair in (bye, *(p for t in tables for p in (t.ns, t.ew))))
    if byes.get(bye, 0) == fewest:
        return tables, bye
    places = [(table, True) for table in tables if byes.get(table.ns, 0) == fewest]
    places += [(table, False) for table in tables if byes.get(table.ew, 0) == fewest]
    known = met.get(bye, set())
    table, north_south = next(
        ((t, ns) for t, ns in places if (t.ew if ns else t.ns) not in known), places[0]
    )
    if north_south:
        taken, out = TableSeat(table.number, bye, table.ew), table.ns
    else:
        taken, out = TableSeat(table.number, table.ns, bye), table.ew
    return [taken if t is table else t for t in tables], out


def field_changed(previous: Seating, pairs: Sequence[int]) -> bool:
    """Whether the pairs changed since `previous`, or a withdrawal left one of its tables to a
    bye (its table numbers have a gap)."""
    numbers = sorted(table.number for table in previous.tables)
    gaps = numbers != list(range(1, len(numbers) + 1))
    return gaps or sorted(previous.pairs()) != sorted(pairs)


def mitchell_refit(previous: Seating, pairs: Sequence[int]) -> Seating:
    """The `previous` round's Mitchell lines fitted to a field that changed since (a pair
    withdrew, a late pair joined), so that the movement can go on: a pair gone leaves its
    line, a new pair sits North-South at a new table (North-South stays, so a pair that
    missed rounds does not sit out next), and the lines are evened out by moving the last of
    the other North-South pairs to East-West (East-West may have one pair more: it sits out,
    as in an odd field). The tables before keep their places, so the movement goes on as it
    was; a meeting it brings back is listed like any rematch."""
    field = check_field(pairs)
    present = set(field)
    tables = sorted(previous.tables, key=lambda table: table.number)
    north_south = [table.ns for table in tables if table.ns in present]
    east_west = [table.ew for table in tables if table.ew in present]
    if previous.bye is not None and previous.bye in present:
        east_west.append(previous.bye)
    placed = set(north_south) | set(east_west)
    new = [pair for pair in field if pair not in placed]
    north_south += new
    while len(north_south) > len(east_west):
        movable = [pair for pair in north_south if pair not in new] or north_south
        east_west.append(north_south.pop(north_south.index(movable[-1])))
    while len(east_west) > len(north_south) + 1:
        north_south.append(east_west.pop())
    fitted = tuple(
        TableSeat(number, ns, ew)
        for number, (ns, ew) in enumerate(zip(north_south, east_west, strict=False), 1)
    )
    bye = east_west[-1] if len(east_west) > len(north_south) else None
    return Seating(fitted, bye)


def mitchell_repeats(
    previous: Seating,
    *,
    step: int,
    history: History,
    byes: Mapping[int, int] | None = None,
) -> list[frozenset[int]]:
    """The meetings already in `history` that moving East-West by `step` would bring back."""
    following = mitchell(
        previous, pairs=previous.pairs(), step=step, seed=0, history=history, byes=byes
    )
    return list(following.rematches)


def _check_step(step: int, table_count: int) -> None:
    if table_count < 2:
        raise ValueError("a Mitchell needs at least 2 tables: with 1 table nobody can move")
    if step < 1:
        raise ValueError(f"the Mitchell step must be at least 1 table, got {step}")
    if step % table_count == 0:
        raise ValueError(
            f"step {step} brings East-West back to the table they started at: "
            f"with {table_count} tables choose a step from 1 to {table_count - 1}"
        )


def _positions(previous: Seating) -> tuple[list[int | None], list[int]]:
    """North-South and East-West pair at each table position; a phantom North-South is None."""
    tables = sorted(previous.tables, key=lambda table: table.number)
    if [table.number for table in tables] != list(range(1, len(tables) + 1)):
        raise ValueError("a Mitchell continues from tables numbered 1, 2, 3, ... without gaps")
    north_south: list[int | None] = [table.ns for table in tables]
    east_west = [table.ew for table in tables]
    if previous.bye is not None:
        north_south.append(None)
        east_west.append(previous.bye)
    return north_south, east_west
