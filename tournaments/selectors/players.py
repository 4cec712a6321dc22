"""Reads of the players' own entry: what a pair's phone shows (its table, the deals, what waits
for whom), each table's state on the organiser's round board and the deals the pairs disagree
on, with both versions side by side. (Whose link a token is: selectors/links.py.)"""

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, TextChoices
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.models import DealProposal, Pair, Player, Round, Seat, Table, Tournament
from tournaments.rules.entrant_texts import entrant_text
from tournaments.rules.entry import later_deals_wait, later_deals_wait_text
from tournaments.rules.glossary import words_for
from tournaments.rules.links import entry_switch_refusal, link_refusal
from tournaments.rules.states import Position
from tournaments.selectors.compiled import CompiledRead, joined, joined_columns
from tournaments.selectors.pairs import show_seat_line_ups
from tournaments.selectors.progress import closed_by_of
from tournaments.selectors.public.models import direction_word
from tournaments.selectors.table import TablePage, read_table_page, seats_of_table
from tournaments.selectors.versions import Version, version_of, versions_compared

NS, EW = Seat.Direction.NS.value, Seat.Direction.EW.value
OPEN = (DealProposal.Status.WAITING, DealProposal.Status.DISPUTED)


class TableState(TextChoices):
    """A table as the organiser follows it while the players enter their results."""

    NOT_STARTED = "not_started", _("Not started")
    ENTERING = "entering", _("Entering")
    WAITING = "waiting", _("Waiting for the opponents")
    DISPUTED = "disputed", _("Disputed")
    DONE = "done", _("Done")


def seat_link_refusal(seat: Seat) -> str:
    """Why this seat's link cannot write or accept anything now ("" when it can): the seat read
    with its round, tournament and table (`rules.links.link_refusal`)."""
    table, round_ = seat.table, seat.round
    tournament = round_.tournament
    return link_refusal(
        players_enter=tournament.result_entry == Tournament.ResultEntry.PLAYERS,
        finished=tournament.is_finished,
        is_bye=table.is_bye,
        round_number=round_.number,
        round_status=round_.status,
        closed_by=closed_by_of(seat),
        organiser_enters=table.organiser_enters,
        table_number=table.number,
        variant=tournament.variant,
    )


def switch_refusal(table: Table, closed_by: int | None) -> str:
    """Why the organiser cannot switch who enters this table now ("" when it can): the table
    read with its round and tournament, `closed_by` the first later round that has started
    (`selectors.progress`)."""
    round_ = table.round
    tournament = round_.tournament
    return entry_switch_refusal(
        finished=tournament.is_finished,
        is_bye=table.is_bye,
        table_done=table.status == Table.Status.DONE,
        round_number=round_.number,
        closed_by=closed_by,
        table_number=table.number,
        variant=tournament.variant,
    )


@dataclass(frozen=True)
class Place:
    """Where a pair sits in a round: table, direction, opponents."""

    round_number: int
    table_number: int
    is_bye: bool
    direction: str
    opponent: Pair | None
    is_next: bool
    """Seated, not started yet: the pair's next table."""
    finished: bool
    position: str = ""
    """An individual player's seat (N, S, E, W); "" for a pair."""
    partner: Pair | None = None
    """An individual player's partner this round."""
    opponents: tuple[Pair, ...] = ()
    """Every player (or pair) against."""

    @property
    def direction_long(self) -> str:
        return direction_word(self.direction, short=False)

    @property
    def position_long(self) -> str:
        return str(Position(self.position).label) if self.position else ""


def places_of(seat: Seat) -> list[Place]:
    """Where the pair sits now (its link's seat: the latest round it is seated in), with its
    opponents (at an individual table, who plays that round: a substitute brought in for a
    later round does not): one query, two at an individual table."""
    others = sorted(
        (other for other in seats_of_table(seat.table_id) if other.pk != seat.pk),
        key=lambda other: other.position,
    )
    if seat.position:
        for other in others:
            other.round = seat.round
        show_seat_line_ups(others, seat.round.tournament)
    opponents = tuple(other.pair for other in others if other.direction != seat.direction)
    partner = next((other.pair for other in others if other.direction == seat.direction), None)
    return [
        Place(
            round_number=seat.round.number,
            table_number=seat.table.number,
            is_bye=seat.table.is_bye,
            direction=seat.direction,
            opponent=opponents[0] if opponents else None,
            is_next=seat.round.status == Round.Status.SEATING,
            finished=seat.round.status == Round.Status.DONE,
            position=seat.position,
            partner=partner,
            opponents=opponents,
        )
    ]


@dataclass
class LinkPage:
    """What a pair's phone shows of its table."""

    seat: Seat
    page: TablePage
    refusal: str
    mine: DealProposal | None
    """Our deal, sent and waiting for the opponents."""
    mine_version: Version | None
    """Our deal as the opponents read it to accept it here, with their pair code."""
    theirs: Version | None
    """The opponents' deal, waiting for us to accept it or say it is wrong."""
    disputed: list[Version]
    """Both versions of a deal the pairs disagree on: the organiser decides."""
    with_code: dict[int, str]
    """The deals the opponents accepted with their pair code on the writer's phone: deal
    number, the direction of the pair that wrote it (whose phone it was)."""
    queued: list[DealProposal]
    """Deals accepted behind one the organiser decides: saved once it is decided."""
    next_number: int | None
    """The deal the pairs write next: after those with the organiser or waiting for them,
    where the format lets the table go on (`rules.entry.later_deals_wait`)."""
    wait_text: str
    """Why the next deal waits for the organiser's decision ("" when it does not)."""

    @property
    def direction(self) -> str:
        return self.seat.direction

    @property
    def opponent_direction(self) -> str:
        return EW if self.seat.direction == NS else NS

    @property
    def can_write(self) -> bool:
        """Whether the next deal can be written now."""
        return (
            not self.refusal
            and self.next_number is not None
            and self.theirs is None
            and not self.wait_text
        )

    @property
    def waiting(self) -> bool:
        """Whether something is under way that the page should follow by itself."""
        return bool(self.mine or self.theirs or self.disputed or self.queued) or not self.refusal


PROPOSAL = [
    ("", DealProposal),
    ("pair", Pair),
    ("pair__player_one", Player),
    ("pair__player_two", Player),
]
PROPOSALS = CompiledRead(
    lambda table_id: (
        DealProposal.objects.filter(
            Q(status__in=(*OPEN, DealProposal.Status.QUEUED))
            | Q(status=DealProposal.Status.ACCEPTED, accepted_with_code=True),
            table_id=table_id,
        )
        .order_by("number", "id")
        .values_list(*joined_columns(PROPOSAL))
    )
)
"""The deals a table's phones show: under way, waiting behind another, or accepted with the
organiser's code; each with its pair and players (read at every request of a table's page)."""


def link_page(seat: Seat) -> LinkPage:
    """The pair's table as its phone shows it: a fixed number of queries."""
    page = read_table_page(seat.table_id, organiser=False)
    seat.table, seat.round = page.table, page.table.round  # as they are now, after any step
    variant = page.tournament.variant
    read = [joined(row, PROPOSAL, DealProposal) for row in PROPOSALS.rows(seat.table_id)]
    open_ = [p for p in read if p.status in OPEN]
    waiting = [p for p in open_ if p.status == DealProposal.Status.WAITING]
    mine = next((p for p in waiting if p.direction == seat.direction), None)
    theirs = next((p for p in waiting if p.direction != seat.direction), None)
    disputed_by_number: dict[int, list[DealProposal]] = defaultdict(list)
    for proposal in open_:
        if proposal.status == DealProposal.Status.DISPUTED:
            disputed_by_number[proposal.number].append(proposal)
    disputed = [
        version
        for number in sorted(disputed_by_number)
        for version in versions_compared(disputed_by_number[number], variant)
    ]
    queued = [p for p in read if p.status == DealProposal.Status.QUEUED]
    next_number, wait_text = page.next_number, ""
    if next_number is not None and disputed_by_number:
        play_format = page.tournament.play_format
        if later_deals_wait(play_format):
            wait_text = later_deals_wait_text(min(disputed_by_number))
        else:
            held = set(disputed_by_number) | {p.number for p in queued}
            while next_number in held:
                next_number += 1
            if play_format.deal_number_problem(next_number):
                next_number = None
    return LinkPage(
        seat=seat,
        page=page,
        refusal=seat_link_refusal(seat),
        mine=mine,
        mine_version=version_of(mine, variant) if mine else None,
        theirs=version_of(theirs, variant) if theirs else None,
        disputed=disputed,
        with_code={p.number: p.direction for p in read if p.accepted_with_code},
        queued=queued,
        next_number=next_number,
        wait_text=wait_text,
    )


def sent_notice(proposal: DealProposal, seat: Seat) -> str:
    """What became of a step a link sent (`proposal`: the deal it wrote, accepted or answered),
    as it stands now: a step sent again long after may find its deal accepted, decided or set
    aside since, and is told so, never what it was when first sent."""
    tournament = seat.round.tournament
    words = words_for(tournament.variant)
    number = proposal.number
    theirs = EW if proposal.direction == NS else NS
    if proposal.status == DealProposal.Status.WAITING:
        return entrant_text(tournament, "sent_waiting", number=number, their_side=words[theirs])
    if proposal.status == DealProposal.Status.ACCEPTED:
        if proposal.accepted_with_code and proposal.direction == seat.direction:
            return entrant_text(tournament, "sent_with_code", number=number, side=words[theirs])
        return gettext("Deal %(number)s accepted: it counts.") % {"number": number}
    if proposal.status == DealProposal.Status.QUEUED:
        return gettext(
            "Deal %(number)s accepted: it is saved once the organiser decides the deal before."
        ) % {"number": number}
    if proposal.status == DealProposal.Status.DISPUTED:
        return gettext(
            "Both versions of deal %(number)s are with the organiser, who decides which counts."
        ) % {"number": number}
    if proposal.status in (DealProposal.Status.CHOSEN, DealProposal.Status.REJECTED):
        return gettext("Deal %(number)s: the organiser has decided which version counts.") % {
            "number": number
        }
    return gettext(
        "Deal %(number)s was set aside since (written again, or entered by the organiser): the "
        "page shows what counts now."
    ) % {"number": number}


def with_code_notes(rows: list[dict[str, Any]], link: LinkPage) -> list[dict[str, Any]]:
    """A table's deal rows (`deal_rows`), each deal the opponents accepted with their pair code
    on the writer's phone with a note saying so, to each pair its own way."""
    tournament = link.page.tournament
    words = words_for(tournament.variant)
    for row in rows:
        writer = link.with_code.get(row["deal"].number)
        if writer is None:
            continue
        if writer == link.seat.direction:
            side = words[link.opponent_direction]
            row["code_note"] = entrant_text(tournament, "note_code_here", side=side)
        else:
            row["code_note"] = entrant_text(tournament, "note_code_theirs", side=words[writer])
    return rows


def table_states(round_: Round, tables: Iterable[Table]) -> dict[int, str]:
    """Each table's state for the round board (one query whatever the round's size)."""
    open_by_table: dict[int, set[str]] = defaultdict(set)
    for table_id, status in DealProposal.objects.filter(
        table__round=round_, status__in=OPEN
    ).values_list("table_id", "status"):
        open_by_table[table_id].add(status)
    states = {}
    for table in tables:
        found = open_by_table.get(table.pk, set())
        if table.status == Table.Status.DONE:
            state = TableState.DONE
        elif DealProposal.Status.DISPUTED in found:
            state = TableState.DISPUTED
        elif DealProposal.Status.WAITING in found:
            state = TableState.WAITING
        elif table.status == Table.Status.IN_PROGRESS:
            state = TableState.ENTERING
        else:
            state = TableState.NOT_STARTED
        states[table.pk] = state.value
    return states


@dataclass(frozen=True)
class Dispute:
    """A deal two pairs disagree on: both versions side by side, for the organiser."""

    table: Table
    number: int
    versions: tuple[Version, ...]


def disputes_of(round_: Round) -> list[Dispute]:
    """The round's disputed deals, by table and deal (one query)."""
    variant = round_.tournament.variant
    grouped: dict[tuple[int, int], list[DealProposal]] = defaultdict(list)
    tables: dict[int, Table] = {}
    for proposal in (
        DealProposal.objects.filter(table__round=round_, status=DealProposal.Status.DISPUTED)
        .select_related("table", "pair__player_one", "pair__player_two")
        .order_by("table__number", "number", "id")
    ):
        grouped[(proposal.table.number, proposal.number)].append(proposal)
        tables[proposal.table.number] = proposal.table
    return [
        Dispute(
            table=tables[table_number],
            number=number,
            versions=versions_compared(proposals, variant),
        )
        for (table_number, number), proposals in sorted(grouped.items())
    ]
