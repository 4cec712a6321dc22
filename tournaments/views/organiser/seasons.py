"""Season pages (the club championship): the organiser's list, creating and editing a season
(its name, the evenings that count, its tournaments), the season page with the pairs' and the
players' rankings and their CSV exports (the public season page is in views/public).

Organiser lookups go through `selectors.for_organiser` (another club's season answers 404);
writes through `services.season_create` / `season_update`, whose `ServiceError` is shown beside
the form. The rankings are read by `selectors.seasons.season_standings` and shown, and
exported, with the same Table classes."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournaments import selectors
from tournaments.forms.seasons import SeasonForm
from tournaments.models import Season
from tournaments.selectors.seasons import season_standings
from tournaments.services import ServiceError, season_create, season_update
from tournaments.views.season_pages import ranking_csv, ranking_xlsx, season_context


@login_required
@require_GET
def season_list(request: HttpRequest) -> HttpResponse:
    clubs = selectors.clubs_of(request.user)
    seasons = Season.objects.filter(club__in=clubs).select_related("club").order_by("club", "-id")
    return render(request, "tournaments/seasons/season_list.html", {"seasons": seasons})


def _form_errors(form: SeasonForm, error: ServiceError) -> None:
    for message in error.messages:
        form.add_error(None, message)


@login_required
def season_new(request: HttpRequest) -> HttpResponse:
    clubs = list(selectors.clubs_of(request.user))
    if not clubs:
        messages.error(
            request, _("You are not an organiser of any club yet: ask the club to add you.")
        )
        return redirect("dashboard")
    form = SeasonForm(request.POST if request.method == "POST" else None, clubs=clubs)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            season = season_create(
                club=data.get("club") or clubs[0],
                name=data["name"],
                best_of=data["best_of"],
                tournaments=data["tournaments"],
            )
        except ServiceError as error:
            _form_errors(form, error)
        else:
            messages.success(
                request, _("The season “%(name)s” is created.") % {"name": season.name}
            )
            return redirect("season_detail", season_id=season.pk)
    return render(request, "tournaments/seasons/season_form.html", {"form": form, "season": None})


@login_required
def season_edit(request: HttpRequest, season_id: int) -> HttpResponse:
    season = selectors.for_organiser(request.user, Season, pk=season_id)
    form = SeasonForm(
        request.POST if request.method == "POST" else None, clubs=[season.club], season=season
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            season_update(
                season=season,
                name=data["name"],
                best_of=data["best_of"],
                tournaments=data["tournaments"],
            )
        except ServiceError as error:
            _form_errors(form, error)
        else:
            messages.success(request, _("The season is saved."))
            return redirect("season_detail", season_id=season.pk)
    return render(request, "tournaments/seasons/season_form.html", {"form": form, "season": season})


@login_required
@require_GET
def season_detail(request: HttpRequest, season_id: int) -> HttpResponse:
    season = selectors.for_organiser(request.user, Season, pk=season_id)
    context = season_context(season_standings(season=season))
    return render(request, "tournaments/seasons/season_detail.html", context)


@login_required
@require_GET
def season_csv(request: HttpRequest, season_id: int, ranking: str) -> HttpResponse:
    season = selectors.for_organiser(request.user, Season, pk=season_id)
    return ranking_csv(season, ranking)


@login_required
@require_GET
def season_xlsx(request: HttpRequest, season_id: int, ranking: str) -> HttpResponse:
    season = selectors.for_organiser(request.user, Season, pk=season_id)
    return ranking_xlsx(season, ranking)
