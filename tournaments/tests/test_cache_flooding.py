"""No one can fill the shared cache: only what a public page reads (the standings' sort, the
htmx region) varies what is stored; any other query string, header value or host is answered
with the canonical page and stores nothing new."""

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Tournament
from tournaments.tests.conftest import make_tournament


@pytest.fixture
def stored_pages(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The keys of every page stored in the shared cache while the test runs."""
    cache.clear()
    keys: list[str] = []
    real_set = cache.set

    def counting_set(key: str, *args: Any, **kwargs: Any) -> Any:
        if ":page:" in key:  # a rendered page (the reads below it are stored per version)
            keys.append(key)
        return real_set(key, *args, **kwargs)

    monkeypatch.setattr(cache, "set", counting_set)
    yield keys
    cache.clear()


@pytest.fixture
def published(club: Club, organiser: User) -> Tournament:
    tournament = make_tournament(club, pairs=6, published=True)
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=3)
    services.round_start(round=prepared.round)
    return tournament


def address(name: str, tournament: Tournament, *more: object) -> str:
    return reverse(name, args=[tournament.club.slug, tournament.slug, *more])


def test_junk_query_strings_store_nothing_new(
    published: Tournament, stored_pages: list[str]
) -> None:
    page = address("public_tournament", published)
    canonical = Client().get(page)
    assert canonical.status_code == 200
    assert len(stored_pages) == 1
    for number in range(300):
        response = Client().get(f"{page}?x={number}&utm_source=flood{number}")
        assert response.status_code == 200
        assert response.content == canonical.content  # the canonical page, as stored
    assert len(stored_pages) == 1
    # a sort the page reads is a page of its own; one it does not know is ignored
    assert Client().get(f"{page}?sort=-mp").status_code == 200
    assert Client().get(f"{page}?sort=nonsense").content == canonical.content
    assert Client().get(f"{page}?sort=mp&sort=vp").content == canonical.content
    assert len(stored_pages) == 2
    for name, extra in (("public_find", ()), ("public_pair", (1,))):
        url = address(name, published, *extra)
        for number in range(50):
            assert Client().get(f"{url}?page={number}").status_code == 200
    assert len(stored_pages) == 4


def test_htmx_headers_vary_only_as_far_as_the_page_reads_them(
    published: Tournament, stored_pages: list[str]
) -> None:
    page = address("public_tournament", published)
    for number in range(100):
        response = Client().get(page, headers={"HX-Request": "true", "HX-Target": f"x{number}"})
        assert response.status_code == 200
        assert 'id="standings"' in response.content.decode()
    seating = Client().get(page, headers={"HX-Request": "true", "HX-Target": "seating"})
    assert seating.content.decode().lstrip().startswith('<section id="seating"')
    assert len(stored_pages) == 2  # the standings region, the seating region


def test_a_page_that_prints_its_address_is_stored_per_host_not_per_first_reader(
    published: Tournament, stored_pages: list[str]
) -> None:
    projector = address("public_projector", published)
    first = Client().get(projector, HTTP_HOST="localhost").content.decode()
    second = Client().get(projector, HTTP_HOST="127.0.0.1").content.decode()
    assert "http://localhost/t/" in first and "127.0.0.1" not in first
    assert "http://127.0.0.1/t/" in second and "localhost/t/" not in second
    # a host this site does not serve is refused before anything is rendered or stored
    assert Client().get(projector, HTTP_HOST="evil.example").status_code == 400
    assert len(stored_pages) == 2


def test_one_reader_renders_a_new_version_while_the_others_get_the_last_one(
    published: Tournament, organiser: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = address("public_tournament", published)
    before = Client().get(page).content
    table = published.round_set.get().tables.filter(is_bye=False).order_by("number").first()
    assert table is not None
    for number in (1, 2, 3):  # the table finishes: the standings change
        table.refresh_from_db()
        services.deal_record(
            table=table,
            number=number,
            sides=[
                {
                    "melded_points": 300,
                    "hand_points": 0,
                    "burracos": {"clean": 1},
                    "pot": "taken",
                    "closed": True,
                },
                {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"},
            ],
            mode="summary",
            user=organiser,
            version=table.version,
        )
    real_add = cache.add

    def busy(key: str, *args: Any, **kwargs: Any) -> bool:
        if key.endswith(":rendering"):
            return False  # another reader is rendering the new version right now
        return bool(real_add(key, *args, **kwargs))

    with monkeypatch.context() as patched:
        patched.setattr(cache, "add", busy)
        assert Client().get(page).content == before  # the last rendering, not a second render
    after = Client().get(page).content
    assert after != before and b"1,800" in after
