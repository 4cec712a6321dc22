"""Looking a pair's private link up, for every page of it (views/players.py,
views/players_evening.py): the token is the only key (`selectors.links`: a wrong or replaced
link gets a plain page that says so, 404, never an error), the link's requests are counted (too
many in a minute answer 429), and a pair not seated yet gets a page that waits for its table."""

import time
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_htmx.middleware import HtmxDetails

from burraco_club.cache import count as shared_count
from burraco_club.i18n import use_club_language
from tournaments import services
from tournaments.models import Pair, Round, Seat, Tournament
from tournaments.rules import limits
from tournaments.rules.evening import check_in_refusal, unpublished_text
from tournaments.selectors import links
from tournaments.selectors.evening import hidden_round, round_clock
from tournaments.services import ServiceError

REFRESH_SECONDS = 5
"""How often a pair's evening page follows the evening by itself."""
TABLE_REFRESH_SECONDS = 2
"""How often a pair's table page follows its table while the link can write: a deal the
opponents sent shows within 3 seconds (at 5 it took up to 11 s, which made the players wait)."""
IDLE_REFRESH_SECONDS = 15
"""How often it follows its table while the link can send nothing (waiting for a round)."""


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


LinkView = Callable[..., HttpResponse]


def too_many(token: str) -> bool:
    """Count this link's requests in the current minute; True past the limit. The count lives
    in the shared cache: while the cache is unreachable nothing is counted (a phone at the
    table is never refused because Redis is down)."""
    return past_limit(counted(requests_key(token), REQUESTS_SECONDS))


def requests_key(token: str) -> str:
    """The count of the link's requests in the current minute."""
    return f"link-requests:{token}:{int(time.time() // 60)}"


REQUESTS_SECONDS = 90
"""How long the count of a minute is kept (a little past its minute)."""


def past_limit(count: int | None) -> bool:
    """Whether a link's count of the minute (None: not counted) is past its limit."""
    return count is not None and count > limits.LINK_REQUESTS_PER_MINUTE


def counted(key: str, seconds: int) -> int | None:
    """Add one to a count kept `seconds` in the shared cache and give it; None when the cache
    lost the key or is unreachable (nothing is counted then)."""
    return shared_count(key, seconds)


def link_view(view: LinkView) -> LinkView:
    """Refuse a malformed token (404, 'this link opens nothing') and a link past its requests of
    the minute (429) before any query; then look the link up (the same 404 for a token that
    opens nothing), speak its club's language, and call `view(request, seat, ...)` with the
    pair's seat now; a pair not seated yet gets a page that says so, and waits for its table."""

    @wraps(view)
    def wrapper(request: HtmxHttpRequest, token: str, *args: Any, **kwargs: Any) -> HttpResponse:
        shaped = links.link_token(token)
        if shaped is None:
            return render(request, "tournaments/players/missing.html", status=404)
        if not getattr(request, "link_counted", False) and too_many(shaped):
            return slow_down(request, shaped)
        holder = links.holder_for_link(shaped)
        if holder is None:
            return render(request, "tournaments/players/missing.html", status=404)
        pair = holder.entrant
        use_club_language(request, pair.tournament.club.language)
        if holder.seat is None:
            return _unseated(request, pair)
        if request.htmx and request.GET.get("region") == "seated":
            response = HttpResponse()
            response["HX-Refresh"] = "true"  # the table is there: the whole page, afresh
            return response
        return view(request, holder.seat, *args, **kwargs)

    return wrapper


def slow_down(request: HttpRequest, token: str) -> HttpResponse:
    """The answer past the link's requests of the minute: no query, whoever asks."""
    response = render(request, "tournaments/players/slow_down.html", {"token": token}, status=429)
    response["Retry-After"] = "60"
    return response


def evening_context(
    tournament: Tournament, round_: Round | None, seat: Seat | None = None
) -> dict[str, Any]:
    """What every page of a link shows of the evening: the clock of the pair's round while it
    is played (with "sound on this phone") and, while the next round's seating is the
    organiser's alone, a line that says so (read with the link's seat, when it has one)."""
    if seat is not None and hasattr(seat, "hidden_round"):
        hidden = seat.hidden_round
    else:
        hidden = hidden_round(tournament)
    clock = round_clock(round_) if round_ is not None and round_.status == "playing" else None
    return {
        "hidden_text": unpublished_text(hidden) if hidden else "",
        "clock": clock,
        "clock_round": round_.number if round_ is not None else None,
        "clock_sound": "asked",
    }


def _check_in(request: HtmxHttpRequest, pair: Pair) -> bool:
    """A pair that opens its link before round 1 is seated checks itself in (the slip is its
    proof of being here); True when it is checked in."""
    tournament = pair.tournament
    if check_in_refusal(
        finished=tournament.is_finished, rounds_seated=tournament.round_set.count()
    ):
        return False
    if pair.withdrawn_from is not None:
        return False
    if pair.checked_in_at is None and request.method == "GET" and not request.htmx:
        try:
            services.pair_check_in(pair=pair, by_link=True)
        except ServiceError:
            return False
        pair.refresh_from_db(fields=["checked_in_at"])
    return pair.checked_in_at is not None


def _unseated(request: HtmxHttpRequest, pair: Pair) -> HttpResponse:
    """A pair whose first round is not seated yet (or not published): its page says so and
    follows by itself until its table is there; opened before round 1 is seated, it checks the
    pair in. Nothing can be sent from it yet (409)."""
    context = {
        "pair": pair,
        "tournament": pair.tournament,
        "refresh_seconds": REFRESH_SECONDS * 2,
        "checked_in": _check_in(request, pair),
        **evening_context(pair.tournament, None),
    }
    status = 200 if request.method in ("GET", "HEAD") else 409
    name = "tournaments/players/unseated.html"
    return render(request, f"{name}#unseated" if request.htmx else name, context, status=status)
