"""The paths every phone's request repeats, timed one by one in this process: the link's seat,
its state, a pair's history, "my evening" rendered again and answered as stored, the table's
status, the public standings answered as stored, a trivial view (the floor every request
pays), and a table's last deal written, looked at and accepted by the other pair (the round's
end: each on a table of its own, `--calls` tables).

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
from typing import Any

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

        built = round_end_rush.build(pairs=args.pairs)
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

        standings = Client(HTTP_HOST="127.0.0.1", HTTP_ACCEPT_LANGUAGE="en")
        public_path = f"/t/{tournament.club.slug}/{tournament.slug}/"

        def read(path: str) -> None:
            response = standings.get(path)
            assert response.status_code == 200, (path, response.status_code)

        paths: list[tuple[str, Callable[[], object]]] = [
            ("a trivial view (/ping/)", lambda: read("/ping/")),
            ("the public standings, stored", lambda: read(public_path)),
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
        for name, ms in last_deals(built, args.calls).items():
            print(f"  {name:34} {ms:6.2f} ms", flush=True)
        cache.clear()


def last_deals(built: Any, tables: int) -> dict[str, float]:
    """Median ms of a table's last deal written by North-South, its page polled by East-West
    (the status), and accepted: each step once a table, on `tables` tables (the first two
    tables are the warm-up)."""
    import random

    from django.test import Client
    from rush_clients import ACCEPT, VALUE, deal_fields

    htmx: dict[str, Any] = {"HTTP_HX_REQUEST": "true"}
    times: dict[str, list[float]] = {"the last deal written": [], "its status, to accept it": [],
                                     "the last deal accepted": []}  # fmt: skip

    def timed(name: str, warm: bool, send: Callable[..., Any], *args: Any) -> str:
        start = time.perf_counter()
        response = send(*args, **htmx)
        if not warm:
            times[name].append(time.perf_counter() - start)
        assert response.status_code == 200, (name, response.status_code)
        return str(response.content.decode())

    for index, table in enumerate(built.tables[: tables + 2]):
        ns = Client(HTTP_HOST="127.0.0.1", HTTP_ACCEPT_LANGUAGE="en")
        ew = Client(HTTP_HOST="127.0.0.1", HTTP_ACCEPT_LANGUAGE="en")
        form = dict(VALUE.findall(ns.get(f"/p/{table.ns.token}/").content.decode()))
        ew.get(f"/p/{table.ew.token}/")
        fields, _sides = deal_fields(random.Random(table.number))
        warm = index < 2
        deal = form | fields | {"number": "3"}
        text = timed("the last deal written", warm, ns.post, f"/p/{table.ns.token}/deals/", deal)
        assert "Deal 3 sent" in text, text[:2000]
        text = timed(
            "its status, to accept it", warm, ew.get, f"/p/{table.ew.token}/?region=status"
        )
        found = ACCEPT.search(text)
        assert found is not None, text[:2000]
        token = {"csrfmiddlewaretoken": ew.cookies["csrftoken"].value}
        text = timed("the last deal accepted", warm, ew.post, found[1], token)
        assert "Deal 3 accepted" in text, text[:2000]
    return {name: statistics.median(values) * 1000 for name, values in times.items()}


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
