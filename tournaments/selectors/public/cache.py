"""The shared cache of the public reads and pages.

Every read goes through the shared cache (`django.core.cache.cache`: Redis, or the database
cache; never a per-process memory) under a key made of the tournament's pk, the time it was
created and its `results_version`. The services raise `results_version` in the same transaction
as every change of results, seating or pairs, so after a save in any process the next read in
every process asks for a key nobody has stored yet and loads the new rows: nothing is deleted
by hand, and no process can keep serving what another one replaced. (The creation time keeps
a database made again from scratch, whose pks and versions start over, from meeting an older
run's entries in a shared Redis.)
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from django.core.cache import cache
from django.db import transaction

from tournaments.models import Tournament

CACHE_SECONDS = 6 * 60 * 60
"""Entries are never stale (a new version is a new key); this only frees the space of old ones."""
KEY_FORMAT = 4
"""Raise it when a cached dataclass changes shape, so no process unpickles an older one, or
when what the cache holds changes meaning (4: players' names split with their particles, the
match format's standings columns, pairs that withdrew or joined late), so no reader is served
what an older release wrote."""

T = TypeVar("T")


def public_tournament(club_slug: str, tournament_slug: str) -> Tournament | None:
    """The tournament with its club (one query), published or not: the view decides who sees
    an unpublished one. Never cached: its `results_version` is what the cache keys are made of."""
    return (
        Tournament.objects.select_related("club")
        .filter(club__slug=club_slug, slug=tournament_slug)
        .first()
    )


@dataclass(frozen=True)
class Version:
    """What a reader needs to know of a tournament before serving a stored page."""

    published: bool
    results_version: int


VERSION_SECONDS = 10
"""How long the current version of a tournament is remembered without asking the database.
Saves forget it at once; only a change the cache could not hear of (a tournament deleted in
the admin, a save while Redis was unreachable from another process) can go unseen, and for at
most this long. Ten seconds cost one small query per tournament and process every ten seconds."""


def version_key(club_slug: str, tournament_slug: str) -> str:
    return f"public:{KEY_FORMAT}:version:{club_slug}:{tournament_slug}"


def page_key(club_slug: str, tournament_slug: str, variant: str) -> str:
    return f"public:{KEY_FORMAT}:page:{club_slug}:{tournament_slug}:{variant}"


def current_version(club_slug: str, tournament_slug: str) -> Version | None:
    """The tournament's version from the database (one query), remembered for a while. `add`,
    not `set`: a save that has just forgotten the version wins over a reader who read the
    database a moment before it."""
    tournament = public_tournament(club_slug, tournament_slug)
    if tournament is None:
        return None
    version = Version(tournament.published, tournament.results_version)
    cache.add(version_key(club_slug, tournament_slug), version, VERSION_SECONDS)
    return version


def forget_version(club_slug: str, tournament_slug: str) -> None:
    """Called by every change of results, seating or pairs (services.results_changed): now,
    and again once the change is committed, so no reader keeps the old version past it."""
    key = version_key(club_slug, tournament_slug)
    cache.delete(key)
    transaction.on_commit(lambda: cache.delete(key))


def cache_key(tournament: Tournament, part: str) -> str:
    """(pk, created_at, results_version): a save anywhere makes a new key for everyone."""
    return (
        f"public:{KEY_FORMAT}:{tournament.pk}:{tournament.created_at.timestamp():.6f}:"
        f"{tournament.results_version}:{part}"
    )


def cached(tournament: Tournament, part: str, load: Callable[[], T]) -> T:
    """The entry for this version, loaded and stored on a miss. The caller read the version
    before the rows are loaded, so an entry can hold rows newer than its version (a save that
    landed in between; the next version reloads anyway), never older ones."""
    key = cache_key(tournament, part)
    found = cache.get(key)
    if found is None:
        found = load()
        cache.set(key, found, CACHE_SECONDS)
    return found  # type: ignore[no-any-return]
