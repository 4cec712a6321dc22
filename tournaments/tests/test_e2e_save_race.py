"""A save under way is never thrown away by the live check, in Chromium.

The table page checks a deal as one types (htmx, 400 ms after a key) and saves it with the Save
button; both share the form's request slot, a newer check replacing an older one. A key typed
just before or after pressing Save used to fire a check that replaced the save: the save's
answer was dropped and the page looked as if Save had done nothing (CI saw it once, on a
loaded machine). Here the save's answer is held back while a key is typed, so the check fires
while the save runs, every time.

Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/burraco_e2e \\
         .venv/bin/pytest tournaments/tests/test_e2e_save_race.py -q --create-db
"""

from collections.abc import Iterator

import pytest
from django.core.cache import cache
from django.db import connection, connections
from django.urls import reverse
from playwright.sync_api import Browser, Request, Route, expect, sync_playwright
from pytest_django.live_server_helper import LiveServer

from tournaments.models import Deal
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
from tournaments.tests.test_e2e_widths import PASSWORD, set_up_world

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


@pytest.mark.django_db(transaction=True)
def test_a_key_typed_while_a_deal_saves_does_not_cancel_the_save(
    live_server: LiveServer, browser: Browser
) -> None:
    world = set_up_world()
    table = world.open_table  # round 2, deal 1 entered
    base = live_server.url.rstrip("/")
    console = ConsoleWatch()
    context = browser.new_context(viewport=VIEWPORT, locale="en-GB")
    console.watch_context(context, "organiser")
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{base}{reverse('login')}")
    page.locator("#id_username").fill("anna")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"{base}{reverse('dashboard')}")

    page.goto(f"{base}{reverse('table_entry', args=[table.pk])}")
    expect(page.locator("#entry-form h2")).to_have_text("Deal 2")
    type_summary_side(page, "ns", SummarySide(300, clean=1))
    type_summary_side(page, "ew", SummarySide(100, hand=30))
    choose_closed(page, "N-S")
    expect_live_totals(page, 600, 70)

    held: list[Route] = []
    checks: list[str] = []

    def hold(route: Route) -> None:
        held.append(route)  # answered below, once the check has had its chance

    def seen(request: Request) -> None:
        if request.url.endswith(reverse("deal_check", args=[table.pk])):
            checks.append(request.url)

    page.route(f"**{reverse('deal_save', args=[table.pk])}", hold)
    page.on("request", seen)
    page.get_by_role("button", name="Save deal 2").click()
    page.wait_for_timeout(300)
    assert len(held) == 1, "the save was sent"
    # a key in a field while the save runs: its check would fire 400 ms later
    side_box(page, "ew").get_by_label("Points left in hand", exact=True).press("End")
    side_box(page, "ew").get_by_label("Points left in hand", exact=True).press("0")
    page.wait_for_timeout(1_200)
    assert checks == [], "no check is sent while the save runs"
    held[0].continue_()
    expect_saved(page, 2, 600, 70)
    expect(page.locator("#entry-form h2")).to_have_text("Deal 3")
    assert Deal.objects.filter(table=table).count() == 2
    context.close()
    assert console.problems == []
