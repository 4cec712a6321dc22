"""The Danese (Swiss-like) round: 1st v 2nd, 3rd v 4th, ... and no rematch while avoidable.

The same search pairs any order closest to 1st v 2nd, 3rd v 4th (`pair_in_order`): the random
draw's shuffled order, a Mitchell seating to mend. With an odd field the pair that sits out is
chosen with the pairing: among those with the fewest byes, the one the others pair best without.

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
    fewest_byes,
    opponents_met,
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

    This is `pair_in_order` with the standings as the order: see there for the bye, the
    rematches and the table order.
    """
    return pair_in_order(standings, history=history, byes=byes, node_budget=node_budget)


def pair_in_order(
    order: Sequence[int],
    *,
    history: History = (),
    byes: Mapping[int, int] | None = None,
    node_budget: int = DEFAULT_NODE_BUDGET,
) -> Seating:
    """The pairing of `order` (the Danese's standings, a draw's order) closest to 1st v 2nd,
    3rd v 4th, ... that keeps both promises of a round.

    With an odd field the bye is chosen together with the pairing: among the pairs with the
    fewest `byes` (so no pair sits out twice while another has not), the lowest-ranked one
    whose absence lets the others pair without a rematch; if none does, the lowest-ranked one
    that leaves the fewest rematches. The pairing of the others is the one that

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
    leftover pairs meet in ranking order; the bye is the lowest-ranked pair with the fewest
    byes) and the result says `budget_exhausted=True`.
    """
    field = check_field(order)
    rank = {pair: index for index, pair in enumerate(field)}
    met = _met_by_rank(field, history)
    matching = MaximumMatching(met, node_budget)
    bye: int | None = None
    exhausted = False
    try:
        matching.maximise()
    except OutOfBudget:
        exhausted = True
    if len(field) % 2:
        candidates = [rank[pair] for pair in reversed(fewest_byes(field, byes))]
        bye = candidates[0]
        if not exhausted:
            try:
                bye, _rematches = _choose_bye(matching, candidates)
            except OutOfBudget:
                exhausted = True
        if exhausted:
            matching.drop(bye)
    if exhausted:
        pairing = matching.leftover_tables()
    else:
        pairing, exhausted = _closest_pairing(matching, met)
    tables = tuple(
        TableSeat(number, field[better], field[worse])
        for number, (better, worse) in enumerate(sorted(pairing), start=1)
    )
    rematches = tuple(table.meeting for table in tables if rank[table.ew] in met[rank[table.ns]])
    return Seating(tables, None if bye is None else field[bye], rematches, exhausted)


def fewest_rematches(
    pairs: Sequence[int],
    *,
    history: History = (),
    sitting_out: Sequence[int] = (),
    node_budget: int = DEFAULT_NODE_BUDGET,
) -> tuple[int, int | None]:
    """The fewest rematches a round of `pairs` can have, and with an odd field the pair of
    `sitting_out` (those allowed to sit out, in order of preference) that gives it: the first
    whose absence lets the others pair with that few. OutOfBudget if the search runs out."""
    field = check_field(pairs)
    rank = {pair: index for index, pair in enumerate(field)}
    matching = MaximumMatching(_met_by_rank(field, history), node_budget)
    matching.maximise()
    if len(field) % 2 == 0:
        return len(matching.free) // 2, None
    if not sitting_out:
        raise ValueError("an odd field needs a pair that may sit out")
    bye, rematches = _choose_bye(matching, [rank[pair] for pair in sitting_out])
    return rematches, field[bye]


def byes_without_rematch(
    pairs: Sequence[int],
    *,
    history: History = (),
    candidates: Sequence[int],
    node_budget: int = DEFAULT_NODE_BUDGET,
) -> list[int]:
    """The pairs of `candidates` whose bye lets the rest of the odd field `pairs` pair without
    a rematch. OutOfBudget if the search runs out."""
    field = check_field(pairs)
    rank = {pair: index for index, pair in enumerate(field)}
    matching = MaximumMatching(_met_by_rank(field, history), node_budget)
    matching.maximise()
    found = []
    for pair in candidates:
        saved = matching.save()
        matching.remove(rank[pair])
        if not matching.free:
            found.append(pair)
        matching.restore(saved)
    return found


def _met_by_rank(field: list[int], history: History) -> list[set[int]]:
    """For each rank, the ranks of the pairs of `field` it has met."""
    opponents = opponents_met(history)
    rank = {pair: index for index, pair in enumerate(field)}
    return [{rank[other] for other in opponents.get(pair, ()) if other in rank} for pair in field]


def _choose_bye(matching: MaximumMatching, candidates: list[int]) -> tuple[int, int]:
    """The first of `candidates` (ranks) whose absence leaves the fewest rematches, and that
    number; `matching` (maximum, over the whole field) is left maximum without it."""
    best: tuple[int, int] | None = None
    for candidate in candidates:
        saved = matching.save()
        try:
            matching.remove(candidate)
        except OutOfBudget:
            matching.restore(saved)
            raise
        left_over = len(matching.free) // 2
        if left_over == 0:
            return candidate, 0
        if best is None or left_over < best[1]:
            best = (candidate, left_over)
        matching.restore(saved)
    assert best is not None, "an odd field has a pair that may sit out"
    saved = matching.save()
    try:
        matching.remove(best[0])
    except OutOfBudget:
        matching.restore(saved)
        raise
    return best


def _closest_pairing(
    matching: MaximumMatching, met: list[set[int]]
) -> tuple[list[tuple[int, int]], bool]:
    """Tables as (better rank, worse rank) for the ranks still in the maximum `matching`, and
    whether the budget ran out."""
    tables: list[tuple[int, int]] = []
    try:
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
