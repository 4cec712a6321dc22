"""An arbiter's decision in a real browser (Debian's Chromium through Playwright, the app served
on PostgreSQL), on a phone (390 px): on the organiser's table page a late arrival is refused
without its reason (the message in the form, nothing saved), then recorded with it; the table
page and the round board show its mark (the board fits 1280, 768 and 390 px), a penalty is taken
from the board, and the public standings show the mark by the pair's names, which opens to
the reason from the keyboard. axe-core finds nothing on the pages with their marks.
Screenshots: test-artifacts/e2e-decisions/.

Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/burraco_e2e \\
         .venv/bin/pytest tournaments/tests/test_e2e_decisions.py -q --create-db -s
"""

import datetime
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection, connections
from playwright.sync_api import Browser, expect, sync_playwright
from pytest_django.live_server_helper import LiveServer

from tournaments import services
from tournaments.models import Club, Decision, Pair
from tournaments.tests.e2e_helpers import CHROMIUM, ConsoleWatch, Screenshots, launch
from tournaments.tests.test_e2e_axe import _violations
from tournaments.tests.test_e2e_widths import PHONE, _measure

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

ARTIFACTS = Path(settings.BASE_DIR) / "test-artifacts" / "e2e-decisions"
PASSWORD = "Scala-Quaranta-2026!"
PAIRS = [
    "Mario Rossi / Lucia Bianchi",
    "Anna Verdi / Paolo Neri",
    "Giulia Romano / Marco Colombo",
    "Sara Ricci / Luca Marino",
]
REASON = "Arrived at 21:08, 8 minutes late"
CLIPPED_CELLS = """() => [...document.querySelectorAll('table.board.results td')]
    .filter(td => td.scrollWidth > td.clientWidth + 1)
    .map(td => `${td.className}: ${td.innerText}`)"""


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
def test_a_late_arrival_decided_on_a_phone_shows_on_the_public_standings(
    live_server: LiveServer, browser: Browser
) -> None:
    club = Club.objects.create(name="Circolo del Burraco Roma", slug="roma")
    anna = User.objects.create_user("anna", "anna@example.com", PASSWORD, first_name="Anna")
    club.organisers.add(anna)
    tournament = services.tournament_create(
        club=club, name="Thursday evening", date=datetime.date(2026, 11, 19),
        variant="classico", rounds=2, published=True,
    )  # fmt: skip
    services.pairs_add(tournament=tournament, text="\n".join(PAIRS), user=anna)
    first = services.round_prepare(tournament=tournament, seed=7, user=anna).round
    services.round_start(round=first, user=anna)
    table = first.tables.get(number=1)
    late: Pair = table.seats.get(direction="ns").pair

    base = live_server.url.rstrip("/")
    axe = Axe()
    shots = Screenshots(ARTIFACTS)
    context = browser.new_context(viewport={"width": PHONE, "height": 900})
    console = ConsoleWatch()
    console.watch_context(context, "organiser")
    page = context.new_page()
    page.set_default_timeout(10_000)
    expect.set_options(timeout=10_000)
    try:
        page.goto(f"{base}/login/")
        page.get_by_label("User name").press_sequentially("anna")
        page.get_by_label("Password").press_sequentially(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        expect(page.get_by_role("heading", name="My tournaments")).to_be_visible()

        page.goto(f"{base}/organise/tables/{table.pk}/")
        decisions = page.locator("#decisions")
        expect(decisions.get_by_role("heading", name="Director's decisions")).to_be_visible()
        decisions.get_by_label("Late arrival").check()
        decisions.get_by_label(f"{late.number}. {late.names}").check()
        decisions.get_by_role("button", name="Record the decision").click()
        # no reason: the message in the form (htmx), nothing saved
        expect(decisions.get_by_text("Write the reason for the decision")).to_be_visible()
        assert Decision.objects.count() == 0
        shots.take(page, "no-reason-390")
        decisions = page.locator("#decisions")
        decisions.get_by_label("Reason").fill(REASON)
        decisions.get_by_role("button", name="Record the decision").click()
        expect(page.get_by_text("Decision recorded: Late arrival, table 1.")).to_be_visible()
        mark = page.locator("#decisions details.decision-mark")
        expect(mark).to_have_count(1)
        assert _measure(page, "table page at 390 px", PHONE) == []
        mark.locator("summary").click()  # opened, as a reader would
        assert _violations(axe, page, "table page with a decision") == []
        shots.take(page, "table-page-390")
        decision = Decision.objects.get()
        assert (decision.kind, decision.pair_id, decision.mp) == ("late", late.pk, 100)
        late.refresh_from_db()
        assert late.mp == -100

        # the round board: the mark by table 1, and a decision taken from it for table 2
        page.goto(f"{base}/organise/rounds/{first.pk}/")
        expect(page.locator("details.decision-mark")).to_have_count(1)
        for width in (1280, 768, PHONE):
            page.set_viewport_size({"width": width, "height": 900})
            assert _measure(page, f"round board at {width} px", width) == []
            # no cell squeezed under its text (the phone's MP once had no room beside the marks)
            assert page.evaluate(CLIPPED_CELLS) == [], f"round board at {width} px"
            shots.take(page, f"round-board-{width}")
        page.get_by_role("link", name="Arbiter's decision").nth(1).click()
        decisions = page.locator("#decisions")
        decisions.get_by_label("Penalty", exact=True).check()
        other = first.tables.get(number=2).seats.get(direction="ew").pair
        decisions.get_by_label(f"{other.number}. {other.names}").check()
        decisions.get_by_label("Penalty: VP taken").fill("1")
        decisions.get_by_label("Reason").fill("Slow play")
        assert _measure(page, "decision page at 390 px", PHONE) == []
        decisions.get_by_role("button", name="Record the decision").click()
        expect(page.get_by_text("Decision recorded: Penalty, table 2.")).to_be_visible()
        expect(page.locator("details.decision-mark")).to_have_count(2)
        assert page.url.endswith(f"/organise/rounds/{first.pk}/")
        assert _violations(axe, page, "round board with decisions") == []

        page.goto(f"{base}/t/roma/{tournament.slug}/")
        row_mark = page.locator("table.standings details.decision-mark").filter(has_text="Late")
        expect(row_mark).to_have_count(1)
        reason = row_mark.get_by_text(REASON)
        expect(reason).to_be_hidden()
        row_mark.locator("summary").focus()
        page.keyboard.press("Enter")  # the mark opens from the keyboard
        expect(reason).to_be_visible()
        assert _measure(page, "public standings at 390 px", PHONE) == []
        assert _violations(axe, page, "public standings with decisions") == []
        shots.take(page, "public-standings-390")
    finally:
        context.close()
    assert console.problems == [], "\n".join(console.problems)
