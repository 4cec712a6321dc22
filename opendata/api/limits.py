"""What every request to /api/ goes through first: CORS for reading, and the requests of each
client counted.

**CORS.** Any website's scripts may read the API (`Access-Control-Allow-Origin: *`, GET, no
credentials): it serves only what is public. A preflight is answered here; it allows
no request header, so a browser never sends an organiser's token cross-origin (a token is for
a club's server, not for a script anyone can read).

**Counted.** Each client (its address, as the login lockout reads it behind proxies) may make
API_REQUESTS_PER_MINUTE requests in a minute; past that, 429 with Retry-After until the minute
ends. The count lives in the shared cache, so it is one count for every process and server;
while the cache is unreachable nothing is counted (no reader is refused because Redis is
down)."""

import json
import time
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext, ngettext

from burraco_club.cache import count as shared_count
from burraco_club.i18n import readers_language
from burraco_club.security import client_address

PREFIX = "/api/"
WINDOW = 60


def _counted(key: str) -> int | None:
    """One more request in this window; the count, or None when the cache lost it."""
    return shared_count(key, WINDOW + 30)


def _allow_reading(response: HttpResponse) -> HttpResponse:
    response["Access-Control-Allow-Origin"] = "*"
    response["Access-Control-Expose-Headers"] = "Retry-After, X-Request-ID"
    # a token changes the answer: no cache in between may give one reader's to another
    patch_vary_headers(response, ("Authorization",))
    return response


def _not_found(request: HttpRequest) -> HttpResponse:
    with translation.override(readers_language(request) or settings.LANGUAGE_CODE):
        text = gettext("Not found.")
    return HttpResponse(
        json.dumps({"detail": text}, ensure_ascii=False),
        status=404,
        content_type="application/json; charset=utf-8",
    )


class ApiMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path.startswith(PREFIX):
            return self.get_response(request)
        if request.method == "OPTIONS":
            preflight = HttpResponse(status=204)
            preflight["Access-Control-Allow-Methods"] = "GET, OPTIONS"
            preflight["Access-Control-Max-Age"] = "86400"
            return _allow_reading(preflight)
        now = time.time()
        window = int(now // WINDOW)
        limit = int(settings.API_REQUESTS_PER_MINUTE)
        count = _counted(f"api-requests:{client_address(request)}:{window}")
        if count is not None and count > limit:
            wait = max(int((window + 1) * WINDOW - now), 1)
            # before LocaleMiddleware: said in the reader's language all the same
            with translation.override(readers_language(request) or settings.LANGUAGE_CODE):
                text = ngettext(
                    "Too many requests from this client: at most %(limit)s a minute. Try "
                    "again in %(seconds)s second.",
                    "Too many requests from this client: at most %(limit)s a minute. Try "
                    "again in %(seconds)s seconds.",
                    wait,
                ) % {"limit": limit, "seconds": wait}
            refused = HttpResponse(
                json.dumps({"detail": text}, ensure_ascii=False),
                status=429,
                content_type="application/json; charset=utf-8",
            )
            refused["Retry-After"] = str(wait)
            return _allow_reading(refused)
        response = self.get_response(request)
        if response.status_code == 404 and "html" in response.get("Content-Type", ""):
            response = _not_found(request)  # an address the API does not have: JSON too
        if count is not None:
            response["X-RateLimit-Limit"] = str(limit)
            response["X-RateLimit-Remaining"] = str(max(limit - count, 0))
        return _allow_reading(response)
