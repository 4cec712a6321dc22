"""The app's logs: one JSON line per request and per error, each with its request id.

`RequestLogMiddleware` (first in MIDDLEWARE) gives every request an id (the proxy's
`X-Request-ID` when it sent a sane one, else a new one), answers it in the `X-Request-ID`
header, and writes one line when the answer is ready: method, path with its secrets redacted,
status, milliseconds, request id, and who asked (an organiser's user id, a pair's link, an API
token, or anonymous). `RequestIdFilter` puts the id on every other record logged meanwhile, so
an error's traceback (Django's `django.request` logger) carries the id of the request it broke;
`JsonFormatter` writes records as JSON, the traceback included. DJANGO_LOG_FORMAT chooses
json or text, DJANGO_REQUEST_LOG turns the request lines off (settings.py).

**Redacted.** A path never carries a secret into the logs: the value of every URL parameter
whose name says it is one (a pair's link token, a password-reset token, a code…) is replaced
with `[redacted]`, as is every query parameter so named; a path that matches no URL has each
long segment with a digit in it redacted, as a token would be. The Authorization header (API
tokens) is never logged.
"""

import contextvars
import json
import logging
import re
import time
import traceback
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qsl, urlencode

from django.http import HttpRequest, HttpResponse

logger = logging.getLogger("burraco_club.requests")

REDACTED = "[redacted]"
SECRET_NAMES = re.compile(r"token|code|secret|key|password|uid|signature", re.I)
"""URL and query parameter names whose values are secrets (or lead to one)."""
LONG_SEGMENT = re.compile(r"^(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{16,}$")
"""A path segment that may be a token, in a path that matches no URL."""
SANE_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")
"""An incoming X-Request-ID kept as it is (the proxy's); anything else gets a new id."""

request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")


def redacted_path(request: HttpRequest) -> str:
    """The request's path and query, with every secret replaced by [redacted]."""
    path = request.path
    match = getattr(request, "resolver_match", None)
    if match is not None:
        for name, value in match.kwargs.items():
            if SECRET_NAMES.search(name) and str(value):
                path = path.replace(f"/{value}", f"/{REDACTED}")
    else:
        path = "/".join(
            REDACTED if LONG_SEGMENT.match(segment) else segment for segment in path.split("/")
        )
    query = request.META.get("QUERY_STRING", "")
    if query:
        pairs = parse_qsl(query, keep_blank_values=True)
        safe = [(k, REDACTED if SECRET_NAMES.search(k) else v) for k, v in pairs]
        path += "?" + urlencode(safe, safe="[]")
    return path


def who(request: HttpRequest) -> dict[str, Any]:
    """Who asked: an organiser (its user id), a pair's link, an API token, or anonymous."""
    token = getattr(request, "api_token_id", None)
    if token is not None:
        return {"who": "api_token", "token_id": token}
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return {"who": "organiser", "user_id": user.pk}
    match = getattr(request, "resolver_match", None)
    if match is not None and str(match.route).startswith("p/"):
        return {"who": "link"}  # a pair's own pages: its link is its key
    return {"who": "anonymous"}


class RequestLogMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        given = request.headers.get("X-Request-ID", "")
        rid = given if SANE_ID.match(given) else uuid.uuid4().hex
        marker = request_id.set(rid)
        started = time.perf_counter()
        try:
            response = self.get_response(request)
            response["X-Request-ID"] = rid
            if logger.isEnabledFor(logging.INFO) and not getattr(response, "quiet_log", False):
                path = redacted_path(request)
                logger.info(
                    "%s %s %s",
                    request.method,
                    path,
                    response.status_code,
                    extra={
                        "event": "request",
                        "method": request.method,
                        "path": path,
                        "status": response.status_code,
                        "ms": round((time.perf_counter() - started) * 1000, 1),
                        **who(request),
                    },
                )
            return response
        finally:
            request_id.reset(marker)


class RequestIdFilter(logging.Filter):
    """Every record logged during a request carries its id (`-` outside one), and Django's
    own lines about a request ("Not Found: /p/[redacted]/") carry its path redacted."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = request_id.get()
        request = getattr(record, "request", None)
        if isinstance(request, HttpRequest) and isinstance(record.args, tuple):
            record.args = tuple(
                redacted_path(request) if arg == request.path else arg for arg in record.args
            )
        return True


STANDARD = frozenset(vars(logging.makeLogRecord({}))) | {"message", "asctime", "request_id"}
"""The attributes every record has: anything else was given in `extra` and is written too."""


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time (UTC), level, logger, message, request id, whatever the
    call gave in `extra`, and the traceback of an error."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", request_id.get()),
        }
        line.update({key: value for key, value in vars(record).items() if key not in STANDARD})
        if record.exc_info:
            line["traceback"] = "".join(traceback.format_exception(*record.exc_info))
        # a request logged by Django (an error's) carries the request object: not JSON
        line.pop("request", None)
        return json.dumps(line, default=str, ensure_ascii=False)
