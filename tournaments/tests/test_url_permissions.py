"""Every URL the project serves, walked from the URL configuration itself, so that a view added
later cannot forget its checks: an organiser page sends an anonymous visitor to log in and
answers 404 to another club's organiser (never a page, never even a 403 that says it exists),
and every POST needs its CSRF token. A URL outside /organise/ must be named as public below.
Public pages never show organisers' e-mail addresses or unpublished tournaments."""

import datetime
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from tournaments import services
from tournaments.models import Club, DealProposal, Season, Seat, Tournament
from tournaments.tests.conftest import make_tournament

PUBLIC = {
    "home", "login", "logout", "ping",
    # a forgotten password: reset by e-mail, before anyone is logged in
    "password_reset", "password_reset_done", "password_reset_confirm", "password_reset_complete",
    "public_club", "public_tournament", "public_projector", "public_pair", "public_find",
    "public_standings_csv", "season_public", "season_public_pairs_csv",
    "season_public_players_csv",
    # the Excel twins of the public files above: the same rows, the same checks
    "public_standings_xlsx", "season_public_pairs_xlsx", "season_public_players_xlsx",
    # the language switch: sets only the reader's own language cookie
    "language_choose",
    # how an evening runs in the app: a page of help, the same for everyone
    "help",
    # a pair's own pages (players' entry): the link's unguessable token is the key, walked
    # below (a wrong token answers 404, every POST needs its CSRF token)
    "link_table", "link_check", "link_write", "link_accept", "link_dispute", "link_evening",
    # the opponents accept a deal on the writer's phone: the writer's link, and their pair code
    "link_accept_code",
}  # fmt: skip
"""URL names anyone may open. Adding a name here is a decision: say why in the commit."""


@dataclass(frozen=True)
class Route:
    name: str
    pattern: str
    keys: tuple[str, ...]
    defaults: tuple[str, ...]


def routes(
    patterns: list[URLPattern | URLResolver] | None = None, prefix: str = ""
) -> Iterator[Route]:
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(entry, URLResolver):
            if str(entry.pattern).startswith("admin/"):
                continue  # Django's admin guards itself (staff only); tested in test_admin
            yield from routes(entry.url_patterns, prefix + str(entry.pattern))
        else:
            pattern = prefix + str(entry.pattern)
            keys = tuple(entry.pattern.regex.groupindex)
            yield Route(entry.name or pattern, pattern, keys, tuple(entry.default_args))


ALL = list(routes())
ORGANISER = [route for route in ALL if route.pattern.startswith("organise/")]


def test_every_url_is_either_an_organiser_page_or_named_public() -> None:
    unknown = [r.name for r in ALL if r not in ORGANISER and r.name not in PUBLIC]
    assert unknown == [], f"new URLs outside /organise/: decide whether they are public {unknown}"
    assert len(ORGANISER) >= 25


@pytest.fixture
def world(club: Club, organiser: User) -> dict[str, object]:
    """One of everything an organiser URL can name, all in the organiser's club."""
    tournament = make_tournament(club, pairs=5)
    season = services_season(club, tournament)
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=2)
    services.round_start(round=prepared.round)
    table = prepared.round.tables.filter(is_bye=False).first()
    assert table is not None
    sides = [
        {"melded_points": 300, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
         "closed": True},
        {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"},
    ]  # fmt: skip
    services.deal_record(
        table=table, number=1, sides=sides, mode="summary", user=organiser, version=0
    )
    other_table = prepared.round.tables.filter(is_bye=False).exclude(pk=table.pk).first()
    assert other_table is not None
    proposal = DealProposal.objects.create(
        table=other_table,
        number=1,
        direction="ns",
        pair=other_table.seats.get(direction="ns").pair,
        entry={"sides": sides},
        totals={"ns": 600, "ew": 70},
        key="world-key-1",
        status=DealProposal.Status.DISPUTED,
    )
    return {
        "tournament_id": tournament.pk,
        "pair_id": tournament.pairs.first().pk,  # type: ignore[union-attr]
        "round_id": prepared.round.pk,
        "table_id": table.pk,
        "number": 1,
        "season_id": season.pk,
        "change_id": tournament.changes.get().pk,
        "proposal_id": proposal.pk,
        "token": Seat.objects.get(table=table, direction="ns").pair.token,
    }


def services_season(club: Club, tournament: Tournament) -> Season:
    season = Season.objects.create(club=club, name="Winter", slug="winter")
    Tournament.objects.filter(pk=tournament.pk).update(season=season)
    return season


def address(route: Route, values: dict[str, object]) -> str:
    missing = [key for key in route.keys if key not in values]
    assert not missing, f"{route.name}: teach this test what {missing} name"
    path = route.pattern
    for key in route.keys:
        for kind in ("int", "slug", "str"):
            path = path.replace(f"<{kind}:{key}>", str(values[key]))
    return "/" + path


@pytest.mark.parametrize("route", ORGANISER, ids=lambda route: route.name)
def test_organiser_urls_refuse_anonymous_visitors_and_other_clubs(
    route: Route, world: dict[str, object], other_client: Client
) -> None:
    url = address(route, world)
    for method in ("get", "post"):
        response = getattr(Client(), method)(url)
        assert response.status_code == 302, (route.name, method, response.status_code)
        assert response.url.startswith("/login/?next="), (route.name, method)
    if not route.keys:
        # a page of the organiser's own (dashboard, a new tournament…): nothing of our club
        page = other_client.get(url)
        assert page.status_code == 200, route.name
        for secret in ("Circolo del Burraco Roma", "Tuesday evening", "Winter"):
            assert secret not in page.content.decode(), (route.name, secret)
        return
    answers = {method: getattr(other_client, method)(url).status_code for method in ("get", "post")}
    # the method the view accepts answers 404; the other one may say it is not allowed (405)
    assert 404 in answers.values(), (route.name, answers)
    assert set(answers.values()) <= {404, 405}, (route.name, answers)


@pytest.mark.parametrize("route", ORGANISER, ids=lambda route: route.name)
def test_every_organiser_post_needs_its_csrf_token(
    route: Route, world: dict[str, object], organiser: User
) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(organiser)
    response = client.post(address(route, world), {})
    assert response.status_code in {403, 405}, (route.name, response.status_code)
    if response.status_code == 403:
        assert b"CSRF" in response.content


def test_public_pages_show_no_email_and_no_unpublished_tournament(
    club: Club, organiser: User
) -> None:
    published = make_tournament(club, pairs=4, name="Open evening", published=True)
    hidden = make_tournament(club, pairs=4, name="Secret evening", date=datetime.date(2026, 11, 18))
    for tournament in (published, hidden):
        prepared = services.round_prepare(tournament=tournament, movement="random", seed=4)
        services.round_start(round=prepared.round)
    client = Client()
    pages = [
        "/",
        f"/t/{club.slug}/",
        f"/t/{club.slug}/{published.slug}/",
        f"/t/{club.slug}/{published.slug}/projector/",
        f"/t/{club.slug}/{published.slug}/find/",
        f"/t/{club.slug}/{published.slug}/pairs/1/",
        f"/t/{club.slug}/{published.slug}/standings.csv",
    ]
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        text = response.content.decode()
        assert organiser.email not in text, page
        assert "Secret evening" not in text and hidden.slug not in text, page
    for page in (f"/t/{club.slug}/{hidden.slug}/", f"/t/{club.slug}/{hidden.slug}/standings.csv"):
        assert client.get(page).status_code == 404, page


LINKS = [route for route in ALL if route.pattern.startswith("p/")]


def test_the_pairs_links_are_all_walked() -> None:
    assert {route.name for route in LINKS} == {
        "link_table", "link_check", "link_write", "link_accept", "link_dispute", "link_evening",
        "link_accept_code",
    }  # fmt: skip


@pytest.mark.parametrize("route", LINKS, ids=lambda route: route.name)
def test_a_link_with_a_wrong_token_opens_nothing(route: Route, world: dict[str, object]) -> None:
    for token in ("wrong", "A" * 22, str(world["token"])[:-1] + "!"):
        url = address(route, {**world, "token": token})
        for method in ("get", "post"):
            response = getattr(Client(), method)(url)
            assert response.status_code == 404, (route.name, method, token)
            assert "This link opens no table" in response.content.decode()


@pytest.mark.parametrize("route", LINKS, ids=lambda route: route.name)
def test_every_link_post_needs_its_csrf_token(route: Route, world: dict[str, object]) -> None:
    response = Client(enforce_csrf_checks=True).post(address(route, world), {})
    assert response.status_code in {403, 405}, (route.name, response.status_code)
    if response.status_code == 403:
        assert b"CSRF" in response.content
