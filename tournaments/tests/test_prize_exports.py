"""The prize list in the files (issue 26, item 1: "prizes in the exports"): the organiser's
CSV and Excel, the public CSV once the prizes are published, the standings page's link to the
prizes, and the backup that keeps the prize plan.

The evening and the plan are test_views_prizes.py's: 1st EUR 200, 2nd 125, 3rd 80, 4th 50, last
place 10, a Hort tie over 2nd-3rd (pair 5 takes 113.75, pair 1 91.25, worked out by hand
there)."""

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from tournaments import services
from tournaments.backup import tournament_export
from tournaments.backup.reading import read
from tournaments.models import Club, Tournament
from tournaments.tests.test_views_prizes import PLAN, finished_evening

ROWS: list[list[str | None]] = [
    ["group", "place", "pair_number", "names", "amount", "currency", "item", "note"],
    ["Overall", "1", "3", None, "200.00", "EUR", "", ""],
    ["Overall", "2", "5", None, "113.75", "EUR", "", "tied: shared by Hort"],
    ["Overall", "3", "1", None, "91.25", "EUR", "", "tied: shared by Hort"],
    ["Overall", "4", "7", None, "50.00", "EUR", "", ""],
    ["Last place", "1", "8", None, "10.00", "EUR", "", ""],
]


@pytest.fixture
def evening(club: Club, organiser_client: Client) -> Tournament:
    tournament = finished_evening(club)
    organiser_client.post(reverse("prize_plan", args=[tournament.pk]), PLAN)
    tournament.refresh_from_db()
    return tournament


def _names(tournament: Tournament, number: int) -> str:
    return tournament.pairs.get(number=number).names


def _expected(tournament: Tournament) -> list[list[str]]:
    """ROWS with each winner's names (None: the pair's names, read from the tournament)."""
    rows = []
    for row in ROWS:
        texts = [cell or "" for cell in row]
        if row[3] is None:
            texts[3] = _names(tournament, int(texts[2]))
        rows.append(texts)
    return rows


def test_the_organisers_prize_files_list_what_the_hand_computation_pays(
    evening: Tournament, organiser_client: Client
) -> None:
    response = organiser_client.get(reverse("prizes_csv", args=[evening.pk]))
    assert response["Content-Type"].startswith("text/csv")
    assert f"{evening.club.slug}_{evening.slug}_prizes.csv" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows == _expected(evening)
    assert sum(float(row[4]) for row in rows[1:]) == 465.00  # the total paid, by hand

    response = organiser_client.get(reverse("prizes_xlsx", args=[evening.pk]))
    sheet = load_workbook(io.BytesIO(response.content)).worksheets[0]
    values = [list(row) for row in sheet.iter_rows(values_only=True)]
    assert values[0] == ["Prize", "Place", "Pair", "Names", "Amount", "Currency", "Item", "Note"]
    assert values[2][:5] == ["Overall", 2, 5, _names(evening, 5), 113.75]
    page = organiser_client.get(reverse("prize_plan", args=[evening.pk])).content.decode()
    assert reverse("prizes_csv", args=[evening.pk]) in page


def test_an_unfinished_tournaments_prize_file_says_why_not(
    club: Club, organiser_client: Client, evening: Tournament
) -> None:
    Tournament.objects.filter(pk=evening.pk).update(status=Tournament.Status.RUNNING)
    response = organiser_client.get(reverse("prizes_csv", args=[evening.pk]), follow=True)
    assert "The prizes can be published once the tournament is finished." in (
        response.content.decode()
    )


def test_the_public_prize_file_and_the_standings_link_wait_for_publishing(
    evening: Tournament, organiser_client: Client, client: Client
) -> None:
    services.tournament_publish(tournament=evening, published=True)
    slugs = [evening.club.slug, evening.slug]
    public_csv = reverse("public_prizes_csv", args=slugs)
    prizes_page = reverse("public_prizes", args=slugs)
    assert client.get(public_csv).status_code == 404
    standings = client.get(reverse("public_tournament", args=slugs)).content.decode()
    assert prizes_page not in standings
    services.prizes_publish(tournament=evening, published=True)
    rows = list(csv.reader(io.StringIO(client.get(public_csv).content.decode())))
    assert rows == _expected(evening)
    standings = client.get(reverse("public_tournament", args=slugs)).content.decode()
    assert f'href="{prizes_page}"' in standings and "Prizes: who wins what" in standings
    assert public_csv in client.get(prizes_page).content.decode()


def test_a_backup_keeps_the_prize_plan(evening: Tournament, club: Club) -> None:
    """The file carries the plan, the level and the switch, and reading it back gives them (the
    whole restore of a played evening is test_backup.py's; this evening's standings are set by
    hand, which a restore would rightly refuse)."""
    data = tournament_export(tournament=evening)
    head = data["tournament"]
    assert (head["prize_plan"], head["prize_level"]) == (evening.prize_plan, "club")
    copy = read(data, club).tournament
    assert (copy.prize_plan, copy.prize_level) == (evening.prize_plan, evening.prize_level)
    for name in ("prize_plan", "prize_level", "prizes_published"):
        del head[name]  # a file written before prizes: no plan
    assert read(data, club).tournament.prize_plan in (None, {}, [])
