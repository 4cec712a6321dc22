"""The changes page of a tournament: every result change and every change of the tournament
as a whole in one list, newest first, filtered by kind, round and table (GET parameters, a
plain form), a page at a time; and restoring a removed deal from it."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments import selectors, services
from tournaments.forms.pairs import ChangesFilter
from tournaments.models import ResultChange, Tournament
from tournaments.selectors.audit_log import AuditLog
from tournaments.services import ServiceError

PAGE_SIZE = 100


@login_required
@require_GET
def tournament_changes(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    form = ChangesFilter(request.GET or None, individual=tournament.is_individual)
    wanted = form.cleaned_data if form.is_valid() else {}
    lines = AuditLog(
        tournament,
        kind=wanted.get("kind") or "",
        round_number=wanted.get("round"),
        table_number=wanted.get("table"),
    )
    page = Paginator(lines, PAGE_SIZE).get_page(request.GET.get("page"))
    kept = {key: value for key, value in wanted.items() if value not in (None, "")}
    return render(
        request,
        "tournaments/changes.html",
        {
            "tournament": tournament,
            "form": form,
            "page": page,
            "filtered": bool(kept),
            "query": urlencode(kept),
            "finished": tournament.is_finished,
        },
    )


@login_required
@require_POST
def deal_restore(request: HttpRequest, tournament_id: int, change_id: int) -> HttpResponse:
    """Enter again a removed deal, as it was entered."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    change = get_object_or_404(ResultChange, pk=change_id, tournament=tournament)
    try:
        services.deal_restore(change=change, user=request.user)
    except ServiceError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(
            request,
            _("Deal %(number)s of table %(table)s in round %(round)s is restored.")
            % {
                "number": change.deal_number,
                "table": change.table.number,
                "round": change.table.round.number,
            },
        )
    back = reverse("tournament_changes", args=[tournament.pk])
    query = request.POST.get("query", "")
    return redirect(f"{back}?{query}" if query and "\n" not in query else back)
