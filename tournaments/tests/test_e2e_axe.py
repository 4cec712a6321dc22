"""axe-core on every page, at a laptop's and a phone's width: no accessibility violation
(WCAG 2.0 and 2.1, levels A and AA) on any organiser, public, player or print page.

The evening is test_e2e_widths.py's (a club with an evening played by deals whose round 2 is in
play: a finished table, a table that waits for East-West to accept, a disputed deal; an evening
of matches to 1000 with round 2 seated; a finished evening in a season; a new evening with its
pairs and no round yet), with one pair more: pair 8 of the deals evening has withdrawn.

Each page of PAGES is opened at 1280 and 390 px in one Chromium, axe-core (axe.min.js as the
axe-playwright-python package ships it) runs on it, and the test fails on any violation, naming
the rule, the element and the page. The same pass finds what axe leaves to a person
(STRUCTURE: duplicate ids, labels and help pointing at no element, one <main>), then card mode
is tried by keyboard and the settings page with a bigger browser font. A first test, which
needs no browser, walks the URL map:
every route is either visited by PAGES or listed in EXCLUDED with the reason, so a page added
later cannot be forgotten.

Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/burraco_e2e \\
         .venv/bin/pytest tournaments/tests/test_e2e_axe.py -q --create-db -s
"""

import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from django.core.cache import cache
from django.db import connection, connections
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from playwright.sync_api import Browser, Page, expect, sync_playwright
from pytest_django.live_server_helper import LiveServer

from tournaments import services
from tournaments.models import Pair, Tournament
from tournaments.prizes.caps import Level
from tournaments.prizes.plans import Item, Money, TieRule
from tournaments.prizes.ready import usual_plan
from tournaments.services import pair_changes
from tournaments.services.money import entry_fee_set, fee_paid_set
from tournaments.services.player_mail import removal_token
from tournaments.tests.e2e_helpers import CHROMIUM, ConsoleWatch, launch
from tournaments.tests.test_e2e_widths import PASSWORD, World, circuit_of, set_up_world

WIDTHS = (1280, 390)
HEIGHT = 900
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
"""The rules axe runs: WCAG 2.0 and 2.1, levels A and AA."""


@dataclass(frozen=True)
class Visit:
    """A page to check: its route's name, the arguments `reverse` needs (built from the
    evening), who opens it (the organiser logged in, or anyone: the public and the players,
    whose pages open through their link), and a query string or a label where one route is
    visited in two states."""

    route: str
    args: Callable[[World], list[object]] = lambda w: []
    organiser: bool = False
    query: str = ""
    label: str = ""

    @property
    def name(self) -> str:
        return self.label or self.route

    def address(self, world: World) -> str:
        return reverse(self.route, args=self.args(world)) + self.query


def _club(w: World) -> list[object]:
    return [w.club.slug]


def _record(w: World, *, public: bool) -> list[object]:
    """Player 1 of the finished evening, whose record the public visit makes public by the
    player's own choice (the organiser's visit also sees the form to choose)."""
    player = w.finished.pairs.get(number=1).player_one
    if public:
        services.player_record_set(player=player, choice="public")
    return [w.club.slug, player.pk]


def _removal(w: World) -> str:
    """The removal link of a message to player 1 of the finished evening, given an address."""
    player = w.finished.pairs.get(number=1).player_one
    services.player_email_set(player=player, email="anna@example.org", consent=True)
    return removal_token(player)


def _with_fees(w: World) -> Tournament:
    """The finished evening with an entry fee, two pairs paid (the totals and the list)."""
    tournament = _with_prizes(w)
    entry_fee_set(tournament=tournament, cents=750, per="player")
    for pair in tournament.pairs.order_by("number")[:2]:
        fee_paid_set(pair=pair)
    return tournament


def _with_prizes(w: World) -> Tournament:
    """The finished evening with a prize plan (a Hort tie possible), its prizes published."""
    plan = usual_plan(16, Money(cents=300_00), tie_rule=TieRule.HORT, last_place_prize=Item("Wine"))
    services.prize_plan_set(tournament=w.finished, plan=plan, level=Level.CLUB)
    services.prizes_publish(tournament=w.finished, published=True)
    return w.finished


def _submitted(w: World) -> list[object]:
    """The finished evening with two final submissions, a correction between them."""
    services.submission_make(w.finished)
    pair = w.finished.pairs.get(number=1)
    Pair.objects.filter(pk=pair.pk).update(vp=pair.vp + 1)
    services.submission_make(w.finished)
    return [w.finished.pk]


def _organiser(
    route: str, args: Callable[[World], list[object]] = lambda w: [], **more: str
) -> Visit:
    return Visit(route, args, organiser=True, **more)


# Every page the app serves, in the states the evening has. A page added later is one line here
# (its route's name and a function from the evening to the route's arguments); a route that is
# no page (a download, a redirect, a form's POST, JSON) goes in EXCLUDED with its reason.
PAGES: list[Visit] = [
    # the organiser's pages
    _organiser("dashboard"),
    _organiser("tournament_create"),
    _organiser("tournament_detail", lambda w: [w.deals.pk]),
    _organiser("tournament_detail", lambda w: [w.target.pk], label="tournament_detail-target"),
    _organiser("tournament_detail", lambda w: [w.finished.pk], label="tournament_detail-finished"),
    _organiser("tournament_edit", lambda w: [w.deals.pk]),
    _organiser("pairs_add", lambda w: [w.fresh.pk]),
    _organiser("pairs_add", lambda w: [w.deals.pk], label="pairs_add-playing"),
    _organiser("pair_detail", lambda w: [w.deals.pairs.get(number=1).pk]),
    _organiser("pair_detail", lambda w: [w.deals.pairs.get(number=8).pk], label="pair-withdrawn"),
    _organiser("check_in", lambda w: [w.fresh.pk]),
    _organiser("round_prepare", lambda w: [w.fresh.pk]),
    _organiser("round_board", lambda w: [w.seating.pk], label="round_board-seating"),
    _organiser("round_board", lambda w: [w.playing.pk], label="round_board-playing"),
    _organiser("table_entry", lambda w: [w.open_table.pk], query="?mode=summary"),
    _organiser("table_entry", lambda w: [w.open_table.pk], query="?mode=cards", label="cards"),
    _organiser("table_entry", lambda w: [w.done_table.pk], label="table_entry-done"),
    _organiser("table_decision", lambda w: [w.open_table.pk], query="?kind=timeout&deal=2"),
    _organiser("tournament_changes", lambda w: [w.deals.pk]),
    _organiser("season_list"),
    _organiser("season_new"),
    _organiser("season_detail", lambda w: [w.season.pk]),
    _organiser("season_edit", lambda w: [w.season.pk]),
    _organiser("club_settings", lambda w: [w.club.pk]),
    _organiser("club_members", lambda w: [w.club.pk]),
    _organiser("federation_submissions", _submitted),
    # circuits: the list, a new one, one that counts the finished evening, its public ranking
    _organiser("circuit_list"),
    _organiser("circuit_new"),
    _organiser("circuit_detail", lambda w: [circuit_of(w).pk]),
    Visit("circuit_public", lambda w: [circuit_of(w).slug]),
    _organiser("player_record", lambda w: _record(w, public=False), label="record-organiser"),
    # the print pages
    _organiser("print_seating", lambda w: [w.playing.pk]),
    _organiser("print_score_sheets", lambda w: [w.playing.pk]),
    _organiser("print_standings", lambda w: [w.deals.pk]),
    _organiser("print_standings", lambda w: [w.target.pk], label="print_standings-target"),
    _organiser("print_slips", lambda w: [w.deals.pk]),
    # an individual evening: four names a table, the arbiter's balance report
    _organiser("round_board", lambda w: [w.singles_round.pk], label="round_board-individual"),
    _organiser("print_seating", lambda w: [w.singles_round.pk], label="seating-individual"),
    _organiser("balance_report", lambda w: [w.singles.pk]),
    # phases and gironi: the plan of a tournament not yet started
    _organiser("phase_plan", lambda w: [w.fresh.pk]),
    # an event in gironi, round 3 seated inside gironi A and B
    _organiser("round_board", lambda w: [w.phased()[1].pk], label="round_board-gironi"),
    _organiser("print_seating", lambda w: [w.phased()[1].pk], label="seating-gironi"),
    Visit("public_find", lambda w: [w.club.slug, w.phased()[0].slug], label="find-gironi"),
    Visit("public_projector", lambda w: [w.club.slug, w.phased()[0].slug], label="wall-gironi"),
    Visit("public_pair", lambda w: [w.club.slug, w.phased()[0].slug, 1], label="pair-gironi"),
    Visit("public_girone", lambda w: [w.club.slug, w.phased()[0].slug, "A"], label="girone-a"),
    # sessions: a tournament not yet started, its form
    _organiser("sessions_plan", lambda w: [w.fresh.pk]),
    # prizes: the plan and the list of a finished evening, its ceremony list, its public page
    _organiser("prize_plan", lambda w: [_with_prizes(w).pk]),
    _organiser("prize_plan", lambda w: [w.fresh.pk], label="prize_plan-empty"),
    _organiser("print_ceremony", lambda w: [_with_prizes(w).pk]),
    _organiser("money", lambda w: [_with_fees(w).pk]),
    Visit("public_prizes", lambda w: [w.club.slug, _with_prizes(w).slug]),
    Visit("public_find", lambda w: [w.club.slug, w.singles.slug], label="find-individual"),
    Visit("public_projector", lambda w: [w.club.slug, w.singles.slug], label="wall-individual"),
    # the public pages
    Visit("home"),
    Visit("public_club", _club),
    Visit("public_tournament", lambda w: [w.club.slug, w.deals.slug]),
    Visit("public_tournament", lambda w: [w.club.slug, w.target.slug], label="standings-target"),
    Visit("public_tournament", lambda w: [w.club.slug, w.finished.slug], label="standings-final"),
    Visit("public_projector", lambda w: [w.club.slug, w.deals.slug]),
    Visit("public_projector", lambda w: [w.club.slug, w.target.slug], label="projector-target"),
    Visit("public_pair", lambda w: [w.club.slug, w.deals.slug, 1]),
    Visit("public_pair", lambda w: [w.club.slug, w.deals.slug, 8], label="public_pair-withdrawn"),
    Visit("public_pair", lambda w: [w.club.slug, w.target.slug, 1], label="public_pair-target"),
    Visit("public_find", lambda w: [w.club.slug, w.deals.slug]),
    Visit("season_public", lambda w: [w.club.slug, w.season.slug]),
    Visit("player_record", lambda w: _record(w, public=True)),
    Visit("player_email_removal", lambda w: [_removal(w)]),
    Visit("embed_club_standings", _club),
    Visit("embed_club_find", _club),
    Visit("embed_standings", lambda w: [w.club.slug, w.deals.slug]),
    Visit("embed_find", lambda w: [w.club.slug, w.deals.slug]),
    Visit("help"),
    Visit("login"),
    Visit("password_reset"),
    Visit("password_reset_done"),
    Visit("password_reset_confirm", lambda w: ["MQ", "no-such-token"]),
    Visit("password_reset_complete"),
    # a pair's own pages on its phone
    Visit("link_table", lambda w: [w.links["write"]]),
    Visit("link_table", lambda w: [w.links["write"]], query="?mode=cards", label="phone-cards"),
    Visit("link_table", lambda w: [w.links["accept"]], label="phone-accept"),
    Visit("link_evening", lambda w: [w.links["write"]]),
]

ERROR_PAGES = [
    ("not-found", "/t/roma/no-such-evening/standings/", 404),
    ("phone-wrong-link", "/p/no-such-link-000000/", 404),
]
"""Pages that answer an error on purpose: (label, address, status)."""

POST_ONLY = "a form's POST: answers 405 to GET; its page is the one the form is on"
DOWNLOAD = "a download (CSV or spreadsheet), no page"
EXCLUDED: dict[str, str] = {
    "ping": "the health check's plain text",
    "web_manifest": "the web app manifest (JSON)",
    "language_choose": "sets the language and redirects back",
    "logout": "a POST that logs out and redirects",
    "admin:*": "Django's own admin, for the site's staff only",
    "api:*": "the JSON API; its documentation page is Swagger UI's, not the app's",
    **dict.fromkeys(
        [
            "public_standings_csv", "public_standings_xlsx", "season_public_pairs_csv",
            "season_public_players_csv", "season_public_pairs_xlsx", "season_public_players_xlsx",
            "standings_csv", "deal_results_csv", "standings_xlsx", "deal_results_xlsx",
            "federation_csv", "federation_xlsx", "season_pairs_csv", "season_players_csv",
            "season_pairs_xlsx", "season_players_xlsx", "prizes_csv", "prizes_xlsx",
            "public_prizes_csv", "money_csv",
            "federation_submission_json", "federation_submission_csv",
            "federation_submission_xlsx",
            "season_pairs_xlsx", "season_players_xlsx",
        ],
        DOWNLOAD,
    ),
    **dict.fromkeys(
        [
            "link_check", "link_write", "link_accept", "link_dispute", "link_accept_code",
            "tournament_finish", "tournament_reopen", "deal_restore", "entrants_upload",
            "tournament_publish", "pair_remove", "pair_rename", "pair_substitute",
            "pair_withdraw", "pair_link_reissue", "round_reseat", "round_swap", "round_start",
            "deal_check", "deal_save", "deal_remove", "table_entry_by", "dispute_choose",
            "embed_sites_save", "token_create", "token_revoke", "webhook_create",
            "webhook_delete", "decision_cancel", "round_publish", "round_clock", "absent_withdraw",
            "club_records_save", "player_record_choice", "player_email", "link_email",
            "phase_plan_set", "phase_split", "pair_categories", "pair_category", "sessions_single",
            "prizes_publish", "federation_submission_make", "tournament_officials",
            "club_federation_save",
            "prizes_publish", "circuit_club_join", "circuit_evening_new", "circuit_evening_drop",
        ],
        POST_ONLY,
    ),
}  # fmt: skip
"""Routes that are no page to check, with the reason; "namespace:*" covers a namespace."""


def _route_names(patterns: list[URLPattern | URLResolver], namespace: str = "") -> Iterator[str]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = pattern.namespace or namespace
            yield from _route_names(pattern.url_patterns, inner)
        elif pattern.name:
            yield f"{namespace}:{pattern.name}" if namespace else pattern.name


def test_every_route_is_checked_or_excluded_with_a_reason() -> None:
    routes = set(_route_names(get_resolver().url_patterns))
    visited = {visit.route for visit in PAGES}
    excluded_namespaces = {name.split(":")[0] for name in EXCLUDED if name.endswith(":*")}

    def excluded(route: str) -> bool:
        return route in EXCLUDED or (route.split(":")[0] in excluded_namespaces and ":" in route)

    forgotten = sorted(route for route in routes if route not in visited and not excluded(route))
    assert forgotten == [], f"add these routes to PAGES or EXCLUDED: {forgotten}"
    both = sorted(visited & set(EXCLUDED))
    assert both == [], f"visited and excluded: {both}"
    stale = sorted(name for name in EXCLUDED if not name.endswith(":*") and name not in routes)
    assert stale == [], f"no such routes any more: {stale}"


# --- the browser ---------------------------------------------------------------------------------

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="the browser test runs on PostgreSQL only (set DATABASE_URL to a PostgreSQL server)",
)
with_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason=f"the browser test needs Debian's chromium at {CHROMIUM}"
)


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> Iterator[Browser]:
    # As in test_e2e_widths.py: Playwright's event loop makes Django take the test's own ORM
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
    context = browser.new_context(viewport={"width": WIDTHS[0], "height": HEIGHT}, locale="en-GB")
    console.watch_context(context, who)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


STRUCTURE = """() => {
  const found = [];
  const seen = new Map();
  for (const e of document.querySelectorAll('[id]')) seen.set(e.id, (seen.get(e.id) || 0) + 1);
  for (const [id, count] of seen) if (count > 1) found.push(`duplicate-id: #${id} ${count} times`);
  for (const attr of ['for', 'aria-describedby', 'aria-labelledby', 'aria-controls']) {
    for (const e of document.querySelectorAll(`[${attr}]`)) {
      for (const id of e.getAttribute(attr).split(/\\s+/).filter(Boolean)) {
        if (!document.getElementById(id)) found.push(`${attr} points at no #${id}`);
      }
    }
  }
  if (document.querySelectorAll('main').length !== 1) found.push('not exactly one <main>');
  return found;
}"""
"""What axe leaves to a person (it calls them "needs review") or no longer checks, and the issue
found: two elements of one id (the second form's labels named the first form's fields); a help
text or a label pointing at an element that is not there; a page without its <main>."""


def _violations(axe: Axe, page: Page, where: str) -> list[str]:
    """Every node axe finds wrong on the page, one line each: rule, element, page; then what
    STRUCTURE finds."""
    options = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
    results = axe.run(page, options=options).response
    return [f"{where}: {problem}" for problem in page.evaluate(STRUCTURE)] + [
        f"{where}: {violation['id']} ({violation['impact']}) at {node['target']}: "
        f"{node.get('failureSummary', '').splitlines()[-1].strip()}"
        for violation in results["violations"]
        for node in violation["nodes"]
    ]


FOCUSED = "document.activeElement.dataset.rank || document.activeElement.dataset.suit"


def _card_keys_by_keyboard(page: Page, base: str, world: World) -> list[str]:
    """Card mode by keyboard: each row of keys is one tab stop (5 a side, not 22), the arrow
    keys, Home and End move along a row, Tab leaves it, and the letters have names."""
    page.set_viewport_size({"width": WIDTHS[0], "height": HEIGHT})
    page.goto(f"{base}{reverse('table_entry', args=[world.open_table.pk])}?mode=cards")
    keys = page.locator('[data-card-keys][data-side="ns"]')
    problems = []
    stops = keys.locator('button:not([tabindex="-1"])').count()
    if stops != 5:
        problems.append(f"card mode: {stops} tab stops in a side's keys, not 5")
    expect(keys.locator('[data-rank="K"]')).to_have_accessible_name(re.compile(r"^K\W+king$"))
    keys.locator('[data-rank="A"]').focus()
    moves = []
    for key in ("ArrowRight", "ArrowRight", "End", "ArrowRight", "Home", "ArrowLeft", "Tab"):
        page.keyboard.press(key)
        moves.append(page.evaluate(FOCUSED))
    if moves != ["2", "3", "K", "A", "A", "K", "♥"]:
        problems.append(f"card mode: the keys by keyboard went {moves}")
    page.keyboard.press("Shift+Tab")  # back to the ranks: to the key last reached
    if page.evaluate(FOCUSED) != "K":
        problems.append("card mode: Shift+Tab does not come back to the last rank reached")
    return problems


def _contrast(first: str, second: str) -> float:
    """WCAG's contrast ratio of two CSS colours written "rgb(r, g, b)"."""

    def luminance(colour: str) -> float:
        channels = [int(c) / 255 for c in re.findall(r"\d+", colour)[:3]]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _focus_ring_and_borders_stand_out(page: Page, base: str, world: World) -> list[str]:
    """What axe does not measure (WCAG 1.4.11): a field's border and the focus ring are 3:1 or
    more against the white of the field and the page's background."""
    page.goto(f"{base}{reverse('tournament_edit', args=[world.deals.pk])}")
    field = page.locator("main input[type=text], main input[type=number]").first
    field.focus()
    style = field.evaluate(
        """e => { const s = getComputedStyle(e);
            return [s.borderTopColor, s.outlineColor, s.outlineStyle,
                    getComputedStyle(document.body).backgroundColor]; }"""
    )
    border, ring, ring_style, background = style
    problems = []
    if _contrast(border, "rgb(255, 255, 255)") < 3:
        problems.append(f"settings: a field's border {border} is under 3:1 against white")
    if (
        ring_style == "none"
        or min(_contrast(ring, background), _contrast(ring, "rgb(255, 255, 255)")) < 3
    ):
        problems.append(f"settings: the focus ring {ring} {ring_style} is under 3:1")
    return problems


def _text_follows_the_browser_font(page: Page, base: str, world: World) -> list[str]:
    """A reader who sets a bigger font in the browser gets bigger text and fields: the page's
    sizes are in rem. The browser's setting is the root's font size: 24 px instead of 16."""
    page.goto(f"{base}{reverse('tournament_edit', args=[world.deals.pk])}")
    sizes = """() => [document.body, document.querySelector('main input:not([type=hidden])')]
        .map(e => parseFloat(getComputedStyle(e).fontSize))"""
    normal = page.evaluate(sizes)
    page.evaluate("document.documentElement.style.fontSize = '24px'")  # CSSOM: no CSP report
    bigger = page.evaluate(sizes)
    if normal != [18, 18] or bigger != [27, 27]:
        return [f"settings: body and field text {normal} px, {bigger} px with a 24 px font"]
    return []


@pytest.mark.browser
@on_postgresql
@with_chromium
@pytest.mark.django_db(transaction=True)
def test_axe_finds_no_violation_on_any_page(live_server: LiveServer, browser: Browser) -> None:
    started = time.monotonic()
    world = set_up_world()
    pair_changes.pair_withdraw(pair=Pair.objects.get(tournament=world.deals, number=8))
    base = live_server.url.rstrip("/")
    console = ConsoleWatch()
    organiser = _open(browser, console, "organiser")
    anyone = _open(browser, console, "public")
    axe = Axe()
    found: list[str] = []
    counts: dict[str, list[int]] = {}
    try:
        organiser.goto(f"{base}{reverse('login')}")
        organiser.get_by_label("User name").fill("anna")
        organiser.get_by_label("Password").fill(PASSWORD)
        organiser.get_by_role("button", name="Log in").click()
        expect(organiser.get_by_role("heading", name="My tournaments")).to_be_visible()
        visits = [(v.name, v.address(world), 200, v.organiser) for v in PAGES]
        visits += [(name, address, status, False) for name, address, status in ERROR_PAGES]
        for name, address, status, as_organiser in visits:
            page = organiser if as_organiser else anyone
            for width in WIDTHS:
                page.set_viewport_size({"width": width, "height": HEIGHT})
                response = page.goto(f"{base}{address}")
                assert response is not None and response.status == status, (name, address)
                problems = _violations(axe, page, f"{name} ({address}) at {width} px")
                counts.setdefault(name, []).append(len(problems))
                found += problems
        found += _card_keys_by_keyboard(organiser, base, world)
        found += _focus_ring_and_borders_stand_out(organiser, base, world)
        found += _text_follows_the_browser_font(organiser, base, world)
    finally:
        organiser.context.close()
        anyone.context.close()
    print(
        f"\n  axe on {len(counts)} pages x {len(WIDTHS)} widths: {time.monotonic() - started:.0f} s"
    )
    for name, numbers in counts.items():
        if any(numbers):
            print(
                f"  {name}: "
                + ", ".join(f"{n} at {w} px" for n, w in zip(numbers, WIDTHS, strict=True))
            )
    assert found == [], f"{len(found)} violations:\n" + "\n".join(found)
