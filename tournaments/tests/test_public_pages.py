"""The public pages players watch during an evening: the club's list, a tournament's live
standings and seating, the projector, a pair's rounds and charts, "find your table"; who may see
an unpublished tournament; the organiser's Publish switch; and the fixed number of queries each
page costs, with a cold and a warm cache, at 10 pairs and at 200."""

import html as html_lib
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from tournaments import services
from tournaments.models import Club, Pair, Round, Seat, Table, Tournament
from tournaments.tests.conftest import make_tournament

HTMX = {"HX-Request": "true"}
NS_WINS = [
    {"melded_points": 300, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
     "closed": True},
    {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"},
]  # fmt: skip
"""North-South 300 + 200 (clean burraco) + 100 (closing) = 600; East-West 100 - 30 = 70.
Three deals: 1800 to 210, a difference of 1590: 20 VP to 0."""
EMAIL = "anna@example.com"


@pytest.fixture(autouse=True)
def empty_cache(db: None) -> Iterator[None]:
    """A Redis cache outlives the test run: every test starts from an empty one."""
    cache.clear()
    yield
    cache.clear()


def words(page: str) -> str:
    """The page's text without tags, its spaces squashed: what a reader sees, in order."""
    return html_lib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))).strip()


def region(page: str, element_id: str) -> str:
    """The element with this id, from its opening tag to the matching closing tag."""
    start = re.search(rf'<(\w+)[^>]*\bid="{re.escape(element_id)}"', page)
    assert start, f"no element #{element_id}"
    tag = start[1]
    depth, position = 0, start.start()
    for found in re.finditer(rf"<(/?){tag}\b[^>]*>", page[start.start() :]):
        depth += -1 if found[1] else 1
        if depth == 0:
            position = start.start() + found.end()
            break
    return page[start.start() : position]


def rows(page: str) -> list[list[str]]:
    """The text of each cell of each body row of the first table in `page`."""
    body = re.search(r"<tbody\b[^>]*>(.*?)</tbody>", page, re.S)
    assert body, "no table body"
    return [
        [words(cell) for cell in re.findall(r"<td\b[^>]*>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr\b[^>]*>(.*?)</tr>", body[1], re.S)
    ]


def url(name: str, tournament: Tournament, *args: object) -> str:
    return reverse(name, args=[tournament.club.slug, tournament.slug, *args])


def play(round_: Round, user: User, deals: int = 3, sides: list[dict[str, Any]] = NS_WINS) -> None:
    for table in round_.tables.filter(is_bye=False).order_by("number"):
        for number in range(1, deals + 1):
            table.refresh_from_db()
            services.deal_record(
                table=table, number=number, sides=sides, mode="summary", user=user,
                version=table.version,
            )  # fmt: skip


def next_round(tournament: Tournament, *, start: bool = True, movement: str = "random") -> Round:
    round_ = services.round_prepare(tournament=tournament, movement=movement, seed=5).round
    return services.round_start(round=round_) if start else round_


def seat_of(round_: Round, direction: str, table: int = 1) -> Pair:
    return Seat.objects.get(round=round_, table__number=table, direction=direction).pair


def bye_pair(round_: Round) -> Pair:
    return Seat.objects.get(round=round_, table__is_bye=True).pair


def evening(club: Club, organiser: User, *, pairs: int = 5, **options: object) -> Tournament:
    """Round 1 played in full (North-South wins every table), round 2 seated, not started."""
    tournament = make_tournament(club, pairs=pairs, published=True, **options)
    play(next_round(tournament), organiser)
    next_round(tournament, start=False)
    tournament.refresh_from_db()
    return tournament


# --- the club's page --------------------------------------------------------------------------


def test_club_page_lists_the_published_tournaments_only(
    club: Club, organiser: User, anonymous_client: Client, organiser_client: Client
) -> None:
    make_tournament(club, pairs=2, name="Open evening", published=True)
    make_tournament(club, pairs=2, name="Secret evening")
    page = words(anonymous_client.get(reverse("public_club", args=[club.slug])).content.decode())
    assert "Circolo del Burraco Roma" in page
    assert "Open evening 17 November 2026 Coming up" in page
    assert "Secret evening" not in page
    # the club's organisers see the others too, marked
    own = words(organiser_client.get(reverse("public_club", args=[club.slug])).content.decode())
    assert "Secret evening 17 November 2026 Coming up Not published" in own
    assert EMAIL not in own
    assert anonymous_client.get(reverse("public_club", args=["nowhere"])).status_code == 404


# --- the tournament page ----------------------------------------------------------------------


def test_tournament_page_shows_live_standings_and_the_current_seating(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = evening(club, organiser, pairs=5)
    first = tournament.round_set.get(number=1)
    winner_one, winner_two = seat_of(first, "ns", 1), seat_of(first, "ns", 2)
    loser_one, bye = seat_of(first, "ew", 1), bye_pair(first)
    response = anonymous_client.get(url("public_tournament", tournament))
    assert response.status_code == 200
    assert response["Vary"].count("HX-Request") == 1
    page = response.content.decode()
    text = words(page)
    assert "Tuesday evening" in text
    assert "Rank Pair Players VP MP Rounds played" in text
    # the North-South winners share first place (level, never met); the bye is 3rd; the
    # losers share 4th
    assert f"1 {winner_one.number} {winner_one.names} 20 1,800 1" in text
    assert f"1 {winner_two.number} {winner_two.names} 20 1,800 1" in text
    assert f"3 {bye.number} {bye.names} 14 355 1" in text
    assert f"4 {loser_one.number} {loser_one.names} 0 210 1" in text
    assert "Matches won" not in text  # deals format
    # every pair's name links to its page
    for pair in Pair.objects.filter(tournament=tournament):
        assert f'href="{url("public_pair", tournament, pair.number)}"' in region(page, "standings")
    # round 2's seating: two tables and a pair sitting out
    second = tournament.round_set.get(number=2)
    seating = words(region(page, "seating"))
    assert "Round 2 seating" in seating and "not started yet" in seating
    for table in (1, 2):
        ns, ew = seat_of(second, "ns", table), seat_of(second, "ew", table)
        assert f"Table {table} N-S {ns.number} {ns.names} E-W {ew.number} {ew.names}" in seating
    out = bye_pair(second)
    assert f"{out.number} {out.names} sits out this round (bye): 14 VP and 355 MP" in seating
    assert "Round 2 of 3: the seating is out, play starts soon" in text
    assert url("public_find", tournament) in page and url("public_projector", tournament) in page


def test_the_standings_poll_every_five_seconds_and_carry_the_sort(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = evening(club, organiser, pairs=5)
    address = url("public_tournament", tournament)
    page = anonymous_client.get(address + "?sort=number").content.decode()
    standings = region(page, "standings")
    opening = standings[: standings.index(">")]
    assert 'hx-trigger="every 5s"' in opening
    assert f'hx-get="{address}?sort=number"' in opening  # the poll asks for the same sort
    assert 'hx-swap="outerHTML show:none"' in opening  # the reader's scroll stays where it is
    assert "hx-trigger" in region(page, "seating")[:300]
    # a tap on a column swaps the standings region only, in place, and keeps the address
    assert 'hx-boost="true" hx-target="#standings" hx-swap="outerHTML show:none"' in standings
    assert 'href="?sort=-vp"' in standings  # VP sorts biggest first
    assert 'href="?sort=-number"' in standings  # sorted by pair number now: next tap reverses


def test_the_sorted_column_says_so_and_the_table_box_takes_the_focus(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    """A screen reader hears which column sorts the standings and which way (aria-sort), and
    the box the table scrolls in on a phone is reached by Tab and named."""
    tournament = evening(club, organiser, pairs=5)
    address = url("public_tournament", tournament)

    def sorted_headings(query: str) -> list[tuple[str, str]]:
        standings = region(anonymous_client.get(address + query).content.decode(), "standings")
        box = 'class="table-container scroll-x" tabindex="0" role="region" aria-label="Standings"'
        assert box in standings
        return re.findall(r'<th class="[^"]*col-(\w+)[^"]*"[^>]*aria-sort="(\w+)"', standings)

    assert sorted_headings("?sort=number") == [("number", "ascending")]
    assert sorted_headings("?sort=-mp") == [("mp", "descending")]
    assert sorted_headings("") == []


def test_the_standings_partial_honours_the_sort(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = evening(club, organiser, pairs=5)
    address = url("public_tournament", tournament)

    def order(query: str, **headers: str) -> list[int]:
        response = anonymous_client.get(address + query, headers={**HTMX, **headers})
        assert response.status_code == 200
        body = response.content.decode()
        assert body.lstrip().startswith('<section id="standings"')  # the region alone
        assert "<html" not in body and 'id="seating"' not in body
        return [int(cells[1]) for cells in rows(body)]

    assert order("?sort=number") == [1, 2, 3, 4, 5]
    assert order("?sort=-number") == [5, 4, 3, 2, 1]
    by_mp = order("?sort=mp")
    mps = dict(Pair.objects.filter(tournament=tournament).values_list("number", "mp"))
    assert [mps[n] for n in by_mp] == sorted(mps.values())
    by_rank = order("")  # no sort: the standings' own order, best first
    ranks = dict(Pair.objects.filter(tournament=tournament).values_list("number", "rank"))
    assert [ranks[n] or 0 for n in by_rank] == sorted(rank or 0 for rank in ranks.values())
    assert order("?sort=nonsense") == by_rank  # an unknown column is ignored
    # the polled region keeps its sort in its own address
    body = anonymous_client.get(address + "?sort=-mp", headers=HTMX).content.decode()
    assert f'hx-get="{address}?sort=-mp"' in body


def test_the_seating_region_is_polled_on_its_own(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = evening(club, organiser, pairs=4)
    body = anonymous_client.get(
        url("public_tournament", tournament), headers={**HTMX, "HX-Target": "seating"}
    ).content.decode()
    assert body.lstrip().startswith('<section id="seating"')
    assert "Round 2 seating" in words(body) and 'id="standings"' not in body


def test_a_history_restore_gets_the_whole_page(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = evening(club, organiser, pairs=4)
    body = anonymous_client.get(
        url("public_tournament", tournament) + "?sort=mp",
        headers={**HTMX, "HX-History-Restore-Request": "true"},
    ).content.decode()
    assert "<html" in body and 'id="seating"' in body


def test_a_finished_tournament_stops_polling(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4, rounds=1, published=True)
    play(next_round(tournament), organiser)
    services.tournament_finish(tournament=tournament)
    page = anonymous_client.get(url("public_tournament", tournament)).content.decode()
    assert "hx-trigger" not in page
    # said once, in the heading; the line under it says how the evening ended
    assert words(page).count("Final standings") == 1
    assert "Final standings The tournament is over: 1 round played." in words(page)
    projector = words(anonymous_client.get(url("public_projector", tournament)).content.decode())
    assert projector.count("Final standings") == 1


def test_target_format_standings_show_matches_won_and_point_difference(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = make_tournament(club, pairs=2, format="target", published=True)
    round_ = next_round(tournament)
    play(round_, organiser, deals=4)  # 2400 reaches the target of 2005: North-South win
    ns, ew = seat_of(round_, "ns"), seat_of(round_, "ew")
    text = words(anonymous_client.get(url("public_tournament", tournament)).content.decode())
    # what ranks the pairs first, then the points scored; no column of VP (all 0 here)
    assert "Rank Pair Players Matches won Point difference MP Rounds played" in text
    assert f"1 {ns.number} {ns.names} 1 +2,120 2,400 1" in text
    assert f"2 {ew.number} {ew.names} 0 \u22122,120 280 1" in text
    assert "N-S win 2,400 – 280" in text


def test_pages_before_the_first_round_say_so(club: Club, anonymous_client: Client) -> None:
    tournament = make_tournament(club, pairs=3, published=True)
    text = words(anonymous_client.get(url("public_tournament", tournament)).content.decode())
    assert "The first round is not seated yet." in text
    assert "– 1 Name1a Surname1a – Name1b Surname1b 0 0 0" in text  # no rank yet
    find = words(anonymous_client.get(url("public_find", tournament)).content.decode())
    assert "The first round is not seated yet" in find
    pair = words(anonymous_client.get(url("public_pair", tournament, 1)).content.decode())
    assert "No round seated yet." in pair and "The charts start when round 1 is over." in pair


# --- the projector ----------------------------------------------------------------------------


def test_projector_shows_standings_and_seating_in_large_panels(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = evening(club, organiser, pairs=5)
    second = tournament.round_set.get(number=2)
    response = anonymous_client.get(url("public_projector", tournament))
    page = response.content.decode()
    board = region(page, "projector-board")
    assert 'hx-trigger="every 15s"' in board[:400] and 'data-rotate-seconds="20"' in board[:400]
    assert '<script src="/static/js/projector.js" defer></script>' in page
    standings = words(region(page, "projector-board"))
    first = tournament.round_set.get(number=1)
    winner = seat_of(first, "ns", 1)
    assert f"1 {winner.number} {winner.names} 20 1,800 1" in standings
    ns, ew = seat_of(second, "ns", 1), seat_of(second, "ew", 1)
    assert "Round 2 seating" in standings
    assert f"1 N-S {ns.number} {ns.names} E-W {ew.number} {ew.names}" in standings
    assert f"{bye_pair(second).number} {bye_pair(second).names} sits out this round" in standings
    assert "On your phone: http://testserver" + url("public_tournament", tournament) in standings
    assert 'data-panel="standings"' in board and 'data-panel="seating"' in board
    # the board alone for htmx
    body = anonymous_client.get(url("public_projector", tournament), headers=HTMX)
    assert body.content.decode().lstrip().startswith('<div id="projector-board"')


# --- find your table --------------------------------------------------------------------------


def test_find_your_table_lists_every_player_by_surname(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = make_tournament(club, pairs=0, published=True)
    services.pairs_add(
        tournament=tournament,
        text="\n".join(
            [
                "Maria Rossi / Giuseppe Russo",
                "Anna Ferrari / Marco Bianchi",
                "Lucia Colombo / Elena Abate",
            ]
        ),
    )
    round_ = next_round(tournament, start=False)
    response = anonymous_client.get(url("public_find", tournament))
    text = words(region(response.content.decode(), "places"))
    places = {
        player.last_name: (seat.pair.number, seat.table, seat.direction)
        for seat in Seat.objects.filter(round=round_).select_related("pair", "table")
        for player in (seat.pair.player_one, seat.pair.player_two)
        if player is not None
    }
    surnames = ["Abate", "Bianchi", "Colombo", "Ferrari", "Rossi", "Russo"]
    order = [text.index(f" {name} ") for name in surnames]
    assert order == sorted(order)  # by surname
    for name, (pair, table, direction) in places.items():
        first = {"Abate": "Elena", "Bianchi": "Marco", "Colombo": "Lucia", "Ferrari": "Anna",
                 "Rossi": "Maria", "Russo": "Giuseppe"}[name]  # fmt: skip
        if table.is_bye:
            assert f"{name} {first} {pair} sits out" in text
        else:
            sits = {"ns": "N-S", "ew": "E-W"}[direction]
            assert f"{name} {first} {pair} {table.number} {sits}" in text
    assert "Round 1: the seating is out." in text
    assert '<a href="#letter-R">R</a>' in response.content.decode()
    # htmx polls the list alone
    body = anonymous_client.get(url("public_find", tournament), headers=HTMX).content.decode()
    assert body.lstrip().startswith('<section id="places"')


# --- a pair's page ----------------------------------------------------------------------------


def test_pair_page_shows_each_round_deal_by_deal(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = evening(club, organiser, pairs=5)
    first, second = tournament.round_set.order_by("number")
    winner, loser = seat_of(first, "ns", 1), seat_of(first, "ew", 1)
    page = anonymous_client.get(url("public_pair", tournament, winner.number)).content.decode()
    text = words(page)
    assert f"Pair {winner.number} {winner.names}" in text
    assert "Rank 1 VP 20 MP 1,800 Rounds played 1" in text
    assert f"Round 1 Table 1 · North-South against pair {loser.number} , {loser.names}" in text
    assert "MP 1,800 – 210 VP 20 – 0" in text
    assert "Pair Melded Burracos Bonus Penalty Total" in text
    # deal by deal: melded, burracos, bonuses (burraco 200 + closing 100), penalties, total
    for deal in (1, 2, 3):
        assert (
            f"Deal {deal} {winner.number} 300 clean burraco +300 0 600 "
            f"{loser.number} 100 – 0 −30 70" in text
        )
    assert f'href="{url("public_pair", tournament, loser.number)}"' in page
    # round 2 is seated, not started
    where = Seat.objects.get(round=second, pair=winner)
    if where.table.is_bye:
        assert "Round 2 Sits out (bye)" in text
    else:
        assert f"Round 2 Table {where.table.number}" in text and "Not started yet." in text


def test_pair_page_shows_a_bye_as_such(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = evening(club, organiser, pairs=5)
    out = bye_pair(tournament.round_set.get(number=1))
    text = words(anonymous_client.get(url("public_pair", tournament, out.number)).content.decode())
    assert "Round 1 Sits out (bye) Sat out this round (bye): 14 VP and 355 MP." in text
    assert "Rank 3 VP 14 MP 355" in text


def test_pair_charts_show_vp_and_rank_after_each_round_as_inline_svg(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4, published=True)
    first = next_round(tournament)
    play(first, organiser)
    pair = seat_of(first, "ew", 1)  # loses round 1
    pair.refresh_from_db()
    rank_after_one = pair.rank
    second = next_round(tournament, movement="mitchell")
    where = Seat.objects.get(round=second, pair=pair)
    # round 2: this pair wins, whatever its direction
    winning = NS_WINS if where.direction == "ns" else list(reversed(NS_WINS))
    table = where.table
    for number in (1, 2, 3):
        table.refresh_from_db()
        services.deal_record(
            table=table, number=number, sides=winning, mode="summary", user=organiser,
            version=table.version,
        )  # fmt: skip
    other = second.tables.exclude(pk=table.pk).get()
    for number in (1, 2, 3):
        other.refresh_from_db()
        services.deal_record(
            table=other, number=number, sides=NS_WINS, mode="summary", user=organiser,
            version=other.version,
        )  # fmt: skip
    pair.refresh_from_db()
    page = anonymous_client.get(url("public_pair", tournament, pair.number)).content.decode()
    svgs = re.findall(r"<svg\b.*?</svg>", page, re.S)
    assert len(svgs) == 2
    vp, rank = svgs
    n = pair.number
    assert f'<title id="pair-{n}-vp-title">Pair {n}: victory points after each round' in vp
    assert "after round 1: 0 VP; after round 2: 20 VP" in vp
    assert ">Round</text>" in vp and ">Victory points</text>" in vp  # axis labels
    assert f"Pair {n}: rank after each round, of 4 pairs" in rank
    assert f"after round 1: {ordinal(rank_after_one)}; after round 2: {ordinal(pair.rank)}" in rank
    assert ">Rank</text>" in rank
    assert rank.count("<circle") == 2 and "<polyline" in rank
    for svg in svgs:
        assert "style=" not in svg and "http://" not in svg.replace(
            'xmlns="http://www.w3.org/2000/svg"', ""
        )


def ordinal(n: int | None) -> str:
    assert n is not None
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def test_target_format_pair_page_shows_the_match_and_matches_won(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = make_tournament(club, pairs=2, format="target", published=True)
    round_ = next_round(tournament)
    play(round_, organiser, deals=4)
    ns, ew = seat_of(round_, "ns"), seat_of(round_, "ew")
    text = words(anonymous_client.get(url("public_pair", tournament, ns.number)).content.decode())
    assert "Rank 1 Matches won 1 Point difference +2,120 Rounds played 1" in text
    assert "Won 2,400 – 280" in text
    assert f"Pair {ns.number}: matches won after each round" in text
    assert "after round 1: 1 won" in text
    lost = words(anonymous_client.get(url("public_pair", tournament, ew.number)).content.decode())
    assert "Lost 280 – 2,400" in lost


def test_an_unknown_pair_is_not_found(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = evening(club, organiser, pairs=4)
    assert anonymous_client.get(url("public_pair", tournament, 99)).status_code == 404


# --- who may see what -------------------------------------------------------------------------

PAGES = [
    ("public_tournament", ()),
    ("public_projector", ()),
    ("public_find", ()),
    ("public_pair", (1,)),
]


@pytest.mark.parametrize(("name", "args"), PAGES)
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_an_unpublished_tournament_is_not_found_by_the_public(
    club: Club,
    organiser: User,
    anonymous_client: Client,
    other_client: Client,
    name: str,
    args: tuple[int, ...],
    htmx: bool,
) -> None:
    tournament = make_tournament(club, pairs=4)
    play(next_round(tournament), organiser)
    headers = HTMX if htmx else {}
    address = url(name, tournament, *args)
    assert anonymous_client.get(address, headers=headers).status_code == 404
    assert other_client.get(address, headers=headers).status_code == 404  # another club's


@pytest.mark.parametrize(("name", "args"), PAGES)
def test_the_clubs_organiser_previews_an_unpublished_tournament(
    club: Club, organiser: User, organiser_client: Client, name: str, args: tuple[int, ...]
) -> None:
    tournament = make_tournament(club, pairs=4)
    play(next_round(tournament), organiser)
    response = organiser_client.get(url(name, tournament, *args))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Not published. Only the club's organisers can see this page" in words(page)
    assert 'name="robots" content="noindex"' in page
    assert EMAIL not in page and "anna" not in page


@pytest.mark.parametrize(
    ("club_slug", "tournament_slug"),
    [("nowhere", None), (None, "no-such-evening"), ("madrid", None)],
    ids=["unknown club", "unknown tournament", "another club's slug"],
)
@pytest.mark.parametrize(("name", "args"), PAGES)
def test_unknown_slugs_are_not_found(
    club: Club,
    other_club: Club,
    organiser: User,
    anonymous_client: Client,
    club_slug: str | None,
    tournament_slug: str | None,
    name: str,
    args: tuple[int, ...],
) -> None:
    tournament = make_tournament(club, pairs=4, published=True)
    address = reverse(
        name, args=[club_slug or club.slug, tournament_slug or tournament.slug, *args]
    )
    assert anonymous_client.get(address).status_code == 404


@pytest.mark.parametrize(("name", "args"), PAGES)
def test_public_pages_carry_no_inline_script_or_style_and_no_email(
    club: Club,
    organiser: User,
    anonymous_client: Client,
    organiser_client: Client,
    name: str,
    args: tuple[int, ...],
) -> None:
    tournament = evening(club, organiser, pairs=5)
    for client in (anonymous_client, organiser_client):
        page = client.get(url(name, tournament, *args)).content.decode()
        assert "style=" not in page and "<style" not in page
        assert all("src=" in tag for tag in re.findall(r"<script\b[^>]*>", page))
        assert re.search(r"<script\b[^>]*>[^<]+</script>", page) is None
        assert re.search(r"<[^>]+\son\w+=", page) is None  # no inline event handler
        assert """<meta name="htmx-config" content='{"includeIndicatorStyles": false}'>""" in page
        assert EMAIL not in page and "cdn" not in page.lower()


# --- the organiser's switch -------------------------------------------------------------------


def test_organiser_publishes_and_unpublishes(
    club: Club, organiser_client: Client, anonymous_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4)
    version = tournament.results_version
    address = reverse("tournament_publish", args=[tournament.pk])
    assert anonymous_client.get(url("public_tournament", tournament)).status_code == 404
    response = organiser_client.post(address, {"published": "1"})
    assert response.status_code == 302
    assert response["Location"] == reverse("tournament_detail", args=[tournament.pk])
    tournament.refresh_from_db()
    assert tournament.published is True and tournament.results_version == version + 1
    assert anonymous_client.get(url("public_tournament", tournament)).status_code == 200
    response = organiser_client.post(address, {"published": "0"})
    tournament.refresh_from_db()
    assert tournament.published is False
    assert anonymous_client.get(url("public_tournament", tournament)).status_code == 404


def test_publish_with_htmx_answers_the_public_pages_block(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4)
    address = reverse("tournament_publish", args=[tournament.pk])
    response = organiser_client.post(address, {"published": "1"}, headers=HTMX)
    assert response.status_code == 200 and response["Vary"].count("HX-Request") == 1
    body = response.content.decode()
    assert body.lstrip().startswith('<section id="public-pages"')
    text = words(body)
    assert "Published: players follow the evening at" in text
    assert "Unpublish" in text and url("public_tournament", tournament) in body
    assert 'name="published" value="0"' in body
    body = organiser_client.post(address, {"published": "0"}, headers=HTMX).content.decode()
    assert "Not published: the public pages answer “not found” to players." in words(body)
    assert 'name="published" value="1"' in body


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_publish_is_for_the_clubs_organisers_and_post_only(
    club: Club,
    organiser_client: Client,
    other_client: Client,
    anonymous_client: Client,
    htmx: bool,
) -> None:
    tournament = make_tournament(club, pairs=4)
    address = reverse("tournament_publish", args=[tournament.pk])
    headers = HTMX if htmx else {}
    assert other_client.post(address, {"published": "1"}, headers=headers).status_code == 404
    response = anonymous_client.post(address, {"published": "1"}, headers=headers)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login") + "?next=")
    assert organiser_client.get(address, headers=headers).status_code == 405
    assert organiser_client.post(address, {}, headers=headers).status_code == 400
    tournament.refresh_from_db()
    assert tournament.published is False


def test_the_organisers_tournament_page_has_the_publish_block(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4)
    page = organiser_client.get(reverse("tournament_detail", args=[tournament.pk]))
    block = region(page.content.decode(), "public-pages")
    assert "Not published" in words(block) and "Publish" in words(block)
    for name in ("public_tournament", "public_projector", "public_find"):
        assert url(name, tournament) in block


# --- a fixed number of queries, whatever the field ----------------------------------------------

COLD = {"board": 23, "find": 24, "pair": 34}
"""A cold read on the database cache: the stored page and the tournament's version (one
read, both missing); the tournament from the database, its version remembered; then the view's
own reads: the tournament with its club, the data's cache read, the rows (the pairs and the
current seating for the board, and its last two rounds' publication and clock; or for a pair
page the pair, its substitutes, its tables' seats, their deals, the field's pair ids and its
finished tables' seats, the withdrawals that left a table to its opponents as a bye, its
players for the links to their records), the
arbiter's decisions (the standings' marks; for a pair page its
marks and the penalties of its chart), and the database cache's writes of the data and of the
rendered page; "find your table" reads the tournament's sessions too (the session the round is
in). On Redis: 4 and 8."""
WARM = 1
"""A warm read: one read of the cache for the version and the page together (none on Redis:
0 queries)."""
MEASURED = [
    ("page", "public_tournament", (), {}, "board"),
    ("standings partial", "public_tournament", (), HTMX, "board"),
    ("seating partial", "public_tournament", (), {**HTMX, "HX-Target": "seating"}, "board"),
    ("projector", "public_projector", (), {}, "board"),
    ("find your table", "public_find", (), {}, "find"),
    ("pair page", "public_pair", (3,), {}, "pair"),
]


def field(club: Club, organiser: User, pairs: int) -> Tournament:
    """Results at the first five tables of round 1 (one deal a round): at 10 pairs that ends
    round 1, and round 2 is started with a deal at table 1; at 200 pairs round 1 is still in
    play. (Each result restores the whole field's standings, so a full round of 200 pairs
    would take the suite a minute.)"""
    tournament = make_tournament(
        club, pairs=pairs, published=True, name=f"Field of {pairs}", deals_per_round=1
    )
    first = next_round(tournament)
    for table in first.tables.filter(is_bye=False).order_by("number")[:5]:
        services.deal_record(
            table=table, number=1, sides=NS_WINS, mode="summary", user=organiser, version=0
        )
    first.refresh_from_db()
    if first.status == Round.Status.DONE:
        second = next_round(tournament)
        services.deal_record(
            table=second.tables.get(number=1), number=1, sides=NS_WINS, mode="summary",
            user=organiser, version=0,
        )  # fmt: skip
    tournament.refresh_from_db()
    assert Table.objects.filter(round__tournament=tournament, status="done").count() >= 5
    return tournament


def test_public_pages_cost_a_fixed_number_of_queries_at_10_and_at_200_pairs(
    club: Club,
    organiser: User,
    anonymous_client: Client,
    django_assert_max_num_queries: DjangoAssertNumQueries,
) -> None:
    counts: dict[tuple[str, str], list[int]] = {}
    for pairs in (10, 200):
        tournament = field(club, organiser, pairs)
        for label, name, args, headers, kind in MEASURED:
            address = url(name, tournament, *args)
            cache.clear()
            for state, limit in (("cold", COLD[kind]), ("warm", WARM)):
                with django_assert_max_num_queries(limit) as captured:
                    response = anonymous_client.get(address, headers=headers)
                assert response.status_code == 200, (label, state)
                counts.setdefault((label, state), []).append(len(captured.captured_queries))
    for (label, state), (small, big) in counts.items():
        assert small == big, f"{label}, {state} cache: {small} queries at 10 pairs, {big} at 200"


def test_the_warm_pages_do_not_touch_the_pairs_or_rounds(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = field(club, organiser, 10)
    for _, name, args, headers, _ in MEASURED:
        address = url(name, tournament, *args)
        anonymous_client.get(address, headers=headers)
        with CaptureQueriesContext(connection) as captured:
            assert anonymous_client.get(address, headers=headers).status_code == 200
        tables = {
            found
            for query in captured.captured_queries
            for found in re.findall(r'FROM "(\w+)"', query["sql"])
        }
        assert tables <= {"tournaments_tournament", "burraco_cache"}, (name, tables)
