"""What a new secretary stumbled on during a 15-pair evening (issue 22, item 5), measured in
Chromium: the table page's deals at every width, the players' phones while a deal waits or is
disputed, and how fast the opponents' phone shows a deal. The club's evenings are the ones of
test_e2e_widths.py (set_up_world).

Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/burraco_e2e \\
         .venv/bin/pytest tournaments/tests/test_e2e_stumbles.py -q --create-db -s
"""

import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection, connections
from django.urls import reverse
from playwright.sync_api import Browser, Page, Request, Route, ViewportSize, expect, sync_playwright
from pytest_django.live_server_helper import LiveServer

from tournaments import services
from tournaments.models import Deal, Seat
from tournaments.services import players
from tournaments.tests.e2e_helpers import (
    CHROMIUM,
    VIEWPORT,
    ConsoleWatch,
    SummarySide,
    choose_closed,
    expect_live_totals,
    expect_saved,
    launch,
    side_box,
    type_summary_side,
)
from tournaments.tests.test_e2e_widths import ARTIFACTS, NS_WINS, PASSWORD, set_up_world

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

WIDTHS = (1280, 1366, 1920, 390)
HEIGHT = 900


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> Iterator[Browser]:
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    cache.clear()
    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield browser
        browser.close()
        connections.close_all()
    cache.clear()


def _open(browser: Browser, console: ConsoleWatch, who: str, locale: str = "it-IT") -> Page:
    context = browser.new_context(viewport=VIEWPORT, locale=locale)
    console.watch_context(context, who)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def _log_in(page: Page, base: str) -> None:
    page.goto(f"{base}{reverse('login')}")
    page.locator("#id_username").fill("anna")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"{base}{reverse('dashboard')}")


DEALS_BOX = """() => {
  const box = document.querySelector('section.deals .table-scroll');
  const limit = box.getBoundingClientRect().right + 0.5;
  const right = sel => Math.max(...[...document.querySelectorAll(sel)]
    .map(e => e.getBoundingClientRect().right));
  return {
    overflow: box.scrollWidth - box.clientWidth,
    page: document.documentElement.scrollWidth - window.innerWidth,
    running: right('.deals-table thead th:nth-last-child(2)') - limit,
    edit: right('.deals-table .actions a.button') - limit,
    remove: right('.deals-table .actions button') - limit,
    header: document.querySelector('.deals-table thead th:nth-last-child(2)').textContent,
  };
}"""


@pytest.mark.django_db(transaction=True)
def test_the_deals_table_fits_its_box_at_every_width(
    live_server: LiveServer, browser: Browser
) -> None:
    """The table page of a finished table (three deals) and of a table under way (one deal,
    with its Togli button), in Italian: "Progressivo" and the
    Modifica / Togli buttons inside the box, nothing to scroll sideways, at 1280, 1366, 1920
    and 390 px (it was 1,308 px wide in a 1,062 px box)."""
    world = set_up_world()
    base = live_server.url.rstrip("/")
    console = ConsoleWatch()
    page = _open(browser, console, "organiser")
    _log_in(page, base)
    problems = []
    for table in (world.done_table, world.open_table):
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": HEIGHT})
            page.goto(f"{base}{reverse('table_entry', args=[table.pk])}")
            box = page.evaluate(DEALS_BOX)
            assert box["header"] == "Progressivo"
            for what in ("overflow", "page", "running", "edit", "remove"):
                if box[what] > 0.5:
                    problems.append(f"table {table.pk}, {width} px: {what} {box[what]:.0f} px")
    expect(page.get_by_role("button", name="Togli")).to_be_visible()
    page.context.close()
    assert problems == []
    assert console.problems == []


@pytest.mark.django_db(transaction=True)
def test_the_opponents_phone_shows_a_new_deal_within_3_seconds_and_hides_the_blank_form(
    live_server: LiveServer, browser: Browser
) -> None:
    """East-West's phone is open on the blank form of deal 2 when North-South send deal 2: the
    deal to accept shows within 3 seconds (it took up to 11), and the blank form with its own
    send button goes out of the way while there is something to accept."""
    world = set_up_world()
    base = live_server.url.rstrip("/")
    console = ConsoleWatch()
    phone = _open(browser, console, "east-west")
    phone.set_viewport_size({"width": 390, "height": HEIGHT})
    seats = {s.direction: s for s in Seat.objects.filter(table=world.open_table)}
    phone.goto(f"{base}{reverse('link_table', args=[seats['ew'].pair.token])}")
    expect(phone.locator("#entry-form form")).to_be_visible()
    phone.wait_for_timeout(500)  # the page is drawn and following its table
    players.proposal_write(seat=seats["ns"], number=2, sides=NS_WINS, mode="summary", key="n2")
    sent = time.monotonic()
    expect(phone.locator("#to-accept")).to_be_visible(timeout=10_000)
    waited = time.monotonic() - sent
    assert waited <= 3, f"the deal showed after {waited:.1f} s"
    expect(phone.locator("#entry-form form")).to_be_hidden()
    expect(phone.get_by_role("button", name="Accetta la smazzata 2")).to_be_visible()
    phone.context.close()
    assert console.problems == []


SHEET_HEADINGS = """() => {
  const out = [];
  const grid = document.querySelector('.score-sheet .sheet-grid');
  const cells = grid.querySelectorAll('thead th, tfoot th');
  for (const cell of cells) {
    const box = cell.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(cell);
    for (const line of range.getClientRects()) {
      if (line.width === 0) continue;
      if (line.left < box.left - 0.5 || line.right > box.right + 0.5
          || line.top < box.top - 0.5 || line.bottom > box.bottom + 0.5) {
        out.push(`"${cell.textContent.trim()}" ${Math.round(line.width)} px in a `
          + `${Math.round(box.width)} px cell`);
        break;
      }
    }
  }
  return out;
}"""
A4_LANDSCAPE: ViewportSize = {"width": 1047, "height": 733}
"""A4 landscape less the sheet's 10 mm margins, in CSS pixels (96 a inch)."""
A4_PORTRAIT: ViewportSize = {"width": 703, "height": 1016}
"""A4 portrait less 12 mm and 14 mm margins."""


@pytest.mark.django_db(transaction=True)
def test_the_printed_score_sheet_keeps_every_heading_inside_its_cell_and_has_a_nobody_box(
    live_server: LiveServer, browser: Browser
) -> None:
    """The score sheet in Italian, as printed on A4 landscape: no heading runs into the next
    ("Smazzata" into "Punti calati"), "Totale" and "Chi ha chiuso?" whole, and who closed has
    a box for nobody."""
    world = set_up_world()
    base = live_server.url.rstrip("/")
    console = ConsoleWatch()
    page = _open(browser, console, "organiser")
    _log_in(page, base)
    page.set_viewport_size(A4_LANDSCAPE)
    page.emulate_media(media="print")
    page.goto(f"{base}{reverse('print_score_sheets', args=[world.playing.pk])}")
    assert page.evaluate(SHEET_HEADINGS) == []
    sheet = page.locator(".score-sheet").first
    closed = sheet.locator(".sheet-grid tbody tr").first.locator("td.closed")
    expect(closed.locator(".choice")).to_have_count(3)
    expect(closed).to_contain_text("nessuno")
    page.context.close()
    assert console.problems == []


@pytest.mark.django_db(transaction=True)
def test_the_printed_standings_keep_withdrawn_apart_from_the_names(
    live_server: LiveServer, browser: Browser
) -> None:
    """A pair withdrawn from round 3: on the printed standings (A4 portrait) "ritirata dal
    turno 3" stands on its own line under the names, not run into them."""
    world = set_up_world()
    pair = world.deals.pairs.get(number=8)  # Paola Bruno / Stefano Ricci: one short line
    services.pair_withdraw(pair=pair)
    base = live_server.url.rstrip("/")
    console = ConsoleWatch()
    page = _open(browser, console, "organiser")
    _log_in(page, base)
    page.set_viewport_size(A4_PORTRAIT)
    page.emulate_media(media="print")
    page.goto(f"{base}{reverse('print_standings', args=[world.deals.pk])}")
    mark = page.locator(".standings .badge.withdrawn")
    expect(mark).to_have_count(1)
    first, last = mark.locator("xpath=../span[@class='player']").all()
    mark_box, first_box, last_box = mark.bounding_box(), first.bounding_box(), last.bounding_box()
    assert mark_box and first_box and last_box
    # a line of its own, starting where the names start, and smaller than the names
    assert mark_box["y"] >= last_box["y"] + last_box["height"] - 0.5, (mark_box, last_box)
    assert abs(mark_box["x"] - first_box["x"]) < 1
    size = "e => parseFloat(getComputedStyle(e).fontSize)"
    assert mark.evaluate(size) < first.evaluate(size)
    page.context.close()
    assert console.problems == []


@pytest.mark.django_db(transaction=True)
def test_withdrawing_without_a_choice_says_so_before_any_confirmation(
    live_server: LiveServer, browser: Browser
) -> None:
    """Round 2 of the match evening is seated: withdrawing a pair that plays there needs a
    choice; pressing Withdraw without one shows "Choose one of the ways above." by the choices
    and no confirmation dialog; with a choice, the dialog asks."""
    world = set_up_world()
    leaving = world.seating.tables.get(number=1).ns
    assert leaving is not None
    base = live_server.url.rstrip("/")
    console = ConsoleWatch()
    page = _open(browser, console, "organiser", locale="en-GB")
    _log_in(page, base)
    dialogs: list[str] = []

    def dismiss(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismiss)
    page.goto(f"{base}{reverse('pair_detail', args=[leaving.pk])}")
    page.get_by_role("button", name="Withdraw").click()
    expect(page.get_by_text("Choose one of the ways above.")).to_be_visible()
    assert dialogs == []
    page.get_by_label("Seat the round again without it.").check()
    page.get_by_role("button", name="Withdraw").click()
    page.wait_for_timeout(300)
    assert len(dialogs) == 1 and dialogs[0].startswith(f"Withdraw pair {leaving.number}?")
    leaving.refresh_from_db()
    assert leaving.withdrawn_from is None  # dismissed: nothing happened
    page.context.close()
    assert console.problems == []


@pytest.mark.django_db(transaction=True)
def test_public_phone_pages_have_a_compact_bar_and_big_targets(
    live_server: LiveServer, browser: Browser
) -> None:
    """At 390 px: the bar above the public pages is at most two short rows, the club with every
    language and then the tournament's links (it was four, 226 px); a pair's own bar is one row;
    the pair numbers of "find your table" and the way back to the tournament are 44 px targets."""
    world = set_up_world()
    base = live_server.url.rstrip("/")
    console = ConsoleWatch()
    page = _open(browser, console, "player")
    page.set_viewport_size({"width": 390, "height": HEIGHT})
    for name in ("public_find", "public_tournament", "public_pair"):
        args = [world.club.slug, world.deals.slug] + ([1] if name == "public_pair" else [])
        page.goto(f"{base}{reverse(name, args=args)}")
        bar = page.locator("header.public-bar").bounding_box()
        assert bar and bar["height"] <= 100, (name, bar)  # two rows of 44 px targets
        club = page.locator("header.public-bar .club-name").bounding_box()
        assert club and club["height"] >= 43.5, (name, club)  # a long name: two lines, a target
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for token in world.links.values():  # a pair's own pages: the same one-row bar
        for name in ("link_table", "link_evening"):
            page.goto(f"{base}{reverse(name, args=[token])}")
            bar = page.locator("header.phone-bar").bounding_box()
            assert bar and bar["height"] <= 70, (name, bar)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.goto(f"{base}{reverse('public_find', args=[world.club.slug, world.deals.slug])}")
    small = page.evaluate(
        """() => [...document.querySelectorAll('table.places td.num a, .subtitle a')]
          .map(a => a.getBoundingClientRect())
          .filter(r => r.width < 43.5 || r.height < 43.5).length"""
    )
    assert small == 0
    page.context.close()
    assert console.problems == []


@pytest.mark.django_db(transaction=True)
def test_the_round_boards_state_pills_keep_the_rows_tint(
    live_server: LiveServer, browser: Browser
) -> None:
    world = set_up_world()
    base = live_server.url.rstrip("/")
    console = ConsoleWatch()
    page = _open(browser, console, "organiser", locale="en-GB")
    _log_in(page, base)
    page.goto(f"{base}{reverse('round_board', args=[world.playing.pk])}")
    found = page.evaluate(
        """() => [...document.querySelectorAll('table.board td.state .badge')].map(b =>
          getComputedStyle(b).backgroundColor)"""
    )
    assert found and set(found) == {"rgba(0, 0, 0, 0)"}, found
    page.context.close()
    assert console.problems == []


@pytest.mark.django_db(transaction=True)
def test_the_vp_scale_follows_the_deals_per_round_on_the_new_tournament_page(
    live_server: LiveServer, browser: Browser
) -> None:
    """A secretary types 4 deals a round: the VP scale turns to FIBUR 4 by itself, with its bye
    award and a line that says so; choosing FIBUR 3 back keeps it, with the warning."""
    set_up_world()
    base = live_server.url.rstrip("/")
    console = ConsoleWatch()
    page = _open(browser, console, "organiser", locale="en-GB")
    _log_in(page, base)
    page.goto(f"{base}{reverse('tournament_create')}")
    scale = page.get_by_label("Victory-point (VP) scale")
    expect(scale).to_have_value("fibur-3")
    deals = page.get_by_label("Deals per round")
    deals.fill("4")
    deals.blur()
    expect(scale).to_have_value("fibur-4")
    expect(page.locator("#scale-warning")).to_contain_text(
        "The VP scale follows the deals per round: FIBUR, 4 deals a table."
    )
    expect(page.locator("input[name=bye_vp]")).to_have_value("12")
    scale.select_option("fibur-3")
    expect(page.locator("#scale-warning")).to_contain_text("This VP scale is made for 3 deals")
    expect(scale).to_have_value("fibur-3")
    expect(page.locator("input[name=bye_vp]")).to_have_value("14")
    page.context.close()
    assert console.problems == []


@pytest.mark.django_db(transaction=True)
def test_the_treasurer_ticks_the_fees_on_a_phone(live_server: LiveServer, browser: Browser) -> None:
    """At 390 px: the organiser sets EUR 7,50 a player, ticks two pairs paid (each tick saved
    at once), reads the totals change (by hand, for the evening's 8 pairs: 8 x 2 x 7.50 =
    120.00 due; two pairs paid 30.00; 90.00 still to collect from 6), and nothing runs off the
    screen."""
    world = set_up_world()
    base = live_server.url.rstrip("/")
    console = ConsoleWatch()
    page = _open(browser, console, "organiser", locale="en-GB")
    page.set_viewport_size({"width": 390, "height": HEIGHT})
    _log_in(page, base)
    page.goto(f"{base}{reverse('money', args=[world.deals.pk])}")
    page.get_by_label("Entry fee in euros (0: no fee)").fill("7,50")
    page.get_by_label("By each player").check()
    page.get_by_role("button", name="Save the entry fee").click()
    expect(page.locator("ul.messages")).to_contain_text("The entry fee is saved.")
    totals = page.locator("dl.money-totals")
    assert world.deals.pairs.count() == 8
    expect(totals).to_contain_text("EUR 120.00")
    for number in (1, 2):
        page.locator(f"input[name=paid_pairs][value='{number}']").check()
        expect(page.locator(f"input[name=paid_pairs][value='{number}']")).to_be_checked()
    expect(totals).to_contain_text("EUR 30.00")
    expect(totals).to_contain_text("Still to collect (6 not paid)")
    expect(totals).to_contain_text("EUR 90.00")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(ARTIFACTS / "money-phone.png"), full_page=True)
    page.context.close()
    assert console.problems == []


@pytest.mark.django_db(transaction=True)
def test_a_key_typed_while_a_deal_saves_does_not_cancel_the_save(
    live_server: LiveServer, browser: Browser
) -> None:
    """The table page checks a deal as one types (htmx, 400 ms after a key) and saves it with
    the Save button; both share the form's request slot, a newer check replacing an older one.
    A key typed just before or after pressing Save used to fire a check that replaced the save:
    its answer was dropped and the page looked as if Save had done nothing (CI saw it once, on a
    loaded machine). Here the save's answer is held back while a key is typed, so the check
    fires while the save runs, every time."""
    world = set_up_world()
    table = world.open_table  # round 2, deal 1 entered
    base = live_server.url.rstrip("/")
    console = ConsoleWatch()
    page = _open(browser, console, "organiser", locale="en-GB")
    _log_in(page, base)
    page.goto(f"{base}{reverse('table_entry', args=[table.pk])}")
    expect(page.locator("#entry-form h2")).to_have_text("Deal 2")
    type_summary_side(page, "ns", SummarySide(300, clean=1))
    type_summary_side(page, "ew", SummarySide(100, hand=30))
    choose_closed(page, "N-S")
    expect_live_totals(page, 600, 70)

    held: list[Route] = []
    checks: list[str] = []

    def seen(request: Request) -> None:
        if request.url.endswith(reverse("deal_check", args=[table.pk])):
            checks.append(request.url)

    def hold(route: Route) -> None:
        held.append(route)  # answered below, once the check has had its chance

    page.route(f"**{reverse('deal_save', args=[table.pk])}", hold)
    page.on("request", seen)
    page.get_by_role("button", name="Save deal 2").click()
    page.wait_for_timeout(300)
    assert len(held) == 1, "the save was sent"
    # a key in a field while the save runs: its check would fire 400 ms later
    hand = side_box(page, "ew").get_by_label("Points left in hand", exact=True)
    hand.press("End")
    hand.press("0")
    page.wait_for_timeout(1_200)
    assert checks == [], "no check is sent while the save runs"
    held[0].continue_()
    expect_saved(page, 2, 600, 70)
    expect(page.locator("#entry-form h2")).to_have_text("Deal 3")
    assert Deal.objects.filter(table=table).count() == 2
    page.context.close()
    assert console.problems == []
