"""`/health/`: what a load balancer asks every few seconds, by the server's address and over
plain http, so it is answered here, before the host check (ALLOWED_HOSTS would answer 400 to
an address) and the HTTPS redirect (301), which every other page goes through.

It checks the database (a query) and the cache (a round trip to Redis, or the database cache)
and says which failed, in JSON: 503 when the database is down (this server can serve nothing:
take it out), 200 with a warning when only Redis is (every page still works from the database,
burraco_club/cache.py). The answer is never stored by anyone, and says nothing of what the
failure was beyond its kind (no address, no password).
"""

import json
import time
from collections.abc import Callable
from typing import Any

from django.core.cache import caches
from django.db import connection
from django.http import HttpRequest, HttpResponse

from burraco_club.cache import RedisCache

PATH = "/health/"


def check_database() -> dict[str, Any]:
    started = time.perf_counter()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:  # any failure at all is the answer
        connection.close_if_unusable_or_obsolete()
        return {"ok": False, "error": type(error).__name__}
    return {"ok": True, "ms": round((time.perf_counter() - started) * 1000, 1)}


def check_cache() -> dict[str, Any]:
    """Redis answers a PING (asked directly: the app's own calls take a Redis failure for a
    miss and would say nothing); the database cache answers a read."""
    started = time.perf_counter()
    cache = caches["default"]
    backend = "redis" if isinstance(cache, RedisCache) else "database"
    try:
        if isinstance(cache, RedisCache):
            raw: Any = cache._cache  # type: ignore[attr-defined]  # Django's, not in its stubs
            raw.get_client().ping()
        else:
            cache.get("health:probe")
    except Exception as error:  # any failure at all is the answer
        return {"ok": False, "backend": backend, "error": type(error).__name__}
    ms = round((time.perf_counter() - started) * 1000, 1)
    return {"ok": True, "backend": backend, "ms": ms}


def health() -> tuple[int, dict[str, Any]]:
    """The status code and the JSON body of the answer."""
    database, cached = check_database(), check_cache()
    if not database["ok"]:
        status, word = 503, "error"
    elif not cached["ok"]:
        status, word = 200, "warning"
    else:
        status, word = 200, "ok"
    body: dict[str, Any] = {"status": word, "checks": {"database": database, "cache": cached}}
    if word == "warning":
        body["warning"] = "the cache is unreachable: pages are served from the database"
    return status, body


class HealthMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path != PATH or request.method not in ("GET", "HEAD"):
            return self.get_response(request)
        status, body = health()
        response = HttpResponse(json.dumps(body), status=status, content_type="application/json")
        response["Cache-Control"] = "no-store"
        # a probe every few seconds from each balancer: its successes are not worth a line
        response.quiet_log = status == 200 and body["status"] == "ok"  # type: ignore[attr-defined]
        return response
