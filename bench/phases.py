"""Benchmark (issue 24 item 7): a national event in phases, played through the services.

    .venv/bin/python bench/phases.py [--pairs 240] [--deals 1] [--sqlite]

The referees' exam plan: 11 rounds = 6 Mitchell (the first drawn at random) for the whole
field, 2 Danese for the whole field ("girone unico"), then 3 Danese inside 4 gironi split by the
standings in blocks. Every round is seated by `services.round_prepare` (timed: the split's
Danese inside 4 gironi included) and every table's deals are entered through
`services.deal_record`; after each round of the gironi phase each girone's own public page
(`public_girone`: its 60 pairs ranked) is rendered with the cache empty (timed: R), and so is
the whole public standings page (the overall table, every girone's and the phase's ranking,
720 rows; reported beside), and the 4 gironi's rankings read alone (timed). The test client
answers one untimed request first (Django loads its middleware on the first request: that is
the process starting, not a page). Fresh PostgreSQL database, or --sqlite a fresh SQLite file.
Not a test. The last line printed is

    phases 240 pairs: seat p95 S ms, standings p95 R ms

(targets on this machine: S <= 500, R <= 200; R is the cold render of one girone's page).
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import evening


@contextmanager
def _database(sqlite: bool) -> Iterator[str]:
    if not sqlite:
        with evening.fresh_database(f"burraco_bench_{os.getpid()}") as url:
            yield url
        return
    with tempfile.TemporaryDirectory() as folder:
        yield f"sqlite:///{folder}/bench.sqlite3"


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=240)
    parser.add_argument("--deals", type=int, default=1, help="deals entered at each table")
    parser.add_argument("--sqlite", action="store_true", help="a fresh SQLite file instead")
    args = parser.parse_args()
    with _database(args.sqlite) as database_url:
        env = evening.server_env(database_url, None)
        evening.setup_django(env)
        import datetime
        import random

        from django.contrib.auth.models import User
        from django.test import Client
        from django.urls import reverse

        from tournaments import services
        from tournaments.models import Club
        from tournaments.rules import phases as rules
        from tournaments.rules.phases import PhasePlan
        from tournaments.selectors import phases as read

        rng = random.Random(11)
        club = Club.objects.create(name="Bench club", slug="bench")
        user = User.objects.create_user("bench", "bench@example.org", evening.PASSWORD)
        club.organisers.add(user)
        tournament = services.tournament_create(
            club=club, name="Nationals", date=datetime.date(2026, 11, 28), variant="classico",
            rounds=11, deals_per_round=args.deals, published=True,
        )  # fmt: skip
        plan = [
            PhasePlan(1, 1, 6),
            PhasePlan(2, 7, 8),
            PhasePlan(3, 9, 11, scope=rules.GIRONI, split=rules.BY_STANDINGS, girone_count=4),
        ]
        movements = ["random"] + ["mitchell"] * 5 + ["danese"] * 5
        services.phase_plan_set(tournament=tournament, plan=plan, movements=movements)
        lines = "\n".join(f"Anna{n} Rossi{n} / Bruno{n} Verdi{n}" for n in range(1, args.pairs + 1))
        services.pairs_add(tournament=tournament, text=lines)
        page = reverse("public_tournament", args=[club.slug, tournament.slug])
        client = Client(HTTP_HOST="127.0.0.1", HTTP_ACCEPT_LANGUAGE="en")
        client.get(reverse("home"))  # the middleware loaded, untimed
        seat_ms: list[float] = []
        render_ms: list[float] = []
        girone_ms: list[float] = []
        ranking_ms: list[float] = []
        started = time.perf_counter()
        for number in range(1, 12):
            if number == 9:
                split = time.perf_counter()
                services.split_commit(tournament=tournament, phase_number=3)
                print(f"  split into 4 gironi: {(time.perf_counter() - split) * 1000:.0f} ms")
            start = time.perf_counter()
            prepared = services.round_prepare(tournament=tournament, seed=number)
            seat_ms.append((time.perf_counter() - start) * 1000)
            services.round_start(round=prepared.round)
            for table in prepared.round.tables.filter(is_bye=False):
                for deal in range(1, args.deals + 1):
                    table.refresh_from_db()
                    services.deal_record(
                        table=table, number=deal, sides=evening.sides_for(rng), mode="summary",
                        user=user, version=table.version,
                    )  # fmt: skip
            if number >= 9:
                tournament.refresh_from_db()
                for _repeat in range(3):
                    evening.empty_caches()
                    start = time.perf_counter()
                    response = client.get(page)
                    render_ms.append((time.perf_counter() - start) * 1000)
                    assert response.status_code == 200
                    assert "Girone D (phase 3)" in response.content.decode()
                for name in "ABCD":
                    evening.empty_caches()
                    start = time.perf_counter()
                    response = client.get(
                        reverse("public_girone", args=[club.slug, tournament.slug, name])
                    )
                    girone_ms.append((time.perf_counter() - start) * 1000)
                    assert response.status_code == 200
                    assert f"Girone {name} (phase 3)" in response.content.decode()
                start = time.perf_counter()
                rankings = read.girone_rankings(tournament, plan[2])
                ranking_ms.append((time.perf_counter() - start) * 1000)
                assert len(rankings) == 4
            print(
                f"  round {number} ({movements[number - 1]}): seated in {seat_ms[-1]:.0f} ms, "
                f"{time.perf_counter() - started:.0f} s so far"
            )
        print(
            f"  seat: median {statistics.median(seat_ms):.0f} ms, max {max(seat_ms):.0f} ms; "
            f"4 girone rankings read: median {statistics.median(ranking_ms):.0f} ms; "
            f"girone page cold: median {statistics.median(girone_ms):.0f} ms; "
            f"whole standings page cold: median {statistics.median(render_ms):.0f} ms, "
            f"p95 {p95(render_ms):.0f} ms"
        )
        print(
            f"phases {args.pairs} pairs: seat p95 {p95(seat_ms):.0f} ms, "
            f"standings p95 {p95(girone_ms):.0f} ms"
        )


if __name__ == "__main__":
    main()
