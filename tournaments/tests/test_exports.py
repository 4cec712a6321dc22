"""CSV exports: the standings (the same StandingsTable as the page, by TableExport), every deal
side of a tournament, the escaping of formula-looking text, the public standings CSV of a
published tournament, who may download what, and the queries an export costs."""

import csv
import io
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import exports, services
from tournaments.models import Club, Player, Round, Season, Table, Tournament
from tournaments.tests.conftest import make_tournament

NS_CLOSES = {
    "melded_points": 300, "hand_points": 0, "burracos": {"clean": 1, "semi-clean": 1},
    "pot": "taken", "closed": True,
}  # fmt: skip
"""300 melded + 200 clean + 150 semi-clean + 100 closing = 750."""
EW_STUCK = {"melded_points": 50, "hand_points": 120, "burracos": {}, "pot": "not_taken"}
"""50 melded - 120 in hand - 100 for the pot not taken = -170."""

STANDINGS_HEADER = ["rank", "pair_number", "players", "vp", "mp", "rounds_played", "decisions"]
TARGET_STANDINGS_HEADER = [
    "rank", "pair_number", "players", "vp", "mp", "matches_won", "point_difference",
    "rounds_played", "decisions",
]  # fmt: skip
"""`decisions` (the arbiter's, README "Exports") came last, after the others."""
DEALS_HEADER = [
    "round", "table", "deal", "direction", "pair_number", "players", "opponent_pair_number",
    "entry_mode", "closed", "pot", "melded_points", "hand_points",
    "clean", "dirty", "semi_clean", "noble", "royal", "wild",
    "burraco_bonus", "closing_bonus", "hand_penalty", "pot_penalty", "total", "decision",
]  # fmt: skip
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
HOSTILE_NAMES = ['=HYPERLINK("http://evil.example/x")', "-Rossi", "+Bianchi", "@Verdi"]


def play_round(round_: Round, user: User, deals: int) -> None:
    for table in round_.tables.filter(is_bye=False).order_by("number"):
        for number in range(1, deals + 1):
            table.refresh_from_db()
            services.deal_record(
                table=table, number=number, sides=[NS_CLOSES, EW_STUCK], mode="summary",
                user=user, version=table.version,
            )  # fmt: skip


def played(
    club: Club,
    user: User,
    *,
    pairs: int = 4,
    rounds: int = 1,
    deals: int = 3,
    finish: bool = True,
    **options: Any,
) -> Tournament:
    """A tournament whose every table ends N-S 750, E-W -170 a deal."""
    tournament = make_tournament(club, pairs=pairs, rounds=rounds, deals_per_round=deals, **options)
    for number in range(1, rounds + 1):
        round_ = services.round_prepare(tournament=tournament, movement="random", seed=number)
        services.round_start(round=round_.round)
        play_round(round_.round, user, deals)
    if finish:
        services.tournament_finish(tournament=tournament)
    tournament.refresh_from_db()
    return tournament


def rename_first_players(tournament: Tournament, names: list[str]) -> None:
    """Pairs 1, 2, … get a first player called only by one of `names` (no first name), so the
    pair's names cell starts with it."""
    pairs = tournament.pairs.order_by("number")
    for pair, name in zip(pairs, names, strict=False):
        Player.objects.filter(pk=pair.player_one_id).update(first_name="", last_name=name)


def read_csv(response: Any) -> list[list[str]]:
    text = response.content.decode("utf-8")
    return list(csv.reader(io.StringIO(text)))


def assert_no_formula_text(rows: list[list[str]]) -> None:
    """Every cell is a number or text a spreadsheet will not run."""
    for row in rows:
        for cell in row:
            if re.fullmatch(r"-?\d+", cell):
                continue
            assert not cell.startswith(FORMULA_STARTS), cell


def assert_login_redirect(response: Any) -> None:
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login") + "?next=")


# --- escaping ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),  # a formula is shown, not run
        ("-Rossi", "'-Rossi"),  # a leading minus in text
        ("+39 06 555", "'+39 06 555"),  # a leading plus
        ("@SUM(A1)", "'@SUM(A1)"),  # Lotus-style @ functions
        ("\tTab", "'\tTab"),  # a tab, which some spreadsheets strip before reading a formula
        ("\rReturn", "'\rReturn"),  # a carriage return, likewise
        ("Anna Rossi", "Anna Rossi"),  # ordinary text is left alone
        ("Rossi = Bianchi", "Rossi = Bianchi"),  # a formula only where a cell may start
        # where an Italian or German Excel (or an import) starts a new cell inside this one
        ("Semi Rossi;=1+1", "Semi Rossi;'=1+1"),
        ("Rossi,-Bianchi", "Rossi,'-Bianchi"),
        ("Rossi\t+39 06", "Rossi\t'+39 06"),
        ("Rossi|@SUM(A1)", "Rossi|'@SUM(A1)"),
        ("Rossi;  =1+1", "Rossi;'  =1+1"),  # past spaces
        ('Rossi;"=1+1"', 'Rossi;\'"=1+1"'),  # and past a quote that would open a quoted cell
        ("Rossi\n=1+1", "Rossi\n'=1+1"),  # on the next line
        ("=A;=B", "'=A;'=B"),  # both
        ("Rossi; Bianchi", "Rossi; Bianchi"),  # a separator before plain text is left alone
        ("'=Rossi", "'=Rossi"),  # escaping twice changes nothing
        ("", ""),  # an empty cell stays empty
        (-120, -120),  # a negative number stays a number
        (0, 0),  # zero too
        (750, 750),  # and a positive one
        (None, None),  # a missing value stays missing (an empty cell)
    ],
)
def test_escape_cell_quotes_formula_text_and_keeps_numbers(value: object, written: object) -> None:
    assert exports.escape_cell(value) == written


@pytest.mark.parametrize(
    ("row", "line"),
    [
        (["Anna Rossi", 3, -120], "Anna Rossi,3,-120\r\n"),  # as the csv module writes it
        (["Rossi, Anna", None, 1.5], '"Rossi, Anna",,1.5\r\n'),
        (['Detto "Il Conte"'], '"Detto ""Il Conte"""\r\n'),
        # a separator an Italian Excel uses, or a tab or a bar: quoted as well
        (["Semi Rossi;'=1+1", 300], '"Semi Rossi;\'=1+1",300\r\n'),
        (["Rossi\tBianchi"], '"Rossi\tBianchi"\r\n'),
        (["Rossi|Bianchi"], '"Rossi|Bianchi"\r\n'),
    ],
)
def test_csv_line_quotes_a_cell_holding_any_separator(row: list[object], line: str) -> None:
    assert exports.csv_line(row) == line


SEPARATED_NAMES = [
    "Semi Rossi;=1+1",
    'Bianchi;"=HYPERLINK(1)"',
    "Verdi\t+39 06 555",
    "Neri|@SUM(A1)",
]


def assert_no_formula_split_at(text: str, separator: str) -> None:
    """Read as a spreadsheet that splits the lines at `separator` would: no cell it makes
    starts (past spaces and an opening quote) with what starts a formula."""
    for row in csv.reader(io.StringIO(text), delimiter=separator):
        for cell in row:
            bare = cell.lstrip(' "')
            if re.fullmatch(r"-?\d+", bare):
                continue
            assert not bare.startswith(FORMULA_STARTS), (separator, cell)


@pytest.mark.parametrize(
    "address", ["standings_csv", "deal_results_csv", "federation_csv", "season_pairs_csv"]
)
def test_a_formula_after_a_semicolon_is_not_run_by_an_italian_excel(
    club: Club, organiser: User, organiser_client: Client, address: str
) -> None:
    tournament = played(club, organiser)
    rename_first_players(tournament, SEPARATED_NAMES)
    target: int = tournament.pk
    if address == "season_pairs_csv":
        season = Season.objects.create(club=club, name="Winter", slug="winter")
        Tournament.objects.filter(pk=tournament.pk).update(season=season)
        target = season.pk
    text = organiser_client.get(reverse(address, args=[target])).content.decode()
    for separator in ";\t|":
        assert_no_formula_split_at(text, separator)
    # read as the comma file it is, every name is there whole, a quote before each formula
    cells = {cell for row in csv.reader(io.StringIO(text)) for cell in row}
    assert any("Semi Rossi;'=1+1" in cell for cell in cells)
    assert any("Verdi\t'+39 06 555" in cell for cell in cells)
    assert any("Neri|'@SUM(A1)" in cell for cell in cells)
    assert any('Bianchi;\'"=HYPERLINK(1)"' in cell for cell in cells)
    # and each such cell opens on a quote: "Semi Rossi;'=1+1 – …"
    assert re.search(r",\"[^,]*Semi Rossi;'=1\+1", text)


# --- standings CSV -------------------------------------------------------------------------------


def test_standings_csv_is_the_page_table_with_stable_names(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = played(club, organiser)
    response = organiser_client.get(reverse("standings_csv", args=[tournament.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        f'attachment; filename="roma_{tournament.slug}_standings.csv"'
    )
    rows = read_csv(response)
    assert rows[0] == STANDINGS_HEADER
    # each table: N-S 3 x 750 = 2250, E-W 3 x -170 = -510; difference 2760: 20-0 VP
    by_pair = {int(row[1]): row for row in rows[1:]}
    winners = [n for n, row in by_pair.items() if row[3] == "20"]
    losers = [n for n, row in by_pair.items() if row[3] == "0"]
    assert len(winners) == len(losers) == 2
    for number in winners:
        assert by_pair[number][0] == "1" and by_pair[number][4] == "2250"
    for number in losers:
        assert by_pair[number][0] == "3" and by_pair[number][4] == "-510"
    assert all(row[5] == "1" for row in rows[1:])
    assert by_pair[1][2] == "Name1a Surname1a – Name1b Surname1b"
    # that the file is the page's table, row for row, test_standings_agree.py checks against
    # the rendered page itself


def test_standings_csv_of_a_target_tournament_adds_matches_and_difference(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4, format="target")
    response = organiser_client.get(reverse("standings_csv", args=[tournament.pk]))
    rows = read_csv(response)
    assert rows[0] == TARGET_STANDINGS_HEADER
    assert len(rows) == 5


def test_standings_csv_escapes_hostile_names_but_not_negative_numbers(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = played(club, organiser)
    rename_first_players(tournament, HOSTILE_NAMES)
    rows = read_csv(organiser_client.get(reverse("standings_csv", args=[tournament.pk])))
    players = {row[2] for row in rows[1:]}
    assert '\'=HYPERLINK("http://evil.example/x") – Name1b Surname1b' in players
    assert "'-Rossi – Name2b Surname2b" in players
    assert "'+Bianchi – Name3b Surname3b" in players
    assert "'@Verdi – Name4b Surname4b" in players
    assert sorted(row[4] for row in rows[1:]) == ["-510", "-510", "2250", "2250"]
    assert_no_formula_text(rows)


# --- deal results CSV ----------------------------------------------------------------------------


def test_deal_results_csv_has_every_component_of_every_side(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = played(club, organiser, pairs=5)  # 2 tables and a bye
    response = organiser_client.get(reverse("deal_results_csv", args=[tournament.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        f'attachment; filename="roma_{tournament.slug}_deals.csv"'
    )
    rows = read_csv(response)
    assert rows[0] == DEALS_HEADER
    assert len(rows) == 1 + 2 * 3 * 2  # 2 tables (the bye has no deals), 3 deals, 2 sides
    order = [(int(r[0]), int(r[1]), int(r[2]), r[3]) for r in rows[1:]]
    assert order == [(1, t, d, side) for t in (1, 2) for d in (1, 2, 3) for side in ("N-S", "E-W")]
    table = Table.objects.get(round__tournament=tournament, number=1)
    ns, ew = table.ns, table.ew
    assert ns is not None and ew is not None
    north, east = rows[1], rows[2]
    #           round table deal dir    pair            players   opponent
    assert north == ["1", "1", "1", "N-S", str(ns.number), ns.names, str(ew.number),
                     "summary", "1", "taken", "300", "0",
                     # clean dirty semi_clean noble royal wild
                     "1", "0", "1", "0", "0", "0",
                     # burraco_bonus closing_bonus hand_penalty pot_penalty total
                     "350", "100", "0", "0", "750",
                     # decision
                     ""]  # fmt: skip
    assert east == ["1", "1", "1", "E-W", str(ew.number), ew.names, str(ns.number),
                    "summary", "0", "not_taken", "50", "120",
                    "0", "0", "0", "0", "0", "0",
                    "0", "0", "120", "100", "-170", ""]  # fmt: skip
    assert_no_formula_text(rows)


def test_deal_results_numbers_add_up_to_each_total(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = played(club, organiser)
    rows = read_csv(organiser_client.get(reverse("deal_results_csv", args=[tournament.pk])))
    column = {name: i for i, name in enumerate(rows[0])}
    for row in rows[1:]:
        n = {name: row[i] for name, i in column.items()}
        parts = int(n["melded_points"]) + int(n["burraco_bonus"]) + int(n["closing_bonus"])
        assert parts - int(n["hand_penalty"]) - int(n["pot_penalty"]) == int(n["total"])


def test_deal_results_escape_hostile_names(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = played(club, organiser)
    rename_first_players(tournament, HOSTILE_NAMES)
    rows = read_csv(organiser_client.get(reverse("deal_results_csv", args=[tournament.pk])))
    players = {row[5] for row in rows[1:]}
    assert "'-Rossi – Name2b Surname2b" in players
    assert '\'=HYPERLINK("http://evil.example/x") – Name1b Surname1b' in players
    assert "-170" in {row[-2] for row in rows[1:]}  # a negative total is not escaped
    assert_no_formula_text(rows)


def test_deal_results_of_a_tournament_without_deals_is_only_the_header(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4)
    rows = read_csv(organiser_client.get(reverse("deal_results_csv", args=[tournament.pk])))
    assert rows == [DEALS_HEADER]


def test_deal_results_in_cards_mode_count_the_burracos_the_engine_found(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=2, rounds=1, deals_per_round=1, variant="reale")
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=1).round
    services.round_start(round=round_)
    table = round_.tables.get()
    clean_run = ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]
    services.deal_record(
        table=table, number=1, mode="cards", user=organiser, version=table.version,
        sides=[
            {"melds": [clean_run], "hand": [], "pot": "taken", "closed": True},
            {"melds": [["3S", "4S", "5S"]], "hand": ["KD"], "pot": "taken"},
        ],
    )  # fmt: skip
    rows = read_csv(organiser_client.get(reverse("deal_results_csv", args=[tournament.pk])))
    north = dict(zip(rows[0], rows[1], strict=True))
    east = dict(zip(rows[0], rows[2], strict=True))
    assert (north["entry_mode"], north["clean"], north["dirty"], north["royal"]) == (
        "cards", "1", "0", "0",
    )  # fmt: skip
    # 3+4+5+6+7 (5 each) + 8+9 (10 each) = 45 melded, 200 clean, 100 closing
    assert (north["melded_points"], north["burraco_bonus"], north["total"]) == ("45", "200", "345")
    # 15 melded, the king (10) left in hand
    assert (east["melded_points"], east["hand_penalty"], east["total"]) == ("15", "10", "5")


@pytest.mark.parametrize("tables", [4, 40])
def test_deal_results_cost_the_same_queries_at_4_and_40_tables(
    club: Club, organiser: User, organiser_client: Client, tables: int
) -> None:
    tournament = played(club, organiser, pairs=2 * tables, deals=1, finish=False)
    url = reverse("deal_results_csv", args=[tournament.pk])
    organiser_client.get(url)  # warm the session
    with CaptureQueriesContext(connection) as queries:
        response = organiser_client.get(url)
    assert len(read_csv(response)) == 1 + tables * 2
    # the session, user, the tournament (scoped to the user's clubs), its club (for the file
    # name), every deal side with its deal, table, round, pair and players, the arbiter's
    # decisions
    assert len(queries) == DEAL_EXPORT_QUERIES, [q["sql"] for q in queries]


DEAL_EXPORT_QUERIES = 6


# --- the public standings CSV --------------------------------------------------------------------


def test_public_standings_csv_of_a_published_tournament(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = played(club, organiser, published=True)
    url = reverse("public_standings_csv", args=[club.slug, tournament.slug])
    assert url == f"/t/roma/{tournament.slug}/standings.csv"
    response = anonymous_client.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment; ")
    rows = read_csv(response)
    assert rows[0] == STANDINGS_HEADER
    assert sorted(row[3] for row in rows[1:]) == ["0", "0", "20", "20"]


def test_public_standings_csv_of_an_unpublished_tournament_is_not_found(
    club: Club, organiser: User, anonymous_client: Client, organiser_client: Client
) -> None:
    tournament = played(club, organiser, published=False)
    url = reverse("public_standings_csv", args=[club.slug, tournament.slug])
    assert anonymous_client.get(url).status_code == 404
    assert organiser_client.get(url).status_code == 404  # the public address follows the flag
    wrong_club = reverse("public_standings_csv", args=["madrid", tournament.slug])
    assert anonymous_client.get(wrong_club).status_code == 404


# --- who may download ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["standings_csv", "deal_results_csv"])
def test_another_clubs_organiser_gets_not_found(
    club: Club, other_client: Client, name: str
) -> None:
    tournament = make_tournament(club, pairs=4)
    assert other_client.get(reverse(name, args=[tournament.pk])).status_code == 404


@pytest.mark.parametrize("name", ["standings_csv", "deal_results_csv"])
def test_an_anonymous_visitor_is_asked_to_log_in(
    club: Club, anonymous_client: Client, name: str
) -> None:
    tournament = make_tournament(club, pairs=4)
    assert_login_redirect(anonymous_client.get(reverse(name, args=[tournament.pk])))


def test_the_tournament_page_links_the_exports(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = played(club, organiser, published=True)
    page = organiser_client.get(reverse("tournament_detail", args=[tournament.pk])).content
    html = page.decode()
    assert "Exports and printing" in html
    for url in (
        reverse("standings_csv", args=[tournament.pk]),
        reverse("deal_results_csv", args=[tournament.pk]),
        reverse("print_standings", args=[tournament.pk]),
        reverse("public_standings_csv", args=[club.slug, tournament.slug]),
    ):
        assert url in html
    assert "Print the final standings" in html
