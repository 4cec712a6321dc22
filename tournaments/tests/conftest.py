"""Users of different rights and the objects they own, for every tournaments test."""

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from tournaments import services
from tournaments.models import Club, Tournament

PASSWORD = "a-long-test-password-9"


@pytest.fixture(autouse=True)
def english_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """The suite reads the English texts: every test client asks for English unless a test
    says otherwise (the language tests send their own Accept-Language or cookie), and code
    called directly speaks English. Without this the site's default, Italian, would answer."""
    original = Client.__init__

    def english_client(self: Client, *args: object, **defaults: object) -> None:
        defaults.setdefault("HTTP_ACCEPT_LANGUAGE", "en")
        original(self, *args, **defaults)  # type: ignore[arg-type]

    monkeypatch.setattr(Client, "__init__", english_client)
    translation.activate("en")


@pytest.fixture
def club(db: None) -> Club:
    return Club.objects.create(name="Circolo del Burraco Roma", slug="roma")


@pytest.fixture
def other_club(db: None) -> Club:
    return Club.objects.create(name="Club de Buraco Madrid", slug="madrid")


@pytest.fixture
def organiser(club: Club) -> User:
    user = User.objects.create_user("anna", "anna@example.com", PASSWORD, first_name="Anna")
    club.organisers.add(user)
    return user


@pytest.fixture
def other_organiser(other_club: Club) -> User:
    user = User.objects.create_user("pablo", "pablo@example.com", PASSWORD)
    other_club.organisers.add(user)
    return user


@pytest.fixture
def organiser_client(organiser: User) -> Client:
    client = Client()
    client.force_login(organiser)
    return client


@pytest.fixture
def other_client(other_organiser: User) -> Client:
    client = Client()
    client.force_login(other_organiser)
    return client


@pytest.fixture
def anonymous_client() -> Client:
    return Client()


def make_tournament(club: Club, pairs: int = 8, **options: object) -> Tournament:
    """A tournament with `pairs` pairs named Player1a/Player1b …"""
    defaults: dict[str, object] = {
        "name": "Tuesday evening",
        "date": datetime.date(2026, 11, 17),
        "variant": "classico",
        "rounds": 3,
        "deals_per_round": 3,
    }
    defaults.update(options)
    tournament = services.tournament_create(club=club, **defaults)  # type: ignore[arg-type]
    per_pair = 1 if tournament.rules.one_player_sides_only else 2
    lines = [
        " / ".join(f"Name{n}{letter} Surname{n}{letter}" for letter in "ab"[:per_pair])
        for n in range(1, pairs + 1)
    ]
    if lines:
        services.pairs_add(tournament=tournament, text="\n".join(lines))
    return tournament


@pytest.fixture
def tournament(club: Club) -> Tournament:
    return make_tournament(club)
