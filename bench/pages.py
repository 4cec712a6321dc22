"""Every page and export of a big evening, timed cold (cache emptied) and warm, at 50, 125, 250
and 500 pairs.

    .venv/bin/python bench/pages.py [--sizes 50,125,250,500] [--rounds 8] [--rebuild]

Each field is a published classico tournament played through the real services (`evening.py`:
every number from the scoring engine; 8 rounds played by default, three deals a table), built
once into a PostgreSQL database `burraco_pages_<pairs>_<rounds>` and kept for the next run
(`--rebuild` builds it again; a field is built under another name and renamed only when
complete, so an interrupted build is never reused).

Timed in-process with Django's test Client (no server, no network: the time of the view, its
middleware and its queries), production settings (DEBUG off), PostgreSQL, Redis as the shared
cache (REDIS_URL, default redis://127.0.0.1:6379/11, emptied before every cold timing). Each
figure is the median of 3: cold = the whole cache emptied just before the request, warm = the
same request again at once. Organiser pages are rendered afresh for organisers, so their warm
figure is a second rendering. One size per child process (its own database).

The last line: `pages 500 pairs: worst cold page P ms (NAME), worst export E ms (NAME)` (pages:
every screen but the print pages; exports: every CSV and xlsx).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent))
import evening

if TYPE_CHECKING:
    from django.test import Client

REPEAT = 3
PRINT = "print"
EXPORT = "export"
PAGE = "page"
BACKUP = "backup"


def _database(pairs: int, rounds: int) -> str:
    return f"burraco_pages_{pairs}_{rounds}"


def _exists(name: str) -> bool:
    import psycopg

    with psycopg.connect(evening.PG, autocommit=True) as conn:
        found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
    return found is not None


def _url(name: str) -> str:
    return f"postgres://postgres@127.0.0.1:5432/{name}"


def build(pairs: int, rounds: int, redis_url: str) -> None:
    """The field, built under a temporary name and renamed once complete."""
    import psycopg

    name = _database(pairs, rounds)
    building = f"{name}_building"
    with psycopg.connect(evening.PG, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{building}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{building}"')
    env = evening.server_env(_url(building), redis_url)
    evening.setup_django(env)
    info = evening.build_evening(pairs=pairs, rounds=rounds, played=rounds)
    from django.db import connections

    connections.close_all()
    with psycopg.connect(evening.PG, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'ALTER DATABASE "{building}" RENAME TO "{name}"')
    print(f"  built {pairs} pairs, {rounds} rounds in {info['seconds']:.0f} s", file=sys.stderr)


def _median_ms(request: Callable[[], object], *, clear: Callable[[], None] | None) -> float:
    times = []
    for _ in range(REPEAT):
        if clear is not None:
            clear()
        start = time.perf_counter()
        request()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def measure(pairs: int, rounds: int, redis_url: str) -> list[dict[str, object]]:
    """Every page and export of the kept field, cold and warm (run in a child process)."""
    env = evening.server_env(_url(_database(pairs, rounds)), redis_url)
    evening.setup_django(env)
    import logging

    from django.contrib.auth.models import User
    from django.db import transaction
    from django.test import Client

    from tournaments import services

    logging.disable(logging.INFO)  # the request log would drown the figures

    from tournaments.backup import tournament_export
    from tournaments.models import Pair, Round, Table, Tournament

    tournament = Tournament.objects.select_related("club").get(club__slug="bench")
    last = Round.objects.filter(tournament=tournament).order_by("-number").first()
    assert last is not None
    table = Table.objects.filter(round=last, is_bye=False).order_by("number").first()
    assert table is not None
    pair = Pair.objects.filter(tournament=tournament).order_by("number")[pairs // 2]
    public = Client(SERVER_NAME="localhost")
    organiser = Client(SERVER_NAME="localhost")
    organiser.force_login(User.objects.get(username="bench"))
    t = f"/t/{tournament.club.slug}/{tournament.slug}"
    o = f"/organise/tournaments/{tournament.pk}"
    r = f"/organise/rounds/{last.pk}"
    seating = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "seating"}
    pages: list[tuple[str, str, Client, str, dict[str, str]]] = [
        ("public standings", PAGE, public, f"{t}/", {}),
        ("public pair page", PAGE, public, f"{t}/pairs/{pair.number}/", {}),
        ("public seating", PAGE, public, f"{t}/", seating),
        ("find your table", PAGE, public, f"{t}/find/", {}),
        ("projector", PAGE, public, f"{t}/projector/", {}),
        ("organiser's tournament", PAGE, organiser, f"{o}/", {}),
        ("round board", PAGE, organiser, f"{r}/", {}),
        ("table page (organiser)", PAGE, organiser, f"/organise/tables/{table.pk}/", {}),
        ("players' table page", PAGE, public, f"/p/{pair.token}/", {}),
        ("my evening", PAGE, public, f"/p/{pair.token}/evening/", {}),
        ("change log", PAGE, organiser, f"{o}/changes/", {}),
        ("print seating", PRINT, organiser, f"{r}/print/seating/", {}),
        ("print score sheets", PRINT, organiser, f"{r}/print/score-sheets/", {}),
        ("print standings", PRINT, organiser, f"{o}/print/standings/", {}),
        ("print slips", PRINT, organiser, f"{o}/print/slips/", {}),
        ("standings.csv", EXPORT, organiser, f"{o}/standings.csv", {}),
        ("deals.csv", EXPORT, organiser, f"{o}/deals.csv", {}),
        ("standings.xlsx", EXPORT, organiser, f"{o}/standings.xlsx", {}),
        ("deals.xlsx", EXPORT, organiser, f"{o}/deals.xlsx", {}),
        ("public standings.csv", EXPORT, public, f"{t}/standings.csv", {}),
        ("public standings.xlsx", EXPORT, public, f"{t}/standings.xlsx", {}),
    ]
    results: list[dict[str, object]] = []
    for name, kind, client, url, headers in pages:
        results.append(_timed(name, kind, client, url, headers, clear=evening.empty_caches))
    # the federation file holds final standings: timed on the tournament finished, then undone
    with transaction.atomic():
        services.tournament_finish(tournament=tournament)
        for extension in ("csv", "xlsx"):
            url = f"{o}/federation.{extension}"
            results.append(_timed(f"federation.{extension}", EXPORT, organiser, url, {},
                                  clear=evening.empty_caches))  # fmt: skip
        transaction.set_rollback(True)
    evening.empty_caches()

    def backup() -> None:
        json.dumps(tournament_export(tournament=tournament), default=str)

    cold = _median_ms(backup, clear=evening.empty_caches)
    results.append({"name": "backup export", "kind": BACKUP, "cold": cold, "warm": cold})
    return results


def _timed(name: str, kind: str, client: "Client", url: str, headers: dict[str, str], *,
           clear: Callable[[], None]) -> dict[str, object]:  # fmt: skip
    """One page, cold and warm."""

    def get() -> None:
        response = client.get(url, **headers)  # type: ignore[arg-type]
        if response.status_code != 200:
            raise SystemExit(f"{name}: {url} answered {response.status_code}")
        if getattr(response, "streaming", False):
            b"".join(response.streaming_content)  # type: ignore[attr-defined]

    get()  # the first request of a kind pays Python's and the templates' own warm-up
    cold = _median_ms(get, clear=clear)
    warm = _median_ms(get, clear=None)
    return {"name": name, "kind": kind, "cold": cold, "warm": warm}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="50,125,250,500")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--build", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    redis_url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/11")
    if args.child:
        if args.build:
            build(args.child, args.rounds, redis_url)
        else:
            print(json.dumps(measure(args.child, args.rounds, redis_url)))
        return
    sizes = [int(size) for size in args.sizes.split(",")]
    me = [sys.executable, __file__, "--rounds", str(args.rounds)]
    table: dict[int, list[dict[str, object]]] = {}
    for pairs in sizes:
        if args.rebuild or not _exists(_database(pairs, args.rounds)):
            subprocess.run([*me, "--child", str(pairs), "--build"], check=True)
        out = subprocess.run(
            [*me, "--child", str(pairs)], check=True, capture_output=True, text=True
        ).stdout
        table[pairs] = json.loads(out.strip().splitlines()[-1])
        print(f"  {pairs} pairs measured: {json.dumps(table[pairs])}", file=sys.stderr, flush=True)
    _print(table, sizes, args.rounds)


def _print(table: dict[int, list[dict[str, object]]], sizes: list[int], rounds: int) -> None:
    names = [(row["name"], row["kind"]) for row in table[sizes[0]]]
    print(f"{rounds} rounds played; ms, median of {REPEAT}, cold / warm; load {os.getloadavg()}")
    print(f"| {'page':26s} | " + " | ".join(f"{n:>5d} pairs cold / warm" for n in sizes) + " |")
    print("|---|" + "---|" * len(sizes))
    for name, _kind in names:
        cells = []
        for pairs in sizes:
            row = next(row for row in table[pairs] if row["name"] == name)
            cells.append(f"{row['cold']:9,.0f} / {row['warm']:8,.0f}")
        print(f"| {name!s:26s} | " + " | ".join(cells) + " |")
    biggest = table[sizes[-1]]
    page = max((row for row in biggest if row["kind"] == PAGE), key=lambda row: row["cold"])  # type: ignore[arg-type,return-value]
    export = max((row for row in biggest if row["kind"] == EXPORT), key=lambda row: row["cold"])  # type: ignore[arg-type,return-value]
    print(
        f"pages {sizes[-1]} pairs: worst cold page {page['cold']:.0f} ms ({page['name']}), "
        f"worst export {export['cold']:.0f} ms ({export['name']})"
    )


if __name__ == "__main__":
    main()
