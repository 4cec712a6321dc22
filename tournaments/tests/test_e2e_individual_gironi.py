"""An individual championship in phases and gironi, end to end in a real browser (issue 25:
the individual movements "work inside gironi and phases too"): Playwright driving Debian's
Chromium against the app served by pytest-django's live_server on PostgreSQL.

The organiser creates a 20-player individual tournament through the pages, chooses the ready
plan on the phases page (2 rounds for the whole field, a random draw then the Danese; then 2
Danese rounds in 2 gironi), seats, starts and enters every table of rounds 1 and 2 from the
pages, is sent to the phases page when seating round 3, previews the split (12 players to A,
8 to B: whole tables, nobody sits out), commits it, and plays rounds 3 and 4 inside the
gironi. A player follows on a phone (390 px): the girone's public page and "my evening".

Every total is checked against a ledger kept by hand from the deals typed (both partners of a
side credited the side's MP and VP, the FIBUR 3-deal bands as RULES.md prints them); every
table of rounds 3 and 4 is inside one girone, and no two players partner twice. Screenshots in
test-artifacts/individual/gironi/; a console error fails the test.

Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/burraco_e2e \\
         .venv/bin/pytest tournaments/tests/test_e2e_individual_gironi.py -q --create-db -s
"""

import re
import time

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Locator, expect
from pytest_django.live_server_helper import LiveServer

from tournaments.models import Club, Girone, Pair, Round, Seat, Table, Tournament
from tournaments.tests.test_e2e_individual import (
    PHONE,
    ROUNDS_22,
    TWENTY_TWO,
    Evening,
    Ledger,
    _create,
    _finish,
    _names,
    _organiser_enters,
    _partners,
    _seat_and_start,
    _seats,
    _start,
    browser,  # noqa: F401 (the fixture)
    pytestmark,  # noqa: F401 (PostgreSQL and Chromium only)
)

TWENTY = TWENTY_TWO[:20]


@pytest.mark.django_db(transaction=True)
def test_a_20_player_championship_in_two_gironi(live_server: LiveServer, browser: Browser) -> None:  # noqa: F811
    started = time.monotonic()
    evening, club = _start(live_server, browser, "gironi")
    try:
        _championship(evening, club)
    finally:
        _finish(evening, started)
    assert evening.console.problems == [], "\n".join(evening.console.problems)


def _championship(evening: Evening, club: Club) -> None:
    tournament = _create(
        evening, club, "Individuale a gironi", TWENTY, rounds=4, deals=1, players_enter=False
    )
    page, shots = evening.organiser, evening.shots
    page.goto(f"{evening.base}{reverse('phase_plan', args=[tournament.pk])}")
    plan = page.locator("form.phase-preset")
    expect(plan.locator("legend")).to_contain_text("rounds for the whole field")
    retype_number(plan.get_by_label("Rounds for the whole field", exact=True), 2)
    retype_number(plan.get_by_label("Danese rounds in gironi"), 2)
    retype_number(plan.get_by_label("Gironi", exact=True), 2)
    shots.take(page, "plan")
    plan.get_by_role("button", name="Use this plan").click()
    expect(page.locator("ul.messages")).to_contain_text("The phase plan is saved.")
    tournament.refresh_from_db()
    assert tournament.movement_plan == ["random", "danese", "danese", "danese"]

    names = _names(tournament)
    ledger = Ledger(names)
    previous: set[frozenset[int]] = set()
    for number, movement in ((1, "random"), (2, "danese")):
        round_ = _seat_and_start(evening, tournament, number, movement)
        assert Table.objects.filter(round=round_).count() == 5  # 20 players: no one out
        previous = _play(evening, round_, number, ledger, previous)

    # seating round 3 leads to the phases page, which previews and commits the split
    page.goto(f"{evening.base}/organise/tournaments/{tournament.pk}/")
    page.get_by_role("link", name="Seat round 3").click()
    expect(page.locator("ul.messages")).to_contain_text(
        "Split the field into gironi before seating round 3."
    )
    page.get_by_role("link", name="Preview the split").click()
    preview = page.locator("main")
    expect(preview).to_contain_text("This is the split: nothing is saved until you commit it.")
    shots.take(page, "split-preview")
    page.get_by_role("button", name="Commit the split").click()
    expect(page.locator("ul.messages")).to_contain_text("The field is split into gironi.")
    gironi = {g.name: g for g in Girone.objects.filter(phase__tournament=tournament)}
    members = {
        name: set(girone.entries.values_list("pair__number", flat=True))
        for name, girone in gironi.items()
    }
    assert [len(members["A"]), len(members["B"])] == [12, 8]  # whole tables of four
    ranks = ledger.ranks()
    assert max(ranks[n] for n in members["A"]) <= min(ranks[n] for n in members["B"])

    for number in (3, 4):
        round_ = _seat_and_start(evening, tournament, number, "danese")
        tables = Table.objects.filter(round=round_).order_by("number")
        named = {girone.pk: name for name, girone in gironi.items()}
        assert [(t.number, named.get(t.girone_id or 0), t.is_bye) for t in tables] == [
            (1, "A", False), (2, "A", False), (3, "A", False), (4, "B", False), (5, "B", False),
        ]  # fmt: skip
        for table in tables:
            seated = set(_seat_numbers(round_.pk, table.number))
            assert seated <= members[named[table.girone_id or 0]], (number, table.number)
        page.goto(f"{evening.base}/organise/rounds/{round_.pk}/")
        expect(page.locator("main")).to_contain_text("Girone B")
        shots.take(page, f"round{number}-board")
        previous = _play(evening, round_, number, ledger, previous)

    stored = {p.number: (p.vp, p.mp) for p in Pair.objects.filter(tournament=tournament)}
    assert stored == {n: (r.vp, r.mp) for n, r in ledger.rows.items()}
    _girone_on_a_phone(evening, tournament, members, ledger)


def _play(
    evening: Evening, round_: Round, number: int, ledger: Ledger, previous: set[frozenset[int]]
) -> set[frozenset[int]]:
    partners = _partners(round_)
    assert not partners & previous, "never the same partner twice"
    for table, deals in ROUNDS_22[1 if number % 2 else 2].items():
        _organiser_enters(evening, round_, table, deals)
        ledger.table({p: s.number for p, s in _seats(round_, table).items()}, deals)
    return previous | partners


def _seat_numbers(round_id: int, table: int) -> list[int]:
    seats = Seat.objects.filter(round_id=round_id, table__number=table)
    return list(seats.values_list("pair__number", flat=True))


def _girone_on_a_phone(
    evening: Evening, tournament: Tournament, members: dict[str, set[int]], ledger: Ledger
) -> None:
    """A player of girone B on a phone: the girone's page lists its 8 players with the totals
    of the ledger; "my evening" says the rank in the girone."""
    player = Pair.objects.get(tournament=tournament, number=min(members["B"]))
    phone = evening.phone(player)
    slugs = [tournament.club.slug, tournament.slug, "B"]
    phone.goto(f"{evening.base}{reverse('public_girone', args=slugs)}")
    rows = phone.locator("table tbody tr")
    expect(rows).to_have_count(8)
    head = phone.locator("table thead").inner_text()
    assert "Player" in head and "Pair" not in head, head
    for index in range(8):
        cells = [c.strip() for c in rows.nth(index).locator("td").all_inner_texts()]
        number = int(cells[1])
        assert number in members["B"]
        row = ledger.rows[number]
        assert cells[3:5] == [str(row.vp), f"{row.mp:,}".replace("-", "−")], (cells, row)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    evening.shots.take(phone, "girone-b-phone")
    phone.goto(f"{evening.base}{reverse('link_evening', args=[player.token])}")
    expect(phone.locator("main")).to_contain_text(re.compile(r"Rank in girone B\s*\d+ of 8"))
    evening.shots.take(phone, "my-evening-phone")


def retype_number(box: Locator, value: int) -> None:
    box.fill(str(value))
