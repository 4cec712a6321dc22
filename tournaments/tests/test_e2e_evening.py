"""An evening at the club, end to end, in a real browser: Playwright for Python driving Debian's
Chromium against the app served (pytest-django's live_server) on PostgreSQL.

An organiser logs in through the login form, creates an 8-pair Burraco Classico tournament
(2 rounds, 3 deals a round), types the pairs, publishes it, seats and starts round 1, enters
results in score-sheet (summary) and card mode, gets a rule error shown next to the melds it is
about, corrects a finished table; meanwhile a player, in a second browser context with no login,
watches the public standings change without reloading. The CSV exports are downloaded and their
numbers checked against the database and against what was typed; round 2 is seated and started.
Every step leaves a screenshot in test-artifacts/e2e/; any Content-Security-Policy violation or
JavaScript error in any page's console fails the test.

Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/burraco_e2e \
         .venv/bin/pytest tournaments/tests/test_e2e_evening.py -q --create-db -s
"""

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection, connections
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright
from pytest_django.live_server_helper import LiveServer

from scoring import VP_SCALES
from tournaments.models import Club, Deal, DealSide, Pair, Round, Table, Tournament
from tournaments.tests.e2e_helpers import (
    CHROMIUM,
    POLL,
    STANDINGS_HEADERS,
    VIEWPORT,
    ConsoleWatch,
    Screenshots,
    SummarySide,
    choose_closed,
    download_csv,
    enter_summary_deal,
    expect_live_totals,
    expect_saved,
    launch,
    pair_numbers,
    retype,
    side_box,
    standings_cell,
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

ARTIFACTS = Path(settings.BASE_DIR) / "test-artifacts" / "e2e"
PASSWORD = "Scala-Quaranta-2026!"
TOURNAMENT = "Tuesday evening e2e"
PAIRS = [
    "Mario Rossi / Lucia Bianchi",
    "Anna Verdi / Paolo Neri",
    "Giulia Romano / Marco Colombo",
    "Sara Ricci / Luca Marino",
    "Elena Greco / Davide Bruno",
    "Chiara Gallo / Matteo Conti",
    "Laura Esposito / Andrea Costa",
    "Francesca Giordano / Stefano Mancini",
]
FIBUR_3 = VP_SCALES["fibur-3"]

# Table 1, three deals typed from the score sheet (Burraco Classico: clean burraco 200, dirty
# 100, closing 100, pot not taken -100; total = melded + bonuses - cards in hand - pot):
T1 = [
    # deal 1: N-S 300 melded + clean 200 + closing 100 = 600; E-W 150 - 40 in hand = 110
    (SummarySide(300, clean=1), SummarySide(150, hand=40), "N-S", (600, 110)),
    # deal 2: N-S 120 - 35 in hand = 85; E-W 250 + dirty 100 + closing 100 = 450
    (SummarySide(120, hand=35), SummarySide(250, dirty=1), "E-W", (85, 450)),
    # deal 3: N-S 200 + dirty 100 + closing 100 = 400; E-W 90 - 60 in hand - pot 100 = -70
    (SummarySide(200, dirty=1), SummarySide(90, hand=60, pot="not taken"), "N-S", (400, -70)),
]
T1_MP = (600 + 85 + 400, 110 + 450 - 70)  # 1085 to 490: a difference of 595
T1_VP = (15, 5)  # FIBUR 3 deals: a difference of 501 to 650 is 15 to 5
# The correction of deal 1: N-S 250 + clean 200 + closing 100 = 550;
# E-W 300 + dirty 100 - 20 in hand = 380.
T1_FIX = (SummarySide(250, clean=1), SummarySide(300, hand=20, dirty=1), "N-S", (550, 380))
T1_FIXED_MP = (550 + 85 + 400, 380 + 450 - 70)  # 1035 to 760: a difference of 275
T1_FIXED_VP = (13, 7)  # a difference of 251 to 350 is 13 to 7

# Table 2, deal 1 in card mode. First an illegal meld: two wild cards (2S and 2D) in one meld.
ILLEGAL_MELD = "5H 2S 7H 2D"
ILLEGAL_MELD_SHOWN = "5♥ 2♠ 7♥ 2♦"  # as the page shows cards: with their suits' symbols
RULE_ERROR = "a meld may hold only one wild card"
# Then the real deal. N-S: 3H-9H, a clean burraco, 5+5+5+5+5+10+10 = 45, and three kings, 30:
# 75 melded + clean 200 + closing 100 = 375. E-W: three queens 30 + 10D-KD 40 = 70 melded,
# AS and 4C left in hand, 15 + 5 = 20: 70 - 20 = 50.
NS_MELDS = "3H 4H 5H 6H 7H 8H 9H\nKS KD KC"
EW_MELDS = "QH QS QD\n10D JD QD KD"
EW_HAND = "AS 4C"
T2_CARDS_TOTALS = (375, 50)

# The other deals, typed from the score sheet, whose totals the engine gives as:
SHEET_A = (SummarySide(180, clean=1), SummarySide(100, hand=25), "N-S", (480, 75))
SHEET_B = (SummarySide(60, hand=45), SummarySide(220, dirty=1), "E-W", (15, 420))
SHEET_C = (SummarySide(140, hand=30), SummarySide(160, clean=1), "E-W", (110, 460))
OTHER_TABLES = {
    2: [SHEET_A, SHEET_B],  # deals 2 and 3 (deal 1 is the card deal)
    3: [SHEET_A, SHEET_B, SHEET_C],
    4: [SHEET_C, SHEET_A, SHEET_C],
}


@pytest.fixture
def clean_cache() -> Iterator[None]:
    """A shared cache (Redis in CI) outlives the test database: start and end empty."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def browser(clean_cache: None, monkeypatch: pytest.MonkeyPatch) -> Iterator[Browser]:
    # Playwright's sync API runs an event loop in this thread while it is started, so Django
    # takes the test's plain synchronous ORM calls (between two browser steps) for calls from
    # async code and refuses them unless told otherwise.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield browser
        browser.close()
        # With that loop running, Django keeps the test's database connection apart from the
        # usual one (asgiref's Local follows the loop's context): close it here, in the same
        # context, or it stays open and the test database cannot be dropped at the end.
        connections.close_all()


@pytest.mark.django_db(transaction=True)
def test_an_evening_in_the_browser(live_server: LiveServer, browser: Browser) -> None:
    started = time.monotonic()
    base = live_server.url.rstrip("/")
    shots = Screenshots(ARTIFACTS)
    console = ConsoleWatch()

    # The only setup not done in the browser: the club and its organiser, with a real password.
    club = Club.objects.create(name="Circolo del Burraco Roma", slug="roma")
    anna = User.objects.create_user("anna", "anna@example.com", PASSWORD, first_name="Anna")
    club.organisers.add(anna)

    organiser_context = browser.new_context(viewport=VIEWPORT, accept_downloads=True)
    player_context = browser.new_context(viewport=VIEWPORT)
    console.watch_context(organiser_context, "organiser")
    console.watch_context(player_context, "player")
    page = organiser_context.new_page()
    page.set_default_timeout(10_000)
    expect.set_options(timeout=10_000)

    try:
        _walk_the_evening(base, page, player_context, shots, console, club)
    finally:
        organiser_context.close()
        player_context.close()
        print(f"\n  {len(console.messages)} console messages, {len(console.problems)} problems; "
              f"the walk took {time.monotonic() - started:.1f} s")  # fmt: skip
        for problem in console.problems:
            print(f"  console problem: {problem}")
    assert console.problems == [], "\n".join(console.problems)


def _walk_the_evening(
    base: str,
    page: Page,
    player_context: BrowserContext,
    shots: Screenshots,
    console: ConsoleWatch,
    club: Club,
) -> None:
    # --- 1. the organiser logs in through the form -----------------------------------------
    response = page.goto(f"{base}/login/")
    assert response is not None and response.ok
    policy = response.headers.get("content-security-policy", "")
    assert "script-src 'self'" in policy and "style-src 'self'" in policy, policy
    expect(page.get_by_role("heading", name="Organiser login")).to_be_visible()
    console.canary(page)  # the console watch does see a violation of that policy
    page.get_by_label("User name").press_sequentially("anna")
    page.get_by_label("Password").press_sequentially(PASSWORD)
    shots.take(page, "login")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My tournaments")).to_be_visible()
    expect(page.locator("header.site .who")).to_have_text("Anna")

    # --- 2. a new tournament: 8 pairs will play Classico, 2 rounds of 3 deals ---------------
    page.get_by_role("link", name="+ New tournament").click()
    expect(page.get_by_role("heading", name="New tournament")).to_be_visible()
    retype(page.get_by_label("Name"), TOURNAMENT)
    page.get_by_label("Variant").select_option(label="Burraco Classico")
    page.get_by_role("radio", name=re.compile(r"^Deals: each table plays")).check()
    rounds = page.get_by_label("Rounds", exact=True)
    retype(rounds, "2")
    rounds.blur()  # the change asks the page for the movement plan of 2 rounds (htmx)
    expect(page.locator("#movement-plan select")).to_have_count(2)
    expect(page.get_by_label("Round 1", exact=True)).to_have_value("random")
    retype(page.get_by_label("Deals per round"), "3")
    expect(page.get_by_label("Victory-point (VP) scale")).to_have_value("fibur-3")
    shots.take(page, "new-tournament")
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.get_by_role("heading", name=TOURNAMENT)).to_be_visible()
    expect(page.locator("ul.messages")).to_contain_text("is created. Now add the pairs.")
    tournament = Tournament.objects.get(club=club, name=TOURNAMENT)
    assert (tournament.variant, tournament.rounds, tournament.deals_per_round) == (
        "classico",
        2,
        3,
    )
    detail_url = page.url

    # --- 3. the 8 pairs, typed one a line -------------------------------------------------
    pairs_box = page.locator("#pairs")
    pairs_box.get_by_label("Add pairs, one a line").press_sequentially("\n".join(PAIRS))
    pairs_box.get_by_role("button", name="Add the pairs").click()
    expect(page.locator("#pairs p.notes")).to_have_text("8 pairs added.")
    expect(page.locator("#pairs h2")).to_have_text("Pairs: 8")
    expect(page.locator("#pairs ol.pairs > li")).to_have_count(8)
    expect(page.locator("#pairs ol.pairs > li").first).to_contain_text(
        "Mario Rossi – Lucia Bianchi"
    )
    shots.take(page, "pairs-added")
    names = {pair.number: pair.names for pair in Pair.objects.filter(tournament=tournament)}
    assert len(names) == 8

    # --- 4. publish it ----------------------------------------------------------------------
    public = page.locator("#public-pages")
    public.get_by_role("button", name="Publish").click()
    expect(public).to_contain_text("Published:")
    expect(public.get_by_role("button", name="Unpublish")).to_be_visible()
    public_url = public.locator("p a").first.get_attribute("href")
    assert public_url == f"/t/roma/{Tournament.objects.get(pk=tournament.pk).slug}/"
    shots.take(page, "published")

    # --- 5. the player opens the public page (no login) and keeps it open --------------------
    player = player_context.new_page()
    navigations: list[str] = []
    player.on(
        "framenavigated",
        lambda frame: navigations.append(frame.url) if frame == player.main_frame else None,
    )
    player.goto(f"{base}{public_url}")
    expect(player.get_by_role("heading", name=TOURNAMENT)).to_be_visible()
    expect(player.locator("#standings thead th")).to_have_text(STANDINGS_HEADERS)
    expect(player.locator("#standings tbody tr")).to_have_count(8)
    expect(player.locator("#standings")).to_contain_text("Updates by itself every 5 seconds")
    # A marker on window: it survives only if the page is never reloaded.
    player.evaluate("window.__e2eMarker = 'the same page'")
    shots.take(player, "player-public-page")

    # --- 6. seat round 1 by a random draw, then start it ------------------------------------
    page.get_by_role("link", name="Seat round 1").click()
    expect(page.get_by_role("heading", name="Seat round 1")).to_be_visible()
    page.get_by_label("Movement").select_option(label="Random draw")
    page.get_by_role("button", name="Seat round 1").click()
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    expect(page.locator("#seating table.seating tbody tr")).to_have_count(4)
    shots.take(page, "round1-seating")
    page.get_by_role("button", name="Start round 1").click()
    expect(page.locator("ul.messages")).to_contain_text("Round 1 has started. Good game!")
    expect(page.locator("#tables .progress")).to_have_text("0 of 4 tables done.")
    shots.take(page, "round1-started")
    board_url = page.url
    round_1 = Round.objects.get(tournament=tournament, number=1)
    assert round_1.status == Round.Status.PLAYING and round_1.movement == "random"

    # --- 7. table 1, score-sheet mode: live totals while typing, then the saved totals -------
    table_row = page.locator("#tables tbody tr").filter(
        has=page.locator("td.table-number", has_text=re.compile(r"^1$"))
    )
    table_row.get_by_role("link", name="Enter results").click()
    expect(page.get_by_role("heading", name="Round 1 · Table 1")).to_be_visible()
    t1_ns, t1_ew = pair_numbers(page)
    table_1 = Table.objects.get(round=round_1, number=1)
    assert {s.direction: s.pair.number for s in table_1.seats.all()} == {"ns": t1_ns, "ew": t1_ew}
    expect(page.locator("#live-result")).to_contain_text("The totals show here as you type.")

    # The live totals follow the typing: N-S's side alone (300 + clean 200, nobody closed yet)
    # is 500 to 0; with E-W's side (150 - 40) 500 to 110; once N-S closed (+100) 600 to 110.
    ns, ew, closed, totals = T1[0]
    type_summary_side(page, "ns", ns)
    expect_live_totals(page, 500, 0)
    type_summary_side(page, "ew", ew)
    expect_live_totals(page, 500, 110)
    choose_closed(page, closed)
    expect_live_totals(page, *totals)
    expect(page.locator("#live-result p.after")).to_contain_text("N-S 600 – E-W 110")
    shots.take(page, "table1-live-totals")
    assert not Deal.objects.filter(table=table_1).exists()  # checked live, not saved
    page.get_by_role("button", name="Save deal 1").click()
    expect_saved(page, 1, *totals)
    for number, (ns, ew, closed, totals) in enumerate(T1[1:], 2):
        enter_summary_deal(page, number, ns, ew, closed, totals)
    standing = page.locator("#standing")
    expect(standing).to_contain_text(f"MP: N-S {T1_MP[0]:,} · E-W {T1_MP[1]:,}")
    expect(standing).to_contain_text(f"VP {T1_VP[0]}–{T1_VP[1]}")
    expect(standing).to_contain_text("final")
    expect(page.locator("#entry-form")).to_contain_text("All 3 deals are entered.")
    shots.take(page, "table1-done")
    table_1.refresh_from_db()
    assert (table_1.status, table_1.ns_mp, table_1.ew_mp) == (Table.Status.DONE, *T1_MP)
    assert (table_1.ns_vp, table_1.ew_vp) == T1_VP == FIBUR_3.vp(*T1_MP)

    # --- 8. the player's page shows table 1's result by itself ------------------------------
    expect(standings_cell(player, t1_ns, "VP")).to_have_text(str(T1_VP[0]), timeout=POLL)
    expect(standings_cell(player, t1_ew, "VP")).to_have_text(str(T1_VP[1]), timeout=POLL)
    # the page groups digits as the reader writes them (English here: 1,085)
    expect(standings_cell(player, t1_ns, "MP")).to_have_text(f"{T1_MP[0]:,}")
    expect(standings_cell(player, t1_ns, "Rank")).to_have_text("1")
    assert player.evaluate("window.__e2eMarker") == "the same page"
    shots.take(player, "player-sees-table1")

    # --- 9. table 2, card mode: an illegal meld first, then the deal as played --------------
    page.get_by_role("link", name="next table →").click()
    expect(page.get_by_role("heading", name="Round 1 · Table 2")).to_be_visible()
    page.get_by_role("group", name="Enter by").get_by_role("link", name="Cards").click()
    expect(page.get_by_role("link", name="Cards")).to_have_attribute("aria-current", "true")
    ns_box, ew_box = side_box(page, "ns"), side_box(page, "ew")
    retype(ns_box.get_by_label("Melds, one a line"), ILLEGAL_MELD)
    # The engine's message, next to N-S's melds field, on the line of the meld it is about.
    readings = ns_box.locator("div.field-melds + ol.meld-readings")
    expect(readings.locator("li.bad")).to_contain_text(RULE_ERROR, timeout=10_000)
    expect(readings.locator("li.bad .cards")).to_have_text(ILLEGAL_MELD_SHOWN)
    expect(ew_box).not_to_contain_text(RULE_ERROR)
    page.get_by_role("button", name="Save deal 1").click()  # refused: nothing is saved
    expect(page.locator("#entry-main")).to_contain_text("No deal entered yet.")
    expect(ns_box.locator("div.field-melds + ol.meld-readings li.bad")).to_contain_text(RULE_ERROR)
    expect(page.locator("#entry-main p.notice.ok")).to_have_count(0)
    shots.take(page, "table2-rule-error")
    table_2 = Table.objects.get(round=round_1, number=2)
    assert not Deal.objects.filter(table=table_2).exists()

    retype(ns_box.get_by_label("Melds, one a line"), NS_MELDS)
    retype(ew_box.get_by_label("Melds, one a line"), EW_MELDS)
    retype(ew_box.get_by_label("Cards left in hand"), EW_HAND)
    choose_closed(page, "N-S")
    expect_live_totals(page, *T2_CARDS_TOTALS)
    expect(readings.locator("li").first).to_contain_text("clean burraco, 45 points")
    expect(readings.locator("li.bad")).to_have_count(0)
    shots.take(page, "table2-cards-fixed")
    page.get_by_role("button", name="Save deal 1").click()
    expect_saved(page, 1, *T2_CARDS_TOTALS)
    expect(page.locator("#deal-1 th.deal-number")).to_contain_text("cards")
    # card mode stays chosen for the next deal; the other deals come from the score sheet
    expect(page.locator("#entry-form .mode-switch .current")).to_have_text("Cards")
    page.locator("#entry-form .mode-switch").get_by_role("link", name="Score sheet").click()
    expect(page.locator("#entry-form .mode-switch .current")).to_have_text("Score sheet")

    # --- 10. the other deals and tables, from the score sheet ------------------------------
    for table_number, deals in OTHER_TABLES.items():
        if table_number != 2:
            page.get_by_role("link", name="next table →").click()
        expect(page.get_by_role("heading", name=f"Round 1 · Table {table_number}")).to_be_visible()
        first = 4 - len(deals)
        for number, (ns, ew, closed, totals) in enumerate(deals, first):
            enter_summary_deal(page, number, ns, ew, closed, totals)
        expect(page.locator("#standing")).to_contain_text("final")
    page.goto(board_url)
    expect(page.locator("#tables .progress")).to_have_text("4 of 4 tables done.")
    expect(page.locator("#tables")).to_contain_text("Round 1 finished")
    shots.take(page, "round1-done")
    assert Round.objects.get(pk=round_1.pk).status == Round.Status.DONE

    # --- 11. correct a finished table: deal 1 at table 1 -----------------------------------
    table_row.get_by_role("link", name="Check").click()
    expect(page.get_by_role("heading", name="Round 1 · Table 1")).to_be_visible()
    page.locator("#deal-1").get_by_role("link", name="Edit").click()
    expect(page.locator("#entry-form h2")).to_have_text("Correct deal 1")
    expect(page.locator("#entry-form")).to_contain_text("Saved now: N-S 600, E-W 110.")
    ns, ew, closed, totals = T1_FIX
    type_summary_side(page, "ns", ns)
    type_summary_side(page, "ew", ew)
    choose_closed(page, closed)
    expect_live_totals(page, *totals)
    expect(page.locator("#live-result p.after")).to_contain_text(
        f"N-S {T1_FIXED_MP[0]:,} – E-W {T1_FIXED_MP[1]:,} · VP {T1_FIXED_VP[0]}–{T1_FIXED_VP[1]}"
    )
    shots.take(page, "table1-correction-typed")
    page.get_by_role("button", name="Save the correction").click()
    expect_saved(page, 1, *totals)
    expect(standing).to_contain_text(f"MP: N-S {T1_FIXED_MP[0]:,} · E-W {T1_FIXED_MP[1]:,}")
    expect(standing).to_contain_text(f"VP {T1_FIXED_VP[0]}–{T1_FIXED_VP[1]}")
    expect(page.locator("#deal-3 tr.ns td:nth-child(9)")).to_have_text(f"{T1_FIXED_MP[0]:,}")
    expect(page.locator("section.changes")).to_contain_text("deal 1")
    shots.take(page, "table1-corrected")
    table_1.refresh_from_db()
    assert (table_1.ns_mp, table_1.ew_mp, table_1.ns_vp, table_1.ew_vp) == (
        *T1_FIXED_MP,
        *T1_FIXED_VP,
    )

    # --- 12. the player's page follows the correction, still without a reload -----------------
    expect(standings_cell(player, t1_ns, "VP")).to_have_text(str(T1_FIXED_VP[0]), timeout=POLL)
    expect(standings_cell(player, t1_ns, "MP")).to_have_text(f"{T1_FIXED_MP[0]:,}")
    expect(standings_cell(player, t1_ew, "VP")).to_have_text(str(T1_FIXED_VP[1]))
    expect(standings_cell(player, t1_ew, "MP")).to_have_text(str(T1_FIXED_MP[1]))
    expect(player.locator("#standings .round-text")).to_have_text(
        "Round 1 of 2 finished", timeout=POLL
    )
    assert player.evaluate("window.__e2eMarker") == "the same page"
    seating = player.locator("#seating")
    expect(seating.locator(".round-text")).to_have_text("Random draw · finished", timeout=POLL)
    table_1_seat = seating.locator("li.seat-row").filter(
        has=player.locator(".table-no", has_text=re.compile(r"^\s*Table\s*1\s*$"))
    )
    expect(table_1_seat.locator(".table-result")).to_contain_text(
        f"{T1_FIXED_VP[0]} – {T1_FIXED_VP[1]}"
    )
    assert player.evaluate("window.__e2eMarker") == "the same page"
    assert navigations == [f"{base}{public_url}"], navigations
    shots.take(player, "player-sees-correction")

    # --- 13. the CSV exports, checked against the database and what was typed ---------------
    page.goto(detail_url)
    exports = page.locator("section.exports")
    deals_name, deal_rows = download_csv(
        page, exports.get_by_role("link", name="All deal results (CSV)"), ARTIFACTS
    )
    standings_name, standing_rows = download_csv(
        page, exports.get_by_role("link", name="Standings (CSV)"), ARTIFACTS
    )
    shots.take(page, "exports")
    tournament.refresh_from_db()
    assert deals_name == f"roma_{tournament.slug}_deals.csv"
    assert standings_name == f"roma_{tournament.slug}_standings.csv"
    _check_deals_csv(deal_rows, tournament, t1_ns, t1_ew)
    _check_standings_csv(standing_rows, tournament, names, t1_ns, t1_ew)

    # --- 14. round 2: seated (Mitchell, as planned) and started ----------------------------
    page.goto(board_url)
    page.get_by_role("link", name="Seat round 2").click()
    expect(page.get_by_label("Movement")).to_have_value("mitchell")
    page.get_by_role("button", name="Seat round 2").click()
    expect(page.get_by_role("heading", name="Round 2")).to_be_visible()
    page.get_by_role("button", name="Start round 2").click()
    expect(page.locator("ul.messages")).to_contain_text("Round 2 has started. Good game!")
    expect(page.locator("#tables .progress")).to_have_text("0 of 4 tables done.")
    shots.take(page, "round2-started")
    expect(player.locator("#standings .round-text")).to_have_text(
        "Round 2 of 2 in play: 0 of 4 tables done", timeout=POLL
    )
    # The seating region polls every 10 seconds, the standings every 5.
    expect(player.locator("#seating h2")).to_have_text("Round 2 seating", timeout=POLL)
    assert player.evaluate("window.__e2eMarker") == "the same page"
    shots.take(player, "player-round2")


def _check_deals_csv(
    rows: list[dict[str, str]], tournament: Tournament, t1_ns: int, t1_ew: int
) -> None:
    """One row per deal side (4 tables x 3 deals x 2 sides), every number as stored, each
    total the sum of its parts, and table 1 and table 2's card deal as typed."""
    sides = {
        (s.deal.table.number, s.deal.number, s.direction): s
        for s in DealSide.objects.filter(deal__table__round__tournament=tournament).select_related(
            "deal__table", "pair"
        )
    }
    assert len(rows) == len(sides) == 24
    by_place = {}
    for row in rows:
        assert row["round"] == "1"
        direction = {"N-S": "ns", "E-W": "ew"}[row["direction"]]
        side = sides[(int(row["table"]), int(row["deal"]), direction)]
        numbers = {
            name: int(row[name])
            for name in (
                "melded_points",
                "hand_points",
                "burraco_bonus",
                "closing_bonus",
                "hand_penalty",
                "pot_penalty",
                "total",
            )
        }
        assert numbers == {name: getattr(side, name) for name in numbers}, row
        assert numbers["total"] == (
            numbers["melded_points"]
            + numbers["burraco_bonus"]
            + numbers["closing_bonus"]
            - numbers["hand_penalty"]
            - numbers["pot_penalty"]
        ), row
        assert int(row["pair_number"]) == side.pair.number
        assert row["players"] == side.pair.names
        assert (row["entry_mode"], row["closed"], row["pot"]) == (
            side.deal.mode,
            "1" if side.closed else "0",
            side.pot,
        ), row
        for kind in ("clean", "semi-clean", "dirty"):
            assert int(row[kind.replace("-", "_")]) == side.burracos.count(kind), row
        by_place[(int(row["table"]), int(row["deal"]), row["direction"])] = row

    def cells(table: int, deal: int, direction: str, **expected: object) -> None:
        row = by_place[(table, deal, direction)]
        assert {name: row[name] for name in expected} == {
            name: str(value) for name, value in expected.items()
        }, row

    # Table 1, deal 1 as corrected: N-S 250 melded + clean 200 + closing 100 = 550 ...
    cells(
        1, 1, "N-S", pair_number=t1_ns, opponent_pair_number=t1_ew, entry_mode="summary",
        closed=1, pot="taken", melded_points=250, hand_points=0, clean=1, dirty=0,
        burraco_bonus=200, closing_bonus=100, hand_penalty=0, pot_penalty=0, total=550,
    )  # fmt: skip
    # ... E-W 300 melded + dirty 100 - 20 in hand = 380.
    cells(
        1, 1, "E-W", pair_number=t1_ew, opponent_pair_number=t1_ns, entry_mode="summary",
        closed=0, pot="taken", melded_points=300, hand_points=20, clean=0, dirty=1,
        burraco_bonus=100, closing_bonus=0, hand_penalty=20, pot_penalty=0, total=380,
    )  # fmt: skip
    # Deal 2: N-S 120 - 35 in hand = 85; E-W 250 + dirty 100 + closing 100 = 450.
    cells(1, 2, "N-S", melded_points=120, hand_penalty=35, total=85)
    cells(1, 2, "E-W", melded_points=250, burraco_bonus=100, closing_bonus=100, total=450)
    # Deal 3: E-W 90 - 60 in hand - 100 for the pot not taken = -70.
    cells(1, 3, "E-W", melded_points=90, hand_penalty=60, pot="not_taken", pot_penalty=100,
          total=-70)  # fmt: skip
    # Table 2, deal 1 typed card by card: N-S 45 + 30 = 75 melded + 200 + 100 = 375 ...
    cells(2, 1, "N-S", entry_mode="cards", closed=1, melded_points=75, clean=1, total=375)
    # ... E-W 30 + 40 = 70 melded - 20 in hand (AS 4C) = 50.
    cells(2, 1, "E-W", entry_mode="cards", melded_points=70, hand_points=20, total=50)


def _check_standings_csv(
    rows: list[dict[str, str]],
    tournament: Tournament,
    names: dict[int, str],
    t1_ns: int,
    t1_ew: int,
) -> None:
    """The standings file: each pair's VP and MP as stored, MP the sum of its deal sides, and
    table 1's pairs with the corrected result."""
    assert list(rows[0]) == [
        "rank", "pair_number", "players", "vp", "mp", "rounds_played", "decisions",
    ]  # fmt: skip
    pairs = {pair.number: pair for pair in Pair.objects.filter(tournament=tournament)}
    assert sorted(int(row["pair_number"]) for row in rows) == sorted(pairs) == list(range(1, 9))
    for row in rows:
        pair = pairs[int(row["pair_number"])]
        assert row["players"] == names[pair.number] == pair.names
        assert (int(row["vp"]), int(row["mp"]), int(row["rank"])) == (pair.vp, pair.mp, pair.rank)
        assert row["rounds_played"] == "1"
        dealt = sum(side.total for side in DealSide.objects.filter(pair=pair))
        assert int(row["mp"]) == dealt, (row, dealt)
    assert sum(int(row["vp"]) for row in rows) == 4 * 20  # every table shares 20 VP
    by_number = {int(row["pair_number"]): row for row in rows}
    assert (by_number[t1_ns]["vp"], by_number[t1_ns]["mp"]) == tuple(
        map(str, (T1_FIXED_VP[0], T1_FIXED_MP[0]))
    )
    assert (by_number[t1_ew]["vp"], by_number[t1_ew]["mp"]) == tuple(
        map(str, (T1_FIXED_VP[1], T1_FIXED_MP[1]))
    )
    ranks = [int(row["rank"]) for row in rows]
    assert ranks == sorted(ranks), "the file lists the pairs best first"
