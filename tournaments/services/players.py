"""Writes of the players' own entry: a pair writes a deal on its phone (its private link), the
opponents accept it — on their own phone, or on the writer's typing their pair code — or say it
is wrong with their own version, and the organiser settles what the pairs disagree on. A deal
counts only once accepted or settled: both go through `deal_record`, like any deal, so the
engine scores it and the standings follow.

Every step is in the audit record (ResultChange) with the pair whose link (or code) did it, or
the organiser; each bumps the table's version, so an organiser with the table page open sees
it. A phone may send the same step twice over a bad network: `key` makes it count once. A key
is looked up for its own link and step only, after the refusals of who may do what here, and
what it answers is the step's state now (`Sent.proposal.status`), never what it was then.

Wrong pair codes count against the table, in its row (so every server process sees the same
count): past WRONG_PAIR_CODES_PER_ROUND in its round, the organiser enters the table.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import InvalidMatch
from tournaments.models import DealProposal, ResultChange, Seat, Table, Tournament
from tournaments.rules.entry import deal_number_refusal, entry_refusal
from tournaments.rules.glossary import words_for
from tournaments.rules.limits import PAIR_CODE_DIGITS, WRONG_PAIR_CODES_PER_ROUND
from tournaments.rules.links import link_refusal, pair_code_read
from tournaments.selectors import results
from tournaments.selectors.access import User
from tournaments.services import events
from tournaments.services.deals import deal_record, score_at_table
from tournaments.services.errors import ServiceError
from tournaments.services.links import code_matches

NS, EW = Seat.Direction.NS.value, Seat.Direction.EW.value
OPEN = (DealProposal.Status.WAITING, DealProposal.Status.DISPUTED)


@dataclass(frozen=True)
class Sent:
    """What became of a step a phone sent: the proposal, and whether this very request made it
    (False: the same key had been sent before, and this is its answer again)."""

    proposal: DealProposal
    new: bool


class CodeRefused(ServiceError):
    """A pair code that does not open the step: mistyped, or not the opponents' (the page
    answers 403, not 409: nothing about the table is in the way)."""


def _locked_seat(seat: Seat) -> tuple[Seat, Table]:
    """The seat again with its table's row locked: the steps of one table queue here."""
    table = (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__tournament__club")
        .get(pk=seat.table_id)
    )
    seat = Seat.objects.select_related("pair").get(pk=seat.pk)
    seat.table, seat.round = table, table.round
    return seat, table


def _check_link(seat: Seat) -> None:
    refusal = link_refusal(seat)
    if refusal:
        raise ServiceError(refusal)


def _sent_before(table: Table, seat: Seat, key: str, *, answers: int | None) -> Sent | None:
    """The step this link sent before with `key` (answering proposal `answers`, for a version
    of the opponents' deal), as it stands now; None for a key never sent. A key another link
    sent, or sent for another step, is refused: it tells this link nothing."""
    sent = DealProposal.objects.select_related("pair").filter(table=table, key=key).first()
    if sent is None:
        return None
    if sent.pair_id != seat.pair_id or sent.answers_id != answers:
        raise ServiceError(
            _("This was sent from another page: open your table again and send it again.")
        )
    return Sent(sent, new=False)


def _record(
    table: Table,
    *,
    action: str,
    number: int,
    seat: Seat | None = None,
    user: User | None = None,
    after: dict[str, Any] | None = None,
    before: dict[str, Any] | None = None,
) -> None:
    """One step in the audit record; the table's version grows with it."""
    ResultChange.objects.create(
        tournament_id=table.round.tournament_id,
        table=table,
        deal_number=number,
        action=action,
        pair=seat.pair if seat else None,
        user_id=user.pk if user is not None and user.is_authenticated else None,
        before=before,
        after=after,
    )
    table.version += 1
    table.save(update_fields=["version"])


def _snapshot(proposal: DealProposal) -> dict[str, Any]:
    return {
        "number": proposal.number,
        "mode": proposal.mode,
        "entry": proposal.entry,
        "totals": proposal.totals,
        "by": proposal.direction,
        "pair": proposal.pair.number,
    }


def _scored(
    table: Table,
    number: int,
    sides: Sequence[dict[str, Any]],
    totals: dict[int, tuple[int, int]] | None = None,
) -> dict[str, int]:
    """The engine's totals of a deal written at this table (InvalidDeal or ServiceError when it
    cannot be scored), checked as a save would check it (`totals`: its saved deals', when
    already read)."""
    play_format = table.round.tournament.play_format
    totals = results.deal_totals(table) if totals is None else totals
    refusal = deal_number_refusal(play_format, number, list(totals))
    if refusal:
        raise ServiceError(refusal)
    preview = score_at_table(play_format, number, sides, totals)
    return {NS: preview.result.sides[0].total, EW: preview.result.sides[1].total}


def _next_number(table: Table, totals: dict[int, tuple[int, int]]) -> int:
    """The deal the table enters next after its saved deals' `totals` (ServiceError when it
    takes no more, saying why)."""
    play_format = table.round.tournament.play_format
    try:
        result = play_format.table_result(list(totals.values()))
    except InvalidMatch as error:  # deals that make no match: the organiser sorts it out
        raise ServiceError(*error.messages) from None
    refusal = entry_refusal(
        is_bye=table.is_bye,
        round_number=table.round.number,
        round_status=table.round.status,
        play_format=play_format,
        played=len(totals),
        result=result,
    )
    if refusal:
        raise ServiceError(refusal)
    return len(totals) + 1


@transaction.atomic
def proposal_write(
    *, seat: Seat, number: int, sides: Sequence[dict[str, Any]], mode: str, key: str
) -> Sent:
    """A pair writes deal `number` of its table, as its score sheet says: it waits for the
    opponents. Writing it again before they answer replaces it."""
    seat, table = _locked_seat(seat)
    _check_link(seat)
    sent = _sent_before(table, seat, key, answers=None)
    if sent is not None:
        return sent
    saved = results.deal_totals(table)
    expected = _next_number(table, saved)
    if number != expected:
        if number < expected:
            raise ServiceError(
                _("Deal %(number)s is already saved: ask the organiser for a correction.")
                % {"number": number}
            )
        raise ServiceError(_("Enter deal %(number)s first.") % {"number": expected})
    open_ = list(table.proposals.filter(number=number, status__in=OPEN).select_related("pair"))
    words = words_for(table.round.tournament.variant)
    for other in open_:
        if other.status == DealProposal.Status.DISPUTED:
            raise ServiceError(
                _("Deal %(number)s is with the organiser, who decides what counts.")
                % {"number": number}
            )
        if other.direction != seat.direction:
            raise ServiceError(
                _(
                    "%(pair_word)s %(pair)s has already written deal %(number)s: accept it, or "
                    "say it is wrong and write your version."
                )
                % {
                    "pair_word": words["pair"].capitalize(),
                    "pair": other.pair.number,
                    "number": number,
                }
            )
    totals = _scored(table, number, sides, saved)
    for mine in open_:  # the pair corrects what it wrote before the opponents answered
        mine.status = DealProposal.Status.REPLACED
        mine.decided_at = timezone.now()
        mine.save(update_fields=["status", "decided_at"])
    proposal = DealProposal.objects.create(
        table=table,
        number=number,
        direction=seat.direction,
        pair=seat.pair,
        mode=mode,
        entry={"sides": [dict(side) for side in sides]},
        totals=totals,
        key=key,
    )
    _record(
        table,
        action=ResultChange.Action.WRITTEN,
        number=number,
        seat=seat,
        after=_snapshot(proposal),
        before=_snapshot(open_[0]) if open_ else None,
    )
    return Sent(proposal, new=True)


def _opponents_proposal(seat: Seat, table: Table, proposal_id: int) -> DealProposal:
    proposal = (
        DealProposal.objects.select_related("pair").filter(pk=proposal_id, table=table).first()
    )
    if proposal is None:
        raise ServiceError(_("This deal is not one of your table's."))
    if proposal.direction == seat.direction:
        raise ServiceError(_("Your own pair wrote this deal: the opponents accept it, not you."))
    return proposal


@transaction.atomic
def proposal_accept(*, seat: Seat, proposal_id: int) -> Sent:
    """The opponents accept a deal on their own phone: it is saved, as the engine scores it,
    and counts."""
    seat, table = _locked_seat(seat)
    _check_link(seat)
    proposal = _opponents_proposal(seat, table, proposal_id)
    if proposal.status == DealProposal.Status.ACCEPTED:
        return Sent(proposal, new=False)  # the same tap, sent again
    if proposal.status != DealProposal.Status.WAITING:
        raise ServiceError(_answered_text(proposal))
    _accepted(table, proposal, by=seat, with_code=False)
    return Sent(proposal, new=True)


def _accepted(table: Table, proposal: DealProposal, *, by: Seat, with_code: bool) -> None:
    """Save a waiting deal as accepted by the pair at `by`: it counts."""
    note: dict[str, Any] = {"written_by": proposal.pair.number}
    if with_code:
        note["with_code"] = True
    deal_record(
        table=table,
        number=proposal.number,
        sides=proposal.entry["sides"],
        mode=proposal.mode,
        user=None,
        version=table.version,
        pair=by.pair,
        action=ResultChange.Action.ACCEPTED,
        note=note,
    )
    proposal.status = DealProposal.Status.ACCEPTED
    proposal.accepted_with_code = with_code
    proposal.decided_at = timezone.now()
    proposal.save(update_fields=["status", "accepted_with_code", "decided_at"])


def proposal_accept_with_code(*, seat: Seat, proposal_id: int, code: str) -> Sent:
    """The opponents accept, on the phone of the pair that wrote it (`seat`'s link), a deal
    they read there, typing their pair code: it counts, recorded as accepted by them. A wrong
    code counts against the table (CodeRefused says how many tries are left), and the count
    stays when the refusal is raised; past the limit the organiser enters the table."""
    sent, wrong, handed_over = _accept_with_code(seat=seat, proposal_id=proposal_id, code=code)
    if sent is not None:
        return sent
    words = words_for(seat.round.tournament.variant)
    side = words[EW if seat.direction == NS else NS]
    if handed_over:
        raise CodeRefused(
            _(
                "That is not %(side)s's pair code either: after %(count)s wrong codes the "
                "organiser now enters the results of %(table_word)s %(number)s. Call the "
                "organiser."
            )
            % {
                "side": side,
                "count": wrong,
                "table_word": words["table"],
                "number": seat.table.number,
            }
        )
    left = WRONG_PAIR_CODES_PER_ROUND - wrong
    raise CodeRefused(
        ngettext(
            "That is not %(side)s's pair code. %(count)s more try at this table in this round.",
            "That is not %(side)s's pair code. %(count)s more tries at this table in this round.",
            left,
        )
        % {"side": side, "count": left}
    )


@transaction.atomic
def _accept_with_code(*, seat: Seat, proposal_id: int, code: str) -> tuple[Sent | None, int, bool]:
    """The step under the table's lock: (what was accepted, or None for a wrong code; the
    table's wrong codes in this round; whether this code handed the table to the organiser)."""
    seat, table = _locked_seat(seat)
    opponents = (
        Seat.objects.select_related("pair")
        .filter(table=table)
        .exclude(direction=seat.direction)
        .first()
    )
    if opponents is None:
        raise ServiceError(_("This pair sits out this round (a bye): there is nothing to enter."))
    opponents.table, opponents.round = table, table.round
    _check_link(opponents)
    proposal = (
        DealProposal.objects.select_related("pair").filter(pk=proposal_id, table=table).first()
    )
    if proposal is None:
        raise ServiceError(_("This deal is not one of your table's."))
    if proposal.direction != seat.direction:
        raise ServiceError(
            _("The opponents wrote this deal: accept it yourselves, with the button above.")
        )
    if proposal.status == DealProposal.Status.ACCEPTED:
        return Sent(proposal, new=False), table.wrong_codes, False  # the same tap, sent again
    if proposal.status != DealProposal.Status.WAITING:
        raise ServiceError(_answered_text(proposal))
    typed = pair_code_read(code)
    words = words_for(table.round.tournament.variant)
    if typed is None:
        raise CodeRefused(
            _("A pair code has %(digits)s digits: type the %(digits)s digits on %(side)s's slip.")
            % {"digits": PAIR_CODE_DIGITS, "side": words[opponents.direction]}
        )
    if not code_matches(opponents.pair, typed):
        table.wrong_codes += 1
        table.save(update_fields=["wrong_codes"])
        handed_over = table.wrong_codes >= WRONG_PAIR_CODES_PER_ROUND
        if handed_over:
            _hand_over(table, True, user=None, why="wrong_codes")
        return None, table.wrong_codes, handed_over
    _accepted(table, proposal, by=opponents, with_code=True)
    return Sent(proposal, new=True), table.wrong_codes, False


def _answered_text(proposal: DealProposal) -> str:
    if proposal.status == DealProposal.Status.DISPUTED:
        return _("Deal %(number)s is with the organiser, who decides what counts.") % {
            "number": proposal.number
        }
    return _("Deal %(number)s has changed since you saw it: look at it again.") % {
        "number": proposal.number
    }


@transaction.atomic
def proposal_dispute(
    *, seat: Seat, proposal_id: int, sides: Sequence[dict[str, Any]], mode: str, key: str
) -> Sent:
    """The opponents say a deal is wrong and write their own version: both go to the organiser,
    whose decision is final."""
    seat, table = _locked_seat(seat)
    _check_link(seat)
    proposal = _opponents_proposal(seat, table, proposal_id)
    sent = _sent_before(table, seat, key, answers=proposal.pk)
    if sent is not None:
        return sent
    if proposal.status != DealProposal.Status.WAITING:
        raise ServiceError(_answered_text(proposal))
    totals = _scored(table, proposal.number, sides)
    theirs = [dict(side) for side in sides]
    if theirs == proposal.entry["sides"]:
        raise ServiceError(_("Your version is the same as theirs: if it is right, accept it."))
    counter = DealProposal.objects.create(
        table=table,
        number=proposal.number,
        direction=seat.direction,
        pair=seat.pair,
        mode=mode,
        entry={"sides": theirs},
        totals=totals,
        answers=proposal,
        key=key,
        status=DealProposal.Status.DISPUTED,
    )
    proposal.status = DealProposal.Status.DISPUTED
    proposal.save(update_fields=["status"])
    _record(
        table,
        action=ResultChange.Action.DISPUTED,
        number=proposal.number,
        seat=seat,
        before=_snapshot(proposal),
        after=_snapshot(counter),
    )
    return Sent(counter, new=True)


@transaction.atomic
def dispute_settle(*, proposal: DealProposal, user: User) -> DealProposal:
    """The organiser decides a disputed deal: the version chosen is saved and counts; the other
    is kept in the record, not chosen."""
    table = Table.objects.select_for_update(of=("self",)).get(pk=proposal.table_id)
    proposal = DealProposal.objects.select_related("pair").get(pk=proposal.pk)
    if proposal.status != DealProposal.Status.DISPUTED:
        raise ServiceError(_answered_text(proposal))
    if table.round.tournament.status == Tournament.Status.FINISHED:
        raise ServiceError(_("The tournament is finished: its results are final."))
    both = list(
        DealProposal.objects.filter(
            table=table, number=proposal.number, status=DealProposal.Status.DISPUTED
        )
    )
    deal_record(
        table=table,
        number=proposal.number,
        sides=proposal.entry["sides"],
        mode=proposal.mode,
        user=user,
        version=table.version,
        action=ResultChange.Action.SETTLED,
        note={"written_by": proposal.pair.number},
    )
    now = timezone.now()
    for version in both:
        version.status = (
            DealProposal.Status.CHOSEN
            if version.pk == proposal.pk
            else DealProposal.Status.REJECTED
        )
        version.decided_at = now
        version.save(update_fields=["status", "decided_at"])
    proposal.refresh_from_db()
    return proposal


@transaction.atomic
def table_entry_switch(*, table: Table, organiser_enters: bool, user: User) -> Table:
    """The organiser takes a table's entry over (a phone with a flat battery), or gives it back
    to the players' links; what the players wrote and nobody accepted yet is set aside."""
    table = (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__tournament")
        .get(pk=table.pk)
    )
    if table.organiser_enters == organiser_enters:
        return table
    _hand_over(table, organiser_enters, user=user)
    return table


def _hand_over(table: Table, organiser_enters: bool, *, user: User | None, why: str = "") -> None:
    """The table (locked) to the organiser, or back to the players' links (with its count of
    wrong pair codes started again); recorded, with `why` when it is not the organiser's own
    choice."""
    table.organiser_enters = organiser_enters
    fields = ["organiser_enters"]
    if not organiser_enters:
        table.wrong_codes = 0
        fields.append("wrong_codes")
    table.save(update_fields=fields)
    if organiser_enters:
        table.proposals.filter(status=DealProposal.Status.WAITING).update(
            status=DealProposal.Status.REPLACED, decided_at=timezone.now()
        )
    details: dict[str, Any] = {"why": why, "wrong_codes": table.wrong_codes} if why else {}
    events.record(
        table.round.tournament,
        "table_entry",
        user=user,
        round_number=table.round.number,
        table_number=table.number,
        before={"organiser_enters": not organiser_enters},
        after={"organiser_enters": organiser_enters},
        **details,
    )
