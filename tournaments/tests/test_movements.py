"""Tests for tournaments.movements: hand-worked seatings and hypothesis properties.

Plain functions, no database and no Django: run with ``pytest -p no:django`` if need be.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements import (
    Seating,
    TableSeat,
    danese,
    mitchell,
    mitchell_repeats,
    random_draw,
    rematches_in,
    round_robin,
    swap_pairs,
)

Meeting = tuple[int, int]


def seats(seating: Seating) -> list[Meeting]:
    """The tables as (ns, ew) in table-number order."""
    return [(t.ns, t.ew) for t in sorted(seating.tables, key=lambda t: t.number)]


def seating_of(*tables: Meeting, bye: int | None = None) -> Seating:
    return Seating(tuple(TableSeat(n, ns, ew) for n, (ns, ew) in enumerate(tables, 1)), bye)


def assert_everyone_once(seating: Seating, field: Sequence[int]) -> None:
    assert sorted(seating.pairs()) == sorted(field)
    assert [t.number for t in seating.tables] == list(range(1, len(field) // 2 + 1))
    assert (seating.bye is not None) == (len(field) % 2 == 1)


def closest_pairing(standings: Sequence[int], history: Sequence[Meeting]) -> list[Meeting]:
    """Reference Danese by exhaustive dynamic programming over the set of pairs left (n <= 14).

    Fewest rematches first; then, table by table from the top, the best-ranked opponent not
    met, or the best-ranked met one if a rematch is needed there.
    """
    rank = {pair: index for index, pair in enumerate(standings)}
    met = [0] * len(standings)
    for a, b in history:
        if a in rank and b in rank:
            met[rank[a]] |= 1 << rank[b]
            met[rank[b]] |= 1 << rank[a]

    def options(left: int) -> tuple[int, list[tuple[int, int]]]:
        top = (left & -left).bit_length() - 1
        others = [j for j in range(len(standings)) if left >> j & 1 and j != top]
        ordered = [j for j in others if not met[top] >> j & 1] + [
            j for j in others if met[top] >> j & 1
        ]
        return top, [(j, met[top] >> j & 1) for j in ordered]

    @cache
    def fewest(left: int) -> int:
        if not left:
            return 0
        top, choices = options(left)
        return min(cost + fewest(left & ~(1 << top) & ~(1 << j)) for j, cost in choices)

    left, tables = (1 << len(standings)) - 1, []
    while left:
        top, choices = options(left)
        rest = left & ~(1 << top)
        j = next(j for j, cost in choices if cost + fewest(rest & ~(1 << j)) == fewest(left))
        tables.append((standings[top], standings[j]))
        left = rest & ~(1 << j)
    return tables


# --- random draw ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pairs", "seed", "byes", "tables", "bye"),
    [
        # 8 pairs, seed 42: the draw pinned once so that any change to it shows up here
        (range(1, 9), 42, {}, [(4, 5), (7, 8), (3, 6), (1, 2)], None),
        # the same pairs listed backwards: the draw depends on the set of ids, not their order
        ([8, 7, 6, 5, 4, 3, 2, 1], 42, {}, [(4, 5), (7, 8), (3, 6), (1, 2)], None),
        # 7 pairs: the last drawn with no bye so far (6) sits out
        (range(1, 8), 42, {}, [(2, 4), (5, 3), (7, 1)], 6),
        # pairs 1-6 already sat out once: only 7 has the fewest byes, so 7 sits out
        (range(1, 8), 42, dict.fromkeys(range(1, 7), 1), [(2, 4), (5, 3), (1, 6)], 7),
    ],
)
def test_random_draw_with_a_fixed_seed_is_stable(
    pairs: Sequence[int], seed: int, byes: dict[int, int], tables: list[Meeting], bye: int | None
) -> None:
    seating = random_draw(pairs, seed=seed, byes=byes)
    assert seats(seating) == tables
    assert seating.bye == bye
    assert seating == random_draw(pairs, seed=seed, byes=byes)


def test_random_draw_avoids_rematches_staying_as_close_to_the_draw_as_it_can() -> None:
    # the draw of seed 42 is 4 5 7 8 3 6 1 2; 4 met 5 already: 4 takes 7, then 5 takes 8
    seating = random_draw(range(1, 9), seed=42, history=[(5, 4), (2, 3)])
    assert seats(seating) == [(4, 7), (5, 8), (3, 6), (1, 2)]
    assert seating.rematches == ()
    # only a rematch is possible: it is seated and reported
    forced = random_draw([1, 2, 3], seed=42, history=[(1, 2)], byes={1: 1, 2: 1})
    assert forced.rematches == (frozenset({1, 2}),)


def test_random_draw_gives_every_pair_one_bye_before_anyone_gets_a_second() -> None:
    byes: Counter[int] = Counter()
    for seed in range(7):
        seating = random_draw(range(1, 8), seed=seed, byes=byes)
        assert seating.bye is not None and byes[seating.bye] == 0
        byes[seating.bye] += 1
    assert byes == Counter(dict.fromkeys(range(1, 8), 1))


# --- Mitchell -------------------------------------------------------------------------------

SIX_TABLES = seating_of((1, 7), (2, 8), (3, 9), (4, 10), (5, 11), (6, 12))


@pytest.mark.parametrize(
    ("step", "tables"),
    [
        # step 1: EW move up one table, table 6's EW (12) wraps round to table 1
        (1, [(1, 12), (2, 7), (3, 8), (4, 9), (5, 10), (6, 11)]),
        # step 2: table t receives the EW of table t-2; tables 5 and 6 wrap to 1 and 2
        (2, [(1, 11), (2, 12), (3, 7), (4, 8), (5, 9), (6, 10)]),
        # step 7 with 6 tables is the same move as step 1
        (7, [(1, 12), (2, 7), (3, 8), (4, 9), (5, 10), (6, 11)]),
    ],
)
def test_mitchell_keeps_north_south_and_moves_east_west_by_the_step(
    step: int, tables: list[Meeting]
) -> None:
    seating = mitchell(SIX_TABLES, pairs=range(1, 13), step=step, seed=0)
    assert seats(seating) == tables
    assert seating.bye is None and seating.rematches == ()


def test_mitchell_odd_field_rotates_east_west_through_the_phantom_table() -> None:
    # 5 pairs: table 3 is the phantom NS seat, where last round's bye (5) sat East-West
    first = seating_of((1, 2), (3, 4), bye=5)
    second = mitchell(first, pairs=[1, 2, 3, 4, 5], step=1, seed=0)
    assert (seats(second), second.bye) == ([(1, 5), (3, 2)], 4)
    third = mitchell(second, pairs=[1, 2, 3, 4, 5], step=1, seed=0)
    assert (seats(third), third.bye) == ([(1, 4), (3, 5)], 2)
    # every East-West pair sat out once in three rounds; North-South never moved
    assert {first.bye, second.bye, third.bye} == {2, 4, 5}


def test_mitchell_without_a_previous_round_starts_from_the_random_draw() -> None:
    assert mitchell(None, pairs=range(1, 9), step=1, seed=42) == random_draw(range(1, 9), seed=42)


def test_mitchell_reports_meetings_it_repeats() -> None:
    second = mitchell(SIX_TABLES, pairs=range(1, 13), step=3, seed=0)
    history = [*SIX_TABLES.meetings(), *second.meetings()]
    third = mitchell(second, pairs=range(1, 13), step=3, seed=0, history=history)
    assert seats(third) == seats(SIX_TABLES)
    assert len(third.rematches) == 6


@pytest.mark.parametrize(
    ("steps_played", "step", "repeats"),
    [
        # 3 + 3 = 6 tables moved: East-West are back where they started, all 6 meetings repeat
        ([3], 3, [(1, 7), (2, 8), (3, 9), (4, 10), (5, 11), (6, 12)]),
        # 1 + 1 + 4 = 6: back to round 1 again
        ([1, 1], 4, [(1, 7), (2, 8), (3, 9), (4, 10), (5, 11), (6, 12)]),
        # 2 + 3 = 5 is new, and 3 alone was never played: no repeat
        ([2], 3, []),
        # 1 then 1 again: offset 2 was never played
        ([1], 1, []),
        # after steps 1 and 2 (offsets 1 and 3), step 2 lands on offset 5: new
        ([1, 2], 2, []),
        # after steps 2 and 2 (offsets 2 and 4), step 4 lands on offset 2: round 2 repeats
        ([2, 2], 4, [(1, 11), (2, 12), (3, 7), (4, 8), (5, 9), (6, 10)]),
    ],
)
def test_mitchell_repeats_warns_when_a_step_brings_back_a_meeting(
    steps_played: list[int], step: int, repeats: list[Meeting]
) -> None:
    seating, history = SIX_TABLES, list(SIX_TABLES.meetings())
    for played in steps_played:
        seating = mitchell(seating, pairs=range(1, 13), step=played, seed=0)
        history += seating.meetings()
    assert mitchell_repeats(seating, step=step, history=history) == [frozenset(m) for m in repeats]


@pytest.mark.parametrize(
    ("previous", "pairs", "step", "message"),
    [
        # a step of a whole lap brings everybody back: refused, saying which steps make sense
        (
            SIX_TABLES,
            range(1, 13),
            6,
            "step 6 brings East-West back to the table they started at: "
            "with 6 tables choose a step from 1 to 5",
        ),
        # 12 is two laps
        (SIX_TABLES, range(1, 13), 12, "with 6 tables choose a step from 1 to 5"),
        # East-West have to move forward
        (SIX_TABLES, range(1, 13), 0, "the Mitchell step must be at least 1 table, got 0"),
        # 5 pairs = 3 tables counting the phantom one: step 3 is a whole lap
        (None, range(1, 6), 3, "with 3 tables choose a step from 1 to 2"),
        # 2 pairs share the only table: nobody can move
        (None, [1, 2], 1, "a Mitchell needs at least 2 tables"),
        # pair 13 joined: the previous seating cannot be continued
        (SIX_TABLES, range(1, 14), 1, "the field changed since the previous round"),
        # tables 1 and 3 only: positions are ambiguous
        (Seating((TableSeat(1, 1, 2), TableSeat(3, 3, 4))), [1, 2, 3, 4], 1, "without gaps"),
    ],
)
def test_mitchell_refuses_invalid_steps_and_fields(
    previous: Seating | None, pairs: Sequence[int], step: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        mitchell(previous, pairs=pairs, step=step, seed=0)


# --- Danese ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("standings", "history", "tables", "rematches"),
    [
        # no history: 1st v 2nd, 3rd v 4th, 5th v 6th
        ([1, 2, 3, 4, 5, 6], [], [(1, 2), (3, 4), (5, 6)], []),
        # pair ids are not ranks: the order of the standings decides
        ([40, 10, 60, 30], [], [(40, 10), (60, 30)], []),
        # 1 met 2: 1 takes 3, then 2 (now top) takes 4
        ([1, 2, 3, 4, 5, 6], [(1, 2)], [(1, 3), (2, 4), (5, 6)], []),
        # greedy fails: 1v2, 3v4 would leave 5v6, a rematch; backtracking gives 3v5, 4v6
        ([1, 2, 3, 4, 5, 6], [(5, 6)], [(1, 2), (3, 5), (4, 6)], []),
        # 4, 5, 6 all met each other: each needs one of 1, 2, 3, found three tables deep
        ([1, 2, 3, 4, 5, 6], [(4, 5), (4, 6), (5, 6)], [(1, 4), (2, 5), (3, 6)], []),
        # 1 met 2 and 3 (2v4 and 3v4 were played too): 1 takes 4, leaving 2v3, which is new
        ([1, 2, 3, 4], [(1, 2), (3, 4), (2, 4), (1, 3)], [(1, 4), (2, 3)], []),
        # 8 pairs after a 1v2 3v4 5v6 7v8 round: 1v3 2v4 5v7 6v8
        (
            list(range(1, 9)),
            [(1, 2), (3, 4), (5, 6), (7, 8)],
            [(1, 3), (2, 4), (5, 7), (6, 8)],
            [],
        ),
        # 6 met everybody: one rematch is unavoidable and stays at the bottom table
        (
            [1, 2, 3, 4, 5, 6],
            [(6, 1), (6, 2), (6, 3), (6, 4), (6, 5)],
            [(1, 2), (3, 4), (5, 6)],
            [(5, 6)],
        ),
        # only 3v4 is new: the fewest rematches is 1, with 1v2
        ([1, 2, 3, 4], [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4)], [(1, 2), (3, 4)], [(1, 2)]),
        # everybody met everybody: 1v2, 3v4 again, both rematches
        (
            [1, 2, 3, 4],
            list(itertools.combinations([1, 2, 3, 4], 2)),
            [(1, 2), (3, 4)],
            [(1, 2), (3, 4)],
        ),
        # 3..6 all met each other and 1 met 2: one rematch is forced, at the bottom table
        (
            [1, 2, 3, 4, 5, 6],
            [(1, 2), *itertools.combinations([3, 4, 5, 6], 2)],
            [(1, 3), (2, 4), (5, 6)],
            [(5, 6)],
        ),
    ],
)
def test_danese_pairs_top_down_without_rematches_when_possible(
    standings: list[int], history: list[Meeting], tables: list[Meeting], rematches: list[Meeting]
) -> None:
    seating = danese(standings, history=history)
    assert seats(seating) == tables
    assert seating.rematches == tuple(frozenset(m) for m in rematches)
    assert seating.bye is None and not seating.budget_exhausted


@pytest.mark.parametrize(
    ("standings", "byes", "tables", "bye"),
    [
        # nobody sat out yet: the lowest-ranked pair does
        ([1, 2, 3, 4, 5], {}, [(1, 2), (3, 4)], 5),
        # 5 already sat out: the lowest-ranked among those with no bye is 4
        ([1, 2, 3, 4, 5], {5: 1}, [(1, 2), (3, 5)], 4),
        # everybody sat out once: back to the lowest-ranked
        ([1, 2, 3, 4, 5], dict.fromkeys(range(1, 6), 1), [(1, 2), (3, 4)], 5),
        # only the leader has not sat out: the leader does
        ([1, 2, 3, 4, 5], {2: 1, 3: 1, 4: 1, 5: 2}, [(2, 3), (4, 5)], 1),
    ],
)
def test_danese_odd_field_bye_goes_to_lowest_ranked_with_fewest_byes(
    standings: list[int], byes: dict[int, int], tables: list[Meeting], bye: int
) -> None:
    seating = danese(standings, byes=byes)
    assert (seats(seating), seating.bye) == (tables, bye)


def test_danese_reads_history_given_as_opponents_met() -> None:
    # 1 met 2 and 5 met 6, written one way round only: 1v3, then 2v4 would leave 5v6, so 2v5
    as_meetings = danese([1, 2, 3, 4, 5, 6], history=[(5, 6), (1, 2)])
    as_mapping = danese([1, 2, 3, 4, 5, 6], history={6: [5], 1: {2}})
    assert seats(as_meetings) == seats(as_mapping) == [(1, 3), (2, 5), (4, 6)]


def test_danese_ignores_history_with_pairs_no_longer_in_the_field() -> None:
    seating = danese([1, 2, 3, 4], history=[(1, 99), (99, 2), (3, 4)])
    assert seats(seating) == [(1, 3), (2, 4)]


def test_danese_out_of_budget_falls_back_and_says_so() -> None:
    # a zero budget stops the search before it can re-route 5 and 6: they meet again
    seating = danese([1, 2, 3, 4, 5, 6], history=[(5, 6)], node_budget=0)
    assert seats(seating) == [(1, 2), (3, 4), (5, 6)]
    assert seating.rematches == (frozenset({5, 6}),)
    assert seating.budget_exhausted


def test_danese_pathological_history_stays_within_budget_and_complete() -> None:
    # 40 of 60 pairs all met each other: 10 rematches at least, far beyond a real tournament
    field = list(range(60))
    history = list(itertools.combinations(field[20:], 2))
    quick = danese(field, history=history, node_budget=10_000)
    assert quick.budget_exhausted
    assert_everyone_once(quick, field)
    assert len(quick.rematches) == 10  # the matching was maximum before the budget ran out
    full = danese(field, history=history)
    assert not full.budget_exhausted and len(full.rematches) == 10
    # the full search seats the top 20 against the clique in order: 0v20, 1v21, ...
    assert seats(full)[:20] == [(k, 20 + k) for k in range(20)]


# --- round robin ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pairs", "round_number", "tables", "bye"),
    [
        # Berger table for 4, round 1: 1-4, 2-3
        ([1, 2, 3, 4], 1, [(1, 4), (2, 3)], None),
        # Berger round 2: 4-3, 1-2 (the last number sits NS in even rounds)
        ([1, 2, 3, 4], 2, [(4, 3), (1, 2)], None),
        # Berger round 3: 2-4, 3-1
        ([1, 2, 3, 4], 3, [(2, 4), (3, 1)], None),
        # Berger table for 6, round 2: 6-4, 5-3, 1-2
        ([1, 2, 3, 4, 5, 6], 2, [(6, 4), (5, 3), (1, 2)], None),
        # Berger numbers are positions: ids 11..16 in that order give the same table
        ([11, 12, 13, 14, 15, 16], 2, [(16, 14), (15, 13), (11, 12)], None),
        # 5 pairs: number 6 is the phantom, so its round-1 opponent 1 sits out
        ([1, 2, 3, 4, 5], 1, [(2, 5), (3, 4)], 1),
        # 5 pairs, round 5: 3 meets the phantom
        ([1, 2, 3, 4, 5], 5, [(4, 2), (5, 1)], 3),
    ],
)
def test_round_robin_follows_the_berger_tables(
    pairs: list[int], round_number: int, tables: list[Meeting], bye: int | None
) -> None:
    seating = round_robin(pairs, round_number=round_number)
    assert (seats(seating), seating.bye) == (tables, bye)


def test_round_robin_of_8_pairs_meets_everyone_exactly_once_in_7_rounds() -> None:
    meetings = Counter(
        frozenset(m)
        for r in range(1, 8)
        for m in round_robin(range(1, 9), round_number=r).meetings()
    )
    assert set(meetings) == {frozenset(m) for m in itertools.combinations(range(1, 9), 2)}
    assert set(meetings.values()) == {1}


def test_round_robin_of_7_pairs_gives_each_pair_one_bye_in_7_rounds() -> None:
    rounds = [round_robin(range(1, 8), round_number=r) for r in range(1, 8)]
    assert sorted(s.bye for s in rounds if s.bye is not None) == list(range(1, 8))
    meetings = Counter(frozenset(m) for s in rounds for m in s.meetings())
    assert len(meetings) == 21 and set(meetings.values()) == {1}


@pytest.mark.parametrize(
    ("count", "round_number", "message"),
    [
        # rounds count from 1
        (8, 0, "round 0 does not exist: a round robin of 8 pairs has rounds 1 to 7"),
        # 8 pairs play 7 rounds
        (8, 8, "a round robin of 8 pairs has rounds 1 to 7"),
        # 7 pairs play 7 rounds (one bye each)
        (7, 8, "a round robin of 7 pairs has rounds 1 to 7"),
    ],
)
def test_round_robin_refuses_rounds_out_of_range(
    count: int, round_number: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        round_robin(list(range(1, count + 1)), round_number=round_number)


# --- swap, rematches, validation ------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "tables", "bye"),
    [
        # 2 (EW at table 1) and 3 (NS at table 2) exchange seats
        (2, 3, [(1, 3), (2, 4)], 5),
        # swapping with the bye: 1 sits out, 5 takes 1's NS seat
        (1, 5, [(5, 2), (3, 4)], 1),
        # the bye named second works the same
        (5, 4, [(1, 2), (3, 5)], 4),
        # two pairs at the same table exchange NS and EW
        (3, 4, [(1, 2), (4, 3)], 5),
    ],
)
def test_swap_pairs_exchanges_two_seats(a: int, b: int, tables: list[Meeting], bye: int) -> None:
    seating = seating_of((1, 2), (3, 4), bye=5)
    swapped = swap_pairs(seating, a, b)
    assert (seats(swapped), swapped.bye) == (tables, bye)
    assert swap_pairs(swapped, a, b) == seating


def test_swap_pairs_recomputes_rematches_from_the_history() -> None:
    seating = danese([1, 2, 3, 4], history=[(1, 3)])
    assert seats(seating) == [(1, 2), (3, 4)]
    swapped = swap_pairs(seating, 2, 3, history=[(1, 3)])
    assert swapped.rematches == (frozenset({1, 3}),)
    assert swap_pairs(seating, 2, 3).rematches == ()  # without a history: not known


@pytest.mark.parametrize(
    ("a", "b", "message"),
    [
        # pair 9 does not play this round
        (1, 9, "pair 9 is not in this round's seating"),
        # a pair cannot swap with itself
        (2, 2, "choose two different pairs to swap, got pair 2 twice"),
    ],
)
def test_swap_pairs_refuses_unknown_or_identical_pairs(a: int, b: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        swap_pairs(seating_of((1, 2), (3, 4)), a, b)


def test_rematches_in_lists_meetings_already_played_in_table_order() -> None:
    seating = seating_of((1, 2), (3, 4), (5, 6))
    assert rematches_in(seating, [(6, 5), (1, 3), (2, 1)]) == (frozenset({1, 2}), frozenset({5, 6}))
    assert rematches_in(seating, {4: [3]}) == (frozenset({3, 4}),)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        # the same pair twice in the standings
        (lambda: danese([1, 2, 2, 3]), "pair 2 is listed twice"),
        # one pair cannot make a round
        (lambda: danese([1]), "a round needs at least 2 pairs, got 1"),
        # duplicate in a random draw
        (lambda: random_draw([4, 4, 5], seed=1), "pair 4 is listed twice"),
        # empty round robin
        (lambda: round_robin([], round_number=1), "a round needs at least 2 pairs, got 0"),
        # a seating cannot hold a pair twice
        (lambda: seating_of((1, 2), (2, 3)), "pair 2 is seated at two tables"),
        # nor seat the bye
        (lambda: seating_of((1, 2), bye=1), "pair 1 sits out but is also seated"),
        # a pair against itself
        (lambda: TableSeat(1, 7, 7), "pair 7 cannot play against itself at table 1"),
        # tables are numbered from 1
        (lambda: TableSeat(0, 1, 2), "table numbers start at 1"),
    ],
)
def test_invalid_input_is_refused_in_the_words_of_the_game(
    make: Callable[[], object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        make()


# --- properties -----------------------------------------------------------------------------


@st.composite
def fields_with_history(draw: st.DrawFn, max_pairs: int = 40) -> tuple[list[int], list[Meeting]]:
    """Standings of 2..max_pairs pairs and a few random rounds, few enough (r < n/2, one less
    for an odd field) that a rematch-free pairing always exists (Dirac's theorem)."""
    standings = draw(st.lists(st.integers(1, 9_999), min_size=2, max_size=max_pairs, unique=True))
    n = len(standings)
    rounds = draw(st.integers(0, max(0, (n - 2) // 2 if n % 2 == 0 else (n - 3) // 2)))
    history: list[Meeting] = []
    for _ in range(rounds):
        order = draw(st.permutations(standings))
        history += zip(order[0::2], order[1::2], strict=False)
    return standings, history


@given(fields_with_history())
def test_danese_seats_everyone_once_without_rematches_and_deterministically(
    case: tuple[list[int], list[Meeting]],
) -> None:
    standings, history = case
    seating = danese(standings, history=history)
    assert_everyone_once(seating, standings)
    assert seating.rematches == () and rematches_in(seating, history) == ()
    assert not seating.budget_exhausted
    rank = {pair: index for index, pair in enumerate(standings)}
    assert all(rank[t.ns] < rank[t.ew] for t in seating.tables)
    assert danese(list(standings), history=list(reversed(history))) == seating


@settings(max_examples=300)
@given(
    st.lists(st.integers(1, 99), min_size=2, max_size=12, unique=True).flatmap(
        lambda standings: st.tuples(
            st.just(standings),
            st.lists(st.sampled_from(list(itertools.combinations(standings, 2))), max_size=40),
        )
    )
)
def test_danese_matches_exhaustive_search_even_when_rematches_are_forced(
    case: tuple[list[int], list[Meeting]],
) -> None:
    standings, history = case
    seating = danese(standings, history=history)
    if len(standings) % 2:
        # nobody sat out yet: the lowest-ranked pair whose absence leaves the fewest rematches
        played = {frozenset(meeting) for meeting in history}
        fewest = {
            pair: sum(
                frozenset(table) in played
                for table in closest_pairing([p for p in standings if p != pair], history)
            )
            for pair in standings
        }
        least = min(fewest.values())
        assert seating.bye == next(p for p in reversed(standings) if fewest[p] == least)
        standings = [pair for pair in standings if pair != seating.bye]
    assert seats(seating) == closest_pairing(standings, history)
    assert len(seating.rematches) == len(rematches_in(seating, history))


@given(st.integers(1, 10).map(lambda k: 2 * k + 1), st.randoms(use_true_random=False))
def test_danese_odd_field_nobody_sits_out_twice_before_everybody_once(
    n: int, rng: random.Random
) -> None:
    byes: Counter[int] = Counter()
    field = list(range(1, n + 1))
    for _ in range(n):
        rng.shuffle(field)
        seating = danese(field, byes=byes)
        assert seating.bye is not None and byes[seating.bye] == 0
        byes[seating.bye] += 1
    assert set(byes.values()) == {1} and len(byes) == n


@given(
    st.lists(st.integers(1, 9_999), min_size=2, max_size=40, unique=True),
    st.integers(0, 2**32),
    st.integers(1, 100),
)
def test_every_movement_places_every_pair_exactly_once(
    field: list[int], seed: int, number: int
) -> None:
    tables = (len(field) + 1) // 2
    draw = random_draw(field, seed=seed)
    assert_everyone_once(draw, field)
    assert_everyone_once(danese(field, history=draw.meetings()), field)
    rounds = len(field) - 1 if len(field) % 2 == 0 else len(field)
    assert_everyone_once(round_robin(field, round_number=1 + number % rounds), field)
    if tables > 1 and number % tables:
        moved = mitchell(draw, pairs=field, step=number, seed=seed)
        assert_everyone_once(moved, field)
        ns_before = {t.number: t.ns for t in draw.tables}
        assert all(ns_before[t.number] == t.ns for t in moved.tables)  # North-South stay
    a, b = field[seed % len(field)], field[number % len(field)]
    if a != b:
        assert_everyone_once(swap_pairs(draw, a, b), field)
