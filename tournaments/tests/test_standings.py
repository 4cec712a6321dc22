"""Ranking by VP, MP, head-to-head, then a draw; target format by matches won and difference;
head-to-head among three or more as RULES.md's mini-league (again on those still level, on the
meetings that exist); the organiser's order of the tie-breaks."""

from dataclasses import dataclass

import pytest

from tournaments.rules.standings import (
    HEAD_TO_HEAD_FIRST,
    MP_FIRST,
    TableOutcome,
    rank_by,
    rank_pairs,
)


@dataclass(frozen=True)
class Case:
    why: str
    outcomes: list[TableOutcome]
    ranks: dict[int, int]
    by_matches: bool = False
    order: str = MP_FIRST


THREE_LEVEL = [
    # round 1: 1 v 2, 3 v 4, 5 v 6
    TableOutcome(1, 2, 300, 0, 13, 7),
    TableOutcome(3, 4, 300, -300, 15, 5),
    TableOutcome(5, 6, 100, 100, 10, 10),
    # round 2: 1 v 3, 2 v 5, 4 v 6
    TableOutcome(1, 3, 0, 200, 8, 12),
    TableOutcome(2, 5, 100, -100, 12, 8),
    TableOutcome(4, 6, 100, 100, 10, 10),
    # round 3: 2 v 3, 1 v 6, 4 v 5
    TableOutcome(2, 3, 400, 0, 14, 6),
    TableOutcome(1, 6, 200, 0, 12, 8),
    TableOutcome(4, 5, 100, 100, 10, 10),
]
"""Pairs 1, 2 and 3 on 33 VP and 500 MP each (the scale's VP for each difference, FIBUR 3)."""

HEAD_TO_HEAD_BEFORE_MP = [
    # 1 beat 2 by 55 (11-9); 1 lost to 3 by 100 (9-11); 2 beat 4 by 55 (11-9)
    TableOutcome(1, 2, 300, 245, 11, 9),
    TableOutcome(1, 3, 300, 400, 9, 11),
    TableOutcome(2, 4, 455, 400, 11, 9),
]
"""1 and 2 on 20 VP: 1 has 600 MP, 2 has 700, and 1 beat 2."""


CASES = [
    Case(
        "more VP ranks first",
        # 3 and 4 level on 10 VP: 3 has more MP (500 v 450)
        [TableOutcome(1, 2, 900, 300, 15, 5), TableOutcome(3, 4, 500, 450, 10, 10)],
        {1: 1, 3: 2, 4: 3, 2: 4},
    ),
    Case(
        "level VP: more MP ranks first",
        [TableOutcome(1, 2, 600, 500, 11, 9), TableOutcome(3, 4, 700, 600, 11, 9)],
        {3: 1, 1: 2, 4: 3, 2: 4},
    ),
    Case(
        "level VP and MP: the winner of their meeting ranks first (head-to-head)",
        [
            # round 1: 1 beats 2 by 55 MP (11-9), 3 beats 4 by 55 MP
            TableOutcome(1, 2, 555, 500, 11, 9),
            TableOutcome(3, 4, 700, 645, 11, 9),
            # round 2
            TableOutcome(2, 3, 555, 355, 12, 8),
            TableOutcome(4, 1, 500, 500, 10, 10),
        ],
        # VP: 1=21, 2=21, 3=19, 4=19; MP: 1=1055, 2=1055, 3=1055, 4=1145
        # 1 and 2 level on VP and MP: 1 beat 2 (11 v 9) -> 1 first
        {1: 1, 2: 2, 4: 3, 3: 4},
    ),
    Case(
        "level everywhere and never met: a draw, both share the rank",
        [TableOutcome(1, 2, 500, 500, 10, 10), TableOutcome(3, 4, 500, 500, 10, 10)],
        {1: 1, 2: 1, 3: 1, 4: 1},
    ),
    Case(
        "two level pairs that never met: a draw, whatever their other meetings said",
        [
            TableOutcome(1, 2, 600, 500, 11, 9),
            TableOutcome(3, 4, 600, 500, 11, 9),
            TableOutcome(2, 3, 500, 600, 9, 11),
            TableOutcome(4, 1, 500, 600, 9, 11),
        ],
        # 1 and 3: 22 VP, 1200 MP each, and they never met -> both rank 1
        {1: 1, 3: 1, 2: 3, 4: 3},
    ),
    Case(
        "issue 20: three level at 33 VP and 500 MP; the mini-league puts 3 third, then 1 beat 2",
        THREE_LEVEL,
        # mini-league 1 = 13 + 8 = 21, 2 = 7 + 14 = 21, 3 = 12 + 6 = 18; then 1 and 2 alone:
        # 1 took 13 from 2, 2 took 7 from 1. 6 (28 VP, 200 MP) above 5 (28 VP, 100 MP)
        {1: 1, 2: 2, 3: 3, 6: 4, 5: 5, 4: 6},
    ),
    Case(
        "a level group whose pairs did not all meet: the mini-league of the meetings that exist",
        [
            # 1, 2 and 3 on 21 VP, 1000 MP; 1 beat 2 12-8, 3 met neither (RULES.md)
            TableOutcome(1, 2, 600, 400, 12, 8),
            TableOutcome(3, 4, 500, 500, 10, 10),
            TableOutcome(1, 5, 400, 500, 9, 11),
            TableOutcome(2, 6, 600, 300, 13, 7),
            TableOutcome(3, 5, 500, 445, 11, 9),
        ],
        # mini-league: 1 took 12, 2 took 8, 3 took nothing (no meeting among them)
        {1: 1, 2: 2, 3: 3, 5: 4, 4: 5, 6: 6},
    ),
    Case(
        "head-to-head before MP, as the organiser may set: 1 beat 2, and ranks above its MP",
        HEAD_TO_HEAD_BEFORE_MP,
        {1: 1, 2: 2, 3: 3, 4: 4},
        order=HEAD_TO_HEAD_FIRST,
    ),
    Case(
        "the same tables ranked VP, MP, head-to-head: 2's 700 MP rank above 1's 600",
        HEAD_TO_HEAD_BEFORE_MP,
        {2: 1, 1: 2, 3: 3, 4: 4},
    ),
    Case(
        "head-to-head first, pairs that never met: MP decides, then a draw",
        [TableOutcome(1, 2, 600, 500, 11, 9), TableOutcome(3, 4, 700, 600, 11, 9)],
        {3: 1, 1: 2, 4: 3, 2: 4},
        order=HEAD_TO_HEAD_FIRST,
    ),
    Case(
        "a bye counts its award as a table played",
        [TableOutcome(1, 2, 600, 300, 13, 7), TableOutcome(3, None, 355, 0, 14, 0)],
        {3: 1, 1: 2, 2: 3},
    ),
    Case(
        "target format: matches won, then point difference",
        [
            TableOutcome(1, 2, 2100, 1500, 0, 0, "ns"),
            TableOutcome(3, 4, 2050, 1950, 0, 0, "ns"),
        ],
        {1: 1, 3: 2, 4: 3, 2: 4},
        by_matches=True,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.why)
def test_ranking(case: Case) -> None:
    pairs = sorted(case.ranks)
    records = rank_pairs(pairs, case.outcomes, by_matches=case.by_matches, order=case.order)
    assert {pid: records[pid].rank for pid in pairs} == case.ranks


def test_totals_add_up_per_pair() -> None:
    records = rank_pairs(
        [1, 2, 3],
        [TableOutcome(1, 2, 900, 300, 15, 5), TableOutcome(3, None, 355, 0, 14, 0)],
    )
    assert (records[1].vp, records[1].mp, records[1].rounds_played) == (15, 900, 1)
    assert (records[2].vp, records[2].mp, records[2].point_difference) == (5, 300, -600)
    assert (records[3].vp, records[3].mp, records[3].byes) == (14, 355, 1)


def test_the_ranking_of_a_level_group_is_the_mini_league_again_until_nothing_changes() -> None:
    # five pairs level on everything; what each took from each other at their meetings:
    # 1 v 2 12-8, 1 v 3 10-10, 2 v 3 10-10, 4 v 5 11-9, 1 v 4 8-12, 5 v 3 10-10
    taken = {
        (1, 2): 12, (2, 1): 8, (1, 3): 10, (3, 1): 10, (2, 3): 10, (3, 2): 10,
        (4, 5): 11, (5, 4): 9, (1, 4): 8, (4, 1): 12, (5, 3): 10, (3, 5): 10,
    }  # fmt: skip
    ranked = rank_by([1, 2, 3, 4, 5], lambda pid: (20, 500), taken)
    # mini-league: 1 = 30, 2 = 18, 3 = 30, 4 = 23, 5 = 19 -> {1, 3}, 4, 5, 2;
    # then 1 and 3 alone: 10-10, still level -> a draw
    assert ranked == [(1, [1, 3]), (3, [4]), (4, [5]), (5, [2])]


def test_a_field_mostly_level_on_nothing_ranks_by_the_meetings_within_it() -> None:
    # a round's end: 400 pairs have nothing yet, two of them met (3 took 12 from 4, 4 took 8)
    taken = {(3, 4): 12, (4, 3): 8}
    pairs = list(range(1, 401))
    ranked = rank_by(pairs, lambda pid: (0, 0), taken, order="head_to_head_first")
    # the mini league among all 400: 3 took 12, 4 took 8, every other pair nothing
    assert ranked == [(1, [3]), (2, [4]), (3, [p for p in pairs if p not in (3, 4)])]
