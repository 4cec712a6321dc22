"""The front door: the home page lists exactly the clubs with a published tournament today and
in the last 30 days (never an unpublished one) at one query whatever the number of clubs; a
club's page lists its tournaments of today, to come and past; every public tournament page
links the standings file, the projector and "find your table"; the projector and the printed
seating carry a QR code that a phone reads as the public standings' absolute address."""

import datetime
import re
from collections.abc import Iterator

import pytest
import segno
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from tournaments.models import Club, Tournament
from tournaments.qr import QUIET_ZONE, qr_matrix, qr_svg
from tournaments.selectors.public.front import RECENT_DAYS
from tournaments.tests.conftest import make_tournament
from tournaments.tests.qr_helpers import decode_svg, qr_svgs, svg_modules
from tournaments.tests.test_public_pages import next_round, region, url, words

TODAY = datetime.date(2026, 11, 23)  # a Monday


def days_ago(days: int) -> datetime.date:
    return TODAY - datetime.timedelta(days=days)


@pytest.fixture(autouse=True)
def today(db: None, monkeypatch: pytest.MonkeyPatch) -> Iterator[datetime.date]:
    """The pages' "today" is TODAY, whatever the clock says; every test starts from an empty
    shared cache."""
    monkeypatch.setattr(timezone, "localdate", lambda *args, **kwargs: TODAY)
    cache.clear()
    yield TODAY
    cache.clear()


def held(
    club: Club, name: str, date: datetime.date, *, published: bool = True, status: str = "setup"
) -> Tournament:
    tournament = make_tournament(club, pairs=0, name=name, date=date, published=published)
    if status != "setup":
        Tournament.objects.filter(pk=tournament.pk).update(status=status)
    return tournament


def tournament_links(html: str) -> list[str]:
    return re.findall(r'href="(/t/[\w-]+/[\w-]+/)"', html)


def club_names(html: str) -> list[str]:
    return [words(name) for name in re.findall(r"<h3>(.*?)</h3>", html, re.S)]


# --- the home page ------------------------------------------------------------------------------


def test_home_lists_the_clubs_playing_today_and_lately_and_never_an_unpublished_tournament(
    anonymous_client: Client,
) -> None:
    roma = Club.objects.create(name="Circolo del Burraco Roma", slug="roma", city="Roma")
    milano = Club.objects.create(name="Burraco Milano", slug="milano", city="Milano")
    napoli = Club.objects.create(name="Napoli Carte", slug="napoli")
    hidden = Club.objects.create(name="Club Segreto", slug="segreto")
    busy = Club.objects.create(name="Amici del Burraco", slug="amici")
    tonight = held(roma, "Monday evening", TODAY, status="running")
    held(roma, "Monday secret", TODAY, published=False)
    afternoon = held(milano, "Monday afternoon", TODAY, status="finished")
    held(milano, "Next Monday", TODAY + datetime.timedelta(days=7))  # to come: not on home
    last_week = held(napoli, "Last Monday", days_ago(7), status="finished")
    edge = held(napoli, "A month ago", days_ago(RECENT_DAYS), status="finished")
    held(napoli, "Too long ago", days_ago(RECENT_DAYS + 1), status="finished")
    held(hidden, "Private today", TODAY, published=False)
    held(hidden, "Private last week", days_ago(7), published=False)
    lately = [held(busy, f"Evening {n}", days_ago(n), status="finished") for n in (1, 2, 3, 4)]

    response = anonymous_client.get(reverse("home"))
    assert response.status_code == 200
    page = response.content.decode()
    today_part = region(page, "today-part")
    assert club_names(today_part) == ["Burraco Milano Milano", "Circolo del Burraco Roma Roma"]
    assert tournament_links(today_part) == [
        url("public_tournament", afternoon),
        url("public_tournament", tonight),
    ]
    assert "Playing today Monday 23 November" in words(today_part)
    assert "Monday evening 23 November 2026 Live" in words(today_part)
    assert "Monday afternoon 23 November 2026 Final standings" in words(today_part)
    assert f'href="{reverse("public_club", args=["roma"])}"' in today_part

    recent_part = region(page, "recent-part")
    # the most recent first; a busy club shows its three latest, and links all of them
    assert club_names(recent_part) == ["Amici del Burraco", "Napoli Carte"]
    assert tournament_links(recent_part) == [
        url("public_tournament", lately[0]),
        url("public_tournament", lately[1]),
        url("public_tournament", lately[2]),
        url("public_tournament", last_week),
        url("public_tournament", edge),
    ]
    assert "The last 30 days" in words(recent_part)
    assert "All of Amici del Burraco's tournaments" in words(recent_part)
    for absent in ("secret", "Segreto", "Private", "Too long ago", "Next Monday", "Evening 4"):
        assert absent not in page
    # organisers still find their way in
    assert f'href="{reverse("login")}"' in page and "Organiser login" in page


def test_home_says_so_when_nobody_plays(anonymous_client: Client) -> None:
    held(Club.objects.create(name="Napoli Carte", slug="napoli"), "Old", days_ago(40))
    text = words(anonymous_client.get(reverse("home")).content.decode())
    assert "No club has a tournament on the public pages today." in text
    assert "No tournament in the last 30 days." in text


@pytest.mark.parametrize("clubs", [2, 30])
def test_home_costs_one_query_whatever_the_number_of_clubs(
    clubs: int, anonymous_client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    for n in range(clubs):
        club = Club.objects.create(name=f"Club {n:02}", slug=f"club-{n}")
        held(club, "Tonight", TODAY, status="running")
        held(club, "Last week", days_ago(7), status="finished")
    with django_assert_num_queries(1):
        response = anonymous_client.get(reverse("home"))
    page = response.content.decode()
    assert len(tournament_links(region(page, "today-part"))) == clubs
    assert len(tournament_links(region(page, "recent-part"))) == clubs


# --- a club's page ------------------------------------------------------------------------------


def test_club_page_lists_today_then_to_come_then_past(
    club: Club, organiser: User, anonymous_client: Client, organiser_client: Client
) -> None:
    held(club, "Far future", TODAY + datetime.timedelta(days=30))
    held(club, "Next week", TODAY + datetime.timedelta(days=7))
    held(club, "Tonight", TODAY, status="running")
    held(club, "Last year", days_ago(365), status="finished")
    held(club, "Yesterday", days_ago(1), status="finished")
    held(club, "Draft for Friday", TODAY + datetime.timedelta(days=4), published=False)
    held(club, "Draft of last week", days_ago(6), published=False)
    address = reverse("public_club", args=[club.slug])
    page = anonymous_client.get(address).content.decode()
    names = {
        part: re.findall(r'<span class="name">(.*?)</span>', region(page, f"{part}-part"))
        for part in ("today", "upcoming", "past")
    }
    assert names == {
        "today": ["Tonight"],
        "upcoming": ["Next week", "Far future"],  # the soonest first
        "past": ["Yesterday", "Last year"],  # the latest first
    }
    assert "Draft" not in page
    assert "Today Tonight 23 November 2026 Live" in words(page)
    assert "Yesterday 22 November 2026 Final standings" in words(page)
    # the club's organisers see the unpublished ones too, marked
    own = organiser_client.get(address).content.decode()
    assert "Draft for Friday 27 November 2026 Coming up Not published" in words(
        region(own, "upcoming-part")
    )
    assert "Draft of last week" in region(own, "past-part")


def test_an_empty_club_page_says_so(club: Club, anonymous_client: Client) -> None:
    held(club, "Draft", TODAY, published=False)
    text = words(anonymous_client.get(reverse("public_club", args=[club.slug])).content.decode())
    assert "No tournament published yet." in text and "Draft" not in text


# --- every public tournament page links the standings file, the projector and find your table --


@pytest.mark.parametrize(
    ("name", "args"),
    [("public_tournament", ()), ("public_find", ()), ("public_pair", (1,))],
)
def test_every_public_tournament_page_links_the_file_the_projector_and_find_your_table(
    name: str, args: tuple[int, ...], club: Club, anonymous_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4, published=True)
    page = anonymous_client.get(url(name, tournament, *args))
    assert page.status_code == 200
    bar = region(page.content.decode(), "tournament-links")
    links = dict(
        (words(text), href) for href, text in re.findall(r'<a href="([^"]+)"[^>]*>(.*?)</a>', bar)
    )
    assert links == {
        "Standings": url("public_tournament", tournament),
        "Find your table": url("public_find", tournament),
        "Projector": url("public_projector", tournament),
        "Standings file (CSV)": url("public_standings_csv", tournament),
        "Standings file (Excel)": url("public_standings_xlsx", tournament),
    }
    csv = anonymous_client.get(links["Standings file (CSV)"])
    assert csv.status_code == 200 and csv["Content-Type"].startswith("text/csv")
    assert csv.content.decode().count("\n") == 5  # a heading and the four pairs
    excel = anonymous_client.get(links["Standings file (Excel)"])
    assert excel.status_code == 200 and excel.content[:2] == b"PK"  # an .xlsx is a zip


# --- QR codes -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "address",
    [
        "http://testserver/t/roma/tuesday-evening/",
        "https://burraco.example.org/t/circolo-del-burraco-roma/"
        "campionato-sociale-invernale-serata-dodici/",
    ],
)
def test_a_qr_code_reads_as_its_address_module_for_module(address: str) -> None:
    svg = qr_svg(address, 'Scan "here" <now>')
    assert decode_svg(svg) == address  # an independent reader (zxing-cpp) finds the address
    # and the drawing is segno's symbol exactly, inside a four-module quiet zone
    grid = svg_modules(svg)
    symbol = segno.make(address, error="m", micro=False).matrix
    size = len(symbol)
    assert len(grid) == size + 2 * QUIET_ZONE
    inner = [row[QUIET_ZONE : QUIET_ZONE + size] for row in grid[QUIET_ZONE : QUIET_ZONE + size]]
    assert inner == [[bool(module) for module in row] for row in symbol]
    assert [list(row) for row in qr_matrix(address)] == inner
    border = grid[:QUIET_ZONE] + grid[-QUIET_ZONE:] + [row[:QUIET_ZONE] for row in grid]
    assert not any(any(row) for row in border)
    # the label is the accessible name, escaped
    assert 'aria-label="Scan &quot;here&quot; &lt;now&gt;"' in svg


def test_the_projector_shows_the_qr_code_of_the_public_standings(
    club: Club, anonymous_client: Client
) -> None:
    tournament = make_tournament(club, pairs=5, published=True)
    next_round(tournament, start=False)
    standings = f"http://testserver{url('public_tournament', tournament)}"
    page = anonymous_client.get(url("public_projector", tournament)).content.decode()
    codes = qr_svgs(region(page, "projector-board"))
    assert len(codes) == 2  # on the standings panel and on the seating panel
    assert [decode_svg(code) for code in codes] == [standings, standings]
    assert f"On your phone: {standings}" in words(page)
    # a reader on another address of the site gets that address (the cache keeps them apart)
    other = Client(HTTP_HOST="127.0.0.1").get(url("public_projector", tournament))
    code = qr_svgs(other.content.decode())[0]
    assert decode_svg(code) == f"http://127.0.0.1{url('public_tournament', tournament)}"
    # the htmx refresh of the board carries it too
    partial = anonymous_client.get(url("public_projector", tournament), headers={"HX-Request": "1"})
    assert [decode_svg(code) for code in qr_svgs(partial.content.decode())] == [standings] * 2


def test_the_printed_seating_shows_the_qr_code_of_the_public_standings(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=6, name="Tuesday evening")
    round_ = next_round(tournament, start=False)
    address = reverse("print_seating", args=[round_.pk])
    standings = f"http://testserver{url('public_tournament', tournament)}"
    page = organiser_client.get(address).content.decode()
    (code,) = qr_svgs(page)
    assert decode_svg(code) == standings
    text = words(page)
    assert f"Live standings: scan with your phone {standings}" in text
    assert "Not published yet: players see the page once you publish the tournament." in text
    Tournament.objects.filter(pk=tournament.pk).update(published=True)
    published = organiser_client.get(address, secure=True).content.decode()
    assert decode_svg(qr_svgs(published)[0]) == standings.replace("http:", "https:")
    assert "Not published yet" not in published
