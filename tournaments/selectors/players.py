"""Reads of the players' own entry: whose link a token is, what a pair's phone shows (its table,
the deals, what waits for whom), each table's state on the organiser's round board and the
deals the pairs disagree on, with both versions side by side."""

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import TextChoices
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

from tournaments.models import DealProposal, Pair, Round, Seat, Table
from tournaments.rules.glossary import KIND_TERMS, words_for
from tournaments.rules.link_tokens import is_link_token
from tournaments.rules.links import link_refusal
from tournaments.rules.sheet import kind_field
from tournaments.selectors.public.models import direction_word
from tournaments.selectors.table import TablePage, read_table_page

NS, EW = Seat.Direction.NS.value, Seat.Direction.EW.value
OPEN = (DealProposal.Status.WAITING, DealProposal.Status.DISPUTED)


class TableState(TextChoices):
    """A table as the organiser follows it while the players enter their results."""

    NOT_STARTED = "not_started", _("Not started")
    ENTERING = "entering", _("Entering")
    WAITING = "waiting", _("Waiting for the opponents")
    DISPUTED = "disputed", _("Disputed")
    DONE = "done", _("Done")


def seat_for_link(token: str) -> Seat | None:
    """The seat whose link this is (with its round, tournament, club, table and pair), or None
    for anything that is not a link of ours: one query, none for a malformed token."""
    if not is_link_token(token):
        return None
    return (
        Seat.objects.select_related(
            "round__tournament__club", "table", "pair__player_one", "pair__player_two"
        )
        .filter(token=token)
        .first()
    )


@dataclass(frozen=True)
class LinkState:
    """What a pair's poll needs to know whether its evening changed: a light read."""

    seat_id: int
    tournament_id: int
    table_version: int
    results_version: int
    language: str
    """The club's language, spoken to a reader who asked for none the site speaks."""


def link_state(token: str) -> LinkState | None:
    """The link's seat, its table's version, its tournament's results version and its club's
    language (one query of five values), or None for anything that is not a link of ours."""
    if not is_link_token(token):
        return None
    row = (
        Seat.objects.filter(token=token)
        .values_list(
            "pk",
            "round__tournament_id",
            "table__version",
            "round__tournament__results_version",
            "round__tournament__club__language",
        )
        .first()
    )
    return LinkState(*row) if row is not None else None


@dataclass(frozen=True)
class Place:
    """Where a pair sits in a round: table, direction, opponents, and its link there."""

    round_number: int
    table_number: int
    is_bye: bool
    direction: str
    opponent: Pair | None
    token: str
    is_next: bool
    finished: bool

    @property
    def direction_long(self) -> str:
        return direction_word(self.direction, short=False)


def places_of(seat: Seat) -> list[Place]:
    """The pair's place in this link's round, and in the next round once it is seated: one
    query (the pair's seats from this round on, with everyone at those tables)."""
    at_tables = (
        Seat.objects.filter(
            table__seats__pair_id=seat.pair_id, round__number__gte=seat.round.number
        )
        .select_related("round", "table", "pair__player_one", "pair__player_two")
        .order_by("round__number")
    )
    own: list[Seat] = []
    opponents: dict[int, Pair] = {}
    for found in at_tables:
        if found.pair_id == seat.pair_id:
            own.append(found)
        else:
            opponents[found.table_id] = found.pair
    return [
        Place(
            round_number=s.round.number,
            table_number=s.table.number,
            is_bye=s.table.is_bye,
            direction=s.direction,
            opponent=opponents.get(s.table_id),
            token=s.token,
            is_next=index > 0,
            finished=s.round.status == Round.Status.DONE,
        )
        for index, s in enumerate(own[:2])
    ]


@dataclass(frozen=True)
class VersionSide:
    """One side of a written deal, as typed: what the score sheet says, or the cards."""

    key: str
    label: str
    total: int
    closed: bool
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Version:
    """A deal as one pair wrote it, readable at a glance."""

    proposal: DealProposal
    by_label: str
    sides: tuple[VersionSide, ...]


def version_of(proposal: DealProposal, variant: str) -> Version:
    """A written deal in the reader's words: per side its total and what was typed."""
    words = words_for(variant)
    labels = {NS: words["ns"], EW: words["ew"]}
    sides = []
    for key, side in zip((NS, EW), proposal.entry.get("sides", []), strict=False):
        sides.append(
            VersionSide(
                key=key,
                label=labels[key],
                total=int(proposal.totals.get(key, 0)),
                closed=bool(side.get("closed")),
                lines=tuple(_side_lines(side, words)),
            )
        )
    return Version(proposal=proposal, by_label=labels[proposal.direction], sides=tuple(sides))


def _side_lines(side: dict[str, Any], words: Any) -> Iterable[str]:
    pot = {
        "taken": pgettext("the pot", "taken"),
        "not_taken": pgettext("the pot", "not taken"),
        "taken_unplayed": pgettext("the pot", "taken, not played"),
    }
    if "melds" in side:
        for meld in side.get("melds", []):
            yield " ".join(meld).upper()
        hand = " ".join(side.get("hand", [])).upper()
        yield f"{pgettext('cards left in hand', 'Hand')}: {hand or '–'}"
    else:
        yield f"{pgettext('points of the melds', 'Melded')}: {side.get('melded_points', 0)}"
        for kind, count in (side.get("burracos") or {}).items():
            name = words.kind(kind) if kind in KIND_TERMS else kind_field(kind)
            yield f"{name[:1].upper()}{name[1:]}: {count}"
        yield f"{pgettext('cards left in hand', 'Hand')}: {side.get('hand_points', 0)}"
        if "opening_points" in side:
            yield f"{pgettext('a side opening', 'Opening')}: {side['opening_points']}"
    yield f"{words['pot'].capitalize()}: {pot.get(side.get('pot', ''), side.get('pot', ''))}"


@dataclass
class LinkPage:
    """What a pair's phone shows of its table."""

    seat: Seat
    page: TablePage
    refusal: str
    mine: DealProposal | None
    """Our deal, sent and waiting for the opponents."""
    theirs: Version | None
    """The opponents' deal, waiting for us to accept it or say it is wrong."""
    disputed: list[Version]
    """Both versions of a deal the pairs disagree on: the organiser decides."""

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
            and self.page.next_number is not None
            and self.theirs is None
            and not self.disputed
        )

    @property
    def waiting(self) -> bool:
        """Whether something is under way that the page should follow by itself."""
        return bool(self.mine or self.theirs or self.disputed) or not self.refusal


def link_page(seat: Seat) -> LinkPage:
    """The pair's table as its phone shows it: a fixed number of queries."""
    page = read_table_page(seat.table_id, organiser=False)
    variant = page.tournament.variant
    open_ = list(
        DealProposal.objects.filter(table_id=seat.table_id, status__in=OPEN)
        .select_related("pair__player_one", "pair__player_two")
        .order_by("number", "id")
    )
    mine = next(
        (
            p
            for p in open_
            if p.status == DealProposal.Status.WAITING and p.direction == seat.direction
        ),
        None,
    )
    theirs = next(
        (
            p
            for p in open_
            if p.status == DealProposal.Status.WAITING and p.direction != seat.direction
        ),
        None,
    )
    disputed = [version_of(p, variant) for p in open_ if p.status == DealProposal.Status.DISPUTED]
    return LinkPage(
        seat=seat,
        page=page,
        refusal=link_refusal(seat),
        mine=mine,
        theirs=version_of(theirs, variant) if theirs else None,
        disputed=disputed,
    )


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
            versions=tuple(version_of(p, variant) for p in proposals),
        )
        for (table_number, number), proposals in sorted(grouped.items())
    ]
