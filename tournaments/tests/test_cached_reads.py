"""A cached public page costs what a trivial view costs (issue 23, item 2): a warm read is one
cache read (the tournament's version, its club's language and the page, together), no query,
and the bytes and headers stored when the page was rendered, sent as they are: compressed once
per version and encoding, never again per reader."""

import gzip
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache, caches
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext

from tournaments import services
from tournaments.models import Club, Table, Tournament
from tournaments.selectors.public import cache as public_cache
from tournaments.selectors.public import recent
from tournaments.tests.conftest import make_tournament

SHARED_CACHE = {
    # Redis in production: a memory of this process stands in for it, so that the database
    # cache's own queries do not hide the page's
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "reads"},
    "lockout": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "lock"},
}
NS_WINS = [
    {"melded_points": 300, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
     "closed": True},
    {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"},
]  # fmt: skip
CACHE_CALLS = ("get", "get_many", "set", "set_many", "add", "delete", "delete_many", "has_key")


@pytest.fixture
def evening(club: Club) -> Iterator[Tournament]:
    with override_settings(CACHES=SHARED_CACHE):
        cache.clear()
        tournament = make_tournament(club, pairs=6, published=True)
        prepared = services.round_prepare(tournament=tournament, movement="random", seed=3)
        services.round_start(round=prepared.round)
        yield tournament
        cache.clear()


@pytest.fixture
def cache_calls(evening: Tournament, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every call the shared cache is asked, by name (not the calls a backend makes of itself:
    the memory cache's get_many asks its own get once a key)."""
    calls: list[str] = []
    inside = [0]
    backend = caches["default"]
    for name in CACHE_CALLS:
        original: Callable[..., Any] = getattr(backend, name)

        def counted(*args: Any, _name: str = name, _call: Any = original, **kw: Any) -> Any:
            if not inside[0]:
                calls.append(_name)
            inside[0] += 1
            try:
                return _call(*args, **kw)
            finally:
                inside[0] -= 1

        monkeypatch.setattr(backend, name, counted)
    return calls


def address(tournament: Tournament) -> str:
    return f"/t/{tournament.club.slug}/{tournament.slug}/"


def gzip_reader() -> Client:
    return Client(HTTP_ACCEPT_ENCODING="gzip, deflate, br")


@pytest.mark.parametrize(
    "headers",
    [
        {},  # asks for English (the suite's browsers do)
        {"Accept-Language": ""},  # asks for no language: the club's, read with the version
        {"Accept-Language": "fr-FR"},  # a language the site lacks: the club's too
        {"HX-Request": "true", "HX-Target": "standings"},  # the standings' own poll
    ],
)
def test_a_warm_read_is_one_cache_read_and_no_query(
    evening: Tournament, cache_calls: list[str], headers: dict[str, str]
) -> None:
    first = gzip_reader().get(address(evening), headers=headers)
    assert first.status_code == 200
    cache_calls.clear()
    with CaptureQueriesContext(connection) as captured:
        again = gzip_reader().get(address(evening), headers=headers)
    assert again.status_code == 200 and again.content == first.content
    assert cache_calls == ["get_many"]  # the version (with the club's language) and the page
    assert captured.captured_queries == []


def test_the_page_is_compressed_once_per_version_not_once_per_reader(
    evening: Tournament, organiser: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    compressed: list[int] = []
    original = gzip.compress

    def counting(data: bytes, *args: Any, **kwargs: Any) -> bytes:
        compressed.append(len(data))
        return original(data, *args, **kwargs)

    monkeypatch.setattr(gzip, "compress", counting)  # page_cache calls gzip.compress
    pages = [gzip_reader().get(address(evening)) for _ in range(5)]
    assert len(compressed) == 1
    assert {page.content for page in pages} == {pages[0].content}
    html = gzip.decompress(pages[0].content).decode()
    assert "Standings" in html and compressed == [len(html.encode())]
    table = Table.objects.filter(round__tournament=evening, is_bye=False).first()
    assert table is not None
    services.deal_record(
        table=table, number=1, sides=NS_WINS, mode="summary", user=organiser, version=0
    )
    for _ in range(3):
        gzip_reader().get(address(evening))
    assert len(compressed) == 2  # the new version, once


def test_each_encoding_is_stored_as_it_is_sent(evening: Tournament) -> None:
    zipped = gzip_reader().get(address(evening))
    plain = Client().get(address(evening))  # a client that does not accept gzip
    assert zipped["Content-Encoding"] == "gzip" and "Content-Encoding" not in plain
    assert gzip.decompress(zipped.content) == plain.content
    for page in (zipped, plain):
        vary = {v.strip() for v in page["Vary"].split(",")}
        assert {"Accept-Encoding", "Accept-Language", "Cookie", "HX-Request"} <= vary
    assert zipped["ETag"] != plain["ETag"]  # two representations, two tags
    assert gzip_reader().get(address(evening))["ETag"] == zipped["ETag"]  # stored, not made again
    assert Client().get(address(evening)).content == plain.content


def test_a_reader_holding_the_page_is_answered_not_modified_until_the_next_save(
    evening: Tournament, organiser: User
) -> None:
    page = gzip_reader().get(address(evening))
    tag = page["ETag"]
    assert tag.startswith('"') and tag.endswith('"') and len(tag) == 34
    same = gzip_reader().get(address(evening), headers={"If-None-Match": tag})
    assert same.status_code == 304 and same.content == b""
    assert same["ETag"] == tag and "Accept-Encoding" in same["Vary"]
    other = gzip_reader().get(address(evening), headers={"If-None-Match": '"not-this-one"'})
    assert other.status_code == 200 and other.content == page.content
    table = Table.objects.filter(round__tournament=evening, is_bye=False).first()
    assert table is not None
    services.deal_record(
        table=table, number=1, sides=NS_WINS, mode="summary", user=organiser, version=0
    )
    after = gzip_reader().get(address(evening), headers={"If-None-Match": tag})
    assert after.status_code == 200 and after["ETag"] != tag  # a new version, a new page


def test_an_organiser_is_rendered_afresh_in_the_clubs_language(
    evening: Tournament, organiser: User
) -> None:
    Club.objects.filter(pk=evening.club_id).update(language="es")
    reader = Client(HTTP_ACCEPT_LANGUAGE="")
    reader.force_login(organiser)
    page = reader.get(address(evening))
    assert page.status_code == 200 and "ETag" not in page
    assert "Clasificación" in page.content.decode() and page["Content-Language"] == "es"


# --- this process's memory of the last second (selectors.public.recent) --------------------


@pytest.fixture
def a_second(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[float]]:
    """PUBLIC_LOCAL_SECONDS = 1 (production's), on a clock the test moves by hand."""
    now = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])  # recent reads time.monotonic()
    recent.forget_all()
    with override_settings(PUBLIC_LOCAL_SECONDS=1):
        yield now
    recent.forget_all()


def test_a_read_within_the_second_asks_the_shared_cache_nothing(
    evening: Tournament, cache_calls: list[str], a_second: list[float]
) -> None:
    first = gzip_reader().get(address(evening))
    assert first.status_code == 200 and recent.held_bytes() == len(first.content)
    cache_calls.clear()
    a_second[0] += 0.9
    with CaptureQueriesContext(connection) as captured:
        again = gzip_reader().get(address(evening))
        holding = gzip_reader().get(address(evening), headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 200 and again.content == first.content
    assert again["ETag"] == first["ETag"] and again["Content-Encoding"] == "gzip"
    assert holding.status_code == 304
    assert cache_calls == [] and captured.captured_queries == []
    a_second[0] += 0.2  # a second since the shared cache was read: it is read again
    gzip_reader().get(address(evening))
    assert cache_calls == ["get_many"]


def test_a_save_in_this_process_is_shown_at_once(
    evening: Tournament, organiser: User, a_second: list[float]
) -> None:
    before = Client().get(address(evening)).content.decode()
    table = Table.objects.filter(round__tournament=evening, is_bye=False).first()
    assert table is not None
    services.deal_record(
        table=table, number=1, sides=NS_WINS, mode="summary", user=organiser, version=0
    )
    after = Client().get(address(evening)).content.decode()  # the same instant
    assert after != before and "600" in after and "600" not in before


def test_another_process_save_is_shown_within_the_second(
    evening: Tournament, organiser: User, a_second: list[float], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save in another server process tells the shared cache, not this process's memory:
    it shows here once PUBLIC_LOCAL_SECONDS have passed since this process last asked."""
    first = Client().get(address(evening)).content.decode()
    table = Table.objects.filter(round__tournament=evening, is_bye=False).first()
    assert table is not None
    with monkeypatch.context() as elsewhere:
        elsewhere.setattr(public_cache, "forget", lambda club_slug, tournament_slug: None)
        services.deal_record(
            table=table, number=1, sides=NS_WINS, mode="summary", user=organiser, version=0
        )
    a_second[0] += 0.5
    assert Client().get(address(evening)).content.decode() == first  # remembered: not yet
    a_second[0] += 0.6
    after = Client().get(address(evening)).content.decode()
    assert "600" in after and "600" not in first  # rendered for the new version


def test_unpublishing_here_hides_the_page_at_once(
    evening: Tournament, a_second: list[float]
) -> None:
    assert Client().get(address(evening)).status_code == 200
    services.tournament_publish(tournament=evening, published=False)
    assert Client().get(address(evening)).status_code == 404


def test_the_memory_holds_a_bounded_number_of_bytes(
    evening: Tournament, a_second: list[float], monkeypatch: pytest.MonkeyPatch
) -> None:
    page = gzip_reader().get(address(evening))
    monkeypatch.setattr(recent, "LIMIT_BYTES", len(page.content) + 10)
    Client().get(address(evening))  # the plain page: bigger than what is left
    assert 0 < recent.held_bytes() <= recent.LIMIT_BYTES
    assert recent.recall(evening.club.slug, evening.slug, "no such page") is None
