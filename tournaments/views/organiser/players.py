"""The organiser's side of the players' own entry: deciding a deal two pairs disagree on (the
queue is on the round board, both versions side by side), and taking a table's entry over when
a phone cannot go on (or giving it back to the players' links)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring import InvalidDeal
from tournaments import selectors
from tournaments.models import DealProposal, Table
from tournaments.services import ServiceError, StaleTable, players, table_entry
from tournaments.views.table_page import in_words


@login_required
@require_POST
def dispute_choose(request: HttpRequest, proposal_id: int) -> HttpResponse:
    """Count one of the two versions of a disputed deal: the organiser's decision is final."""
    found = DealProposal.objects.filter(pk=proposal_id).values_list("table_id", flat=True).first()
    table = selectors.for_organiser(request.user, Table, pk=found or 0)
    proposal = DealProposal.objects.select_related("pair").get(pk=proposal_id)
    words = table.round.tournament.words
    try:
        players.dispute_settle(proposal=proposal, user=request.user)
    except (InvalidDeal, StaleTable, ServiceError) as error:
        problems = getattr(error, "problems", ()) or getattr(error, "messages", ())
        for problem in problems:
            messages.error(request, in_words(problem, table.round.tournament.variant))
    else:
        messages.success(
            request,
            _("Deal %(number)s at %(table_word)s %(table)s: %(side)s's version counts.")
            % {
                "number": proposal.number,
                "table_word": words["table"],
                "table": table.number,
                "side": words[proposal.direction],
            },
        )
    return redirect("round_board", round_id=table.round_id)


@login_required
@require_POST
def table_entry_by(request: HttpRequest, table_id: int) -> HttpResponse:
    """organiser=1: the organiser enters this table (its links only show it); organiser=0:
    the players' links enter it again."""
    table = selectors.for_organiser(request.user, Table, pk=table_id)
    wanted = request.POST.get("organiser")
    if wanted not in {"0", "1"}:
        return HttpResponseBadRequest(_("Say organiser=1 or organiser=0."))
    try:
        table_entry.table_entry_switch(
            table=table, organiser_enters=wanted == "1", user=request.user
        )
    except ServiceError as error:
        for message in error.messages:
            messages.error(request, message)
        return redirect("round_board", round_id=table.round_id)
    words = table.round.tournament.words
    values = {"table_word": words["table"], "table": table.number}
    if wanted == "1":
        messages.success(
            request,
            _("You enter %(table_word)s %(table)s now: its players' links only show it.") % values,
        )
        return redirect("table_entry", table_id=table.pk)
    messages.success(
        request, _("The players of %(table_word)s %(table)s enter its deals again.") % values
    )
    return redirect("round_board", round_id=table.round_id)
