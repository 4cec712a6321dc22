"""Individual evenings (singoli, issue 25) end to end in a real browser: Playwright driving
Debian's Chromium against the app served (pytest-django's live_server) on PostgreSQL.

(a) A 12-player evening seated by the rotation. A new organiser creates it through the pages
(entrants: players, the 12 names one a line), seats and starts round 1; the four players of
one table use their own links on their phones (390 px): one writes each deal, an opponent
accepts it; the organiser (1280 px) enters the other tables. Two rounds; after each the public
standings, and at the end every player's "my evening", are checked against the VP and MP
worked out here by hand from the deals typed (the FIBUR 3-deal bands as RULES.md prints them,
not the app's engine).

(b) A 22-player evening: a random first round, then the Danese; two players sit out each
round (no one twice while another has not), each credited with the bye award; two rounds
entered by the organiser, the standings checked by hand.

The assertions find players by name and columns by "VP", "MP" and "Rank", never by the word
"Pair" or "Player" (the individual pages' wording is being changed elsewhere). Every step
leaves a screenshot in test-artifacts/individual/; a CSP violation or a JavaScript error in any
page's console fails the test.

Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/burraco_e2e \
         .venv/bin/pytest tournaments/tests/test_e2e_individual.py -q --create-db -s
"""

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection, connections
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect, sync_playwright
from pytest_django.live_server_helper import LiveServer

from tournaments.models import Club, DealSide, Pair, Round, Seat, Table, Tournament
from tournaments.tests.e2e_helpers import (
    CHROMIUM,
    ConsoleWatch,
    Screenshots,
    SummarySide,
    choose_closed,
    enter_summary_deal,
    expect_live_totals,
    launch,
    retype,
    shown,
    type_summary_side,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="the browser test runs on PostgreSQL only (set DATABASE_URL to a PostgreSQL server)",
    ),
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason=f"the browser test needs Debian's chromium at {CHROMIUM}"
    ),
]

ARTIFACTS = Path(settings.BASE_DIR) / "test-artifacts" / "individual"
PASSWORD = "Scala-Quaranta-2026!"
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
WAIT = 20_000
"""How long a page may take to show a change on a loaded machine (phones follow every 5 s)."""

Deal = tuple[SummarySide, SummarySide, str, tuple[int, int]]
# Deals as the score sheet gives them (Burraco Classico: clean burraco 200, dirty 100, closing
# 100, pot not taken -100; a side's total = melded + bonuses - points left in hand - pot):
# A: N-S 300 + clean 200 + closing 100 = 600; E-W 150 - 40 in hand = 110
A: Deal = (SummarySide(300, clean=1), SummarySide(150, hand=40), "N-S", (600, 110))
# B: N-S 120 - 35 in hand = 85; E-W 250 + dirty 100 + closing 100 = 450
B: Deal = (SummarySide(120, hand=35), SummarySide(250, dirty=1), "E-W", (85, 450))
# C: N-S 200 + dirty 100 + closing 100 = 400; E-W 90 - 60 in hand = 30
C: Deal = (SummarySide(200, dirty=1), SummarySide(90, hand=60), "N-S", (400, 30))
# D: N-S 160 - 20 in hand - pot not taken 100 = 40; E-W 240 + clean 200 + closing 100 = 540
D: Deal = (SummarySide(160, hand=20, pot="not taken"), SummarySide(240, clean=1), "E-W", (40, 540))

# The FIBUR table for 3 deals (RULES.md "Tournament scoring"): the MP difference's band's lower
# bound -> (winner's VP, loser's VP). A difference between two bands stays in the lower one.
FIBUR_3_BANDS = [
    (0, 10, 10), (55, 11, 9), (155, 12, 8), (255, 13, 7), (355, 14, 6), (505, 15, 5),
    (655, 16, 4), (805, 17, 3), (1005, 18, 2), (1255, 19, 1), (1505, 20, 0),
]  # fmt: skip
BYE_VP, BYE_MP = 14, 355
"""The bye award that follows the 3-deal scale: 70 % of 20 VP, with 355 MP (RULES.md)."""

TWELVE = [
    "Ada Rossi", "Bruno Bianchi", "Carla Verdi", "Dario Neri", "Elsa Romano", "Fabio Colombo",
    "Gina Ricci", "Ivo Marino", "Lea Greco", "Mauro Bruno", "Nella Gallo", "Oreste Conti",
]  # fmt: skip
TWENTY_TWO = [
    *TWELVE,
    "Paola Costa", "Quinto Esposito", "Rita Giordano", "Sergio Mancini", "Tina Lombardi",
    "Ugo Moretti", "Vera Barbieri", "Walter Fontana", "Zoe Santoro", "Aldo Marini",
]  # fmt: skip


def vp_by_hand(ns_mp: int, ew_mp: int) -> tuple[int, int]:
    """A table's VP from its MP, read off FIBUR_3_BANDS (not the app's engine)."""
    difference = abs(ns_mp - ew_mp)
    winner, loser = next((w, lo) for low, w, lo in reversed(FIBUR_3_BANDS) if difference >= low)
    return (winner, loser) if ns_mp >= ew_mp else (loser, winner)


def test_the_hand_table_reads_as_rules_md_prints_it() -> None:
    """The test's own table against RULES.md's printed examples (no database, no browser)."""
    assert vp_by_hand(1085, 490) == (15, 5)  # 595
    assert vp_by_hand(100, 152) == (10, 10)  # 52 falls between bands: the lower one
    assert vp_by_hand(0, 1503) == (1, 19)  # 1,503 is still 19-1
    assert vp_by_hand(1505, 0) == (20, 0)


@dataclass
class Standing:
    """A player's totals as worked out by hand."""

    vp: int = 0
    mp: int = 0
    rounds: int = 0


@dataclass
class Ledger:
    """What the evening should show, kept by hand as the deals are typed."""

    names: dict[int, str]
    rows: dict[int, Standing] = field(default_factory=dict)

    def table(self, seats: dict[str, int], deals: list[Deal]) -> None:
        """Credit both players of each side with the side's full MP and VP (RULES.md)."""
        ns_mp = sum(deal[3][0] for deal in deals)
        ew_mp = sum(deal[3][1] for deal in deals)
        ns_vp, ew_vp = vp_by_hand(ns_mp, ew_mp)
        for position, player in seats.items():
            row = self.rows.setdefault(player, Standing())
            north_south = position in "NS"
            row.vp += ns_vp if north_south else ew_vp
            row.mp += ns_mp if north_south else ew_mp
            row.rounds += 1

    def bye(self, player: int) -> None:
        row = self.rows.setdefault(player, Standing())
        row.vp += BYE_VP
        row.mp += BYE_MP

    def ranks(self) -> dict[int, int]:
        """Rank by VP, then MP; players level on both share the rank (a draw)."""
        order = sorted(self.rows, key=lambda p: (-self.rows[p].vp, -self.rows[p].mp))
        ranks: dict[int, int] = {}
        for place, player in enumerate(order, 1):
            before = order[place - 2] if place > 1 else None
            same = before is not None and (self.rows[before].vp, self.rows[before].mp) == (
                self.rows[player].vp,
                self.rows[player].mp,
            )
            ranks[player] = ranks[before] if same and before is not None else place
        return ranks


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> Iterator[Browser]:
    cache.clear()
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # see test_e2e_evening.py
    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield browser
        browser.close()
        connections.close_all()
    cache.clear()


@dataclass
class Evening:
    base: str
    organiser: Page
    browser: Browser
    shots: Screenshots
    console: ConsoleWatch
    phones: dict[int, Page] = field(default_factory=dict)
    contexts: list[BrowserContext] = field(default_factory=list)

    def phone(self, player: Pair) -> Page:
        """The player's own phone (a context of its own, no login), opened on their link."""
        if player.number not in self.phones:
            context = self.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
            self.console.watch_context(context, f"player {player.number}")
            self.contexts.append(context)
            self.phones[player.number] = context.new_page()
            self.phones[player.number].goto(f"{self.base}/p/{player.token}/")
        return self.phones[player.number]


def _start(live_server: LiveServer, browser: Browser, folder: str) -> tuple[Evening, Club]:
    club = Club.objects.create(name="Circolo del Burraco Roma", slug="roma")
    anna = User.objects.create_user("anna", "anna@example.com", PASSWORD, first_name="Anna")
    club.organisers.add(anna)
    desk = browser.new_context(viewport=DESKTOP)
    console = ConsoleWatch()
    console.watch_context(desk, "organiser")
    expect.set_options(timeout=WAIT)
    evening = Evening(
        live_server.url.rstrip("/"), desk.new_page(), browser, Screenshots(ARTIFACTS / folder),
        console,
    )  # fmt: skip
    evening.contexts.append(desk)
    evening.organiser.set_default_timeout(WAIT)
    return evening, club


def _finish(evening: Evening, started: float) -> None:
    for context in evening.contexts:
        context.close()
    print(f"\n  the walk took {time.monotonic() - started:.1f} s; "
          f"{len(evening.console.problems)} console problems")  # fmt: skip


@pytest.mark.django_db(transaction=True)
def test_a_12_player_rotation_evening(live_server: LiveServer, browser: Browser) -> None:
    started = time.monotonic()
    evening, club = _start(live_server, browser, "twelve")
    try:
        _twelve(evening, club)
    finally:
        _finish(evening, started)
    assert evening.console.problems == [], "\n".join(evening.console.problems)


@pytest.mark.django_db(transaction=True)
def test_a_22_player_evening_random_then_danese_with_two_byes(
    live_server: LiveServer, browser: Browser
) -> None:
    started = time.monotonic()
    evening, club = _start(live_server, browser, "twenty-two")
    try:
        _twenty_two(evening, club)
    finally:
        _finish(evening, started)
    assert evening.console.problems == [], "\n".join(evening.console.problems)


# --- the organiser's pages --------------------------------------------------------------------


def _create(
    evening: Evening, club: Club, name: str, names: list[str], *, rounds: int, deals: int,
    players_enter: bool,
) -> Tournament:  # fmt: skip
    """Log in, create the individual tournament through its form, type the players, publish."""
    page, shots = evening.organiser, evening.shots
    page.goto(f"{evening.base}/login/")
    page.get_by_label("User name").fill("anna")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.locator("header.site .who")).to_have_text("Anna")
    page.get_by_role("link", name="+ New tournament").click()
    retype(page.get_by_label("Name"), name)
    page.get_by_role("radio", name="Individual (each player ranked alone)").check()
    if players_enter:
        page.get_by_role(
            "radio", name="The players enter their table's results on their phones"
        ).check()
    page.get_by_label("Variant").select_option(label="Burraco Classico")
    page.get_by_role("radio", name=re.compile(r"^Deals: each table plays")).check()
    box = page.get_by_label("Rounds", exact=True)
    retype(box, str(rounds))
    box.blur()  # the movement plan follows the number of rounds (htmx)
    # an individual evening's rounds follow its size: the plan offers no pairs movements
    expect(page.locator("#movement-plan")).to_contain_text("12: the rotation")
    expect(page.locator("#movement-plan select")).to_have_count(0)
    retype(page.get_by_label("Deals per round"), str(deals))
    expect(page.get_by_label("Victory-point (VP) scale")).to_have_value("fibur-3")
    shots.take(page, "new-tournament")
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.get_by_role("heading", name=name)).to_be_visible()
    tournament = Tournament.objects.get(club=club, name=name)
    assert tournament.is_individual and tournament.deals_per_round == deals

    entry = page.locator("#pairs")
    entry.locator("textarea").fill("\n".join(names))
    entry.locator("form button[type=submit]").first.click()
    expect(entry.locator("ol.pairs > li")).to_have_count(len(names))
    expect(entry.locator("ol.pairs > li").first).to_contain_text(names[0])
    shots.take(page, "players-added")
    public = page.locator("#public-pages")
    public.get_by_role("button", name="Publish").click()
    expect(public.get_by_role("button", name="Unpublish")).to_be_visible()
    tournament.refresh_from_db()
    return tournament


def _seat_and_start(evening: Evening, tournament: Tournament, number: int, movement: str) -> Round:
    """Seat round `number` by the movement the page offers (checked, not chosen: the plan by
    the field's size should already name it), then start it."""
    page, shots = evening.organiser, evening.shots
    page.goto(f"{evening.base}/organise/tournaments/{tournament.pk}/")
    page.get_by_role("link", name=f"Seat round {number}").click()
    expect(page.get_by_role("heading", name=f"Seat round {number}")).to_be_visible()
    shots.take(page, f"round{number}-prepare")
    select = page.get_by_label("Movement")
    assert select.input_value() == movement, (number, select.input_value(), movement)
    page.get_by_role("button", name=f"Seat round {number}").click()
    expect(page.get_by_role("heading", name=f"Round {number}")).to_be_visible()
    shots.take(page, f"round{number}-seated")
    page.get_by_role("button", name=f"Start round {number}").click()
    expect(page.locator("ul.messages")).to_contain_text(f"Round {number} has started.")
    round_ = Round.objects.get(tournament=tournament, number=number)
    assert round_.movement == movement
    return round_


def _seats(round_: Round, table: int) -> dict[str, Pair]:
    """The four players of a table by seat (N, S, E, W)."""
    return {
        seat.position: seat.pair
        for seat in Seat.objects.select_related("pair__player_one").filter(
            round=round_, table__number=table
        )
    }


def _organiser_enters(evening: Evening, round_: Round, table: int, deals: list[Deal]) -> None:
    page = evening.organiser
    page.goto(f"{evening.base}/organise/rounds/{round_.pk}/")
    row = page.locator("#tables tbody tr").filter(
        has=page.locator("td.table-number", has_text=re.compile(rf"^{table}(\s|$)"))
    )
    row.get_by_role("link", name="Enter results").click()
    expect(
        page.get_by_role("heading", name=f"Round {round_.number} · Table {table}")
    ).to_be_visible()
    seats = _seats(round_, table)
    for player in seats.values():  # the page names all four players
        expect(page.locator("#entry-main")).to_contain_text(player.player_one.full_name)
    for number, (ns, ew, closed, totals) in enumerate(deals, 1):
        enter_summary_deal(page, number, ns, ew, closed, totals)
    _expect_counts(round_, table, deals)


def _expect_counts(round_: Round, table: int, deals: list[Deal]) -> None:
    for number, deal in enumerate(deals, 1):
        sides = dict(
            DealSide.objects.filter(
                deal__table__round=round_, deal__table__number=table, deal__number=number
            ).values_list("direction", "total")
        )
        assert (sides.get("ns"), sides.get("ew")) == deal[3], (round_.number, table, number)


# --- the phones -------------------------------------------------------------------------------


def _write(page: Page, number: int, deal: Deal) -> None:
    """A phone writes deal `number` from the score sheet and sends it."""
    ns, ew, closed, totals = deal
    expect(page.locator("#entry-form h2")).to_have_text(f"Deal {number}", timeout=2 * WAIT)
    type_summary_side(page, "ns", ns)
    type_summary_side(page, "ew", ew)
    choose_closed(page, closed)
    expect_live_totals(page, *totals)
    page.get_by_role("button", name=f"Send deal {number}").click()
    expect(page.locator(".notice.ok")).to_contain_text(f"Deal {number} sent.")


def _accept(page: Page, number: int) -> None:
    """The opponents' phone sees the deal (its page follows by itself) and accepts it."""
    button = page.get_by_role("button", name=f"Accept deal {number}")
    expect(button).to_be_visible(timeout=2 * WAIT)
    button.click()
    expect(page.locator(".notice.ok")).to_have_text(f"Deal {number} accepted: it counts.")


def _phones_play(
    evening: Evening, round_: Round, table: int, deals: list[Deal], writer: str, accepter: str
) -> None:
    """The four players of the table open their own links; `writer` (a seat) writes each deal,
    `accepter` (an opponent's seat) accepts it."""
    seats = _seats(round_, table)
    pages = {position: evening.phone(player) for position, player in seats.items()}
    for position, page in pages.items():
        expect(page.locator("h1")).to_have_text(
            f"Round {round_.number} · Table {table}", timeout=3 * WAIT
        )
        for player in seats.values():  # every phone names the four players of the table
            expect(page.locator("main")).to_contain_text(player.player_one.full_name)
        # "you" stands right after the phone's own player (not after the partner's name)
        owner = page.locator(".you-tag").evaluate("tag => tag.previousElementSibling.textContent")
        assert owner.strip() == seats[position].player_one.full_name, (position, owner)
        evening.shots.take(page, f"round{round_.number}-phone-{position}")
    for number, deal in enumerate(deals, 1):
        _write(pages[writer], number, deal)
        if number == 1:
            evening.shots.take(pages[writer], f"round{round_.number}-phone-{writer}-sent")
        _accept(pages[accepter], number)
    _expect_counts(round_, table, deals)
    expect(pages[writer].locator("ol.deal-list")).to_contain_text(shown(deals[-1][3][0]))
    evening.shots.take(pages[accepter], f"round{round_.number}-phone-{accepter}-done")


# --- standings --------------------------------------------------------------------------------


def _expect_public_standings(
    evening: Evening, tournament: Tournament, ledger: Ledger, name: str
) -> None:
    """The public standings: every player's VP, MP and rank, found by name and column title."""
    context = evening.browser.new_context(viewport=DESKTOP)
    evening.console.watch_context(context, "visitor")
    evening.contexts.append(context)
    page = context.new_page()
    page.goto(f"{evening.base}/t/{tournament.club.slug}/{tournament.slug}/")
    headers = [h.strip() for h in page.locator("#standings thead th").all_inner_texts()]
    vp, mp, rank = headers.index("VP"), headers.index("MP"), headers.index("Rank")
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(len(ledger.names))
    ranks = ledger.ranks()
    for number, player in ledger.names.items():
        row = rows.filter(has_text=player)
        expect(row).to_have_count(1)
        cells = row.locator("td, th")
        expected = ledger.rows.get(number, Standing())
        expect(cells.nth(vp)).to_have_text(str(expected.vp))
        expect(cells.nth(mp)).to_have_text(f"{expected.mp:,}".replace("-", chr(0x2212)))
        expect(cells.nth(rank)).to_have_text(str(ranks[number]))
    evening.shots.take(page, f"standings-{name}")
    page.set_viewport_size(PHONE)
    evening.shots.take(page, f"standings-{name}-390")
    context.close()
    evening.contexts.remove(context)


def _expect_my_evenings(evening: Evening, tournament: Tournament, ledger: Ledger) -> None:
    """Every player's own "my evening": rank, VP and MP as worked out by hand."""
    context = evening.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    evening.console.watch_context(context, "my evenings")
    evening.contexts.append(context)
    page = context.new_page()
    ranks = ledger.ranks()
    for player in Pair.objects.filter(tournament=tournament).select_related("player_one"):
        page.goto(f"{evening.base}/p/{player.token}/evening/")
        expect(page.locator("main")).to_contain_text(player.player_one.full_name)
        totals = page.locator("dl.totals")
        expected = ledger.rows[player.number]
        values = {
            dt.strip(): dd.strip()
            for dt, dd in zip(
                totals.locator("dt").all_inner_texts(),
                totals.locator("dd").all_inner_texts(),
                strict=True,
            )
        }
        assert values["VP"] == str(expected.vp), (player.number, values)
        assert values["MP"] == f"{expected.mp:,}", (player.number, values)
        assert values["Rank"] == str(ranks[player.number]), (player.number, values)
        if player.number in (1, 12):
            evening.shots.take(page, f"my-evening-player{player.number}")
    context.close()
    evening.contexts.remove(context)


def _names(tournament: Tournament) -> dict[int, str]:
    return {
        p.number: p.player_one.full_name
        for p in Pair.objects.filter(tournament=tournament).select_related("player_one")
    }


def _partners(round_: Round) -> set[frozenset[int]]:
    """The partnerships of a round, as sets of two player numbers."""
    sides: dict[tuple[int, str], set[int]] = {}
    for seat in Seat.objects.filter(round=round_, table__is_bye=False).select_related("pair"):
        sides.setdefault((seat.table_id, seat.direction), set()).add(seat.pair.number)
    assert all(len(side) == 2 for side in sides.values()), sides
    return {frozenset(side) for side in sides.values()}


# --- (a) twelve players, the rotation ---------------------------------------------------------

ROUNDS_12 = {
    1: {1: [A, B], 2: [C, A], 3: [B, C]},  # 685-560: 11-9; 1000-140: 17-3; 485-480: 10-10
    2: {1: [C, D], 2: [B, B], 3: [A, C]},  # 440-570: 9-11; 170-900: 4-16; 1000-140: 17-3
}


def _twelve(evening: Evening, club: Club) -> None:
    tournament = _create(
        evening, club, "Singolo del giovedì", TWELVE, rounds=2, deals=2, players_enter=True
    )
    names = _names(tournament)
    assert sorted(names.values()) == sorted(TWELVE)
    ledger = Ledger(names)
    previous: set[frozenset[int]] = set()
    for number, tables in ROUNDS_12.items():
        round_ = _seat_and_start(evening, tournament, number, "rotation12")
        assert Table.objects.filter(round=round_, is_bye=False).count() == 3
        partners = _partners(round_)
        assert not partners & previous, "the rotation never gives the same partner twice"
        previous |= partners
        # the rotation: player 12 stays, so round 2's partnerships are round 1's moved on by one
        phone_table = 1
        writer, accepter = ("N", "E") if number == 1 else ("S", "W")  # either partner writes
        _phones_play(evening, round_, phone_table, tables[phone_table], writer, accepter)
        ledger.table({p: s.number for p, s in _seats(round_, phone_table).items()}, tables[1])
        for table, deals in tables.items():
            if table == phone_table:
                continue
            _organiser_enters(evening, round_, table, deals)
            ledger.table({p: s.number for p, s in _seats(round_, table).items()}, deals)
        evening.organiser.goto(f"{evening.base}/organise/rounds/{round_.pk}/")
        expect(evening.organiser.locator("#tables .progress")).to_have_text("3 of 3 tables done.")
        evening.shots.take(evening.organiser, f"round{number}-board-done")
        # the state is a cell of its row (tinted with it), not a pill of its own
        state = evening.organiser.locator("#tables tbody td.state").first
        assert state.evaluate("cell => getComputedStyle(cell).display") == "table-cell"
        _expect_public_standings(evening, tournament, ledger, f"round{number}")
    stored = {
        p.number: (p.vp, p.mp, p.rounds_played) for p in Pair.objects.filter(tournament=tournament)
    }
    assert stored == {n: (r.vp, r.mp, r.rounds) for n, r in ledger.rows.items()}
    _expect_my_evenings(evening, tournament, ledger)
    _organiser_on_a_phone(evening, tournament, round_)


def _organiser_on_a_phone(evening: Evening, tournament: Tournament, round_: Round) -> None:
    """The organiser's pages at 390 px: nothing wider than the phone (a wide table scrolls in
    its own box), the big buttons within reach."""
    page = evening.organiser
    page.set_viewport_size(PHONE)
    for name, path in (
        ("tournament", f"/organise/tournaments/{tournament.pk}/"),
        ("board", f"/organise/rounds/{round_.pk}/"),
        ("table", f"/organise/tables/{round_.tables.get(number=1).pk}/"),
    ):
        page.goto(f"{evening.base}{path}")
        expect(page.locator("h1")).to_be_visible()
        evening.shots.take(page, f"organiser-390-{name}")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], (name, width)
    page.set_viewport_size(DESKTOP)


# --- (b) twenty-two players, random then Danese, two byes a round -----------------------------

ROUNDS_22 = {
    1: {1: [A], 2: [B], 3: [C], 4: [D], 5: [A]},  # 600-110: 16-4; 85-450: 6-14; 400-30: 14-6;
    2: {1: [D], 2: [C], 3: [B], 4: [A], 5: [C]},  # 40-540: 5-15
}


def _twenty_two(evening: Evening, club: Club) -> None:
    tournament = _create(
        evening, club, "Campionato individuale", TWENTY_TWO, rounds=2, deals=1, players_enter=False
    )
    names = _names(tournament)
    ledger = Ledger(names)
    sat_out: list[set[int]] = []
    previous: set[frozenset[int]] = set()
    for number, movement in ((1, "random"), (2, "danese")):
        round_ = _seat_and_start(evening, tournament, number, movement)
        byes = set(
            Seat.objects.filter(round=round_, table__is_bye=True).values_list(
                "pair__number", flat=True
            )
        )
        assert len(byes) == 2, byes
        assert Table.objects.filter(round=round_, is_bye=False).count() == 5
        for earlier in sat_out:
            assert not byes & earlier, "no one sits out twice while another has not"
        sat_out.append(byes)
        # the board names the two who sit out
        board = evening.organiser
        for player in byes:
            expect(board.locator("main")).to_contain_text(names[player])
        partners = _partners(round_)
        assert not partners & previous, "never the same partner twice"
        previous |= partners
        if number == 2:
            _danese_order(round_, {n: (r.vp, r.mp) for n, r in ledger.rows.items()})
        _find_your_table(evening, tournament, round_, byes, number)
        for table, deals in ROUNDS_22[number].items():
            _organiser_enters(evening, round_, table, deals)
            ledger.table({p: s.number for p, s in _seats(round_, table).items()}, deals)
        for player in byes:
            ledger.bye(player)
        _expect_public_standings(evening, tournament, ledger, f"round{number}")
    _organiser_on_a_phone(evening, tournament, round_)
    stored = {p.number: (p.vp, p.mp) for p in Pair.objects.filter(tournament=tournament)}
    assert stored == {n: (r.vp, r.mp) for n, r in ledger.rows.items()}


def _find_your_table(
    evening: Evening, tournament: Tournament, round_: Round, byes: set[int], number: int
) -> None:
    """ "Find your table" on a player's phone (390 px) and the projector (1280 px): each of the
    22 players by surname, with the table, or "sits out" for the two byes."""
    context = evening.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    evening.console.watch_context(context, "visitor")
    page = context.new_page()
    try:
        page.goto(f"{evening.base}/t/{tournament.club.slug}/{tournament.slug}/find/")
        tables = {
            seat.pair.number: seat.table.number
            for seat in Seat.objects.filter(round=round_).select_related("pair", "table")
        }
        for player in Pair.objects.filter(tournament=tournament).select_related("player_one"):
            surname = re.compile(rf"^{player.player_one.last_name}$")
            row = page.locator("tbody tr").filter(
                has=page.locator("td.player strong", has_text=surname)
            )
            expect(row).to_have_count(1)
            if player.number in byes:
                expect(row.locator("td.sits-out")).to_be_visible()
            else:
                expect(row.locator("td.table-no")).to_have_text(str(tables[player.number]))
        evening.shots.take(page, f"round{number}-find-your-table-390")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.set_viewport_size(DESKTOP)
        page.goto(f"{evening.base}/t/{tournament.club.slug}/{tournament.slug}/projector/")
        for sitting_out in byes:
            expect(page.locator("main")).to_contain_text(player_name(sitting_out, tournament))
        evening.shots.take(page, f"round{number}-projector")
    finally:
        context.close()


def player_name(number: int, tournament: Tournament) -> str:
    return (
        Pair.objects.select_related("player_one")
        .get(tournament=tournament, number=number)
        .player_one.full_name
    )


def _danese_order(round_: Round, before: dict[int, tuple[int, int]]) -> None:
    """The Danese seats the best of the standings at table 1: its four players have the four
    best VP of those who play the round (the byes aside)."""
    playing = {
        seat.pair.number: seat.table.number
        for seat in Seat.objects.filter(round=round_, table__is_bye=False).select_related(
            "pair", "table"
        )
    }
    best = sorted((before[p][0] for p in playing), reverse=True)
    table_1 = sorted((before[p][0] for p, t in playing.items() if t == 1), reverse=True)
    assert table_1 == best[:4], (table_1, best[:8])
