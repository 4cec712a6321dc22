"""The paths every phone's request repeats, timed one by one in this process: the link's seat,
its state, a pair's history, "my evening" rendered again and answered as stored, the table's
status.

    .venv/bin/python bench/link_paths.py [--pairs 500] [--calls 50]

A fresh PostgreSQL database (Redis as the cache: REDIS_URL, default database 3) holding the
national rush's tournament (bench/round_end_rush.py: round 1 started, deals 1 and 2 of every
table in); Django in this process with the production settings; each path called `--calls`
times after two warm-up calls, through the test client where it is a request (the whole
middleware, no network). Prints the median of each, in ms; the national rush
(docs/performance.md) is where these add up. Not a test.
"""

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import evening


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--calls", type=int, default=50)
    args = parser.parse_args()
    redis_url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/3")
    with evening.fresh_database(f"burraco_links_{os.getpid()}") as database_url:
        evening.setup_django(evening.server_env(database_url, redis_url))
        import round_end_rush
        from django.core.cache import cache
        from django.test import Client

        from tournaments.models import Pair, Tournament
        from tournaments.selectors import links
        from tournaments.selectors.public import pair_history

        round_end_rush.build(pairs=args.pairs)
        tournament = Tournament.objects.get()
        pair = Pair.objects.filter(tournament=tournament).order_by("number")[args.pairs // 3]
        phone = Client(HTTP_HOST="127.0.0.1", HTTP_ACCEPT_LANGUAGE="en")
        evening_path, status_path = f"/p/{pair.token}/evening/", f"/p/{pair.token}/?region=status"

        def get(path: str) -> None:
            response = phone.get(path, HTTP_HX_REQUEST="true")
            assert response.status_code == 200, (path, response.status_code)

        def emptied(then: Callable[[], object]) -> Callable[[], object]:
            def call() -> object:
                evening.empty_caches()
                return then()

            return call

        paths: list[tuple[str, Callable[[], object]]] = [
            ("the link's seat (every request)", lambda: links.holder_for_link(pair.token)),
            ("the link's state (every poll)", lambda: links.link_state(pair.token)),
            (
                "a pair's history, not cached",
                emptied(lambda: pair_history(tournament, pair.number)),
            ),
            ('"my evening" rendered again', emptied(lambda: get(evening_path))),
            ('"my evening" answered as stored', lambda: get(evening_path)),
            ("the table's status", lambda: get(status_path)),
        ]
        print(f"{args.pairs} pairs, median of {args.calls} calls:")
        for name, call in paths:
            print(f"  {name:34} {median_ms(call, args.calls):6.2f} ms", flush=True)
        cache.clear()


def median_ms(call: Callable[[], object], calls: int) -> float:
    call(), call()
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


if __name__ == "__main__":
    main()
