"""The round robin after a change: the rounds still to play planned again from what was played.

The Berger tables hold while the field is the one they were drawn for (`berger_continues`).
When a pair has withdrawn from an even field, or a late pair has joined an odd one, the tables
drawn for every pair entered still fit (`berger_with_gaps`): a pair gone leaves its opponent of
the round a bye, a late pair takes the phantom's place; their meetings so far are the ones
played, so the rounds left bring no rematch and each pair sits out at most once.

Otherwise (two pairs gone, a late pair in an even field, another movement or a swap in between)
the next round is the first of a plan of the rounds still to play in which no two pairs meet
again and each bye goes to a pair with the fewest rounds out. The plan is searched depth first,
round by round: the pair that sits out among those with the fewest byes (the one with fewest
opponents left first), then a perfect matching of the others over "not met yet" (the pair with
the fewest possible opponents first); a branch is cut as soon as a pair has fewer opponents
left to meet than rounds it must still play. When no plan exists for all the rounds left, one
round fewer is tried, and so on; once the search's budget is spent, or with one round left,
the round is seated on its own: without a rematch if it can be, else with the fewest possible
(`pair_in_order`), its bye among the fewest byes either way.
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

#: Search steps allowed for the plans of two rounds or more, shared by all of them: about a
#: tenth of a second. Fields of up to 12 pairs need a few hundred; a larger field whose plan
#: is not found in time is seated one round at a time, still without a rematch where it can.
REPLAN_BUDGET = 20_000

_Round = tuple[int | None, list[tuple[int, int]]]


class _OutOfBudget(Exception):
    pass


def berger_continues(
    pairs: Sequence[int], *, played: int, history: History, byes: Mapping[int, int]
) -> bool:
    """Whether the rounds played are exactly Berger rounds 1 to `played` of this field (same
    meetings, same byes), so that the Berger tables can go on: the field never changed."""
    if played >= _berger_rounds(len(pairs)):
        return False
    berger = [round_robin(pairs, round_number=number) for number in range(1, played + 1)]
    meetings = {frozenset(meeting) for seating in berger for meeting in seating.meetings()}
    sat_out = {seating.bye for seating in berger if seating.bye is not None}
    out = {pair for pair, count in byes.items() if count}
    return _played(history) == meetings and out == sat_out


def berger_with_gaps(
    entrants: Sequence[int],
    pairs: Sequence[int],
    *,
    played: int,
    history: History,
    byes: Mapping[int, int],
) -> Seating | None:
    """Round `played` + 1 of the Berger tables of every pair entered that is still here or has
    played (`entrants`, in pair-number order: a late pair last, in the phantom's place), with a
    pair gone leaving its opponent a bye; None when those tables do not fit what was played
    (a meeting played that they do not hold), or the round would leave more than one pair
    without an opponent, bring a rematch or give the bye to a pair that has sat out more."""
    met = opponents_met(history)
    present = set(pairs)
    drawn = [pair for pair in entrants if pair in present or pair in met]
    if played >= _berger_rounds(len(drawn)) or not present <= set(drawn):
        return None
    berger = [round_robin(drawn, round_number=number) for number in range(1, played + 1)]
    if not _played(history) <= {frozenset(m) for seating in berger for m in seating.meetings()}:
        return None
    following = round_robin(drawn, round_number=played + 1)
    kept = [t for t in following.tables if t.ns in present and t.ew in present]
    seated = {pair for table in kept for pair in (table.ns, table.ew)}
    idle = [pair for pair in pairs if pair not in seated]
    if len(idle) > 1:
        return None
    tables = tuple(TableSeat(number, t.ns, t.ew) for number, t in enumerate(kept, 1))
    bye = idle[0] if idle else None
    if bye is not None and byes.get(bye, 0) > min(byes.get(pair, 0) for pair in pairs):
        return None
    if rematches_at(tables, met):
        return None
    return Seating(tables, bye)


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


def _berger_rounds(count: int) -> int:
    """How many rounds the Berger tables of `count` pairs have."""
    return count if count % 2 else count - 1


def _played(history: History) -> set[frozenset[int]]:
    met = opponents_met(history)
    return {frozenset((pair, other)) for pair in met for other in met[pair]}


class _Search:
    """Depth-first search for rounds without a rematch, over bit masks of "not met yet"."""

    def __init__(self, count: int, budget: int) -> None:
        self.count = count
        self.budget = budget

    def spend(self, steps: int = 1) -> None:
        self.budget -= steps
        if self.budget < 0:
            raise _OutOfBudget

    def plan(self, not_met: list[int], counts: list[int], ahead: int) -> list[_Round] | None:
        """`ahead` rounds without a rematch, each bye among the fewest byes; None if none."""
        if ahead == 0:
            return []
        self.spend(self.count)
        if not self._feasible(not_met, counts, ahead):
            return None
        everyone = (1 << self.count) - 1
        if self.count % 2:
            fewest = min(counts)
            # the pair with the fewest opponents left sits out first: it needs it most
            candidates = [pair for pair in range(self.count) if counts[pair] == fewest]
            candidates.sort(key=lambda pair: (not_met[pair].bit_count(), -pair))
            sitting_out: list[int | None] = [*candidates]
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
