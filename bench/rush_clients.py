"""The phones and the clock of bench/round_end_rush.py: one request a new connection, as a
phone on the club's wifi makes it, timed by kind; the open-loop plan that sends each request at
its planned time whatever the earlier ones took; percentiles."""

import heapq
import os
import random
import re
import socket
import statistics
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

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
    """One request on a new connection (a phone on the club's wifi): status, text, cookies.

    Written and read as plain bytes on a socket: the phones are not on the server in a real
    club, but here they share its two CPUs, and with `http.client` (its header parsing most)
    the load generator took 11-14 CPU-seconds of the national rush's minute, 8-10 so
    (docs/performance.md)."""
    sent = {"Host": "127.0.0.1", "Accept-Language": "en", **(headers or {})}
    if cookies:
        sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
    data = body.encode()
    if body:
        sent["Content-Type"] = "application/x-www-form-urlencoded"
    if body or method == "POST":
        sent["Content-Length"] = str(len(data))
    sent["Connection"] = "close"
    head = f"{method} {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in sent.items())
    with socket.create_connection(("127.0.0.1", PORT), timeout=30) as connection:
        connection.sendall(head.encode("latin-1") + b"\r\n" + data)
        chunks = []
        while chunk := connection.recv(65536):  # the server closes after its answer
            chunks.append(chunk)
    raw = b"".join(chunks)
    head_bytes, found, content = raw.partition(b"\r\n\r\n")
    if not found:
        raise ConnectionError(f"an answer cut short: {raw[:80]!r}")
    status_line, *header_lines = head_bytes.decode("latin-1").split("\r\n")
    status = int(status_line.split(" ", 2)[1])
    zipped, chunked, set_cookies = False, False, {}
    for line in header_lines:
        name, _, value = line.partition(":")
        name, value = name.strip().lower(), value.strip()
        if name == "content-encoding":
            zipped = value == "gzip"
        elif name == "transfer-encoding":
            chunked = value == "chunked"
        elif name == "set-cookie":
            key, _, rest = value.partition("=")
            set_cookies[key.strip()] = rest.split(";", 1)[0]
    if chunked:
        content = _unchunked(content)
    # a gzipped page is not unpacked: that is the browser's time
    return status, "" if zipped else content.decode(), set_cookies


def _unchunked(content: bytes) -> bytes:
    parts: list[bytes] = []
    while True:
        size_line, _, content = content.partition(b"\r\n")
        size = int(size_line.split(b";", 1)[0], 16)
        if size == 0:
            return b"".join(parts)
        parts.append(content[:size])
        content = content[size + 2 :]


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
    except Exception as error:
        timings.error(f"{kind}: {error!r}")
        return None
    if status not in ok:
        timings.error(f"{kind}: {status}")
        return None
    timings.ok(kind, time.perf_counter() - start)
    return text


class Plan:
    """Actions at planned moments (seconds after the start), each sent at its moment by a pool
    of threads, open loop; an action may plan more while the plan runs."""

    def __init__(self, delay: float = 1.0) -> None:
        self.start = time.monotonic() + delay
        self.lock = threading.Lock()
        self._plan: list[tuple[float, int, Callable[[], None]]] = []
        self._order = 0

    def at(self, moment: float, action: Callable[[], None]) -> None:
        with self.lock:
            self._order += 1
            heapq.heappush(self._plan, (self.start + moment, self._order, action))

    def now(self) -> float:
        return time.monotonic() - self.start

    def every(self, period: float, until: float, action: Callable[[], None],
              rng: random.Random) -> None:  # fmt: skip
        """`action` every `period` seconds from a random phase, until `until`."""
        phase = rng.uniform(0, period)
        for moment in range(int((until - phase) // period) + 1):
            self.at(phase + moment * period, action)

    def run(self, threads: int = 400) -> None:
        """Send every action at its moment until none is left or running. The actions still
        running are counted, not looked through: at 300 requests a second the list of every
        one sent grows to tens of thousands, and going through it every 10 ms cost the load
        generator more CPU than the requests it sent."""
        running = 0
        finished = threading.Semaphore(0)

        def done(_future: object) -> None:
            finished.release()

        with ThreadPoolExecutor(max_workers=threads) as pool:
            while True:
                with self.lock:
                    now = time.monotonic()
                    due = []
                    while self._plan and self._plan[0][0] <= now:
                        due.append(heapq.heappop(self._plan)[2])
                for action in due:
                    pool.submit(action).add_done_callback(done)
                running += len(due)
                while finished.acquire(blocking=False):
                    running -= 1
                if running == 0:
                    with self.lock:
                        if not self._plan:  # nothing left, and nothing running to plan more
                            break
                time.sleep(0.01)


def loop_seconds() -> float:
    """Seconds a plain Python loop of 10 million additions takes here now: how fast this
    machine runs at this moment (a shared VM's speed moved by half within an hour; 0.47 s at
    its fastest seen), printed beside the figures it explains."""
    start, total = time.perf_counter(), 0
    for number in range(10_000_000):
        total += number
    return time.perf_counter() - start


def p95(values: list[float]) -> float:
    if len(values) < 2:
        return values[0] * 1000 if values else 0.0
    return statistics.quantiles(values, n=100)[94] * 1000


def percentiles(values: list[float]) -> str:
    if len(values) < 2:
        return f"n={len(values)}"
    cuts = statistics.quantiles(values, n=100)
    return f"p50 {cuts[49] * 1000:.0f} ms, p95 {cuts[94] * 1000:.0f} ms, n={len(values)}"


def beside_trivial(name: str, values: list[float], trivial: list[float]) -> str:
    """A p95 beside the trivial view's of the same run, and their ratio: the figure that
    travels from machine to machine (absolute times move with the machine and its load)."""
    ratio = p95(values) / p95(trivial) if p95(trivial) else float("nan")
    return (
        f"{name} p95 {p95(values):.0f} ms ({ratio:.1f} x the trivial view's {p95(trivial):.0f} ms)"
    )


@dataclass
class Shape:
    """Who reads during the rush."""

    phones_per_pair: int = 1
    spectators: int = 50
    spectator_seconds: float = 5
    reload: bool = False
    """Spectators reload the whole page (a browser's F5), not the page's own htmx poll."""
    probes: int = 50

    @classmethod
    def national(cls) -> "Shape":
        """An individual event: every player a phone (two on each pair's link), and 1,000
        spectators reloading the public standings every 10 s."""
        return cls(phones_per_pair=2, spectators=1000, spectator_seconds=10, reload=True)

    def __str__(self) -> str:
        how = "reloading the page" if self.reload else "the page's htmx poll"
        return (
            f"{self.phones_per_pair} phone(s) a pair polling every 5 s, {self.spectators} "
            f"spectators every {self.spectator_seconds:g} s ({how}), {self.probes} probes "
            f"of /ping/ every 5 s"
        )


class CpuClock:
    """CPU seconds spent from now on, by kind of process, read from /proc twice a second:
    gunicorn (the master and its workers), PostgreSQL (the backends of the bench's database),
    Redis (a server other programs may share), this load generator, and everything else on
    the machine (other people's work). Linux only; a process's first half second is missed."""

    def __init__(self, master: int, database: str) -> None:
        self.master, self.database = master, database
        self.seen: dict[str, tuple[str, int]] = {}
        self.spent: defaultdict[str, int] = defaultdict(int)
        self.started = time.monotonic()
        self.running = True
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()

    def _kind(self, pid: str, command: str, parent: str) -> str:
        if pid == str(self.master) or parent == str(self.master):
            return "gunicorn"
        if command.startswith("postgres:"):
            return "postgres" if f" {self.database} " in command else "other"
        if "redis-server" in command:
            return "redis"
        return "load generator" if pid == str(os.getpid()) else "other"

    def _watch(self) -> None:
        while self.running:
            for pid in filter(str.isdigit, os.listdir("/proc")):
                try:
                    with open(f"/proc/{pid}/stat") as stat, open(f"/proc/{pid}/cmdline") as cmd:
                        fields = stat.read().rsplit(")", 1)[1].split()
                        command = cmd.read().replace("\0", " ").strip()
                except OSError:
                    continue
                ticks = int(fields[11]) + int(fields[12])
                kind = (
                    self.seen[pid][0] if pid in self.seen else self._kind(pid, command, fields[1])
                )
                if pid in self.seen:
                    self.spent[kind] += ticks - self.seen[pid][1]
                self.seen[pid] = (kind, ticks)
            time.sleep(0.5)

    def stop(self) -> str:
        self.running = False
        self.thread.join()
        ticks = os.sysconf("SC_CLK_TCK")
        wall = time.monotonic() - self.started
        total = sum(self.spent.values()) / ticks
        ranked = sorted(self.spent.items(), key=lambda kv: -kv[1])
        shares = ", ".join(f"{kind} {value / ticks:.1f}" for kind, value in ranked)
        return f"{shares} (all {total:.1f} of {os.cpu_count()} x {wall:.0f} s)"
