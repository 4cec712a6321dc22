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
    SeatingRequest,
    TableSeat,
    danese,
    mitchell,
    mitchell_repeats,
    mitchell_round,
    promises_of,
    random_draw,
    rematches_in,
    round_robin,
    seat_round,
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


# --- the two promises: the bye and the meetings ---------------------------------------------


def test_danese_chooses_the_bye_with_the_pairing() -> None:
    # 1 met 2, 3 and 4: with 5 out, 1 could only meet one of them again; with 4 out (the next
    # lowest-ranked with no bye) 1 meets 5 and 2 meets 3, without a rematch
    seating = danese([1, 2, 3, 4, 5], history=[(1, 2), (1, 3), (1, 4)])
    assert (seats(seating), seating.bye, seating.rematches) == ([(1, 5), (2, 3)], 4, ())


def test_danese_bye_stays_among_the_fewest_byes_even_when_another_would_avoid_a_rematch() -> None:
    # only 1 has not sat out: it sits out though 2, who met 3, 4 and 5, then meets one again
    seating = danese(
        [1, 2, 3, 4, 5], history=[(2, 3), (2, 4), (2, 5)], byes={2: 1, 3: 1, 4: 1, 5: 1}
    )
    assert seating.bye == 1
    assert seating.rematches == (frozenset({2, 3}),)


@pytest.mark.parametrize(
    ("pairs", "rounds"),
    [
        # the evenings: pair 2 sat out rounds 1 and 5 (7 pairs), 1 and 4 (5 pairs)
        (7, 6),
        (5, 5),
        (9, 9),
    ],
)
def test_mitchell_after_the_draw_gives_every_pair_a_bye_before_anyone_a_second(
    pairs: int, rounds: int
) -> None:
    field = list(range(1, pairs + 1))
    for seed in range(20):
        seating = random_draw(field, seed=seed)
        assert seating.bye is not None
        byes = Counter([seating.bye])
        for _ in range(rounds - 1):
            seating = mitchell(seating, pairs=field, step=1, seed=seed, byes=byes)
            assert seating.bye is not None and byes[seating.bye] == 0, (seed, dict(byes))
            byes[seating.bye] += 1
        assert max(byes.values()) == 1


def test_mitchell_bye_swap_keeps_north_south_seats_and_meets_someone_new() -> None:
    # 5 pairs, 2 sat out already and comes back onto the phantom table: it takes the North-South
    # seat of 1 (the first pair with no bye, which it never met) and 1 sits out instead
    first = seating_of((1, 2), (3, 4), bye=5)
    second = mitchell(first, pairs=range(1, 6), step=1, seed=0, byes={5: 1})
    assert (seats(second), second.bye) == ([(1, 5), (3, 2)], 4)
    third = mitchell(second, pairs=range(1, 6), step=1, seed=0, byes={5: 1, 4: 1})
    assert (seats(third), third.bye) == ([(1, 4), (3, 5)], 2)
    fourth = mitchell(
        third, pairs=range(1, 6), step=1, seed=0, byes={5: 1, 4: 1, 2: 1}, history=[(1, 5)]
    )
    # pure Mitchell: 1-2, 3-4 and 5 sits out again; 5 takes a seat of 1 or 3 (no bye yet):
    # 1's opponent (2) is new to 5, so 5 sits North-South at table 1 and 1 sits out
    assert (seats(fourth), fourth.bye) == ([(5, 2), (3, 4)], 1)


def test_mitchell_after_danese_rounds_gives_no_second_bye() -> None:
    # 7 pairs, plan random, danese, danese, mitchell step 2 (by hand): today 13 of 36 such
    # evenings gave the pair arriving on the phantom table a second bye
    field = list(range(1, 8))
    for seed in range(36):
        rng = random.Random(seed)
        history: list[Meeting] = []
        byes: Counter[int] = Counter()
        previous = None
        plan = ["random", "danese", "danese", "mitchell"]
        for number, movement in enumerate(plan, 1):
            standings = rng.sample(field, len(field))
            request = SeatingRequest(
                pairs=field,
                seed=seed,
                step=2,
                history=list(history),
                byes=dict(byes),
                previous=previous,
                earlier_movements=plan[: number - 1],
                standings=lambda standings=standings: standings,  # type: ignore[misc]
            )
            seating = seat_round(movement, request).seating
            assert seating.bye is not None and byes[seating.bye] == 0, (seed, number)
            byes[seating.bye] += 1
            history += seating.meetings()
            previous = seating


def test_mitchell_round_chooses_the_first_step_without_a_rematch() -> None:
    second = mitchell(SIX_TABLES, pairs=range(1, 13), step=2, seed=0)
    history = [*SIX_TABLES.meetings(), *second.meetings()]
    # offset 2 played: step 4 comes back to offset 0 (round 1); steps 1, 2, 3 are new
    assert mitchell_round(second, pairs=range(1, 13), step=None, seed=0, history=history).step == 1
    chosen = mitchell_round(second, pairs=range(1, 13), step=4, seed=0, history=history)
    assert chosen.step == 4 and len(chosen.seating.rematches) == 6
    assert chosen.steps_without_rematch == (1, 2, 3, 5)


def test_mitchell_round_mends_the_seating_when_every_step_repeats() -> None:
    # 4 pairs on 2 tables: step 1 is the only step, and it brings back round 1's meetings
    # after a Danese in round 2; the mended seating keeps one Mitchell table where it can
    first = seating_of((1, 2), (3, 4))
    second = seating_of((1, 4), (3, 2))
    history = [*first.meetings(), *second.meetings()]
    made = mitchell_round(second, pairs=[1, 2, 3, 4], step=None, seed=0, history=history)
    assert seats(mitchell(second, pairs=[1, 2, 3, 4], step=1, seed=0)) == [(1, 2), (3, 4)]
    assert made.mended and made.step == 1
    assert seats(made.seating) == [(1, 3), (2, 4)] and made.seating.rematches == ()


def test_round_robin_after_a_withdrawal_is_planned_again_without_rematches() -> None:
    # the evening: 6 pairs, pair 3 withdraws after round 2; the Berger tables of the
    # 5 left made 1-6 and 2-5 meet twice while 2-6 and 4-5 never met
    played = [round_robin(range(1, 7), round_number=r) for r in (1, 2)]
    history = [m for seating in played for m in seating.meetings()]
    field, byes, meetings = [1, 2, 4, 5, 6], Counter[int](), Counter(map(frozenset, history))
    for number in (3, 4, 5):
        seating = seat_round(
            "round_robin",
            SeatingRequest(
                pairs=field,
                seed=0,
                history=list(history),
                byes=dict(byes),
                earlier_movements=["round_robin"] * (number - 1),
                later_movements=["round_robin"] * (5 - number),
            ),
        ).seating
        assert seating.rematches == () and seating.bye is not None and byes[seating.bye] == 0
        byes[seating.bye] += 1
        history += seating.meetings()
        meetings.update(map(frozenset, seating.meetings()))
    among_left = {m: n for m, n in meetings.items() if 3 not in m}
    assert among_left == {frozenset(m): 1 for m in itertools.combinations(field, 2)}


def test_round_robin_with_a_late_pair_meets_everyone_once_and_the_late_pair_sits_out_last() -> None:
    # the evening: 8 pairs and pair 9 from round 2 (its missed round 1 counts as out)
    history = list(round_robin(range(1, 9), round_number=1).meetings())
    byes = Counter({9: 1})
    field = list(range(1, 10))
    for number in range(2, 10):
        seating = seat_round(
            "round_robin",
            SeatingRequest(
                pairs=field,
                seed=0,
                history=list(history),
                byes=dict(byes),
                earlier_movements=["round_robin"] * (number - 1),
                later_movements=["round_robin"] * (9 - number),
            ),
        ).seating
        assert seating.rematches == ()
        assert seating.bye is not None and byes[seating.bye] == min(byes[p] for p in field)
        byes[seating.bye] += 1
        history += seating.meetings()
    # 4 + 8 x 4 = 36 meetings: every pair meets every other exactly once
    assert Counter(map(frozenset, history)) == {
        frozenset(m): 1 for m in itertools.combinations(field, 2)
    }
    assert byes == Counter(dict.fromkeys(field, 1))  # pair 9's is its missed round


@pytest.mark.parametrize(
    ("entrants", "gone", "late", "changed", "rounds"),
    [
        # 6 pairs, pair 3 withdraws after round 2: the Berger tables of the 6 go on, and 3's
        # opponent of the round sits out (rounds 3, 4, 5: pairs 2, 6, 1... as drawn)
        (range(1, 7), 3, None, 3, 5),
        # 10 pairs, pair 10 (Berger's fixed number) withdraws after round 4
        (range(1, 11), 10, None, 5, 9),
        # 7 pairs and pair 8 joining for round 3: it takes the phantom's place
        (range(1, 9), None, 8, 3, 7),
    ],
)
def test_round_robin_goes_on_with_the_tables_of_every_entrant_where_they_fit(
    entrants: Sequence[int], gone: int | None, late: int | None, changed: int, rounds: int
) -> None:
    entrants = list(entrants)
    history: list[Meeting] = []
    byes: Counter[int] = Counter()
    for number in range(1, rounds + 1):
        field = [
            pair
            for pair in entrants
            if not (pair == gone and number >= changed) and not (pair == late and number < changed)
        ]
        if late is not None and number == changed:
            byes[late] += changed - 1
        request = SeatingRequest(
            pairs=field,
            seed=0,
            history=list(history),
            byes=dict(byes),
            earlier_movements=["round_robin"] * (number - 1),
            later_movements=["round_robin"] * (rounds - number),
            entrants=[pair for pair in entrants if pair != late or number >= changed],
        )
        seating = seat_round("round_robin", request).seating
        berger = round_robin(entrants, round_number=number)
        wanted = [m for m in seats(berger) if gone not in m or number < changed]
        if number < changed and late is not None:
            wanted = seats(round_robin(entrants[:-1], round_number=number))
        assert seats(seating) == wanted
        assert seating.rematches == ()
        if seating.bye is not None:
            assert byes[seating.bye] == min(byes[pair] for pair in field)
            byes[seating.bye] += 1
        history += seating.meetings()
    assert len(set(map(frozenset, history))) == len(history)


def test_round_robin_keeps_the_berger_tables_while_the_field_never_changed() -> None:
    history: list[Meeting] = []
    byes: Counter[int] = Counter()
    for number in range(1, 8):
        request = SeatingRequest(
            pairs=range(1, 8),
            seed=0,
            history=list(history),
            byes=dict(byes),
            earlier_movements=["round_robin"] * (number - 1),
        )
        seating = seat_round("round_robin", request).seating
        assert seating == round_robin(range(1, 8), round_number=number)
        assert seating.bye is not None
        history += seating.meetings()
        byes[seating.bye] += 1


def fewest_possible(field: Sequence[int], history: Sequence[Meeting], byes: Counter[int]) -> int:
    """Reference: the fewest rematches of any seating whose bye has the fewest byes, by
    exhaustive search over the pairs left (bit masks, n <= 14)."""
    played = {frozenset(meeting) for meeting in history}

    @cache
    def fewest(left: int) -> int:
        if not left:
            return 0
        top = (left & -left).bit_length() - 1
        rest = left & ~(1 << top)
        return min(
            (frozenset((field[top], field[j])) in played) + fewest(rest & ~(1 << j))
            for j in range(len(field))
            if rest >> j & 1
        )

    everyone = (1 << len(field)) - 1
    if len(field) % 2 == 0:
        return fewest(everyone)
    least = min(byes[pair] for pair in field)
    return min(fewest(everyone & ~(1 << k)) for k, pair in enumerate(field) if byes[pair] == least)


MOVEMENT_NAMES = ["random", "mitchell", "danese", "round_robin"]


@st.composite
def evenings(draw: st.DrawFn) -> tuple[int, list[str], dict[int, int | None], dict[int, str]]:
    """A field of 4 to 11 pairs, a plan of 2 to 9 rounds mixing the movements, the Mitchell
    steps chosen by hand (None: left to the movement) and the field's changes by round
    ("out": the first pair still playing withdraws, "in": a late pair joins)."""
    pairs = draw(st.integers(4, 11))
    plan = draw(st.lists(st.sampled_from(MOVEMENT_NAMES), min_size=2, max_size=9))
    steps = {
        number: draw(st.one_of(st.none(), st.integers(1, 3)))
        for number, movement in enumerate(plan, 1)
        if movement == "mitchell"
    }
    changes = draw(
        st.dictionaries(st.integers(2, len(plan)), st.sampled_from(["out", "in"]), max_size=2)
    )
    return pairs, plan, steps, changes


@settings(max_examples=250, deadline=None)
@given(evenings(), st.randoms(use_true_random=False))
def test_every_plan_keeps_both_promises_where_a_seating_can(
    evening: tuple[int, list[str], dict[int, int | None], dict[int, str]], rng: random.Random
) -> None:
    """Random evenings of every movement, odd and even fields, withdrawals and late pairs: each
    round's bye goes to a pair with the fewest rounds out (a late pair's missed rounds count),
    and a round has a rematch only where no seating with such a bye avoids it, unless the
    organiser chose the Mitchell step by hand (then the steps that avoid it are named)."""
    count, plan, steps, changes = evening
    field = list(range(1, count + 1))
    byes: Counter[int] = Counter()
    history: list[Meeting] = []
    previous: Seating | None = None
    for number, movement in enumerate(plan, 1):
        change = changes.get(number)
        if change == "out" and len(field) > 4:
            field.remove(field[0])
        elif change == "in":
            late = max(field) + 100 + number
            field.append(late)
            byes[late] += number - 1
        standings = rng.sample(field, len(field))
        step = steps.get(number)
        try:
            seated = seat_round(
                movement,
                SeatingRequest(
                    pairs=list(field),
                    seed=rng.randrange(1, 2**31),
                    step=step,
                    history=list(history),
                    byes=dict(byes),
                    previous=previous,
                    earlier_movements=plan[: number - 1],
                    later_movements=plan[number:],
                    entrants=[*range(1, count + 1), *sorted(set(byes) - set(range(count + 1)))],
                    standings=lambda standings=standings: standings,  # type: ignore[misc]
                ),
            )
        except ValueError as error:  # a Mitchell step that is a whole lap: refused, say why
            assert movement == "mitchell" and step is not None, error
            assert "brings East-West back" in str(error)
            continue
        seating = seated.seating
        assert_everyone_once(seating, field)
        if seating.bye is not None:
            assert byes[seating.bye] == min(byes[pair] for pair in field)
        promises = promises_of(seating, history=history, byes=byes)
        assert not promises.sat_out_less
        fewest = fewest_possible(field, history, byes)
        assert promises.fewest_rematches == fewest
        assert seating.rematches == rematches_in(seating, history)
        if movement == "mitchell" and step is not None:
            assert len(seating.rematches) >= fewest
            if seating.rematches:  # the steps named avoid them
                for other in seated.steps_without_rematch:
                    again = mitchell_round(
                        previous, pairs=field, step=other, seed=0, history=history, byes=byes
                    )
                    assert again.seating.rematches == ()
        else:
            assert len(seating.rematches) == fewest, (movement, seats(seating))
        if seating.bye is not None:
            byes[seating.bye] += 1
        history += seating.meetings()
        previous = seating


@pytest.mark.parametrize(
    ("seating", "history", "byes", "sat_out_less", "fewest", "byes_without"),
    [
        # a fair bye and new meetings: both promises kept
        (seating_of((1, 2), (3, 4), bye=5), [(1, 3)], {}, (), 0, ()),
        # 5 sat out already while 1..4 have not: the bye promise breaks for them
        (seating_of((1, 2), (3, 4), bye=5), [], {5: 1}, (1, 2, 3, 4), 0, ()),
        # 1-2 again though 1-3, 2-4 were new: the rematch was avoidable
        (seating_of((1, 2), (3, 4)), [(1, 2)], {}, (), 0, ()),
        # only 1 may sit out, and 2 met 3, 4 and 5: one rematch is forced; it would not be
        # with any of the others out, but each has sat out already
        (
            seating_of((2, 3), (4, 5), bye=1),
            [(2, 3), (2, 4), (2, 5)],
            {2: 1, 3: 1, 4: 1, 5: 1},
            (),
            1,
            (2, 3, 4, 5),
        ),
    ],
)
def test_promises_of_says_which_promise_breaks_and_whether_a_seating_could_keep_it(
    seating: Seating,
    history: list[Meeting],
    byes: dict[int, int],
    sat_out_less: tuple[int, ...],
    fewest: int,
    byes_without: tuple[int, ...],
) -> None:
    promises = promises_of(seating, history=history, byes=byes)
    assert promises.sat_out_less == sat_out_less
    assert promises.fewest_rematches == fewest
    assert promises.byes_without_rematch == byes_without
    assert promises.rematch_avoidable == (
        len(seating.rematches or rematches_in(seating, history)) > fewest
    )
