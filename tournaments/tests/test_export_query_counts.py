"""Every export, print page and the backup's export reads a tournament in the same few queries
whatever its size: the same count for a field of 6 pairs and one of 14, and that count pinned,
so that a query a row (a pair, a table, a deal side) cannot come back unseen (bench/exports.py
times them at 500 pairs)."""

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.backup import tournament_export
from tournaments.models import Club, Tournament
from tournaments.tests.test_exports import played

SIZES = (6, 14)

EXPORT_QUERIES = {
    "standings_csv": 9,  # one asks if the event has phases (the girone column), one its sessions
    "deal_results_csv": 6,
    "federation_csv": 8,
    "public_standings_csv": 6,
    "standings_xlsx": 9,
    "deal_results_xlsx": 7,
    "federation_xlsx": 8,
    "public_standings_xlsx": 6,
}
"""Queries of each file's download, the organiser's session and user included."""
PRINT_QUERIES = {
    "print_seating": 8,  # the round's session too
    "print_score_sheets": 7,
    "print_standings": 6,
    "print_slips": 5,
}
"""Queries of each print page (of round 1 for the seating and the score sheets)."""
BACKUP_EXPORT_QUERIES = 13


def evenings(club: Club, organiser: User) -> list[Tournament]:
    """Two finished tournaments of two rounds, of 6 and of 14 pairs (3 and 7 tables)."""
    return [
        played(club, organiser, pairs=pairs, rounds=2, name=f"Evening of {pairs}", published=True)
        for pairs in SIZES
    ]


def queries(client: Client, address: str) -> int:
    """The queries of one cold download (the cache emptied) of a page that answers 200."""
    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        response = client.get(address)
    assert response.status_code == 200, address
    return len(captured.captured_queries)


def test_every_file_costs_the_same_queries_at_6_and_14_pairs(
    club: Club, organiser: User, organiser_client: Client, anonymous_client: Client
) -> None:
    tournaments = evenings(club, organiser)
    organiser_client.get(reverse("dashboard"))  # the session, read once before counting
    found = []
    for tournament in tournaments:
        per_file = {}
        for name in EXPORT_QUERIES:
            if name.startswith("public_"):
                address = reverse(name, args=[club.slug, tournament.slug])
                per_file[name] = queries(anonymous_client, address)
            else:
                per_file[name] = queries(organiser_client, reverse(name, args=[tournament.pk]))
        found.append(per_file)
    assert found == [EXPORT_QUERIES, EXPORT_QUERIES]


def test_every_print_page_costs_the_same_queries_at_6_and_14_pairs(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournaments = evenings(club, organiser)
    organiser_client.get(reverse("dashboard"))
    found = []
    for tournament in tournaments:
        first = tournament.round_set.get(number=1)
        per_page = {}
        for name in PRINT_QUERIES:
            pk = first.pk if name in ("print_seating", "print_score_sheets") else tournament.pk
            per_page[name] = queries(organiser_client, reverse(name, args=[pk]))
        found.append(per_page)
    assert found == [PRINT_QUERIES, PRINT_QUERIES]


@pytest.mark.parametrize("pairs", SIZES)
def test_a_backup_is_read_in_the_same_queries_at_6_and_14_pairs(
    club: Club, organiser: User, pairs: int
) -> None:
    tournament = played(club, organiser, pairs=pairs, rounds=2)
    with CaptureQueriesContext(connection) as captured:
        data = tournament_export(tournament=tournament)
    assert len(data["pairs"]) == pairs
    assert sum(len(table["deals"]) for r in data["rounds"] for table in r["tables"]) == pairs * 3
    assert len(captured.captured_queries) == BACKUP_EXPORT_QUERIES
