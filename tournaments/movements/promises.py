"""The two promises of a round, checked on a seating: no pair sits out twice while another has
not, and no two pairs meet again while a seating without a rematch exists.

`promises_of` says which promise a seating breaks and for whom, and whether another seating
could have kept it, so that the page that seats the round can say so before seating. The bye
comes first: a seating must give the bye to a pair with the fewest rounds out, and among those
seatings the fewest rematches are the ones no seating can avoid.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tournaments.movements.danese_pairing import (
    DEFAULT_NODE_BUDGET,
    byes_without_rematch,
    fewest_rematches,
)
from tournaments.movements.matching import OutOfBudget
from tournaments.movements.seating import History, Seating, fewest_byes, rematches_in


@dataclass(frozen=True)
class Promises:
    bye: int | None
    sat_out_less: tuple[int, ...]
    """Pairs of the field that have sat out fewer times than the bye: the bye promise breaks
    for them (empty: it holds)."""
    rematches: tuple[frozenset[int], ...]
    """The meetings of the seating already played, in table order."""
    fewest_rematches: int
    """The fewest rematches a seating with a fair bye can have: those no seating avoids."""
    byes_without_rematch: tuple[int, ...] = ()
    """When every seating with a fair bye has a rematch: the pairs whose bye, though they have
    sat out more than another, would let the others pair without one."""

    @property
    def rematch_avoidable(self) -> bool:
        return len(self.rematches) > self.fewest_rematches


def promises_of(
    seating: Seating,
    *,
    history: History,
    byes: Mapping[int, int] | None = None,
    node_budget: int = DEFAULT_NODE_BUDGET,
) -> Promises:
    """What `seating` keeps of the two promises, given the meetings and byes so far (`byes`:
    rounds out, a late pair's missed rounds counted). A search that runs out of budget counts
    the seating's rematches as unavoidable."""
    field = list(seating.pairs())
    counts = byes or {}
    sat_out_less: tuple[int, ...] = ()
    if seating.bye is not None:
        own = counts.get(seating.bye, 0)
        sat_out_less = tuple(sorted(pair for pair in field if counts.get(pair, 0) < own))
    rematches = rematches_in(seating, history)
    if not rematches:
        return Promises(seating.bye, sat_out_less, rematches, 0)
    fair = list(reversed(fewest_byes(field, counts))) if len(field) % 2 else []
    try:
        fewest, _bye = fewest_rematches(
            field, history=history, sitting_out=fair, node_budget=node_budget
        )
    except OutOfBudget:
        return Promises(seating.bye, sat_out_less, rematches, len(rematches))
    others: list[int] = []
    if fewest and fair:
        unfair = [pair for pair in field if pair not in fair]
        try:
            others = byes_without_rematch(
                field, history=history, candidates=unfair, node_budget=node_budget
            )
        except OutOfBudget:
            others = []
    return Promises(seating.bye, sat_out_less, rematches, fewest, tuple(sorted(others)))
