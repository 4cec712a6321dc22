"""Helpers of the end-to-end browser test (test_e2e_evening.py): starting Debian's Chromium,
watching every page's console for CSP violations and JavaScript errors, numbered screenshots,
and typing a deal into the table page the way an organiser does."""

import csv
import io
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Download,
    Locator,
    Page,
    Playwright,
    ViewportSize,
    expect,
)

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
VIEWPORT: ViewportSize = {"width": 1280, "height": 900}
LIVE_CHECK = 10_000
"""How long the live totals (a check 400 ms after the last key) may take to show."""
POLL = 15_000
"""How long a public page may take to show a change: its standings poll every 5 seconds."""


def launch(playwright: Playwright) -> Browser:
    """Debian's Chromium, headless (Playwright's own browser download is not available)."""
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
    )


# --- the console: no CSP violation, no JavaScript error --------------------------------------


@dataclass
class ConsoleWatch:
    """Every console message and uncaught error of every page it watches. `problems` lists the
    Content-Security-Policy violations and JavaScript errors; the test fails on any of them."""

    problems: list[str] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)

    def watch_context(self, context: BrowserContext, who: str) -> None:
        context.on("page", lambda page: self.watch(page, who))

    def watch(self, page: Page, who: str) -> None:
        page.on("console", lambda message: self._console(who, page, message))
        page.on("pageerror", lambda error: self.problems.append(f"{who}: {error}"))

    def _console(self, who: str, page: Page, message: ConsoleMessage) -> None:
        text = f"{who} [{message.type}] {message.text} (on {page.url})"
        self.messages.append(text)
        csp = re.search(r"Content[ -]Security[ -]Policy", message.text) is not None
        if csp or (message.type == "error" and not self._expected(message)):
            self.problems.append(text)

    def canary(self, page: Page) -> None:
        """Prove that the watch sees a violation: put an inline style on the page, which the
        Content-Security-Policy refuses and Chromium reports; then forget that one report."""
        before = len(self.problems)
        with page.expect_console_message(lambda m: "Content Security Policy" in m.text):
            page.evaluate("document.body.setAttribute('style', 'outline: 3px solid red')")
        page.evaluate("document.body.removeAttribute('style')")
        assert len(self.problems) == before + 1, self.problems[before:]
        assert "style-src" in self.problems[-1], self.problems[-1]
        del self.problems[before:]

    @staticmethod
    def _expected(message: ConsoleMessage) -> bool:
        """Two error-level lines that are no error of the app:
        - htmx logs every request it aborts on purpose ("htmx:sendAbort", with the
          "htmx:afterRequest" that goes with it): the table page's live check is
          `hx-sync="closest form:replace"`, so a new check (leaving a field, or a pause in the
          typing) or the Save replaces the check still on its way. A request that really
          fails logs htmx:sendError, htmx:responseError or htmx:timeout as well, and those
          still fail the test.
        - Chromium asks every site for /favicon.ico, which the app does not serve (404)."""
        text = message.text
        if re.fullmatch(r"htmx:(sendAbort|afterRequest), \[object \w+\]", text):
            return True
        location = (message.location or {}).get("url", "")
        return text.startswith("Failed to load resource") and location.endswith("/favicon.ico")


# --- screenshots ------------------------------------------------------------------------------


class Screenshots:
    """One PNG per step, numbered in order: 01-login.png, 02-new-tournament.png, …"""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.count = 0
        self.taken: list[Path] = []
        if folder.exists():  # the previous run's pictures would mix with this run's
            shutil.rmtree(folder)
        folder.mkdir(parents=True)

    def take(self, page: Page, name: str) -> Path:
        self.count += 1
        path = self.folder / f"{self.count:02d}-{name}.png"
        # caret="initial": to hide the text caret Playwright would put a style on every input
        # (style="" is left behind), which the page's own htmx then copies in a swap, and the
        # Content-Security-Policy (style-src 'self') rightly reports it.
        page.screenshot(path=str(path), full_page=True, caret="initial")
        self.taken.append(path)
        print(f"  screenshot {path.name}: {page.url}")
        return path


# --- the table page ---------------------------------------------------------------------------


def retype(box: Locator, text: str) -> None:
    """Empty a field, then type into it key by key (each key fires the page's input events)."""
    box.fill("")
    box.press_sequentially(text)


@dataclass(frozen=True)
class SummarySide:
    """One side as the paper score sheet gives it."""

    melded: int
    hand: int = 0
    clean: int = 0
    dirty: int = 0
    pot: str = "taken"  # the radio's label: "taken", "not taken", "taken but not played"


def side_box(page: Page, side: str) -> Locator:
    """The N-S ("ns") or E-W ("ew") half of the entry form."""
    return page.locator(f"#entry-form fieldset.side-{side}")


def choose_closed(page: Page, who: str) -> None:
    """Tick who closed the deal: "N-S", "E-W" or "nobody"."""
    group = page.get_by_role("group", name="Who closed the deal?")
    group.get_by_role("radio", name=who, exact=True).check()


def choose_pot(page: Page, side: str, pot: str) -> None:
    group = side_box(page, side).locator("fieldset.choice-pot")
    group.get_by_role("radio", name=pot, exact=True).check()


def type_summary_side(page: Page, side: str, values: SummarySide) -> None:
    box = side_box(page, side)
    retype(box.get_by_label("Melded points", exact=True), str(values.melded))
    retype(box.get_by_label("Points left in hand", exact=True), str(values.hand))
    retype(box.get_by_label("Clean burraco", exact=True), str(values.clean))
    retype(box.get_by_label("Dirty burraco", exact=True), str(values.dirty))
    choose_pot(page, side, values.pot)


def shown(points: int) -> str:
    """A score as the English page writes it: 1,085, and a real minus sign (−70)."""
    return f"{chr(0x2212) if points < 0 else ''}{abs(points):,}"


def expect_live_totals(page: Page, ns: int, ew: int) -> None:
    """The totals the page shows while typing (scored by the engine, not saved)."""
    expect(page.locator("#live-total-ns")).to_have_text(shown(ns), timeout=LIVE_CHECK)
    expect(page.locator("#live-total-ew")).to_have_text(shown(ew), timeout=LIVE_CHECK)


def expect_saved(page: Page, number: int, ns: int, ew: int) -> None:
    """The page after a save: its notice, and the deal's row in the table of deals."""
    expect(page.locator("#entry-main p.notice.ok")).to_have_text(
        f"Deal {number} saved: N-S {shown(ns)}, E-W {shown(ew)}."
    )
    row = page.locator(f"#deal-{number}")
    expect(row.locator("tr.ns td.total")).to_have_text(shown(ns))
    expect(row.locator("tr.ew td.total")).to_have_text(shown(ew))


def enter_summary_deal(
    page: Page, number: int, ns: SummarySide, ew: SummarySide, closed: str, totals: tuple[int, int]
) -> None:
    """Type a deal from the score sheet, check the live totals, save it, check what is saved."""
    expect(page.locator("#entry-form h2")).to_have_text(f"Deal {number}")
    type_summary_side(page, "ns", ns)
    type_summary_side(page, "ew", ew)
    choose_closed(page, closed)
    expect_live_totals(page, *totals)
    page.get_by_role("button", name=f"Save deal {number}").click()
    expect_saved(page, number, *totals)


def pair_numbers(page: Page) -> tuple[int, int]:
    """The N-S and E-W pair numbers the table page shows ("N-S 3. Name – Name")."""
    numbers = []
    for side in ("ns", "ew"):
        text = page.locator(f".pairs .pair-card.{side} strong").inner_text()
        found = re.fullmatch(r"(\d+)\.", text.strip())
        assert found, f"no pair number in {text!r}"
        numbers.append(int(found[1]))
    return numbers[0], numbers[1]


# --- the public standings ---------------------------------------------------------------------

STANDINGS_HEADERS = ["Rank", "Pair", "Players", "VP", "MP", "Rounds played"]


def standings_cell(page: Page, pair: int, column: str) -> Locator:
    """A pair's cell in the standings table of a page (found by the pair's number, whatever
    its place in the ranking)."""
    row = page.locator("#standings tbody tr").filter(
        has=page.locator("td:nth-child(2)", has_text=re.compile(rf"^\s*{pair}\s*$"))
    )
    return row.locator(f"td:nth-child({STANDINGS_HEADERS.index(column) + 1})")


# --- downloads --------------------------------------------------------------------------------


def download_csv(page: Page, link: Locator, folder: Path) -> tuple[str, list[dict[str, str]]]:
    """Click a CSV link, keep the file next to the screenshots, and read it."""
    with page.expect_download() as info:
        link.click()
    download: Download = info.value
    assert download.failure() is None, download.failure()
    target = folder / download.suggested_filename
    download.save_as(str(target))
    text = target.read_bytes().decode("utf-8")
    assert not text.startswith("\ufeff"), "the README promises no byte-order mark"
    return download.suggested_filename, list(csv.DictReader(io.StringIO(text)))
