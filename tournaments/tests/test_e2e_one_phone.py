"""A table played with one phone, end to end, in a real browser (Playwright driving Debian's
Chromium against the app served on PostgreSQL): each pair's private link reaches it on its own
slip, and the opponents accept on the writer's phone by typing their pair code.

The organiser prints the pair slips (the QR codes on them are read back, as a phone's camera
reads them), seats and starts the round. At table 1 only North-South has a phone: it writes
both deals, and East-West accept each on it with their pair code (a wrong code first: the page
says how many tries are left; while they type, the page does not follow the table by itself).
East-West's own link says the deals were accepted on North-South's phone with their code. At
table 2, East-West's phone taps "Accept" while offline, and meanwhile five wrong codes on
North-South's phone hand the table to the organiser: back online, East-West's phone is refused,
and it says so and keeps the step until the player removes it. The round board says why the
organiser enters table 2. Screenshots at 390 and 1280 px wide go to test-artifacts/one-phone/;
no page scrolls sideways; a CSP violation or a JavaScript error fails the test (but for the
refusals and the offline phone's requests, which are expected).

Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/burraco_e2e \\
         .venv/bin/pytest tournaments/tests/test_e2e_one_phone.py -q --create-db -s
"""

import datetime
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection, connections
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    ViewportSize,
    expect,
    sync_playwright,
)
from pytest_django.live_server_helper import LiveServer

from tournaments import services
from tournaments.models import (
    Club,
    DealProposal,
    Pair,
    ResultChange,
    Round,
    Seat,
    Table,
    Tournament,
)
from tournaments.tests.e2e_helpers import CHROMIUM, Screenshots, launch
from tournaments.tests.qr_helpers import decode_svg, qr_svgs
from tournaments.tests.test_e2e_players import A, B, C, OfflineWatch, _expect_counts, _write

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

ARTIFACTS = Path(settings.BASE_DIR) / "test-artifacts" / "one-phone"
PASSWORD = "Scala-Quaranta-2026!"
NARROW: ViewportSize = {"width": 390, "height": 844}
WIDE: ViewportSize = {"width": 1280, "height": 900}
WAIT = 15_000


class RefusalWatch(OfflineWatch):
    """The console watch of the players' test, where a phone may also be refused on purpose
    (403 a wrong code, 409 a table handed over): Chromium reports those answers, and only
    those, as failed loads."""

    def _console(self, who: str, page: Page, message: ConsoleMessage) -> None:
        if re.fullmatch(
            r"Failed to load resource: the server responded with a status of 40[39] \(\w+\)",
            message.text,
        ):
            self.messages.append(f"{who} (refused) {message.text}")
            return
        super()._console(who, page, message)


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


def both_widths(page: Page, shots: Screenshots, name: str) -> None:
    """A screenshot at 390 px, one at 1280 px, no sideways scroll at either."""
    start = page.viewport_size
    for size, label in ((NARROW, "390"), (WIDE, "1280")):
        page.set_viewport_size(size)
        no_sideways_scroll(page)
        shots.take(page, f"{name}-{label}")
    if start is not None:
        page.set_viewport_size(start)


@pytest.mark.django_db(transaction=True)
def test_a_table_is_played_with_one_phone_the_opponents_accepting_with_their_code(
    live_server: LiveServer, browser: Browser
) -> None:
    base = live_server.url.rstrip("/")
    shots = Screenshots(ARTIFACTS)
    console = RefusalWatch()
    club = Club.objects.create(name="Circolo del Burraco Roma", slug="roma")
    anna = User.objects.create_user("anna", "anna@example.com", PASSWORD, first_name="Anna")
    club.organisers.add(anna)
    tournament = services.tournament_create(
        club=club,
        name="One phone evening",
        date=datetime.date(2026, 11, 24),
        variant="classico",
        rounds=1,
        deals_per_round=2,
        result_entry="players",
        published=True,
    )
    services.pairs_add(
        tournament=tournament,
        text="\n".join(f"Nome{n} Rossi{n} / Nome{n}b Bianchi{n}" for n in range(1, 5)),
    )
    desk = browser.new_context(viewport=WIDE)
    console.watch_context(desk, "organiser")
    contexts = {}
    for who in ("t1-ns", "t1-ew", "t2-ns", "t2-ew"):
        contexts[who] = browser.new_context(viewport=NARROW, is_mobile=True, has_touch=True)
        console.watch_context(contexts[who], who)
    expect.set_options(timeout=WAIT)
    try:
        _walk(base, desk.new_page(), {w: c.new_page() for w, c in contexts.items()}, contexts,
              shots, console, tournament)  # fmt: skip
    finally:
        desk.close()
        for context in contexts.values():
            context.close()
    assert console.problems == [], "\n".join(console.problems)


def _walk(
    base: str,
    organiser: Page,
    phones: dict[str, Page],
    contexts: dict[str, BrowserContext],
    shots: Screenshots,
    console: RefusalWatch,
    tournament: Tournament,
) -> None:
    # --- the organiser prints the slips: each pair's own link and code -----------------------
    organiser.goto(f"{base}/login/")
    organiser.get_by_label("User name").fill("anna")
    organiser.get_by_label("Password").fill(PASSWORD)
    organiser.get_by_role("button", name="Log in").click()
    organiser.goto(f"{base}/organise/tournaments/{tournament.pk}/pairs/")
    slips = organiser.get_by_role("link", name="Print the pair slips")
    href = slips.get_attribute("href") or ""
    organiser.goto(base + href.replace("?print=1", ""))
    expect(organiser.locator("section.slip")).to_have_count(4)
    both_widths(organiser, shots, "slips")
    addresses = [decode_svg(svg) for svg in qr_svgs(organiser.content())]
    pairs = {pair.number: pair for pair in Pair.objects.filter(tournament=tournament)}
    assert addresses == [f"{base}/p/{pairs[n].token}/" for n in sorted(pairs)]
    slip_of = {pair.pk: addresses[n - 1] for n, pair in pairs.items()}

    organiser.goto(f"{base}/organise/tournaments/{tournament.pk}/")
    organiser.get_by_role("link", name="Seat round 1").click()
    organiser.get_by_role("button", name="Seat round 1").click()
    organiser.get_by_role("button", name="Start round 1").click()
    board = organiser.url
    round_1 = Round.objects.get(tournament=tournament, number=1)

    def seat(table: int, direction: str) -> Seat:
        return Seat.objects.select_related("pair").get(
            round=round_1, table__number=table, direction=direction
        )

    # --- table 1: North-South's phone only ---------------------------------------------------
    phone = phones["t1-ns"]
    ew = seat(1, "ew").pair
    phone.goto(slip_of[seat(1, "ns").pair_id])  # scanned from its slip
    expect(phone.locator("h1")).to_have_text("Round 1 · Table 1")
    _write(phone, 1, A)
    card = phone.locator("#accept-here")
    expect(card.locator("h2")).to_have_text("E-W: accept deal 1 on this phone")
    code = phone.get_by_label("E-W's pair code")
    code.fill("04")
    time.sleep(6)  # longer than the page's poll: what they typed stays while they type
    expect(code).to_have_value("04")
    code.fill(f"{(int(ew.code) + 1) % 10**6:06d}")
    phone.get_by_role("button", name="Accept deal 1 (E-W)").click()
    expect(phone.locator("#accept-here .code-error")).to_have_text(
        "That is not E-W's pair code. 4 more tries at this table in this round."
    )
    both_widths(phone, shots, "phone-accept-with-code-wrong")
    phone.get_by_label("E-W's pair code").fill(f"{ew.code[:3]} {ew.code[3:]}")
    phone.get_by_role("button", name="Accept deal 1 (E-W)").click()
    expect(phone.locator("ul.messages")).to_contain_text(
        "Deal 1 accepted by E-W with their pair code: it counts."
    )
    _expect_counts(round_1, 1, 1, A[3])
    _write(phone, 2, B)
    both_widths(phone, shots, "phone-accept-with-code")
    phone.get_by_label("E-W's pair code").fill(ew.code)
    phone.get_by_role("button", name="Accept deal 2 (E-W)").click()
    expect(phone.locator("ul.messages")).to_contain_text(
        "Deal 2 accepted by E-W with their pair code: it counts."
    )
    _expect_counts(round_1, 1, 2, B[3])
    expect(phone.locator(".code-note")).to_have_text(
        ["accepted here by E-W with their pair code"] * 2
    )
    steps = ResultChange.objects.filter(table__round=round_1, table__number=1, action="accepted")
    assert {step.pair_id for step in steps} == {ew.pk}
    # East-West's own link, opened later, says so
    theirs = phones["t1-ew"]
    theirs.goto(slip_of[ew.pk])
    expect(theirs.locator(".code-note")).to_have_text(
        ["accepted on N-S's phone with your pair code"] * 2
    )
    both_widths(theirs, shots, "phone-accepted-with-your-code")

    # --- table 2: a refused step is shown, and kept until the player removes it ---------------
    writer, acceptor = phones["t2-ns"], phones["t2-ew"]
    writer.goto(slip_of[seat(2, "ns").pair_id])
    acceptor.goto(slip_of[seat(2, "ew").pair_id])
    _write(writer, 1, C)
    expect(acceptor.get_by_role("button", name="Accept deal 1")).to_be_visible(timeout=WAIT)
    console.offline.add("t2-ew")
    contexts["t2-ew"].set_offline(True)
    acceptor.get_by_role("button", name="Accept deal 1").click()
    expect(acceptor.locator("#outbox")).to_contain_text("Deal 1 accepted: not yet sent.")
    wrong = f"{(int(seat(2, 'ew').pair.code) + 7) % 10**6:06d}"
    for _ in range(5):
        writer.get_by_label("E-W's pair code").fill(wrong)
        writer.get_by_role("button", name="Accept deal 1 (E-W)").click()
    expect(writer.locator(".notice.bad")).to_have_text(
        "That is not E-W's pair code either: after 5 wrong codes the organiser now enters the "
        "results of table 2. Call the organiser."
    )
    table_2 = Table.objects.get(round=round_1, number=2)
    assert table_2.organiser_enters and table_2.wrong_codes == 5
    contexts["t2-ew"].set_offline(False)
    box = acceptor.locator("#outbox")
    expect(box).to_contain_text(
        "“Deal 1 accepted” did not go through. The organiser enters the results of table 2.",
        timeout=WAIT,
    )
    console.offline.discard("t2-ew")
    expect(box.get_by_role("button", name="Send it again")).to_be_visible()
    expect(box.get_by_role("button", name="Remove it")).to_be_visible()
    both_widths(acceptor, shots, "phone-refused-kept")
    kept = "Object.keys(localStorage).filter(k => k.startsWith('burraco-outbox:')).length"
    assert acceptor.evaluate(kept) == 1
    acceptor.reload()  # kept across a reload, and not sent again by itself
    expect(acceptor.locator("#outbox")).to_contain_text("“Deal 1 accepted” did not go through.")
    time.sleep(6)
    assert not ResultChange.objects.filter(table=table_2, action="accepted").exists()
    assert DealProposal.objects.get(table=table_2).status == "replaced"
    acceptor.locator("#outbox").get_by_role("button", name="Remove it").click()
    expect(acceptor.locator("#outbox")).to_be_hidden()
    assert acceptor.evaluate(kept) == 0

    # --- the round board says why the organiser enters table 2 -------------------------------
    organiser.goto(board)
    expect(organiser.locator(".handed-over")).to_have_text(
        "5 wrong pair codes were typed at this table: you enter its results now."
    )
    both_widths(organiser, shots, "round-board")
    for page in phones.values():
        no_sideways_scroll(page)
