"""The front door: the home page (the clubs playing today and lately, each a tap away from its
live standings) and a club's page (its tournaments of today, to come and past).

Neither is cached: each costs one query for an anonymous visitor (two and three on the club's
page, with the club and an organiser's own check), whatever the number of clubs."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_safe

from tournaments import selectors
from tournaments.selectors import public as leaderboard
from tournaments.selectors.public.front import RECENT_DAYS, club_calendar, front_door


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """Organisers go to their tournaments; everyone else sees who plays today and lately."""
    if request.user.is_authenticated:
        return redirect("dashboard")
    door = front_door(timezone.localdate())
    return render(request, "tournaments/home.html", {"door": door, "recent_days": RECENT_DAYS})


@require_safe
def club_page(request: HttpRequest, club_slug: str) -> HttpResponse:
    """A club's published tournaments: today's, those to come (soonest first), the past ones
    (latest first). Its organisers also see the unpublished ones, marked."""
    club = leaderboard.public_club(club_slug)
    if club is None:
        raise Http404("No such club.")
    organiser = (
        request.user.is_authenticated
        and selectors.clubs_of(request.user).filter(pk=club.pk).exists()
    )
    calendar = club_calendar(club, timezone.localdate(), with_unpublished=organiser)
    return render(
        request,
        "tournaments/public/club.html",
        {"club": club, "calendar": calendar, "organiser": organiser},
    )
