"""Card mode's tap keyboard in a real browser at a tablet's width (768 px): a deal typed in
letters at table 1 and the same deal tapped on the keyboard at table 2 score and save the same.

Playwright for Python drives Debian's Chromium against the app served by pytest-django's
live_server on PostgreSQL, as test_e2e_evening.py does. The keys must be touch targets of at
least 44 px, the page no wider than the tablet, the cards read back with their suits' symbols in
their colours; any Content-Security-Policy violation or JavaScript error fails the test.
Screenshots land in test-artifacts/card-keys/.

Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/burraco_e2e \
         .venv/bin/pytest tournaments/tests/test_e2e_card_keys.py -q --create-db -s
"""

from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection, connections
from django.urls import reverse
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect, sync_playwright
from pytest_django.live_server_helper import LiveServer

from tournaments import services
from tournaments.models import Club, DealSide, Meld, Table
from tournaments.tests.conftest import PASSWORD, make_tournament
from tournaments.tests.e2e_helpers import (
    CHROMIUM,
    ConsoleWatch,
    Screenshots,
    choose_closed,
    expect_live_totals,
    expect_saved,
    launch,
    retype,
    side_box,
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

ARTIFACTS = Path(settings.BASE_DIR) / "test-artifacts" / "card-keys"
TABLET: ViewportSize = {"width": 768, "height": 1024}
PHONE: ViewportSize = {"width": 390, "height": 844}
TOUCH = 44
"""The smallest touch target, in CSS pixels."""

# Burraco Classico. N-S: 3H to 9H, a clean burraco, 45, and three kings, 30: 75 melded + clean
# 200 + closing 100 = 375. E-W: three queens 30 and 10D-KD 40, 70 melded, AS and 4C in hand
# (15 + 5 = 20): 50.
NS_MELDS = [["3", "4", "5", "6", "7", "8", "9"], ["K", "K", "K"]]
NS_SUITS = [["♥"] * 7, ["♠", "♦", "♣"]]
EW_MELDS = [["Q", "Q", "Q"], ["10", "J", "Q", "K"]]
EW_SUITS = [["♥", "♠", "♦"], ["♦"] * 4]
EW_HAND = [("A", "♠"), ("4", "♣")]
TOTALS = (375, 50)
LETTERS = {"♥": "H", "♦": "D", "♣": "C", "♠": "S"}
HEARTS_RED = "rgb(192, 22, 27)"
BLACK = "rgb(17, 17, 17)"


def typed(melds: list[list[str]], suits: list[list[str]]) -> str:
    """The melds as a typist writes them, one a line, in letters."""
    return "\n".join(
        " ".join(rank + LETTERS[suit] for rank, suit in zip(ranks, line, strict=True))
        for ranks, line in zip(melds, suits, strict=True)
    )


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> Iterator[Browser]:
    # As in test_e2e_evening.py: Playwright's event loop makes Django take the test's own ORM
    # calls for async ones; and the connection it opened must be closed in the same context.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    cache.clear()
    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield browser
        browser.close()
        connections.close_all()
    cache.clear()


def tap(keys: Locator, rank: str, suit: str) -> None:
    keys.locator(f'button[data-rank="{rank}"]').click()
    expect(keys.locator(f'button[data-rank="{rank}"]')).to_have_attribute("aria-pressed", "true")
    keys.locator(f'button[data-suit="{suit}"]').click()


def tap_melds(keys: Locator, melds: list[list[str]], suits: list[list[str]]) -> None:
    for number, (ranks, line) in enumerate(zip(melds, suits, strict=True)):
        if number:
            keys.get_by_role("button", name="New meld").click()
        for rank, suit in zip(ranks, line, strict=True):
            tap(keys, rank, suit)


def assert_touch_targets(keys: Locator) -> int:
    """Every key of a keyboard is at least 44 by 44 CSS pixels; the number of keys."""
    buttons = keys.locator("button")
    for index in range(buttons.count()):
        box = buttons.nth(index).bounding_box()
        assert box is not None
        label = buttons.nth(index).inner_text()
        assert box["width"] >= TOUCH and box["height"] >= TOUCH, (label, box)
    return buttons.count()


def assert_fits(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= TABLET["width"], f"the page is {width} px wide at {TABLET['width']} px"


@pytest.mark.django_db(transaction=True)
def test_a_deal_tapped_on_the_keyboard_scores_as_the_same_deal_typed(
    live_server: LiveServer, browser: Browser
) -> None:
    club = Club.objects.create(name="Circolo del Burraco Roma", slug="roma")
    anna = User.objects.create_user("anna", "anna@example.com", PASSWORD, first_name="Anna")
    club.organisers.add(anna)
    tournament = make_tournament(club, pairs=4)
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=1)
    services.round_start(round=prepared.round)
    table_1, table_2 = prepared.round.tables.filter(is_bye=False).order_by("number")

    shots = Screenshots(ARTIFACTS)
    console = ConsoleWatch()
    context = browser.new_context(viewport=TABLET, locale="en-GB", has_touch=True)
    console.watch_context(context, "organiser")
    page = context.new_page()
    page.set_default_timeout(10_000)
    expect.set_options(timeout=10_000)
    base = live_server.url.rstrip("/")
    try:
        page.goto(base + reverse("login"))
        page.get_by_label("User name").fill("anna")
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        expect(page.get_by_role("heading", name="My tournaments")).to_be_visible()

        # --- table 1: the deal typed in letters, as a fast typist does -----------------------
        page.goto(base + reverse("table_entry", args=[table_1.pk]) + "?mode=cards")
        ns_box, ew_box = side_box(page, "ns"), side_box(page, "ew")
        retype(ns_box.get_by_label("Melds, one a line"), typed(NS_MELDS, NS_SUITS))
        retype(ew_box.get_by_label("Melds, one a line"), typed(EW_MELDS, EW_SUITS))
        retype(ew_box.get_by_label("Cards left in hand"), "AS 4C")
        choose_closed(page, "N-S")
        expect_live_totals(page, *TOTALS)
        shots.take(page, "typed")
        page.get_by_role("button", name="Save deal 1").click()
        expect_saved(page, 1, *TOTALS)

        # --- table 2: the same deal tapped on the keyboard, at a tablet's width ---------------
        page.goto(base + reverse("table_entry", args=[table_2.pk]))
        page.get_by_role("group", name="Enter by").get_by_role("link", name="Cards").click()
        ns_keys = side_box(page, "ns").locator("[data-card-keys]")
        ew_keys = side_box(page, "ew").locator("[data-card-keys]")
        expect(ns_keys).to_be_visible()
        assert assert_touch_targets(ns_keys) == 2 + 13 + 5 + 2
        assert_touch_targets(ew_keys)
        assert_fits(page)
        for suit, colour in (("♥", HEARTS_RED), ("♦", HEARTS_RED), ("♣", BLACK), ("♠", BLACK)):
            expect(ns_keys.locator(f'button[data-suit="{suit}"]')).to_have_css("color", colour)
        ns_box, ew_box = side_box(page, "ns"), side_box(page, "ew")
        ns_melds = ns_box.get_by_label("Melds, one a line")

        # a suit with no rank says what to do; a wrong card is taken off again
        ns_keys.locator('button[data-suit="♣"]').click()
        expect(ns_keys.locator(".keys-status")).to_have_text("Tap a rank first, then its suit.")
        tap(ns_keys, "J", "♣")
        expect(ns_melds).to_have_value("J♣")
        ns_keys.get_by_role("button", name="Take off last card").click()
        expect(ns_melds).to_have_value("")

        tap_melds(ns_keys, NS_MELDS, NS_SUITS)
        expect(ns_melds).to_have_value("3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥\nK♠ K♦ K♣")
        tap_melds(ew_keys, EW_MELDS, EW_SUITS)
        ew_keys.get_by_role("button", name="Hand", exact=True).click()
        for rank, suit in EW_HAND:
            tap(ew_keys, rank, suit)
        expect(ew_box.get_by_label("Cards left in hand")).to_have_value("A♠ 4♣")
        choose_closed(page, "N-S")
        expect_live_totals(page, *TOTALS)

        # the meld preview shows each card with its symbol, hearts red and clubs black
        readings = ns_box.locator("ol.meld-readings")
        expect(readings.locator("li").first).to_contain_text("clean burraco, 45 points")
        first_heart = readings.locator("li").first.locator(".card-face").first
        expect(first_heart).to_have_text("3♥")
        expect(first_heart).to_have_css("color", HEARTS_RED)
        king_of_clubs = readings.locator("li").nth(1).locator(".card-face").nth(2)
        expect(king_of_clubs).to_have_text("K♣")
        expect(king_of_clubs).to_have_css("color", BLACK)
        assert_fits(page)
        shots.take(page, "tapped-768")
        page.get_by_role("button", name="Save deal 1").click()
        expect_saved(page, 1, *TOTALS)

        # on a phone the keyboard still fits, its keys still 44 px
        page.set_viewport_size(PHONE)
        page.goto(base + reverse("table_entry", args=[table_2.pk]) + "?mode=cards")
        keys = side_box(page, "ns").locator("[data-card-keys]")
        assert_touch_targets(keys)
        box = keys.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        shots.take(page, "keys-390")
    finally:
        context.close()
        for problem in console.problems:
            print(f"  console problem: {problem}")
    assert console.problems == [], "\n".join(console.problems)

    def saved(table: Table) -> tuple[list[tuple[str, int]], list[tuple[str, int, str, str, int]]]:
        sides = DealSide.objects.filter(deal__table=table).order_by("direction")
        melds = Meld.objects.filter(side__deal__table=table).order_by("side__direction", "number")
        return (
            list(sides.values_list("direction", "total")),
            list(melds.values_list("side__direction", "number", "cards", "burraco", "points")),
        )

    tapped, typed_in = saved(table_2), saved(table_1)
    assert tapped == typed_in
    assert typed_in == (
        [("ew", 50), ("ns", 375)],
        [
            ("ew", 1, "QH QS QD", "", 30),
            ("ew", 2, "10D JD QD KD", "", 40),
            ("ns", 1, "3H 4H 5H 6H 7H 8H 9H", "clean", 45),
            ("ns", 2, "KS KD KC", "", 30),
        ],
    )
