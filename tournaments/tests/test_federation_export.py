"""The federation's file: a finished tournament's final standings with each player's card
number, a row per pair, as CSV (stable names) and Excel (the reader's headers); refused until
the tournament is finished."""

import io

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from tournaments.models import Club, Player
from tournaments.tests.test_exports import played, read_csv

FEDERATION_HEADER = [
    "rank", "pair_number",
    "player_one_last_name", "player_one_first_name", "player_one_card_number",
    "player_two_last_name", "player_two_first_name", "player_two_card_number",
    "vp", "mp", "rounds_played", "from_round", "to_round",
]  # fmt: skip


def give_cards(tournament: object) -> None:
    for index, player in enumerate(Player.objects.order_by("pk"), 1):
        player.card_number = f"IT-{index:05d}"
        player.save()


def test_the_federation_csv_has_every_players_card_number_in_final_order(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = played(club, organiser, pairs=4, rounds=1, deals=3)
    give_cards(tournament)
    response = organiser_client.get(reverse("federation_csv", args=[tournament.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith(
        f'filename="{club.slug}_{tournament.slug}_federation.csv"'
    )
    header, *rows = read_csv(response)
    assert header == FEDERATION_HEADER
    assert len(rows) == 4
    # every table ended N-S 750, E-W -170 three times: 2250 - (-510) = 2760 MP, top band VP
    winners = [row for row in rows if row[0] == "1"]
    assert len(winners) == 2 and all(row[9] == "2250" for row in winners)
    losers = [row for row in rows if row[0] == "3"]
    assert len(losers) == 2 and all(row[9] == "-510" for row in losers)
    assert [int(row[8]) for row in rows] == sorted((int(row[8]) for row in rows), reverse=True)
    cards = {row[4] for row in rows} | {row[7] for row in rows}
    assert len(cards) == 8 and all(card.startswith("IT-") for card in cards)
    pair = tournament.pairs.get(number=int(rows[0][1]))
    assert rows[0][2:5] == [
        pair.player_one.last_name,
        pair.player_one.first_name,
        pair.player_one.card_number,
    ]


def test_the_federation_file_of_a_match_evening_adds_matches_won_and_difference(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = played(club, organiser, pairs=2, rounds=1, deals=3, format="target")
    header, *rows = read_csv(organiser_client.get(reverse("federation_csv", args=[tournament.pk])))
    assert header[-5:] == [
        "matches_won", "point_difference", "rounds_played", "from_round", "to_round",
    ]  # fmt: skip
    assert sorted(int(row[-5]) for row in rows) == [0, 1]


def test_the_federation_excel_file_reads_back_with_headers_in_italian(
    club: Club, organiser: User
) -> None:
    tournament = played(club, organiser, pairs=4, rounds=1, deals=3)
    give_cards(tournament)
    client = Client(HTTP_ACCEPT_LANGUAGE="it")
    client.force_login(organiser)
    response = client.get(reverse("federation_xlsx", args=[tournament.pk]))
    assert response.status_code == 200
    book = load_workbook(io.BytesIO(response.content))
    sheet = book.worksheets[0]
    header = [cell.value for cell in sheet[1]]
    assert header[:3] == ["Posizione", "Coppia", "Cognome (1)"]
    assert header[4] == "Tessera (1)"
    values = [[cell.value for cell in row] for row in sheet.iter_rows(min_row=2)]
    assert len(values) == 4
    assert {row[9] for row in values} == {2250, -510}  # numbers stay numbers
    assert all(str(row[4]).startswith("IT-") for row in values)


@pytest.mark.parametrize("what", ["federation_csv", "federation_xlsx"])
def test_a_tournament_not_finished_has_no_federation_file_yet(
    what: str, club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = played(club, organiser, pairs=4, rounds=1, deals=3, finish=False)
    response = organiser_client.get(reverse(what, args=[tournament.pk]), follow=True)
    assert response.redirect_chain[-1][0] == reverse("tournament_detail", args=[tournament.pk])
    assert "The federation file holds the final standings: finish the tournament first." in (
        response.content.decode()
    )
