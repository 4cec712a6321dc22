"""The draws: the random draw and the round robin's Berger tables."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from tournaments.movements.danese_pairing import pair_in_order
from tournaments.movements.seating import History, Seating, TableSeat, check_field


def random_draw(
    pairs: Iterable[int],
    *,
    seed: int,
    byes: Mapping[int, int] | None = None,
    history: History = (),
) -> Seating:
    """Seeded shuffle; consecutive pairs meet, tables in draw order, the first drawn sits NS.

    The draw depends only on the set of pair ids and the seed, not on the order they are given
    in. With an odd field the last drawn among the pairs with the fewest `byes` sits out. Where
    the draw would bring back a meeting of `history`, the seating is the one closest to the draw
    without it (`pair_in_order`: the Danese's search, on the drawn order): a rematch only when
    none can be avoided, and a pair that sits out chosen so that the others can pair.
    """
    order = sorted(check_field(pairs))
    random.Random(seed).shuffle(order)
    return pair_in_order(order, history=history, byes=byes)


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
