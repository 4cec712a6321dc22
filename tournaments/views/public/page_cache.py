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
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django_htmx.middleware import HtmxDetails

from tournaments.selectors import public as leaderboard


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
                return view(request, club_slug, tournament_slug, **kwargs)
            canonical = _canonical_query(request, allowed)
            if canonical != request.META.get("QUERY_STRING", ""):
                # answered as the canonical address: the rest is not read, nor stored
                request.META["QUERY_STRING"] = canonical
                request.GET = QueryDict(canonical)
            return _served(request, view, club_slug, tournament_slug, kwargs, targets, absolute)

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
    target = request.headers.get("HX-Target", "")
    variant = "|".join(
        [
            request.get_full_path(),
            get_language(),
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
    found = cache.get_many(keys)  # one round trip: a warm read asks nothing else
    stored = found.get(keys[1])
    try:
        current = found.get(keys[0]) or leaderboard.current_version(club_slug, tournament_slug)
    except DatabaseError:
        if stored is None:
            raise
        # the database is away: the last rendering stored, whatever its version, rather than
        # an error (it was published when it was stored)
        return _stored_page(request, stored[1], stored[2])
    if current is None or not current.published:
        raise Http404("No such tournament.")
    if stored is not None and _fresh_enough(stored, current.results_version):
        return _stored_page(request, stored[1], stored[2])
    rendering = f"{keys[1]}:rendering"
    if stored is not None and not cache.add(rendering, 1, RENDER_SECONDS):
        # another reader is rendering this version: the last rendering meanwhile, so a save
        # costs the field one render, not one per reader waiting for it
        return _stored_page(request, stored[1], stored[2])
    try:
        started = time.time()
        response = view(request, club_slug, tournament_slug, **kwargs)
        if response.status_code == 200 and not response.streaming:
            # compressed once here, not once per reader: a full field's page is ~200 KB
            body = gzip.compress(response.content, compresslevel=6)
            now = time.time()
            cache.set(
                keys[1],
                (current.results_version, body, response["Content-Type"], now, now - started),
                leaderboard.CACHE_SECONDS,
            )
    finally:
        if stored is not None:
            cache.delete(rendering)
    return response


def _stored_page(request: HttpRequest, body: bytes, content_type: str) -> HttpResponse:
    """A stored rendering, gzipped as stored for every browser that accepts it (all do)."""
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        response = HttpResponse(body, content_type=content_type)
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(gzip.decompress(body), content_type=content_type)
    # the language comes from the switch's cookie or the browser's Accept-Language
    patch_vary_headers(response, ("Accept-Encoding", "Accept-Language", "Cookie"))
    return response
