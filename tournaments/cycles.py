"""Python's cycle collector held off while a big file is made or read, in one place for every
such file (the deals file, the backup's export and import, their commands).

A 500-pair evening's deals file keeps ~40,000 new lists and tuples alive until it is written,
and a backup about a million small objects (dicts, lists, texts, the import's rows): the
collector's passes, set off by the allocations alone, walk them, and every other object of the
process, again and again and free nothing (90 ms, a third of the deals file's time; 40 % of a
backup export's, a quarter of an import's). Reference counting still frees everything as
usual; what is made in a cycle waits for the next collection, once the file is done.

Threads of a worker share the collector: it runs again when the last one that paused it is
done, and stays off if something else had turned it off before."""

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_paused = 0
_lock = threading.Lock()


@contextmanager
def collector_paused() -> Iterator[None]:
    global _paused
    with _lock:
        ours = _paused > 0 or gc.isenabled()  # else held off by someone else: left so
        if ours:
            _paused += 1
            gc.disable()
    try:
        yield
    finally:
        if ours:
            with _lock:
                _paused -= 1
                if _paused == 0:
                    gc.enable()
