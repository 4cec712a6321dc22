"""Reads of stored results that the rules work on: each finished table as a `TableOutcome`, a
table's deal totals, a round's seating and the meetings played. The standings, the Danese
pairing, the public progress chart and the backup check all read them here."""

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from tournaments.models import DealSide, Round, Seat, Table, Tournament
from tournaments.movements import Seating, TableSeat
from tournaments.rules.standings import TableOutcome
from tournaments.selectors.compiled import CompiledRead

NS, EW = Seat.Direction.NS.value, Seat.Direction.EW.value


def outcome_of(table: Table, seats: dict[str, int]) -> TableOutcome:
    """A finished table as the ranking reads it; `seats` maps direction to pair id."""
    return TableOutcome(
        ns=seats[NS],
        ew=seats.get(EW),
        ns_mp=table.ns_mp,
        ew_mp=table.ew_mp,
        ns_vp=table.ns_vp or 0,
        ew_vp=table.ew_vp or 0,
        winner=table.winner,
    )


@dataclass(frozen=True)
class FinishedTables:
    by_round: dict[int, list[TableOutcome]]
    """Round number -> the outcomes of its finished tables."""
    done_rounds: frozenset[int]
    """The rounds all of whose tables are finished, among those."""


def finished_tables(tournament: Tournament, *, before: int | None = None) -> FinishedTables:
    """The outcomes of the finished tables by round (of rounds before `before`, if given);
    tables of a round still being seated count for nothing. One query (compiled once a
    process for the whole tournament: the standings read it at every finished table)."""
    rows: Iterable[tuple[Any, ...]]
    if before is None:
        rows = PLAYED.rows(tournament.pk)
    else:
        seats = Seat.objects.filter(round__tournament=tournament, round__number__lt=before)
        rows = _played_rows(seats)
    by_round: dict[int, list[TableOutcome]] = defaultdict(list)
    done: set[int] = set()
    for played in _played(rows):
        by_round[played.round_number].append(played.outcome)
        if played.round_done:
            done.add(played.round_number)
    return FinishedTables(dict(by_round), frozenset(done))


@dataclass(frozen=True)
class PlayedTable:
    """A finished table (or bye) of a started round, as the rankings read it."""

    tournament: int
    round_number: int
    round_done: bool
    outcome: TableOutcome


def played_tables(tournament_ids: Iterable[int]) -> list[PlayedTable]:
    """The finished tables (byes included) of the tournaments' started rounds, by tournament,
    round and table: one query."""
    return _played(_played_rows(Seat.objects.filter(round__tournament_id__in=list(tournament_ids))))


def tables_by_pair(tables: Iterable[PlayedTable]) -> dict[int, list[tuple[int, TableOutcome]]]:
    """Pair id -> (round number, outcome) of each of its tables (byes included)."""
    by_pair: dict[int, list[tuple[int, TableOutcome]]] = defaultdict(list)
    for played in tables:
        for pair_id in (played.outcome.ns, played.outcome.ew):
            if pair_id is not None:
                by_pair[pair_id].append((played.round_number, played.outcome))
    return by_pair


def _played_rows(seats: QuerySet[Seat]) -> "QuerySet[Seat, tuple[Any, ...]]":
    """The seats of finished tables of started rounds, as `_played` reads them."""
    return (
        seats.filter(table__status=Table.Status.DONE)
        .exclude(round__status=Round.Status.SEATING)
        .order_by("round__tournament_id", "round__number", "table__number", "direction")
        .values_list(
            "table_id", "position", "direction", "pair_id", "round__tournament_id", "round__number",
            "round__status", "table__ns_mp", "table__ew_mp", "table__ns_vp", "table__ew_vp",
            "table__winner",
        )
    )  # fmt: skip


PLAYED = CompiledRead(
    lambda tournament_id: _played_rows(Seat.objects.filter(round__tournament_id=tournament_id))
)
"""A tournament's finished tables (`_played_rows`), read at every table that finishes."""


def _played(rows: Iterable[tuple[Any, ...]]) -> list[PlayedTable]:
    # plain rows, not three model instances a seat: the standings read this on every save
    at_table: dict[int, dict[str, int]] = defaultdict(dict)
    tables: dict[int, tuple[int, int, str, tuple[int, int, int | None, int | None, str]]] = {}
    for table_id, position, direction, pair_id, tournament_id, number, status, *result in rows:
        at_table[table_id][position or direction] = pair_id
        tables[table_id] = (tournament_id, number, status, tuple(result))
    played = []
    for table_id, (tournament_id, number, status, totals) in tables.items():
        ns_mp, ew_mp, ns_vp, ew_vp, winner = totals
        seated = at_table[table_id]
        # an individual table (four seats by position) is two meetings of its partnerships'
        # players, North v East and South v West: each player is credited once, in full
        sides = [("N", "E"), ("S", "W")] if "N" in seated else [(NS, EW)]
        for ns, ew in sides:
            outcome = TableOutcome(
                ns=seated[ns], ew=seated.get(ew), ns_mp=ns_mp, ew_mp=ew_mp, ns_vp=ns_vp or 0,
                ew_vp=ew_vp or 0, winner=winner,
            )  # fmt: skip
            done = status == Round.Status.DONE
            played.append(PlayedTable(tournament_id, number, done, outcome))
    return played


def outcomes(tournament: Tournament, *, before: int | None = None) -> list[TableOutcome]:
    by_round = finished_tables(tournament, before=before).by_round
    return [outcome for listed in by_round.values() for outcome in listed]


def deal_totals(table: Table) -> dict[int, tuple[int, int]]:
    """Deal number -> the (N-S, E-W) totals stored for it: one query."""
    return totals_by_deal(
        DealSide.objects.filter(deal__table=table).values_list("deal__number", "direction", "total")
    )


def totals_by_deal(sides: Iterable[tuple[int, str, int]]) -> dict[int, tuple[int, int]]:
    """(deal number, direction, total) of each stored side -> deal number -> (N-S, E-W)."""
    per_deal: dict[int, dict[str, int]] = defaultdict(dict)
    for number, direction, total in sides:
        per_deal[number][direction] = total
    return {n: (sides.get(NS, 0), sides.get(EW, 0)) for n, sides in sorted(per_deal.items())}


def history(
    tournament: Tournament, *, before: int | None = None
) -> tuple[set[tuple[int, int]], dict[int, int]]:
    """Meetings played and rounds out in the rounds before round `before` (all if None).

    A pair's rounds out are the byes it took plus, for a late pair, the rounds it missed
    before joining: it does not sit out again before the others have sat out as often."""
    tables: dict[int, list[int]] = defaultdict(list)
    bye_tables: set[int] = set()
    seats = Seat.objects.filter(round__tournament=tournament)
    if before is not None:
        seats = seats.filter(round__number__lt=before)
    # plain values: a national field's history is thousands of seats, read every round
    for table_id, pair_id, is_bye in seats.values_list("table_id", "pair_id", "table__is_bye"):
        tables[table_id].append(pair_id)
        if is_bye:
            bye_tables.add(table_id)
    meetings = {(min(ids), max(ids)) for ids in tables.values() if len(ids) == 2}
    byes: dict[int, int] = defaultdict(int)
    for table_id in bye_tables:
        for pair_id in tables[table_id]:
            byes[pair_id] += 1
    late = tournament.pairs.filter(joined_from__gt=1).values_list("pk", "joined_from")
    for pair_id, joined_from in late:
        missed = joined_from - 1 if before is None else min(joined_from, before) - 1
        if missed:
            byes[pair_id] += missed
    return meetings, dict(byes)


def seating_of(round_: Round, *, girone: int | None = None) -> Seating:
    """A round's stored seats as the movements see them; with `girone`, that girone's tables
    alone, numbered from 1 as the movement made them."""
    by_table: dict[int, dict[str, int]] = defaultdict(dict)
    numbers: dict[int, int] = {}
    bye = None
    seats = round_.seats.all()
    if girone is not None:
        seats = seats.filter(table__girone_id=girone)
    rows = seats.values_list("table_id", "direction", "pair_id", "table__is_bye", "table__number")
    for table_id, direction, pair_id, is_bye, number in rows:
        if is_bye:
            bye = pair_id
            continue
        by_table[table_id][direction] = pair_id
        numbers[table_id] = number
    ordered = sorted(by_table.items(), key=lambda item: numbers[item[0]])
    tables = tuple(
        TableSeat(index if girone is not None else numbers[tid], places[NS], places[EW])
        for index, (tid, places) in enumerate(ordered, 1)
    )
    return Seating(tables=tables, bye=bye)
