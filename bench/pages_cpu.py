"""The screen pages of bench/pages.py's kept 500-pair field, cold, by this process's CPU time
(the view's own Python work, without the database server's) beside the wall time: on a shared,
loaded machine the CPU time moves far less than the wall time, so two checkouts measured one
after the other compare.

    .venv/bin/python bench/pages_cpu.py [--pairs 500] [--root /path/to/another/checkout] [--files]

Run bench/pages.py first (it builds and keeps the field). --root measures another checkout's
code (e.g. `git archive` of main unpacked with a .venv link) on the same database. Each figure
is the median of 5 requests, the shared cache (Redis, REDIS_URL, default db 12) emptied before
each. --files measures the organiser's CSV and .xlsx files instead of the screen pages.
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--root", default=str(HERE.parent))
    parser.add_argument("--files", action="store_true", help="the organiser's CSV and xlsx")
    args = parser.parse_args()
    root = Path(args.root).resolve()
    sys.path[:0] = [str(root / "bench"), str(root)]  # that checkout's evening.py and app
    os.chdir(root)
    import evening

    database = f"postgres://postgres@127.0.0.1:5432/burraco_pages_{args.pairs}_{args.rounds}"
    redis_url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/12")
    evening.setup_django(evening.server_env(database, redis_url))
    import logging

    from django.contrib.auth.models import User
    from django.test import Client

    from tournaments.models import Pair, Round, Table, Tournament

    logging.disable(logging.INFO)
    tournament = Tournament.objects.select_related("club").get(club__slug="bench")
    last = Round.objects.filter(tournament=tournament).order_by("-number").first()
    assert last is not None
    table = Table.objects.filter(round=last, is_bye=False).order_by("number").first()
    assert table is not None
    pair = Pair.objects.filter(tournament=tournament).order_by("number")[args.pairs // 2]
    public, organiser = Client(SERVER_NAME="localhost"), Client(SERVER_NAME="localhost")
    organiser.force_login(User.objects.get(username="bench"))
    t = f"/t/{tournament.club.slug}/{tournament.slug}"
    o = f"/organise/tournaments/{tournament.pk}"
    seating = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "seating"}
    pages = [
        ("public standings", public, f"{t}/", {}),
        ("public pair page", public, f"{t}/pairs/{pair.number}/", {}),
        ("public seating", public, f"{t}/", seating),
        ("find your table", public, f"{t}/find/", {}),
        ("projector", public, f"{t}/projector/", {}),
        ("organiser's tournament", organiser, f"{o}/", {}),
        ("round board", organiser, f"/organise/rounds/{last.pk}/", {}),
        ("table page (organiser)", organiser, f"/organise/tables/{table.pk}/", {}),
        ("players' table page", public, f"/p/{pair.token}/", {}),
        ("my evening", public, f"/p/{pair.token}/evening/", {}),
        ("change log", organiser, f"{o}/changes/", {}),
    ]
    if args.files:
        pages = [
            (name, organiser, f"{o}/{name}", {})
            for name in ("standings.csv", "deals.csv", "standings.xlsx", "deals.xlsx")
        ]
    print(f"{root}: {args.pairs} pairs, ms, median of 5, cold; load {os.getloadavg()}")
    for name, client, url, headers in pages:
        client.get(url, **headers)  # type: ignore[arg-type]
        cpu, wall = [], []
        for _ in range(5):
            evening.empty_caches()
            started, used = time.perf_counter(), time.process_time()
            assert client.get(url, **headers).status_code == 200  # type: ignore[arg-type]
            cpu.append((time.process_time() - used) * 1000)
            wall.append((time.perf_counter() - started) * 1000)
        print(f"| {name:24s} | {statistics.median(cpu):6.0f} | {statistics.median(wall):7.0f} |")


if __name__ == "__main__":
    main()
