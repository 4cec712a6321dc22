"""Movements: who plays whom in a round, at which table and in which seat.

This package owns the pairing rules of a club Burraco tournament and nothing else: the random
draw, the Mitchell movement (North-South stay, East-West move), the Danese (Swiss-like: 1st v 2nd,
3rd v 4th, no rematch while one can be avoided), the round robin (Berger tables), the bye of an
odd field ("tavolo zoppo"), the organiser's manual swap, and spotting rematches against the
meetings already played. It is pure standard-library Python on integer pair ids, with no Django,
no database and no scoring: the caller reads standings and history, and saves the `Seating`.

History is given either as the meetings played, ``[(ns, ew), ...]`` (e.g. chained
``Seating.meetings()``), or as a mapping ``pair -> opponents met``; both are read symmetrically.

Modules: `seating` (the result types, swap, rematches), `draws` (random draw, Mitchell, round
robin), `danese_pairing` (the Danese search), `matching` (the exact check it prunes with) and
`registry` (every movement by its slug, the one place that picks the function).
"""

from tournaments.movements.danese_pairing import DEFAULT_NODE_BUDGET, danese
from tournaments.movements.draws import (
    mitchell,
    mitchell_refit,
    mitchell_repeats,
    random_draw,
    round_robin,
)
from tournaments.movements.registry import MOVEMENTS, Seated, SeatingRequest, seat_round
from tournaments.movements.seating import History, Seating, TableSeat, rematches_in, swap_pairs

__all__ = [
    "DEFAULT_NODE_BUDGET",
    "MOVEMENTS",
    "History",
    "Seated",
    "Seating",
    "SeatingRequest",
    "TableSeat",
    "danese",
    "mitchell",
    "mitchell_refit",
    "mitchell_repeats",
    "random_draw",
    "rematches_in",
    "round_robin",
    "seat_round",
    "swap_pairs",
]
