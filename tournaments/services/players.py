"""Writes of the players' own entry: a pair writes a deal on its phone (its private link), the
opponents accept it or say it is wrong with their own version, and the organiser settles what
the pairs disagree on (the opponents accepting on the writer's phone with their pair code, and
who enters a table: services/table_entry.py). A deal counts only once accepted or settled:
both go through `deal_record`, like any deal, so the engine scores it and the standings
follow.

Every step is in the audit record (ResultChange) with the pair whose link (or code) did it, or
the organiser; each bumps the table's version, so an organiser with the table page open sees
it. A phone may send the same step twice over a bad network: `key` makes it count once. A key
is looked up for its own link and step only, after the refusals of who may do what here, and
what it answers is the step's state now (`Sent.proposal.status`), never what it was then.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import InvalidMatch
from tournaments.models import DealProposal, ResultChange, Seat, Table
from tournaments.rules.entrant_texts import entrant_text, entrant_words
from tournaments.rules.entry import (
    deal_number_refusal,
    entry_refusal,
    later_deals_wait,
    later_deals_wait_text,
)
from tournaments.rules.glossary import words_for
from tournaments.rules.progress import finished_refusal
from tournaments.selectors import results
from tournaments.selectors.access import User
from tournaments.selectors.players import seat_link_refusal
from tournaments.selectors.proposals import proposal_of_table, proposal_sent_with
from tournaments.selectors.table import locked_table, seat_of_table
from tournaments.services.deal_scores import score_at_table
from tournaments.services.deals import deal_record
from tournaments.services.errors import ServiceError

NS, EW = Seat.Direction.NS.value, Seat.Direction.EW.value
OPEN = (DealProposal.Status.WAITING, DealProposal.Status.DISPUTED)
HELD = (DealProposal.Status.DISPUTED, DealProposal.Status.QUEUED)


@dataclass(frozen=True)
class Sent:
    """What became of a step a phone sent: the proposal, and whether this very request made it
    (False: the same key had been sent before, and this is its answer again)."""

    proposal: DealProposal
    new: bool


def locked_seat(seat: Seat) -> tuple[Seat, Table]:
    """The seat again with its table's row locked: the steps of one table queue here (and in
    services/table_entry.py)."""
    table = locked_table(seat.table_id)
    seat = seat_of_table(seat.pk)
    seat.table, seat.round = table, table.round
    return seat, table


def link_check(seat: Seat) -> None:
    """Refuse the step when the link can send nothing now (rules.links.link_refusal)."""
    refusal = seat_link_refusal(seat)
    if refusal:
        raise ServiceError(refusal)


def _sent_before(table: Table, seat: Seat, key: str, *, answers: int | None) -> Sent | None:
    """The step this link sent before with `key` (answering proposal `answers`, for a version
    of the opponents' deal), as it stands now; None for a key never sent. A key another link
    sent, or sent for another step, is refused: it tells this link nothing."""
    sent = proposal_sent_with(table.pk, key)
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
    if refusal and number > len(totals) + 1 and number <= _next_writable(table, totals):
        refusal = play_format.deal_number_problem(number)  # behind a deal the organiser decides
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
        players=True,
    )
    if refusal:
        raise ServiceError(refusal)
    return len(totals) + 1


def _held_numbers(table: Table) -> set[int]:
    """The deals of the table with the organiser, or accepted and waiting for one that is."""
    return set(table.proposals.filter(status__in=HELD).values_list("number", flat=True))


def _next_writable(table: Table, totals: dict[int, tuple[int, int]]) -> int:
    """The deal the pairs write next: after the saved deals and, where the format lets later
    deals go on (`rules.entry.later_deals_wait`), after those held for the organiser."""
    number = len(totals) + 1
    if later_deals_wait(table.round.tournament.play_format):
        return number
    held = _held_numbers(table)
    while number in held:
        number += 1
    return number


@transaction.atomic
def proposal_write(
    *, seat: Seat, number: int, sides: Sequence[dict[str, Any]], mode: str, key: str
) -> Sent:
    """A pair writes deal `number` of its table, as its score sheet says: it waits for the
    opponents. Writing it again before they answer replaces it."""
    seat, table = locked_seat(seat)
    link_check(seat)
    sent = _sent_before(table, seat, key, answers=None)
    if sent is not None:
        return sent
    saved = results.deal_totals(table)
    expected = _next_number(table, saved)
    if number > expected:
        expected = _next_writable(table, saved)
    if number != expected:
        if number < expected:
            raise ServiceError(
                _("Deal %(number)s is already saved: ask the organiser for a correction.")
                % {"number": number}
            )
        raise ServiceError(_("Enter deal %(number)s first.") % {"number": expected})
    open_ = list(table.proposals.filter(number=number, status__in=OPEN).select_related("pair"))
    tournament = table.round.tournament
    words = entrant_words(words_for(tournament.variant), tournament.is_individual)
    for other in open_:
        if other.status == DealProposal.Status.DISPUTED:
            if later_deals_wait(table.round.tournament.play_format):
                raise ServiceError(later_deals_wait_text(number))
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
    proposal = proposal_of_table(table.pk, proposal_id)
    if proposal is None:
        raise ServiceError(_("This deal is not one of your table's."))
    if proposal.direction == seat.direction:
        raise ServiceError(entrant_text(table.round.tournament, "own_side_wrote"))
    return proposal


@transaction.atomic
def proposal_accept(*, seat: Seat, proposal_id: int) -> Sent:
    """The opponents accept a deal on their own phone: it is saved, as the engine scores it,
    and counts."""
    seat, table = locked_seat(seat)
    link_check(seat)
    proposal = _opponents_proposal(seat, table, proposal_id)
    if proposal.status in (DealProposal.Status.ACCEPTED, DealProposal.Status.QUEUED):
        return Sent(proposal, new=False)  # the same tap, sent again
    if proposal.status != DealProposal.Status.WAITING:
        raise ServiceError(answered_text(proposal))
    accepted_save(table, proposal, by=seat, with_code=False)
    return Sent(proposal, new=True)


def accepted_save(table: Table, proposal: DealProposal, *, by: Seat, with_code: bool) -> None:
    """Save a waiting deal as accepted by the pair at `by`: it counts. Behind a deal the
    organiser decides, it waits (QUEUED), saved once that deal is (`_queued_save`)."""
    note: dict[str, Any] = {"written_by": proposal.pair.number}
    if with_code:
        note["with_code"] = True
    if proposal.number > len(results.deal_totals(table)) + 1:
        proposal.status = DealProposal.Status.QUEUED
        proposal.accepted_with_code = with_code
        proposal.decided_at = timezone.now()
        proposal.save(update_fields=["status", "accepted_with_code", "decided_at"])
        _record(
            table,
            action=ResultChange.Action.ACCEPTED,
            number=proposal.number,
            seat=by,
            after=_snapshot(proposal) | {"queued": True},
        )
        return
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
        locked=True,  # held since `locked_seat`, in the step's transaction
    )
    proposal.status = DealProposal.Status.ACCEPTED
    proposal.accepted_with_code = with_code
    proposal.decided_at = timezone.now()
    proposal.save(update_fields=["status", "accepted_with_code", "decided_at"])


def answered_text(proposal: DealProposal) -> str:
    if proposal.status == DealProposal.Status.QUEUED:
        return _(
            "Deal %(number)s is accepted: it is saved once the organiser decides the deal before."
        ) % {"number": proposal.number}
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
    seat, table = locked_seat(seat)
    link_check(seat)
    proposal = _opponents_proposal(seat, table, proposal_id)
    sent = _sent_before(table, seat, key, answers=proposal.pk)
    if sent is not None:
        return sent
    if proposal.status != DealProposal.Status.WAITING:
        raise ServiceError(answered_text(proposal))
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
        raise ServiceError(answered_text(proposal))
    if table.round.tournament.is_finished:
        raise ServiceError(finished_refusal())
    both = list(
        DealProposal.objects.filter(
            table=table, number=proposal.number, status=DealProposal.Status.DISPUTED
        )
    )
    queued = proposal.number > len(results.deal_totals(table)) + 1
    if not queued:
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
        if version.pk == proposal.pk:  # behind an earlier deal still with the organiser: it waits
            version.status = DealProposal.Status.QUEUED if queued else DealProposal.Status.CHOSEN
        else:
            version.status = DealProposal.Status.REJECTED
        version.decided_at = now
        version.save(update_fields=["status", "decided_at"])
    proposal.refresh_from_db()
    return proposal
