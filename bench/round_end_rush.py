"""Load at a national event: the end of a round when the players enter their own results.

    .venv/bin/python bench/round_end_rush.py [--pairs 500] [--seconds 60] [--workers N]

1. A fresh PostgreSQL database (Redis as the cache: REDIS_URL, default database 3); a 500-pair
   Burraco Classico tournament (250 tables, 3 deals a round) whose players enter the results;
   round 1 seated and started; at every table deals 1 and 2 already written by one pair and
   accepted by the other, through the real services.
2. gunicorn serves the app with its production settings (gunicorn.conf.py).
3. Every phone first opens its table's page (its cookie, its CSRF token, the form) and polls
   its evening once, as it has all round, untimed.
4. The rush, open loop (each request leaves at its planned time, whatever the earlier ones
   took): at a random moment of the first 50 seconds North-South writes the last deal of its
   table; 2 to 8 seconds after the answer, East-West's page shows it (a read) and East-West
   accepts it. Meanwhile all 500 phones poll their "my evening" page every 5 seconds, and 50
   spectators follow the public standings every 5 seconds.
5. Afterwards the database must hold every accepted deal exactly once: one written and one
   accepted record a table, the deal saved with the entry sent and the engine's totals.

Not a test (it takes a few minutes); its last line goes in docs/performance.md:
    round-end rush 250 tables: save p95 S ms, read p95 R ms, errors E, lost L
"""

import argparse
import functools
import heapq
import http.client
import os
import random
import re
import statistics
import sys
import threading
import time
import urllib.parse
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import evening

PORT = 8078
ACCEPT = re.compile(r'action="(/p/[\w-]+/deals/\d+/accept/)"')
VALUE = re.compile(r'name="(\w+)" value="([^"]*)"')


@dataclass
class Timings:
    by_kind: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    started: list[tuple[float, float]] = field(default_factory=list)
    """(when the request left, its latency): the --timeline."""

    def ok(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.by_kind[kind].append(seconds)
            self.started.append((time.monotonic() - seconds, seconds))

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)


SAVES = ("write", "accept")
READS = ("evening", "status", "standings")


def request(
    method: str, path: str, *, body: str = "", cookies: dict[str, str] | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, str, dict[str, str]]:  # fmt: skip
    """One request on a new connection (a phone on the club's wifi): status, text, cookies."""
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
    sent = {"Host": "127.0.0.1", "Accept-Language": "en", **(headers or {})}
    if cookies:
        sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
    if body:
        sent["Content-Type"] = "application/x-www-form-urlencoded"
    try:
        connection.request(method, path, body=body or None, headers=sent)
        response = connection.getresponse()
        text = response.read().decode()
        set_cookies = {}
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                set_cookies[key.strip()] = rest.split(";", 1)[0]
        return response.status, text, set_cookies
    finally:
        connection.close()


@dataclass
class Phone:
    token: str
    cookies: dict[str, str] = field(default_factory=dict)
    form: dict[str, str] = field(default_factory=dict)


@dataclass
class Built:
    tables: list["Table"]
    tournament_id: int
    standings: str
    seconds: float


@dataclass
class Table:
    number: int
    ns: Phone
    ew: Phone
    sent: list[dict[str, object]] | None = None
    written: bool = False
    accepted: bool = False


def open_page(phone: Phone) -> None:
    """The phone opens its table (untimed): its CSRF cookie and the form of the next deal."""
    status, text, cookies = request("GET", f"/p/{phone.token}/")
    if status != 200:
        raise RuntimeError(f"page {phone.token}: {status}")
    phone.cookies.update(cookies)
    phone.form = dict(VALUE.findall(text))


def poll_once(phone: Phone) -> None:
    """The phone's evening, as it has polled it all round (untimed)."""
    status, _, _ = request(
        "GET", f"/p/{phone.token}/evening/", cookies=phone.cookies, headers={"HX-Request": "true"}
    )
    if status != 200:
        raise RuntimeError(f"evening {phone.token}: {status}")


def deal_fields(rng: random.Random) -> tuple[dict[str, str], list[dict[str, object]]]:
    """A legal score-sheet deal as the form posts it, and as the contract has it."""
    ns_melded, ew_melded = rng.randrange(60, 80) * 5, rng.randrange(10, 40) * 5
    ew_hand = rng.randrange(0, 12) * 5
    form = {
        "mode": "summary",
        "closed": "ns",
        "ns-melded_points": str(ns_melded),
        "ns-burracos_clean": "1",
        "ns-pot": "taken",
        "ew-melded_points": str(ew_melded),
        "ew-hand_points": str(ew_hand),
        "ew-pot": "taken",
    }
    sides: list[dict[str, object]] = [
        {"melded_points": ns_melded, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
         "closed": True},
        {"melded_points": ew_melded, "hand_points": ew_hand, "burracos": {}, "pot": "taken",
         "closed": False},
    ]  # fmt: skip
    return form, sides


def timed(timings: Timings, kind: str, call: Callable[[], tuple[int, str, dict[str, str]]],
          ok: tuple[int, ...] = (200,)) -> str | None:  # fmt: skip
    start = time.perf_counter()
    try:
        status, text, _ = call()
    except (OSError, http.client.HTTPException) as error:
        timings.error(f"{kind}: {error!r}")
        return None
    if status not in ok:
        timings.error(f"{kind}: {status}")
        return None
    timings.ok(kind, time.perf_counter() - start)
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--spectators", type=int, default=50)
    parser.add_argument("--workers", type=int, default=0, help="gunicorn workers (0: its conf)")
    parser.add_argument("--threads", type=int, default=0, help="threads a worker (0: its conf)")
    parser.add_argument("--timeline", action="store_true", help="latencies 5 s by 5 s")
    args = parser.parse_args()
    redis_url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/3")
    with evening.fresh_database(f"burraco_rush_{os.getpid()}") as database_url:
        env = evening.server_env(database_url, redis_url)
        evening.setup_django(env)
        info = build(pairs=args.pairs)
        print(f"{args.pairs} pairs, {len(info.tables)} tables built in {info.seconds:.0f} s")
        with evening.gunicorn(env, workers=args.workers, threads=args.threads, port=PORT):
            tables = info.tables
            phones = [phone for table in tables for phone in (table.ns, table.ew)]
            with ThreadPoolExecutor(max_workers=8) as pool:
                list(pool.map(open_page, phones))
                list(pool.map(poll_once, phones))
            timings = rush(tables, info, args.seconds, args.spectators)
        lost = verify(tables, info.tournament_id)
    for kind in (*SAVES, *READS):
        values = timings.by_kind.get(kind, [])
        print(f"  {kind:10} {percentiles(values)}")
    for error in timings.errors[:10]:
        print(f"  error: {error}")
    if args.timeline:
        first = min(moment for moment, _ in timings.started)
        buckets: dict[int, list[float]] = defaultdict(list)
        for moment, seconds in timings.started:
            buckets[int((moment - first) // 5) * 5].append(seconds)
        for second, values in sorted(buckets.items()):
            print(f"  {second:3d} s  {percentiles(values)}")
    saves = [v for kind in SAVES for v in timings.by_kind.get(kind, [])]
    reads = [v for kind in READS for v in timings.by_kind.get(kind, [])]
    print(
        f"round-end rush {len(tables)} tables: save p95 {p95(saves):.0f} ms, "
        f"read p95 {p95(reads):.0f} ms, errors {len(timings.errors)}, lost {lost}"
    )


def build(*, pairs: int) -> Built:
    """The tournament, round 1 started, deals 1 and 2 of every table written and accepted."""
    import datetime

    from tournaments import services
    from tournaments.models import Club, DealProposal, Seat, Tournament
    from tournaments.services import players

    start = time.perf_counter()
    rng = random.Random(1)
    club = Club.objects.create(name="Federazione", slug="national")
    tournament = services.tournament_create(
        club=club, name="National final", date=datetime.date(2026, 11, 29),
        variant="classico", rounds=3, deals_per_round=3, published=True,
        result_entry=Tournament.ResultEntry.PLAYERS,
    )  # fmt: skip
    services.pairs_add(
        tournament=tournament,
        text="\n".join(f"Anna{n} Rossi{n} / Bruno{n} Verdi{n}" for n in range(1, pairs + 1)),
    )
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=1)
    services.round_start(round=prepared.round)
    tables = []
    for table in prepared.round.tables.filter(is_bye=False).order_by("number"):
        seats = {
            s.direction: s for s in Seat.objects.filter(table=table).select_related("round", "pair")
        }
        for number in (1, 2):
            _form, sides = deal_fields(rng)
            sent = players.proposal_write(
                seat=seats["ns"], number=number, sides=sides, mode="summary",
                key=f"setup-{table.pk}-{number}",
            )  # fmt: skip
            players.proposal_accept(seat=seats["ew"], proposal_id=sent.proposal.pk)
        tables.append(
            Table(table.number, Phone(seats["ns"].pair.token), Phone(seats["ew"].pair.token))
        )
    assert DealProposal.objects.filter(status="accepted").count() == 2 * len(tables)
    return Built(
        tables=tables,
        tournament_id=tournament.pk,
        standings=f"/t/{club.slug}/{tournament.slug}/",
        seconds=time.perf_counter() - start,
    )


def rush(tables: list[Table], info: Built, seconds: int, spectators: int) -> Timings:
    timings = Timings()
    rng = random.Random(2)
    plan: list[tuple[float, int, Callable[[], None]]] = []
    order = 0
    start = time.monotonic() + 1.0

    def at(moment: float, action: Callable[[], None]) -> None:
        nonlocal order
        order += 1
        heapq.heappush(plan, (start + moment, order, action))

    lock = threading.Lock()
    htmx = {"HX-Request": "true"}

    def poll_evening(phone: Phone) -> Callable[[], None]:
        path = f"/p/{phone.token}/evening/"

        def poll() -> None:
            timed(
                timings,
                "evening",
                lambda: request("GET", path, cookies=phone.cookies, headers=htmx),
            )

        return poll

    def follow_standings() -> None:
        region = htmx | {"HX-Target": "standings"}  # the public page's own poll
        url = info.standings
        timed(timings, "standings", lambda: request("GET", url, headers=region))

    def write(table: Table) -> None:
        form, sides = deal_fields(random.Random(table.number))
        phone = table.ns
        body = urllib.parse.urlencode(
            phone.form | form | {"number": "3"}
        )  # the page's csrf token, version, key; the deal
        text = timed(timings, "write", lambda: request(
            "POST", f"/p/{phone.token}/deals/", body=body, cookies=phone.cookies,
            headers=htmx))  # fmt: skip
        if text is None or "Deal 3 sent" not in text:
            if text is not None:
                problems = re.findall(r'<li>([^<]+)</li>|class="notice bad"[^>]*>([^<]+)', text)
                timings.error(f"write {table.number}: not sent {problems[:3]}")
            return
        table.sent, table.written = sides, True
        with lock:
            at(time.monotonic() - start + rng.uniform(2, 8), lambda: accept(table))

    def accept(table: Table) -> None:
        phone = table.ew
        text = timed(timings, "status", lambda: request(
            "GET", f"/p/{phone.token}/?region=status", cookies=phone.cookies,
            headers=htmx))  # fmt: skip
        found = ACCEPT.search(text or "")
        if found is None:
            timings.error(f"status {table.number}: no deal to accept")
            return
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": phone.form["csrfmiddlewaretoken"]})
        text = timed(timings, "accept", lambda: request(
            "POST", found[1], body=body, cookies=phone.cookies, headers=htmx))  # fmt: skip
        if text is not None and "Deal 3 accepted" in text:
            table.accepted = True
        elif text is not None:
            timings.error(f"accept {table.number}: not accepted")

    end = seconds + 10
    for table in tables:
        at(rng.uniform(0, seconds - 10), functools.partial(write, table))
        for phone in (table.ns, table.ew):
            phase = rng.uniform(0, 5)
            for moment in range(int((end - phase) // 5) + 1):
                at(phase + moment * 5, poll_evening(phone))
    for _ in range(spectators):
        phase = rng.uniform(0, 5)
        for moment in range(int((end - phase) // 5) + 1):
            at(phase + moment * 5, follow_standings)
    with ThreadPoolExecutor(max_workers=400) as pool:
        futures = []
        while True:
            with lock:
                now = time.monotonic()
                due = []
                while plan and plan[0][0] <= now:
                    due.append(heapq.heappop(plan)[2])
            futures += [pool.submit(action) for action in due]
            if all(future.done() for future in futures):
                with lock:
                    if not plan:  # nothing left, and nothing running that could plan more
                        break
            time.sleep(0.01)
    return timings


def verify(tables: list[Table], tournament_id: int) -> int:
    """Tables whose last deal is not in the database exactly once, as sent and as the engine
    scores it."""
    from django.db.models import Count

    from scoring import deal_from_json, score_deal
    from tournaments.models import Deal, DealProposal, ResultChange, Tournament

    tournament = Tournament.objects.get(pk=tournament_id)
    rules = tournament.rules
    lost = 0
    for table in tables:
        deals = list(
            Deal.objects.filter(
                table__round__tournament=tournament, table__number=table.number, number=3
            ).prefetch_related("sides")
        )
        proposals = DealProposal.objects.filter(
            table__round__tournament=tournament, table__number=table.number, number=3,
            status="accepted",
        ).count()  # fmt: skip
        steps = dict(
            ResultChange.objects.filter(
                tournament=tournament, table__number=table.number, deal_number=3
            )
            .values_list("action")
            .annotate(n=Count("id"))
        )
        if len(deals) != 1 or proposals != 1 or steps != {"written": 1, "accepted": 1}:
            lost += 1
            continue
        deal = deals[0]
        stored = deal.entry["sides"]
        expected = score_deal(deal_from_json({"variant": rules.slug, "sides": stored}, rules))
        totals = {side.direction: side.total for side in deal.sides.all()}
        if stored != table.sent or totals != {
            "ns": expected.sides[0].total, "ew": expected.sides[1].total
        }:  # fmt: skip
            lost += 1
    return lost


def p95(values: list[float]) -> float:
    if len(values) < 2:
        return values[0] * 1000 if values else 0.0
    return statistics.quantiles(values, n=100)[94] * 1000


def percentiles(values: list[float]) -> str:
    if len(values) < 2:
        return f"n={len(values)}"
    cuts = statistics.quantiles(values, n=100)
    return f"p50 {cuts[49] * 1000:.0f} ms, p95 {cuts[94] * 1000:.0f} ms, n={len(values)}"


if __name__ == "__main__":
    main()
