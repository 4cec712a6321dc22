"""An evening whose players enter their own results, end to end, in a real browser: Playwright
driving Debian's Chromium against the app served (pytest-django's live_server) on PostgreSQL.

An organiser (a desktop context) logs in, seats and starts the rounds of an 8-pair Burraco
Classico tournament (2 rounds of 2 deals) whose results the players enter; each pair has a phone
(a 360 px context of its own, no login) that opens its table from the link the round board
shows (as a QR code would). One pair writes each deal, the opponents accept it on their phone.
At table 1 a deal is disputed: the opponents send their version, the organiser counts one on the
round board. At table 2 North-South's phone goes offline while sending: the page says "not yet
sent", the deal goes by itself once the phone is back online, and it is written once. In round
2 every pair finds its new table from its "my evening" page. At the end the standings are the
ones the deals make. Every step leaves a screenshot in test-artifacts/players/; a CSP violation
or a JavaScript error in any page's console fails the test (but for the requests an offline
phone could not send).

Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/burraco_e2e \
         .venv/bin/pytest tournaments/tests/test_e2e_players.py -q --create-db -s
"""

import datetime
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
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

from scoring import VP_SCALES
from tournaments import services
from tournaments.models import (
    Club,
    DealProposal,
    DealSide,
    Pair,
    ResultChange,
    Round,
    Seat,
    Table,
    Tournament,
)
from tournaments.tests.e2e_helpers import (
    CHROMIUM,
    ConsoleWatch,
    Screenshots,
    SummarySide,
    choose_closed,
    expect_live_totals,
    launch,
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

ARTIFACTS = Path(settings.BASE_DIR) / "test-artifacts" / "players"
PASSWORD = "Scala-Quaranta-2026!"
PHONE: ViewportSize = {"width": 360, "height": 780}
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
WAIT = 15_000
"""How long a phone may take to see the other phone's step: its page follows every 5 s."""

# Deals as the score sheet gives them (Burraco Classico: clean 200, dirty 100, closing 100):
A = (SummarySide(300, clean=1), SummarySide(150, hand=40), "N-S", (600, 110))
B = (SummarySide(120, hand=35), SummarySide(250, dirty=1), "E-W", (85, 450))
C = (SummarySide(200, dirty=1), SummarySide(90, hand=60), "N-S", (400, 30))
# E-W's version of table 1's deal 2 (written by N-S as B): E-W melded 300, not 250.
B_EW = (SummarySide(120, hand=35), SummarySide(300, dirty=1), "E-W", (85, 500))
ROUND_1 = {1: [A, B], 2: [C, A], 3: [B, C], 4: [A, A]}
ROUND_2 = {1: [C, B], 2: [B, B], 3: [A, C], 4: [C, C]}
COUNTED = {(1, 1, 2): B_EW[3]}  # (round, table, deal) -> the version the organiser counts


@dataclass
class Phones:
    """One phone (a browser context of its own) per pair, by pair number."""

    contexts: dict[int, BrowserContext]
    pages: dict[int, Page]


class OfflineWatch(ConsoleWatch):
    """The console watch, but a phone that is offline may fail to send: its failed requests
    (and htmx's report of them) are what it is expected to say then, nothing else."""

    offline: set[str]

    def __init__(self) -> None:
        super().__init__()
        self.offline = set()

    def _console(self, who: str, page: Page, message: ConsoleMessage) -> None:
        if who in self.offline and (
            "ERR_INTERNET_DISCONNECTED" in message.text
            or re.fullmatch(r"htmx:(sendError|afterRequest), \[object \w+\]", message.text)
        ):
            self.messages.append(f"{who} (offline) {message.text}")
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


@pytest.mark.django_db(transaction=True)
def test_an_evening_entered_by_the_players_on_their_phones(
    live_server: LiveServer, browser: Browser
) -> None:
    started = time.monotonic()
    base = live_server.url.rstrip("/")
    shots = Screenshots(ARTIFACTS)
    console = OfflineWatch()
    club = Club.objects.create(name="Circolo del Burraco Roma", slug="roma")
    anna = User.objects.create_user("anna", "anna@example.com", PASSWORD, first_name="Anna")
    club.organisers.add(anna)
    tournament = services.tournament_create(
        club=club,
        name="Phones evening",
        date=datetime.date(2026, 11, 24),
        variant="classico",
        rounds=2,
        deals_per_round=2,
        result_entry="players",
        published=True,
    )
    services.pairs_add(
        tournament=tournament,
        text="\n".join(f"Nome{n} Rossi{n} / Nome{n}b Bianchi{n}" for n in range(1, 9)),
    )
    desk = browser.new_context(viewport=DESKTOP)
    console.watch_context(desk, "organiser")
    phones = Phones({}, {})
    for number in range(1, 9):
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        console.watch_context(context, f"pair {number}")
        phones.contexts[number] = context
        phones.pages[number] = context.new_page()
    expect.set_options(timeout=WAIT)
    organiser = desk.new_page()
    try:
        _walk(base, organiser, phones, shots, console, tournament)
    finally:
        desk.close()
        for context in phones.contexts.values():
            context.close()
        print(f"\n  the walk took {time.monotonic() - started:.1f} s; "
              f"{len(console.problems)} console problems")  # fmt: skip
    assert console.problems == [], "\n".join(console.problems)


def _walk(
    base: str,
    organiser: Page,
    phones: Phones,
    shots: Screenshots,
    console: OfflineWatch,
    tournament: Tournament,
) -> None:
    # --- the organiser logs in, seats round 1 and starts it -----------------------------------
    organiser.goto(f"{base}/login/")
    organiser.get_by_label("User name").fill("anna")
    organiser.get_by_label("Password").fill(PASSWORD)
    organiser.get_by_role("button", name="Log in").click()
    organiser.goto(f"{base}/organise/tournaments/{tournament.pk}/")
    expect(organiser.locator("p.result-entry")).to_contain_text(
        "The players enter their table's results on their phones"
    )
    organiser.get_by_role("link", name="Seat round 1").click()
    organiser.get_by_role("button", name="Seat round 1").click()
    organiser.get_by_role("button", name="Start round 1").click()
    expect(organiser.locator("#tables .progress")).to_have_text("0 of 4 tables done.")
    shots.take(organiser, "round1-board")
    board = organiser.url
    round_1 = Round.objects.get(tournament=tournament, number=1)

    # Each pair opens its table from its own link, as the QR code on its slip would; the round
    # board (the organiser's, behind the login) links each pair's page.
    for table in Table.objects.filter(round=round_1, is_bye=False):
        for seat in table.seats.select_related("pair"):
            link = organiser.locator(f'a[href="/p/{seat.pair.token}/"]')
            expect(link).to_have_count(1)
            phones.pages[seat.pair.number].goto(f"{base}/p/{seat.pair.token}/")
    first = _seat(round_1, 1, "ns")
    expect(phones.pages[first.pair.number].locator("h1")).to_have_text("Round 1 · Table 1")
    shots.take(phones.pages[first.pair.number], "table1-ns-phone")

    # --- table 1, deal 1: N-S writes it, E-W accepts it, it counts ----------------------------
    ns, ew = _phones_at(phones, round_1, 1)
    _write(ns, 1, A, shots, "table1-deal1-written")
    expect(ns.locator(".pending.mine")).to_contain_text("Deal 1: waiting for E-W to accept it.")
    assert not DealSide.objects.filter(deal__table__round=round_1).exists()
    _accept(ew, 1, shots, "table1-deal1-to-accept")
    _expect_counts(round_1, 1, 1, A[3])
    expect(ns.locator("ol.deal-list")).to_contain_text(shown(A[3][0]), timeout=WAIT)

    # --- table 1, deal 2: E-W says N-S wrote it wrong; the organiser decides ------------------
    _write(ns, 2, B, shots, "table1-deal2-written")
    expect(ew.locator("#to-accept")).to_be_visible(timeout=WAIT)
    ew.get_by_role("link", name="It is wrong").click()
    expect(ew.locator("#entry-form h2")).to_have_text("Your version of deal 2")
    type_summary_side(ew, "ew", B_EW[1])
    expect_live_totals(ew, *B_EW[3])
    shots.take(ew, "table1-deal2-ew-version")
    ew.get_by_role("button", name="Send our version").click()
    expect(ew.locator(".notice.ok")).to_have_text(
        "Both versions of deal 2 are with the organiser, who decides which counts."
    )
    expect(ns.locator(".pending.disputed")).to_contain_text(
        "Deal 2 is with the organiser.", timeout=WAIT
    )
    organiser.goto(board)
    dispute = organiser.locator("article.dispute")
    expect(dispute.locator("h3")).to_have_text("Deal 2 at table 1")
    expect(dispute.locator(".version")).to_have_count(2)
    row = organiser.locator("#tables tbody tr").filter(has_text=re.compile(r"^\s*1\s"))
    expect(row.locator(".badge").first).to_have_text("Disputed")
    shots.take(organiser, "round1-board-dispute")
    organiser.once("dialog", lambda dialog: dialog.accept())
    dispute.get_by_role("button", name="Count E-W's version").click()
    expect(organiser.locator("ul.messages")).to_contain_text(
        "Deal 2 at table 1: E-W's version counts."
    )
    _expect_counts(round_1, 1, 2, B_EW[3])
    shots.take(organiser, "round1-board-settled")

    # --- table 2, deal 1: N-S's phone loses its connection while sending ----------------------
    ns2, ew2 = _phones_at(phones, round_1, 2)
    ns2_pair = _seat(round_1, 2, "ns").pair.number
    ns_side, ew_side, closed, totals = ROUND_1[2][0]
    type_summary_side(ns2, "ns", ns_side)
    type_summary_side(ns2, "ew", ew_side)
    choose_closed(ns2, closed)
    expect_live_totals(ns2, *totals)
    console.offline.add(f"pair {ns2_pair}")
    phones.contexts[ns2_pair].set_offline(True)
    ns2.get_by_role("button", name="Send deal 1").click()
    expect(ns2.locator("#outbox")).to_contain_text("Deal 1: not yet sent.")
    shots.take(ns2, "table2-offline-not-yet-sent")
    time.sleep(6)  # the phone tries again every 5 s while offline: still nothing reaches us
    table_2 = Table.objects.get(round=round_1, number=2)
    assert not DealProposal.objects.filter(table=table_2).exists()
    phones.contexts[ns2_pair].set_offline(False)
    expect(ns2.locator(".notice.ok")).to_contain_text("Deal 1 sent.", timeout=WAIT)
    console.offline.discard(f"pair {ns2_pair}")
    expect(ns2.locator("#outbox")).to_be_hidden()
    shots.take(ns2, "table2-back-online-sent")
    assert DealProposal.objects.filter(table=table_2).count() == 1
    assert ResultChange.objects.filter(table=table_2, action="written").count() == 1
    _accept(ew2, 1, shots, "table2-deal1-to-accept")
    _expect_counts(round_1, 2, 1, totals)
    _play(phones, round_1, 2, ROUND_1[2][1:], first_number=2)

    # --- the other tables of round 1: written by N-S, accepted by E-W -------------------------
    for number in (3, 4):
        _play(phones, round_1, number, ROUND_1[number])
    organiser.goto(board)
    expect(organiser.locator("#tables .progress")).to_have_text("4 of 4 tables done.")
    shots.take(organiser, "round1-board-done")
    _expect_standings(tournament, rounds=1)

    # --- round 2: the same link follows every pair to its new table ---------------------------
    # Pairs 1-4 look at their evening page once round 2 is seated; the other phones stay on
    # their table's page, which loads their new table by itself.
    organiser.goto(f"{base}/organise/tournaments/{tournament.pk}/rounds/next/")
    organiser.get_by_role("button", name="Seat round 2").click()
    round_2 = Round.objects.get(tournament=tournament, number=2)
    for number in (1, 2, 3, 4):
        page = phones.pages[number]
        seat = Seat.objects.select_related("table").get(round=round_2, pair__number=number)
        # The table page moves to the new table by itself; a click on "My evening" while it
        # reloads would be lost, as a player's tap would, so wait for it first.
        expect(page.locator("h1")).to_have_text(
            f"Round 2 · Table {seat.table.number}", timeout=2 * WAIT + 5_000
        )
        page.get_by_role("link", name="My evening: tables, deals and standings").click()
        expect(page.locator("section.place.next h2")).to_have_text("Next: Round 2")
        link = page.locator("section.place.next").get_by_role(
            "link", name=f"Open table {seat.table.number}"
        )
        if number == 1:
            shots.take(page, "pair1-my-evening")
        link.click()
        expect(page.locator("h1")).to_have_text(f"Round 2 · Table {seat.table.number}")
    organiser.get_by_role("button", name="Start round 2").click()
    for number in (5, 6, 7, 8):
        seat = Seat.objects.select_related("table").get(round=round_2, pair__number=number)
        expect(phones.pages[number].locator("h1")).to_have_text(
            f"Round 2 · Table {seat.table.number}", timeout=2 * WAIT + 5_000
        )
    for number in (1, 2, 3, 4):
        _play(phones, round_2, number, ROUND_2[number], writer="ew")
    _expect_standings(tournament, rounds=2)
    page = phones.pages[1]
    page.get_by_role("link", name="My evening: tables, deals and standings").click()
    pair_1 = Pair.objects.get(tournament=tournament, number=1)
    expect(page.locator("dl.totals")).to_contain_text(f"VP{pair_1.vp}")
    shots.take(page, "pair1-evening-end")


def _seat(round_: Round, table: int, direction: str) -> Seat:
    return Seat.objects.select_related("pair").get(
        round=round_, table__number=table, direction=direction
    )


def _phones_at(phones: Phones, round_: Round, table: int) -> tuple[Page, Page]:
    return (
        phones.pages[_seat(round_, table, "ns").pair.number],
        phones.pages[_seat(round_, table, "ew").pair.number],
    )


def _write(
    page: Page,
    number: int,
    deal: tuple[SummarySide, SummarySide, str, tuple[int, int]],
    shots: Screenshots | None = None,
    name: str = "",
) -> None:
    """A phone writes deal `number` from the score sheet and sends it."""
    ns, ew, closed, totals = deal
    expect(page.locator("#entry-form h2")).to_have_text(f"Deal {number}", timeout=2 * WAIT)
    type_summary_side(page, "ns", ns)
    type_summary_side(page, "ew", ew)
    choose_closed(page, closed)
    expect_live_totals(page, *totals)
    page.get_by_role("button", name=f"Send deal {number}").click()
    expect(page.locator(".notice.ok")).to_contain_text(f"Deal {number} sent.")
    if shots:
        shots.take(page, name)


def _accept(page: Page, number: int, shots: Screenshots | None = None, name: str = "") -> None:
    """The opponents' phone sees the deal (its page follows by itself) and accepts it."""
    button = page.get_by_role("button", name=f"Accept deal {number}")
    expect(button).to_be_visible(timeout=WAIT)
    if shots:
        shots.take(page, name)
    button.click()
    expect(page.locator(".notice.ok")).to_have_text(f"Deal {number} accepted: it counts.")


def _play(
    phones: Phones,
    round_: Round,
    table: int,
    deals: list[tuple[SummarySide, SummarySide, str, tuple[int, int]]],
    first_number: int = 1,
    writer: str = "ns",
) -> None:
    ns, ew = _phones_at(phones, round_, table)
    writing, accepting = (ns, ew) if writer == "ns" else (ew, ns)
    for number, deal in enumerate(deals, first_number):
        _write(writing, number, deal)
        _accept(accepting, number)
        _expect_counts(round_, table, number, deal[3])


def _expect_counts(round_: Round, table: int, number: int, totals: tuple[int, int]) -> None:
    sides = dict(
        DealSide.objects.filter(
            deal__table__round=round_, deal__table__number=table, deal__number=number
        ).values_list("direction", "total")
    )
    assert (sides.get("ns"), sides.get("ew")) == totals, (round_.number, table, number, sides)


def _expect_standings(tournament: Tournament, *, rounds: int) -> None:
    """Every pair's VP and MP as the deals played make them (FIBUR 3 on each table's MP)."""
    scale = VP_SCALES["fibur-3"]
    expected: dict[int, list[int]] = {}
    for number, plan in ((1, ROUND_1), (2, ROUND_2))[:rounds]:
        round_ = Round.objects.get(tournament=tournament, number=number)
        for table, deals in plan.items():
            totals = [COUNTED.get((number, table, n), deal[3]) for n, deal in enumerate(deals, 1)]
            mp = (sum(t[0] for t in totals), sum(t[1] for t in totals))
            vp = scale.vp(*mp)
            for index, direction in enumerate(("ns", "ew")):
                pair = _seat(round_, table, direction).pair.number
                row = expected.setdefault(pair, [0, 0])
                row[0] += vp[index]
                row[1] += mp[index]
    stored = {
        pair.number: [pair.vp, pair.mp] for pair in Pair.objects.filter(tournament=tournament)
    }
    assert stored == expected
