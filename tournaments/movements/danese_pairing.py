"""The Danese (Swiss-like) round: 1st v 2nd, 3rd v 4th, ... and no rematch while avoidable.

The search seats the standings top down. The top unseated pair takes the best-ranked opponent
it has not met; before a table is accepted the rest of the field is checked for a completion,
and when there is none the next opponent is tried (backtracking). The check is exact, a maximum
matching of the "not met yet" graph (see `matching`), so a dead branch is cut at its first table
instead of being explored, and a table once accepted never has to be undone. The first complete
pairing found is therefore the one closest to the ideal order.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from tournaments.movements.matching import MaximumMatching, OutOfBudget
from tournaments.movements.seating import (
    History,
    Seating,
    TableSeat,
    check_field,
    opponents_met,
    pick_bye,
)

#: Search steps allowed before falling back (a step = one pair looked at): about half a second
#: of work. 500 pairs with 10 rounds of history need from 0 (the plain 1v2, 3v4 order works) to
#: about 130 000 (standings that barely move, so neighbours have mostly met).
DEFAULT_NODE_BUDGET = 5_000_000


def danese(
    standings: Sequence[int],
    *,
    history: History = (),
    byes: Mapping[int, int] | None = None,
    node_budget: int = DEFAULT_NODE_BUDGET,
) -> Seating:
    """Danese round from the standings (best first): 1st v 2nd, 3rd v 4th, ... without rematches.

    With an odd field the lowest-ranked pair among those with the fewest `byes` sits out first.
    The pairing of the others is the one that

    1. has the fewest rematches possible: none whenever a rematch-free pairing exists, else the
       proven minimum (the pairs a maximum "not met yet" matching must leave over, halved);
    2. among those, is closest to the ideal order: the top pair gets the best-ranked opponent it
       can, then the next unseated pair, and so on; a pair takes an opponent it has already met
       only where the minimum number of rematches cannot be kept otherwise.

    Table 1 is the top pairing; North-South is the better-ranked pair of the two. The result is
    deterministic: it is the unique optimum of the rules above, whatever the search did inside.

    If `node_budget` steps are spent (a pathological history, far beyond a real tournament),
    the tables found so far are kept, the rest are seated as the current maximum matching pairs
    them (still the fewest rematches, unless the budget ran out while computing that matching;
    leftover pairs meet in ranking order) and the result says `budget_exhausted=True`.
    """
    field = check_field(standings)
    bye = None
    if len(field) % 2:
        bye = pick_bye(field, byes)
        field.remove(bye)
    opponents = opponents_met(history)
    rank = {pair: index for index, pair in enumerate(field)}
    met = [{rank[other] for other in opponents.get(pair, ()) if other in rank} for pair in field]
    pairing, exhausted = _closest_pairing(met, node_budget)
    tables = tuple(
        TableSeat(number, field[better], field[worse])
        for number, (better, worse) in enumerate(sorted(pairing), start=1)
    )
    rematches = tuple(table.meeting for table in tables if rank[table.ew] in met[rank[table.ns]])
    return Seating(tables, bye, rematches, exhausted)


def _closest_pairing(met: list[set[int]], node_budget: int) -> tuple[list[tuple[int, int]], bool]:
    """Tables as (better rank, worse rank) for ranks 0..n-1, and whether the budget ran out."""
    matching = MaximumMatching(met, node_budget)
    tables: list[tuple[int, int]] = []
    try:
        matching.maximise()
        rematches_left = len(matching.free) // 2  # the fewest the whole round can have
        while matching.order:
            top = matching.order[0]
            for opponent, rematch in _candidates(matching.order[1:], met[top], rematches_left):
                if matching.mate[top] == opponent:  # the matching already completes the rest
                    matching.seat(top, opponent)
                    break
                matching.spend(len(matching.order))
                saved = matching.save()
                try:
                    matching.seat(top, opponent)
                except OutOfBudget:
                    matching.restore(saved)
                    raise
                if len(matching.free) // 2 <= rematches_left - rematch:
                    rematches_left -= rematch
                    break
                matching.restore(saved)  # the rest cannot be completed: try the next opponent
            else:  # pragma: no cover - the matching always completes the rest with some opponent
                raise AssertionError(f"no opponent left for rank {top}")
            tables.append((top, opponent))
    except OutOfBudget:
        return tables + matching.leftover_tables(), True
    return tables, False


def _candidates(
    others: list[int], met_top: set[int], rematches_left: int
) -> Iterator[tuple[int, int]]:
    """Opponents for the top pair, best-ranked first: those not met, then (if allowed) rematches.

    Yields (opponent, 1 if it is a rematch else 0).
    """
    for other in others:
        if other not in met_top:
            yield other, 0
    if rematches_left:
        for other in others:
            if other in met_top:
                yield other, 1
