"""More than one server: two gunicorn instances on two ports (the production profile, as a
proxy would reach them), sharing the PostgreSQL database and the cache (Redis when REDIS_URL is
set, else the database cache), and nothing else. What one server does, the other sees:

- a deal saved through one is on the other's public page (and API) at the next read;
- an organiser logged in through one is logged in on the other, its CSRF token good there;
- the same round seated from both at once is seated once;
- the API's limit per client and the login lockout count requests to both as one.

PostgreSQL only: two processes need a database server (see the `postgres` marker)."""

import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection

from tournaments import services
from tournaments.models import Club, Round, Tournament, TournamentEvent
from tournaments.tests.conftest import PASSWORD, make_tournament
from tournaments.tests.test_production import production_env, run

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="two servers need a shared database server"
    ),
    pytest.mark.django_db(transaction=True),
]

ROOT = Path(settings.BASE_DIR)
API_LIMIT = 6


class Browser:
    """One person's browser: its cookies, sent to whichever server it asks."""

    def __init__(self) -> None:
        self.cookies: dict[str, str] = {}

    def request(
        self, port: int, method: str, path: str, form: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], str]:
        headers = {
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            "Accept-Language": "en",
        }
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        link = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            link.request(method, path, body=body, headers=headers)
            response = link.getresponse()
            text = response.read().decode()
            for name, value in response.getheaders():
                if name.lower() == "set-cookie":
                    key, _, rest = value.partition("=")
                    self.cookies[key] = rest.split(";")[0]
            return response.status, {k.lower(): v for k, v in response.getheaders()}, text
        finally:
            link.close()

    def get(self, port: int, path: str) -> tuple[int, str]:
        status, _, text = self.request(port, "GET", path)
        return status, text

    def post(self, port: int, path: str, form: dict[str, str]) -> tuple[int, str]:
        status, _, text = self.request(
            port, "POST", path, {**form, "csrfmiddlewaretoken": self.cookies["csrftoken"]}
        )
        return status, text

    def log_in(self, port: int, username: str, password: str) -> int:
        self.get(port, "/login/")
        status, _ = self.post(port, "/login/", {"username": username, "password": password})
        return status


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _database_url() -> str:
    """The test database, for the servers."""
    db = connection.settings_dict
    user = quote(db.get("USER") or "")
    password = f":{quote(db['PASSWORD'])}" if db.get("PASSWORD") else ""
    host, port = db.get("HOST") or "127.0.0.1", db.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}/{db['NAME']}"


@pytest.fixture(scope="module")
def static_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The production profile's static files (hashed names), collected once: every server
    of a release has the same copy, built with it (the Dockerfile collects them)."""
    folder = tmp_path_factory.mktemp("static")
    done = run(["manage.py", "collectstatic", "--noinput", "-v0"], production_env(
        DJANGO_STATIC_ROOT=str(folder)
    ))  # fmt: skip
    assert done.returncode == 0, done.stderr
    return folder


@pytest.fixture
def servers(static_root: Path) -> Iterator[tuple[int, int]]:
    """Two gunicorn instances of the production profile, one worker each, on two ports."""
    cache.clear()
    env = production_env(
        DATABASE_URL=_database_url(),
        DJANGO_STATIC_ROOT=str(static_root),
        DJANGO_SECURE_SSL_REDIRECT="0",  # the proxy would speak HTTPS; here it is plain http
        DJANGO_PUBLIC_RENDER_PAUSE="0",
        DJANGO_API_REQUESTS_PER_MINUTE=str(API_LIMIT),
        DJANGO_WEBHOOK_DISPATCHER="0",
        GUNICORN_WORKERS="1",
        GUNICORN_THREADS="4",
    )
    env["DJANGO_ALLOWED_HOSTS"] = "127.0.0.1"
    if os.environ.get("REDIS_URL"):
        env["REDIS_URL"] = os.environ["REDIS_URL"]
    ports = (_free_port(), _free_port())
    command = [sys.executable, "-m", "gunicorn", "burraco_club.wsgi", "--log-level", "warning"]
    processes = [
        subprocess.Popen(
            [*command, "--bind", f"127.0.0.1:{port}"], cwd=ROOT, env=env, stderr=subprocess.PIPE
        )
        for port in ports
    ]
    try:
        for port, process in zip(ports, processes, strict=True):
            _wait_until_up(port, process)
        yield ports
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=30)
        cache.clear()


def _wait_until_up(port: int, process: subprocess.Popen[bytes], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert process.poll() is None, (process.stderr.read() if process.stderr else b"").decode()
        try:
            status, _ = Browser().get(port, "/health/")
            if status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"the server on {port} did not come up")


def servers_know_the_password(user: User) -> User:
    """The tests hash passwords with MD5 (fast); the servers, in production, do not read it."""
    user.password = PBKDF2PasswordHasher().encode(PASSWORD, "two-servers", iterations=1000)
    user.save(update_fields=["password"])
    return user


def _deal(number: int, version: int) -> dict[str, str]:
    """N-S 300 melded + clean burraco 200 + closing 100 = 600; E-W 100 - 30 in hand = 70."""
    return {
        "number": str(number), "version": str(version), "mode": "summary", "closed": "ns",
        "ns-melded_points": "300", "ns-hand_points": "0", "ns-burracos_clean": "1",
        "ns-pot": "taken", "ew-melded_points": "100", "ew-hand_points": "30", "ew-pot": "taken",
    }  # fmt: skip


def test_what_one_server_does_the_other_sees(
    servers: tuple[int, int], club: Club, organiser: User
) -> None:
    one, two = servers
    servers_know_the_password(organiser)
    tournament = make_tournament(club, pairs=4, published=True)
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=3)
    services.round_start(round=prepared.round)
    table = prepared.round.tables.get(number=1)
    winners = table.seats.get(direction="ns").pair.number
    public = f"/t/{club.slug}/{tournament.slug}/"
    api = f"/api/v1/clubs/{club.slug}/tournaments/{tournament.slug}/standings"
    reader = Browser()
    status, page = reader.get(two, public)  # server two renders and stores the page
    assert status == 200 and "1,800" not in page

    # an organiser logs in through server one, and is logged in on server two as well
    organiser_browser = Browser()
    assert organiser_browser.log_in(one, organiser.username, PASSWORD) == 302
    assert organiser_browser.get(two, "/organise/")[0] == 200
    for number in (1, 2, 3):  # the table's three deals, saved through server one
        port = one if number != 2 else two  # (the CSRF token of one is good on two)
        status, _ = organiser_browser.post(
            port, f"/organise/tables/{table.pk}/deals/", _deal(number, number - 1)
        )
        assert status == 302, number
    status, page = reader.get(two, public)  # the next read on server two
    assert "1,800" in page  # N-S: 600 three times
    rows = json.loads(reader.get(two, api)[1])["rows"]
    assert next(r for r in rows if r["pair_number"] == winners)["vp"] == 20

    # the same round seated from both servers at once is seated once
    later = make_tournament(club, pairs=6, name="Friday evening")
    first, second = Browser(), Browser()
    assert first.log_in(one, organiser.username, PASSWORD) == 302
    assert second.log_in(two, organiser.username, PASSWORD) == 302
    answers: list[tuple[int, str]] = []
    start = threading.Barrier(2)

    def seat(browser: Browser, port: int) -> None:
        start.wait()
        path = f"/organise/tournaments/{later.pk}/rounds/next/"
        answers.append(browser.post(port, path, {"movement": "random", "step": "1"}))

    threads = [threading.Thread(target=seat, args=pair) for pair in ((first, one), (second, two))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert Round.objects.filter(tournament=later).count() == 1
    assert TournamentEvent.objects.filter(tournament=later, kind="round_seated").count() == 1
    assert 302 in [status for status, _ in answers]
    for status, text in answers:  # the other one was told, or shown the seating made
        assert status == 302 or "Round 1 is seated" in text, text[:300]


def test_the_api_limit_and_the_login_lockout_count_both_servers_as_one(
    servers: tuple[int, int], club: Club
) -> None:
    one, two = servers
    servers_know_the_password(User.objects.create_user("lucia", "lucia@example.com"))
    browser = Browser()
    # the API: API_LIMIT requests a minute from this client, counted on both servers
    if time.time() % 60 > 50:
        time.sleep(61 - time.time() % 60)  # all within one minute
    statuses = [
        browser.request(port, "GET", "/api/v1/clubs")[0]
        for port in [one, two] * (API_LIMIT // 2) + [one, two]
    ]
    assert statuses == [200] * API_LIMIT + [429, 429]
    # the lockout: five failed logins, some through each server, lock the account on both
    assert Browser().log_in(two, "lucia", PASSWORD) == 302  # the password is right
    for port in (one, two, one, two, one):
        assert Browser().log_in(port, "lucia", "a-wrong-password") == 200
    for port in (one, two):
        assert Browser().log_in(port, "lucia", PASSWORD) == 200  # refused: locked
    assert Tournament.objects.count() == 0  # (nothing else was touched)
