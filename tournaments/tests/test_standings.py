"""Ranking by VP, MP, head-to-head, then a draw; target format by matches won and difference."""

from dataclasses import dataclass

import pytest

from tournaments.rules.standings import TableOutcome, rank_pairs


@dataclass(frozen=True)
class Case:
    why: str
    outcomes: list[TableOutcome]
    ranks: dict[int, int]
    by_matches: bool = False


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
        "three level pairs that did not all meet each other: a draw, whatever one meeting said",
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
    records = rank_pairs(pairs, case.outcomes, by_matches=case.by_matches)
    assert {pid: records[pid].rank for pid in pairs} == case.ranks


def test_totals_add_up_per_pair() -> None:
    records = rank_pairs(
        [1, 2, 3],
        [TableOutcome(1, 2, 900, 300, 15, 5), TableOutcome(3, None, 355, 0, 14, 0)],
    )
    assert (records[1].vp, records[1].mp, records[1].rounds_played) == (15, 900, 1)
    assert (records[2].vp, records[2].mp, records[2].point_difference) == (5, 300, -600)
    assert (records[3].vp, records[3].mp, records[3].byes) == (14, 355, 1)
