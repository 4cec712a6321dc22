"""The public copy of a published tournament's standings file and its Excel twin (the
organiser's are the same)."""

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from tournaments import exports, selectors
from tournaments.models import Tournament
from tournaments.selectors.public import public_tournament


def _published(club_slug: str, tournament_slug: str) -> Tournament:
    tournament = public_tournament(club_slug, tournament_slug)
    if tournament is None or not tournament.published:
        raise Http404
    return tournament


@require_GET
def public_standings_csv(
    request: HttpRequest, club_slug: str, tournament_slug: str
) -> HttpResponse:
    tournament = _published(club_slug, tournament_slug)
    return exports.standings_csv_response(tournament, selectors.standings_for(tournament))


@require_GET
def public_standings_xlsx(
    request: HttpRequest, club_slug: str, tournament_slug: str
) -> HttpResponse:
    tournament = _published(club_slug, tournament_slug)
    return exports.standings_xlsx_response(tournament, selectors.standings_for(tournament))
