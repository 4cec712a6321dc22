"""A finished tournament's public prize list: only once its organiser published the prizes
(404 otherwise, as for a tournament that does not exist)."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from tournaments.models import Tournament
from tournaments.prize_exports import prizes_csv_response
from tournaments.selectors import public as leaderboard
from tournaments.selectors.prize_lines import prize_context


def _published(club_slug: str, tournament_slug: str) -> Tournament:
    tournament = leaderboard.public_tournament(club_slug, tournament_slug)
    if tournament is None or not (tournament.prizes_published and tournament.is_finished):
        raise Http404("No such prize list.")
    return tournament


@require_safe
def prizes_page(request: HttpRequest, club_slug: str, tournament_slug: str) -> HttpResponse:
    tournament = _published(club_slug, tournament_slug)
    context = {"tournament": tournament, "club": tournament.club, **prize_context(tournament)}
    return render(request, "tournaments/public/prizes.html", context)


@require_safe
def prizes_csv(request: HttpRequest, club_slug: str, tournament_slug: str) -> HttpResponse:
    """The published prize list as a CSV (`tournaments.prize_exports`)."""
    return prizes_csv_response(_published(club_slug, tournament_slug))
