"""Every page at a laptop's, a tablet's and a phone's width, in a real browser: Playwright for
Python driving Debian's Chromium against the app served by pytest-django's live_server on
PostgreSQL, as test_e2e_evening.py does.

Each page of PAGES (the organiser's: dashboard, new tournament, tournament, settings, pairs,
a pair's page, round boards while seating and while playing, table entry by score sheet and by
cards, change log, seasons, print pages; the public ones: home, club, standings of both
formats, projector, pair page, find your table, season, login, help, and a mistyped address)
is opened at 1280, 768 and 390 px. On each:
- the document is no wider than the window (a wide table scrolls in its own box, never the
  page), and a page that does scroll sideways is named with the elements that stick out;
- every control one taps (buttons, links styled as buttons, inputs, selects, the header's and
  the language switch's links, the table page's way to the next table, the letters of "find
  your table", the sortable headings of the standings) is at least 44 px high, a tick box or a
  radio through its label; the card keyboard's keys are 44 px wide as well;
- every language of the language switch is inside the window (on a phone, its two letters);
- no two form controls overlap (the new-tournament form's Name and Date did, and the login
  button touched the password field, which must now stand 8 px clear);
- the public standings keep each pair on at most two lines at 390 px, with the rank, the pair
  number, the names and what ranks the pairs (VP and MP, or matches won and point difference)
  inside the window;
and a screenshot of each page at each width lands in test-artifacts/widths/. Then every page
once more at 390 px in German, whose words are the longest the app speaks. A page added later
is one line of PAGES.

Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/burraco_e2e \\
         .venv/bin/pytest tournaments/tests/test_e2e_widths.py -q --create-db -s
"""

import datetime
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection, connections
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect, sync_playwright
from pytest_django.live_server_helper import LiveServer

from tournaments import services
from tournaments.models import Circuit, Club, Round, Season, Table, Tournament
from tournaments.prizes.points import SchemeKind, preset
from tournaments.services import players
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

ARTIFACTS = Path(settings.BASE_DIR) / "test-artifacts" / "widths"
WIDTHS = (1280, 768, 390)
PHONE = 390
HEIGHT = 900
PASSWORD = "Scala-Quaranta-2026!"
TOUCH = 44
"""The smallest control a finger hits reliably, in CSS pixels (WCAG 2.5.5, Apple, Material)."""

PAIRS = """Luciano De Luca / Maria Rossi
Anna Maria Di Stefano / Niccolò D'Amico
Francesca Giordano / Alessandro Mancini
Giulia Romano / Marco Colombo
Pedro dos Santos / Elena Greco
Chiara Gallo / Matteo Conti
Laura Esposito / Andrea Costa
Paola Bruno / Stefano Ricci"""
"""Names as clubs have them: particles, two first names, long surnames."""

NS_WINS = [
    {"melded_points": 300, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
     "closed": True},
    {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"},
]  # fmt: skip
"""N-S 300 + 200 + 100 = 600; E-W 100 - 30 = 70."""
EW_STUCK = [
    {"melded_points": 250, "hand_points": 0, "burracos": {"dirty": 1}, "pot": "taken",
     "closed": True},
    {"melded_points": 40, "hand_points": 95, "burracos": {}, "pot": "not_taken"},
]  # fmt: skip
"""N-S 250 + 100 + 100 = 450; E-W 40 - 95 - 100 (pot not taken) = -155: a negative total."""


@dataclass(frozen=True)
class World:
    """What the pages show: a club with an evening of each kind, and its season."""

    club: Club
    deals: Tournament  # Burraco Classico, round 1 played, round 2 in play
    target: Tournament  # matches to 1000, round 1 played, round 2 seated
    finished: Tournament  # a short evening, finished, in the season
    fresh: Tournament  # pairs added, no round yet
    season: Season
    playing: Round  # the deals evening's round 2
    seating: Round  # the match evening's round 2
    open_table: Table  # round 2, one deal entered
    done_table: Table  # round 1, all its deals
    links: dict[str, str]  # pairs' pages (players' entry): "write", "accept", "evening"
    singles: Tournament  # an individual evening of 16 players: round 1 played, round 2 seated
    singles_round: Round  # its round 2, seated: four names a table
    gironi: Tournament | None = None  # 2 Mitchell, then 2 Danese in gironi A and B
    gironi_round: Round | None = None  # its round 3, seated inside the gironi

    def phased(self) -> tuple[Tournament, Round]:
        assert self.gironi is not None and self.gironi_round is not None
        return self.gironi, self.gironi_round

    def public(self, name: str, tournament: Tournament, *args: object) -> str:
        return reverse(name, args=[self.club.slug, tournament.slug, *args])


@dataclass(frozen=True)
class PageCase:
    """A page to open at every width: who opens it, where, and the status it answers."""

    name: str
    address: Callable[[World], str]
    organiser: bool = False
    status: int = 200


def circuit_of(w: World) -> Circuit:
    """A circuit of the club (the Grand Prix preset, best 8) that counts the finished evening."""
    circuit = Circuit.objects.filter(slug="grand-prix").first() or services.circuit_create(
        club=w.club, name="Grand Prix", scheme=preset(SchemeKind.PAIRS_MINUS_5), best_n=8
    )
    if not circuit.evenings.exists():
        services.circuit_evening_add(circuit=circuit, tournament=w.finished)
    return circuit


def _organiser(name: str, address: Callable[[World], str]) -> PageCase:
    return PageCase(name, address, organiser=True)


PAGES = [
    _organiser("dashboard", lambda w: reverse("dashboard")),
    _organiser("new-tournament", lambda w: reverse("tournament_create")),
    _organiser("tournament", lambda w: reverse("tournament_detail", args=[w.deals.pk])),
    _organiser("tournament-target", lambda w: reverse("tournament_detail", args=[w.target.pk])),
    _organiser("tournament-finished", lambda w: reverse("tournament_detail", args=[w.finished.pk])),
    _organiser("settings", lambda w: reverse("tournament_edit", args=[w.deals.pk])),
    _organiser("pairs", lambda w: reverse("pairs_add", args=[w.fresh.pk])),
    _organiser("pair", lambda w: reverse("pair_detail", args=[w.deals.pairs.get(number=1).pk])),
    _organiser("check-in", lambda w: reverse("check_in", args=[w.fresh.pk])),
    _organiser("seat-round", lambda w: reverse("round_prepare", args=[w.fresh.pk])),
    _organiser("round-board-seating", lambda w: reverse("round_board", args=[w.seating.pk])),
    _organiser("round-board-playing", lambda w: reverse("round_board", args=[w.playing.pk])),
    _organiser("table-score-sheet", lambda w: _entry(w.open_table, "summary")),
    _organiser("table-cards", lambda w: _entry(w.open_table, "cards")),
    _organiser("table-done", lambda w: reverse("table_entry", args=[w.done_table.pk])),
    _organiser("changes", lambda w: reverse("tournament_changes", args=[w.deals.pk])),
    _organiser("seasons", lambda w: reverse("season_list")),
    _organiser("season", lambda w: reverse("season_detail", args=[w.season.pk])),
    _organiser("season-edit", lambda w: reverse("season_edit", args=[w.season.pk])),
    _organiser("print-seating", lambda w: reverse("print_seating", args=[w.playing.pk])),
    _organiser("print-sheets", lambda w: reverse("print_score_sheets", args=[w.playing.pk])),
    _organiser("print-standings", lambda w: reverse("print_standings", args=[w.deals.pk])),
    _organiser("print-target", lambda w: reverse("print_standings", args=[w.target.pk])),
    PageCase("home", lambda w: reverse("home")),
    PageCase("club", lambda w: reverse("public_club", args=[w.club.slug])),
    PageCase("standings", lambda w: w.public("public_tournament", w.deals)),
    PageCase("standings-target", lambda w: w.public("public_tournament", w.target)),
    PageCase("standings-final", lambda w: w.public("public_tournament", w.finished)),
    PageCase("projector", lambda w: w.public("public_projector", w.deals)),
    PageCase("projector-target", lambda w: w.public("public_projector", w.target)),
    PageCase("pair", lambda w: w.public("public_pair", w.deals, 1)),
    PageCase("pair-target", lambda w: w.public("public_pair", w.target, 1)),
    PageCase("find-your-table", lambda w: w.public("public_find", w.deals)),
    PageCase("circuit", lambda w: reverse("circuit_public", args=[circuit_of(w).slug])),
    PageCase("find-target", lambda w: w.public("public_find", w.target)),
    # an event in gironi: the girone beside each table, its ranking, the board's filter
    PageCase("find-gironi", lambda w: w.public("public_find", w.phased()[0])),
    PageCase("projector-gironi", lambda w: w.public("public_projector", w.phased()[0])),
    PageCase("pair-gironi", lambda w: w.public("public_pair", w.phased()[0], 1)),
    _organiser("round-board-gironi", lambda w: reverse("round_board", args=[w.phased()[1].pk])),
    _organiser("print-seating-gironi", lambda w: reverse("print_seating", args=[w.phased()[1].pk])),
    PageCase(
        "season-public", lambda w: reverse("season_public", args=[w.club.slug, w.season.slug])
    ),
    # a pair's own pages on its phone (the players enter the deals evening's results)
    PageCase("phone-write", lambda w: reverse("link_table", args=[w.links["write"]])),
    PageCase(
        "phone-cards", lambda w: reverse("link_table", args=[w.links["write"]]) + "?mode=cards"
    ),
    PageCase("phone-accept", lambda w: reverse("link_table", args=[w.links["accept"]])),
    PageCase("phone-evening", lambda w: reverse("link_evening", args=[w.links["write"]])),
    PageCase("phone-wrong-link", lambda w: "/p/no-such-link-000000/", status=404),
    PageCase("login", lambda w: reverse("login")),
    PageCase("password-reset", lambda w: reverse("password_reset")),
    PageCase("help", lambda w: reverse("help")),
    PageCase("mistyped-address", lambda w: "/t/roma/no-such-evening/standings/", status=404),
]


def _entry(table: Table, mode: str) -> str:
    return f"{reverse('table_entry', args=[table.pk])}?mode={mode}"


# --- the club's evenings, set up through the services ------------------------------------------


def _play(round_: Round, user: User, deals: list[list[dict[str, Any]]], limit: int = 99) -> None:
    """Each table of the round plays `deals` in turn, until `limit` deals are entered."""
    entered = 0
    for table in round_.tables.filter(is_bye=False).order_by("number"):
        for number, sides in enumerate(deals, 1):
            if entered >= limit:
                return
            table.refresh_from_db()
            services.deal_record(
                table=table, number=number, sides=sides, mode="summary", user=user,
                version=table.version,
            )  # fmt: skip
            entered += 1


def _evening(club: Club, name: str, day: int, **options: Any) -> Tournament:
    tournament = services.tournament_create(
        club=club, name=name, date=datetime.date(2026, 11, day), variant="classico",
        published=True, **options,
    )  # fmt: skip
    # an individual evening enters the same people one by one
    individual = options.get("entrants") == "players"
    players = PAIRS.replace(" / ", "\n") if individual else PAIRS
    services.pairs_add(tournament=tournament, text=players)
    return tournament


def _round(tournament: Tournament, seed: int, start: bool = True) -> Round:
    movement = None if tournament.is_individual else "random"  # an individual's: by its size
    round_ = services.round_prepare(tournament=tournament, movement=movement, seed=seed).round
    if start:
        services.round_start(round=round_)
    return round_


def _phased_evening(club: Club, user: User) -> tuple[Tournament, Round]:
    """A two-phase event: 2 Mitchell over the field, split into gironi A and B, round 3 seated
    inside them."""
    tournament = _evening(club, "Gran Premio a gironi", 21, rounds=4, deals_per_round=1)
    plan, movements = services.preset_plan(2, 2, 2)
    services.phase_plan_set(tournament=tournament, plan=plan, movements=movements)
    for seed in (7, 8):
        round_ = services.round_prepare(tournament=tournament, seed=seed).round
        services.round_start(round=round_)
        _play(round_, user, [NS_WINS])
    services.split_commit(tournament=tournament, phase_number=2)
    return tournament, services.round_prepare(tournament=tournament, seed=9).round


def set_up_world() -> World:
    club = Club.objects.create(name="Circolo del Burraco Roma", slug="roma", city="Roma")
    anna = User.objects.create_user("anna", "anna@example.com", PASSWORD, first_name="Anna")
    club.organisers.add(anna)

    finished = _evening(club, "Lunedì pomeriggio", 16, rounds=1)
    _play(_round(finished, 1), anna, [NS_WINS, EW_STUCK, NS_WINS])
    services.tournament_finish(tournament=finished)
    season = services.season_create(club=club, name="Inverno", tournaments=[finished])

    deals = _evening(club, "Martedì sera", 17, rounds=3, result_entry="players")
    first = _round(deals, 1)
    _play(first, anna, [NS_WINS, EW_STUCK, NS_WINS])
    playing = _round(deals, 2)
    _play(playing, anna, [EW_STUCK, NS_WINS, NS_WINS], limit=4)  # table 1 done, table 2 one deal
    services.clock_start(round=playing, minutes=45)  # its clock on the board, phones, wall
    # the players at work: table 3 waits for East-West to accept, table 4 disputes its deal 1
    seats = {(s.table.number, s.direction): s for s in playing.seats.select_related("table")}
    players.proposal_write(seat=seats[3, "ns"], number=1, sides=NS_WINS, mode="summary", key="w3")
    written = players.proposal_write(
        seat=seats[4, "ns"], number=1, sides=NS_WINS, mode="summary", key="w4"
    )
    players.proposal_dispute(
        seat=seats[4, "ew"], proposal_id=written.proposal.pk, sides=EW_STUCK, mode="summary",
        key="d4",
    )  # fmt: skip

    target = _evening(club, "Giovedì a 1000", 19, rounds=2, format="target", target_score=1000)
    _play(_round(target, 1), anna, [NS_WINS, EW_STUCK])  # 1050 to -85: every match won
    seating = _round(target, 2, start=False)

    fresh = services.tournament_create(
        club=club, name="Venerdì", date=datetime.date(2026, 11, 20), variant="classico"
    )
    services.pairs_add(tournament=fresh, text=PAIRS)

    singles = _evening(club, "Singolo del mercoledì", 18, rounds=2, entrants="players")
    _play(_round(singles, 5), anna, [NS_WINS, EW_STUCK, NS_WINS])  # random, then the Danese
    singles_round = _round(singles, 6, start=False)
    gironi, gironi_round = _phased_evening(club, anna)
    return World(
        singles=singles, singles_round=singles_round, gironi=gironi, gironi_round=gironi_round,
        club=club, deals=deals, target=target, finished=finished, fresh=fresh, season=season,
        playing=playing, seating=seating,
        open_table=Table.objects.get(round=playing, number=2),
        done_table=Table.objects.get(round=first, number=1),
        links={
            "write": seats[2, "ns"].pair.token, "accept": seats[3, "ew"].pair.token,
        },
    )  # fmt: skip


# --- what the browser measures -------------------------------------------------------------------

STICKING_OUT = """() => {
  const inScrollBox = e => {
    for (let up = e.parentElement; up && up !== document.body; up = up.parentElement) {
      const overflow = getComputedStyle(up).overflowX;
      if (['auto', 'scroll', 'hidden', 'clip'].includes(overflow)) return true;
    }
    return false;
  };
  const limit = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('body *')].filter(e =>
    e.getBoundingClientRect().right > limit + 0.5 && !inScrollBox(e));
  const leaves = wide.filter(e => !wide.some(other => other !== e && e.contains(other)));
  return leaves.slice(0, 5).map(e => `${e.tagName.toLowerCase()}.${String(e.className)}`
    + ` "${(e.textContent || '').trim().slice(0, 30)}"`).join('; ');
}"""

SMALL_TARGETS = """([touch, selector]) => {
  const shown = e => e.checkVisibility({visibilityProperty: true});
  const name = e => {
    const classes = e.className ? '.' + String(e.className).trim().replace(/\\s+/g, '.') : '';
    const text = (e.textContent || e.name || e.value || '').trim().slice(0, 25);
    return `${e.tagName.toLowerCase()}${classes} "${text}"`;
  };
  const small = [];
  for (const e of document.querySelectorAll(selector)) {
    if (!shown(e)) continue;
    let box = e.getBoundingClientRect();
    if (e.matches('input[type=checkbox], input[type=radio]')) {
      // a tick box is tapped through its label
      const label = e.closest('label') || (e.id && document.querySelector(`label[for="${e.id}"]`));
      if (!label) { small.push(`${name(e)}: no label to tap`); continue; }
      box = label.getBoundingClientRect();
    }
    const wide = e.matches('.key, button, a.button');
    if (box.height < touch - 0.5 || (wide && box.width < touch - 0.5)) {
      small.push(`${name(e)} ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return small;
}"""
TARGETS = ", ".join(
    [
        "button", "a.button", "input:not([type=hidden])", "select", "textarea", "summary",
        "header.site a", "header.public-bar a", "nav a", ".crumbs a",
        "table.public-standings th a",
    ]
)  # fmt: skip
"""What a finger taps: controls, links styled as buttons, and the links of the bars above the
pages (the header, the language switch, the tournament's links, the letters of "find your
table") and the sortable headings of the public standings. Links inside a sentence are text."""

OVERLAPS = """() => {
  const controls = [...document.querySelectorAll(
    'input:not([type=hidden]), select, textarea, button, a.button')]
    .filter(e => e.checkVisibility({visibilityProperty: true}));
  const found = [];
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      const [a, b] = [controls[i], controls[j]];
      if (a.contains(b) || b.contains(a)) continue;
      const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
      const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (x > 0.5 && y > 0.5) found.push(`${a.name || a.textContent.trim().slice(0, 20)} / `
        + `${b.name || b.textContent.trim().slice(0, 20)}`);
    }
  }
  return found;
}"""

LANGUAGES_SHOWN = """() => [...document.querySelectorAll('.language-switch a')]
  .filter(a => a.checkVisibility())
  .filter(a => { const box = a.getBoundingClientRect(), right = document.body.clientWidth;
                 return box.left < -0.5 || box.right > right + 0.5; })
  .map(a => `the language ${a.getAttribute('aria-label') || a.textContent.trim()}`)"""
"""Every language a page offers is in the window: a bar that scrolls sideways hid four of the
five on a pair's phone, where nobody would look for them."""

PHONE_STANDINGS = """() => {
  const table = document.querySelector('table.public-standings');
  if (!table) return ['no standings'];
  const problems = [];
  const width = document.documentElement.clientWidth;
  const ranking = table.querySelector('td.col-vp') ? ['col-vp', 'col-mp']
    : ['col-matches_won', 'col-point_difference'];
  for (const row of table.querySelectorAll('tbody tr')) {
    for (const column of ['col-rank', 'col-number', 'col-players', ...ranking]) {
      const cell = row.querySelector(`td.${column}`);
      const box = cell && cell.getBoundingClientRect();
      if (!box || box.width === 0 || box.right > width + 0.5) {
        problems.push(`${column} not in the window`);
      }
    }
    const names = row.querySelector('td.col-players a');
    const line = parseFloat(getComputedStyle(names.querySelector('.player')).lineHeight);
    const lines = Math.round(names.getBoundingClientRect().height / line);
    if (lines > 2) problems.push(`${names.textContent.trim()}: ${lines} lines`);
  }
  return problems;
}"""


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


def _open(browser: Browser, console: ConsoleWatch, who: str) -> Page:
    context = browser.new_context(viewport=VIEWPORT, locale="en-GB")
    console.watch_context(context, who)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def _log_in(page: Page, base: str) -> None:
    """Through the login form, whose fields and button stand apart at every width."""
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": HEIGHT})
        page.goto(f"{base}{reverse('login')}")
        password = page.get_by_label("Password").bounding_box()
        button = page.get_by_role("button", name="Log in").bounding_box()
        assert password and button
        gap = button["y"] - (password["y"] + password["height"])
        assert gap >= 8, f"the login button is {gap:.0f} px under the password at {width} px"
    page.get_by_label("User name").fill("anna")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My tournaments")).to_be_visible()


def _name_and_date_apart(page: Page, base: str) -> list[str]:
    """The new-tournament form's Name and Date side by side (or one above the other), apart."""
    problems = []
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": HEIGHT})
        page.goto(f"{base}{reverse('tournament_create')}")
        name = page.get_by_label("Name", exact=True).bounding_box()
        date = page.get_by_label("Date", exact=True).bounding_box()
        assert name and date
        apart = (
            name["x"] + name["width"] <= date["x"] - 8  # side by side, 8 px between
            or name["y"] + name["height"] <= date["y"]  # one above the other
        )
        if not apart:
            problems.append(f"new tournament at {width} px: Name {name} and Date {date} touch")
    return problems


@pytest.mark.django_db(transaction=True)
def test_every_page_fits_a_laptop_a_tablet_and_a_phone(
    live_server: LiveServer, browser: Browser
) -> None:
    world = set_up_world()
    base = live_server.url.rstrip("/")
    shots = Screenshots(ARTIFACTS)
    console = ConsoleWatch()
    organiser = _open(browser, console, "organiser")
    player = _open(browser, console, "player")
    problems: list[str] = []
    try:
        _log_in(organiser, base)
        problems += _name_and_date_apart(organiser, base)
        for language, widths in (("en", WIDTHS), ("de", (PHONE,))):
            for page in (organiser, player):  # the language switch: a cookie
                page.goto(f"{base}{reverse('language_choose', args=[language])}")
            for case in PAGES:
                page = organiser if case.organiser else player
                problems += _walk(page, base, world, case, language, widths, shots)
    finally:
        organiser.context.close()
        player.context.close()
    print(f"\n  {len(shots.taken)} screenshots in {ARTIFACTS}")
    assert problems == [], "\n".join(problems)
    # the mistyped address answers 404 on purpose, and Chromium logs that
    expected = [case.address(world) for case in PAGES if case.status == 404]
    unexpected = [p for p in console.problems if not any(f"{a})" in p for a in expected)]
    assert unexpected == [], "\n".join(unexpected)


def _walk(
    page: Page,
    base: str,
    world: World,
    case: PageCase,
    language: str,
    widths: tuple[int, ...],
    shots: Screenshots,
) -> list[str]:
    """One page at each width: what is wrong with it, and its screenshots."""
    problems = []
    address = case.address(world)
    for width in widths:
        page.set_viewport_size({"width": width, "height": HEIGHT})
        response = page.goto(f"{base}{address}")
        assert response is not None, address
        assert response.status == case.status, (case.name, address, response.status)
        where = f"{case.name} ({language}) at {width} px"
        problems += _measure(page, where, width)
        if case.name.startswith("standings") and width == PHONE:
            problems += [f"{where}: {p}" for p in page.evaluate(PHONE_STANDINGS)]
        shots.take(page, f"{case.name}-{language}-{width}")
    return problems


def _measure(page: Page, where: str, width: int) -> list[str]:
    problems = []
    scroll = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("window.innerWidth")
    assert inner == width
    if scroll > inner:
        problems.append(f"{where} scrolls sideways ({scroll} px): {page.evaluate(STICKING_OUT)}")
    problems += [
        f"{where}: {s} under {TOUCH} px" for s in page.evaluate(SMALL_TARGETS, [TOUCH, TARGETS])
    ]
    problems += [f"{where}: {pair} overlap" for pair in page.evaluate(OVERLAPS)]
    problems += [f"{where}: {gone} is off the window" for gone in page.evaluate(LANGUAGES_SHOWN)]
    return problems
