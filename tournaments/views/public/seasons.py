"""The public season page (a club's championship) and its rankings (CSV and Excel), once every
finished tournament of the season is published."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tournaments.models import Season
from tournaments.selectors.seasons import published_season, season_standings
from tournaments.views.season_pages import ranking_csv, ranking_xlsx, season_context


def _public_season(club_slug: str, season_slug: str) -> Season:
    season = published_season(club_slug=club_slug, season_slug=season_slug)
    if season is None:
        raise Http404
    return season


@require_GET
def season_public(request: HttpRequest, club_slug: str, season_slug: str) -> HttpResponse:
    season = _public_season(club_slug, season_slug)
    context = season_context(season_standings(season=season))
    context["unfinished"] = [t for t in context["unfinished"] if t.published]
    return render(request, "tournaments/seasons/season_public.html", context)


@require_GET
def season_public_csv(
    request: HttpRequest, club_slug: str, season_slug: str, ranking: str
) -> HttpResponse:
    return ranking_csv(_public_season(club_slug, season_slug), ranking)


@require_GET
def season_public_xlsx(
    request: HttpRequest, club_slug: str, season_slug: str, ranking: str
) -> HttpResponse:
    return ranking_xlsx(_public_season(club_slug, season_slug), ranking)
