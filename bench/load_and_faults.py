"""Load and faults: readers and writers at once on gunicorn + PostgreSQL, then a worker killed
in the middle of saves. Not a test (it takes minutes); its figures go in docs/reliability.md.

    .venv/bin/python bench/load_and_faults.py [--seconds 60] [--readers 50] [--writers 20]
                                              [--probes 5]

1. A fresh PostgreSQL database; a 48-pair classico evening played through the real services,
   round 2 seated and started (24 open tables); gunicorn as gunicorn.conf.py sets it (Redis
   cache when REDIS_URL is set, else the database cache).
2. Load: `--readers` clients read the public standings page while `--writers` organiser clients
   (logged in before the clock starts, CSRF tokens, each its own table) save deals through the
   real entry form — deals 1 to 3, then correct them over and over — for `--seconds`; beside
   them `--probes` clients read /ping/, a trivial view through the same middleware, and each
   p95 is printed beside the trivial view's with their ratio (absolute times are the
   machine's; the ratio to a same-run reference travels). Every
   response is timed and every status checked: zero errors expected. Afterwards the database
   must hold exactly what the clients were told was saved: one audit record per confirmed save,
   and each deal's stored entry equal to the last one confirmed, its totals what the engine
   gives for it.
3. Faults: the same writers for 20 s while one gunicorn worker is killed (SIGKILL) every 5 s. A
   save whose answer was lost may or may not have been committed; every result must be either
   fully saved or absent: every deal has both sides, its totals are the engine's for its entry,
   each table's totals and version agree with its deals and its audit records.
"""

import argparse
import http.client
import multiprocessing as mp
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import evening
from rush_clients import beside_trivial

PORT = 8077
VERSION = re.compile(r'name="version" value="(\d+)"')
BROWSER = {"Accept-Language": "it-IT,it;q=0.9,en;q=0.8", "Accept-Encoding": "gzip, deflate"}
"""What every browser sends: the page comes gzipped (and is not unpacked here, as a browser
would, since that is the client's time, not the server's)."""


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lost: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def ok(self, seconds: float) -> None:
        with self.lock:
            self.latencies.append(seconds)

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)

    def lose(self) -> None:
        with self.lock:
            self.lost += 1


class Client:
    """A browser-like HTTP client: one keep-alive connection, cookies, CSRF token."""

    def __init__(self) -> None:
        self.cookies: dict[str, str] = {}
        self.connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)

    def request(
        self, method: str, path: str, form: dict[str, str] | None = None
    ) -> tuple[int, str]:
        headers = BROWSER | {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            raw = response.read()
            text = "" if response.getheader("Content-Encoding") else raw.decode()
        except (OSError, http.client.HTTPException):
            self.connection.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
            raise
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";")[0]
        return response.status, text

    def login(self, username: str, password: str) -> None:
        self.request("GET", "/login/")
        status, _ = self.request(
            "POST",
            "/login/",
            {
                "username": username,
                "password": password,
                "csrfmiddlewaretoken": self.cookies["csrftoken"],
            },
        )
        if status != 302:
            raise RuntimeError(f"login failed: {status}")


def deal_form(rng: random.Random) -> dict[str, str]:
    ns_melded = rng.randrange(60, 90) * 5
    ew_melded = rng.randrange(5, 40) * 5
    return {
        "mode": "summary",
        "closed": "ns",
        "ns-melded_points": str(ns_melded),
        "ns-hand_points": "0",
        "ns-burracos_clean": "1",
        "ns-pot": "taken",
        "ew-melded_points": str(ew_melded),
        "ew-hand_points": str(rng.randrange(0, 12) * 5),
        "ew-pot": rng.choice(["taken", "not_taken"]),
    }


@dataclass
class Saves:
    """What one writer was told: confirmed entries, and entries whose answer was lost."""

    confirmed: dict[int, dict[str, str]] = field(default_factory=dict)
    unknown: dict[int, list[dict[str, str]]] = field(default_factory=dict)
    count: int = 0


def logged_in(stats: Stats) -> Client:
    """An organiser's browser, logged in (again, if a worker was killed during the login)."""
    client = Client()
    while True:
        try:
            client.login("bench", evening.PASSWORD)
            return client
        except (OSError, http.client.HTTPException, KeyError):
            stats.lose()


def logged_in_all(count: int, stats: Stats) -> list[Client]:
    """`count` organisers logged in at once, before the clock starts: hashing their passwords
    (deliberately slow) is not the load measured."""
    clients: list[Client] = []
    threads = [
        threading.Thread(target=lambda: clients.append(logged_in(stats))) for _ in range(count)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return clients


def writer(
    client: Client, table_id: int, until: float, stats: Stats, saves: Saves, seed: int
) -> None:
    rng = random.Random(seed)
    number = 1 + len(saves.confirmed) % 3 if saves.confirmed else 1
    while time.monotonic() < until:
        try:
            status, page = client.request("GET", f"/organise/tables/{table_id}/")
        except (OSError, http.client.HTTPException):
            stats.lose()
            continue
        match = VERSION.search(page)
        if status != 200 or match is None:
            stats.error(f"table page {status}")
            continue
        form = deal_form(rng) | {
            "number": str(number),
            "version": match.group(1),
            "csrfmiddlewaretoken": client.cookies["csrftoken"],
        }
        start = time.perf_counter()
        try:
            status, _ = client.request("POST", f"/organise/tables/{table_id}/deals/", form)
        except (OSError, http.client.HTTPException):
            saves.unknown.setdefault(number, []).append(form)
            stats.lose()
            continue
        if status == 302:
            stats.ok(time.perf_counter() - start)
            saves.confirmed[number] = form
            saves.count += 1
            number = number % 3 + 1
        else:
            stats.error(f"save {status}")


def reader(path: str, until: float, stats: Stats) -> None:
    client = Client()
    while time.monotonic() < until:
        start = time.perf_counter()
        try:
            status, _ = client.request("GET", path)
        except (OSError, http.client.HTTPException) as error:
            stats.error(f"read {error!r}")
            continue
        if status == 200:
            stats.ok(time.perf_counter() - start)
        else:
            stats.error(f"read {status}")


def readers_process(
    path: str, until: float, readers: int, probes: int, out: "mp.Queue[object]"
) -> None:
    """The readers in a process of their own, so that the load generator's own GIL does not
    queue the readers' clocks behind the writers' threads; beside them `probes` clients read
    /ping/ (a trivial view through the same middleware), the same-run reference."""
    stats, trivial = Stats(), Stats()
    threads = [threading.Thread(target=reader, args=(path, until, stats)) for _ in range(readers)]
    threads += [
        threading.Thread(target=reader, args=("/ping/", until, trivial)) for _ in range(probes)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out.put((stats.latencies, stats.errors, trivial.latencies, trivial.errors))


def percentiles(values: list[float]) -> str:
    if not values:
        return "no requests"
    cuts = statistics.quantiles(values, n=100) if len(values) > 1 else [values[0]] * 99
    return f"p50 {cuts[49] * 1000:.0f} ms, p95 {cuts[94] * 1000:.0f} ms, n={len(values)}"


def entry_sides(form: dict[str, str]) -> list[dict[str, object]]:
    def side(prefix: str, closed: bool) -> dict[str, object]:
        data: dict[str, object] = {
            "melded_points": int(form[f"{prefix}-melded_points"]),
            "hand_points": int(form[f"{prefix}-hand_points"]),
            "pot": form[f"{prefix}-pot"],
            "closed": closed,
        }
        clean = int(form.get(f"{prefix}-burracos_clean", "0"))
        data["burracos"] = {"clean": clean} if clean else {}
        return data

    return [side("ns", form["closed"] == "ns"), side("ew", form["closed"] == "ew")]


def verify(tables: dict[int, Saves], *, allow_unknown: bool) -> list[str]:
    """Every result fully saved or absent, and equal to what the clients were told."""
    from scoring import deal_from_json, score_deal
    from tournaments.models import Deal, ResultChange, Table

    problems = []
    for table_id, saves in tables.items():
        table = Table.objects.select_related("round__tournament").get(pk=table_id)
        rules = table.round.tournament.rules
        deals = {d.number: d for d in Deal.objects.filter(table=table).prefetch_related("sides")}
        changes = ResultChange.objects.filter(table=table).count()
        if table.version != changes:
            problems.append(f"table {table.number}: version {table.version} but {changes} changes")
        if not allow_unknown and changes != saves.count:
            problems.append(
                f"table {table.number}: {saves.count} saves confirmed, {changes} stored"
            )
        totals = {"ns": 0, "ew": 0}
        for number, deal in deals.items():
            sides = {side.direction: side for side in deal.sides.all()}
            if set(sides) != {"ns", "ew"}:
                problems.append(f"table {table.number} deal {number}: half saved ({set(sides)})")
                continue
            stored = deal.entry["sides"]
            expected = score_deal(deal_from_json({"variant": rules.slug, "sides": stored}, rules))
            for index, direction in enumerate(("ns", "ew")):
                totals[direction] += sides[direction].total
                if sides[direction].total != expected.sides[index].total:
                    problems.append(f"table {table.number} deal {number}: total not the engine's")
            candidates = [saves.confirmed.get(number), *saves.unknown.get(number, [])]
            if not any(c is not None and entry_sides(c) == stored for c in candidates):
                problems.append(f"table {table.number} deal {number}: entry no client sent last")
        if (table.ns_mp, table.ew_mp) != (totals["ns"], totals["ew"]):
            problems.append(f"table {table.number}: table totals differ from its deals")
    return problems


def gunicorn_shape(args: argparse.Namespace) -> str:
    conf: dict[str, object] = {"os": os}
    exec((evening.ROOT / "gunicorn.conf.py").read_text(), conf)
    workers, threads = args.workers or conf["workers"], args.threads or conf["threads"]
    extra = os.environ.get("BENCH_GUNICORN_OPTIONS", "")
    return f"{workers} workers x {threads} threads" + (f" ({extra})" if extra else "")


def worker_pids(master: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True).stdout
    return [int(pid) for pid in out.split()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--readers", type=int, default=50)
    parser.add_argument("--writers", type=int, default=20)
    parser.add_argument("--probes", type=int, default=5, help="clients reading /ping/ meanwhile")
    parser.add_argument("--workers", type=int, default=0, help="gunicorn workers (0: its conf)")
    parser.add_argument("--threads", type=int, default=0, help="threads a worker (0: its conf)")
    args = parser.parse_args()
    redis_url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/3")
    with evening.fresh_database(f"burraco_bench_{os.getpid()}") as database_url:
        env = evening.server_env(database_url, redis_url or None)
        evening.setup_django(env)
        from django.core.cache import cache

        cache.clear()
        info = evening.build_evening(pairs=max(2 * args.writers + 8, 48), rounds=3, played=1)
        from tournaments.models import Round

        open_round = Round.objects.get(tournament_id=int(str(info["tournament_id"])), number=2)
        table_ids = list(
            open_round.tables.filter(is_bye=False).order_by("number").values_list("id", flat=True)
        )[: args.writers]
        public = f"/t/{info['club']}/{info['tournament']}/"
        print(f"evening built through the services in {info['seconds']:.0f} s; {public}")
        with evening.gunicorn(env, workers=args.workers, threads=args.threads, port=PORT) as server:
            reads, writes = Stats(), Stats()
            tables = {table_id: Saves() for table_id in table_ids}
            clients = logged_in_all(len(table_ids), writes)
            until = time.monotonic() + args.seconds
            spawn = mp.get_context("spawn")
            read_results: mp.Queue[object] = spawn.Queue()
            readers = spawn.Process(
                target=readers_process,
                args=(public, until, args.readers, args.probes, read_results),
            )
            readers.start()
            threads = [
                threading.Thread(
                    target=writer, args=(clients[n], tid, until, writes, tables[tid], n)
                )
                for n, tid in enumerate(table_ids)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            trivial = Stats()
            reads.latencies, reads.errors, trivial.latencies, trivial.errors = read_results.get()  # type: ignore[misc]
            readers.join()
            problems = verify(tables, allow_unknown=False)
            print(
                f"load: {args.readers} readers, {args.writers} writers, {args.seconds} s, "
                f"gunicorn {gunicorn_shape(args)}, cache {'Redis' if redis_url else 'database'}"
            )
            print(f"  reads:  {percentiles(reads.latencies)}, errors {len(reads.errors)}")
            print(f"  saves:  {percentiles(writes.latencies)}, errors {len(writes.errors)}, "
                  f"lost answers {writes.lost}")  # fmt: skip
            print(f"  trivial view (/ping/, {args.probes} clients): "
                  f"{percentiles(trivial.latencies)}, errors {len(trivial.errors)}")  # fmt: skip
            print(f"  {beside_trivial('reads', reads.latencies, trivial.latencies)}")
            print(f"  {beside_trivial('saves', writes.latencies, trivial.latencies)}")
            print(f"  saved results checked: {sum(s.count for s in tables.values())} confirmed "
                  f"saves, problems: {len(problems)}")  # fmt: skip
            for problem in (reads.errors + writes.errors)[:10] + problems[:10]:
                print("   ", problem)

            faults = Stats()
            until = time.monotonic() + 20
            threads = [
                threading.Thread(
                    target=writer, args=(clients[n], tid, until, faults, tables[tid], 100 + n)
                )
                for n, tid in enumerate(table_ids)
            ]
            for thread in threads:
                thread.start()
            killed = 0
            while time.monotonic() < until - 2:
                time.sleep(5)
                pids = worker_pids(server.pid)
                if pids:
                    os.kill(random.choice(pids), signal.SIGKILL)
                    killed += 1
            for thread in threads:
                thread.join()
            problems = verify(tables, allow_unknown=True)
            unknown = sum(len(v) for s in tables.values() for v in s.unknown.values())
            print(
                f"faults: {killed} workers killed (SIGKILL) during 20 s of saves; "
                f"{len(faults.latencies)} saves confirmed, {unknown} answers lost, "
                f"{len(faults.errors)} other errors"
            )
            print(f"  every result fully saved or absent: {'yes' if not problems else 'NO'}")
            for problem in problems[:10]:
                print("   ", problem)
        ok = not reads.errors and not writes.errors and not trivial.errors and not problems
        print(f"load and faults: {'passed' if ok else 'FAILED'}")


if __name__ == "__main__":
    main()
