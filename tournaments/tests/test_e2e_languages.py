"""Every page in the reader's language, in a real browser: Playwright for Python driving Debian's
Chromium against the app served by pytest-django's live_server on PostgreSQL, as
test_e2e_evening.py does.

An Italian browser (Accept-Language it-IT) opens the home page, a published tournament's public
page and the login page, logs in and opens the dashboard, the tournament, the round board and a
table's entry page: each says `<html lang="it">`, its labels are the Italian catalogue's, the
game's words the Italian glossary's, and 1800 match points read 1.800. The reader then clicks
"Español" on the language switch and the same pages are Spanish, remembered (the language cookie)
across pages and in a new page, over the browser's Italian. A Brazilian browser gets Brazilian
Portuguese, a German one German. At 390 px no page scrolls sideways, in any of these languages.
Screenshots of the main pages in Italian and Spanish, at 1280 and 390 px, land in
test-artifacts/languages/.

The expected words are never written here: each is the English msgid the template uses, put
through gettext in the page's language, so the test follows the catalogues as they are filled
in. Each word must also differ from the English; while a catalogue has no translation of a word
yet, that check alone is skipped (a subtest per word, with the word and the language as reason).

Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/burraco_e2e \
         .venv/bin/pytest tournaments/tests/test_e2e_languages.py -q --create-db -s -rs
"""

import datetime
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection, connections
from django.urls import reverse
from django.utils import formats, translation
from django.utils.text import capfirst
from playwright.sync_api import Browser, Page, ViewportSize, expect, sync_playwright
from pytest_django.live_server_helper import LiveServer

from burraco_club.templatetags.languages import bcp47
from tournaments import services
from tournaments.models import Club, Pair, Round, Seat, Table, Tournament
from tournaments.rules.glossary import words_for
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

ARTIFACTS = Path(settings.BASE_DIR) / "test-artifacts" / "languages"
PHONE: ViewportSize = {"width": 390, "height": 844}
PASSWORD = "Scala-Quaranta-2026!"
TOURNAMENT = "Torneo del martedì"
DATE = datetime.date(2026, 11, 17)
PAIRS = [
    "Mario Rossi / Lucia Bianchi",
    "Anna Verdi / Paolo Neri",
    "Giulia Romano / Marco Colombo",
    "Sara Ricci / Luca Marino",
    "Elena Greco / Davide Bruno",
    "Chiara Gallo / Matteo Conti",
    "Laura Esposito / Andrea Costa",
    "Francesca Giordano / Stefano Mancini",
]
# Table 1 plays its three deals: N-S 300 + clean burraco 200 + closing 100 = 600 each time,
# E-W 100 - 30 in hand = 70; 1800 to 210 in match points. Table 2 has one deal saved: N-S
# 600 + 3 clean burracos 600 + 100 = 1300, E-W 70.
SIDES_600 = [
    {"melded_points": 300, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
     "closed": True},
    {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"},
]  # fmt: skip
SIDES_1300 = [{**SIDES_600[0], "melded_points": 600, "burracos": {"clean": 3}}, SIDES_600[1]]
"""(1000 melded, as it once was, and E-W's 100 are more than classico's whole deck, 1080.)"""
MP_1800 = "1.800"
"""1800 as Italians, Spaniards, Germans and Brazilians group digits (the issue: 1.520)."""
MP_1300 = "1.300"


@dataclass(frozen=True)
class Label:
    """A text of a page, as the template marks it: the English msgid, its context if any, and
    the values of its placeholders."""

    msgid: str
    context: str = ""
    values: tuple[tuple[str, object], ...] = ()

    def english(self) -> str:
        return self.msgid % dict(self.values) if self.values else self.msgid

    def said_in(self, language: str) -> str:
        with translation.override(language):
            text = (
                translation.pgettext(self.context, self.msgid)
                if self.context
                else translation.gettext(self.msgid)
            )
        return text % dict(self.values) if self.values else text


def labels(*msgids: str | Label) -> tuple[Label, ...]:
    return tuple(m if isinstance(m, Label) else Label(m) for m in msgids)


HOME = labels("Organiser login", "Club organisers, please log in to set up and run a tournament.")
PUBLIC = labels(
    "Standings", "Find your table", "Projector", "Rank", "Players", "Rounds played",
    "Find your table by surname", Label("Round %(number)s seating", values=(("number", 1),)),
)  # fmt: skip
LOGIN = labels("Organiser login", "User name", "Log in", "Forgot your password?")
DASHBOARD = labels(
    "My tournaments", "New tournament", "Tournament", "Variant", "Log out",
    Label("Date", "day of a tournament"),
)  # fmt: skip
DETAIL = labels(
    "Public pages", "Round board", "Exports and printing", "Movements", "House rules", "Unpublish"
)
BOARD = labels("Enter results", "Check", "Print seating", "Print score sheets", "State")
ENTRY = labels("Score sheet", "Cards", "Melded", "next table", "previous table")


# --- the catalogues ---------------------------------------------------------------------------


@functools.cache
def catalogue(language: str) -> polib.POFile:
    path = Path(settings.LOCALE_PATHS[0]) / translation.to_locale(language) / "LC_MESSAGES"
    return polib.pofile(str(path / "django.po"))


def has_translation(language: str, label: Label) -> bool:
    """The language's catalogue translates this text (Django's own catalogues count too: the
    admin's "Log in" is already Italian before ours is)."""
    if label.said_in(language) != label.english():
        return True
    entry = catalogue(language).find(label.msgid, msgctxt=label.context or False)
    return bool(entry and entry.translated() and not entry.obsolete)


# --- the evening, set up through the services -------------------------------------------------


@dataclass(frozen=True)
class Evening:
    club: Club
    tournament: Tournament
    round: Round
    done: Table  # table 1: all three deals saved
    playing: Table  # table 2: one deal saved
    winner: Pair  # table 1's N-S pair: 1800 match points


def set_up_evening() -> Evening:
    club = Club.objects.create(name="Circolo del Burraco Roma", slug="roma", language="it")
    anna = User.objects.create_user("anna", "anna@example.com", PASSWORD, first_name="Anna")
    club.organisers.add(anna)
    tournament = services.tournament_create(
        club=club, name=TOURNAMENT, date=DATE, variant="classico", rounds=3, deals_per_round=3
    )
    services.pairs_add(tournament=tournament, text="\n".join(PAIRS))
    services.tournament_publish(tournament=tournament, published=True)
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=1).round
    services.round_start(round=round_)
    done, playing = round_.tables.filter(is_bye=False).order_by("number")[:2]
    for number in (1, 2, 3):
        done.refresh_from_db()
        services.deal_record(
            table=done, number=number, sides=SIDES_600, mode="summary", user=anna,
            version=done.version,
        )  # fmt: skip
    playing.refresh_from_db()
    services.deal_record(
        table=playing, number=1, sides=SIDES_1300, mode="summary", user=anna,
        version=playing.version,
    )  # fmt: skip
    tournament.refresh_from_db()
    winner = Seat.objects.get(round=round_, table=done, direction="ns").pair
    winner.refresh_from_db()
    assert (winner.mp, winner.vp) == (1800, 20)
    return Evening(club, tournament, round_, done, playing, winner)


# --- what every page must show ----------------------------------------------------------------


class Reader:
    """One browser page read in one language at a time: checks the page's language, its
    labels, that it fits a phone; takes the screenshots."""

    def __init__(self, page: Page, base: str, subtests: pytest.Subtests) -> None:
        self.page = page
        self.base = base
        self.subtests = subtests
        self.checked: set[tuple[str, Label]] = set()
        self.overflows: list[str] = []

    def open(self, address: str) -> None:
        response = self.page.goto(self.base + address)
        assert response is not None and response.ok, (address, response and response.status)

    def speaks(self, language: str, *expected: Label) -> None:
        """The page says it is in `language`, and shows each label as that language's
        catalogue words it; each must differ from the English once the catalogue has it."""
        expect(self.page.locator("html")).to_have_attribute("lang", bcp47(language))
        current = self.page.locator("nav.language-switch a[aria-current]")
        expect(current).to_have_attribute("lang", bcp47(language))
        body = self.page.locator("body")
        for label in expected:
            expect(body).to_contain_text(label.said_in(language))
            self.translated(language, label)

    def translated(self, language: str, label: Label) -> None:
        """The label differs from the English, unless the catalogue has no translation yet
        (a subtest, skipped then, with the word and the language)."""
        if (language, label) in self.checked:
            return
        self.checked.add((language, label))
        with self.subtests.test(msg=f"{language}: {label.msgid!r} is translated"):
            if not has_translation(language, label):
                pytest.skip(f"the {language} catalogue has no translation of {label.msgid!r} yet")
            assert label.said_in(language) != label.english()

    def fits_a_phone(self, name: str, shots: Screenshots | None = None) -> None:
        """At 390 px the page does not scroll sideways (wide tables scroll in their own box)."""
        self.page.set_viewport_size(PHONE)
        width = self.page.evaluate("document.documentElement.scrollWidth")
        if shots:
            shots.take(self.page, f"{name}-390")
        if width > PHONE["width"]:
            wide = self.page.evaluate(WIDEST)
            self.overflows.append(f"{name}: {width} px at {PHONE['width']} px, {wide}")
        self.page.set_viewport_size(VIEWPORT)


WIDEST = """() => {
  const inScrollBox = e => {
    for (let up = e.parentElement; up && up !== document.body; up = up.parentElement) {
      if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(up).overflowX)) return true;
    }
    return false;
  };
  const limit = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('body *')].filter(e => {
    const box = e.getBoundingClientRect();
    return box.right > limit + 0.5 && !inScrollBox(e);
  });
  const leaves = wide.filter(e => !wide.some(other => other !== e && e.contains(other)));
  return leaves.slice(0, 5).map(e =>
    `${e.tagName.toLowerCase()}${e.className ? '.' + String(e.className).replace(/ /g, '.') : ''}`
    + ` "${(e.textContent || '').trim().slice(0, 40)}"`).join('; ');
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


# --- the walks ----------------------------------------------------------------------------------


def words(language: str) -> dict[str, str]:
    """The game's words (Burraco Classico) in the language: data of the glossary."""
    with translation.override(language):
        return dict(words_for("classico"))


def home_page(reader: Reader, language: str) -> None:
    """The home page, as a reader who is not logged in sees it."""
    reader.open(reverse("home"))
    reader.speaks(language, *HOME)
    reader.fits_a_phone(f"{language}-home")


def public_page(reader: Reader, language: str, evening: Evening, shots: Screenshots | None) -> None:
    """The tournament's public page: its standings write 1800 match points as the language
    does, its seating speaks the glossary's words."""
    page, said = reader.page, words(language)
    reader.open(reverse("public_tournament", args=[evening.club.slug, evening.tournament.slug]))
    reader.speaks(language, *PUBLIC)
    expect(page.get_by_role("heading", level=1)).to_have_text(TOURNAMENT)
    with translation.override(language):
        date = formats.date_format(DATE, "DATE_FORMAT")
    expect(page.locator(".event-head .subtitle")).to_contain_text(date)
    winner = evening.winner
    row = page.locator("#standings tbody tr").filter(has_text=winner.names)
    expect(row.locator("td").nth(4)).to_have_text(MP_1800)  # Rank, Pair, Players, VP, MP
    expect(row.locator("td").nth(3)).to_have_text("20")
    seating = page.locator("#seating")
    expect(seating).to_contain_text(capfirst(said["table"]))
    expect(seating.locator(".dir").first).to_have_text(said["ns"])
    expect(seating.locator(".dir").nth(1)).to_have_text(said["ew"])
    if shots:
        shots.take(page, f"{language}-standings-1280")
    reader.fits_a_phone(f"{language}-standings", shots)


def log_in(reader: Reader, language: str) -> None:
    reader.open(reverse("login"))
    reader.speaks(language, *LOGIN)
    reader.fits_a_phone(f"{language}-login")
    said = {label.msgid: label.said_in(language) for label in LOGIN}
    reader.page.get_by_label(said["User name"]).fill("anna")
    reader.page.get_by_label(Label("Password").said_in(language), exact=True).fill(PASSWORD)
    reader.page.get_by_role("button", name=said["Log in"]).click()
    expect(reader.page.locator("header.site .who")).to_have_text("Anna")


def organiser_pages(
    reader: Reader, language: str, evening: Evening, shots: Screenshots | None
) -> None:
    """The dashboard, the tournament, round 1's board, then table 2's entry page, reached
    by the board's translated "Enter results" link."""
    page, said = reader.page, words(language)
    reader.open(reverse("dashboard"))
    reader.speaks(language, *DASHBOARD)
    expect(page.get_by_role("heading", level=1)).to_have_text(
        Label("My tournaments").said_in(language)
    )
    expect(page.locator("table.tournaments")).to_contain_text(TOURNAMENT)
    if shots:
        shots.take(page, f"{language}-dashboard-1280")
    reader.fits_a_phone(f"{language}-dashboard", shots)

    reader.open(reverse("tournament_detail", args=[evening.tournament.pk]))
    reader.speaks(language, *DETAIL)
    reader.fits_a_phone(f"{language}-tournament")

    reader.open(reverse("round_board", args=[evening.round.pk]))
    reader.speaks(language, *BOARD)
    board = page.locator("table.board")
    expect(board.locator("thead")).to_contain_text(said["north_south"])
    expect(board.locator("thead")).to_contain_text(said["east_west"])
    first = board.locator("tbody tr").filter(
        has=page.locator("td.table-number", has_text=re.compile(r"^1$"))
    )
    expect(first.locator("td.num.score")).to_have_text(f"{MP_1800} – 210")
    if shots:
        shots.take(page, f"{language}-round-board-1280")
    reader.fits_a_phone(f"{language}-round-board", shots)

    second = board.locator("tbody tr").filter(
        has=page.locator("td.table-number", has_text=re.compile(r"^2$"))
    )
    second.get_by_role("link", name=Label("Enter results").said_in(language)).click()
    expect(page).to_have_url(re.compile(reverse("table_entry", args=[evening.playing.pk]) + "$"))
    entry_page(reader, language, shots)


def entry_page(reader: Reader, language: str, shots: Screenshots | None) -> None:
    """Table 2's entry page: one deal saved, 1300 to 70, written as the language does."""
    page, said = reader.page, words(language)
    reader.speaks(language, *ENTRY)
    enter_by = Label("Enter by")  # the name of the group of the two modes' links
    expect(page.get_by_role("group", name=enter_by.said_in(language))).to_be_visible()
    reader.translated(language, enter_by)
    expect(page.locator(".pairs .pair-card.ns .dir")).to_have_text(said["ns"])
    expect(page.locator(".pairs .pair-card.ew .dir")).to_have_text(said["ew"])
    expect(page.locator("section.deals h2")).to_have_text(capfirst(said["deals"]))
    expect(page.locator("#deal-1 tr.ns td.total")).to_have_text(MP_1300)
    expect(page.locator("#standing")).to_contain_text(f"{said['ns']} {MP_1300}")
    if shots:
        shots.take(page, f"{language}-table-entry-1280")
    reader.fits_a_phone(f"{language}-table-entry", shots)


# --- the tests --------------------------------------------------------------------------------


def open_context(browser: Browser, locale: str, console: ConsoleWatch) -> Page:
    """A new browser with its own cookies whose language (Accept-Language) is `locale`."""
    context = browser.new_context(viewport=VIEWPORT, locale=locale)
    console.watch_context(context, locale)
    page = context.new_page()
    page.set_default_timeout(10_000)
    expect.set_options(timeout=10_000)
    return page


def language_cookie(page: Page) -> list[str]:
    """The value of Django's language cookie in this browser, if it has one."""
    cookies = page.context.cookies()
    return [c["value"] for c in cookies if c["name"] == settings.LANGUAGE_COOKIE_NAME]


def close(reader: Reader, console: ConsoleWatch) -> None:
    reader.page.context.close()
    for problem in console.problems:
        print(f"  console problem: {problem}")
    for overflow in reader.overflows:
        print(f"  scrolls sideways: {overflow}")


def assert_clean(reader: Reader, console: ConsoleWatch) -> None:
    """No page logged a CSP violation or a JavaScript error, none scrolled sideways."""
    assert console.problems == [], "\n".join(console.problems)
    assert reader.overflows == [], "\n".join(reader.overflows)


@pytest.mark.django_db(transaction=True)
def test_an_italian_browser_then_spanish_by_the_language_switch(
    live_server: LiveServer, browser: Browser, subtests: pytest.Subtests
) -> None:
    evening = set_up_evening()
    shots = Screenshots(ARTIFACTS / "it-es")
    console = ConsoleWatch()
    reader = Reader(open_context(browser, "it-IT", console), live_server.url, subtests)
    page = reader.page
    try:
        # --- Italian, from the browser's Accept-Language ----------------------------------
        home_page(reader, "it")
        public_page(reader, "it", evening, shots)
        log_in(reader, "it")
        organiser_pages(reader, "it", evening, shots)
        assert language_cookie(page) == [], "no choice yet: the browser's language decides"

        # --- the reader chooses Spanish on the switch: the same page, now in Spanish ---------
        entry_address = page.url
        page.locator("nav.language-switch").get_by_role("link", name="Español").click()
        expect(page.locator("html")).to_have_attribute("lang", "es")
        assert page.url == entry_address
        entry_page(reader, "es", shots)
        assert language_cookie(page) == ["es"]

        # remembered across pages, over the browser's Italian
        organiser_pages(reader, "es", evening, shots)
        public_page(reader, "es", evening, shots)
        reader.open(reverse("login"))
        reader.speaks("es", *LOGIN)

        # and in a new page load: a second tab of the same browser
        again = page.context.new_page()
        Reader(again, live_server.url, subtests).open(
            reverse("public_tournament", args=[evening.club.slug, evening.tournament.slug])
        )
        expect(again.locator("html")).to_have_attribute("lang", "es")
        expect(again.locator("#standings h2")).to_have_text(
            Label("Provisional standings").said_in("es")
        )
        again.close()
        page.reload()
        reader.speaks("es", *LOGIN)
    finally:
        close(reader, console)
    assert_clean(reader, console)
    assert [path.name for path in shots.taken] == [
        f"{number:02d}-{name}.png" for number, name in enumerate(EXPECTED_SHOTS, 1)
    ]


EXPECTED_SHOTS = [
    f"{language}-{page}-{width}"
    for language, pages in (
        ("it", ("standings", "dashboard", "round-board", "table-entry")),
        ("es", ("table-entry", "dashboard", "round-board", "table-entry", "standings")),
    )
    for page in pages
    for width in (1280, 390)
]
"""The screenshots in the order the walk takes them (Spanish: the entry page the switch
lands on, then the organiser's pages, whose walk ends on the entry page again, then the
public page)."""


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("locale", "language"), [("pt-BR", "pt-br"), ("de-DE", "de")])
def test_a_brazilian_or_german_browser_gets_its_language(
    live_server: LiveServer, browser: Browser, subtests: pytest.Subtests, locale: str, language: str
) -> None:
    evening = set_up_evening()
    console = ConsoleWatch()
    reader = Reader(open_context(browser, locale, console), live_server.url, subtests)
    try:
        home_page(reader, language)
        public_page(reader, language, evening, None)
        log_in(reader, language)
        organiser_pages(reader, language, evening, None)
        if language == "de":  # German's catalogue is complete: its own words, seen
            reader.open(
                reverse("public_tournament", args=[evening.club.slug, evening.tournament.slug])
            )
            expect(reader.page.locator("#standings h2")).to_have_text("Vorläufige Rangliste")
            reader.open(reverse("dashboard"))
            expect(reader.page.locator("table.tournaments thead")).to_contain_text("Paare")
    finally:
        close(reader, console)
    assert_clean(reader, console)
