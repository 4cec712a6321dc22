"""The public pages players and the projector watch during an evening, with no login: a club's
published tournaments, a tournament's live standings and current seating, the projector view,
each pair's rounds, and "find your table". Also the organiser's Publish / Unpublish button.

An unpublished tournament answers 404 to everyone but the organisers of its club, who see a
preview under a "not published" banner. Every read goes through `tournaments.leaderboard` (the
shared cache, keyed by the tournament's results_version), so a page costs the same few queries
whatever the size of the field. Pages that poll answer htmx with one region only (a partial of
the page's template) and send `Vary: HX-Request`.
"""

import gzip
import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import wraps
from math import floor, log10
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from tournaments import leaderboard, selectors, services
from tournaments.leaderboard import RoundPoint, Seating
from tournaments.models import Club, Tournament
from tournaments.tables import StandingsTable

STANDINGS_REFRESH_SECONDS = 5
SEATING_REFRESH_SECONDS = 10
PROJECTOR_REFRESH_SECONDS = 15
PROJECTOR_ROTATE_SECONDS = 20


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


# --- who may see what ---------------------------------------------------------------------------


def _organises(request: HttpRequest, club: Club) -> bool:
    return selectors.clubs_of(request.user).filter(pk=club.pk).exists()


def _tournament(request: HttpRequest, club_slug: str, tournament_slug: str) -> Tournament:
    """The published tournament; an unpublished one only for its club's organisers (a
    preview), 404 for anyone else, exactly as for a tournament that does not exist."""
    tournament = leaderboard.public_tournament(club_slug, tournament_slug)
    if tournament is None:
        raise Http404("No such tournament.")
    if not tournament.published and not _organises(request, tournament.club):
        raise Http404("No such tournament.")
    return tournament


RenderedView = Callable[..., HttpResponse]


def cached_for_readers(view: RenderedView) -> RenderedView:
    """Players (anonymous readers) get the page as already rendered for the tournament's
    current results version, from the cache every server process shares: a save bumps the
    version, so nobody is served an old page, and a full field is rendered once per change
    instead of once per phone. Organisers (previews, their own header) are rendered afresh.
    Public pages carry no CSRF token, so a shared rendering leaks nothing of one reader to
    another."""

    @wraps(view)
    def wrapper(
        request: HtmxHttpRequest, club_slug: str, tournament_slug: str, **kwargs: Any
    ) -> HttpResponse:
        if request.user.is_authenticated:
            return view(request, club_slug, tournament_slug, **kwargs)
        variant = "|".join(
            [
                request.get_full_path(),
                request.headers.get("HX-Request", ""),
                request.headers.get("HX-Target", ""),
                request.headers.get("HX-History-Restore-Request", ""),
            ]
        )
        keys = (
            leaderboard.version_key(club_slug, tournament_slug),
            leaderboard.page_key(
                club_slug, tournament_slug, hashlib.sha256(variant.encode()).hexdigest()[:32]
            ),
        )
        found = cache.get_many(keys)  # one round trip: a warm read asks nothing else
        current = found.get(keys[0]) or leaderboard.current_version(club_slug, tournament_slug)
        if current is None or not current.published:
            raise Http404("No such tournament.")
        stored = found.get(keys[1])
        if stored is not None and stored[0] == current.results_version:
            return _stored_page(request, stored[1], stored[2])
        response = view(request, club_slug, tournament_slug, **kwargs)
        if response.status_code == 200 and not response.streaming:
            # compressed once here, not once per reader: a full field's page is ~200 KB
            body = gzip.compress(response.content, compresslevel=6)
            cache.set(
                keys[1],
                (current.results_version, body, response["Content-Type"]),
                leaderboard.CACHE_SECONDS,
            )
        return response

    return wrapper


def _stored_page(request: HttpRequest, body: bytes, content_type: str) -> HttpResponse:
    """A stored rendering, gzipped as stored for every browser that accepts it (all do)."""
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        response = HttpResponse(body, content_type=content_type)
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(gzip.decompress(body), content_type=content_type)
    patch_vary_headers(response, ("Accept-Encoding",))
    return response


def _wants_region(request: HtmxHttpRequest) -> bool:
    """An htmx request for one region (polling, or a sorted column): not a history restore,
    which needs the whole page."""
    return bool(request.htmx) and not request.htmx.history_restore_request


def _page_context(tournament: Tournament, **more: Any) -> dict[str, Any]:
    club, slug = tournament.club.slug, tournament.slug
    return {
        "tournament": tournament,
        "club": tournament.club,
        "preview": not tournament.published,
        "live": tournament.status != Tournament.Status.FINISHED,
        "urls": {
            "tournament": reverse("public_tournament", args=[club, slug]),
            "projector": reverse("public_projector", args=[club, slug]),
            "find": reverse("public_find", args=[club, slug]),
            "club": reverse("public_club", args=[club]),
        },
        **more,
    }


def _pair_url(tournament: Tournament) -> Callable[[int], str]:
    club, slug = tournament.club.slug, tournament.slug
    return lambda number: reverse("public_pair", args=[club, slug, number])


# --- the standings table ------------------------------------------------------------------------

DESCENDING_FIRST = ("vp", "mp", "matches_won", "point_difference", "rounds_played")


class PublicStandingsTable(StandingsTable):
    """The organiser's standings table, as players see it: the same columns and the same
    numbers (and so the same as its CSV export); sortable by a tap on a column, biggest number
    first, and each pair's players link to the pair's page."""

    class Meta(StandingsTable.Meta):  # django-tables2 does not inherit Meta by itself
        pass

    def __init__(self, *args: Any, pair_url: Callable[[int], str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pair_url = pair_url
        for name in DESCENDING_FIRST:
            if name in self.columns:
                self.columns[name].column.initial_sort_descending = True

    def render_players(self, value: str, record: Any) -> str:
        """The players one a line on a phone, "A – B" on a wider screen (public.css)."""
        names = format_html_join(
            mark_safe('<span class="and"> – </span>'),  # a constant: nothing to escape
            '<span class="player">{}</span>',
            ((name,) for name in record.player_names),
        )
        return format_html('<a href="{}">{}</a>', self.pair_url(record.number), names)


def _standings_table(
    request: HttpRequest, tournament: Tournament, rows: Sequence[leaderboard.StandingRow]
) -> PublicStandingsTable:
    return PublicStandingsTable.for_tournament(
        tournament,
        list(rows),
        pair_url=_pair_url(tournament),
        orderable=True,
        order_by=request.GET.get("sort") or None,
        attrs={
            "class": "standings public-standings",
            # a tap on a column asks for the standings region only, sorted, and puts the
            # sort in the address: the polling that follows carries it (it polls that address)
            "thead": {
                "hx-boost": "true",
                "hx-target": "#standings",
                "hx-swap": "outerHTML show:none",
            },
        },
    )


def _round_text(tournament: Tournament, seating: Seating | None) -> str:
    """Where the evening is, in a line."""
    if tournament.status == Tournament.Status.FINISHED:
        return "Final standings"
    if seating is None:
        return "The first round is not seated yet."
    of = f"Round {seating.round_number} of {tournament.rounds}"
    if seating.is_seating:
        return f"{of}: the seating is out, play starts soon"
    if seating.is_playing:
        count = len(seating.playing_tables)
        tables = "table" if count == 1 else "tables"
        return f"{of} in play: {seating.tables_done} of {count} {tables} done"
    return f"{of} finished"


# --- pages --------------------------------------------------------------------------------------


@require_safe
def club_page(request: HttpRequest, club_slug: str) -> HttpResponse:
    """A club's published tournaments, newest first (its organisers also see the others)."""
    club = leaderboard.public_club(club_slug)
    if club is None:
        raise Http404("No such club.")
    organiser = request.user.is_authenticated and _organises(request, club)
    tournaments = leaderboard.club_tournaments(club, with_unpublished=organiser)
    return render(
        request,
        "tournaments/public/club.html",
        {"club": club, "tournaments": tournaments, "organiser": organiser},
    )


@require_safe
@vary_on_headers("HX-Request", "HX-Target")
@cached_for_readers
def tournament_page(request: HtmxHttpRequest, club_slug: str, tournament_slug: str) -> HttpResponse:
    """Live standings (sortable) and the current round's seating. htmx polls each region:
    #seating answers with the seating, anything else with the standings."""
    tournament = _tournament(request, club_slug, tournament_slug)
    board = leaderboard.board(tournament)
    context = _page_context(
        tournament,
        board=board,
        seating=board.seating,
        table=_standings_table(request, tournament, board.standings),
        round_text=_round_text(tournament, board.seating),
        standings_refresh=STANDINGS_REFRESH_SECONDS,
        seating_refresh=SEATING_REFRESH_SECONDS,
    )
    template = "tournaments/public/tournament.html"
    if _wants_region(request):
        part = "seating" if request.htmx.target == "seating" else "standings"
        return render(request, f"{template}#{part}", context)
    return render(request, template, context)


@require_safe
@vary_on_headers("HX-Request")
@cached_for_readers
def projector(request: HtmxHttpRequest, club_slug: str, tournament_slug: str) -> HttpResponse:
    """Large type for the wall: the standings and the seating in turn, each scrolling slowly
    (static/js/projector.js); the board reloads itself."""
    tournament = _tournament(request, club_slug, tournament_slug)
    board = leaderboard.board(tournament)
    context = _page_context(
        tournament,
        board=board,
        seating=board.seating,
        table=StandingsTable.for_tournament(
            tournament, list(board.standings), attrs={"class": "standings projector-standings"}
        ),
        round_text=_round_text(tournament, board.seating),
        refresh=PROJECTOR_REFRESH_SECONDS,
        rotate=PROJECTOR_ROTATE_SECONDS,
        phone_url=request.build_absolute_uri(
            reverse("public_tournament", args=[club_slug, tournament_slug])
        ),
        find_url=request.build_absolute_uri(
            reverse("public_find", args=[club_slug, tournament_slug])
        ),
    )
    template = "tournaments/public/projector.html"
    if _wants_region(request):
        return render(request, f"{template}#board", context)
    return render(request, template, context)


@require_safe
@vary_on_headers("HX-Request")
@cached_for_readers
def pair_page(
    request: HtmxHttpRequest, club_slug: str, tournament_slug: str, number: int
) -> HttpResponse:
    """A pair's rounds, deal by deal, and its VP (or matches won) and rank after each round."""
    tournament = _tournament(request, club_slug, tournament_slug)
    page = leaderboard.pair_page(tournament, number)
    if page is None:
        raise Http404("No such pair.")
    context = _page_context(
        tournament,
        page=page,
        history=page.history,
        charts=pair_charts(tournament, page.points, field_size=page.field_size, number=number),
        pair_url=_pair_url(tournament),
        refresh=SEATING_REFRESH_SECONDS,
    )
    template = "tournaments/public/pair.html"
    if _wants_region(request):
        return render(request, f"{template}#history", context)
    return render(request, template, context)


@require_safe
@vary_on_headers("HX-Request")
@cached_for_readers
def find_table(request: HtmxHttpRequest, club_slug: str, tournament_slug: str) -> HttpResponse:
    """The current round by player surname: every player's pair, table and direction."""
    tournament = _tournament(request, club_slug, tournament_slug)
    seating = leaderboard.current_seating(tournament)
    places = leaderboard.player_places(seating)
    initials = list(dict.fromkeys(place.initial for place in places))
    context = _page_context(
        tournament,
        seating=seating,
        places=places,
        initials=initials,
        pair_url=_pair_url(tournament),
        refresh=SEATING_REFRESH_SECONDS,
    )
    template = "tournaments/public/find.html"
    if _wants_region(request):
        return render(request, f"{template}#places", context)
    return render(request, template, context)


# --- the organiser's switch ---------------------------------------------------------------------


@login_required
@require_POST
@vary_on_headers("HX-Request")
def tournament_publish(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """Publish (published=1) or unpublish (published=0) a tournament's public pages."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    wanted = request.POST.get("published")
    if wanted not in {"0", "1"}:
        return HttpResponseBadRequest("Say published=1 or published=0.")
    tournament = services.tournament_publish(tournament=tournament, published=wanted == "1")
    if request.htmx:
        return render(
            request, "tournaments/tournament_detail.html#public-pages", {"tournament": tournament}
        )
    if tournament.published:
        messages.success(request, "Published: players can follow the tournament on its pages.")
    else:
        messages.success(request, "Unpublished: the public pages answer “not found” again.")
    return redirect("tournament_detail", tournament_id=tournament.pk)


# --- the pair's charts: inline SVG, drawn here -------------------------------------------------


def _at(value: float) -> str:
    """A coordinate as SVG wants it, never localised ("12.5", not "12,5")."""
    return f"{value:.1f}"


@dataclass(frozen=True)
class Tick:
    at: str
    label: str


@dataclass(frozen=True)
class Dot:
    cx: str
    cy: str
    label_y: str
    round_number: int
    text: str


@dataclass(frozen=True)
class Chart:
    """A line chart's geometry in SVG user units, coordinates ready to print; the template
    draws it with presentation attributes and CSS classes (no style attribute)."""

    slug: str
    title: str
    description: str
    y_label: str
    dots: tuple[Dot, ...] = ()
    x_ticks: tuple[Tick, ...] = ()
    y_ticks: tuple[Tick, ...] = ()
    x_label: str = "Round"
    width: int = 360
    height: int = 220
    left: int = 58
    right: int = 346
    top: int = 24
    bottom: int = 168

    @property
    def points(self) -> str:
        return " ".join(f"{dot.cx},{dot.cy}" for dot in self.dots)

    @property
    def y_tick_x(self) -> int:
        return self.left - 8

    @property
    def x_tick_y(self) -> int:
        return self.bottom + 20

    @property
    def y_label_x(self) -> int:
        return 16

    @property
    def y_label_y(self) -> str:
        return _at((self.top + self.bottom) / 2)

    @property
    def x_label_x(self) -> str:
        return _at((self.left + self.right) / 2)

    @property
    def x_label_y(self) -> int:
        return self.height - 8


def _nice_step(span: float, ticks: int = 4) -> int:
    """1, 2 or 5 times a power of ten, so that about `ticks` steps cover `span`."""
    raw = max(span / ticks, 1)
    magnitude = 10 ** floor(log10(raw))
    return int(next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw))


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _dot(x: float, y: float, round_number: int, text: str) -> Dot:
    return Dot(_at(x), _at(y), _at(y - 11), round_number, text)


def pair_charts(
    tournament: Tournament, points: Sequence[RoundPoint], *, field_size: int, number: int
) -> tuple[Chart, Chart] | None:
    """Two charts of the pair after each finished round: its VP (matches won in the target
    format) added up, and its rank, 1st at the top. None until a round is over."""
    if not points:
        return None
    frame = Chart(slug="", title="", description="", y_label="")
    rounds = max(tournament.rounds, points[-1].round_number)
    step_x = (frame.right - frame.left) / rounds
    x_of = {k: frame.left + (k - 0.5) * step_x for k in range(1, rounds + 1)}
    x_ticks = tuple(Tick(_at(x), str(k)) for k, x in x_of.items())
    height = frame.bottom - frame.top

    if tournament.is_target:
        values = [p.matches_won for p in points]
        top_value = max(rounds, *values)
        what, unit, slug = "Matches won", "won", "won"
    else:
        values = [p.vp for p in points]
        best = max([band.winner for band in tournament.scale.bands] + [tournament.bye_vp, 1])
        top_value = max(best * rounds, *values)
        what, unit, slug = "Victory points", "VP", "vp"
    step = _nice_step(top_value)
    top_value = -(-top_value // step) * step

    def y_value(value: int) -> float:
        return frame.bottom - max(value, 0) / top_value * height

    totals = Chart(
        slug=f"pair-{number}-{slug}",
        title=f"Pair {number}: {what.lower()} after each round",
        description="; ".join(
            f"after round {p.round_number}: {v} {unit}" for p, v in zip(points, values, strict=True)
        ),
        y_label=what,
        dots=tuple(
            _dot(x_of[p.round_number], y_value(v), p.round_number, str(v))
            for p, v in zip(points, values, strict=True)
        ),
        x_ticks=x_ticks,
        y_ticks=tuple(Tick(_at(y_value(v)), str(v)) for v in range(0, top_value + 1, step)),
    )

    last = max(field_size, 1)

    def y_rank(rank: int) -> float:
        if last == 1:
            return frame.top + height / 2
        return frame.top + (rank - 1) / (last - 1) * height

    rank_step = _nice_step(last - 1)
    marks = sorted({1, last} | set(range(rank_step, last, rank_step)))
    # keep a label from crowding the first or the last one
    marks = [m for m in marks if m in (1, last) or min(m - 1, last - m) * height / last >= 14]
    ranking = Chart(
        slug=f"pair-{number}-rank",
        title=f"Pair {number}: rank after each round, of {field_size} pairs",
        description="; ".join(f"after round {p.round_number}: {_ordinal(p.rank)}" for p in points),
        y_label="Rank",
        dots=tuple(
            _dot(x_of[p.round_number], y_rank(p.rank), p.round_number, _ordinal(p.rank))
            for p in points
        ),
        x_ticks=x_ticks,
        y_ticks=tuple(Tick(_at(y_rank(m)), str(m)) for m in marks),
    )
    return totals, ranking
