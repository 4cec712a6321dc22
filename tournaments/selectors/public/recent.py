"""This process's memory of the public pages it has just served, for PUBLIC_LOCAL_SECONDS.

A warm public read costs one round trip to the shared cache (the version and the stored page,
together: `views.public.page_cache`). On a busy server that round trip is most of the read: the
request hands the CPU to Redis and waits its turn to get it back. So a page served from the
shared cache, or rendered, is also kept here for a second, and a reader in that second is sent
the same bytes with no round trip at all: a stream of readers costs the shared cache one read a
second per page and process, not one per reader.

What it costs: another server process hears of a save, or of an unpublished tournament, up to
PUBLIC_LOCAL_SECONDS later (a second; the standings poll every few seconds, and a save is already
shown up to PUBLIC_RENDER_PAUSE late while saves stream in). The process that saves forgets at
once (`forget`, called with `cache.forget_version`). 0 turns it off (the tests, but for their
own).
"""

import threading
import time
from typing import Any

from django.conf import settings

LIMIT_BYTES = 32 * 1024 * 1024
"""Past this many bytes of pages the memory is emptied: it only ever holds the last second."""

TournamentSlugs = tuple[str, str]
"""(club slug, tournament slug)."""
_lock = threading.Lock()
_pages: dict[TournamentSlugs, dict[str, tuple[float, tuple[Any, ...]]]] = {}
_held = [0]


def recall(club_slug: str, tournament_slug: str, key: str) -> tuple[Any, ...] | None:
    """The stored page under `key` if this process served it less than a moment ago."""
    seconds = settings.PUBLIC_LOCAL_SECONDS
    if not seconds:
        return None
    entry = _pages.get((club_slug, tournament_slug), {}).get(key)
    if entry is None or time.monotonic() - entry[0] >= seconds:
        return None
    return entry[1]


def remember(club_slug: str, tournament_slug: str, key: str, stored: tuple[Any, ...]) -> None:
    """Keep `stored` (checked against the current version just now) for a moment."""
    if not settings.PUBLIC_LOCAL_SECONDS:
        return
    size = len(stored[1])
    if size > LIMIT_BYTES:
        return
    with _lock:
        if _held[0] + size > LIMIT_BYTES:
            _pages.clear()
            _held[0] = 0
        pages = _pages.setdefault((club_slug, tournament_slug), {})
        former = pages.get(key)
        if former is not None:
            _held[0] -= len(former[1][1])
        pages[key] = (time.monotonic(), stored)
        _held[0] += size


def forget(club_slug: str, tournament_slug: str) -> None:
    """A change of this tournament's results, seating, pairs or publication in this process."""
    with _lock:
        pages = _pages.pop((club_slug, tournament_slug), {})
        _held[0] -= sum(len(stored[1]) for _, stored in pages.values())


def forget_all() -> None:
    """A club's language changed, or the cache was emptied: nothing remembered holds."""
    with _lock:
        _pages.clear()
        _held[0] = 0


def held_bytes() -> int:
    return _held[0]
