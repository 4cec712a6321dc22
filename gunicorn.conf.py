"""gunicorn's settings for the app (read from the working folder; flags and GUNICORN_CMD_ARGS
override them). Tuned with bench/load_and_faults.py and bench/round_end_rush.py
(docs/reliability.md, docs/performance.md).

Threaded workers, each taking a connection only when one of its threads is free
(`worker_connections = threads`) and closing it after the answer (`keepalive = 0`; the proxy in
front keeps the browsers' connections open): a request waits in the one queue the workers
share and goes to the first free thread, never behind a long save in a busy worker. Public pages
come mostly from the cache, whose round trips release the GIL, so a few threads a process keep
both cores busy."""

import os

worker_class = "gthread"
workers = int(os.environ.get("GUNICORN_WORKERS", "4"))
threads = int(os.environ.get("GUNICORN_THREADS", "2"))
worker_connections = threads
keepalive = 0
timeout = 30
