"""The table page's read: a table with its pairs, deals, running score and what its format makes
of them, and whether (and why not) another deal can be entered, in a fixed number of queries."""

from dataclasses import dataclass, field
from typing import Any

from django.db.models import prefetch_related_objects

from scoring import InvalidMatch, RuleSet
from tournaments.models import (
    Club,
    Deal,
    Decision,
    Pair,
    Player,
    ResultChange,
    Round,
    Seat,
    Table,
    Tournament,
)
from tournaments.rules.decisions import RESULT_KINDS, decided_table_text, decision_refusal
from tournaments.rules.entry import entry_refusal, removal_refusal, running_before
from tournaments.rules.formats import PlayFormat
from tournaments.rules.progress import finished_refusal
from tournaments.rules.table_results import TableResult
from tournaments.selectors.access import User, for_organiser
from tournaments.selectors.compiled import CompiledRead, joined, joined_annotated, joined_columns
from tournaments.selectors.decisions import Mark, deciding_kind, marks_at
from tournaments.selectors.organiser import seats_prefetch, table_changes, table_deals
from tournaments.selectors.pairs import show_round_line_ups
from tournaments.selectors.progress import closed_by_of, closing_round
from tournaments.selectors.results import deal_totals

NS, EW = "ns", "ew"


@dataclass
class TablePage:
    """A table with everything its page shows."""

    table: Table
    tournament: Tournament
    play_format: PlayFormat
    rules: RuleSet
    pairs: dict[str, Pair | None]
    deals: list[Deal]
    totals: dict[int, tuple[int, int]]
    """Deal number -> (N-S, E-W) totals of the saved deals."""
    result: TableResult | None
    """What the deals make of the table (None: they make no match, see `no_entry`)."""
    next_number: int | None
    no_entry: str
    neighbours: tuple[int | None, int | None]
    changes: list[ResultChange]
    locked: str = ""
    """Why no deal of the table can be corrected or removed (a finished tournament), or ""."""
    no_removal: str = ""
    """Why its last deal cannot be removed (`rules.entry.removal_refusal`), or ""."""
    decisions: list[Mark] = field(default_factory=list)
    """The arbiter's decisions standing at this table."""
    decided: str = ""
    """The kind of the standing decision that sets the table's result ("": none): the table's
    own row, not its deals, has the result then."""
    no_decision: str = ""
    """Why no decision may be taken at this table now (`rules.decisions.decision_refusal`)."""

    def running_before(self, number: int) -> tuple[int, int]:
        return running_before(self.totals, number)


@dataclass
class TableToSave:
    """What reading a posted deal needs of its table, in two queries: the table with its
    tournament (the organiser's access checked with it) and its saved deals' totals. The
    save reads no more; a refused deal reads the whole page to show the form again."""

    table: Table
    play_format: PlayFormat
    rules: RuleSet
    totals: dict[int, tuple[int, int]]
    next_number: int | None = None

    def running_before(self, number: int) -> tuple[int, int]:
        return running_before(self.totals, number)


def table_to_save(user: User, table_id: int) -> TableToSave:
    """The table if it belongs to one of the user's clubs (404 otherwise), read for a save."""
    table = for_organiser(user, Table, related=["round__tournament__club"], pk=table_id)
    return basis_of(table, table.round.tournament)


def basis_of(table: Table, tournament: Tournament) -> TableToSave:
    """A table already read, with its tournament, for a save: one query (its deals' totals)."""
    play_format = tournament.play_format
    return TableToSave(table, play_format, play_format.rules, deal_totals(table))


def table_page(user: User, table_id: int) -> TablePage:
    """The table if it belongs to one of the user's clubs (404 otherwise), read for its page."""
    table = for_organiser(user, Table, related=["round__tournament__club"], pk=table_id)
    prefetch_related_objects([table], seats_prefetch())
    return page_of(table)


def read_table_page(table_id: int, *, organiser: bool = True) -> TablePage:
    """A table read for its page, whoever asks (the organiser's page, or a pair's link)."""
    return page_of(_table_with_seats(table_id), organiser=organiser)


TABLE_JOINS = (
    ("", Table),
    ("round", Round),
    ("round__tournament", Tournament),
    ("round__tournament__club", Club),
)
SEAT_JOINS = (
    ("", Seat),
    ("pair", Pair),
    ("pair__player_one", Player),
    ("pair__player_two", Player),
)
TABLE = CompiledRead(
    lambda table_id: (
        Table.objects.filter(pk=table_id)
        .annotate(closed_by=closing_round(), decided=deciding_kind())
        .values_list(*joined_columns(TABLE_JOINS), "closed_by", "decided")
    )
)
SEATS = CompiledRead(
    lambda table_id: Seat.objects.filter(table_id=table_id).values_list(*joined_columns(SEAT_JOINS))
)
LOCKED = CompiledRead(TABLE.build, lock=True)


def locked_table(table_id: int) -> Table:
    """For the services: the table, its row locked until the transaction ends (the steps of
    one table queue there; other tables of the tournament save at the same time), with its
    round, tournament and club, `closed_by` (the first later round that has started, if any)
    and `decided` (the kind of decision that sets its result, if any). One query, compiled
    once a process: every save at a table reads it."""
    return _table_of(LOCKED.rows(table_id))


def _table_with_seats(table_id: int) -> Table:
    """The table with its round, tournament and club, whether a later round closed it and which
    decision sets its result, and its seats with their pairs and players, as `select_related`
    and `prefetch_related` read them: two queries, compiled once a process (every write, accept
    and status answer of a phone at the table reads it)."""
    table = _table_of(TABLE.rows(table_id))
    seats = seats_of_table(table_id)
    for seat in seats:
        seat.table = table
    prefetched = table.seats.all()  # as prefetch_related leaves it: read, never queried again
    prefetched._result_cache = seats
    prefetched._prefetch_done = True  # type: ignore[attr-defined]
    table._prefetched_objects_cache = {"seats": prefetched}  # type: ignore[attr-defined]
    return table


SEAT_OF_TABLE = (("", Seat), ("pair", Pair))
SEAT = CompiledRead(
    lambda seat_id: (
        Seat.objects.filter(pk=seat_id)
        .annotate(closed_by=closing_round())
        .values_list(*joined_columns(SEAT_OF_TABLE), "closed_by")
    )
)


def seat_of_table(seat_id: int) -> Seat:
    """For the services: a seat with its pair and `closed_by` (the first later round that has
    started, if any), read at every step a phone sends: one query, compiled once a process."""
    found = SEAT.rows(seat_id)
    if not found:
        raise Seat.DoesNotExist("Seat matching query does not exist.")
    return joined_annotated(found[0], SEAT_OF_TABLE, Seat, ("closed_by",))


def seats_of_table(table_id: int) -> list[Seat]:
    """The table's seats with their pairs and players, as `select_related` reads them: one
    query, compiled once a process (the phones' table pages and evenings read it)."""
    return [joined(row, SEAT_JOINS, Seat) for row in SEATS.rows(table_id)]


def _table_of(found: list[tuple[Any, ...]]) -> Table:
    if not found:
        raise Table.DoesNotExist("Table matching query does not exist.")
    return joined_annotated(found[0], TABLE_JOINS, Table, ("closed_by", "decided"))


def page_of(table: Table, *, organiser: bool = True) -> TablePage:
    """The page of a table read with its round, tournament, club and seats. Only the
    organiser's page shows the previous and next tables and the table's last changes; a
    pair's link reads neither (`organiser=False`)."""
    tournament = table.round.tournament
    show_round_line_ups([table], tournament, table.round.number)
    play_format = tournament.play_format
    deals = table_deals(table)
    totals = {deal.number: _pair_totals(deal) for deal in deals}
    no_entry = ""
    try:
        result: TableResult | None = play_format.table_result(list(totals.values()))
    except InvalidMatch as error:
        result, no_entry = None, " ".join(error.messages)
    closed_by = table.closed_by = closed_by_of(table)  # type: ignore[attr-defined]
    no_entry = no_entry or entry_refusal(
        is_bye=table.is_bye,
        round_number=table.round.number,
        round_status=table.round.status,
        play_format=play_format,
        played=len(deals),
        result=result,
        finished=tournament.is_finished,
        closed_by=closed_by,
        players=not organiser,
    )
    # the organiser's page lists the table's decisions; a pair's link reads only whether one
    # sets the table's result (with the table's own row)
    decisions = marks_at(tournament, table.round.number, table.number) if organiser else []
    decided = next((m.kind_name for m in reversed(decisions) if m.kind in RESULT_KINDS), "")
    if not organiser and getattr(table, "decided", None):
        decided = str(Decision.Kind(table.decided).label)  # type: ignore[attr-defined]
    if decided and not no_entry:
        no_entry = decided_table_text(table.number, decided, organiser=organiser)
    first_free = next(n for n in range(1, len(deals) + 2) if n not in totals)
    return TablePage(
        table=table,
        tournament=tournament,
        play_format=play_format,
        rules=play_format.rules,
        pairs={NS: table.ns, EW: table.ew},
        deals=deals,
        totals=totals,
        result=result,
        decided=decided,
        next_number=None if no_entry else first_free,
        no_entry=no_entry,
        neighbours=_neighbours(table) if organiser else (None, None),
        changes=list(table_changes(table)[:5]) if organiser else [],
        locked=finished_refusal() if tournament.is_finished else "",
        no_removal=removal_refusal(
            is_bye=table.is_bye,
            round_number=table.round.number,
            round_status=table.round.status,
            finished=tournament.is_finished,
            closed_by=closed_by,
        ),
        decisions=decisions,
        no_decision=decision_refusal(
            finished=tournament.is_finished, round_status=table.round.status, is_bye=table.is_bye
        ),
    )


def _neighbours(table: Table) -> tuple[int | None, int | None]:
    """The previous and next tables of the round (their ids), for the page's links."""
    others = list(
        Table.objects.filter(round_id=table.round_id, is_bye=False)
        .order_by("number")
        .values_list("pk", flat=True)
    )
    place = others.index(table.pk) if table.pk in others else -1
    return (
        others[place - 1] if place > 0 else None,
        others[place + 1] if 0 <= place < len(others) - 1 else None,
    )


def _pair_totals(deal: Deal) -> tuple[int, int]:
    by_direction = {side.direction: side.total for side in deal.sides.all()}
    return by_direction.get(NS, 0), by_direction.get(EW, 0)
