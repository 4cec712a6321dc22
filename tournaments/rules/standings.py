"""Ranking pairs from their finished tables, and a season's pairs and players from their
evenings: pure Python, no database.

One ranking (`rank_by`) serves both. Deals format: total VP, then total MP, then head-to-head
among the pairs still level, then a draw (the same rank). Target format: matches won, then
point difference, then head-to-head. The organiser may put head-to-head before the second total
(`HEAD_TO_HEAD_FIRST`); the first total comes first and the draw last, always.

Head-to-head is a mini-league of what the level pairs took from each other (RULES.md,
"Tournament scoring"): the meetings among them only, those that exist (pairs that never met are
compared on the meetings they had), applied again to each group it leaves level, among those
pairs alone, until nothing changes. A group with no meeting at all is not split by it.

What a table adds to a pair's record is `credit`'s to say, once: a bye counts as a table played
with the award its table stores (in a match to a target, that award is a win: the format's
`bye_result` says so, and the table stores it).
"""

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from itertools import groupby
from typing import Protocol, TypeVar

MP_FIRST = "mp_first"
"""Tie-break order: VP, then MP, then head-to-head (the federation's order, the default)."""
HEAD_TO_HEAD_FIRST = "head_to_head_first"
"""Tie-break order: VP, then head-to-head, then MP (as some club circuits do)."""
TIE_BREAK_ORDERS = (MP_FIRST, HEAD_TO_HEAD_FIRST)


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
    """Target format: "ns" or "ew" (a bye's table stores "ns": it counts as a win)."""


@dataclass(frozen=True, slots=True)
class Penalty:
    """MP and VP an arbiter's decision takes from one pair (late arrival, penalty): only its
    totals change, not its table's."""

    pair: int
    mp: int
    vp: int


Penalties = Iterable[Penalty]


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


def credit(
    record: PairRecord, table: TableOutcome, *, east_west: bool = False, by_matches: bool = False
) -> None:
    """Add one side of a finished table (North-South unless `east_west`), or a bye, to a
    pair's record. In a match to a target the bye's points count in the point difference; in
    the deals format the difference ranks nothing and a bye adds none to it."""
    record.rounds_played += 1
    if east_west:
        own, mp, other_mp, vp = "ew", table.ew_mp, table.ns_mp, table.ew_vp
    else:
        own, mp, other_mp, vp = "ns", table.ns_mp, table.ew_mp, table.ns_vp
    record.vp += vp
    record.mp += mp
    if table.winner == own:
        record.matches_won += 1
    if table.ew is None:
        record.byes += 1
        if by_matches:
            record.point_difference += mp
        return
    record.point_difference += mp - other_mp


E = TypeVar("E", bound=Hashable)
FIRST, SECOND, HEAD_TO_HEAD = "first", "second", "head_to_head"


def rank_by(
    entities: Sequence[E],
    totals: Callable[[E], tuple[int, int]],
    taken: Mapping[tuple[E, E], int],
    *,
    order: str = MP_FIRST,
) -> list[tuple[int, list[E]]]:
    """The entities ranked, best first, as (rank, the entities sharing it) for each level
    group: by the first of their `totals` (VP, or matches won), then by the second (MP, or
    point difference) and head-to-head in the tie-break `order`, then a draw. `taken[(a, b)]`
    is what a took from b over their meetings that count. Within a level group the entities
    keep the order they came in."""
    criteria = (SECOND, HEAD_TO_HEAD) if order != HEAD_TO_HEAD_FIRST else (HEAD_TO_HEAD, SECOND)
    keys = {entity: totals(entity) for entity in entities}
    met: dict[E, list[tuple[E, int]]] = defaultdict(list)  # what each took from whom
    for (a, b), points in taken.items():
        met[a].append((b, points))

    def split(group: list[E], criteria: tuple[str, ...]) -> list[list[E]]:
        if len(group) < 2 or not criteria:
            return [group]
        criterion, rest = criteria[0], criteria[1:]
        if criterion == HEAD_TO_HEAD:
            parts = _mini_league(group, met)
        else:
            index = 0 if criterion == FIRST else 1
            parts = _levels(group, lambda entity: keys[entity][index])
        return [level for part in parts for level in split(part, rest)]

    ranked = []
    position = 1
    for level in split(list(entities), (FIRST, *criteria)):
        ranked.append((position, level))
        position += len(level)
    return ranked


def _levels(group: list[E], key: Callable[[E], int]) -> list[list[E]]:
    """The group split by `key`, highest first, each part in the group's order."""
    ordered = sorted(group, key=key, reverse=True)
    return [list(part) for _key, part in groupby(ordered, key=key)]


def _mini_league(group: list[E], met: Mapping[E, list[tuple[E, int]]]) -> list[list[E]]:
    """The level group split by what each took from the others in it, each part split again
    among its own members alone, until nothing changes. `met[a]`: whom a met, and what it
    took. Each member's own meetings are summed, not every pair of members: at a round's end
    most of a 500-pair field is level on nothing, and every pair of 400 was 160,000 look-ups
    at every accepted deal."""
    if len(group) < 2:
        return [group]
    members = set(group)
    points = {a: sum(v for b, v in met.get(a, ()) if b in members and b != a) for a in group}
    parts = _levels(group, points.__getitem__)
    if len(parts) == 1:
        return parts
    return [level for part in parts for level in _mini_league(part, met)]


def tally_pairs(
    pair_ids: Iterable[int],
    outcomes: Iterable[TableOutcome],
    *,
    by_matches: bool = False,
    penalties: Iterable[Penalty] = (),
    head_to_head: dict[tuple[int, int], int] | None = None,
) -> dict[int, PairRecord]:
    """Each pair's totals from the finished tables, less its penalties, not ranked (`rank`
    stays None): what a girone's ranking carries from before the split, read once for every
    girone. A table counts only when both its pairs are among `pair_ids` (a bye: its pair).
    With `head_to_head`, what each took from the other is added into it."""
    records = {pid: PairRecord() for pid in pair_ids}
    taken = wins_taken if by_matches else vp_taken
    for table in outcomes:
        ns = records.get(table.ns)
        if ns is None:
            continue
        if table.ew is None:
            credit(ns, table, by_matches=by_matches)
            continue
        ew = records.get(table.ew)
        if ew is None:
            continue
        credit(ns, table, by_matches=by_matches)
        credit(ew, table, east_west=True, by_matches=by_matches)
        if head_to_head is None:
            continue
        ns_took, ew_took = taken(table)
        head_to_head[(table.ns, table.ew)] += ns_took
        head_to_head[(table.ew, table.ns)] += ew_took
    for penalty in penalties:
        record = records.get(penalty.pair)
        if record is not None:
            record.vp -= penalty.vp
            record.mp -= penalty.mp
            if by_matches:
                record.point_difference -= penalty.mp
    return records


def rank_pairs(
    pair_ids: Sequence[int],
    outcomes: Iterable[TableOutcome],
    *,
    by_matches: bool = False,
    order: str = MP_FIRST,
    penalties: Iterable[Penalty] = (),
    head_to_head_counts: bool = True,
) -> dict[int, PairRecord]:
    """Each pair's record and rank from the finished tables. Without `head_to_head_counts`
    (an individual tournament: RULES.md) those level on both totals draw."""
    head_to_head: dict[tuple[int, int], int] = defaultdict(int)
    records = tally_pairs(
        pair_ids,
        outcomes,
        by_matches=by_matches,
        penalties=penalties,
        head_to_head=head_to_head if head_to_head_counts else None,
    )

    def totals(pid: int) -> tuple[int, int]:
        record = records[pid]
        if by_matches:
            return (record.matches_won, record.point_difference)
        return (record.vp, record.mp)

    for rank, level in rank_by(pair_ids, totals, head_to_head, order=order):
        for pid in level:
            records[pid].rank = rank
    return records


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
    """Two entities at one table of a tournament, with what each took from the other (VP, or 1
    for a win)."""

    tournament: int
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
    ranked as a tournament is (`rank_by`): VP, MP, head-to-head among those level, then a
    draw. Head-to-head counts a meeting only when its evening counts for both entities."""
    by_entity: dict[Entity, list[Evening]] = defaultdict(list)
    for evening in evenings:
        by_entity[evening.entity].append(evening)
    rows: dict[Entity, SeasonRow] = {}
    for entity, played in by_entity.items():
        best = sorted(played, key=lambda e: (e.vp, e.mp, -e.tournament), reverse=True)
        counted = best if best_of is None else best[:best_of]
        rows[entity] = SeasonRow(
            entity=entity,
            evenings=len(played),
            counted=len(counted),
            vp=sum(e.vp for e in counted),
            mp=sum(e.mp for e in counted),
            counted_tournaments=tuple(sorted(e.tournament for e in counted)),
        )
    taken: dict[tuple[Entity, Entity], int] = defaultdict(int)
    for meeting in meetings:
        a, b = rows.get(meeting.a), rows.get(meeting.b)
        if a is None or b is None:
            continue
        if meeting.tournament in a.counted_tournaments and (
            meeting.tournament in b.counted_tournaments
        ):
            taken[(meeting.a, meeting.b)] += meeting.a_points
            taken[(meeting.b, meeting.a)] += meeting.b_points
    ranked = rank_by(list(rows), lambda entity: (rows[entity].vp, rows[entity].mp), taken)
    result = []
    for rank, level in ranked:
        for entity in level:
            rows[entity].rank = rank
            result.append(rows[entity])
    return result
