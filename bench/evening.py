"""Shared by the load benchmarks: a fresh PostgreSQL database and a big evening played through
the real services (so every stored number came from the scoring engine).

Not a test: it creates and drops a database named burraco_bench_<pid> on the local server.
"""

import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PG = "host=127.0.0.1 port=5432 user=postgres dbname=postgres"
SECRET = "bench-secret-key-" + "x" * 50
PASSWORD = "bench-organiser-password-1"


@contextmanager
def fresh_database(name: str) -> Iterator[str]:
    import psycopg

    with psycopg.connect(PG, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgres://postgres@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect(PG, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def server_env(database_url: str, redis_url: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_SETTINGS_MODULE="burraco_club.settings",
        DJANGO_SECRET_KEY=SECRET,
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SECURE_SSL_REDIRECT="0",
        DATABASE_URL=database_url,
        DJANGO_LOGIN_FAILURES_PER_ADDRESS="1000000",
    )
    env.pop("REDIS_URL", None)
    if redis_url:
        env["REDIS_URL"] = redis_url
    return env


def empty_caches() -> None:
    """The shared cache and this process's memory of the public pages it served in the last
    second (tournaments.selectors.public.recent): a cold request finds nothing anywhere."""
    from django.core.cache import cache

    from tournaments.selectors.public import recent

    cache.clear()
    recent.forget_all()


def setup_django(env: dict[str, str]) -> None:
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)


def sides_for(rng: random.Random) -> list[dict[str, object]]:
    """A legal score-sheet deal with varied numbers (the engine scores it)."""
    ns_melded = rng.randrange(60, 80) * 5
    ew_melded = rng.randrange(10, 40) * 5
    ns = {"melded_points": ns_melded, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
          "closed": True}  # fmt: skip
    ew = {"melded_points": ew_melded, "hand_points": rng.randrange(0, 12) * 5, "burracos": {},
          "pot": rng.choice(["taken", "not_taken"])}  # fmt: skip
    return [ns, ew] if rng.random() < 0.5 else [ew | {"closed": False}, ns]


def build_evening(*, pairs: int, rounds: int, played: int, seed: int = 1) -> dict[str, object]:
    """A published classico tournament of `pairs` pairs, `rounds` rounds planned and `played`
    rounds played; round played+1 seated and started (its tables open) when played < rounds."""
    from django.contrib.auth.models import User

    from tournaments import services
    from tournaments.models import Club, Tournament

    rng = random.Random(seed)
    club = Club.objects.create(name="Bench club", slug="bench")
    user = User.objects.create_user("bench", "bench@example.org", PASSWORD)
    club.organisers.add(user)
    import datetime

    tournament = services.tournament_create(
        club=club, name="Big evening", date=datetime.date(2026, 11, 22), variant="classico",
        rounds=rounds, deals_per_round=3, published=True,
        movement_plan=["random"] + ["danese"] * (rounds - 1),
    )  # fmt: skip
    lines = "\n".join(f"Anna{n} Rossi{n} / Bruno{n} Verdi{n}" for n in range(1, pairs + 1))
    services.pairs_add(tournament=tournament, text=lines)
    start = time.perf_counter()
    for number in range(1, min(rounds, played + 1) + 1):
        prepared = services.round_prepare(tournament=tournament, seed=seed + number)
        services.round_start(round=prepared.round)
        if number > played:
            break
        for table in prepared.round.tables.filter(is_bye=False):
            for deal in (1, 2, 3):
                table.refresh_from_db()
                services.deal_record(
                    table=table, number=deal, sides=sides_for(rng), mode="summary", user=user,
                    version=table.version,
                )  # fmt: skip
    tournament = Tournament.objects.get(pk=tournament.pk)
    return {
        "club": club.slug,
        "tournament": tournament.slug,
        "tournament_id": tournament.pk,
        "seconds": time.perf_counter() - start,
    }


@contextmanager
def gunicorn(env: dict[str, str], *, port: int, workers: int = 0,
             threads: int = 0) -> Iterator[subprocess.Popen[bytes]]:  # fmt: skip
    """gunicorn as gunicorn.conf.py sets it up; `workers` and `threads` override it when
    given, and so do the options in BENCH_GUNICORN_OPTIONS (e.g. "--workers 6 --threads 1")."""
    options = ["--workers", str(workers)] if workers else []
    options += ["--threads", str(threads), "--worker-connections", str(threads)] if threads else []
    options += os.environ.get("BENCH_GUNICORN_OPTIONS", "").split()
    process = subprocess.Popen(
        [str(ROOT / ".venv/bin/gunicorn"), "burraco_club.wsgi", *options,
         "--bind", f"127.0.0.1:{port}", "--log-level", "warning"],
        cwd=ROOT, env=env,
    )  # fmt: skip
    try:
        wait_until_up(f"http://127.0.0.1:{port}/ping/")
        yield process
    finally:
        process.terminate()
        process.wait(timeout=30)


def wait_until_up(url: str, seconds: float = 30) -> None:
    import urllib.request

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the server did not answer at {url}")
