"""An individual evening's pages name its entrants players (issue 25): the organiser's pages,
the prints, the public pages and a player's own, asked of `rules.shapes.entrant_text` and
`Tournament.entrant_word`; a pairs evening's pages read as before. A player's "my evening"
lists each past round with the seat, the partner and both opponents by name, and the VP and MP
the player was credited, at a number of queries that does not grow with the rounds."""

import datetime
import html as html_lib
import re

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Tournament
from tournaments.rules.entrant_texts import entrant_text
from tournaments.services.decisions import decision_take
from tournaments.tests.test_individual_tournaments import PLAYERS_12, individual, play

PAIR_WORD = re.compile(r"\bpairs?\b|\bpair's\b|\bpairs'", re.I)


def said(page: str) -> str:
    """The words a reader sees or hears: the text, and the titles, labels, placeholders and
    confirmations (scripts, styles and comments left out)."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S | re.I)
    page = re.sub(r"<!--.*?-->", " ", page, flags=re.S)
    attributes = re.findall(
        r'\b(?:title|aria-label|placeholder|alt|data-confirm|hx-confirm|data-working)="([^"]*)"',
        page,
    )
    text = re.sub(r"<[^>]+>", " ", page)
    return re.sub(r"\s+", " ", html_lib.unescape(" ".join([text, *attributes]))).strip()


def pair_words(page: str) -> list[str]:
    """Each stretch of the visible text that says "pair", with a little context."""
    text = said(page)
    return [text[max(m.start() - 40, 0) : m.end() + 40] for m in PAIR_WORD.finditer(text)]


@pytest.fixture
def evening(club: Club, organiser: User) -> Tournament:
    """12 players, published, results entered by the players: round 1 played, round 2 seated."""
    tournament = individual(club, PLAYERS_12, published=True, result_entry="players", rounds=3)
    first = play(tournament, 1, organiser)
    decision_take(
        table=first.tables.get(number=2), kind="penalty", pair=tournament.pairs.get(number=3),
        mp=50, reason="Slow play", user=organiser,
    )  # fmt: skip
    services.round_prepare(tournament=tournament, seed=2)
    return tournament


def test_an_individual_evening_s_pages_say_player_where_they_meant_pair(
    evening: Tournament, organiser_client: Client
) -> None:
    club, first = evening.club, evening.round_set.get(number=1)
    second = evening.round_set.get(number=2)
    player = evening.pairs.get(number=7)
    table = first.tables.get(number=2)  # N 2, S 3, E 5, W 7; a penalty on player 3
    pages = {
        "pairs": reverse("pairs_add", args=[evening.pk]),
        "round board, seated": reverse("round_board", args=[second.pk]),
        "round board, played": reverse("round_board", args=[first.pk]),
        "check-in": reverse("check_in", args=[evening.pk]),
        "slips": reverse("print_slips", args=[evening.pk]),
        "printed seating": reverse("print_seating", args=[second.pk]),
        "score sheets": reverse("print_score_sheets", args=[second.pk]),
        "standings print": reverse("print_standings", args=[evening.pk]),
        "balance": reverse("balance_report", args=[evening.pk]),
        "public standings": reverse("public_tournament", args=[club.slug, evening.slug]),
        "projector": reverse("public_projector", args=[club.slug, evening.slug]),
        "find your table": reverse("public_find", args=[club.slug, evening.slug]),
        "player's table": reverse("link_table", args=[player.token]),
        "my evening": reverse("link_evening", args=[player.token]),
        "player's public page": reverse("public_pair", args=[club.slug, evening.slug, 7]),
        "change log": reverse("tournament_changes", args=[evening.pk]),
        "table page": reverse("table_entry", args=[table.pk]),
        "decision page": reverse("table_decision", args=[table.pk]),
        "tournament page": reverse("tournament_detail", args=[evening.pk]),
    }
    for name, url in pages.items():
        response = organiser_client.get(url)
        assert response.status_code == 200, name
        assert pair_words(response.content.decode()) == [], name
    pairs_page = said(organiser_client.get(pages["pairs"]).content.decode())
    assert "Players of “Singolo del giovedì”" in pairs_page
    assert "Players: 12" in pairs_page and "Print the player slips" in pairs_page
    assert "Round 2 is seated: a player added now is a late player." in pairs_page
    board = said(organiser_client.get(pages["round board, seated"]).content.decode())
    assert "Swap two players" in board and "Swap player" in board and "with player" in board
    assert "Mitchell" not in board  # no step to give: no Mitchell seats players
    slips = said(organiser_client.get(pages["slips"]).content.decode())
    assert "Player code" in slips and "Player slips" in slips
    check_in = said(organiser_client.get(pages["check-in"]).content.decode())
    assert "0 of 12 players checked in." in check_in
    assert "E-mail addresses of player 7" in check_in
    find = organiser_client.get(pages["find your table"]).content.decode()
    assert '<th class="num">Player</th>' in find
    public = said(organiser_client.get(pages["public standings"]).content.decode())
    assert "a name to see the player's rounds" in public
    detail = said(organiser_client.get(pages["tournament page"]).content.decode())
    assert "Print the player slips" in detail
    assert "Players level on VP are ranked by" in detail
    log = said(organiser_client.get(pages["change log"]).content.decode())
    assert "Players added: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12." in log
    assert "Player added" in log and "player 3, −50 MP" in log
    decision = organiser_client.get(pages["decision page"]).content.decode()
    assert "On which player or partnership?" in said(decision)
    # the four players of the table, each alone, North, South, East, West
    chosen = re.findall(r'name="pair" value="(\d+)"', decision)
    assert chosen == ["2", "3", "5", "7"]
    public = said(organiser_client.get(pages["public standings"]).content.decode())
    assert "Player 3. Round 1, table 2. −50 MP." in public
    page = said(organiser_client.get(pages["player's public page"]).content.decode())
    assert "Table 2 · West Your partner: 5, Nome5 Cognome5" in page
    assert "Against: 2, Nome2 Cognome2; 3, Nome3 Cognome3" in page
    assert "Deal 1 7 – 5 140" in page  # the deal's lines name each partnership's players
    player_page = said(
        organiser_client.get(reverse("pair_detail", args=[player.pk])).content.decode()
    )
    assert "Player 7: Nome7 Cognome7" in player_page and "Withdraw the player" in player_page
    assert "Private link and player code" in player_page


def test_seating_an_individual_round_offers_no_mitchell_step(
    club: Club, organiser_client: Client
) -> None:
    tournament = individual(club, PLAYERS_12, rounds=3)
    page = organiser_client.get(reverse("round_prepare", args=[tournament.pk])).content.decode()
    assert pair_words(page) == []
    text = said(page)
    assert "12 players play, none sits out" in text
    assert "Mitchell" not in text and 'name="step"' not in page
    assert "8 players: the complete schedule, 12 players: the rotation" in text
    assert "The seating of 12 players is worked out and saved" in text
    # a player's link before round 1 is seated: their own page waits for their table
    waiting = Client().get(reverse("link_evening", args=[tournament.pairs.get(number=7).token]))
    assert pair_words(waiting.content.decode()) == []
    assert "Player 7" in said(waiting.content.decode())
    # 13 players: one sits out, the others play at three tables
    services.pairs_add(tournament=tournament, text="Nome13 Cognome13")
    text = said(
        organiser_client.get(reverse("round_prepare", args=[tournament.pk])).content.decode()
    )
    assert "13 players play: 1 sits out" in text
    # seating it without a step: the rotation's first round is saved
    response = organiser_client.post(
        reverse("round_prepare", args=[tournament.pk]), {"movement": "random", "seed": 5}
    )
    assert response.status_code == 302
    assert tournament.round_set.get(number=1).movement == "random"


def test_the_message_after_creating_an_individual_evening_asks_for_players(
    club: Club, organiser_client: Client
) -> None:
    tournament = services.tournament_create(
        club=club, name="Singolo", date=datetime.date(2026, 11, 19), variant="classico",
        entrants="players", rounds=2,
    )  # fmt: skip
    created = entrant_text(tournament, "created", name=tournament.name)
    assert created == "“Singolo” is created. Now add the players."
    page = organiser_client.get(reverse("pairs_add", args=[tournament.pk])).content.decode()
    text = said(page)
    assert pair_words(page) == []
    assert "Add the players" in text and "No players yet." in text
    assert "A file of players (CSV or Excel .xlsx)" in text


def test_a_pairs_evening_still_says_pairs(club: Club, organiser_client: Client) -> None:
    tournament = services.tournament_create(
        club=club, name="Martedì", date=datetime.date(2026, 11, 17), variant="classico", rounds=2
    )
    services.pairs_add(tournament=tournament, text="A B / C D\nE F / G H\nI J / K L\nM N / O P")
    text = said(organiser_client.get(reverse("pairs_add", args=[tournament.pk])).content.decode())
    assert "Pairs of “Martedì”" in text and "Pairs: 4" in text and "Add the pairs" in text
    text = said(
        organiser_client.get(reverse("round_prepare", args=[tournament.pk])).content.decode()
    )
    assert "4 pairs play, none sits out" in text and "Mitchell step" in text
    assert "The seating of 4 pairs is worked out and saved" in text


def round_cards(page: str) -> dict[int, str]:
    """My evening's past rounds: round number -> the card's visible text."""
    cards = re.findall(r'<article class="card round-card[^"]*">(.*?)</article>', page, re.S)
    found = {}
    for card in cards:
        text = said(card)
        number = re.match(r"Round (\d+)", text)
        assert number is not None, text
        found[int(number.group(1))] = text
    return found


def test_my_evening_lists_each_past_round_with_partner_opponents_seat_vp_and_mp(
    club: Club, organiser: User
) -> None:
    tournament = individual(club, PLAYERS_12, published=True, result_entry="players", rounds=3)
    play(tournament, 1, organiser)
    play(tournament, 2, organiser)
    services.round_prepare(tournament=tournament, seed=3)
    player = tournament.pairs.get(number=7)
    page = Client().get(reverse("link_evening", args=[player.token])).content.decode()
    cards = round_cards(page)
    # round 1: West at table 2 (N 2, S 3, E 5, W 7); table 2 N-S 520 MP 9 VP, E-W 665 MP 11 VP
    assert "Table 2 · West" in cards[1]
    assert "Your partner: 5, Nome5 Cognome5" in cards[1]
    assert "Against: 2, Nome2 Cognome2; 3, Nome3 Cognome3" in cards[1]
    assert "MP 665 – 520" in cards[1] and "VP 11 – 9" in cards[1]
    # round 2: East at table 3 (N 5, S 10, E 7, W 11); N-S 1155 MP 17 VP, E-W 215 MP 3 VP
    assert "Table 3 · East" in cards[2]
    assert "Your partner: 11, Nome11 Cognome11" in cards[2]
    assert "Against: 5, Nome5 Cognome5; 10, Nome10 Cognome10" in cards[2]
    assert "MP 215 – 1,155" in cards[2] and "VP 3 – 17" in cards[2]
    # running totals: 11 + 3 = 14 VP, 665 + 215 = 880 MP, 9th (the ranks of the 12-player test)
    totals = said(re.search(r'<dl class="totals">(.*?)</dl>', page, re.S).group(1))  # type: ignore[union-attr]
    assert "Rank 9" in totals and "VP 14" in totals and "MP 880" in totals
    assert "Rounds played 2" in totals
    # round 3 seated and published: the next table, seat, partner and both opponents
    seat = tournament.round_set.get(number=3).seats.get(pair=player)
    others = {s.position: s.pair for s in seat.table.seats.select_related("pair") if s != seat}
    partner = next(
        p for pos, p in others.items() if pos in ("NS" if seat.position in "NS" else "EW")
    )
    text = said(page)
    assert "Next: Round 3" in text or "Now: Round 3" in text
    assert f"Table {seat.table.number} · {seat.get_position_display()}" in text
    assert f"Your partner: {partner.number}, {partner.names}" in text
    assert pair_words(page) == []


def evening_queries(token: str) -> int:
    cache.clear()  # the player's history is cached: count the cold page
    with CaptureQueriesContext(connection) as queries:
        assert Client().get(reverse("link_evening", args=[token])).status_code == 200
    return len(queries)


def test_my_evening_reads_as_many_queries_after_one_round_as_after_two(
    club: Club, organiser: User
) -> None:
    tournament = individual(club, PLAYERS_12, published=True, result_entry="players", rounds=3)
    token = tournament.pairs.get(number=7).token
    play(tournament, 1, organiser)
    after_one = evening_queries(token)
    play(tournament, 2, organiser)
    assert evening_queries(token) == after_one


SIDE_THAT_CLOSED = "The pair that went out; nobody if the deal ended without a closing."
"""The score sheet's help on who closed: at an individual table too the side that went out is
a partnership of two players, a pair in the game's sense, so it keeps its word."""


def test_a_round_in_play_speaks_of_players_on_the_board_and_the_player_s_table(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = individual(club, PLAYERS_12, published=True, result_entry="players", rounds=3)
    round_ = services.round_prepare(tournament=tournament, seed=1).round
    services.round_start(round=round_)
    player = tournament.pairs.get(number=7)  # West at table 2: partner 5, against 2 and 3
    board = organiser_client.get(reverse("round_board", args=[round_.pk])).content.decode()
    assert pair_words(board) == []
    assert "Takes the table from the players' phones" in said(board)
    table = Client().get(reverse("link_table", args=[player.token])).content.decode()
    text = said(table).replace(SIDE_THAT_CLOSED, "")
    assert PAIR_WORD.findall(text) == []
    assert "on this phone with one of their player codes or on their own" in text


def test_the_round_board_opens_each_of_the_four_players_pages(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    """At an individual table the board offers North's, South's, East's and West's own page,
    each the link of the player in that seat (it offered one link a side, so the organiser
    could not open South's or West's page)."""
    tournament = individual(club, PLAYERS_12, published=True, result_entry="players", rounds=3)
    round_ = services.round_prepare(tournament=tournament, seed=1).round
    services.round_start(round=round_)
    board = organiser_client.get(reverse("round_board", args=[round_.pk])).content.decode()
    table = round_.tables.get(number=2)
    seats = {seat.position: seat.pair.token for seat in table.seats.select_related("pair")}
    assert sorted(seats) == ["E", "N", "S", "W"]
    links = re.findall(
        r'href="/p/([a-z0-9]+)/" target="_blank" rel="noopener">(\w+)\'s page', board
    )
    by_token = dict(links)
    for position, name in (("N", "North"), ("S", "South"), ("E", "East"), ("W", "West")):
        assert by_token[str(seats[position])] == name
    assert len(links) == 12  # three tables, four players each
