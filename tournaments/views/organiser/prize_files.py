"""The prize list as files for the organiser (CSV and Excel, `tournaments.prize_exports`): once
the tournament is finished and has a prize plan (`rules.prizes.publish_refusal` says why not,
on the prizes page)."""

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_GET

from tournaments import selectors
from tournaments.models import Tournament
from tournaments.prize_exports import prizes_csv_response, prizes_xlsx_response
from tournaments.rules.prizes import publish_refusal


def _file(
    request: HttpRequest, tournament_id: int, respond: Callable[[Tournament], HttpResponse]
) -> HttpResponse:
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    refusal = publish_refusal(finished=tournament.is_finished, has_plan=bool(tournament.prize_plan))
    if refusal:
        messages.error(request, refusal)
        return redirect("prize_plan", tournament_id=tournament.pk)
    return respond(tournament)


@login_required
@require_GET
def prizes_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _file(request, tournament_id, prizes_csv_response)


@login_required
@require_GET
def prizes_xlsx(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _file(request, tournament_id, prizes_xlsx_response)
