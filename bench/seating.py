"""Benchmark: seat round 4 (Danese, by the standings) of a 120-pair evening, as the organiser
does it: the round's page through Django (its preview of the promises; POSTed, the seating
saved; then the round board it lands on, with every pair's link, as the players enter the
results), on a fresh PostgreSQL database (--sqlite: a fresh SQLite file, the app's default).

    .venv/bin/python bench/seating.py [--pairs 120] [--played 3] [--repeats 3] [--profile]
                                      [--sqlite]

Rounds 1 to 3 are played through the real services (three deals a table); then round 4 is
seated, timed, and seated again from scratch (the round deleted) --repeats times. The last line
printed is ``seating 120 pairs: S s``, S the best of the repeats in seconds. --profile prints a
pyinstrument profile of one seating (pip install pyinstrument).
"""

import argparse
import os
import re
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=120)
    parser.add_argument("--played", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--sqlite", action="store_true", help="a fresh SQLite file instead")
    args = parser.parse_args()
    with _database(args.sqlite) as database_url:
        env = evening.server_env(database_url, None)
        evening.setup_django(env)
        from django.contrib.auth.models import User
        from django.test import Client
        from django.urls import reverse

        from tournaments.models import Round, Tournament

        info = evening.build_evening(
            pairs=args.pairs, rounds=args.played + 1, played=args.played, seed=1
        )
        tournament = Tournament.objects.get(pk=int(str(info["tournament_id"])))
        # the players enter the results: the board shows each pair's link
        Tournament.objects.filter(pk=tournament.pk).update(result_entry="players")
        latest = tournament.round_set.order_by("-number").first()
        assert latest is not None
        if latest.number > args.played:  # build_evening seats and starts the next round
            latest.delete()
        client = Client(HTTP_HOST="127.0.0.1")
        client.force_login(User.objects.get(username="bench"))
        url = reverse("round_prepare", args=[tournament.pk])
        number = args.played + 1

        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        queries = CaptureQueriesContext(connection)

        phases: dict[str, list[float]] = {"page": [], "seat": [], "board": []}

        def seat() -> float:
            start = time.perf_counter()
            page = client.get(url)  # the page that seats: its preview
            shown = time.perf_counter()
            assert page.status_code == 200, page.status_code
            html = page.content.decode()
            data = {
                name: re.search(rf'name="{name}" value="([^"]*)"', html).group(1)  # type: ignore[union-attr]
                for name in ("seed", "previewed")
            }
            data["movement"] = data["previewed"].split(":")[0]
            response = client.post(url, data)
            assert response.status_code == 302, response.content[-2000:]
            seated = time.perf_counter()
            board = client.get(response["Location"])  # where the organiser lands: the seating
            end = time.perf_counter()
            seconds = end - start
            for name, value in (("page", shown - start), ("seat", seated - shown)):
                phases[name].append(value)
            phases["board"].append(end - seated)
            assert board.status_code == 200, board.status_code
            Round.objects.filter(tournament=tournament, number=number).delete()
            return seconds

        seat()  # warm: imports, templates
        with queries:
            seat()
        print(f"  {len(queries.captured_queries)} queries a seating (with its undoing)")
        if args.profile:
            from pyinstrument import Profiler

            profiler = Profiler()
            profiler.start()
            seat()
            profiler.stop()
            print(profiler.output_text(unicode=True, color=False, show_all=False))
        for values in phases.values():
            values.clear()
        timings = [seat() for _ in range(args.repeats)]
        print("  " + ", ".join(f"{t:.3f} s" for t in timings))
        print(
            "  best of each step: "
            + ", ".join(f"{name} {min(values):.3f} s" for name, values in phases.items())
        )
        print(f"seating {args.pairs} pairs: {min(timings):.3f} s")


if __name__ == "__main__":
    main()
