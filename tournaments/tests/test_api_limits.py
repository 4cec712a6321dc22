"""The API as a reader meets it: a tournament's answer is built once per results version and
then served from the shared cache (a reader costs what a page read costs), any website's
scripts may read it (CORS, but never with a token), and each client is counted: past the limit
a minute, 429 with Retry-After."""

import json
import re
from collections.abc import Iterator
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from opendata.api import limits
from tournaments import services
from tournaments.models import Club, Tournament
from tournaments.tests.conftest import make_tournament

pytestmark = pytest.mark.django_db

SIDES = [
    {"melded_points": 300, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
     "closed": True},
    {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"},
]  # fmt: skip


@pytest.fixture(autouse=True)
def fresh_cache() -> Iterator[None]:
    cache.clear()  # a shared Redis outlives each test's database
    yield
    cache.clear()


def started(club: Club) -> Tournament:
    tournament = make_tournament(club, pairs=4, published=True)
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=3)
    services.round_start(round=prepared.round)
    return tournament


def test_an_answer_is_built_once_per_results_version_then_read_from_the_cache(
    club: Club, organiser: User
) -> None:
    tournament = started(club)
    table = tournament.round_set.get().tables.get(number=1)
    ns = table.seats.get(direction="ns").pair.number
    url = f"/api/v1/clubs/{club.slug}/tournaments/{tournament.slug}/standings"
    for number in (1, 2):
        services.deal_record(
            table=table, number=number, sides=SIDES, mode="summary", user=organiser,
            version=number - 1,
        )  # fmt: skip
    first = Client().get(url)
    row = next(r for r in json.loads(first.content)["rows"] if r["pair_number"] == ns)
    assert row["vp"] == 0 and row["rounds_played"] == 0  # two deals of three: not finished
    with CaptureQueriesContext(connection) as captured:
        second = Client().get(url, headers={"Accept-Encoding": "gzip"})
    read = {t for q in captured.captured_queries for t in re.findall(r'FROM "(\w+)"', q["sql"])}
    assert read <= {"burraco_cache"}  # nothing of the tournament's own tables
    assert second["Content-Encoding"] == "gzip" and "Accept-Encoding" in second["Vary"]
    assert json.loads(Client().get(url).content) == json.loads(first.content)
    services.deal_record(
        table=table, number=3, sides=SIDES, mode="summary", user=organiser, version=2
    )
    row = next(r for r in json.loads(Client().get(url).content)["rows"] if r["pair_number"] == ns)
    assert (row["vp"], row["mp"], row["rounds_played"]) == (20, 1800, 1)  # the next version


def test_any_website_may_read_but_never_send_a_token_from_a_browser(club: Club) -> None:
    tournament = started(club)
    url = f"/api/v1/clubs/{club.slug}/tournaments/{tournament.slug}/standings"
    answer = Client().get(url, headers={"Origin": "https://www.myclub.it"})
    assert answer["Access-Control-Allow-Origin"] == "*"
    assert "Authorization" in answer["Vary"]
    preflight = Client().options(
        url,
        headers={
            "Origin": "https://www.myclub.it",
            "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "authorization",
        },
    )
    assert preflight.status_code == 204
    assert preflight["Access-Control-Allow-Methods"] == "GET, OPTIONS"
    assert not preflight.has_header("Access-Control-Allow-Headers")  # no Authorization
    # an address the API does not have answers in JSON too
    for missing in ("/api/v1/nothing", f"/api/v1/clubs/{club.slug}/tournaments/x/rounds/one"):
        answer = Client().get(missing)
        assert answer.status_code == 404
        assert json.loads(answer.content) == {"detail": "Not found."}
    # the site's own pages are not opened to other sites' scripts
    assert not Client().get("/").has_header("Access-Control-Allow-Origin")


def test_a_client_past_its_limit_a_minute_is_told_to_wait(
    club: Club, settings: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.API_REQUESTS_PER_MINUTE = 3  # type: ignore[attr-defined]
    now = [1_800_000_015.0]  # 15 seconds into a minute: 45 seconds left of it
    monkeypatch.setattr(limits, "time", SimpleNamespace(time=lambda: now[0]))
    url = "/api/v1/clubs"
    one, other = Client(REMOTE_ADDR="203.0.113.7"), Client(REMOTE_ADDR="203.0.113.8")
    remaining = [one.get(url)["X-RateLimit-Remaining"] for _ in range(3)]
    assert remaining == ["2", "1", "0"]
    refused = one.get(url)
    assert refused.status_code == 429
    assert refused["Retry-After"] == "45"
    assert json.loads(refused.content) == {
        "detail": "Too many requests from this client: at most 3 a minute. Try again in 45 seconds."
    }
    assert other.get(url).status_code == 200  # counted per client
    assert one.get("/").status_code == 200  # the pages are not the API's count
    now[0] += 45  # the next minute
    assert one.get(url).status_code == 200
