"""A secretary's evening where the pairs change, in a real browser (Debian's Chromium through
Playwright, the app served on PostgreSQL): a name corrected, a pair withdrawn after round 1, a
late pair added before round 2; round 2's seating and the standings checked; the tournament
finished; a correction refused while it is finished; reopened with a reason; the correction
saved; the reopening on the changes page. Round results come from the services (the browser
entry is the subject of test_e2e_evening). Screenshots: test-artifacts/e2e-pairs/.

Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/burraco_e2e \
         .venv/bin/pytest tournaments/tests/test_e2e_pairs_change.py -q --create-db -s
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
from playwright.sync_api import Browser, Page, expect, sync_playwright
from pytest_django.live_server_helper import LiveServer

from tournaments import services
from tournaments.models import Club, Pair, Round, Table, Tournament
from tournaments.tests.e2e_helpers import CHROMIUM, VIEWPORT, ConsoleWatch, Screenshots, launch
from tournaments.tests.test_e2e_widths import PHONE, _measure
from tournaments.tests.test_services_evening import play_round

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

ARTIFACTS = Path(settings.BASE_DIR) / "test-artifacts" / "e2e-pairs"
PASSWORD = "Scala-Quaranta-2026!"
PAIRS = [
    "Mario Rosi / Lucia Bianchi",  # "Rosi": a typo for Rossi, corrected during the evening
    "Anna Verdi / Paolo Neri",
    "Giulia Romano / Marco Colombo",
    "Sara Ricci / Luca Marino",
    "Elena Greco / Davide Bruno",
    "Chiara Gallo / Matteo Conti",
    "Laura Esposito / Andrea Costa",
]
REASON = "Table 1, round 2: deal 1 was entered the wrong way round"


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
def test_pairs_change_during_an_evening_in_the_browser(
    live_server: LiveServer, browser: Browser
) -> None:
    club = Club.objects.create(name="Circolo del Burraco Roma", slug="roma")
    anna = User.objects.create_user("anna", "anna@example.com", PASSWORD, first_name="Anna")
    club.organisers.add(anna)
    tournament = services.tournament_create(
        club=club, name="Thursday evening", date=datetime.date(2026, 11, 19),
        variant="classico", rounds=2, movement_plan=["random", "mitchell"],
    )  # fmt: skip
    services.pairs_add(tournament=tournament, text="\n".join(PAIRS), user=anna)
    first = services.round_prepare(tournament=tournament, seed=7, user=anna).round
    services.round_start(round=first, user=anna)
    play_round(first, anna)  # North-South win every table: 20 VP to 0

    context = browser.new_context(viewport=VIEWPORT)
    console = ConsoleWatch()
    console.watch_context(context, "organiser")
    page = context.new_page()
    page.set_default_timeout(10_000)
    expect.set_options(timeout=10_000)
    page.on("dialog", lambda dialog: dialog.accept())  # the forms' "are you sure?"
    try:
        _walk(live_server.url.rstrip("/"), page, Screenshots(ARTIFACTS), tournament, anna)
    finally:
        context.close()
    assert console.problems == [], "\n".join(console.problems)


def _fits(page: Page, shots: Screenshots, name: str) -> None:
    """The page as it is, at a laptop's and a phone's width: no sideways scrolling, every
    control 44 px high, nothing overlapping (test_e2e_widths' measures); a screenshot of each."""
    for width in (VIEWPORT["width"], PHONE):
        page.set_viewport_size({"width": width, "height": VIEWPORT["height"]})
        assert _measure(page, f"{name} at {width} px", width) == []
        shots.take(page, f"{name}-{width}")
    page.set_viewport_size(VIEWPORT)


def _walk(base: str, page: Page, shots: Screenshots, tournament: Tournament, anna: User) -> None:
    page.goto(f"{base}/login/")
    page.get_by_label("User name").press_sequentially("anna")
    page.get_by_label("Password").press_sequentially(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My tournaments")).to_be_visible()

    # --- a name corrected: "Mario Rosi" is Mario Rossi -----------------------------------------
    page.goto(f"{base}/organise/tournaments/{tournament.pk}/pairs/")
    page.get_by_role("link", name="Mario Rosi – Lucia Bianchi").click()
    expect(page.get_by_role("heading", name=re.compile(r"Pair 1: Mario Rosi"))).to_be_visible()
    # each player has its own fields, filled with that player's name
    rename = page.locator("form.player-name", has=page.get_by_role("heading", name="Mario Rosi"))
    expect(rename.get_by_label("First name")).to_have_value("Mario")
    expect(rename.get_by_label("Surname")).to_have_value("Rosi")
    partner = page.locator("form.player-name", has=page.get_by_role("heading", name="Lucia"))
    expect(partner.get_by_label("First name")).to_have_value("Lucia")
    expect(partner.get_by_label("Surname")).to_have_value("Bianchi")
    rename.get_by_label("Surname").fill("Rossi")
    _fits(page, shots, "rename")
    rename.get_by_role("button", name="Correct the name of Mario Rosi").click()
    # nothing is saved before the page says whose name changes, from what to what, and where
    expect(
        page.get_by_text(
            "Mario Rosi will be renamed Mario Rossi in every tournament of the club "
            "(1 tournament: Thursday evening (19 November 2026))."
        )
    ).to_be_visible()
    expect(page.get_by_role("link", name="Bring in Mario Rossi for Mario Rosi")).to_be_visible()
    _fits(page, shots, "rename-confirm")
    page.get_by_role("button", name="Yes, rename Mario Rosi").click()
    expect(
        page.get_by_text(
            "Mario Rosi is now Mario Rossi in every tournament of the club "
            "(1 tournament: Thursday evening (19 November 2026))."
        )
    ).to_be_visible()
    expect(page.get_by_role("heading", name="Pair 1: Mario Rossi – Lucia Bianchi")).to_be_visible()

    # --- pair 3 withdraws after round 1 ---------------------------------------------------------
    leaving = _pair(tournament, 3)
    leaving_vp = leaving.vp
    page.goto(f"{base}/organise/pairs/{leaving.pk}/")
    expect(page.get_by_text("it is not seated from round 2 on")).to_be_visible()
    page.get_by_role("button", name="Withdraw", exact=True).click()
    expect(page.get_by_text("Pair 3 has withdrawn: it plays no more from round 2.")).to_be_visible()
    expect(page.get_by_text("Withdrawn: plays no more from round 2.")).to_be_visible()
    shots.take(page, "withdrawn")

    # --- a late pair arrives before round 2 is seated --------------------------------------------
    page.goto(f"{base}/organise/tournaments/{tournament.pk}/pairs/")
    expect(page.get_by_text("a pair added now is a late pair")).to_be_visible()
    page.get_by_label("Add pairs, one a line").fill("Rita Fontana / Bruno Galli")
    page.get_by_role("button", name="Add the pairs").click()
    expect(page.get_by_text("1 pair added.")).to_be_visible()
    expect(page.locator("#pairs li", has_text="Rita Fontana")).to_contain_text("from round 2")
    expect(page.locator("#pairs li", has_text="Sara Ricci")).not_to_contain_text("withdrawn")
    expect(page.locator("#pairs li", has_text="Giulia Romano")).to_contain_text(
        "withdrawn from round 2"
    )
    shots.take(page, "late-pair")

    # --- round 2 is seated without pair 3 and with pair 8 -------------------------------------
    page.goto(f"{base}/organise/tournaments/{tournament.pk}/")
    page.get_by_role("link", name="Seat round 2").click()
    page.get_by_role("button", name=re.compile("Seat round 2")).click()
    expect(page.get_by_role("heading", name="Round 2")).to_be_visible()
    seating = page.locator("#seating table.seating")
    expect(seating.locator("tbody tr")).to_have_count(4)  # three tables and the bye
    expect(seating).not_to_contain_text("Giulia Romano")
    expect(seating).to_contain_text("Rita Fontana – Bruno Galli")
    expect(seating.locator("tr.bye")).not_to_contain_text("Rita Fontana")  # it missed round 1
    shots.take(page, "round-2-seating")
    page.get_by_role("button", name="Start round 2").click()
    second = Round.objects.get(tournament=tournament, number=2)
    assert not second.seats.filter(pair__number=3).exists()
    play_round(second, anna)

    # --- the standings: pair 3 keeps its round 1, pair 8 has played one round ------------------
    page.goto(f"{base}/organise/tournaments/{tournament.pk}/")
    standings = page.locator("table.standings")
    row_3 = standings.locator("tbody tr", has_text="Giulia Romano")
    expect(row_3).to_contain_text("withdrawn from round 2")
    expect(row_3.locator("td").nth(3)).to_have_text(str(leaving_vp))
    expect(row_3.locator("td").nth(5)).to_have_text("1")  # rounds played
    row_8 = standings.locator("tbody tr", has_text="Rita Fontana")
    expect(row_8).to_contain_text("from round 2")
    expect(row_8.locator("td").nth(5)).to_have_text("1")
    shots.take(page, "standings")

    # --- a correction opened, the tournament finished meanwhile: the save is refused -----------
    table = Table.objects.get(round=second, number=1)
    page.goto(f"{base}/organise/tables/{table.pk}/?edit=1")
    expect(page.get_by_role("heading", name="Correct deal 1")).to_be_visible()
    services.tournament_finish(tournament=tournament, user=anna)  # another organiser finishes
    page.get_by_role("button", name="Save the correction").click()
    expect(
        page.get_by_text("The tournament is finished: its results are final.").first
    ).to_be_visible()
    shots.take(page, "correction-refused")
    page.goto(f"{base}/organise/tables/{table.pk}/")
    expect(page.get_by_role("link", name="Edit")).to_have_count(0)

    # --- reopened with a reason: the correction is saved ---------------------------------------
    page.goto(f"{base}/organise/tournaments/{tournament.pk}/")
    page.get_by_label("Why reopen it?").fill(REASON)
    shots.take(page, "reopen")
    page.get_by_role("button", name="Reopen").click()
    expect(page.get_by_text("The tournament is reopened")).to_be_visible()
    page.goto(f"{base}/organise/tables/{table.pk}/?edit=1")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("#entry-main p.notice.ok")).to_contain_text("Deal 1 saved")
    assert table.changes.filter(action="corrected").count() == 1

    # --- the changes page shows the reopening, the withdrawal, the late pair and the rename -----
    page.goto(f"{base}/organise/tournaments/{tournament.pk}/changes/")
    log = page.locator("table.changes")
    expect(log).to_contain_text(f"Reopened to correct results. Reason: {REASON}")
    expect(log).to_contain_text("Pair 1: Mario Rosi is now Mario Rossi.")
    expect(log).to_contain_text("withdrew: it plays no more from round 2.")
    expect(log).to_contain_text("joined late: it plays from round 2.")
    shots.take(page, "changes")
    page.get_by_label("What").select_option(label="Reopened")
    page.get_by_role("button", name="Show", exact=True).click()
    expect(log.locator("tbody tr")).to_have_count(1)
    shots.take(page, "changes-reopened")


def _pair(tournament: Tournament, number: int) -> Pair:
    return Pair.objects.get(tournament=tournament, number=number)
