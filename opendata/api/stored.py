"""The API's answers about one tournament, stored per results version as the public pages are
(tournaments/views/public/page_cache.py): the first reader after a save builds the JSON, every
later one gets it from the shared cache in one round trip (the version and the answer at once),
so a reader of the API costs what a reader of a page costs. A stream of saves rebuilds an
answer once a pause (PUBLIC_RENDER_PAUSE), as for the pages.

The public answer is stored only for a published tournament and never varies by reader. A
request with an organiser's token is answered afresh (it may read an unpublished tournament,
whose answer must never be stored where the public could be served it)."""

import gzip
import time
from collections.abc import Callable

from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from pydantic import BaseModel

from opendata.api.access import reader_of
from tournaments.models import Tournament
from tournaments.selectors import public as leaderboard
from tournaments.views.public.page_cache import _fresh_enough

JSON = "application/json; charset=utf-8"
ANSWER_FORMAT = 1
"""Raise it when an answer changes shape, so that no reader is served an older one."""


def json_body(answer: BaseModel) -> bytes:
    """The answer as JSON; a field left unset (a column the CSV does not have) is left out."""
    return answer.model_dump_json(by_alias=True, exclude_unset=True).encode()


class NotFound(Http404):
    """A 404 whose message is said to the reader (any other 404 says "Not found.")."""


def no_such_tournament() -> NotFound:
    return NotFound(_("No such tournament."))


def tournament_answer(
    request: HttpRequest,
    club_slug: str,
    tournament_slug: str,
    part: str,
    build: Callable[[Tournament], BaseModel],
) -> HttpResponse:
    """The answer `build` makes of the tournament, stored per results version for the public;
    404 for a tournament the reader may not see, exactly as for one that does not exist."""
    reader = reader_of(request)
    if reader.club_id is not None:
        tournament = leaderboard.public_tournament(club_slug, tournament_slug)
        if tournament is None or not reader.sees(tournament):
            raise no_such_tournament()
        return HttpResponse(json_body(build(tournament)), content_type=JSON)
    keys = (
        leaderboard.version_key(club_slug, tournament_slug),
        leaderboard.page_key(club_slug, tournament_slug, f"api:{ANSWER_FORMAT}:{part}"),
    )
    found = cache.get_many(keys)  # one round trip: a warm read asks nothing else
    current = found.get(keys[0]) or leaderboard.current_version(club_slug, tournament_slug)
    if current is None or not current.published:
        raise no_such_tournament()
    stored = found.get(keys[1])
    if stored is not None and _fresh_enough(stored, current.results_version):
        return _stored(request, stored[1])
    tournament = leaderboard.public_tournament(club_slug, tournament_slug)
    if tournament is None or not tournament.published:
        raise no_such_tournament()
    started = time.time()
    body = json_body(build(tournament))
    now = time.time()
    stored = (
        current.results_version,
        gzip.compress(body, compresslevel=6),
        JSON,
        now,
        now - started,
    )
    cache.set(keys[1], stored, leaderboard.CACHE_SECONDS)
    return HttpResponse(body, content_type=JSON)


def _stored(request: HttpRequest, body: bytes) -> HttpResponse:
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        response = HttpResponse(body, content_type=JSON)
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(gzip.decompress(body), content_type=JSON)
    patch_vary_headers(response, ("Accept-Encoding",))
    return response
