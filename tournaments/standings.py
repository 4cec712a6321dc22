"""Ranking pairs from their finished tables: pure Python, no database.

Deals format: total VP, then total MP, then head-to-head among the pairs still level (the VP
they took from each other), then a draw (the same rank). Target format: matches won, then point
difference, then head-to-head. A bye counts as a table played with the tournament's award.
"""

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TableOutcome:
    ns: int
    ew: int | None
    """None for a bye: the North-South pair sat out and takes the award."""
    ns_mp: int
    ew_mp: int
    ns_vp: int
    ew_vp: int
    winner: str = ""
    """Target format: "ns" or "ew"."""


@dataclass(slots=True)
class PairRecord:
    vp: int = 0
    mp: int = 0
    rounds_played: int = 0
    byes: int = 0
    matches_won: int = 0
    point_difference: int = 0
    rank: int | None = None


def rank_pairs(
    pair_ids: Sequence[int], outcomes: Iterable[TableOutcome], *, by_matches: bool = False
) -> dict[int, PairRecord]:
    records = {pid: PairRecord() for pid in pair_ids}
    head_to_head: dict[tuple[int, int], int] = defaultdict(int)
    for table in outcomes:
        ns = records.get(table.ns)
        if ns is None:
            continue
        ns.rounds_played += 1
        if table.ew is None:
            ns.byes += 1
            ns.vp += table.ns_vp
            ns.mp += table.ns_mp
            if by_matches:
                ns.matches_won += 1
                ns.point_difference += table.ns_mp
            continue
        ew = records.get(table.ew)
        if ew is None:
            continue
        ew.rounds_played += 1
        ns.vp, ew.vp = ns.vp + table.ns_vp, ew.vp + table.ew_vp
        ns.mp, ew.mp = ns.mp + table.ns_mp, ew.mp + table.ew_mp
        difference = table.ns_mp - table.ew_mp
        ns.point_difference += difference
        ew.point_difference -= difference
        if table.winner == "ns":
            ns.matches_won += 1
        elif table.winner == "ew":
            ew.matches_won += 1
        if by_matches:
            head_to_head[(table.ns, table.ew)] += 1 if table.winner == "ns" else 0
            head_to_head[(table.ew, table.ns)] += 1 if table.winner == "ew" else 0
        else:
            head_to_head[(table.ns, table.ew)] += table.ns_vp
            head_to_head[(table.ew, table.ns)] += table.ew_vp

    def main_key(pid: int) -> tuple[int, int]:
        record = records[pid]
        if by_matches:
            return (record.matches_won, record.point_difference)
        return (record.vp, record.mp)

    ordered = sorted(pair_ids, key=main_key, reverse=True)
    rank = 1
    index = 0
    while index < len(ordered):
        level = [pid for pid in ordered[index:] if main_key(pid) == main_key(ordered[index])]
        mini = {
            pid: sum(head_to_head.get((pid, other), 0) for other in level if other != pid)
            for pid in level
        }
        level.sort(key=lambda pid: mini[pid], reverse=True)
        position = rank
        for offset, pid in enumerate(level):
            if offset and mini[pid] != mini[level[offset - 1]]:
                position = rank + offset
            records[pid].rank = position
        rank += len(level)
        index += len(level)
    return records
