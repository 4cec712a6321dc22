"""Exports, print pages and backups of a 500-pair evening, timed in-process on PostgreSQL.

    .venv/bin/python bench/exports.py [--pairs 500] [--rebuild] [--repeat 3] [--profile NAME]

Builds once, and keeps between runs, a PostgreSQL database `burraco_exports_<pairs>` holding
two published classico tournaments played through the real services (every number from the
scoring engine): one of `--rounds` rounds (8) for the exports and print pages, finished so
that the federation file exists, and one of `--backup-rounds` rounds (10) for the backup.
`--rebuild` drops and builds it again (35 minutes at 500 pairs on a busy machine).

Then, through Django's test client and the whole middleware, with the cache emptied before
each request (cold), it times every CSV and .xlsx of a tournament (the organiser's and the
public's), every print page (for round 1: 250 tables at 500 pairs), and the backup's export
(`tournament_export`: the signed document), apart the indented JSON text `export_tournament`
writes of it, and import (the JSON read and `tournament_import` into a fresh club, dropped
after the clock stops): the median of `--repeat` runs of each, with its query count.
`--profile NAME` prints a pyinstrument profile of one run of the item NAME instead. The last
line (print: the worst print page; backup: export / import):

    exports 500 pairs: worst CSV C ms (NAME), worst xlsx X ms (NAME), print P ms, backup E ms / I ms
"""

import argparse
import json
import logging
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import evening

EXPORTS_NAME = "Big evening"
BACKUP_NAME = "Backup evening"


def database_exists(name: str) -> bool:
    import psycopg

    with psycopg.connect(evening.PG, autocommit=True) as conn:
        found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
    return found is not None


def create_database(name: str) -> None:
    import psycopg

    with psycopg.connect(evening.PG, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def build(*, pairs: int, rounds: int, backup_rounds: int) -> None:
    """The backup's tournament first (build_evening makes the club "bench" and its organiser),
    renamed aside; then the exports' one, finished."""
    from django.contrib.auth.models import User

    from tournaments import services
    from tournaments.models import Club, Tournament

    start = time.perf_counter()
    info = evening.build_evening(pairs=pairs, rounds=backup_rounds, played=backup_rounds)
    Tournament.objects.filter(pk=int(str(info["tournament_id"]))).update(name=BACKUP_NAME)
    Club.objects.filter(slug="bench").update(slug="bench-backup", name="Backup club")
    User.objects.filter(username="bench").update(username="bench-backup")
    print(f"  backup tournament: {backup_rounds} rounds in {time.perf_counter() - start:.0f} s")
    info = evening.build_evening(pairs=pairs, rounds=rounds, played=rounds)
    tournament = Tournament.objects.get(pk=int(str(info["tournament_id"])))
    services.tournament_finish(tournament=tournament)
    print(f"  exports tournament: {rounds} rounds in {time.perf_counter() - start:.0f} s")


def median_ms(run: Callable[[], object], repeat: int) -> tuple[float, int]:
    """The median wall time of `repeat` cold runs, and the queries of the last one."""
    from django.db import connection

    times = []
    queries = [0]

    def count(execute: Callable[..., object], *args: object) -> object:
        queries[0] += 1
        return execute(*args)

    for _ in range(repeat):
        evening.empty_caches()
        queries[0] = 0
        with connection.execute_wrapper(count):
            start = time.perf_counter()
            run()
            times.append((time.perf_counter() - start) * 1000)
        drop_restored()
    return statistics.median(times), queries[0]


def drop_restored() -> None:
    """The clubs (and tournaments) the backup imports made, once timed."""
    from tournaments.models import Club

    for club in Club.objects.filter(slug__startswith="restored-"):
        club.delete()


def items() -> dict[str, Callable[[], object]]:
    """Every timed item by name: a callable doing one cold run of it."""
    from django.contrib.auth.models import User
    from django.test import Client
    from django.urls import reverse

    from tournaments.backup import tournament_export, tournament_import
    from tournaments.models import Club, Tournament

    tournament = Tournament.objects.select_related("club").get(name=EXPORTS_NAME)
    backup = Tournament.objects.get(name=BACKUP_NAME)
    first_round = tournament.round_set.get(number=1)
    client = Client()
    client.force_login(User.objects.get(username="bench"))
    public = Client()

    def get(path: str, reader: Client = client) -> Callable[[], object]:
        def run() -> object:
            response = reader.get(path)
            if response.status_code != 200:
                raise SystemExit(f"{path}: {response.status_code}")
            return b"".join(response) if response.streaming else response.content

        return run

    t, r = [tournament.pk], [first_round.pk]
    slugs = [tournament.club.slug, tournament.slug]
    runs: dict[str, Callable[[], object]] = {
        "standings.csv": get(reverse("standings_csv", args=t)),
        "deals.csv": get(reverse("deal_results_csv", args=t)),
        "federation.csv": get(reverse("federation_csv", args=t)),
        "public standings.csv": get(reverse("public_standings_csv", args=slugs), public),
        "standings.xlsx": get(reverse("standings_xlsx", args=t)),
        "deals.xlsx": get(reverse("deal_results_xlsx", args=t)),
        "federation.xlsx": get(reverse("federation_xlsx", args=t)),
        "public standings.xlsx": get(reverse("public_standings_xlsx", args=slugs), public),
        "print seating": get(reverse("print_seating", args=r)),
        "print score sheets": get(reverse("print_score_sheets", args=r)),
        "print standings": get(reverse("print_standings", args=t)),
        "print slips": get(reverse("print_slips", args=t)),
    }
    document = tournament_export(tournament=backup)
    text = json.dumps(document, ensure_ascii=False, indent=2)

    def export() -> object:
        return tournament_export(tournament=backup)

    def write() -> object:  # what export_tournament writes: indented, by json's Python encoder
        return json.dumps(document, ensure_ascii=False, indent=2)

    def restore() -> object:
        club = Club.objects.create(name="Restored club", slug=f"restored-{time.monotonic_ns()}")
        return tournament_import(data=json.loads(text), club=club)

    runs["backup export"] = export
    runs["backup file text"] = write
    runs["backup import"] = restore
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--backup-rounds", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--profile", metavar="NAME")
    args = parser.parse_args()
    name = f"burraco_exports_{args.pairs}"
    fresh = args.rebuild or not database_exists(name)
    if fresh:
        create_database(name)
    env = evening.server_env(f"postgres://postgres@127.0.0.1:5432/{name}", None)
    env["DJANGO_ALLOWED_HOSTS"] += ",testserver"
    evening.setup_django(env)
    logging.getLogger("burraco_club.requests").setLevel(logging.WARNING)  # a line per request
    if fresh:
        print(f"building {name}: {args.pairs} pairs")
        build(pairs=args.pairs, rounds=args.rounds, backup_rounds=args.backup_rounds)
    runs = items()
    if args.profile:
        from pyinstrument import Profiler

        runs[args.profile]()  # warm the process (imports, templates), then profile a cold run
        drop_restored()

        evening.empty_caches()
        with Profiler() as profiler:
            runs[args.profile]()
        drop_restored()
        print(
            profiler.output_text(
                unicode=True, color=False, show_all=bool(os.environ.get("BENCH_SHOW_ALL"))
            )
        )
        return
    for run in runs.values():  # imports, template loading: once per process, not per request
        run()
    drop_restored()
    load = os.getloadavg()
    print(
        f"{args.pairs} pairs, {args.rounds} rounds (backup {args.backup_rounds}), cold, median "
        f"of {args.repeat}; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
    )
    print(f"  {'item':24s} {'ms':>8s} {'queries':>8s}")
    figures: dict[str, float] = {}
    for item, run in runs.items():
        ms, queries = median_ms(run, args.repeat)
        figures[item] = ms
        print(f"  {item:24s} {ms:8.0f} {queries:8d}")

    def worst(suffix: str) -> tuple[float, str]:
        return max((ms, item) for item, ms in figures.items() if item.endswith(suffix))

    csv_ms, csv_name = worst(".csv")
    xlsx_ms, xlsx_name = worst(".xlsx")
    print_ms = max(ms for item, ms in figures.items() if item.startswith("print "))
    print(
        f"exports {args.pairs} pairs: worst CSV {csv_ms:.0f} ms ({csv_name}), "
        f"worst xlsx {xlsx_ms:.0f} ms ({xlsx_name}), print {print_ms:.0f} ms, "
        f"backup {figures['backup export']:.0f} ms / {figures['backup import']:.0f} ms"
    )


if __name__ == "__main__":
    main()
