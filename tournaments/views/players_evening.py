"""A pair's evening, opened from its private link (/p/<token>/evening/): where it plays now (and
next, once the next round is seated), its running totals and rank, its deals round by round.
The phone polls its part every few seconds; while nothing it shows has changed the poll is
answered as last rendered, from the shared cache, after one light read."""

import time
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from burraco_club.cache import count_and_get
from burraco_club.i18n import readers_language, use_club_language
from tournaments import services
from tournaments.forms.records import LinkEmailForm
from tournaments.models import Seat
from tournaments.selectors import links
from tournaments.selectors import players as pages
from tournaments.selectors.public import pair_history, release
from tournaments.selectors.public.phases import girone_place
from tournaments.selectors.records import reader_club_ids
from tournaments.services import ServiceError
from tournaments.views.player_links import (
    REFRESH_SECONDS,
    REQUESTS_SECONDS,
    HtmxHttpRequest,
    counted,
    evening_context,
    link_view,
    past_limit,
    requests_key,
    slow_down,
)
from tournaments.views.public.records import record_links


@vary_on_headers("HX-Request")
def link_evening(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The pair's evening: where it plays now and next, its running totals and rank, its deals
    round by round. The phone polls its part every few seconds: while nothing it shows has
    changed (see `_evening_fresh`), the poll is answered as last rendered after one round trip
    to the shared cache (the link's count and the stored answer, refused past the count before
    any query) and one light read, without looking the seat up whole."""
    shaped = links.link_token(token)
    key = None
    if request.method == "GET" and request.htmx and shaped is not None:
        key = _evening_key(shaped, readers_language(request))
        count, stored = count_and_get(requests_key(shaped), REQUESTS_SECONDS, key)
        if past_limit(count):
            return slow_down(request, shaped)
        request.link_counted = True  # type: ignore[attr-defined]  # counted once, here
        state = links.link_state(shaped)
        if state is not None:
            use_club_language(request, state.language)
            if stored is not None and _evening_fresh(stored, state):
                return HttpResponse(stored[-1])
    return _evening_page(request, token, key)


@link_view
@require_GET
def _evening_page(request: HtmxHttpRequest, seat: Seat, key: str | None) -> HttpResponse:
    """The evening rendered; the part the phone polls is stored under `key` (the poll's)."""
    tournament = seat.round.tournament
    context = {
        "seat": seat,
        "tournament": tournament,
        "club": tournament.club,
        "places": pages.places_of(seat),
        "history": pair_history(tournament, seat.pair.number),
        # only a table in a girone asks for the gironi's rankings: a single field reads nothing
        "girone": girone_place(tournament, seat.pair.number) if seat.table.girone_id else None,
        "refresh_seconds": REFRESH_SECONDS,
        **evening_context(tournament, seat.round, seat),
    }
    if not request.htmx:
        pair = seat.pair
        players = [pair.player_one, pair.player_two]
        for player in players:
            if player is not None:
                player.club = tournament.club
        context["record_links"] = record_links(players, reader_club_ids(request.user))
        context["email_form"] = _email_form(seat, None)
        return render(request, "tournaments/players/evening.html", context)
    # the part the phone polls: shared by the pair's phones, so without a CSRF token
    response = render(request, "tournaments/players/evening.html#evening", context)
    if key is not None:
        made = (
            seat.pk,
            get_language(),
            seat.table.results_version,
            tournament.results_version,
            time.time(),
            response.content,
        )
        cache.set(key, made, EVENING_SECONDS)
    return response


def _email_form(seat: Seat, data: Any) -> LinkEmailForm:
    pair = seat.pair
    players = [(p.pk, p.full_name) for p in (pair.player_one, pair.player_two) if p is not None]
    return LinkEmailForm(data, players=players)


@link_view
@require_POST
def link_email(request: HtmxHttpRequest, seat: Seat) -> HttpResponse:
    """A player of the pair leaves their address, ticking their consent: their next table and
    their result are sent to it."""
    form = _email_form(seat, request.POST)
    pair = seat.pair
    if not form.is_valid():
        messages.error(request, _("Choose who you are, and give an address."))
        return redirect("link_evening", token=pair.token)
    player = next(
        p for p in (pair.player_one, pair.player_two) if p and p.pk == form.cleaned_data["player"]
    )
    try:
        services.player_email_set(
            player=player, email=form.cleaned_data["email"], consent=form.cleaned_data["consent"]
        )
    except ServiceError as error:
        messages.error(request, " ".join(error.messages))
    else:
        if player.email:
            messages.success(
                request,
                _("Saved: your next table and your result go to %(email)s.")
                % {"email": player.email},
            )
        else:
            messages.success(request, _("Your address is removed."))
    return redirect("link_evening", token=pair.token)


EVENING_SECONDS = 3600


def _evening_key(token: str, language: str | None) -> str:
    """A link's evening as its poll last rendered it, for a reader who asked for `language`
    (None: for none the site speaks, who reads the club's)."""
    return f"link-evening:{release()}:{token}:{language or '-'}"


def _evening_fresh(stored: tuple[Any, ...], state: links.LinkState) -> bool:
    """A pair's evening as last rendered is shown again while its own table's results have not
    changed (a deal only sent is not shown) and either nothing in the tournament has, or it is
    younger than LINK_EVENING_PAUSE seconds, or the tournament's phones have had their share of
    new renderings this second: the pair's deals are always its table's latest, its rank and
    the field's totals a little late while results pour in, and 500 phones polling every five
    seconds in a round's last minute never render more than LINK_EVENING_RENDERS a second
    between them."""
    seat_id, language, table_results, results_version, rendered_at, _body = stored
    if (seat_id, language, table_results) != (state.seat_id, get_language(), state.table_results):
        return False  # another seat (a new round), language or result at its table
    if results_version == state.results_version:
        return True
    if time.time() - rendered_at < settings.LINK_EVENING_PAUSE:
        return True
    return not _render_slot(state.tournament_id)


def _render_slot(tournament_id: int) -> bool:
    """One of this second's LINK_EVENING_RENDERS renderings of the tournament's evenings (a
    count in the shared cache; while the cache is unreachable, every poll may render)."""
    count = counted(f"link-evening-renders:{tournament_id}:{int(time.time())}", 5)
    return count is None or count <= settings.LINK_EVENING_RENDERS
