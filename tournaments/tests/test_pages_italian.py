"""The public pages, the print pages, the login and the home page asked for in Italian: the page
says it is Italian, writes numbers as an Italian does (1.800, a real minus sign), dates in the
Italian order, and names the game's things with the glossary's Italian words (tavolo, coppia,
turno, smazzata, N-S / E-O). The standings CSV stays English and plain whatever the language.

The catalogues are written later: these tests check what the code itself decides (the language,
the number and date formats, the glossary), not the translated sentences."""

import csv
import io

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments.models import Club, Season, Tournament
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_public_pages import (
    bye_pair,
    empty_cache,  # noqa: F401  (a fixture: every test starts from an empty cache)
    evening,
    next_round,
    play,
    seat_of,
    url,
    words,
)
from tournaments.tests.test_seasons import championship  # noqa: F401  (a fixture)

MINUS = "\u2212"


def italian(client: Client, address: str) -> str:
    response = client.get(address, HTTP_ACCEPT_LANGUAGE="it")
    assert response.status_code == 200, address
    page = response.content.decode()
    assert '<html lang="it"' in page, address
    return page


def test_home_login_and_password_reset_pages_are_italian(anonymous_client: Client) -> None:
    for name in ("home", "login", "password_reset", "password_reset_done"):
        page = italian(anonymous_client, reverse(name))
        assert "Italiano" in page  # the language switch
    home = italian(anonymous_client, reverse("home"))
    assert 'aria-current="true" aria-label="Italiano"' in home


def test_public_tournament_page_in_italian(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = evening(club, organiser, pairs=5)
    first = tournament.round_set.get(number=1)
    second = tournament.round_set.get(number=2)
    winner = seat_of(first, "ns", 1)
    text = words(italian(anonymous_client, url("public_tournament", tournament)))
    # the standings: 1800 MP written as an Italian writes it, the pair column in the game's word
    assert "Coppia" in text
    assert f"1 {winner.number} {winner.names} 20 1.800 1" in text
    assert "1800" not in text
    # the seating in the glossary's Italian: Tavolo, N-S / E-O, the tavolo zoppo
    ns, ew = seat_of(second, "ns", 1), seat_of(second, "ew", 1)
    assert f"Tavolo 1 N-S {ns.number} {ns.names} E-O {ew.number} {ew.names}" in text
    assert "tavolo zoppo" in text
    assert "17 novembre 2026" in text.lower()  # the Italian date order
    assert tournament.words["game"] == "Burraco Classico" and "Burraco Classico" in text


def test_the_standings_csv_stays_english_and_plain_in_italian(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = evening(club, organiser, pairs=5)
    address = reverse("public_standings_csv", args=[club.slug, tournament.slug])
    in_italian = anonymous_client.get(address, HTTP_ACCEPT_LANGUAGE="it").content
    assert in_italian == anonymous_client.get(address).content  # byte for byte
    header, *rows = csv.reader(io.StringIO(in_italian.decode()))
    assert header == ["rank", "pair_number", "players", "vp", "mp", "rounds_played", "decisions"]
    assert ["20", "1800"] in [row[3:5] for row in rows]


def test_pair_page_in_italian(club: Club, organiser: User, anonymous_client: Client) -> None:
    tournament = evening(club, organiser, pairs=5)
    first = tournament.round_set.get(number=1)
    winner, loser = seat_of(first, "ns", 1), seat_of(first, "ew", 1)
    page = italian(anonymous_client, url("public_pair", tournament, winner.number))
    text = words(page)
    assert f"Coppia {winner.number}" in text
    assert "1.800" in text  # the pair's MP
    assert "Turno 1 Tavolo 1 · Nord-Sud" in text
    # deal by deal: smazzata, the kind of burraco in Italian, the penalty with a real minus
    assert f"Smazzata 1 {winner.number} 300 burraco pulito +300 0 600" in text
    assert f"{loser.number} 100 – 0 {MINUS}30 70" in text
    # the charts: the x axis says turno, their numbers grouped the Italian way
    assert page.count('text-anchor="middle">Turno</text>') == 2
    assert '<text class="value"' in page and ">1.800</text>" not in page  # VP: 20, not MP


def test_find_and_projector_in_italian(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = evening(club, organiser, pairs=5)
    second = tournament.round_set.get(number=2)
    ns = seat_of(second, "ns", 1)
    find = words(italian(anonymous_client, url("public_find", tournament)))
    assert "Giocatore Coppia Tavolo" in find
    last = ns.player_one.last_name
    assert f"{last} {ns.player_one.first_name} {ns.number} 1 N-S" in find
    projector = words(italian(anonymous_client, url("public_projector", tournament)))
    assert "1.800" in projector and " E-O " in projector
    club_page = words(italian(anonymous_client, reverse("public_club", args=[club.slug])))
    assert "17 novembre 2026" in club_page.lower()


def test_target_format_writes_the_difference_with_a_real_minus(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = make_tournament(club, pairs=2, published=True, format="target")
    round_ = next_round(tournament)
    play(round_, organiser, deals=4)  # 2400 to 280: North-South win
    ns, ew = seat_of(round_, "ns"), seat_of(round_, "ew")
    text = words(italian(anonymous_client, url("public_tournament", tournament)))
    # matches won, point difference, then the points scored (MP); no VP in a match format
    assert f"1 {ns.number} {ns.names} 1 +2.120 2.400 1" in text
    assert f"2 {ew.number} {ew.names} 0 {MINUS}2.120 280 1" in text


def test_print_pages_in_italian(club: Club, organiser: User, organiser_client: Client) -> None:
    tournament = evening(club, organiser, pairs=5)
    second = tournament.round_set.get(number=2)
    out = bye_pair(second)
    sheets = words(italian(organiser_client, reverse("print_score_sheets", args=[second.pk])))
    assert "Tavolo 1" in sheets and "turno 2 · tuesday evening · 17 novembre 2026" in sheets.lower()
    assert "Burraco pulito" in sheets and "Pozzetto" in sheets and "Smazzata" in sheets
    assert "turno 2)" not in sheets  # no Italian word in brackets after an English one
    seating = words(italian(organiser_client, reverse("print_seating", args=[second.pk])))
    assert "Tavolo Nord-Sud Est-Ovest" in seating
    assert f"{out.number} {out.names}" in seating and "tavolo zoppo" in seating
    standings = italian(organiser_client, reverse("print_standings", args=[tournament.pk]))
    assert " 1.800 " in words(standings)


def test_public_season_page_in_italian(
    championship: Season,  # noqa: F811
    anonymous_client: Client,
) -> None:
    championship.tournaments.filter(status=Tournament.Status.FINISHED).update(published=True)
    address = reverse("season_public", args=["roma", championship.slug])
    text = words(italian(anonymous_client, address))
    assert "3.070" in text and "3070" not in text


@pytest.mark.parametrize("language", ["es", "pt-br", "de"])
def test_the_directions_follow_the_language(
    club: Club, organiser: User, anonymous_client: Client, language: str
) -> None:
    tournament = evening(club, organiser, pairs=4)
    page = anonymous_client.get(url("public_find", tournament), HTTP_ACCEPT_LANGUAGE=language)
    text = words(page.content.decode())
    expected = {"es": "E-O", "pt-br": "L-O", "de": "O-W"}[language]
    assert f" {expected} " in text
    assert " E-W " not in text
