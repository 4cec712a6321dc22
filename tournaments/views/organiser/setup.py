"""The organiser's setup pages: the dashboard, a tournament's settings, its pairs, its page
(settings, pairs, rounds, standings), finishing it, and the audit list of result changes.

Every lookup goes through `selectors.for_organiser` (another club's object answers 404) and
every write through `services`; a service's `ServiceError` is shown beside the form."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from tournaments import selectors, services
from tournaments.forms.evening import officials_values
from tournaments.forms.pairs import EntrantsFileForm, ReopenForm
from tournaments.forms.settings import TournamentForm
from tournaments.forms.setup import PairsForm
from tournaments.models import Pair, Player, Round, Tournament
from tournaments.rules.entrant_texts import entrant_text
from tournaments.rules.glossary import KIND_TERMS, words_for
from tournaments.services import ServiceError
from tournaments.tables import StandingsTable
from tournaments.views.organiser.members import entered_warnings


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "tournaments/dashboard.html",
        {
            "tournaments": selectors.dashboard_tournaments(request.user),
            "has_club": selectors.clubs_of(request.user).exists(),
        },
    )


def _add_service_errors(form: Any, error: ServiceError) -> None:
    for message in error.messages:
        form.add_error(None, message)


def _form_page(
    request: HtmxHttpRequest, form: TournamentForm, context: dict[str, Any]
) -> HttpResponse:
    """The settings page, or only the part the page asks for again: the movement plan after the
    number of rounds changed, the bye's award (and the scale's warning) after the scale, its
    table, the deals per round or the bye's choice changed."""
    if request.htmx and request.method == "GET":
        if request.htmx.target == "bye-award":
            return render(
                request, "tournaments/tournament_form.html#bye-award", {"form": form, "oob": True}
            )
        return render(request, "tournaments/tournament_form.html#movement-plan", {"form": form})
    return render(request, "tournaments/tournament_form.html", {"form": form, **context})


def _deals_changed(request: HtmxHttpRequest) -> bool:
    """The page asks again because the deals per round changed (the scale follows them): they
    differ from `deals_before`, the number the page showed last (a hidden field the bye-award
    part carries)."""
    if not request.htmx or request.method != "GET" or "deals_before" not in request.GET:
        return False
    return request.GET.get("deals_before") != request.GET.get("deals_per_round")


def _warn_of_scale(request: HttpRequest, form: TournamentForm) -> None:
    """Saved, but the scale may not be the one meant for the deals the tables play."""
    if form.scale_warning:
        messages.warning(request, form.scale_warning)


@login_required
@vary_on_headers("HX-Request")
def tournament_create(request: HtmxHttpRequest) -> HttpResponse:
    clubs = list(selectors.clubs_of(request.user))
    if not clubs:
        messages.error(
            request, _("You are not an organiser of any club yet: ask the club to add you.")
        )
        return redirect("dashboard")
    data = request.POST if request.method == "POST" else (request.GET if request.htmx else None)
    form = TournamentForm(data, clubs=clubs, follow_deals=_deals_changed(request))
    if request.method == "POST" and form.is_valid():
        club = form.cleaned_data.get("club") or clubs[0]
        try:
            tournament = services.tournament_create(club=club, **form.service_fields())
            officials = officials_values(form.cleaned_data)
            services.tournament_officials_set(tournament=tournament, **officials)
        except ServiceError as error:
            _add_service_errors(form, error)
        else:
            _warn_of_scale(request, form)
            messages.success(
                request,
                entrant_text(tournament, "created", name=tournament.name),
            )
            return redirect("tournament_detail", tournament_id=tournament.pk)
    return _form_page(request, form, {"tournament": None})


@login_required
@vary_on_headers("HX-Request")
def tournament_edit(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    seated = list(selectors.rounds_of(tournament))
    data = request.POST if request.method == "POST" else (request.GET if request.htmx else None)
    form = TournamentForm(
        data,
        clubs=[tournament.club],
        tournament=tournament,
        seated=seated,
        follow_deals=_deals_changed(request),
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.tournament_update(
                tournament=tournament, user=request.user, **form.service_fields()
            )
            officials = officials_values(form.cleaned_data)
            services.tournament_officials_set(tournament=tournament, **officials)
        except ServiceError as error:
            _add_service_errors(form, error)
        else:
            messages.success(request, _("The settings are saved."))
            _warn_of_scale(request, form)
            return redirect("tournament_detail", tournament_id=tournament.pk)
    return _form_page(request, form, {"tournament": tournament})


def _pairs_form(tournament: Tournament, data: Any) -> PairsForm:
    """The pairs typed one a line, with the club's categories to give them when it lists any."""
    categories = tournament.club.category_list
    return PairsForm(data, individual=tournament.is_individual, categories=categories)


def pairs_context(tournament: Tournament, form: PairsForm | None = None) -> dict[str, Any]:
    """The pairs list and its forms: pairs are entered (typed or from a file) and removed
    before round 1 is seated; late pairs join until round 2 is seated, late players of an
    individual evening until its last round starts."""
    rounds = list(tournament.round_set.order_by("number"))
    # the service's own rule (`rules.progress.pairs_entry_refusal`): the forms show when it
    # takes pairs
    can_enter = not selectors.progress_of(tournament, rounds).pairs_entry_refusal()
    return {
        "tournament": tournament,
        "pairs": list(selectors.pairs_of(tournament)),
        # a pair's page is this, its id and "/": reversed once, not once a pair
        "pair_page": reverse("pair_detail", args=[0]).removesuffix("0/"),
        "pairs_form": form or _pairs_form(tournament, None),
        "file_form": EntrantsFileForm(individual=tournament.is_individual),
        "can_change_pairs": can_enter and not rounds,
        "can_join_late": can_enter and bool(rounds),
        "last_round": rounds[-1].number if rounds else 0,
        "finished": tournament.is_finished,
    }


@login_required
def tournament_detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    return _detail(request, tournament)


def _detail(
    request: HttpRequest,
    tournament: Tournament,
    *,
    reopen_form: ReopenForm | None = None,
    status: int = 200,
) -> HttpResponse:
    """The tournament's page; `reopen_form` with its errors next to its field when a reopening
    was refused."""
    rounds = list(selectors.rounds_of(tournament))
    last = rounds[-1] if rounds else None
    started = [r for r in rounds if r.status != Round.Status.SEATING]
    standings = (
        StandingsTable.for_tournament(tournament, selectors.standings_for(tournament))
        if started
        else None
    )
    standing = selectors.progress_of(tournament, rounds)
    context = pairs_context(tournament)
    context.update(
        {
            "rounds": rounds,
            "last_round": last,
            "next_number": (last.number if last else 0) + 1,
            # the services' own rules: the page offers what they accept (`rules.progress`)
            "can_seat": not standing.seat_refusal(),
            "can_finish": not standing.finish_refusal(),
            "finish_question": standing.finish_question(),
            "standings": standings,
            "reopen_form": reopen_form or ReopenForm(),
            "plan": [_movement_label(m) for m in tournament.movement_plan],
            "house_rules": _house_rules_text(tournament.house_rules, tournament.variant),
        }
    )
    return render(request, "tournaments/tournament_detail.html", context, status=status)


def _movement_label(movement: str) -> str:
    return str(dict(Round.Movement.choices).get(movement, movement))


def _house_rules_text(overrides: dict[str, Any], variant: str) -> list[str]:
    """The club's changes to the variant, in the words of its game: "clean burraco 300",
    "closing bonus 150"."""
    words, texts = words_for(variant), []
    names = {"closing_bonus": _("closing bonus")}
    for key, value in overrides.items():
        if key == "burraco_bonuses" and isinstance(value, dict):
            texts += [
                f"{words.kind(kind) if kind in KIND_TERMS else kind} "
                f"{_('not played') if bonus is None else bonus}"
                for kind, bonus in value.items()
            ]
        else:
            texts.append(f"{names.get(key, key.replace('_', ' '))} {value}")
    return texts


@login_required
@vary_on_headers("HX-Request")
def pairs_add(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """GET: the pairs page. POST: add the pairs typed, one a line; the list updates in place."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    form = _pairs_form(tournament, request.POST if request.method == "POST" else None)
    added = 0
    warnings: list[str] = []
    if request.method == "POST" and form.is_valid():
        try:
            pairs = services.pairs_add(
                tournament=tournament,
                text=form.cleaned_data["text"],
                user=request.user,
                category=form.cleaned_data.get("category", ""),
            )
        except ServiceError as error:
            _add_service_errors(form, error)
        else:
            added = len(pairs)
            warnings = entered_warnings(tournament.club, _players_of(pairs))
            if not request.htmx:
                messages.success(request, _added_text(tournament, added))
                for warning in warnings:
                    messages.warning(request, warning)
                return redirect("tournament_detail", tournament_id=tournament.pk)
            form = _pairs_form(tournament, None)
    context = pairs_context(tournament, form)
    context["added"] = _added_text(tournament, added) if added else ""
    context["card_warnings"] = warnings
    if request.htmx:
        return render(request, "tournaments/pairs.html#pairs", context)
    return render(request, "tournaments/pairs.html", context)


def _players_of(pairs: list[Pair]) -> list[Player | None]:
    return [player for pair in pairs for player in (pair.player_one, pair.player_two)]


def _added_text(tournament: Tournament, count: int) -> str:
    return entrant_text(tournament, "added", count=count)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def pair_remove(request: HtmxHttpRequest, pair_id: int) -> HttpResponse:
    pair = selectors.for_organiser(request.user, Pair, pk=pair_id)
    tournament = pair.tournament
    problem = ""
    try:
        services.pair_remove(pair=pair, user=request.user)
    except ServiceError as error:
        problem = " ".join(error.messages)
    if request.htmx:
        context = pairs_context(tournament)
        context["problem"] = problem
        context["added"] = (
            "" if problem else entrant_text(tournament, "removed", number=pair.number)
        )
        return render(request, "tournaments/pairs.html#pairs", context)
    if problem:
        messages.error(request, problem)
    else:
        messages.success(request, entrant_text(tournament, "removed", number=pair.number))
    return redirect("tournament_detail", tournament_id=tournament.pk)


@login_required
@require_POST
def tournament_finish(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    try:
        services.tournament_finish(tournament=tournament, user=request.user)
    except ServiceError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("The tournament is finished. The standings are final."))
    return redirect("tournament_detail", tournament_id=tournament.pk)


@login_required
@require_POST
def tournament_reopen(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Reopen a finished tournament, with a reason, so that results can be corrected."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    form = ReopenForm(request.POST)
    if not form.is_valid():  # the page again, the message next to the reason's field
        return _detail(request, tournament, reopen_form=form, status=400)
    try:
        services.tournament_reopen(
            tournament=tournament, reason=form.cleaned_data["reason"], user=request.user
        )
    except ServiceError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(
            request,
            _(
                "The tournament is reopened: results can be corrected, and the standings are "
                "provisional until you finish it again."
            ),
        )
    return redirect("tournament_detail", tournament_id=tournament.pk)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def tournament_publish(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """Publish (published=1) or unpublish (published=0) a tournament's public pages."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    wanted = request.POST.get("published")
    if wanted not in {"0", "1"}:
        return HttpResponseBadRequest(_("Say published=1 or published=0."))
    tournament = services.tournament_publish(
        tournament=tournament, published=wanted == "1", user=request.user
    )
    if request.htmx:
        return render(
            request, "tournaments/tournament_detail.html#public-pages", {"tournament": tournament}
        )
    if tournament.published:
        messages.success(request, _("Published: players can follow the tournament on its pages."))
    else:
        messages.success(request, _("Unpublished: the public pages answer “not found” again."))
    return redirect("tournament_detail", tournament_id=tournament.pk)
