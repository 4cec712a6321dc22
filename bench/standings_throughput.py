"""Public standings against a trivial view, served by gunicorn on PostgreSQL.

    .venv/bin/python bench/standings_throughput.py [--pairs 200] [--rounds 8] [--seconds 10]
                                                   [--also-without-memory]

A fresh PostgreSQL database; a published classico tournament of 200 pairs and 8 rounds played
through the real services (every number from the scoring engine); gunicorn as gunicorn.conf.py
sets it (`--workers N` overrides it), production settings, Redis as the shared cache
(REDIS_URL, default redis://127.0.0.1:6379/4).
Then wrk (2 threads, 16 connections, sending Accept-Encoding: gzip as every browser does)
against the public standings page and, in the same run, against /ping/ (a trivial Django view
through the same middleware), interleaved three times; the mean requests per second of each.
The last line is their ratio.

`--also-without-memory` runs, beside it on another port, the same server with each process's
memory of the last second's pages turned off (DJANGO_PUBLIC_LOCAL_SECONDS=0: every warm read is
a round trip to the shared cache, as before that memory), and times its standings in the same
interleaved runs: the line before the last gives that ratio.
"""

import argparse
import contextlib
import os
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import evening

PORT = 8078


def wrk(url: str, seconds: int) -> tuple[float, str]:
    out = subprocess.run(
        ["wrk", "-t2", "-c16", f"-d{seconds}s", "--latency", "-H", "Accept-Encoding: gzip", url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if non_2xx:
        raise SystemExit(f"{url}: {non_2xx.group(1)} error responses\n{out}")
    p50 = re.search(r"^\s+50%\s+(\S+)", out, re.MULTILINE)
    return rate, p50.group(1) if p50 else "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--workers", type=int, default=0, help="gunicorn workers (0: its conf)")
    parser.add_argument("--also-without-memory", action="store_true")
    args = parser.parse_args()
    redis_url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/4")
    with evening.fresh_database(f"burraco_bench_{os.getpid()}") as database_url:
        env = evening.server_env(database_url, redis_url or None)
        evening.setup_django(env)
        from django.core.cache import cache

        cache.clear()
        info = evening.build_evening(pairs=args.pairs, rounds=args.rounds, played=args.rounds)
        print(
            f"{args.pairs} pairs, {args.rounds} rounds played through the services in "
            f"{info['seconds']:.0f} s"
        )
        base = f"http://127.0.0.1:{PORT}"
        standings = f"{base}/t/{info['club']}/{info['tournament']}/"
        trivial = f"{base}/ping/"
        urls = {"trivial": trivial, "standings": standings}
        with contextlib.ExitStack() as servers:
            servers.enter_context(evening.gunicorn(env, workers=args.workers, port=PORT))
            if args.also_without_memory:
                plain = {**env, "DJANGO_PUBLIC_LOCAL_SECONDS": "0"}
                servers.enter_context(evening.gunicorn(plain, workers=args.workers, port=PORT + 1))
                urls["no memory"] = standings.replace(f":{PORT}/", f":{PORT + 1}/")
            for url in urls.values():  # warm up: the first reader renders the page
                wrk(url, 2)
            rates: dict[str, list[float]] = {name: [] for name in urls}
            for _ in range(3):
                for name, url in urls.items():
                    rate, p50 = wrk(url, args.seconds)
                    rates[name].append(rate)
                    print(f"  {name:9s} {rate:8.0f} requests/s (p50 {p50})")
        mean = {name: sum(values) / len(values) for name, values in rates.items()}
        print(
            f"standings {mean['standings']:.0f}/s, trivial {mean['trivial']:.0f}/s "
            f"({args.workers or 'gunicorn.conf.py'} workers, "
            f"cache {'Redis' if redis_url else 'database'})"
        )
        if "no memory" in mean:
            print(
                "without the memory of the last second: standings/trivial throughput ratio: "
                f"{mean['no memory'] / mean['trivial']:.2f}"
            )
        print(f"standings/trivial throughput ratio: {mean['standings'] / mean['trivial']:.2f}")


if __name__ == "__main__":
    main()
