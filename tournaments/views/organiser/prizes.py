"""The organiser's prizes page: the plan (a ready plan to start from, the amounts or items by
place, how ties share, one prize per pair, the level and its warnings), and once the tournament
is finished the prize list the engine pays from the stored standings, the "publish prizes"
switch and the printable ceremony list. Writes go through `services.prizes`."""

from decimal import Decimal
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments import selectors, services
from tournaments.forms.prizes import PrizePlanForm, ReadyPlanForm, initial_from
from tournaments.models import Tournament
from tournaments.prizes.caps import Level
from tournaments.prizes.plans import GroupKind, Money, PrizePlan
from tournaments.prizes.ready import usual_plan
from tournaments.rules.prizes import publish_refusal
from tournaments.selectors import prizes as read
from tournaments.selectors.prize_lines import prize_context
from tournaments.services import ServiceError

PAGE = "tournaments/prizes.html"


def _ready(request: HttpRequest, tournament: Tournament) -> tuple[ReadyPlanForm, PrizePlan | None]:
    if "pool" not in request.GET:
        return ReadyPlanForm(initial={"percent": 30}, individual=tournament.is_individual), None
    ready = ReadyPlanForm(request.GET, individual=tournament.is_individual)
    if not ready.is_valid():
        return ready, None
    pool = Money(cents=int(ready.cleaned_data["pool"] * Decimal(100)))
    entrants = tournament.pairs.filter(withdrawn_from__isnull=True).count()
    plan = usual_plan(max(entrants, 1), pool, percent=ready.cleaned_data["percent"])
    return ready, plan


def _context(tournament: Tournament, form: PrizePlanForm, ready: ReadyPlanForm) -> dict[str, Any]:
    plan = read.plan_of(tournament)
    context: dict[str, Any] = {
        "tournament": tournament,
        "form": form,
        "ready_form": ready,
        "plan": plan,
        "warnings": read.warnings_for(tournament, plan) if plan else [],
        "publish_refusal": publish_refusal(finished=tournament.is_finished, has_plan=bool(plan)),
    }
    if plan and tournament.is_finished:
        context.update(prize_context(tournament))
    return context


def _kept(plan: PrizePlan | None) -> tuple[Any, ...]:
    edited = (GroupKind.OVERALL, GroupKind.LAST_PLACE)
    return tuple(g for g in plan.groups if g.kind not in edited) if plan else ()


@login_required
def prize_plan(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """GET: the plan, filled from a ready plan with ?pool=…&percent=…; POST: save it."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    stored = read.plan_of(tournament)
    sections = tuple(read.sections_of(tournament))
    if request.method == "POST":
        form = PrizePlanForm(
            request.POST,
            keep=_kept(stored),
            individual=tournament.is_individual,
            sections=sections,
        )
        if form.is_valid() and form.plan is not None:
            services.prize_plan_set(
                tournament=tournament,
                plan=form.plan,
                level=Level(form.cleaned_data["level"]),
                user=request.user,
            )
            messages.success(request, _("The prize plan is saved."))
            return redirect("prize_plan", tournament_id=tournament.pk)
        ready = ReadyPlanForm(individual=tournament.is_individual)
        return render(request, PAGE, _context(tournament, form, ready))
    ready, ready_plan = _ready(request, tournament)
    initial = initial_from(ready_plan or stored, tournament.prize_level, sections)
    if ready_plan is not None:
        initial["one_prize_each"] = True
    form = PrizePlanForm(
        initial=initial, keep=_kept(stored), individual=tournament.is_individual, sections=sections
    )
    return render(request, PAGE, _context(tournament, form, ready))


@login_required
@require_POST
def prizes_publish(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Publish (published=1) or hide (published=0) the prize list's public page."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    wanted = request.POST.get("published")
    if wanted not in {"0", "1"}:
        return HttpResponseBadRequest(_("Say published=1 or published=0."))
    try:
        services.prizes_publish(tournament=tournament, published=wanted == "1", user=request.user)
    except ServiceError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        if wanted == "1":
            messages.success(request, _("The prizes are published on the public pages."))
        else:
            messages.success(request, _("The prizes are hidden from the public pages again."))
    return redirect("prize_plan", tournament_id=tournament.pk)


@login_required
@require_GET
def print_ceremony(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The ceremony list to print: the last prize first, the winner last."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    context = {
        "tournament": tournament,
        "autoprint": request.GET.get("print") == "1",
        "back": "prize_plan",
        **prize_context(tournament),
    }
    return render(request, "tournaments/print/ceremony.html", context)
