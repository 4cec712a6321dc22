"""The database away (a network cut, a restart): public pages already rendered are served from
the shared cache (Redis) to every reader, whatever language their browser asks for, and for as
long as the outage lasts."""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.core.cache import cache
from django.db import OperationalError, connection
from django.test import Client, override_settings
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Tournament
from tournaments.selectors import public as leaderboard
from tournaments.tests.conftest import make_tournament

SHARED_CACHE = {
    # Redis in production; a memory of this process stands in for it (the database cache
    # would be away with the database)
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "outage"},
    "lockout": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "lock"},
}
READERS = {
    "no language": {},
    "French": {"Accept-Language": "fr-FR,fr;q=0.9"},
    "any language": {"Accept-Language": "*"},
    "English": {"Accept-Language": "en-GB,en;q=0.8"},
    "Italian": {"Accept-Language": "it"},
}
SPANISH, ENGLISH, ITALIAN = "Clasificación", "Standings", "Classifica"
"""The standings page's heading in the club's language (Spanish) and the readers' own."""


@contextmanager
def database_away() -> Iterator[list[str]]:
    """Every query fails as it does when the server cannot be reached; the queries tried."""
    tried: list[str] = []

    def refuse(execute: Callable[..., Any], sql: str, *args: Any) -> Any:
        tried.append(sql)
        raise OperationalError("could not connect to server: Connection refused")

    with connection.execute_wrapper(refuse):
        yield tried


@pytest.fixture
def spanish_evening(db: None) -> Iterator[Tournament]:
    with override_settings(CACHES=SHARED_CACHE):
        cache.clear()
        club = Club.objects.create(name="Club de Buraco Madrid", slug="madrid", language="es")
        tournament = make_tournament(club, pairs=4, published=True)
        prepared = services.round_prepare(tournament=tournament, movement="random", seed=3)
        services.round_start(round=prepared.round)
        yield tournament
        cache.clear()


def address(tournament: Tournament) -> str:
    return f"/t/{tournament.club.slug}/{tournament.slug}/"


def reader() -> Client:
    """A phone that sends no Accept-Language unless told to."""
    return Client(HTTP_ACCEPT_LANGUAGE="")


@pytest.mark.parametrize("language", list(READERS))
def test_every_reader_gets_the_stored_page_while_the_database_is_away(
    spanish_evening: Tournament, language: str
) -> None:
    headers = READERS[language]
    before = reader().get(address(spanish_evening), headers=headers)
    assert before.status_code == 200
    with database_away() as tried:
        during = reader().get(address(spanish_evening), headers=headers)
    assert during.status_code == 200, language
    assert during.content == before.content
    assert tried == [], "the stored page needs no query"
    words = {"English": ENGLISH, "Italian": ITALIAN}.get(language, SPANISH)
    assert words in during.content.decode()


def test_a_long_outage_still_serves_the_stored_pages(spanish_evening: Tournament) -> None:
    """Past the ten seconds the tournament's version is remembered, the stored page of the last
    version known is served rather than an error."""
    before = reader().get(address(spanish_evening))
    with database_away():
        cache.delete(leaderboard.version_key(spanish_evening.club.slug, spanish_evening.slug))
        during = reader().get(address(spanish_evening))
    assert during.status_code == 200
    assert during.content == before.content
    assert SPANISH in during.content.decode()


def test_the_clubs_language_is_read_again_after_a_minute(
    spanish_evening: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    assert leaderboard.club_language("madrid") == "es"
    Club.objects.filter(pk=spanish_evening.club_id).update(language="it")
    assert leaderboard.club_language("madrid") == "es"  # from the shared cache, for a minute
    later = time.time() + leaderboard.CLUB_LANGUAGE_SECONDS + 1
    monkeypatch.setattr(time, "time", lambda: later)
    assert leaderboard.club_language("madrid") == "it"


def test_a_stored_page_hears_the_clubs_language_with_the_version(
    spanish_evening: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reader who asks for no language of ours gets the club's, which the page reads with the
    tournament's version (one cache read for both): a change is heard when the version is read
    again, within VERSION_SECONDS."""
    import time

    assert SPANISH in reader().get(address(spanish_evening)).content.decode()
    Club.objects.filter(pk=spanish_evening.club_id).update(language="it")
    assert SPANISH in reader().get(address(spanish_evening)).content.decode()  # remembered
    later = time.time() + leaderboard.VERSION_SECONDS + 1
    monkeypatch.setattr(time, "time", lambda: later)
    page = reader().get(address(spanish_evening))
    assert ITALIAN in page.content.decode() and page["Content-Language"] == "it"
    english = reader().get(address(spanish_evening), headers={"Accept-Language": "en"})
    assert ENGLISH in english.content.decode() and english["Content-Language"] == "en"


def test_a_club_that_does_not_exist_stores_nothing(spanish_evening: Tournament) -> None:
    assert reader().get("/t/no-such-club/x/").status_code == 404
    assert leaderboard.club_language("no-such-club") == ""
    assert cache.get(f"public:{leaderboard.KEY_FORMAT}:club-language:no-such-club") is None


def test_a_language_changed_in_the_admin_is_heard_at_once(spanish_evening: Tournament) -> None:
    from django.contrib.auth.models import User

    assert SPANISH in reader().get(address(spanish_evening)).content.decode()
    admin = Client()
    admin.force_login(User.objects.create_superuser("root", "root@example.com", password=None))
    club = spanish_evening.club
    change = reverse("admin:tournaments_club_change", args=[club.pk])
    form = {"name": club.name, "slug": club.slug, "city": "", "language": "it"}
    assert admin.post(change, form).status_code == 302
    assert leaderboard.club_language("madrid") == "it"
    assert ITALIAN in reader().get(address(spanish_evening)).content.decode()
