"""Load at a national event: the end of a round when the players enter their own results.

    .venv/bin/python bench/round_end_rush.py [--pairs 500] [--seconds 60] [--workers N]
        [--probes 50] [--national] [--scale 1] [--curve 0.25,0.5,1,1.5]

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
   spectators follow the public standings every 5 seconds. `--national` (an individual event):
   1,000 phones (two on each pair's link) poll their evening every 5 seconds and 1,000
   spectators reload the public standings every 10 seconds. In both, `--probes` phones read
   /ping/ (a trivial view through the same middleware) every 5 seconds: each p95 is printed
   beside the trivial view's of the same run, with their ratio, which travels from machine to
   machine where absolute times do not. The CPU seconds each kind of process spent during the
   rush are printed (gunicorn, PostgreSQL, Redis, the load generator, everything else).
5. Afterwards the database must hold every accepted deal exactly once: one written and one
   accepted record a table, the deal saved with the entry sent and the engine's totals.

6. `--curve`: after the rush, the readers alone (every deal is in) at each scale of the
   shape's readers for 20 s: how read p95 grows with the readers, beside the trivial view's.

Not a test (it takes a few minutes); its last line goes in docs/performance.md:
    round-end rush 250 tables: save p95 S ms, read p95 R ms, errors E, lost L
"""

import argparse
import functools
import os
import random
import re
import sys
import time
import urllib.parse
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import evening
from rush_clients import (
    ACCEPT,
    PORT,
    READS,
    SAVES,
    Built,
    CpuClock,
    Phone,
    Plan,
    Shape,
    Table,
    Timings,
    beside_trivial,
    deal_fields,
    loop_seconds,
    open_page,
    p95,
    percentiles,
    poll_once,
    request,
    timed,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--spectators", type=int, default=50)
    parser.add_argument("--probes", type=int, default=50, help="phones polling /ping/ every 5 s")
    parser.add_argument("--national", action="store_true", help="1,000 phones, 1,000 spectators")
    parser.add_argument("--curve", default="", help="reader scales after the rush: 0.5,1,2")
    parser.add_argument("--scale", type=float, default=1.0, help="of the readers in the rush")
    parser.add_argument("--workers", type=int, default=0, help="gunicorn workers (0: its conf)")
    parser.add_argument("--threads", type=int, default=0, help="threads a worker (0: its conf)")
    parser.add_argument("--timeline", action="store_true", help="latencies 5 s by 5 s")
    args = parser.parse_args()
    shape = Shape.national() if args.national else Shape(spectators=args.spectators)
    shape.probes = args.probes
    redis_url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/3")
    name = f"burraco_rush_{os.getpid()}"
    with evening.fresh_database(name) as database_url:
        env = evening.server_env(database_url, redis_url)
        evening.setup_django(env)
        info = build(pairs=args.pairs)
        built = f"{len(info.tables)} tables built in {info.seconds:.0f} s"
        print(f"{args.pairs} pairs, {built}; {shape}; readers x {args.scale:g}", flush=True)
        with evening.gunicorn(env, workers=args.workers, threads=args.threads, port=PORT) as server:
            tables = info.tables
            phones = [phone for table in tables for phone in (table.ns, table.ew)]
            more = [Phone(p.token) for p in phones for _ in range(shape.phones_per_pair - 1)]
            steps = [float(x) for x in args.curve.split(",") if x]
            needed = round(len(phones + more) * max([args.scale, *steps]))
            opened = (phones + more)[: max(len(phones), needed)]  # the others never read
            with ThreadPoolExecutor(max_workers=8) as pool:
                list(pool.map(open_page, opened))
                list(pool.map(poll_once, opened))
            speed = loop_seconds()
            cpu = CpuClock(server.pid, name)
            load_before = os.getloadavg()
            print(f"  the rush starts (gunicorn {server.pid})", flush=True)
            timings = rush(tables, info, args.seconds, shape, phones + more, args.scale)
            spent, load_after = cpu.stop(), os.getloadavg()
            report(timings, args.timeline)
            print(f"  load average {load_before[0]:.1f} before, {load_after[0]:.1f} after the rush")
            print(f"  the machine's speed: 10 million additions in {speed:.2f} s before the "
                  f"rush, {loop_seconds():.2f} s after")  # fmt: skip
            print(f"  CPU seconds from the rush's start to its last answer: {spent}", flush=True)
            for scale in steps:
                print(f"  curve: {reads_step(info, phones + more, shape, scale)}", flush=True)
        lost = verify(tables, info.tournament_id)
    saves = [v for kind in SAVES for v in timings.by_kind.get(kind, [])]
    reads = [v for kind in READS for v in timings.by_kind.get(kind, [])]
    print(
        f"round-end rush {len(tables)} tables: save p95 {p95(saves):.0f} ms, "
        f"read p95 {p95(reads):.0f} ms, errors {len(timings.errors)}, lost {lost}"
    )


def report(timings: Timings, timeline: bool) -> None:
    for kind in (*SAVES, *READS, "trivial"):
        values = timings.by_kind.get(kind, [])
        print(f"  {kind:10} {percentiles(values)}")
    for error in timings.errors[:10]:
        print(f"  error: {error}")
    if timeline:
        first = min(moment for moment, _ in timings.started)
        buckets: dict[int, list[float]] = defaultdict(list)
        for moment, seconds in timings.started:
            buckets[int((moment - first) // 5) * 5].append(seconds)
        for second, values in sorted(buckets.items()):
            print(f"  {second:3d} s  {percentiles(values)}")
    saves = [v for kind in SAVES for v in timings.by_kind.get(kind, [])]
    reads = [v for kind in READS for v in timings.by_kind.get(kind, [])]
    trivial = timings.by_kind.get("trivial", [])
    print(f"  {beside_trivial('save', saves, trivial)}; {beside_trivial('read', reads, trivial)}")


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


def rush(tables: list[Table], info: Built, seconds: int, shape: Shape, phones: list[Phone],
         scale: float) -> Timings:  # fmt: skip
    timings = Timings()
    rng = random.Random(2)
    plan = Plan()
    htmx = {"HX-Request": "true"}

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
        plan.at(plan.now() + rng.uniform(2, 8), lambda: accept(table))

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
        plan.at(rng.uniform(0, seconds - 10), functools.partial(write, table))
    plan_reads(plan, timings, info, shape, phones, end, rng, scale)
    plan.run()
    return timings


def plan_reads(plan: Plan, timings: Timings, info: Built, shape: Shape, phones: list[Phone],
               end: float, rng: random.Random, scale: float = 1.0) -> None:  # fmt: skip
    """The readers: the phones poll their evening every 5 s, the spectators follow the public
    standings (their page's own poll, or in the national shape a browser's full reload), the
    probes read /ping/ (the trivial view, the same-run reference); `scale` of each."""
    htmx = {"HX-Request": "true"}
    if shape.reload:
        standings = {"Accept-Encoding": "gzip, deflate, br"}  # a browser's reload
    else:
        standings = htmx | {"HX-Target": "standings"}  # the public page's own poll

    def evening_of(phone: Phone) -> Callable[[], None]:
        path = f"/p/{phone.token}/evening/"

        def poll() -> None:
            timed(timings, "evening", lambda: request(
                "GET", path, cookies=phone.cookies, headers=htmx))  # fmt: skip

        return poll

    def follow() -> None:
        timed(timings, "standings", lambda: request("GET", info.standings, headers=standings))

    def ping() -> None:
        timed(timings, "trivial", lambda: request("GET", "/ping/"))

    for phone in phones[: round(len(phones) * scale)]:
        plan.every(5, end, evening_of(phone), rng)
    for _ in range(round(shape.spectators * scale)):
        plan.every(shape.spectator_seconds, end, follow, rng)
    for _ in range(shape.probes):
        plan.every(5, end, ping, rng)


def reads_step(info: Built, phones: list[Phone], shape: Shape, scale: float) -> str:
    """One point of the curve: the readers alone (every deal is in), `scale` of them, 20 s."""
    timings, rng, plan = Timings(), random.Random(3), Plan()
    plan_reads(plan, timings, info, shape, phones, 20, rng, scale)
    plan.run()
    reads = [v for kind in READS for v in timings.by_kind.get(kind, [])]
    trivial = timings.by_kind.get("trivial", [])
    readers = round(len(phones) * scale) + round(shape.spectators * scale)
    rate = len(reads) / 20
    return (
        f"{readers} readers ({rate:.0f} reads/s): {beside_trivial('read', reads, trivial)}, "
        f"errors {len(timings.errors)}, load average {os.getloadavg()[0]:.1f}"
    )


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


if __name__ == "__main__":
    main()
