"""The public JSON API (/api/v1/, opendata/api) on the demo data: its standings are the
standings CSV's rows for every demo tournament, its OpenAPI schema validates, and nothing
private (a pair's link or code, an e-mail, a card number, a token, a secret, anything of an
unpublished tournament for the public) appears in any of its answers."""

import csv
import io
import json
import re
from collections.abc import Iterator
from io import StringIO
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.management import call_command
from django.db import models, transaction
from django.test import Client
from openapi_spec_validator import validate
from pytest_django import DjangoDbBlocker

from opendata import services as opendata_services
from tournaments.models import Club, Season, Tournament

DEMO = "circolo-burraco-demo"


@pytest.fixture(scope="module")
def demo(django_db_setup: None, django_db_blocker: DjangoDbBlocker) -> Iterator[dict[str, Any]]:
    """The demo club, seeded once for the module (and rolled back after it), with a season of
    its finished evening, an organiser's token and a webhook of the club."""
    with django_db_blocker.unblock(), transaction.atomic():
        cache.clear()  # a shared Redis outlives the test database: no older run's answer
        call_command("seed_demo", stdout=StringIO())
        club = Club.objects.get(slug=DEMO)
        organiser = club.organisers.get()
        season = Season.objects.create(club=club, name="Stagione 2026", slug="stagione-2026")
        club.tournaments.filter(status=Tournament.Status.FINISHED).update(season=season)
        # the demo publishes both evenings; the running one kept unpublished here, so that the
        # API is read with one of each
        club.tournaments.exclude(status=Tournament.Status.FINISHED).update(published=False)
        _token, raw = opendata_services.token_create(club=club, name="sito", user=organiser)
        from opendata.models import Webhook

        hook = Webhook.objects.create(club=club, url="https://example.org/hook", events=["x"])
        yield {"club": club, "organiser": organiser, "token": raw, "secret": hook.secret}
        transaction.set_rollback(True)


@pytest.fixture(autouse=True)
def fresh_cache(db: None) -> None:
    cache.clear()  # a shared Redis outlives each test's database: no other test's answer


def api(client: Client, url: str, token: str = "") -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = client.get(url, headers=headers)
    assert response.status_code == 200, (url, response.status_code, response.content[:200])
    assert response["Content-Type"].startswith("application/json")
    return json.loads(response.content)


def csv_rows(client: Client, url: str) -> list[list[str]]:
    response = client.get(url)
    assert response.status_code == 200, url
    return list(csv.reader(io.StringIO(response.content.decode())))


def as_csv_text(value: object) -> str:
    """A JSON value as the CSV writes it: null empty, numbers as plain numbers, and a text
    that a spreadsheet would read as a formula with its leading quote."""
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(("=", "+", "-", "@", "\t", "\r")):
        return "'" + value
    return str(value)


@pytest.mark.django_db
def test_the_api_deals_are_the_deals_csv_for_every_demo_tournament(
    demo: dict[str, Any],
) -> None:
    """The deals answer has the deals CSV's columns and rows, the individual evening's too (its
    file names each side's player, partner and two opponents)."""
    organiser = Client()
    organiser.force_login(demo["organiser"])
    seen_individual = False
    for tournament in Tournament.objects.filter(club=demo["club"]).order_by("date"):
        base = f"/api/v1/clubs/{DEMO}/tournaments/{tournament.slug}"
        answer = api(Client(), f"{base}/deals", demo["token"])
        expected = csv_rows(organiser, f"/organise/tournaments/{tournament.pk}/deals.csv")
        assert answer["columns"] == expected[0], tournament.name
        got = [[as_csv_text(row.get(c)) for c in answer["columns"]] for row in answer["rows"]]
        assert got == expected[1:], tournament.name
        if tournament.is_individual:
            seen_individual = True
            assert answer["columns"][4:8] == [
                "player_number",
                "player",
                "partner_number",
                "partner",
            ]
            assert len(answer["rows"]) > 0
    assert seen_individual


@pytest.mark.django_db
def test_the_api_standings_are_the_standings_csv_for_every_demo_tournament(
    demo: dict[str, Any],
) -> None:
    organiser = Client()
    organiser.force_login(demo["organiser"])
    tournaments = list(Tournament.objects.filter(club=demo["club"]).order_by("date"))
    # the demo by date: Tuesday's, the individual Thursday and the two-phase event published,
    # the Reale evening not
    assert [t.published for t in tournaments] == [True, True, True, False]
    compared = 0
    for tournament in tournaments:
        address = f"/api/v1/clubs/{DEMO}/tournaments/{tournament.slug}/standings"
        readers = [api(Client(), address, demo["token"])]
        if tournament.published:  # the public reads the same answer, without a token
            readers.append(api(Client(), address))
        expected = csv_rows(organiser, f"/organise/tournaments/{tournament.pk}/standings.csv")
        # an individual evening's file names its players; the API keeps its one row shape
        header = [
            {"player_number": "pair_number", "player": "players"}.get(c, c) for c in expected[0]
        ]
        for answer in readers:
            assert answer["columns"] == header
            got = [[as_csv_text(row.get(c)) for c in answer["columns"]] for row in answer["rows"]]
            assert got == expected[1:], tournament.name
            # every row has exactly the CSV's columns: none more (a deals evening has no
            # matches_won), none fewer
            assert all(list(row) == answer["columns"] for row in answer["rows"])
            compared += 1
        assert answer["final"] is (tournament.status == Tournament.Status.FINISHED)
    assert compared == 3 * 2 + 1  # three published evenings read twice (token, public), one once
    # the numbers are the demo's: the finished evening's winner
    first = api(Client(), f"/api/v1/clubs/{DEMO}/tournaments/{tournaments[0].slug}/standings")
    assert first["rows"][0]["rank"] == 1 and first["rows"][0]["vp"] > 0


@pytest.mark.django_db
def test_a_match_format_tournament_adds_the_csvs_two_columns(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    from tournaments.tests.conftest import make_tournament

    tournament = make_tournament(club, pairs=3, format="target", published=True)
    tournament.pairs.filter(number=2).update(matches_won=2, point_difference=-35, rank=1)
    answer = api(Client(), f"/api/v1/clubs/{club.slug}/tournaments/{tournament.slug}/standings")
    expected = csv_rows(organiser_client, f"/organise/tournaments/{tournament.pk}/standings.csv")
    assert answer["columns"] == expected[0] == [
        "rank", "pair_number", "players", "vp", "mp", "matches_won", "point_difference",
        "rounds_played", "decisions",
    ]  # fmt: skip
    assert [[as_csv_text(r[c]) for c in answer["columns"]] for r in answer["rows"]] == expected[1:]
    assert next(row for row in answer["rows"] if row["pair_number"] == 2) == {
        "rank": 1, "pair_number": 2, "players": "Name2a Surname2a – Name2b Surname2b", "vp": 0,
        "mp": 0, "matches_won": 2, "point_difference": -35, "rounds_played": 0, "decisions": "",
    }  # fmt: skip


@pytest.mark.django_db
def test_the_openapi_schema_validates_and_names_every_address(demo: dict[str, Any]) -> None:
    schema = api(Client(), "/api/v1/schema/")
    validate(schema)  # OpenAPI 3.1, by openapi-spec-validator
    assert schema["openapi"].startswith("3.1")
    paths = set(schema["paths"])
    assert {
        "/api/v1/clubs",
        "/api/v1/clubs/{club_slug}",
        "/api/v1/clubs/{club_slug}/seasons/{season_slug}",
        "/api/v1/clubs/{club_slug}/tournaments/{tournament_slug}/standings",
        "/api/v1/clubs/{club_slug}/tournaments/{tournament_slug}/rounds/{number}",
        "/api/v1/clubs/{club_slug}/tournaments/{tournament_slug}/pairs/{number}",
        "/api/v1/clubs/{club_slug}/tournaments/{tournament_slug}/deals",
    } <= paths
    # the standings' rows are described with the CSV's names
    row = schema["components"]["schemas"]["StandingsRow"]["properties"]
    assert list(row) == [
        "rank", "pair_number", "players", "vp", "mp", "matches_won", "point_difference",
        "rounds_played", "decisions", "girone",
    ]  # fmt: skip
    # a token is optional on the public reads, required for the deals
    standings = schema["paths"]["/api/v1/clubs/{club_slug}/tournaments/{tournament_slug}/standings"]
    assert standings["get"]["security"] == [{"OrganiserToken": []}, {}]
    deals = schema["paths"]["/api/v1/clubs/{club_slug}/tournaments/{tournament_slug}/deals"]
    assert deals["get"]["security"] == [{"OrganiserToken": []}]
    # the browsable page serves its scripts from the app itself
    page = Client().get("/api/v1/docs/")
    assert page.status_code == 200
    assert b"/static/ninja/swagger-ui-bundle.js" in page.content and b"cdn" not in page.content


# --- nothing private, anywhere --------------------------------------------------------------

SECRET_FIELD = re.compile(r"token|code|secret|digest|email|card_number|password", re.I)


def private_values(extra: list[str]) -> set[str]:
    """Every value of every field whose name says it is private (a pair's link token and code,
    an e-mail, a card number, a token's digest, a webhook's secret, a password hash…), in every
    model of the project, whatever fields later work adds."""
    found = set(extra)
    for model in apps.get_models():
        names = [
            field.name
            for field in model._meta.concrete_fields
            if isinstance(field, models.CharField | models.TextField | models.EmailField)
            and SECRET_FIELD.search(field.name)
        ]
        for name in names:
            for value in model._default_manager.values_list(name, flat=True):
                if value and len(str(value)) >= 5:
                    found.add(str(value))
    return found


def crawl(client: Client, token: str = "") -> dict[str, str]:
    """Every API answer reachable from the index, following the answers' own links, and every
    round and pair of every tournament found: address -> body."""
    seen: dict[str, str] = {}
    todo = ["/api/v1/", "/api/v1/schema/"]
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        response = client.get(url, headers=headers)
        assert response.status_code in (200, 401), (url, response.status_code)
        body = response.content.decode()
        seen[url] = body
        is_json = response["Content-Type"].startswith("application/json")
        if url.endswith("/schema/") or response.status_code != 200 or not is_json:
            continue
        data = json.loads(body)
        text = json.dumps(data)
        todo += [u for u in re.findall(r'"(/api/v1/[^"]+)"', text) if "{" not in u]
        if isinstance(data, dict) and "rounds_seated" in data:
            base = url
            todo += [f"{base}/standings", f"{base}/rounds", f"{base}/find", f"{base}/deals"]
            todo += [f"{base}/rounds/{n}" for n in range(1, data["rounds_seated"] + 1)]
            tournament = Tournament.objects.get(club__slug=data["club"], slug=data["slug"])
            todo += [f"{base}/pairs/{pair.number}" for pair in tournament.pairs.all()]
    return seen


@pytest.mark.django_db
def test_no_private_value_appears_in_any_api_answer(demo: dict[str, Any]) -> None:
    secrets = private_values([demo["token"], demo["secret"], demo["organiser"].email])
    assert any(re.fullmatch(r"\d{6}", s) for s in secrets)  # the demo's card numbers
    assert demo["organiser"].email in secrets
    hidden = Tournament.objects.get(club=demo["club"], published=False)
    for who, answers in (("public", crawl(Client())), ("token", crawl(Client(), demo["token"]))):
        assert len(answers) >= 25, who  # every tournament, round and pair was read
        for url, body in answers.items():
            leaked = [value for value in secrets if value in body]
            assert leaked == [], (who, url, leaked)
            if who == "public":
                assert hidden.slug not in body and hidden.name not in body, url
    # the token reads the unpublished evening, its rounds, pairs and deals
    assert any(hidden.slug in url for url in crawl(Client(), demo["token"]))
    # no field of any answer is named after something private
    schema = json.loads(Client().get("/api/v1/schema/").content)
    properties = {
        name for model in schema["components"]["schemas"].values()
        for name in model.get("properties", {})
    }  # fmt: skip
    assert not [name for name in properties if SECRET_FIELD.search(name)]
