"""Who enters a table's results when the players enter them: the opponents accepting a deal on
the writer's phone with their pair code (Bridgemate's East confirming on North's device), and
the organiser taking a table over (a phone with a flat battery) or giving it back.

Wrong pair codes count against the table, in its row (so every server process sees the same
count, whatever the cache): past WRONG_PAIR_CODES_PER_ROUND in its round, the organiser enters
the table, recorded in the change log with why.
"""

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import DealProposal, Seat, Table
from tournaments.rules.entrant_texts import entrant_text
from tournaments.rules.glossary import words_for
from tournaments.rules.limits import PAIR_CODE_DIGITS, WRONG_PAIR_CODES_PER_ROUND
from tournaments.rules.links import pair_code_read
from tournaments.selectors.access import User
from tournaments.selectors.players import switch_refusal
from tournaments.selectors.progress import closing_round
from tournaments.selectors.proposals import proposal_of_table
from tournaments.services import events
from tournaments.services.errors import ServiceError
from tournaments.services.links import code_matches
from tournaments.services.players import (
    EW,
    NS,
    Sent,
    accepted_save,
    answered_text,
    link_check,
    locked_seat,
)


class CodeRefused(ServiceError):
    """A pair code that does not open the step: mistyped, or not the opponents' (the page
    answers 403, not 409: nothing about the table is in the way)."""


def proposal_accept_with_code(*, seat: Seat, proposal_id: int, code: str) -> Sent:
    """The opponents accept, on the phone of the pair that wrote it (`seat`'s link), a deal
    they read there, typing their pair code: it counts, recorded as accepted by them. A wrong
    code counts against the table (CodeRefused says how many tries are left), and the count
    stays when the refusal is raised; past the limit the organiser enters the table."""
    sent, wrong, handed_over = _accept_with_code(seat=seat, proposal_id=proposal_id, code=code)
    if sent is not None:
        return sent
    tournament = seat.round.tournament
    words = words_for(tournament.variant)
    side = words[EW if seat.direction == NS else NS]
    if handed_over:
        raise CodeRefused(
            entrant_text(
                tournament,
                "code_wrong_last",
                side=side,
                count=wrong,
                table_word=words["table"],
                number=seat.table.number,
            )
        )
    left = WRONG_PAIR_CODES_PER_ROUND - wrong
    raise CodeRefused(entrant_text(tournament, "code_wrong", side=side, count=left))


@transaction.atomic
def _accept_with_code(*, seat: Seat, proposal_id: int, code: str) -> tuple[Sent | None, int, bool]:
    """The step under the table's lock: (what was accepted, or None for a wrong code; the
    table's wrong codes in this round; whether this code handed the table to the organiser)."""
    seat, table = locked_seat(seat)
    opponents = (
        Seat.objects.select_related("pair")
        .filter(table=table)
        .exclude(direction=seat.direction)
        .first()
    )
    if opponents is None:
        raise ServiceError(_("This pair sits out this round (a bye): there is nothing to enter."))
    opponents.table, opponents.round = table, table.round
    link_check(opponents)
    proposal = proposal_of_table(table.pk, proposal_id)
    if proposal is None:
        raise ServiceError(_("This deal is not one of your table's."))
    if proposal.direction != seat.direction:
        raise ServiceError(
            _("The opponents wrote this deal: accept it yourselves, with the button above.")
        )
    if proposal.status in (DealProposal.Status.ACCEPTED, DealProposal.Status.QUEUED):
        return Sent(proposal, new=False), table.wrong_codes, False  # the same tap, sent again
    if proposal.status != DealProposal.Status.WAITING:
        raise ServiceError(answered_text(proposal))
    typed = pair_code_read(code)
    words = words_for(table.round.tournament.variant)
    if typed is None:
        raise CodeRefused(
            entrant_text(
                table.round.tournament,
                "code_digits",
                digits=PAIR_CODE_DIGITS,
                side=words[opponents.direction],
            )
        )
    if not code_matches(opponents.pair, typed):
        table.wrong_codes += 1
        table.save(update_fields=["wrong_codes"])
        handed_over = table.wrong_codes >= WRONG_PAIR_CODES_PER_ROUND
        if handed_over:
            _hand_over(table, True, user=None, why="wrong_codes")
        return None, table.wrong_codes, handed_over
    accepted_save(table, proposal, by=opponents, with_code=True)
    return Sent(proposal, new=True), table.wrong_codes, False


@transaction.atomic
def table_entry_switch(*, table: Table, organiser_enters: bool, user: User) -> Table:
    """The organiser takes a table's entry over (a phone with a flat battery), or gives it back
    to the players' links; what the players wrote and nobody accepted yet is set aside. Only
    while its links could enter something (`rules.links.entry_switch_refusal`): never at a
    closed round's table, whose links stay closed."""
    table = (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__tournament")
        .annotate(closed_by=closing_round())
        .get(pk=table.pk)
    )
    refusal = switch_refusal(table, table.closed_by)
    if refusal:
        raise ServiceError(refusal)
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
