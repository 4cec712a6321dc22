"""Print pages: a round's seating list, one blank score sheet per table with a column per
burraco kind of the tournament's variant (in the variant's own word), the standings from the
same StandingsTable as the page; organisers only; no inline script or style anywhere."""

import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import selectors, services
from tournaments.models import Club, Round, Tournament
from tournaments.tables import StandingsTable
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_exports import assert_login_redirect, played


def words(page: str) -> str:
    """The page's text without tags, its spaces squashed: what a reader sees, in order."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def seated(tournament: Tournament) -> Round:
    return services.round_prepare(tournament=tournament, movement="random", seed=5).round


def sheets_of(page: str) -> list[str]:
    """The score sheets of a page, one per table."""
    return re.split(r'<section class="score-sheet(?: many-rows)?(?: long-match)?">', page)[1:]


def header_cells(page: str) -> list[str]:
    """The column headers of the first score sheet's second header row."""
    sheet = sheets_of(page)[0]
    second_row = sheet.split("<thead>")[1].split("</tr>")[1]
    return [words(cell).strip() for cell in re.findall(r"<th[^>]*>(.*?)</th>", second_row, re.S)]


def sheets_page(client: Client, round_: Round) -> str:
    response = client.get(reverse("print_score_sheets", args=[round_.pk]))
    assert response.status_code == 200
    return response.content.decode()


def assert_no_inline_code(page: str) -> None:
    """Nothing a strict Content-Security-Policy would block: no inline script, style or
    event handler."""
    for script in re.findall(r"<script\b([^>]*)>(.*?)</script>", page, re.S):
        assert "src=" in script[0] and not script[1].strip(), script
    assert not re.search(r"\sstyle\s*=", page)
    assert "<style" not in page
    assert not re.search(r"\son[a-z]+\s*=", page)


# --- score sheets --------------------------------------------------------------------------------


def side_columns(kinds: list[str], pot: str = "Pot") -> list[str]:
    return ["Melded points", *kinds, pot, "Points left in hand", "Deal total"]


@pytest.mark.parametrize(
    ("variant", "kinds", "pot"),
    [
        # classico: clean, semi-clean and dirty, in the variant's order
        ("classico", ["Clean burraco", "Semi-clean burraco", "Dirty burraco"], "Pot"),
        # reale: royal and noble join clean and dirty; there is no semi-clean
        ("reale", ["Royal burraco", "Noble burraco", "Clean burraco", "Dirty burraco"], "Pot"),
        # spanish speaks of canastas, and has the all-wild one
        ("spanish", ["Clean canasta", "Dirty canasta", "Wild-card canasta"], "Muerto"),
        # brazilian: canastra
        ("brazilian", ["Royal canastra", "Noble canastra", "Clean canastra", "Dirty canastra"],
         "Morto"),
    ],
)  # fmt: skip
def test_score_sheet_columns_are_the_variants_kinds(
    club: Club, organiser_client: Client, variant: str, kinds: list[str], pot: str
) -> None:
    tournament = make_tournament(club, pairs=4, variant=variant)
    page = sheets_page(organiser_client, seated(tournament))
    assert header_cells(page) == side_columns(kinds, pot) * 2
    assert "Who closed the deal?" in words(sheets_of(page)[0].split("</thead>")[0])


def test_spanish_sheets_never_say_burraco(club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(club, pairs=4, variant="spanish")
    page = sheets_page(organiser_client, seated(tournament))
    sheet = words(sheets_of(page)[0])  # what is printed (field names are not)
    assert "burraco" not in sheet.lower()
    assert "canasta" in sheet


def test_one_score_sheet_per_table_with_a_row_per_deal(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=7, deals_per_round=4)  # 3 tables and a bye
    round_ = seated(tournament)
    page = sheets_page(organiser_client, round_)
    sheets = sheets_of(page)
    assert len(sheets) == 3
    for number, (sheet, table) in enumerate(
        zip(sheets, selectors.round_tables(round_), strict=False), 1
    ):
        assert f"<h1>Table {number}</h1>" in sheet
        text = words(sheet)
        assert f"Round {round_.number} · {tournament.name}" in text
        assert table.ns is not None and table.ew is not None
        assert f"North-South {table.ns.number} {table.ns.names}" in text
        assert f"East-West {table.ew.number} {table.ew.names}" in text
        body = sheet.split("<tbody>")[1].split("</tbody>")[0]
        deal_rows = re.findall(r'<th class="deal">(\d+)</th>', body)
        assert deal_rows == ["1", "2", "3", "4"]
        assert 'class="totals"' in sheet
        assert "North-South signature" in text and "East-West signature" in text
    assert all("sits out" not in sheet for sheet in sheets)


def test_target_score_sheets_have_twenty_rows_and_a_running_total(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4, format="target")
    round_ = seated(tournament)
    page = sheets_page(organiser_client, round_)
    assert len(sheets_of(page)) == 2
    body = page.split("<tbody>")[1].split("</tbody>")[0]
    assert re.findall(r'<th class="deal">(\d+)</th>', body) == [str(n) for n in range(1, 21)]
    assert f"matches to {tournament.target} points" in words(page)
    assert header_cells(page)[-2:] == ["Deal total", "Running total"]


def test_each_sheet_is_its_own_printed_page() -> None:
    css = (Path(settings.BASE_DIR) / "static/css/print.css").read_text()
    rule = re.search(r"\.score-sheet\s*\{([^}]*)\}", css)
    assert rule is not None
    assert "page-break-after: always" in rule.group(1)
    assert "break-after: page" in rule.group(1)
    assert "@media print" in css
    # the site toolbar never reaches paper
    assert re.search(r"@media print\s*\{[^@]*\.print-toolbar[^}]*display:\s*none", css, re.S)


# --- seating -------------------------------------------------------------------------------------


def test_seating_list_shows_tables_pairs_and_the_bye(club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(club, pairs=5)
    round_ = seated(tournament)
    response = organiser_client.get(reverse("print_seating", args=[round_.pk]))
    assert response.status_code == 200
    text = words(response.content.decode())
    assert "Round 1: seating" in text
    for table in selectors.round_tables(round_):
        ns = table.ns
        assert ns is not None
        if table.is_bye:
            assert f"Sits out this round (bye): {ns.number} {ns.names}" in text
            assert "14 VP and 355 MP" in text
        else:
            ew = table.ew
            assert ew is not None
            one, two = (p.names.replace(" – ", " ") for p in (ns, ew))
            assert f"{table.number} {ns.number} {one} {ew.number} {two}" in text
    assert "Burraco club" not in text  # no site header


# --- standings -----------------------------------------------------------------------------------


def test_final_standings_print_the_page_table(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = played(club, organiser)
    response = organiser_client.get(reverse("print_standings", args=[tournament.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    text = words(page)
    assert "Final standings" in text
    table = StandingsTable.for_tournament(tournament, selectors.standings_for(tournament))
    headers = [words(h).strip() for h in re.findall(r"<th[^>]*>(.*?)</th>", page, re.S)]
    assert headers == [str(column.header) for column in table.columns]
    assert headers == ["Rank", "Pair", "Players", "VP", "MP", "Rounds played"]
    for row in table.rows:
        cells = [words(str(row.get_cell(column.name))).strip() for column in table.columns]
        assert " ".join(cells) in text
    assert text.count(" 2,250 ") == 2 and text.count(" \u2212510 ") == 2


def test_standings_before_the_end_say_after_which_round(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = played(club, organiser, rounds=2, finish=False)
    text = words(
        organiser_client.get(reverse("print_standings", args=[tournament.pk])).content.decode()
    )
    assert "Standings after round 2" in text
    assert "may still change" in text


# --- the pages as a whole ------------------------------------------------------------------------


def print_urls(club: Club, organiser: User) -> dict[str, str]:
    tournament = played(club, organiser, pairs=5)
    round_ = tournament.round_set.get()
    return {
        "seating": reverse("print_seating", args=[round_.pk]),
        "sheets": reverse("print_score_sheets", args=[round_.pk]),
        "standings": reverse("print_standings", args=[tournament.pk]),
    }


def test_print_pages_have_no_inline_code_and_use_the_print_stylesheet(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    for url in print_urls(club, organiser).values():
        for query in ("", "?print=1"):
            page = organiser_client.get(url + query).content.decode()
            assert_no_inline_code(page)
            assert 'href="/static/css/print.css"' in page
            assert '<script src="/static/js/print.js" defer></script>' in page
            assert ('data-autoprint="1"' in page) == (query == "?print=1")
            assert "app.css" not in page  # not the site's look, and no site header


def test_print_script_opens_the_dialog_only_when_asked() -> None:
    script = (Path(settings.BASE_DIR) / "static/js/print.js").read_text()
    assert 'getAttribute("data-autoprint") === "1"' in script
    assert "window.print()" in script


@pytest.mark.parametrize("page", ["seating", "sheets", "standings"])
def test_print_pages_of_another_club_are_not_found(
    club: Club, organiser: User, other_client: Client, page: str
) -> None:
    assert other_client.get(print_urls(club, organiser)[page]).status_code == 404


@pytest.mark.parametrize("page", ["seating", "sheets", "standings"])
def test_print_pages_ask_to_log_in(
    club: Club, organiser: User, anonymous_client: Client, page: str
) -> None:
    assert_login_redirect(anonymous_client.get(print_urls(club, organiser)[page]))


def test_round_board_links_the_print_pages(club: Club, organiser_client: Client) -> None:
    round_ = seated(make_tournament(club, pairs=4))
    page: Any = organiser_client.get(reverse("round_board", args=[round_.pk])).content.decode()
    assert f'href="{reverse("print_seating", args=[round_.pk])}?print=1"' in page
    assert f'href="{reverse("print_score_sheets", args=[round_.pk])}?print=1"' in page
    assert "Print seating" in page and "Print score sheets" in page
