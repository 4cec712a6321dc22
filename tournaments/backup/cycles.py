"""Python's cycle collector held off while a backup is written or read.

A 500-pair backup is a million small objects (dicts, lists, texts, the import's model rows)
made in one go, all kept to the end: the collector's passes, started by the allocations alone,
walk them again and again and find nothing to free (40 % of an export's time, a quarter of an
import's). Reference counting still frees everything as usual; what is made in a cycle waits
for the next collection, once the backup is done.

Threads of a worker share the collector: it is held off while any of them is in a backup, and
turned back on when the last one leaves, only if it was on when the first one came in."""

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_inside = 0
_was_enabled = False


@contextmanager
def cycle_collection_held() -> Iterator[None]:
    global _inside, _was_enabled
    with _lock:
        if _inside == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _inside += 1
    try:
        yield
    finally:
        with _lock:
            _inside -= 1
            if _inside == 0 and _was_enabled:
                gc.enable()
