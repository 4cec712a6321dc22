"""gunicorn's settings for the app (read from the working folder; flags and GUNICORN_CMD_ARGS
override them). Threaded workers: a reader is never queued behind a save in a busy worker, and
public pages are mostly served from the cache, which releases the GIL while it waits; a few
processes still use both cores. Tuned with bench/load_and_faults.py (docs/reliability.md)."""

import os

worker_class = "gthread"
workers = int(os.environ.get("GUNICORN_WORKERS", "4"))
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
timeout = 30
