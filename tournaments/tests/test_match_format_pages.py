"""A match-format (target) evening's standings show what ranks its pairs, matches won and point
difference, then the points scored (MP), and no column of VP (always 0 there), on every page
that shows them: the organiser's tournament page, the public page, the projector and the
printed standings. The files keep every column the README promises, VP included; a deals
evening still shows VP."""

import csv
import io
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tournaments.models import Club, Tournament
from tournaments.tests.test_public_pages import evening, words

MATCH_COLUMNS = [
    "Rank",
    "Pair",
    "Players",
    "Matches won",
    "Point difference",
    "MP",
    "Rounds played",
]
DEALS_COLUMNS = ["Rank", "Pair", "Players", "VP", "MP", "Rounds played"]


@pytest.fixture(autouse=True)
def empty_cache(db: None) -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


def headers(page: str) -> list[str]:
    """The headings of the page's standings table (the one with class "standings")."""
    table = re.search(r'<table[^>]*class="[^"]*\bstandings\b[^"]*"[^>]*>(.*?)</thead>', page, re.S)
    assert table, "no standings table"
    return [words(cell) for cell in re.findall(r"<th\b[^>]*>(.*?)</th>", table[1], re.S)]


def pages(tournament: Tournament, organiser: Client, anyone: Client) -> dict[str, Any]:
    public = [tournament.club.slug, tournament.slug]
    return {
        "organiser": organiser.get(reverse("tournament_detail", args=[tournament.pk])),
        "public": anyone.get(reverse("public_tournament", args=public)),
        "projector": anyone.get(reverse("public_projector", args=public)),
        "print": organiser.get(reverse("print_standings", args=[tournament.pk])),
    }


def test_match_format_pages_show_matches_won_and_no_vp(
    club: Club, organiser: User, organiser_client: Client, anonymous_client: Client
) -> None:
    tournament = evening(club, organiser, pairs=4, format="target", target_score=1500)
    for where, response in pages(tournament, organiser_client, anonymous_client).items():
        assert response.status_code == 200, where
        assert headers(response.content.decode()) == MATCH_COLUMNS, where
    public = [club.slug, tournament.slug]
    text = anonymous_client.get(reverse("public_standings_csv", args=public)).content.decode()
    header, *rows = csv.reader(io.StringIO(text))
    assert header == [
        "rank", "pair_number", "players", "vp", "mp", "matches_won", "point_difference",
        "rounds_played", "decisions",
    ]  # fmt: skip
    assert {row[3] for row in rows} == {"0"}  # the file's VP: there is none in a match


def test_deals_format_pages_keep_vp(
    club: Club, organiser: User, organiser_client: Client, anonymous_client: Client
) -> None:
    tournament = evening(club, organiser, pairs=4)
    for where, response in pages(tournament, organiser_client, anonymous_client).items():
        assert headers(response.content.decode()) == DEALS_COLUMNS, where
