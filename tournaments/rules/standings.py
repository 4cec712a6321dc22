"""Ranking pairs from their finished tables: pure Python, no database.

Deals format: total VP, then total MP, then head-to-head among the pairs still level (the VP
they took from each other), then a draw (the same rank). Target format: matches won, then point
difference, then head-to-head. A bye counts as a table played with the tournament's award.
"""

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from itertools import groupby
from typing import Any, Protocol


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


def vp_taken(table: TableOutcome) -> tuple[int, int]:
    """Deals format: what N-S and E-W took from each other at a table is their VP."""
    return table.ns_vp, table.ew_vp


def wins_taken(table: TableOutcome) -> tuple[int, int]:
    """Target format: the match's winner took 1 from the other."""
    return int(table.winner == "ns"), int(table.winner == "ew")


@dataclass(slots=True)
class PairRecord:
    vp: int = 0
    mp: int = 0
    rounds_played: int = 0
    byes: int = 0
    matches_won: int = 0
    point_difference: int = 0
    rank: int | None = None


STANDING_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(PairRecord))
"""A pair's standing as stored on its Pair row, named once for saving, backup and pages."""


class Standing(Protocol):
    """Anything holding a pair's standing: a PairRecord, a Pair row, a public StandingRow."""

    @property
    def vp(self) -> int: ...
    @property
    def mp(self) -> int: ...
    @property
    def matches_won(self) -> int: ...
    @property
    def point_difference(self) -> int: ...


def rank_pairs(
    pair_ids: Sequence[int], outcomes: Iterable[TableOutcome], *, by_matches: bool = False
) -> dict[int, PairRecord]:
    records = {pid: PairRecord() for pid in pair_ids}
    taken = wins_taken if by_matches else vp_taken
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
        ns_took, ew_took = taken(table)
        head_to_head[(table.ns, table.ew)] += ns_took
        head_to_head[(table.ew, table.ns)] += ew_took

    def main_key(pid: int) -> tuple[int, int]:
        record = records[pid]
        if by_matches:
            return (record.matches_won, record.point_difference)
        return (record.vp, record.mp)

    rank = 1
    # one pass over the pairs, level group by level group (a 500-pair field has hundreds)
    for _key, grouped in groupby(sorted(pair_ids, key=main_key, reverse=True), key=main_key):
        level = list(grouped)
        mini = _head_to_head(level, head_to_head)
        level.sort(key=lambda pid: mini[pid], reverse=True)
        position = rank
        for offset, pid in enumerate(level):
            if offset and mini[pid] != mini[level[offset - 1]]:
                position = rank + offset
            records[pid].rank = position
        rank += len(level)
    return records


def _head_to_head(level: Sequence[Any], taken: dict[tuple[Any, Any], int]) -> dict[Any, int]:
    """What each of a level group took from the others, when every one of them met every
    other (a complete mini-league); otherwise nothing, and the group is a draw."""
    complete = all((a, b) in taken for i, a in enumerate(level) for b in level[i + 1 :])
    if not complete:
        return dict.fromkeys(level, 0)
    return {a: sum(taken[(a, b)] for b in level if b != a) for a in level}


# --- seasons -------------------------------------------------------------------------------------

Entity = int | frozenset[int]
"""Who a season row ranks: a player id, or a pair as the set of its players' ids."""


@dataclass(frozen=True, slots=True)
class Evening:
    """What one pair or player scored in one tournament."""

    tournament: int
    entity: Entity
    vp: int
    mp: int


@dataclass(frozen=True, slots=True)
class Meeting:
    """Two entities at one table, with what each took from the other (VP, or 1 for a win)."""

    a: Entity
    b: Entity
    a_points: int
    b_points: int


@dataclass(slots=True)
class SeasonRow:
    entity: Entity
    evenings: int = 0
    counted: int = 0
    vp: int = 0
    mp: int = 0
    rank: int = 0
    counted_tournaments: tuple[int, ...] = ()


def season_ranking(
    evenings: Iterable[Evening], meetings: Iterable[Meeting], *, best_of: int | None
) -> list[SeasonRow]:
    """Each entity's best `best_of` evenings (by VP, then MP; all when None) added up, then
    ranked as a tournament is: VP, MP, head-to-head among those level, then a draw."""
    by_entity: dict[Entity, list[Evening]] = defaultdict(list)
    for evening in evenings:
        by_entity[evening.entity].append(evening)
    rows = []
    for entity, played in by_entity.items():
        best = sorted(played, key=lambda e: (e.vp, e.mp, -e.tournament), reverse=True)
        counted = best if best_of is None else best[:best_of]
        rows.append(
            SeasonRow(
                entity=entity,
                evenings=len(played),
                counted=len(counted),
                vp=sum(e.vp for e in counted),
                mp=sum(e.mp for e in counted),
                counted_tournaments=tuple(sorted(e.tournament for e in counted)),
            )
        )
    taken: dict[tuple[Entity, Entity], int] = defaultdict(int)
    for meeting in meetings:
        taken[(meeting.a, meeting.b)] += meeting.a_points
        taken[(meeting.b, meeting.a)] += meeting.b_points
    rows.sort(key=lambda row: (row.vp, row.mp), reverse=True)
    index = 0
    while index < len(rows):
        level = [r for r in rows[index:] if (r.vp, r.mp) == (rows[index].vp, rows[index].mp)]
        mini = _head_to_head([r.entity for r in level], taken)
        level.sort(key=lambda r: mini[r.entity], reverse=True)
        for offset, row in enumerate(level):
            same = offset and mini[row.entity] == mini[level[offset - 1].entity]
            row.rank = level[offset - 1].rank if same else index + 1 + offset
        rows[index : index + len(level)] = level
        index += len(level)
    return rows
