"""Embeds: a published tournament's standings and "find your table" as small pages a club's own
website frames (`/embed/<club>/<tournament>/standings/`, `…/find/`; `/embed/<club>/standings/`
and `/embed/<club>/find/` follow the club's latest published tournament, for a snippet that
never changes).

Only these addresses may be framed, and only by the websites the club lists on its settings
page: their answers carry `frame-ancestors` with those origins ('none' while the list is empty)
and no X-Frame-Options; every other page keeps `frame-ancestors 'none'`
(burraco_club/security.py). They are stored per results version like the public pages and poll
the same way; their links open the full public pages in a new tab (which may not be framed)."""

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from burraco_club.security import CSP
from opendata.selectors import embed_origins
from tournaments.models import Tournament
from tournaments.selectors import public as leaderboard
from tournaments.tables import PublicStandingsTable, pair_mark
from tournaments.views.public.page_cache import HtmxHttpRequest, cached_for_readers
from tournaments.views.public.pages import _round_text

REFRESH_SECONDS = 10
TEMPLATES = "opendata/embed"


def frame_policy(origins: list[str]) -> str:
    """The site's Content-Security-Policy with `frame-ancestors` naming `origins` (or none)."""
    ancestors = " ".join(origins) if origins else "'none'"
    return CSP.replace("frame-ancestors 'none'", f"frame-ancestors {ancestors}")


def framable(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The answer (a 404 too, in the embed's own words) may be framed by the club's websites."""

    @wraps(view)
    def wrapper(request: HttpRequest, club_slug: str, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            response = view(request, club_slug, *args, **kwargs)
        except Http404:
            response = render(request, f"{TEMPLATES}/missing.html", status=404)
        response["Content-Security-Policy"] = frame_policy(embed_origins(club_slug))
        response.xframe_options_exempt = True  # Django's XFrameOptionsMiddleware reads it
        return response

    return wrapper


def _published(club_slug: str, tournament_slug: str) -> Tournament:
    """Only a published tournament is embedded (an organiser's preview is on the real page)."""
    tournament = leaderboard.public_tournament(club_slug, tournament_slug)
    if tournament is None or not tournament.published:
        raise Http404("No such tournament.")
    return tournament


def _context(tournament: Tournament, **more: Any) -> dict[str, Any]:
    club, slug = tournament.club.slug, tournament.slug
    return {
        "tournament": tournament,
        "club": tournament.club,
        "live": not tournament.is_finished,
        "refresh": REFRESH_SECONDS,
        "urls": {
            "tournament": reverse("public_tournament", args=[club, slug]),
            "find": reverse("public_find", args=[club, slug]),
            # A pair's page is this folder and its number: reversed once, not once a row.
            "pairs": reverse("public_pair", args=[club, slug, 1]).removesuffix("1/"),
        },
        **more,
    }


class EmbedStandingsTable(PublicStandingsTable):
    """The public standings, each pair's names opening its page in a new tab."""

    class Meta(PublicStandingsTable.Meta):
        pass

    def render_players(self, value: str, record: Any) -> str:
        names = " – ".join(record.player_names)
        link = format_html(
            '<a href="{}" target="_blank" rel="noopener">{}</a>',
            self.pair_url(record.number),
            names,
        )
        return format_html("{}{}", link, pair_mark(record))


@require_safe
@framable
@vary_on_headers("HX-Request")
@cached_for_readers()
def standings(request: HtmxHttpRequest, club_slug: str, tournament_slug: str) -> HttpResponse:
    tournament = _published(club_slug, tournament_slug)
    board = leaderboard.board(tournament)
    table = EmbedStandingsTable.for_tournament(
        tournament,
        list(board.standings),
        pair_url=lambda number: reverse("public_pair", args=[club_slug, tournament_slug, number]),
        orderable=False,
        attrs={"class": "standings public-standings"},
    )
    context = _context(tournament, table=table, round_text=_round_text(tournament, board.seating))
    template = f"{TEMPLATES}/standings.html"
    if request.htmx and not request.htmx.history_restore_request:
        return render(request, f"{template}#standings", context)
    return render(request, template, context)


@require_safe
@framable
@vary_on_headers("HX-Request")
@cached_for_readers()
def find_table(request: HtmxHttpRequest, club_slug: str, tournament_slug: str) -> HttpResponse:
    tournament = _published(club_slug, tournament_slug)
    seating = leaderboard.current_seating(tournament)
    context = _context(tournament, seating=seating, places=leaderboard.player_places(seating))
    template = f"{TEMPLATES}/find.html"
    if request.htmx and not request.htmx.history_restore_request:
        return render(request, f"{template}#places", context)
    return render(request, template, context)


@require_safe
@framable
def club_latest(request: HttpRequest, club_slug: str, what: str) -> HttpResponse:
    """The club's latest published tournament's embed: today's, else the last one played,
    else the next one to come."""
    published = Tournament.objects.filter(club__slug=club_slug, published=True)
    today = timezone.localdate()
    latest = (
        published.filter(date__lte=today).order_by("-date", "-id").values_list("slug", flat=True)
    ).first() or (
        published.filter(date__gt=today).order_by("date", "id").values_list("slug", flat=True)
    ).first()
    if latest is None:
        raise Http404("No published tournament.")
    return redirect("embed_standings" if what == "standings" else "embed_find", club_slug, latest)
