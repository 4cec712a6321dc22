"""Every URL the project serves, walked from the URL configuration itself, so that a view added
later cannot forget its checks: an organiser page sends an anonymous visitor to log in and
answers 404 to another club's organiser (never a page, never even a 403 that says it exists),
and every POST needs its CSRF token. A URL outside /organise/ must be named as public below.
Public pages never show organisers' e-mail addresses or unpublished tournaments."""

import datetime
import json
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from opendata import services as opendata_services
from opendata.models import Webhook
from tournaments import services
from tournaments.models import Club, DealProposal, Season, Seat, Tournament
from tournaments.prizes.points import SchemeKind, preset
from tournaments.services.decisions import decision_take
from tournaments.tests.conftest import make_tournament

FIGB = preset(SchemeKind.PAIRS_MINUS_5)

PUBLIC = {
    "home", "login", "logout", "ping",
    # a forgotten password: reset by e-mail, before anyone is logged in
    "password_reset", "password_reset_done", "password_reset_confirm", "password_reset_complete",
    "public_club", "public_tournament", "public_projector", "public_pair", "public_find",
    "public_girone", "public_prizes", "public_prizes_csv", "public_standings_csv", "season_public",
    "season_public_pairs_csv",
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
    "link_accept_code", "link_email",
    # the read-only JSON API: published tournaments for anyone, a club's unpublished ones and
    # its deals for its own token only, walked below
    "api_index", "api-root", "api_clubs", "api_club", "api_season", "api_tournament",
    "api_standings", "api_rounds", "api_round", "api_pair", "api_find", "api_deals",
    "openapi-json", "openapi-view",
    # the embeds a club's website frames: published tournaments only, walked below
    "embed_club_standings", "embed_club_find", "embed_standings", "embed_find",
    # the web app manifest (a phone's home screen): the same for everyone
    "web_manifest",
    # a player's record: public only where the club and the player allow it, otherwise for
    # the club's organisers only (404 to anyone else, tested in test_player_records)
    "player_record",
    # the link at the foot of every message to a player: a signed token removes their address
    # (tested in test_player_mail; a wrong token answers 404)
    "player_email_removal",
    # a circuit's public ranking: published finished tournaments only (tested in test_circuits;
    # an unknown circuit answers 404)
    "circuit_public",
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
        "phase_number": 1,
        "season_id": season.pk,
        "circuit_id": services.circuit_create(club=club, name="Winter", scheme=FIGB).pk,
        "change_id": tournament.changes.get().pk,
        "proposal_id": proposal.pk,
        "decision_id": decision_take(
            table=table, kind="timeout", deal_number=2, reason="Time", user=organiser
        ).pk,
        "token": Seat.objects.get(table=table, direction="ns").pair.token,
        "club_id": club.pk,
        "player_id": tournament.pairs.first().player_one_id,  # type: ignore[union-attr]
        "token_id": opendata_services.token_create(club=club, name="site", user=organiser)[0].pk,
        "webhook_id": Webhook.objects.create(club=club, url="https://example.org/h").pk,
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
        path = path.replace(f"<{key}>", str(values[key]))
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
    services.club_records_set(club=club, public=True)
    player = published.pairs.get(number=1).player_one
    client = Client()
    pages = [
        f"/r/{club.slug}/{player.pk}/",
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
        "link_accept_code", "link_email",
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


# --- the JSON API and the embeds ----------------------------------------------------------------

API = [route for route in ALL if route.pattern.startswith("api/")]
EMBEDS = [route for route in ALL if route.pattern.startswith("embed/")]
TOURNAMENT_KEYS = {"tournament_slug"}


def test_the_api_and_the_embeds_are_all_walked() -> None:
    assert {route.name for route in API} == {
        "api_index", "api-root", "api_clubs", "api_club", "api_season", "api_tournament",
        "api_standings", "api_rounds", "api_round", "api_pair", "api_find", "api_deals",
        "openapi-json", "openapi-view",
    }  # fmt: skip
    assert {route.name for route in EMBEDS} == {
        "embed_club_standings", "embed_club_find", "embed_standings", "embed_find",
    }  # fmt: skip


@pytest.fixture
def readers(
    club: Club, other_club: Club, organiser: User, other_organiser: User
) -> dict[str, object]:
    """A published and an unpublished tournament of the club, each with round 1 started, a
    season of the club not public yet, and a token of the club and one of another club."""
    cache.clear()  # a shared Redis outlives the test database: no older run's stored answer
    shown = make_tournament(club, pairs=4, name="Open evening", published=True)
    hidden = make_tournament(club, pairs=4, name="Secret evening", date=datetime.date(2026, 11, 18))
    for tournament in (shown, hidden):
        prepared = services.round_prepare(tournament=tournament, movement="random", seed=4)
        services.round_start(round=prepared.round)
    season = services_season(club, hidden)
    return {
        "shown": shown,
        "hidden": hidden,
        "season": season,
        "own": opendata_services.token_create(club=club, name="site", user=organiser)[1],
        "foreign": opendata_services.token_create(
            club=other_club, name="site", user=other_organiser
        )[1],
    }


def _api_get(url: str, token: str = "") -> tuple[int, str]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = Client().get(url, headers=headers)
    return response.status_code, response.content.decode()


@pytest.mark.parametrize("route", API, ids=lambda route: route.name)
def test_the_api_shows_the_public_only_what_is_published(
    route: Route, readers: dict[str, object], club: Club
) -> None:
    """Anyone reads a published tournament (its deals only with the club's token); an
    unpublished one, and a season not public yet, answer 404 to anyone but the club's own
    token, exactly as what does not exist; nothing is ever written through the API."""
    shown, hidden = readers["shown"], readers["hidden"]
    assert isinstance(shown, Tournament) and isinstance(hidden, Tournament)
    values = {"club_slug": club.slug, "number": 1, "season_slug": "winter"}
    own, foreign = str(readers["own"]), str(readers["foreign"])
    deals = route.name == "api_deals"
    if not set(route.keys) & (TOURNAMENT_KEYS | {"season_slug"}):
        for token in ("", own, foreign):
            status, body = _api_get(address(route, values), token)
            assert status == 200, (route.name, token)
            if token != own:
                assert "Secret evening" not in body and hidden.slug not in body, route.name
    elif "season_slug" in route.keys:
        url = address(route, values)
        assert _api_get(url)[0] == 404 and _api_get(url, foreign)[0] == 404
        status, body = _api_get(url, own)
        assert status == 200 and "Secret evening" in body
    else:
        url = address(route, {**values, "tournament_slug": hidden.slug})
        assert _api_get(url)[0] == (401 if deals else 404), route.name
        assert _api_get(url, foreign)[0] == 404, route.name
        assert _api_get(url, own)[0] == 200, route.name
        url = address(route, {**values, "tournament_slug": shown.slug})
        assert _api_get(url)[0] == (401 if deals else 200), route.name
        assert _api_get(url, foreign)[0] == (404 if deals else 200), route.name
        assert _api_get(url, own)[0] == 200, route.name
    for method in ("post", "put", "delete"):
        url = address(route, {**values, "tournament_slug": shown.slug})
        answer = getattr(Client(), method)(url, headers={"Authorization": f"Bearer {own}"})
        assert answer.status_code == 405, (route.name, method)


def test_a_wrong_or_revoked_token_is_refused_never_read_as_the_public(
    readers: dict[str, object], club: Club
) -> None:
    from opendata.models import ApiToken

    shown = readers["shown"]
    assert isinstance(shown, Tournament)
    url = f"/api/v1/clubs/{club.slug}/tournaments/{shown.slug}/standings"
    for header in ("Bearer bct_not-a-token", "Bearer " + str(readers["own"])[:-1], "Basic xyz"):
        response = Client().get(url, headers={"Authorization": header})
        assert response.status_code == 401, header
        assert response["WWW-Authenticate"].startswith("Bearer")
    token = ApiToken.objects.get(club=club)
    opendata_services.token_revoke(token=token)
    status, body = _api_get(url, str(readers["own"]))
    assert status == 401
    assert json.loads(body) == {"detail": "This token is not valid: it was revoked, or never made."}


@pytest.mark.parametrize("route", EMBEDS, ids=lambda route: route.name)
def test_the_embeds_show_only_published_tournaments(
    route: Route, readers: dict[str, object], club: Club, organiser_client: Client
) -> None:
    shown, hidden = readers["shown"], readers["hidden"]
    assert isinstance(shown, Tournament) and isinstance(hidden, Tournament)
    if "tournament_slug" not in route.keys:
        response = Client().get(address(route, {"club_slug": club.slug}))
        assert response.status_code == 302 and shown.slug in response["Location"]
        return
    for client in (Client(), organiser_client):  # not even the organiser: a preview is elsewhere
        response = client.get(
            address(route, {"club_slug": club.slug, "tournament_slug": hidden.slug})
        )
        assert response.status_code == 404
        assert "Secret evening" not in response.content.decode()
    response = Client().get(address(route, {"club_slug": club.slug, "tournament_slug": shown.slug}))
    assert response.status_code == 200 and "Open evening" in response.content.decode()
