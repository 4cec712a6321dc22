"""The round clock and a seating published by hand, on a pair's phone (390 px), end to end in
Debian's Chromium against the app served on PostgreSQL.

The pair opens its slip's link before round 1: it is checked in; the organiser ticks another
by keyboard on the check-in list (the focus stays on its box). The organiser seats round 1:
the phone says the seating is not published yet. "Publish seating": the phone shows its table
by itself. The organiser starts the round and its clock (45 minutes): the phone shows the clock
counting down by itself between its polls; five minutes before the end it warns, at the end it
says the time is up. No page scrolls sideways; a CSP violation or a JavaScript error fails.

Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/burraco_e2e \\
         .venv/bin/pytest tournaments/tests/test_e2e_clock.py -q --create-db -s
"""

import datetime
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection, connections
from django.utils import timezone
from playwright.sync_api import Browser, Page, ViewportSize, expect, sync_playwright
from pytest_django.live_server_helper import LiveServer

from tournaments import services
from tournaments.models import Club, Round, Seat
from tournaments.services.versions import results_changed
from tournaments.tests.e2e_helpers import CHROMIUM, ConsoleWatch, Screenshots, launch

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

ARTIFACTS = Path(settings.BASE_DIR) / "test-artifacts" / "clock"
PASSWORD = "Scala-Quaranta-2026!"
PHONE: ViewportSize = {"width": 390, "height": 844}
WIDE: ViewportSize = {"width": 1280, "height": 900}
WAIT = 25_000
"""A phone follows its page every 5 to 10 seconds."""


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


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], (page.url, width)  # type: ignore[index]


def clock_ends_in(round_: Round, seconds: int) -> None:
    """The organiser's clock, moved so that the end is `seconds` away (as if time had passed)."""
    Round.objects.filter(pk=round_.pk).update(
        clock_ends_at=timezone.now() + datetime.timedelta(seconds=seconds)
    )
    results_changed(round_.tournament)


@pytest.mark.django_db(transaction=True)
def test_a_pair_sees_its_seating_once_published_and_the_clock_on_its_phone(
    live_server: LiveServer, browser: Browser
) -> None:
    base = live_server.url.rstrip("/")
    shots = Screenshots(ARTIFACTS)
    console = ConsoleWatch()
    club = Club.objects.create(name="Circolo del Burraco Roma", slug="roma")
    anna = User.objects.create_user("anna", "anna@example.com", PASSWORD, first_name="Anna")
    club.organisers.add(anna)
    tournament = services.tournament_create(
        club=club,
        name="Martedì sera",
        date=datetime.date(2026, 11, 17),
        variant="classico",
        rounds=2,
        deals_per_round=3,
        published=True,
        result_entry="players",
        seating_at_once=False,
    )
    services.pairs_add(
        tournament=tournament,
        text="\n".join(f"Anna{n} Rossi{n} / Bruno{n} Verdi{n}" for n in range(1, 5)),
    )
    pair = tournament.pairs.get(number=1)

    phone_context = browser.new_context(viewport=PHONE, locale="en-GB", is_mobile=True)
    console.watch_context(phone_context, "phone")
    phone = phone_context.new_page()
    phone.goto(f"{base}/p/{pair.token}/")
    expect(
        phone.get_by_text("You are checked in: the organiser knows you are here.")
    ).to_be_visible()
    no_sideways_scroll(phone)
    shots.take(phone, "checked-in-390")

    organiser_context = browser.new_context(viewport=WIDE, locale="en-GB")
    console.watch_context(organiser_context, "organiser")
    organiser = organiser_context.new_page()
    organiser.goto(f"{base}/login/")
    organiser.get_by_label("User name").fill("anna")
    organiser.get_by_label("Password").fill(PASSWORD)
    organiser.get_by_role("button", name="Log in").click()
    # check-in by keyboard: pair 1 is in by its link; pair 2 ticked with the space bar
    organiser.goto(f"{base}/organise/tournaments/{tournament.pk}/check-in/")
    expect(organiser.get_by_text("1 of 4 pairs checked in.")).to_be_visible()
    box = organiser.locator("#present-2")
    box.focus()
    organiser.keyboard.press("Space")
    expect(organiser.get_by_text("2 of 4 pairs checked in.")).to_be_visible()
    expect(organiser.locator("#present-2")).to_be_checked()
    expect(organiser.locator("#present-2")).to_be_focused()  # the list came back, focus kept
    expect(organiser.get_by_text("Not checked in: pairs 3, 4.")).to_be_visible()
    shots.take(organiser, "check-in")
    organiser.goto(f"{base}/organise/tournaments/{tournament.pk}/rounds/next/")
    organiser.get_by_role("button", name="Seat round 1").click()
    expect(organiser.get_by_text("Only you see this seating.")).to_be_visible()
    shots.take(organiser, "seated-not-published")

    phone.reload()
    expect(phone.get_by_text("The seating of round 1 is not published yet.")).to_be_visible()
    shots.take(phone, "not-published-390")

    organiser.get_by_role("button", name="Publish seating").click()
    expect(organiser.get_by_text("The seating of round 1 is published.")).to_be_visible()
    seat = Seat.objects.select_related("table").get(round__number=1, pair=pair)
    table = "–" if seat.table.is_bye else str(seat.table.number)
    # the phone follows by itself: its table appears without a reload
    expect(phone.get_by_role("heading", level=1)).to_contain_text(
        f"Round 1 · Table {table}", timeout=WAIT
    )
    no_sideways_scroll(phone)
    shots.take(phone, "seating-390")

    organiser.get_by_role("button", name="Start round 1").click()
    organiser.get_by_label("Minutes", exact=True).fill("45")
    organiser.get_by_role("button", name="Start the clock").click()
    expect(organiser.locator("[data-clock-face]")).to_have_text(re.compile(r"^4[45]:\d\d$"))
    shots.take(organiser, "clock-started")

    face = phone.locator("[data-clock-face]")
    expect(face).to_have_text(re.compile(r"^4[45]:\d\d$"), timeout=WAIT)
    first = face.text_content()
    expect(face).not_to_have_text(first or "", timeout=5_000)  # it counts down by itself
    expect(phone.get_by_text("Round 1: time left")).to_be_visible()
    expect(phone.get_by_label("Sound on this phone")).not_to_be_checked()
    no_sideways_scroll(phone)
    shots.take(phone, "clock-390")

    round_ = Round.objects.get(tournament=tournament, number=1)
    clock_ends_in(round_, 4 * 60)
    expect(phone.get_by_text("5 minutes left")).to_be_visible(timeout=WAIT)
    expect(phone.locator(".round-clock")).to_have_class(re.compile("clock-warning"))
    shots.take(phone, "clock-warning-390")
    clock_ends_in(round_, 3)
    expect(phone.get_by_text("Time is up")).to_be_visible(timeout=WAIT)
    expect(face).to_have_text("0:00")
    shots.take(phone, "time-up-390")

    organiser.reload()
    expect(organiser.get_by_text("Time is up: decide the unfinished deal.")).to_be_visible()
    shots.take(organiser, "time-up-board")
    assert console.problems == [], console.problems
