"""The fixed movements: random draw, Mitchell (with its repeat warning) and round robin."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from tournaments.movements.seating import (
    History,
    Seating,
    TableSeat,
    check_field,
    opponents_met,
    pick_bye,
    rematches_at,
)


def random_draw(
    pairs: Iterable[int],
    *,
    seed: int,
    byes: Mapping[int, int] | None = None,
    history: History = (),
) -> Seating:
    """Seeded shuffle; consecutive pairs meet, tables in draw order, the first drawn sits NS.

    The draw depends only on the set of pair ids and the seed, not on the order they are given
    in. With an odd field a random pair among those with the fewest `byes` sits out. `history` is
    only used to report rematches: a draw does not avoid them.
    """
    order = sorted(check_field(pairs))
    random.Random(seed).shuffle(order)
    bye = None
    if len(order) % 2:
        bye = pick_bye(order, byes)
        order.remove(bye)
    tables = tuple(
        TableSeat(number, order[2 * number - 2], order[2 * number - 1])
        for number in range(1, len(order) // 2 + 1)
    )
    return Seating(tables, bye, rematches_at(tables, opponents_met(history)))


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
    and the East-West pair that moves onto it sits out, so the bye rotates through East-West.
    A step that repeats meetings in `history` is not refused: they are listed in `rematches`
    (`mitchell_repeats` gives them before choosing the step).
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
    north_south, east_west = _positions(previous)
    count = len(north_south)
    arriving = [east_west[(position - step) % count] for position in range(count)]
    bye = None
    tables: list[TableSeat] = []
    for position, (ns, ew) in enumerate(zip(north_south, arriving, strict=True)):
        if ns is None:
            bye = ew
        else:
            tables.append(TableSeat(position + 1, ns, ew))
    return Seating(tuple(tables), bye, rematches_at(tables, opponents_met(history)))


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


def mitchell_repeats(previous: Seating, *, step: int, history: History) -> list[frozenset[int]]:
    """The meetings already in `history` that moving East-West by `step` would bring back."""
    following = mitchell(previous, pairs=previous.pairs(), step=step, seed=0, history=history)
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


def round_robin(pairs: Sequence[int], *, round_number: int) -> Seating:
    """Round `round_number` of an all-play-all, as in the Berger tables (circle method).

    A pair's position in `pairs` is its Berger number. With n pairs there are n - 1 rounds
    (n even) or n rounds (n odd: a phantom takes number n + 1 and its opponent sits out). The
    last number stays at table 1, North-South in even rounds and East-West in odd ones; the
    others turn n/2 places round the circle each round. White in the Berger tables sits NS.
    """
    field = check_field(pairs)
    players: list[int | None] = [*field, None] if len(field) % 2 else list(field)
    rounds = len(players) - 1
    if not 1 <= round_number <= rounds:
        raise ValueError(
            f"round {round_number} does not exist: "
            f"a round robin of {len(field)} pairs has rounds 1 to {rounds}"
        )
    fixed, others = players[-1], players[:-1]
    shift = (round_number - 1) * len(players) // 2
    circle = [others[(shift + position) % rounds] for position in range(rounds)]
    meetings = [(fixed, circle[0]) if round_number % 2 == 0 else (circle[0], fixed)]
    meetings += [(circle[k], circle[rounds - k]) for k in range(1, len(players) // 2)]
    bye = None
    tables: list[TableSeat] = []
    for ns, ew in meetings:
        if ns is None or ew is None:
            bye = ns if ew is None else ew
        else:
            tables.append(TableSeat(len(tables) + 1, ns, ew))
    return Seating(tuple(tables), bye)
