"""gunicorn's settings for the app (read from the working folder; flags and GUNICORN_CMD_ARGS
override them). Tuned with bench/load_and_faults.py and bench/round_end_rush.py
(docs/reliability.md, docs/performance.md).

Workers of one thread each, six a CPU (at most 24), each taking a connection only when it is
free and closing it after the answer (`keepalive = 0`; the proxy in front keeps the browsers'
connections open): a request waits in the one queue the workers share and goes to the first
free worker, never behind a long save in a busy one. gunicorn's plain `sync` worker does just
that, with less work a request than the threaded one (its poller and thread pool): a trivial
view served 1,442–1,465 requests a second against 1,170–1,377 (wrk, new connections, 27 Nov).
GUNICORN_THREADS above 1 makes them threaded workers (gunicorn switches to `gthread` itself).
One thread a process, because two threads of one process take turns at Python's lock: in a
national round's last minute a save holding the tournament's row waited for a page rendering in
its own process, and every save behind it waited too (two threads in four processes: save p95
308–688 ms, read p95 71–465 ms; one thread in twelve: 195–291 ms and 26–30 ms, the same
machine, docs/performance.md). Six a CPU, because a worker waiting on the database or the cache
spends no CPU: the extra ones keep the CPUs busy meanwhile. Each costs its memory (about 95 MB)
and a database connection."""

import gc
import os

CPUS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
"""The CPUs this process may run on (a container's cpuset; a CPU quota is not seen: set
GUNICORN_WORKERS there)."""

worker_class = "sync"
workers = int(os.environ.get("GUNICORN_WORKERS", str(min(6 * CPUS, 24))))
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
worker_connections = threads
keepalive = 0
timeout = 30


WARM_REQUESTS = 500
"""After this many requests a worker has made what it keeps for its life (templates compiled,
URL patterns, compiled reads, translations): `post_request` freezes them too."""


def post_worker_init(worker: object) -> None:
    """The app is loaded: what exists now lives as long as the worker, so Python's garbage
    collector is told to leave it alone (`gc.freeze`). Its full collections went through all
    of it, 170,000 objects, about 100 ms each time, in the middle of a request; frozen, they
    look at what requests made since (bench: 8 % of a worker's time in collections, 2.5 %
    frozen; docs/performance.md)."""
    gc.collect()  # what is garbage already is not kept for ever
    gc.freeze()


def post_request(worker: object, _request: object) -> None:
    if getattr(worker, "nr", 0) == WARM_REQUESTS:  # the requests this worker has handled
        gc.collect()
        gc.freeze()
