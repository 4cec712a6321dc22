"""The public pages players and the projector watch during an evening, with no login: a
tournament's live standings and current seating, the projector view,
each pair's rounds, and "find your table".

An unpublished tournament answers 404 to everyone but the organisers of its club, who see a
preview under a "not published" banner. Every read goes through `selectors.public` (the
shared cache, keyed by the tournament's results_version), so a page costs the same few queries
whatever the size of the field. Pages that poll answer htmx with one region only (a partial of
the page's template) and send `Vary: HX-Request`.
"""

from collections.abc import Callable, Sequence
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from tournaments import selectors
from tournaments.models import Club, Pair, Tournament
from tournaments.rules.evening import unpublished_text
from tournaments.rules.sessions import SessionPlan, next_session, session_of
from tournaments.rules.states import RoundStatus
from tournaments.selectors import public as leaderboard
from tournaments.selectors import records as selectors_records
from tournaments.selectors.public import Seating
from tournaments.selectors.public.models import Board
from tournaments.selectors.public.phases import (
    girone_page,
    girone_place,
    gironi_now,
    phase_rankings,
)
from tournaments.selectors.sessions import sessions_of
from tournaments.tables import PublicStandingsTable, StandingsTable
from tournaments.views.public.charts import pair_charts
from tournaments.views.public.page_cache import HtmxHttpRequest, cached_for_readers
from tournaments.views.public.records import RecordLink, record_links

SORTABLE = ("rank", "number", "players", "vp", "mp", "matches_won", "point_difference")
SORTS = frozenset(
    [*SORTABLE, *(f"-{name}" for name in SORTABLE), "rounds_played", "-rounds_played"]
)
"""The standings' sorts a reader may ask for (?sort=vp, ?sort=-mp…): nothing else is read."""
STANDINGS_REFRESH_SECONDS = 5
SEATING_REFRESH_SECONDS = 10
PROJECTOR_REFRESH_SECONDS = 15
PROJECTOR_ROTATE_SECONDS = 20


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
        "live": not tournament.is_finished,
        "urls": {
            "tournament": reverse("public_tournament", args=[club, slug]),
            "projector": reverse("public_projector", args=[club, slug]),
            "find": reverse("public_find", args=[club, slug]),
            "club": reverse("public_club", args=[club]),
            "standings_csv": reverse("public_standings_csv", args=[club, slug]),
            "standings_xlsx": reverse("public_standings_xlsx", args=[club, slug]),
            "prizes": reverse("public_prizes", args=[club, slug])
            if tournament.prizes_published and tournament.is_finished
            else "",
            # a pair's page is this and its number, then "/" (written once, not once a row)
            "pair": _pair_url(tournament)(0)[: -len("0/")],
            # a girone's page is this and its name, then "/"
            "girone": reverse("public_girone", args=[club, slug, "A"])[: -len("A/")],
        },
        **more,
    }


def _evening(board: Board, sound: str = "") -> dict[str, Any]:
    """The round clock and the line saying the next seating is not out yet, for a page."""
    clock = board.clock
    return {
        "hidden_text": unpublished_text(board.hidden) if board.hidden else "",
        "clock": clock.now() if clock else None,
        "clock_round": clock.round_number if clock else None,
        "clock_sound": sound,
    }


def _pair_url(tournament: Tournament) -> Callable[[int], str]:
    """A pair's page by its number: the address reversed once, then only the number put in
    (a 500-pair standings table links 500 pages)."""
    club, slug = tournament.club.slug, tournament.slug
    head = reverse("public_pair", args=[club, slug, 0]).removesuffix("/0/")
    return lambda number: f"{head}/{int(number)}/"


# --- the standings table ------------------------------------------------------------------------


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


def _sessions(tournament: Tournament) -> list[SessionPlan]:
    """The tournament's sessions (none for one played in one session: no query then)."""
    return sessions_of(tournament) if getattr(tournament, "has_sessions", False) else []


def _round_text(tournament: Tournament, seating: Seating | None) -> str:
    """Where the evening is, in a line, in the reader's language (the heading above it says
    whether the standings are provisional or final: once a page; this line never says it).
    An event in two sessions says the session, and between them which one is over."""
    text = _evening_text(tournament, seating)
    plan = _sessions(tournament)
    if not plan or seating is None or tournament.is_finished:
        return text
    waiting = next_session(
        plan,
        latest_round=seating.round_number,
        latest_done=seating.round_status == RoundStatus.DONE,
    )
    if waiting is not None:
        return _(
            "Standings after session %(over)s. Session %(over)s is over; session %(number)s "
            "starts on %(when)s."
        ) % {"over": waiting.number - 1, "number": waiting.number, "when": waiting.when()}
    session = session_of(plan, seating.round_number)
    assert session is not None
    return _("Session %(number)s · %(text)s") % {"number": session.number, "text": text}


def _seating_session(tournament: Tournament, seating: Seating | None) -> SessionPlan | None:
    """The session the seating shown belongs to (None in a one-session tournament)."""
    plan = _sessions(tournament)
    return session_of(plan, seating.round_number) if plan and seating is not None else None


def _evening_text(tournament: Tournament, seating: Seating | None) -> str:
    if tournament.is_finished:
        played = seating.round_number if seating is not None else tournament.rounds
        return ngettext(
            "The tournament is over: %(count)s round played.",
            "The tournament is over: %(count)s rounds played.",
            played,
        ) % {"count": played}
    if seating is None:
        return _("The first round is not seated yet.")
    where = {"number": seating.round_number, "rounds": tournament.rounds}
    if seating.is_seating:
        return _("Round %(number)s of %(rounds)s: the seating is out, play starts soon") % where
    if seating.is_playing:
        count = len(seating.playing_tables)
        # the plural follows the tables done: "1 tavolo su 7 concluso", "2 tavoli su 7 conclusi"
        return ngettext(
            "Round %(number)s of %(rounds)s in play: %(done)s of %(count)s tables done",
            "Round %(number)s of %(rounds)s in play: %(done)s of %(count)s tables done",
            seating.tables_done,
        ) % {**where, "done": seating.tables_done, "count": count}
    return _("Round %(number)s of %(rounds)s finished") % where


# --- pages --------------------------------------------------------------------------------------


@require_safe
@vary_on_headers("HX-Request", "HX-Target")
@cached_for_readers(params={"sort": SORTS}, targets=("seating",), absolute=True)
def tournament_page(request: HtmxHttpRequest, club_slug: str, tournament_slug: str) -> HttpResponse:
    """Live standings (sortable) and the current round's seating. htmx polls each region:
    #seating answers with the seating, anything else with the standings. Its share buttons
    carry its absolute address (so it is stored per host)."""
    tournament = _tournament(request, club_slug, tournament_slug)
    board = leaderboard.board(tournament)
    context = _page_context(
        tournament,
        share_url=request.build_absolute_uri(
            reverse("public_tournament", args=[club_slug, tournament_slug])
        ),
        share_title=tournament.name,
        board=board,
        seating=board.seating,
        table=_standings_table(request, tournament, board.standings),
        rankings=phase_rankings(tournament) if getattr(tournament, "in_gironi", False) else (),
        round_text=_round_text(tournament, board.seating),
        seating_session=_seating_session(tournament, board.seating),
        standings_refresh=STANDINGS_REFRESH_SECONDS,
        seating_refresh=SEATING_REFRESH_SECONDS,
        **_evening(board),
    )
    template = "tournaments/public/tournament.html"
    if _wants_region(request):
        part = "seating" if request.htmx.target == "seating" else "standings"
        return render(request, f"{template}#{part}", context)
    return render(request, template, context)


@require_safe
@vary_on_headers("HX-Request")
@cached_for_readers()
def girone_standings(
    request: HtmxHttpRequest, club_slug: str, tournament_slug: str, name: str
) -> HttpResponse:
    """One girone's standings alone (a national event's girone of 60 pairs on a phone): its
    pairs ranked among themselves, with what they carry from before the split. It polls itself
    while the evening is on."""
    tournament = _tournament(request, club_slug, tournament_slug)
    ranking = girone_page(tournament, name)
    if ranking is None:
        raise Http404("No such girone.")
    context = _page_context(
        tournament, rankings=[ranking], ranking=ranking, standings_refresh=STANDINGS_REFRESH_SECONDS
    )
    template = "tournaments/public/girone.html"
    if _wants_region(request):
        return render(request, f"{template}#girone", context)
    return render(request, template, context)


@require_safe
@vary_on_headers("HX-Request")
@cached_for_readers(absolute=True)
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
        girone_rankings=gironi_now(tournament, board.seating.round_number if board.seating else 0),
        refresh=PROJECTOR_REFRESH_SECONDS,
        rotate=PROJECTOR_ROTATE_SECONDS,
        phone_url=request.build_absolute_uri(
            reverse("public_tournament", args=[club_slug, tournament_slug])
        ),
        find_url=request.build_absolute_uri(
            reverse("public_find", args=[club_slug, tournament_slug])
        ),
        **_evening(board, sound="always"),
    )
    template = "tournaments/public/projector.html"
    if _wants_region(request):
        return render(request, f"{template}#board", context)
    return render(request, template, context)


@require_safe
@vary_on_headers("HX-Request")
@cached_for_readers()
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
        record_links=[] if _wants_region(request) else _record_links(request, tournament, number),
        history=page.history,
        girone=girone_place(tournament, number),
        charts=pair_charts(tournament, page.points, field_size=page.field_size, number=number),
        pair_url=_pair_url(tournament),
        refresh=SEATING_REFRESH_SECONDS,
        sessions=_sessions(tournament),
    )
    template = "tournaments/public/pair.html"
    if _wants_region(request):
        return render(request, f"{template}#history", context)
    return render(request, template, context)


def _record_links(request: HttpRequest, tournament: Tournament, number: int) -> list[RecordLink]:
    """The pair's players' records the reader may see (one query; a change of who may see them
    bumps the results version, so a stored page never keeps a link no longer allowed)."""
    pair = Pair.objects.select_related("player_one", "player_two").get(
        tournament=tournament, number=number
    )
    players = [pair.player_one, pair.player_two]
    for player in players:
        if player is not None:
            player.club = tournament.club
    return record_links(players, selectors_records.reader_club_ids(request.user))


@require_safe
@vary_on_headers("HX-Request")
@cached_for_readers()
def find_table(request: HtmxHttpRequest, club_slug: str, tournament_slug: str) -> HttpResponse:
    """The current round by player surname: every player's pair, table and direction."""
    tournament = _tournament(request, club_slug, tournament_slug)
    board = leaderboard.board(tournament)
    # while the next round's seating is not out, the last one would send players astray
    seating = None if board.hidden else board.seating
    places = leaderboard.player_places(seating)
    initials = list(dict.fromkeys(place.initial for place in places))
    context = _page_context(
        tournament,
        seating=seating,
        places=places,
        initials=initials,
        pair_url=_pair_url(tournament),
        refresh=SEATING_REFRESH_SECONDS,
        **_evening(board),
    )
    template = "tournaments/public/find.html"
    if _wants_region(request):
        return render(request, f"{template}#places", context)
    return render(request, template, context)
