"""The files of an individual evening (issue 25): the deals file names the four players of each
side's table, the federation file has one line per player with their card number and their own
result, the standings xlsx agrees with the CSV and the page; a pairs evening's files are pinned
apart (test_exports_golden.py). An 8-player evening, two rounds of the complete schedule,
played through the services and worked by hand."""

import csv
import datetime
import io
from html.parser import HTMLParser
from typing import Any

import openpyxl
import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Player, Round, Table, Tournament
from tournaments.tests.export_evening import EW_STUCK, NS_CLOSES, PLAIN

PLAYERS_8 = "\n".join(f"Nome{n} Cognome{n}" for n in range(1, 9))

CLOSES_AGAINST_STUCK = [NS_CLOSES, EW_STUCK]  # 760 v -180
STUCK_AGAINST_CLOSES = [EW_STUCK, NS_CLOSES]  # -180 v 760
PLAIN_AGAINST_PLAIN = [PLAIN, PLAIN]  # 125 v 125

DEALS = {
    1: {
        1: [CLOSES_AGAINST_STUCK] * 3,  # 2280 v -540: 20-0
        2: [PLAIN_AGAINST_PLAIN] * 3,  # 375 v 375: 10-10
    },
    2: {
        1: [PLAIN_AGAINST_PLAIN] * 3,  # 375 v 375: 10-10
        2: [STUCK_AGAINST_CLOSES] * 3,  # -540 v 2280: 0-20
    },
}


def seating(round_: Round) -> list[tuple[int, ...]]:
    """Each table's player numbers, N, S, E, W."""
    return [
        tuple(
            seat.pair.number
            for seat in sorted(
                table.seats.select_related("pair"), key=lambda s: "NSEW".index(s.position)
            )
        )
        for table in round_.tables.order_by("number")
    ]


def play(tournament: Tournament, number: int, user: User) -> Round:
    round_ = services.round_prepare(tournament=tournament, seed=number).round
    services.round_start(round=round_)
    for table_number, deals in DEALS[number].items():
        table = Table.objects.get(round=round_, number=table_number)
        for deal, sides in enumerate(deals, 1):
            table.refresh_from_db()
            services.deal_record(
                table=table, number=deal, sides=sides, mode="summary", user=user,
                version=table.version,
            )  # fmt: skip
    return round_


def eight_players(club: Club) -> Tournament:
    """The 8-player evening of two rounds, each player with a card number (T001 …)."""
    tournament = services.tournament_create(
        club=club,
        name="Singolo del martedì",
        date=datetime.date(2026, 11, 24),
        variant="classico",
        entrants="players",
        rounds=2,
    )
    services.pairs_add(tournament=tournament, text=PLAYERS_8)
    for n in range(1, 9):
        Player.objects.filter(club=club, last_name=f"Cognome{n}").update(card_number=f"T{n:03}")
    return tournament


@pytest.fixture
def evening(club: Club) -> Tournament:
    return eight_players(club)


def read_csv(client: Client, name: str, tournament: Tournament) -> list[list[str]]:
    response = client.get(reverse(name, args=[tournament.pk]))
    assert response.status_code == 200, name
    return list(csv.reader(io.StringIO(response.content.decode())))


def read_xlsx(client: Client, name: str, tournament: Tournament) -> list[list[Any]]:
    response = client.get(reverse(name, args=[tournament.pk]))
    assert response.status_code == 200, name
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).worksheets[0]
    return [[cell.value for cell in row] for row in sheet.iter_rows()]


@pytest.fixture
def played(evening: Tournament, organiser: User) -> Tournament:
    first = play(evening, 1, organiser)
    second = play(evening, 2, organiser)
    # the complete schedule's first two rounds: N + S partner E + W
    assert [first.movement, second.movement] == ["schedule8", "schedule8"]
    assert seating(first) == [(1, 2, 3, 4), (5, 6, 7, 8)]
    assert seating(second) == [(1, 5, 2, 6), (3, 8, 4, 7)]
    return evening


INDIVIDUAL_DEAL_HEADER = [
    "round", "table", "deal", "direction", "player_number", "player", "partner_number",
    "partner", "opponent_one_number", "opponent_one", "opponent_two_number", "opponent_two",
    "entry_mode", "closed", "pot", "melded_points", "hand_points", "clean", "dirty",
    "semi_clean", "noble", "royal", "wild", "burraco_bonus", "closing_bonus", "hand_penalty",
    "pot_penalty", "total", "decision",
]  # fmt: skip


def test_the_deals_file_names_the_two_partners_and_the_two_opponents_of_each_side(
    played: Tournament, organiser_client: Client
) -> None:
    header, *rows = read_csv(organiser_client, "deal_results_csv", played)
    assert header == INDIVIDUAL_DEAL_HEADER
    assert len(rows) == 2 * 2 * 3 * 2  # rounds, tables, deals, sides
    named = [[*row[:12], row[-2]] for row in rows]
    # round 1 table 1: North 1 and South 2 (760 a deal) against East 3 and West 4 (-180)
    assert named[0] == [
        "1", "1", "1", "N-S", "1", "Nome1 Cognome1", "2", "Nome2 Cognome2",
        "3", "Nome3 Cognome3", "4", "Nome4 Cognome4", "760",
    ]  # fmt: skip
    assert named[1] == [
        "1", "1", "1", "E-W", "3", "Nome3 Cognome3", "4", "Nome4 Cognome4",
        "1", "Nome1 Cognome1", "2", "Nome2 Cognome2", "-180",
    ]  # fmt: skip
    # round 2 table 2: North 3, South 8 (-180 a deal) against East 4, West 7 (760)
    assert named[-2] == [
        "2", "2", "3", "N-S", "3", "Nome3 Cognome3", "8", "Nome8 Cognome8",
        "4", "Nome4 Cognome4", "7", "Nome7 Cognome7", "-180",
    ]  # fmt: skip
    assert named[-1][4:12:2] == ["4", "7", "3", "8"]
    # every player's deal totals over the file add up to their MP (full credit, RULES.md)
    by_player: dict[str, int] = {}
    for row in rows:
        for number in (row[4], row[6]):
            by_player[number] = by_player.get(number, 0) + int(row[-2])
    mp = {str(p.number): p.mp for p in played.pairs.all()}
    assert by_player == mp == {
        "1": 2280 + 375, "2": 2280 + 375, "3": -540 - 540, "4": -540 + 2280,
        "5": 375 + 375, "6": 375 + 375, "7": 375 + 2280, "8": 375 - 540,
    }  # fmt: skip


def test_the_deals_xlsx_has_the_csv_s_rows_under_headers_in_words(
    played: Tournament, organiser_client: Client
) -> None:
    _header, *csv_rows = read_csv(organiser_client, "deal_results_csv", played)
    heads, *rows = read_xlsx(organiser_client, "deal_results_xlsx", played)
    assert heads[4:12] == [
        "Player (no.)", "Player", "Partner (no.)", "Partner", "First opponent (no.)",
        "First opponent", "Second opponent (no.)", "Second opponent",
    ]  # fmt: skip
    assert len(rows) == len(csv_rows) == 24
    for row, line in zip(rows, csv_rows, strict=True):
        assert row[4:12] == [int(v) if v.isdigit() else v for v in line[4:12]]
        assert row[-2] == int(line[-2])
    assert rows[0][3] == "N-S" and rows[1][3] == "E-W"  # the direction in words


def test_a_pairs_evening_s_deals_file_keeps_its_pair_columns(
    club: Club, organiser_client: Client
) -> None:
    from tournaments.tests.conftest import make_tournament

    pairs = make_tournament(club, pairs=4)
    header, *_rows = read_csv(organiser_client, "deal_results_csv", pairs)
    assert header[4:7] == ["pair_number", "players", "opponent_pair_number"]
    assert len(header) == len(INDIVIDUAL_DEAL_HEADER) - 5


def test_the_federation_file_has_a_line_a_player_with_card_number_and_own_result(
    played: Tournament, organiser_client: Client
) -> None:
    services.tournament_finish(tournament=played)
    header, *rows = read_csv(organiser_client, "federation_csv", played)
    assert header == [
        "rank", "player_number", "last_name", "first_name", "card_number", "vp", "mp",
        "rounds_played", "from_round", "to_round",
    ]  # fmt: skip
    # by hand: round 1 table 1 20-0 (2280 v -540), table 2 10-10 (375 each); round 2
    # table 1 10-10 (375 each), table 2 0-20 (-540 v 2280): VP, then MP, then a draw
    assert rows == [
        ["1", "1", "Cognome1", "Nome1", "T001", "30", "2655", "2", "1", "2"],
        ["1", "2", "Cognome2", "Nome2", "T002", "30", "2655", "2", "1", "2"],
        ["1", "7", "Cognome7", "Nome7", "T007", "30", "2655", "2", "1", "2"],
        ["4", "4", "Cognome4", "Nome4", "T004", "20", "1740", "2", "1", "2"],
        ["5", "5", "Cognome5", "Nome5", "T005", "20", "750", "2", "1", "2"],
        ["5", "6", "Cognome6", "Nome6", "T006", "20", "750", "2", "1", "2"],
        ["7", "8", "Cognome8", "Nome8", "T008", "10", "-165", "2", "1", "2"],
        ["8", "3", "Cognome3", "Nome3", "T003", "0", "-1080", "2", "1", "2"],
    ]
    heads, *lines = read_xlsx(organiser_client, "federation_xlsx", played)
    assert heads[:5] == ["Rank", "Player (no.)", "Surname", "First name", "Card number"]
    assert lines[0] == [1, 1, "Cognome1", "Nome1", "T001", 30, 2655, 2, 1, 2]
    assert len(lines) == 8


class StandingsRows(HTMLParser):
    """The cells' text of each row of the page's standings table."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.inside = False
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "section" and ("id", "standings") in attrs:
            self.inside = True
        elif self.inside and tag == "tr":
            self.rows.append([])
        elif self.inside and tag == "td":
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "section":
            self.inside = False
        elif tag == "td" and self.cell is not None and self.rows:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def test_the_standings_csv_xlsx_and_page_agree(
    played: Tournament, organiser_client: Client
) -> None:
    played.published = True
    played.save(update_fields=["published"])
    header, *rows = read_csv(organiser_client, "standings_csv", played)
    assert header == ["rank", "player_number", "player", "vp", "mp", "rounds_played"]
    assert rows[0] == ["1", "1", "Nome1 Cognome1", "30", "2655", "2"]
    assert rows[-1] == ["8", "3", "Nome3 Cognome3", "0", "-1080", "2"]
    heads, *cells = read_xlsx(organiser_client, "standings_xlsx", played)
    assert len(heads) == 6
    assert cells == [[int(v) if v.lstrip("-").isdigit() else v for v in row] for row in rows]
    page = StandingsRows()
    address = reverse("public_tournament", args=[played.club.slug, played.slug])
    page.feed(organiser_client.get(address).content.decode())
    shown = [row for row in page.rows if row]
    assert len(shown) == len(rows) == 8
    # the page writes 2,655 and −165 (a minus sign) where the file writes 2655 and -165; else
    # the same cells in the same order
    assert [[c.replace(",", "").replace("\u2212", "-") for c in row] for row in shown] == rows
