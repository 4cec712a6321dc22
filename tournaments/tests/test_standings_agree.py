"""The public standings page and the public standings CSV agree row by row: the page is read as a
player's browser gets it (the HTML table), the CSV as a spreadsheet reads it, and both are
checked against standings worked out by hand. The page reads the cached leaderboard and the
CSV the selectors, so they are two ways to the same stored totals.

Both tournaments have 5 pairs and 2 rounds of the random draw (seeds 1 and 2), which seats:
    round 1: table 1 pair 3 (N-S) v pair 4 (E-W), table 2 pair 5 v pair 1, pair 2 sits out
    round 2: table 1 pair 3 v pair 2,             table 2 pair 4 v pair 5, pair 1 sits out
"""

import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass, replace
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Round, Seat, Table, Tournament
from tournaments.tests.conftest import make_tournament

NS_WINS = [
    {"melded_points": 300, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
     "closed": True},
    {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"},
]  # fmt: skip
"""North-South 300 + 200 (clean burraco) + 100 (closing) = 600; East-West 100 - 30 = 70."""
EW_WINS = [NS_WINS[1], NS_WINS[0]]
"""The same deal the other way round: North-South 70, East-West 600."""
EVEN = [
    {"melded_points": 150, "hand_points": 20, "burracos": {}, "pot": "taken"},
    {"melded_points": 150, "hand_points": 20, "burracos": {}, "pot": "taken"},
]
"""Nobody closes: each side 150 - 20 = 130."""

SEATING = {
    1: {"table 1": (3, 4), "table 2": (5, 1), "bye": 2},
    2: {"table 1": (3, 2), "table 2": (4, 5), "bye": 1},
}

PAGE_COLUMNS = {
    "Rank": "rank", "Pair": "pair", "Players": "players", "VP": "vp", "MP": "mp",
    "Matches won": "matches_won", "Point difference": "point_difference",
    "Rounds played": "rounds_played",
}  # fmt: skip
CSV_COLUMNS = {
    "rank": "rank", "pair_number": "pair", "players": "players", "vp": "vp", "mp": "mp",
    "matches_won": "matches_won", "point_difference": "point_difference",
    "rounds_played": "rounds_played",
}  # fmt: skip


@dataclass(frozen=True)
class Standing:
    """One row of the standings, whichever side it was read from."""

    rank: int
    pair: int
    players: str
    vp: int | None
    """None where the page shows no VP (the target format: its file writes 0)."""
    mp: int
    rounds_played: int
    matches_won: int | None = None
    point_difference: int | None = None
    """Target format only."""


@pytest.fixture(autouse=True)
def empty_cache(db: None) -> Iterator[None]:
    """A Redis cache outlives the test run: every test starts from an empty one."""
    cache.clear()
    yield
    cache.clear()


def players(number: int) -> str:
    return f"Name{number}a Surname{number}a – Name{number}b Surname{number}b"


# --- playing --------------------------------------------------------------------------------------


def round_play(
    tournament: Tournament, seed: int, tables: dict[int, list[list[dict[str, Any]]]], user: User
) -> None:
    """Seat and start the next round, check the seating, and enter every table's deals."""
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=seed).round
    services.round_start(round=round_)
    assert seating(round_) == SEATING[round_.number]
    for number, deals in tables.items():
        table = Table.objects.get(round=round_, number=number)
        for deal, sides in enumerate(deals, 1):
            table.refresh_from_db()
            services.deal_record(
                table=table, number=deal, sides=sides, mode="summary", user=user,
                version=table.version,
            )  # fmt: skip
    round_.refresh_from_db()
    assert round_.status == Round.Status.DONE


def seating(round_: Round) -> dict[str, Any]:
    """The round's tables as {"table 1": (N-S pair, E-W pair), …, "bye": pair}."""
    seats = Seat.objects.filter(round=round_).select_related("table", "pair")
    found: dict[str, Any] = {}
    for seat in seats.order_by("table__number"):
        if seat.table.is_bye:
            found["bye"] = seat.pair.number
            continue
        ns, ew = found.get(f"table {seat.table.number}", (None, None))
        pair = seat.pair.number
        found[f"table {seat.table.number}"] = (pair, ew) if seat.direction == "ns" else (ns, pair)
    return found


# --- reading the two sides ------------------------------------------------------------------------


class StandingsParser(HTMLParser):
    """The header and body cells of the page's standings table (class "standings"), as text
    with its spaces squashed: what a reader sees in each cell."""

    def __init__(self) -> None:
        super().__init__()
        self.header: list[str] = []
        self.rows: list[list[str]] = []
        self.tables_seen = 0
        self._inside = False
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table" and "standings" in (dict(attrs).get("class") or "").split():
            self.tables_seen += 1
            self._inside = True
        elif self._inside and tag == "tr":
            self.rows.append([])
        elif self._inside and tag in ("th", "td"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self._inside = False
        elif self._inside and tag in ("th", "td") and self._cell is not None:
            text = " ".join("".join(self._cell).split())
            (self.header if tag == "th" else self.rows[-1]).append(text)
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def page_number(text: str) -> int:
    """A number as the page writes it in English (2,400, a real minus sign) read back."""
    return int(text.replace(",", "").replace("\u2212", "-"))


def standing(names: list[str], cells: list[str], columns: dict[str, str]) -> Standing:
    assert len(cells) == len(names), cells
    values: dict[str, Any] = {columns[name]: cell for name, cell in zip(names, cells, strict=True)}
    typed: dict[str, Any] = {
        key: value if key == "players" else page_number(value) for key, value in values.items()
    }
    return Standing(**{"vp": None, **typed})


def page_standings(client: Client, tournament: Tournament) -> tuple[list[str], list[Standing]]:
    address = reverse("public_tournament", args=[tournament.club.slug, tournament.slug])
    response = client.get(address)
    assert response.status_code == 200
    parser = StandingsParser()
    parser.feed(response.content.decode())
    assert parser.tables_seen == 1
    body = [row for row in parser.rows if row]  # the header's row holds th cells only
    return parser.header, [standing(parser.header, row, PAGE_COLUMNS) for row in body]


def csv_standings(client: Client, tournament: Tournament) -> tuple[list[str], list[Standing]]:
    address = reverse("public_standings_csv", args=[tournament.club.slug, tournament.slug])
    assert address == f"/t/roma/{tournament.slug}/standings.csv"
    response = client.get(address)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    header, *rows = csv.reader(io.StringIO(response.content.decode("utf-8")))
    # the arbiter's decisions (last) show on the page as marks by the names, not as a column
    assert header[-1] == "decisions"
    header, rows = header[:-1], [row[:-1] for row in rows]
    return header, [standing(header, row, CSV_COLUMNS) for row in rows]


def both_sides(client: Client, tournament: Tournament) -> list[Standing]:
    """The standings as the page shows them, after checking that the CSV has the same rows in
    the same order, with the same value in every column the page shows. The CSV has every
    column of README; the page shows the format's (a match-format page has no VP)."""
    page_header, page = page_standings(client, tournament)
    csv_header, exported = csv_standings(client, tournament)
    shown = {PAGE_COLUMNS[name] for name in page_header}
    assert shown <= {CSV_COLUMNS[name] for name in csv_header}
    assert len(page) == len(exported) == 5
    for on_page, in_file in zip(page, exported, strict=True):
        assert on_page == in_file if "vp" in shown else replace(in_file, vp=None)
    return page


# --- the deals format -----------------------------------------------------------------------------

# Three deals a table on the FIBUR 3-deal scale; a bye is worth 14 VP and 355 MP.
ROUND_1_DEALS = {
    1: [EVEN, EVEN, EVEN],  # 3 v 4: 390 to 390, a draw: 10-10 VP
    2: [NS_WINS, EVEN, EVEN],  # 5 v 1: 860 to 330, difference 530 (501-650): 15-5 VP
}
ROUND_2_DEALS = {
    1: [NS_WINS, EVEN, EVEN],  # 3 v 2: 860 to 330 again: 15-5 VP
    2: [EW_WINS, EW_WINS, EW_WINS],  # 4 v 5: 210 to 1800, difference 1590 (over 1500): 0-20 VP
}


def test_deals_format_page_and_csv_agree_with_a_bye_and_ties(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = make_tournament(club, pairs=5, rounds=2, published=True)
    round_play(tournament, 1, ROUND_1_DEALS, organiser)
    # pair 2 sat out and has played nothing else: 14 VP and 355 MP, one round. Pairs 3 and 4
    # drew with each other, so the same VP, MP and head-to-head: both third, no one fourth.
    assert both_sides(anonymous_client, tournament) == [
        Standing(rank=1, pair=5, players=players(5), vp=15, mp=860, rounds_played=1),
        Standing(rank=2, pair=2, players=players(2), vp=14, mp=355, rounds_played=1),
        Standing(rank=3, pair=3, players=players(3), vp=10, mp=390, rounds_played=1),
        Standing(rank=3, pair=4, players=players(4), vp=10, mp=390, rounds_played=1),
        Standing(rank=5, pair=1, players=players(1), vp=5, mp=330, rounds_played=1),
    ]
    round_play(tournament, 2, ROUND_2_DEALS, organiser)
    services.tournament_finish(tournament=tournament)
    # 5: 15 + 20 = 35 VP, 860 + 1800 = 2660 MP; 3: 10 + 15 = 25, 390 + 860 = 1250;
    # 1: 5 + 14 (bye) = 19, 330 + 355 = 685; 2: 14 (bye) + 5 = 19, 355 + 330 = 685, and 1 and 2
    # never met, so they share third place; 4: 10 + 0 = 10, 390 + 210 = 600.
    assert both_sides(anonymous_client, tournament) == [
        Standing(rank=1, pair=5, players=players(5), vp=35, mp=2660, rounds_played=2),
        Standing(rank=2, pair=3, players=players(3), vp=25, mp=1250, rounds_played=2),
        Standing(rank=3, pair=1, players=players(1), vp=19, mp=685, rounds_played=2),
        Standing(rank=3, pair=2, players=players(2), vp=19, mp=685, rounds_played=2),
        Standing(rank=5, pair=4, players=players(4), vp=10, mp=600, rounds_played=2),
    ]


# --- the target format ----------------------------------------------------------------------------

# Matches to 1000 points; a bye counts as a match won by 355 points.
TARGET_ROUND_1 = {
    1: [NS_WINS, NS_WINS],  # 3 beats 4, 1200 to 140
    2: [NS_WINS, NS_WINS],  # 5 beats 1, 1200 to 140
}
TARGET_ROUND_2 = {
    1: [NS_WINS, NS_WINS],  # 3 beats 2, 1200 to 140
    2: [EW_WINS, NS_WINS, NS_WINS],  # 70-600, 670-670, then 4 beats 5, 1270 to 740
}


def test_target_format_page_and_csv_agree_on_matches_won_and_point_difference(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = make_tournament(
        club, pairs=5, rounds=2, format="target", target_score=1000, published=True
    )
    round_play(tournament, 1, TARGET_ROUND_1, organiser)
    round_play(tournament, 2, TARGET_ROUND_2, organiser)
    services.tournament_finish(tournament=tournament)
    # 3: two wins, 2400 MP, +1060 +1060 = +2120.
    # 5: one win, 1200 + 740 = 1940 MP, +1060 - 530 = +530.
    # 4: one win, 140 + 1270 = 1410 MP, -1060 + 530 = -530.
    # 1: lost to 5 and the bye, 140 + 355 = 495 MP, -1060 + 355 = -705; 2 the same in the other
    # order: never having met, they share fourth place. No VP in this format.
    assert both_sides(anonymous_client, tournament) == [
        Standing(1, 3, players(3), None, 2400, 2, matches_won=2, point_difference=2120),
        Standing(2, 5, players(5), None, 1940, 2, matches_won=1, point_difference=530),
        Standing(3, 4, players(4), None, 1410, 2, matches_won=1, point_difference=-530),
        Standing(4, 1, players(1), None, 495, 2, matches_won=1, point_difference=-705),
        Standing(4, 2, players(2), None, 495, 2, matches_won=1, point_difference=-705),
    ]
    # the file keeps its README columns, VP (always 0 here) included
    _, exported = csv_standings(anonymous_client, tournament)
    assert [row.vp for row in exported] == [0, 0, 0, 0, 0]


def test_the_page_signs_the_point_difference_and_the_csv_writes_plain_numbers(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = make_tournament(
        club, pairs=5, rounds=2, format="target", target_score=1000, published=True
    )
    round_play(tournament, 1, TARGET_ROUND_1, organiser)
    round_play(tournament, 2, TARGET_ROUND_2, organiser)
    parser = StandingsParser()
    address = reverse("public_tournament", args=[club.slug, tournament.slug])
    parser.feed(anonymous_client.get(address).content.decode())
    # what ranks first (matches won, point difference), then the points scored; no VP
    assert parser.header == [
        "Rank", "Pair", "Players", "Matches won", "Point difference", "MP", "Rounds played",
    ]  # fmt: skip
    minus = "\u2212"  # the page's real minus sign; the CSV keeps the plain "-"
    assert [row[4] for row in parser.rows if row] == [
        "+2,120",
        "+530",
        f"{minus}530",
        f"{minus}705",
        f"{minus}705",
    ]
    address = reverse("public_standings_csv", args=[club.slug, tournament.slug])
    header, *rows = csv.reader(io.StringIO(anonymous_client.get(address).content.decode()))
    assert header == [*CSV_COLUMNS, "decisions"]
    assert [row[6] for row in rows] == ["2120", "530", "-530", "-705", "-705"]
