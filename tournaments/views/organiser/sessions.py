"""The organiser's sessions page: the tournament in two sessions, possibly on two days
(session 1's rounds and date, session 2's), or back to one session. Every write goes through
`services.sessions_set`; whether a session may still change is `rules.sessions`'s, asked here
to show which sessions are fixed and by the service to refuse."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import selectors, services
from tournaments.forms.sessions import SessionsForm
from tournaments.models import Tournament
from tournaments.rules.sessions import started_refusal
from tournaments.selectors.sessions import plan_or_single, sessions_of
from tournaments.services import ServiceError

PAGE = "tournaments/sessions.html"


def _initial(tournament: Tournament) -> dict[str, Any]:
    stored = sessions_of(tournament)
    if len(stored) < 2:
        half = max(1, (tournament.rounds + 1) // 2)
        return {"last_round": half, "first_date": tournament.date, "second_date": tournament.date}
    first, second = stored[:2]
    return {
        "last_round": first.last_round,
        "first_date": first.date,
        "first_time": first.starts_at,
        "second_date": second.date,
        "second_time": second.starts_at,
    }


def _context(tournament: Tournament, form: SessionsForm) -> dict[str, Any]:
    seated = tournament.round_set.count()
    stored = sessions_of(tournament)
    shown = stored or plan_or_single(tournament)
    fixed = [started_refusal(session, seated) for session in shown]
    return {
        "tournament": tournament,
        "form": form,
        "sessions": list(zip(shown, fixed, strict=True)),
        "two": len(stored) > 1,
        # the last session started: nothing is left to change
        "changeable": not tournament.is_finished and not fixed[-1] and tournament.rounds > 1,
    }


@login_required
def sessions_plan(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """GET: the sessions and their form. POST: save two sessions (the form's)."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    if request.method != "POST":
        form = SessionsForm(initial=_initial(tournament), rounds=tournament.rounds)
        return render(request, PAGE, _context(tournament, form))
    form = SessionsForm(request.POST, rounds=tournament.rounds)
    if form.is_valid():
        try:
            services.sessions_set(tournament=tournament, plan=form.plan())
        except ServiceError as error:
            for message in error.messages:
                form.add_error(None, message)
        else:
            messages.success(request, _("The sessions are saved."))
            return redirect("sessions_plan", tournament_id=tournament.pk)
    return render(request, PAGE, _context(tournament, form), status=200)


@login_required
@require_POST
def sessions_single(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Back to one session: every round on the tournament's day."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    try:
        services.sessions_set(tournament=tournament, plan=[])
    except ServiceError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("The tournament is played in one session."))
    return redirect("sessions_plan", tournament_id=tournament.pk)
