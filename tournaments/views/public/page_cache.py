"""Public pages rendered once per results version and shared by every anonymous reader, from
the cache all server processes share (see `selectors.public.cache`). While the database is
away, the pages already stored are served to every reader from that cache."""

import gzip
import hashlib
import time
from collections.abc import Callable, Collection, Mapping
from functools import wraps
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django_htmx.middleware import HtmxDetails

from burraco_club.i18n import readers_language, use_club_language
from tournaments.selectors import public as leaderboard
from tournaments.selectors.public import recent


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


RenderedView = Callable[..., HttpResponse]
RENDER_SECONDS = 10
"""How long one reader may hold the right to render a new version before another may."""


RENDER_PAUSE_FACTOR = 5
"""A page whose rendering took r seconds is rendered again at most every 5 r seconds (and
never more often than PUBLIC_RENDER_PAUSE): a 500-pair field's standings take half a second
to render, and rendering them every second of a round's last minute would take a core."""


def _fresh_enough(stored: tuple[Any, ...], version: int) -> bool:
    """The stored rendering is of the current results version, or recent enough: under a
    stream of saves a page is rendered at most once a pause (PUBLIC_RENDER_PAUSE, or five times
    its rendering time when longer), not once a save, and a reader sees a save at most that
    late. A pause of 0 renders every new version at once."""
    if stored[0] == version:
        return True
    if not settings.PUBLIC_RENDER_PAUSE:
        return False
    rendered_at, took = (stored[3], stored[4]) if len(stored) > 4 else (0.0, 0.0)
    pause = max(settings.PUBLIC_RENDER_PAUSE, RENDER_PAUSE_FACTOR * took)
    return time.time() - rendered_at < pause


def cached_for_readers(
    *,
    params: Mapping[str, Collection[str]] | None = None,
    targets: Collection[str] = (),
    absolute: bool = False,
) -> Callable[[RenderedView], RenderedView]:
    """Players (anonymous readers) get the page as already rendered for the tournament's
    current results version, from the cache every server process shares: a save bumps the
    version, so the next reader gets a new page, and a full field is rendered once per change
    instead of once per phone (once per PUBLIC_RENDER_PAUSE at most, while saves stream
    in). Organisers (previews, their own header) are rendered afresh. Public pages carry no
    CSRF token, so a shared rendering leaks nothing of one reader to another.

    Only what the page reads varies what is stored, so no one can fill the cache: the query
    parameters in `params` with one of their values (a reader asking for anything else is
    answered the canonical page, as if the rest were not there), the reader's language, the
    htmx region among `targets`, whether htmx asks at all, and, for a page that prints its own
    absolute address
    (`absolute`), the scheme and the host, which ALLOWED_HOSTS already bounds."""
    allowed = params or {}

    def decorate(view: RenderedView) -> RenderedView:
        @wraps(view)
        def wrapper(
            request: HtmxHttpRequest, club_slug: str, tournament_slug: str, **kwargs: Any
        ) -> HttpResponse:
            if request.user.is_authenticated:
                use_club_language(request, leaderboard.club_language(club_slug))
                return view(request, club_slug, tournament_slug, **kwargs)
            canonical = _canonical_query(request, allowed)
            if canonical != request.META.get("QUERY_STRING", ""):
                # answered as the canonical address: the rest is not read, nor stored
                request.META["QUERY_STRING"] = canonical
                request.GET = QueryDict(canonical)
            return _served(request, view, club_slug, tournament_slug, kwargs, targets, absolute)

        # the club's language is read here, with the version (burraco_club/i18n.py); `wraps`
        # carries the mark to the decorators above
        wrapper.speaks_club_language = True  # type: ignore[attr-defined]
        return wrapper

    return decorate


def _canonical_query(request: HttpRequest, allowed: Mapping[str, Collection[str]]) -> str:
    """The query string with only the parameters the page reads, with a value it knows, in
    a fixed order."""
    kept = {}
    for name, values in allowed.items():
        given = request.GET.getlist(name)
        if len(given) == 1 and given[0] in values:
            kept[name] = given[0]
    return urlencode(kept)


def _served(
    request: HtmxHttpRequest,
    view: RenderedView,
    club_slug: str,
    tournament_slug: str,
    kwargs: dict[str, Any],
    targets: Collection[str],
    absolute: bool,
) -> HttpResponse:
    asked = readers_language(request)  # None: the club's language, read with the version
    encoding = "gzip" if "gzip" in request.headers.get("Accept-Encoding", "") else "identity"
    target = request.headers.get("HX-Target", "")
    variant = "|".join(
        [
            request.get_full_path(),
            get_language() if asked is not None else CLUB_LANGUAGE,
            encoding,
            "htmx" if request.htmx else "",
            target if target in targets else "",
            "restore" if request.htmx.history_restore_request else "",
            f"{request.scheme}://{request.get_host()}" if absolute else "",
        ]
    )
    keys = (
        leaderboard.version_key(club_slug, tournament_slug),
        leaderboard.page_key(
            club_slug, tournament_slug, hashlib.sha256(variant.encode()).hexdigest()[:32]
        ),
    )
    held = recent.recall(club_slug, tournament_slug, keys[1])
    if held is not None:
        return _stored_page(request, held)  # served a moment ago: no round trip at all
    found = cache.get_many(keys)  # one round trip: a warm read asks nothing else
    stored = found.get(keys[1])
    try:
        current = found.get(keys[0]) or leaderboard.current_version(club_slug, tournament_slug)
    except DatabaseError:
        if stored is None:
            raise
        # the database is away: the last rendering stored, whatever its version, rather than
        # an error (it was published when it was stored)
        return _stored_page(request, stored)
    if current is None or not current.published:
        raise Http404("No such tournament.")
    if asked is None and current.language:
        _speak(request, current.language)  # the club's, as ClubLanguageMiddleware would
    language = get_language()
    if stored is not None and stored[5] != language:
        stored = None  # of the club's former language: as if there were none
    if stored is not None and _fresh_enough(stored, current.results_version):
        recent.remember(club_slug, tournament_slug, keys[1], stored)
        return _stored_page(request, stored)
    rendering = f"{keys[1]}:rendering"
    claimed = stored is not None
    if stored is not None and not cache.add(rendering, 1, RENDER_SECONDS):
        # another reader is rendering this version: the last rendering meanwhile, so a save
        # costs the field one render, not one per reader waiting for it
        return _stored_page(request, stored)
    try:
        started = time.time()
        response = view(request, club_slug, tournament_slug, **kwargs)
        if response.status_code != 200 or response.streaming:
            return response
        body = response.content
        if encoding == "gzip":
            body = gzip.compress(body, compresslevel=6)  # once here, not once per reader
        now = time.time()
        headers = _headers(response, body, encoding)
        stored = (current.results_version, body, headers, now, now - started, language)
        cache.set(keys[1], stored, leaderboard.CACHE_SECONDS)
        recent.remember(club_slug, tournament_slug, keys[1], stored)
    finally:
        if claimed:
            cache.delete(rendering)
    return _stored_page(request, stored)


CLUB_LANGUAGE = "club"
"""The language part of a stored page's variant for a reader who asked for none the site
speaks: the page is in the club's language, which comes with the tournament's version (one
cache read for both), and a page of another language than the club's now is rendered again."""
VARY = ("Accept-Encoding", "Accept-Language", "Cookie")
"""The language comes from the switch's cookie or the browser's Accept-Language."""


def _headers(response: HttpResponse, body: bytes, encoding: str) -> tuple[tuple[str, str], ...]:
    """The headers a stored page is sent with, made once when it is stored: its type, its
    encoding, its ETag (a digest of the bytes sent) and what it varies on."""
    headers = [("Content-Type", response["Content-Type"])]
    if encoding == "gzip":
        headers.append(("Content-Encoding", "gzip"))
    headers.append(("ETag", f'"{hashlib.sha256(body).hexdigest()[:32]}"'))
    patch_vary_headers(response, VARY)
    headers.append(("Vary", response["Vary"]))
    return tuple(headers)


def _speak(request: HttpRequest, language: str) -> None:
    translation.activate(language)
    request.LANGUAGE_CODE = language


def _stored_page(request: HttpRequest, stored: tuple[Any, ...]) -> HttpResponse:
    """A stored rendering as stored: its bytes and its headers, nothing made again per reader;
    a reader who already holds it (If-None-Match: its ETag) is answered 304 without them."""
    headers = dict(stored[2])
    if stored[5] != get_language():
        _speak(request, stored[5])  # its Content-Language
    if headers["ETag"] in request.headers.get("If-None-Match", ""):
        response = HttpResponse(status=304)
        response["ETag"], response["Vary"] = headers["ETag"], headers["Vary"]
        return response
    response = HttpResponse(stored[1])
    for name, value in headers.items():
        response[name] = value
    return response
