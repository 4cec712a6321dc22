"""Movements: who plays whom in a round, at which table and in which seat.

This package owns the pairing rules of a club Burraco tournament and nothing else: the random
draw, the Mitchell movement (North-South stay, East-West move), the Danese (Swiss-like: 1st v 2nd,
3rd v 4th, no rematch while one can be avoided), the round robin (Berger tables, planned again
when the field changes), the bye of an odd field ("tavolo zoppo"), the organiser's manual swap,
and the two promises of every round: no pair sits out twice while another has not, no two
pairs meet again while a seating without a rematch exists. It is pure standard-library Python
on integer pair ids, with no Django, no database and no scoring: the caller reads standings and
history, and saves the `Seating`.

History is given either as the meetings played, ``[(ns, ew), ...]`` (e.g. chained
``Seating.meetings()``), or as a mapping ``pair -> opponents met``; both are read symmetrically.
Byes are given as ``pair -> rounds out`` (byes taken, and a late pair's missed rounds).

Modules: `seating` (the result types, swap, rematches), `draws` (random draw, Berger tables),
`mitchell` (the Mitchell and its step), `replan` (the round robin after a change),
`danese_pairing` (the Danese search, also the draw's and the mend's), `matching` (the exact
check it prunes with), `promises` (what a seating keeps of the two promises) and `registry`
(every movement by its slug, the one place that picks the function).

Individual tournaments (entrants are players, partners change every round) have their own
movements on integer player ids: `individual` (the round of four seats, the history read, fair
byes, `NoIndividualSeating`), `individual_danese` (the random draw and the Danese),
`individual_schedules` (the 8-player schedule, the 12-player rotation), `individual_balance`
(the arbiter's report) and `individual_registry` (`seat_individual_round`).
"""

from tournaments.movements.danese_pairing import DEFAULT_NODE_BUDGET, danese, pair_in_order
from tournaments.movements.draws import random_draw, round_robin
from tournaments.movements.individual import (
    IndividualHistory,
    IndividualRound,
    IndividualTable,
    NoIndividualSeating,
    Position,
    Refusal,
)
from tournaments.movements.individual_balance import Balance, PlayerBalance, balance_of
from tournaments.movements.individual_danese import (
    TableOrder,
    individual_danese,
    individual_random,
)
from tournaments.movements.individual_registry import (
    INDIVIDUAL_MOVEMENTS,
    IndividualRequest,
    seat_individual_round,
)
from tournaments.movements.individual_schedules import ROTATION_12, SCHEDULE_8, schedule_round
from tournaments.movements.mitchell import (
    MitchellRound,
    mitchell,
    mitchell_refit,
    mitchell_repeats,
    mitchell_round,
)
from tournaments.movements.promises import Promises, promises_of
from tournaments.movements.registry import MOVEMENTS, Seated, SeatingRequest, seat_round
from tournaments.movements.replan import (
    berger_continues,
    berger_with_gaps,
    round_robin_replanned,
)
from tournaments.movements.seating import History, Seating, TableSeat, rematches_in, swap_pairs

__all__ = [
    "DEFAULT_NODE_BUDGET",
    "INDIVIDUAL_MOVEMENTS",
    "MOVEMENTS",
    "ROTATION_12",
    "SCHEDULE_8",
    "Balance",
    "History",
    "IndividualHistory",
    "IndividualRequest",
    "IndividualRound",
    "IndividualTable",
    "MitchellRound",
    "NoIndividualSeating",
    "PlayerBalance",
    "Position",
    "Promises",
    "Refusal",
    "Seated",
    "Seating",
    "SeatingRequest",
    "TableOrder",
    "TableSeat",
    "balance_of",
    "berger_continues",
    "berger_with_gaps",
    "danese",
    "individual_danese",
    "individual_random",
    "mitchell",
    "mitchell_refit",
    "mitchell_repeats",
    "mitchell_round",
    "pair_in_order",
    "promises_of",
    "random_draw",
    "rematches_in",
    "round_robin",
    "round_robin_replanned",
    "schedule_round",
    "seat_individual_round",
    "seat_round",
    "swap_pairs",
]
