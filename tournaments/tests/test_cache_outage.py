"""Redis is a help, not a dependency: with the shared cache unreachable (a port where nothing
listens, or a real Redis stopped and started again) every page and every save works from the
database, the login lockout keeps counting, pages are fresh again once Redis is back, and a
session ended while Redis was away stays ended."""

import runpy
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache, caches
from django.test import Client, override_settings
from django.urls import reverse

from burraco_club.cache import count as shared_count
from burraco_club.cache import count_and_get as shared_count_and_get
from tournaments import services
from tournaments.models import Club, Table, Tournament
from tournaments.tests.conftest import PASSWORD, make_tournament


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def redis_cache(port: int) -> dict[str, dict[str, object]]:
    return {
        "default": {
            "BACKEND": "burraco_club.cache.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{port}/0",
            "KEY_PREFIX": f"outage-{port}",
        },
        "lockout": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "burraco_cache",
            "KEY_PREFIX": "lockout",
        },
    }


def evening(club: Club) -> tuple[Tournament, Table]:
    tournament = make_tournament(club, pairs=4, published=True)
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=3)
    services.round_start(round=prepared.round)
    return tournament, prepared.round.tables.filter(is_bye=False).order_by("number").first()  # type: ignore[return-value]


def save(client: Client, table: Table, number: int) -> int:
    """Save a deal through the table page, as an organiser does: North-South 300 melded and a
    clean burraco (200) and closing (100) = 600, East-West 100 - 30 = 70. The status."""
    table.refresh_from_db()
    data = {
        "number": str(number),
        "version": str(table.version),
        "mode": "summary",
        "closed": "ns",
        "ns-melded_points": "300",
        "ns-hand_points": "0",
        "ns-burracos_clean": "1",
        "ns-pot": "taken",
        "ew-melded_points": "100",
        "ew-hand_points": "30",
        "ew-pot": "taken",
    }
    return client.post(reverse("deal_save", args=[table.pk]), data).status_code


def public_pages(tournament: Tournament) -> list[str]:
    args = [tournament.club.slug, tournament.slug]
    return [
        reverse("public_tournament", args=args),
        reverse("public_projector", args=args),
        reverse("public_find", args=args),
        reverse("public_pair", args=[*args, 1]),
        reverse("public_club", args=[tournament.club.slug]),
    ]


def mp_shown(tournament: Tournament) -> str:
    """The standings page as a player reads it."""
    page = Client().get(reverse("public_tournament", args=[tournament.club.slug, tournament.slug]))
    assert page.status_code == 200
    return page.content.decode()


@pytest.mark.django_db(transaction=True)
def test_with_nothing_listening_every_page_and_save_works(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    with override_settings(CACHES=redis_cache(free_port())):
        tournament, table = evening(club)
        started = time.monotonic()
        for url in public_pages(tournament):
            assert Client().get(url).status_code == 200, url
        assert save(organiser_client, table, 1) == 302
        assert table.deals.count() == 1
        page = organiser_client.post(
            reverse("tournament_publish", args=[tournament.pk]), {"published": "0"}
        )
        assert page.status_code == 302
        assert not Tournament.objects.get(pk=tournament.pk).published
        assert Client().get(public_pages(tournament)[0]).status_code == 404
        assert time.monotonic() - started < 20, "no request waits long for a dead Redis"
        # logging in works, and the lockout keeps counting (in the database)
        client = Client()
        for _ in range(5):
            client.post("/login/", {"username": "anna", "password": "wrong"})
        locked = client.post("/login/", {"username": "anna", "password": PASSWORD})
        assert "Too many failed logins" in locked.content.decode()


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[tuple[int, list[subprocess.Popen[bytes]]]]:
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("needs redis-server on this machine (Debian's redis-server)")
    port = free_port()
    servers: list[subprocess.Popen[bytes]] = []

    def start() -> None:
        servers.append(
            subprocess.Popen(
                [
                    binary,
                    "--port",
                    str(port),
                    "--bind",
                    "127.0.0.1",
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                    "--dir",
                    str(tmp_path),
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        for _ in range(100):
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    return
            time.sleep(0.05)
        raise AssertionError("redis-server did not start")

    start()
    yield port, servers
    for server in servers:
        server.terminate()
        server.wait(timeout=10)


@pytest.mark.django_db(transaction=True)
def test_a_real_redis_stopped_and_started_again(
    club: Club,
    organiser: User,
    organiser_client: Client,
    redis_server: tuple[int, list[subprocess.Popen[bytes]]],
) -> None:
    port, servers = redis_server
    with override_settings(CACHES=redis_cache(port)):
        tournament, table = evening(club)
        assert save(organiser_client, table, 1) == 302
        assert save(organiser_client, table, 2) == 302
        assert "1,800" not in mp_shown(tournament)  # the table is not done: stored in Redis
        assert cache.get_many(["anything"]) == {}

        servers[-1].terminate()  # Redis goes away
        servers[-1].wait(timeout=10)
        for url in public_pages(tournament):
            assert Client().get(url).status_code == 200, url
        assert save(organiser_client, table, 3) == 302  # saved while Redis is down
        assert "1,800" in mp_shown(tournament)  # 3 x 600: the table is done and counts

        time.sleep(2.1)  # past the pause after a failure: the next call tries Redis again
        start = servers[-1].args
        servers.append(subprocess.Popen(start, stdout=subprocess.DEVNULL))
        for _ in range(100):
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
        time.sleep(2.1)
        assert "1,800" in mp_shown(tournament)  # fresh at once
        assert cache.get("public:probe") is None
        cache.set("public:probe", 1)
        assert cache.get("public:probe") == 1, "Redis serves again"


@pytest.mark.django_db(transaction=True)
def test_a_version_forgotten_while_redis_was_away_is_forgotten_when_it_returns(
    club: Club, organiser: User, organiser_client: Client, redis_server: tuple[int, list[Any]]
) -> None:
    """Redis unreachable but not restarted (a network cut): what it holds is still there when
    it returns, and the stale version of a tournament saved meanwhile is deleted then."""
    from burraco_club import cache as guarded

    port, _ = redis_server
    with override_settings(CACHES=redis_cache(port)):
        tournament, table = evening(club)
        assert save(organiser_client, table, 1) == 302
        assert save(organiser_client, table, 2) == 302
        assert "1,800" not in mp_shown(tournament)  # the page and its version, in Redis
        backend = caches["default"]
        assert isinstance(backend, guarded.RedisCache)
        backend._down_until = time.monotonic() + 60  # the network is cut for this process
        assert save(organiser_client, table, 3) == 302
        assert backend._undeleted, "the version it could not forget is remembered"
        backend._down_until = 0.0  # the network is back
        assert "1,800" in mp_shown(tournament)
        assert not backend._undeleted


@pytest.mark.django_db(transaction=True)
def test_a_session_ended_while_redis_was_away_never_comes_back(
    organiser: User, redis_server: tuple[int, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue's case: an organiser logs out while Redis is cut off (not restarted: what it
    holds is still there when it returns), the worker restarts, and the old cookie opened
    /organise/ again. The sessions the settings choose with Redis (REDIS_URL set) are tried."""
    from burraco_club import cache as guarded

    port, _ = redis_server
    monkeypatch.setenv("REDIS_URL", f"redis://127.0.0.1:{port}/0")
    chosen = runpy.run_path(str(Path(settings.BASE_DIR) / "burraco_club" / "settings.py"))
    with_redis = {"CACHES": redis_cache(port), "SESSION_ENGINE": chosen["SESSION_ENGINE"]}
    dashboard = reverse("dashboard")
    with override_settings(**with_redis):
        client = Client()
        client.force_login(organiser)
        assert client.get(dashboard).status_code == 200
        old_cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        backend = caches["default"]
        assert isinstance(backend, guarded.RedisCache)
        backend._down_until = time.monotonic() + 60  # the network is cut for this process
        assert client.get(dashboard).status_code == 200, "a Redis outage logs no one out"
        assert client.post(reverse("logout")).status_code == 302
    # the worker restarts (a new cache object, nothing remembered) and Redis is reachable again
    with override_settings(**with_redis):
        thief = Client()
        thief.cookies[settings.SESSION_COOKIE_NAME] = old_cookie
        response = thief.get(dashboard)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))


def test_a_count_is_one_round_trip_on_redis_and_nothing_while_it_is_away(
    redis_server: tuple[int, list[subprocess.Popen[bytes]]],
) -> None:
    """The links' and the API's limits count every request: on Redis one pipeline (INCR, and
    EXPIRE NX, which sets the window only when the count starts), where `add` then `incr` cost
    three round trips (SET NX, EXISTS, INCRBY) a request."""
    port, servers = redis_server
    with override_settings(CACHES=redis_cache(port)):
        backend: Any = caches["default"]
        client = backend._cache.get_client("x", write=True)
        client.config_resetstat()
        assert [shared_count("link-requests:abc:1", 90) for _ in range(3)] == [1, 2, 3]
        calls = {
            name.removeprefix("cmdstat_"): stats["calls"]
            for name, stats in client.info("commandstats").items()
        }
        assert (calls.get("incrby"), calls.get("expire")) == (3, 3)  # redis-py's incr: INCRBY
        assert not {"set", "exists"} & set(calls)
        full = backend.make_and_validate_key("link-requests:abc:1")
        assert 85 < client.ttl(full) <= 90
        client.expire(full, 30)
        assert shared_count("link-requests:abc:1", 90) == 4
        assert client.ttl(full) <= 30  # the window runs from the first count: not extended
        assert cache.get("link-requests:abc:1") == 4  # Django reads the count as a number

        servers[-1].terminate()
        servers[-1].wait(timeout=10)
        assert shared_count("link-requests:abc:1", 90) is None  # Redis away: nothing counted


def test_a_count_and_a_value_are_one_round_trip_on_redis_and_nothing_while_it_is_away(
    redis_server: tuple[int, list[subprocess.Popen[bytes]]],
) -> None:
    """A phone's poll of its evening counts the link's request and reads its stored answer in
    one pipeline (INCR, EXPIRE NX, GET), not a round trip each."""
    port, servers = redis_server
    with override_settings(CACHES=redis_cache(port)):
        backend: Any = caches["default"]
        client = backend._cache.get_client("x", write=True)
        cache.set("link-evening:abc", (7, "it", b"<p>Tavolo 3</p>"), 60)
        client.config_resetstat()
        assert shared_count_and_get("link-requests:abc:1", 90, "link-evening:abc") == (
            1,
            (7, "it", b"<p>Tavolo 3</p>"),
        )
        assert shared_count_and_get("link-requests:abc:1", 90, "link-evening:none") == (2, None)
        calls = {
            name.removeprefix("cmdstat_"): stats["calls"]
            for name, stats in client.info("commandstats").items()
        }
        assert (calls.get("incrby"), calls.get("expire"), calls.get("get")) == (2, 2, 2)
        full = backend.make_and_validate_key("link-requests:abc:1")
        assert 85 < client.ttl(full) <= 90

        servers[-1].terminate()
        servers[-1].wait(timeout=10)
        assert shared_count_and_get("link-requests:abc:1", 90, "link-evening:abc") == (None, None)


def test_a_count_and_a_value_on_the_database_cache(db: None) -> None:
    cache.set("link-evening:abc", "stored", 60)
    assert shared_count_and_get("link-requests:abc:2", 90, "link-evening:abc") == (1, "stored")
    assert shared_count_and_get("link-requests:abc:2", 90, "nothing") == (2, None)


def test_a_count_on_the_database_cache(db: None) -> None:
    assert [shared_count("api-requests:1.2.3.4:7", 90) for _ in range(2)] == [1, 2]
    assert shared_count("another", 90) == 1
