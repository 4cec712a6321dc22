"""The round robin after a change: the rounds still to play planned again from what was played.

The Berger tables hold only while the field is the one they were drawn for. Once a pair has
withdrawn or joined (or another movement, or a swap, came in between), the next round is the
first of a plan of the rounds still to play in which no two pairs meet again and each bye goes
to a pair with the fewest rounds out. The plan is searched depth first, round by round: the
pair that sits out among those with the fewest byes, then a perfect matching of the others over
"not met yet" (the pair with the fewest possible opponents first); a branch is cut as soon as a
pair has fewer opponents left to meet than rounds it must still play. When no such plan exists
for all the rounds left, the longest that exists is used; when not even one round can be
seated without a rematch, the round has the fewest rematches possible (`pair_in_order`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from tournaments.movements.danese_pairing import pair_in_order
from tournaments.movements.draws import round_robin
from tournaments.movements.seating import (
    History,
    Seating,
    TableSeat,
    check_field,
    opponents_met,
    rematches_at,
)

#: Search steps (an opponent tried) allowed for the plans of two rounds or more, shared by all
#: of them: a few tenths of a second. A field of 8 to 12 pairs needs a few hundred.
REPLAN_BUDGET = 60_000

_Round = tuple[int | None, list[tuple[int, int]]]


class _OutOfBudget(Exception):
    pass


def berger_continues(
    pairs: Sequence[int], *, played: int, history: History, byes: Mapping[int, int]
) -> bool:
    """Whether the rounds played are exactly Berger rounds 1 to `played` of this field (same
    meetings, same byes), so that the Berger tables can go on: the field never changed."""
    count = len(pairs) if len(pairs) % 2 else len(pairs) - 1
    if played >= count:
        return False
    berger = [round_robin(pairs, round_number=number) for number in range(1, played + 1)]
    meetings = {frozenset(meeting) for seating in berger for meeting in seating.meetings()}
    met = opponents_met(history)
    played_meetings = {frozenset((pair, other)) for pair in met for other in met[pair]}
    sat_out = {seating.bye for seating in berger if seating.bye is not None}
    out = {pair for pair, count in byes.items() if count}
    return played_meetings == meetings and out == sat_out


def round_robin_replanned(
    pairs: Sequence[int],
    *,
    history: History = (),
    byes: Mapping[int, int] | None = None,
    rounds: int = 1,
    budget: int = REPLAN_BUDGET,
) -> Seating:
    """The next round of a round robin whose `rounds` still to play (this one included) are
    planned again from `history` and `byes` (see the module's docstring). Tables in order of
    their lower pair number (as listed in `pairs`), which sits North-South."""
    field = check_field(pairs)
    count = len(field)
    met = opponents_met(history)
    index = {pair: position for position, pair in enumerate(field)}
    not_met = [0] * count
    for position, pair in enumerate(field):
        for other_position, other in enumerate(field):
            if other != pair and other not in met.get(pair, ()):
                not_met[position] |= 1 << other_position
    counts = [(byes or {}).get(pair, 0) for pair in field]
    search = _Search(count, budget)
    for ahead in range(min(rounds, count), 1, -1):
        try:
            plan = search.plan(not_met, counts, ahead)
        except _OutOfBudget:
            break
        if plan is not None:
            bye, tables = plan[0]
            seats = (
                TableSeat(number, field[a], field[b]) for number, (a, b) in enumerate(tables, 1)
            )
            return Seating(tuple(seats), None if bye is None else field[bye])
    # one round: the closest to pair-number order with the fewest rematches and a fair bye
    seating = pair_in_order(field, history=history, byes=byes)
    by_number = sorted(seating.tables, key=lambda table: min(index[table.ns], index[table.ew]))
    ordered = tuple(
        TableSeat(number, *sorted((table.ns, table.ew), key=index.__getitem__))
        for number, table in enumerate(by_number, 1)
    )
    return Seating(ordered, seating.bye, rematches_at(ordered, met), seating.budget_exhausted)


class _Search:
    """Depth-first search for rounds without a rematch, over bit masks of "not met yet"."""

    def __init__(self, count: int, budget: int) -> None:
        self.count = count
        self.budget = budget

    def spend(self) -> None:
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfBudget

    def plan(self, not_met: list[int], counts: list[int], ahead: int) -> list[_Round] | None:
        """`ahead` rounds without a rematch, each bye among the fewest byes; None if none."""
        if ahead == 0:
            return []
        if not self._feasible(not_met, counts, ahead):
            return None
        everyone = (1 << self.count) - 1
        if self.count % 2:
            fewest = min(counts)
            # the highest-numbered first, as the Berger tables' phantom meets the last number
            sitting_out: list[int | None] = [
                pair for pair in reversed(range(self.count)) if counts[pair] == fewest
            ]
        else:
            sitting_out = [None]
        for bye in sitting_out:
            playing = everyone if bye is None else everyone & ~(1 << bye)
            after = counts if bye is None else [c + (p == bye) for p, c in enumerate(counts)]
            for tables in self._matchings(playing, not_met):
                left = not_met[:]
                for a, b in tables:
                    left[a] &= ~(1 << b)
                    left[b] &= ~(1 << a)
                rest = self.plan(left, after, ahead - 1)
                if rest is not None:
                    return [(bye, sorted(tables)), *rest]
        return None

    def _feasible(self, not_met: list[int], counts: list[int], ahead: int) -> bool:
        """Each pair has at least as many opponents left as rounds it must still play, and the
        rounds it may sit out (with the byes fair) are enough for those it cannot play."""
        short = 0
        for pair in range(self.count):
            missing = ahead - not_met[pair].bit_count()
            if missing <= 0:
                continue
            if self.count % 2 == 0 or missing > _most_byes(pair, counts, ahead):
                return False
            short += missing
        return short <= (ahead if self.count % 2 else 0)

    def _matchings(self, playing: int, not_met: list[int]) -> Iterator[list[tuple[int, int]]]:
        """Every perfect matching of the pairs in `playing` over `not_met`: the pair with the
        fewest possible opponents is seated first, with the opponent that has fewest."""
        if not playing:
            yield []
            return
        first, options = -1, 0
        for pair in _bits(playing):
            choices = not_met[pair] & playing
            if not choices:
                return
            if first == -1 or choices.bit_count() < options.bit_count():
                first, options = pair, choices
        rest = playing & ~(1 << first)
        opponents = sorted(_bits(options), key=lambda o: ((not_met[o] & rest).bit_count(), o))
        for opponent in opponents:
            self.spend()
            for tables in self._matchings(rest & ~(1 << opponent), not_met):
                yield [(min(first, opponent), max(first, opponent)), *tables]


def _most_byes(pair: int, counts: list[int], ahead: int) -> int:
    """The most byes `pair` can get in `ahead` rounds if each goes to a pair with the fewest:
    before its k-th, every other pair must have caught up with it."""
    most = 0
    while most < ahead:
        level = counts[pair] + most  # its count when it would sit out once more
        needed = sum(max(0, level - c) for other, c in enumerate(counts) if other != pair)
        if needed + most + 1 > ahead:
            break
        most += 1
    return most


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
