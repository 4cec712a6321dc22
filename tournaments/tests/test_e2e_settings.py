"""A secretary sets up an evening in a real browser (Debian's Chromium through Playwright, on
PostgreSQL): the bye's award follows the VP scale as it is chosen (FIBUR 4: 12 VP, 305 MP), a
3-deal scale on a 4-deal evening is warned about at once, a VP table of the club's own that
makes no sense is refused in words, and head-to-head is put before MP. Screenshots:
test-artifacts/e2e-settings/.

Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/burraco_e2e \\
         .venv/bin/pytest tournaments/tests/test_e2e_settings.py -q --create-db -s
"""

from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection, connections
from playwright.sync_api import Browser, Page, expect, sync_playwright
from pytest_django.live_server_helper import LiveServer

from tournaments.models import Club, Tournament
from tournaments.tests.e2e_helpers import CHROMIUM, VIEWPORT, ConsoleWatch, Screenshots, launch

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

ARTIFACTS = Path(settings.BASE_DIR) / "test-artifacts" / "e2e-settings"
PASSWORD = "Scala-Quaranta-2026!"


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> Iterator[Browser]:
    cache.clear()
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # see test_e2e_evening
    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield browser
        browser.close()
        connections.close_all()
    cache.clear()


@pytest.mark.django_db(transaction=True)
def test_a_secretary_sets_the_scale_the_bye_and_the_tie_breaks(
    live_server: LiveServer, browser: Browser
) -> None:
    club = Club.objects.create(name="Circolo del Burraco Roma", slug="roma")
    anna = User.objects.create_user("anna", "anna@example.com", PASSWORD, first_name="Anna")
    club.organisers.add(anna)
    context = browser.new_context(viewport=VIEWPORT)
    console = ConsoleWatch()
    console.watch_context(context, "organiser")
    page = context.new_page()
    page.set_default_timeout(10_000)
    expect.set_options(timeout=10_000)
    try:
        _walk(live_server.url.rstrip("/"), page, Screenshots(ARTIFACTS))
    finally:
        context.close()
    assert console.problems == [], "\n".join(console.problems)
    tournament = Tournament.objects.get()
    assert (tournament.deals_per_round, tournament.vp_scale) == (4, "fibur-4")
    assert (tournament.bye_vp, tournament.bye_mp) == (None, None)
    assert tournament.tie_break_order == "head_to_head_first"


def _walk(base: str, page: Page, shots: Screenshots) -> None:
    page.goto(f"{base}/login/")
    page.get_by_label("User name").press_sequentially("anna")
    page.get_by_label("Password").press_sequentially(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My tournaments")).to_be_visible()
    page.goto(f"{base}/organise/tournaments/new/")
    page.get_by_label("Name", exact=True).fill("Giovedì sera")

    # the bye follows FIBUR 3 until the scale changes
    vp, mp = page.get_by_label("Bye: victory points"), page.get_by_label("Bye: match points")
    follows = page.get_by_label("Give the pair that sits out the award of the VP scale")
    expect(follows).to_be_checked()
    expect(vp).to_have_value("14")
    expect(mp).to_have_value("355")
    expect(page.get_by_text("This scale gives 14 VP and 355 MP.")).to_be_visible()

    # four deals a table: the scale follows to FIBUR 4 and says so; FIBUR 3 chosen back by
    # hand is warned about; FIBUR 4 again fits and gives 12 and 305
    scale = page.get_by_label("Victory-point (VP) scale")
    page.get_by_label("Deals per round").fill("4")
    page.get_by_label("Deals per round").press("Tab")
    expect(scale).to_have_value("fibur-4")
    expect(page.get_by_text("The VP scale follows the deals per round")).to_be_visible()
    scale.select_option("fibur-3")
    warning = page.get_by_text("This VP scale is made for 3 deals a table")
    expect(warning).to_be_visible()
    shots.take(page, "warned")
    scale.select_option("fibur-4")
    expect(warning).to_have_count(0)
    expect(vp).to_have_value("12")
    expect(mp).to_have_value("305")
    expect(page.get_by_text("This scale gives 12 VP and 305 MP.")).to_be_visible()

    # unticked, the numbers can be typed; ticked again, the scale's come back
    follows.uncheck()
    expect(page.get_by_label("Bye: victory points")).to_be_editable()
    page.get_by_label("Bye: victory points").fill("13")
    page.get_by_label("Give the pair that sits out the award of the VP scale").check()
    expect(page.get_by_label("Bye: victory points")).to_have_value("12")
    expect(page.get_by_label("Bye: victory points")).not_to_be_editable()

    # a table of the club's own that shares out 20, then 21 VP is refused in words
    page.get_by_label("Victory-point (VP) scale").select_option("custom")
    page.get_by_text("Custom VP table (only with").click()
    page.get_by_label("Custom VP table", exact=True).fill(
        "0–50, 10, 10\n55–150, 12, 9\n155 and more, 20, 0"
    )
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.get_by_text("every band must share out the same VP")).to_be_visible()
    shots.take(page, "refused")

    # back to FIBUR 4, head-to-head before MP, and saved
    page.get_by_label("Victory-point (VP) scale").select_option("fibur-4")
    page.get_by_label("VP, then head-to-head, then MP").check()
    shots.take(page, "settings")
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.get_by_text("“Giovedì sera” is created.")).to_be_visible()
    expect(page.get_by_text("12 VP and 305 MP")).to_be_visible()
    expect(page.get_by_text("VP, then head-to-head, then MP")).to_be_visible()
    shots.take(page, "created")
