"""The organiser's phase page: the plan (a ready "3 Mitchell + 2 Danese in 2 gironi", with
Danese rounds for the whole field between them if the organiser wants them, or back
to one field), and for each phase in gironi its split: the preview with who goes where and
why, the commit, the undo, and a pair moved by hand. Every write goes through
`services.phases`; its refusals are shown on the page."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import selectors, services
from tournaments.models import Phase, Tournament
from tournaments.rules import phases as rules
from tournaments.rules.entrant_texts import entrant_text
from tournaments.rules.phases import PhasePlan
from tournaments.rules.shapes import field_danese_offered, field_movement
from tournaments.selectors import phases as read
from tournaments.services import ServiceError

PAGE = "tournaments/phases.html"


def _number(request: HttpRequest, name: str, default: int) -> int:
    value = str(request.POST.get(name, request.GET.get(name, "")))
    return int(value) if value.isdigit() else default


def _context(tournament: Tournament, preview_of: int | None) -> dict[str, Any]:
    seated = tournament.round_set.count()
    phases = []
    for phase in read.plan_of(tournament):
        gironi = read.gironi_of(tournament, phase.number) if phase.in_gironi else []
        pairs = {p.pk: p for p in tournament.pairs.select_related("player_one", "player_two")}
        entry: dict[str, Any] = {
            "plan": phase,
            "scope": Phase.Scope(phase.scope).label,
            "split": Phase.Split(phase.split).label if phase.in_gironi else "",
            "carry": Phase.Carry(phase.carry).label,
            "gironi": [(g, [pairs[pid] for pid in g.pair_ids]) for g in gironi],
            "changeable": seated < phase.first_round,
        }
        if phase.in_gironi and not gironi and preview_of == phase.number:
            try:
                entry["preview"] = services.split_preview(
                    tournament=tournament, phase_number=phase.number
                )
            except ServiceError as error:
                entry["refusal"] = " ".join(error.messages)
        phases.append(entry)
    by_category = any(p["plan"].split == rules.BY_CATEGORY and p["plan"].in_gironi for p in phases)
    return {
        "tournament": tournament,
        "phases": phases,
        "categories": tournament.club.category_list if by_category else [],
        "pairs": list(tournament.pairs.select_related("player_one", "player_two")),
        "seated": seated,
        "field_danese_offered": field_danese_offered(tournament),
        "carry_choices": Phase.Carry.choices,
        "split_choices": Phase.Split.choices,
    }


@login_required
def phase_plan(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """GET: the plan and the gironi (`?preview=<phase>`: that phase's split previewed)."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    preview = _number(request, "preview", 0) or None
    return render(request, PAGE, _context(tournament, preview))


def _done(request: HttpRequest, tournament: Tournament, error: ServiceError | None) -> HttpResponse:
    for message in error.messages if error else []:
        messages.error(request, message)
    return redirect("phase_plan", tournament_id=tournament.pk)


@login_required
@require_POST
def phase_plan_set(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The ready plan (`mitchell`, `field_danese`, `danese`, `gironi`, `carry`, `share`), or
    `single` for one field over the tournament's rounds."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    try:
        if request.POST.get("single"):
            plan = [PhasePlan(number=1, first_round=1, last_round=tournament.rounds)]
            services.phase_plan_set(tournament=tournament, plan=plan, user=request.user)
        else:
            mitchell = _number(request, "mitchell", 0)
            danese = _number(request, "danese", 0)
            if mitchell < 1 or danese < 1:
                raise ServiceError(entrant_text(tournament, "plan_too_short"))
            plan, movements = services.preset_plan(
                mitchell,
                danese,
                _number(request, "gironi", 0),
                field_danese=_number(request, "field_danese", 0),
                field_movement=field_movement(tournament),
            )
            carry = str(request.POST.get("carry", rules.WHOLE))
            if carry not in Phase.Carry.values:
                raise ServiceError(_("Choose what the gironi carry."))
            split = str(request.POST.get("split", rules.BY_STANDINGS))
            if split not in Phase.Split.values:
                raise ServiceError(_("Choose how the field is split."))
            share = _number(request, "share", 100)
            changes = {"carry": carry, "carry_share": share, "split": split}
            plan[-1] = PhasePlan(**{**plan[-1].__dict__, **changes})
            services.phase_plan_set(
                tournament=tournament, plan=plan, movements=movements, user=request.user
            )
        messages.success(request, _("The phase plan is saved."))
    except ServiceError as error:
        return _done(request, tournament, error)
    return _done(request, tournament, None)


@login_required
@require_POST
def phase_split(request: HttpRequest, tournament_id: int, phase_number: int) -> HttpResponse:
    """`action`: "commit" the split previewed, "undo" it, or "move" pair `pair` (its number)
    to girone `girone` (its number)."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    action = request.POST.get("action", "")
    try:
        if action == "commit":
            services.split_commit(
                tournament=tournament, phase_number=phase_number, user=request.user
            )
            messages.success(request, _("The field is split into gironi."))
        elif action == "undo":
            services.split_undo(tournament=tournament, phase_number=phase_number, user=request.user)
            messages.success(request, _("The split is undone."))
        elif action == "move":
            pair = tournament.pairs.filter(number=_number(request, "pair", 0)).first()
            if pair is None:
                raise ServiceError(_("No such pair."))
            services.girone_move(
                tournament=tournament,
                phase_number=phase_number,
                pair=pair,
                girone=_number(request, "girone", 0),
                user=request.user,
            )
            messages.success(request, _("Pair %(number)s has moved.") % {"number": pair.number})
        else:
            raise ServiceError(_("Choose what to do with the gironi."))
    except ServiceError as error:
        return _done(request, tournament, error)
    return _done(request, tournament, None)


@login_required
@require_POST
def pair_categories(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """`category-<pair number>`: each pair's category, one of the club's."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    chosen = {
        int(key.removeprefix("category-")): str(value)
        for key, value in request.POST.items()
        if key.startswith("category-") and key.removeprefix("category-").isdigit()
    }
    try:
        services.pair_categories_set(tournament=tournament, categories=chosen)
    except ServiceError as error:
        return _done(request, tournament, error)
    messages.success(request, _("The pairs' categories are saved."))
    return _done(request, tournament, None)
