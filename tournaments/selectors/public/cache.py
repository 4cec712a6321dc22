"""The shared cache of the public reads and pages.

Every read goes through the shared cache (`django.core.cache.cache`: Redis, or the database
cache; never a per-process memory) under a key made of the tournament's pk, the time it was
created and its `results_version`. The services raise `results_version` in the same transaction
as every change of results, seating or pairs, so after a save in any process the next read in
every process asks for a key nobody has stored yet and loads the new rows: nothing is deleted
by hand, and no process can keep serving what another one replaced. (The creation time keeps
a database made again from scratch, whose pks and versions start over, from meeting an older
run's entries in a shared Redis.)

A stored page's key also carries the release (`release`): a page links the static files of the
release that rendered it, by their hashed names, and a new release serves new ones, so no
reader gets a page of the previous release, unstyled, even one stored for hours.
"""

import functools
import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.cache import cache
from django.db import DatabaseError, transaction
from django.db.models import Exists, OuterRef, QuerySet

from tournaments.models import Club, Phase, Session, Tournament
from tournaments.selectors.compiled import CompiledRead, joined_annotated, joined_columns
from tournaments.selectors.public.recent import forget, forget_all

CACHE_SECONDS = 6 * 60 * 60
"""Entries are never stale (a new version is a new key); this only frees the space of old ones."""
KEY_FORMAT = 6
"""Raise it when a cached dataclass changes shape, so no process unpickles an older one, or
when what the cache holds changes meaning (4: players' names split with their particles, the
match format's standings columns, pairs that withdrew or joined late; 5: a version carries its
club's language, a stored page its headers; 6: a seated table and a pair's round name their
girone), so no reader is served what an older release wrote."""

T = TypeVar("T")


def public_tournament(club_slug: str, tournament_slug: str) -> Tournament | None:
    """The tournament with its club (one query), published or not: the view decides who sees
    an unpublished one. Never cached: its `results_version` is what the cache keys are made of.
    `in_gironi` says whether a phase is played in gironi (the pages then show their rankings);
    `has_sessions` whether it is played in two sessions (the pages then say which)."""
    found = PUBLIC_TOURNAMENT.rows(club_slug, tournament_slug)
    if not found:
        return None
    return joined_annotated(found[0], TOURNAMENT_JOINS, Tournament, ("in_gironi", "has_sessions"))


TOURNAMENT_JOINS = (("", Tournament), ("club", Club))


def _public_tournament_query(club_slug: str, tournament_slug: str) -> "QuerySet[Tournament, Any]":
    gironi = Phase.objects.filter(tournament=OuterRef("pk"), scope=Phase.Scope.GIRONI)
    return (
        Tournament.objects.annotate(
            in_gironi=Exists(gironi),
            has_sessions=Exists(Session.objects.filter(tournament=OuterRef("pk"))),
        )
        .filter(club__slug=club_slug, slug=tournament_slug)
        .order_by("pk")
        .values_list(*joined_columns(TOURNAMENT_JOINS), "in_gironi", "has_sessions")[:1]
    )


PUBLIC_TOURNAMENT = CompiledRead(_public_tournament_query)
"""Compiled once a process: every public page's reader asks it when a save has made the
tournament's version new."""


@dataclass(frozen=True)
class Version:
    """What a reader needs to know of a tournament before serving a stored page."""

    published: bool
    results_version: int
    language: str = ""
    """The club's language: a page for a reader who asked for none we speak is in it."""


VERSION_SECONDS = 10
"""How long the current version of a tournament is remembered without asking the database.
Saves forget it at once; only a change the cache could not hear of (a tournament deleted in
the admin, a save while Redis was unreachable from another process) can go unseen, and for at
most this long. Ten seconds cost one small query per tournament and process every ten seconds."""


def version_key(club_slug: str, tournament_slug: str) -> str:
    return f"public:{KEY_FORMAT}:version:{club_slug}:{tournament_slug}"


@functools.cache
def release() -> str:
    """The release this process serves, as the static files its pages link: a hash of the
    manifest `collectstatic` wrote (the hashed names, in production), else of every static
    file's name, size and time (development, tests). Read once per process."""
    digest = hashlib.sha256()
    read_manifest = getattr(staticfiles_storage, "read_manifest", None)
    manifest = read_manifest() if read_manifest is not None else None
    if manifest:
        digest.update(manifest.encode())
    else:
        for finder in finders.get_finders():
            for path, storage in sorted(finder.list(["CVS", ".*", "*~"]), key=lambda f: f[0]):
                moment = storage.get_modified_time(path).timestamp()
                digest.update(f"{path}:{storage.size(path)}:{moment}\n".encode())
    return digest.hexdigest()[:12]


def page_key(club_slug: str, tournament_slug: str, variant: str) -> str:
    """A stored page: of this release (`release`), tournament and variant of the page."""
    return f"public:{KEY_FORMAT}:{release()}:page:{club_slug}:{tournament_slug}:{variant}"


def current_version(club_slug: str, tournament_slug: str) -> Version | None:
    """The tournament's version from the database (one query), remembered for a while. `add`,
    not `set`: a save that has just forgotten the version wins over a reader who read the
    database a moment before it."""
    tournament = public_tournament(club_slug, tournament_slug)
    if tournament is None:
        return None
    version = Version(tournament.published, tournament.results_version, tournament.club.language)
    cache.add(version_key(club_slug, tournament_slug), version, VERSION_SECONDS)
    return version


CLUB_LANGUAGE_SECONDS = 60
"""How long a club's language is taken from the shared cache before the database is asked
again: a club that changes its language is heard within a minute."""


def club_language_key(club_slug: str) -> str:
    return f"public:{KEY_FORMAT}:club-language:{club_slug}"


def club_language(club_slug: str) -> str:
    """The club's language, for a reader who asked for none the site speaks ("" when there is
    no such club): from the shared cache, read again at most once a CLUB_LANGUAGE_SECONDS and,
    while the database is away, the last one read, so that the stored pages of the club's
    language are still served to such readers then (burraco_club/i18n.py)."""
    key = club_language_key(club_slug)
    stored = cache.get(key)
    if stored is not None and time.time() - stored[1] < CLUB_LANGUAGE_SECONDS:
        return str(stored[0])
    try:
        language = (
            Club.objects.filter(slug=club_slug).values_list("language", flat=True).first() or ""
        )
    except DatabaseError:
        if stored is None:
            raise
        return str(stored[0])
    if language:  # no entry for a club that does not exist: nobody can fill the cache
        cache.set(key, (language, time.time()), CACHE_SECONDS)
    return language


def forget_club_language(club_slug: str) -> None:
    """Called when a club is saved (the admin): its new language is read at the next page,
    and with the version of each of its tournaments, which carries it (`Version.language`)."""
    slugs = Tournament.objects.filter(club__slug=club_slug).values_list("slug", flat=True)
    cache.delete_many([club_language_key(club_slug), *(version_key(club_slug, s) for s in slugs)])
    forget_all()  # this process's memory: the club's language is in its pages


def forget_version(club_slug: str, tournament_slug: str) -> None:
    """Called by every change of results, seating or pairs (services.results_changed): now,
    and again once the change is committed, so no reader keeps the old version past it."""
    key = version_key(club_slug, tournament_slug)
    cache.delete(key)
    forget(club_slug, tournament_slug)

    def again() -> None:
        cache.delete(key)
        forget(club_slug, tournament_slug)

    transaction.on_commit(again)


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
