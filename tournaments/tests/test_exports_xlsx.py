"""The Excel twins (.xlsx) of every export: LibreOffice, run headless, reads back the same numbers
as the CSV holds; openpyxl sees numbers as numbers, dates as dates and text as text (never a
formula); the headers are in the reader's language and the words of the game; the organiser's
files are never stored by a browser; the pages link each file next to its CSV."""

import csv
import datetime
import io
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tournaments.models import Club
from tournaments.spreadsheets import XLSX_CONTENT_TYPE, Sheet, sheet_title, workbook_bytes
from tournaments.tests.export_evening import Evening, play_evening

NUMBER = re.compile(r"-?\d+")


@pytest.fixture
def evening(club: Club, organiser: User) -> Evening:
    return play_evening(club, organiser)


def pairs_of_files(evening: Evening) -> dict[str, tuple[str, str]]:
    """name -> (CSV address, .xlsx address), every organiser export of the evening."""
    deals, target, season = evening.deals, evening.target, evening.season
    return {
        "deals_standings": (
            reverse("standings_csv", args=[deals.pk]),
            reverse("standings_xlsx", args=[deals.pk]),
        ),
        "deals_deals": (
            reverse("deal_results_csv", args=[deals.pk]),
            reverse("deal_results_xlsx", args=[deals.pk]),
        ),
        "target_standings": (
            reverse("standings_csv", args=[target.pk]),
            reverse("standings_xlsx", args=[target.pk]),
        ),
        "target_deals": (
            reverse("deal_results_csv", args=[target.pk]),
            reverse("deal_results_xlsx", args=[target.pk]),
        ),
        "season_pairs": (
            reverse("season_pairs_csv", args=[season.pk]),
            reverse("season_pairs_xlsx", args=[season.pk]),
        ),
        "season_players": (
            reverse("season_players_csv", args=[season.pk]),
            reverse("season_players_xlsx", args=[season.pk]),
        ),
    }


def get_xlsx(client: Client, address: str, language: str = "it") -> bytes:
    response = client.get(address, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, address
    assert response["Content-Type"] == XLSX_CONTENT_TYPE
    assert response["Content-Disposition"].endswith('.xlsx"')
    return bytes(response.content)


def rows_of(sheet: Any) -> list[list[Any]]:
    return [[cell.value for cell in row] for row in sheet.iter_rows()]


def libreoffice_csv(files: dict[str, bytes], tmp_path: Path) -> dict[str, list[list[str]]]:
    """Each .xlsx converted by LibreOffice, headless, to a UTF-8 CSV of its first sheet."""
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        pytest.skip("LibreOffice (soffice) is not installed: cannot read the .xlsx back")
    paths = []
    for name, content in files.items():
        path = tmp_path / f"{name}.xlsx"
        path.write_bytes(content)
        paths.append(str(path))
    out = tmp_path / "out"
    profile = tmp_path / "lo-profile"  # a private profile: parallel runs do not clash
    subprocess.run(
        [
            soffice, f"-env:UserInstallation=file://{profile}", "--headless",
            "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1", "--outdir", str(out),
            *paths,
        ],
        check=True, capture_output=True, timeout=180,
    )  # fmt: skip
    return {
        name: list(csv.reader(io.StringIO((out / f"{name}.csv").read_text("utf-8"))))
        for name in files
    }


def test_libreoffice_reads_back_the_numbers_of_every_csv(
    evening: Evening, organiser_client: Client, tmp_path: Path
) -> None:
    files = pairs_of_files(evening)
    workbooks = {name: get_xlsx(organiser_client, x) for name, (_, x) in files.items()}
    read_back = libreoffice_csv(workbooks, tmp_path)
    compared = 0
    for name, (csv_address, _) in files.items():
        text = organiser_client.get(csv_address).content.decode("utf-8")
        machine = list(csv.reader(io.StringIO(text)))
        spreadsheet = read_back[name]
        assert len(spreadsheet) == len(machine), name
        assert len(spreadsheet[0]) == len(machine[0]), name
        for csv_row, xlsx_row in zip(machine[1:], spreadsheet[1:], strict=True):
            for csv_cell, xlsx_cell in zip(csv_row, xlsx_row, strict=True):
                if NUMBER.fullmatch(csv_cell):
                    assert xlsx_cell == csv_cell, (name, csv_row, xlsx_row)
                    compared += 1
                elif csv_cell.startswith("'="):
                    # the CSV's guard quote is not needed in a text cell: the name as typed
                    assert xlsx_cell == csv_cell[1:], (name, csv_row)
    # every number of every file: 5 + 5 standings rows (5 and 7 numbers), 24 + 18 deal sides
    # (19 numbers each: all but direction, players, entry mode and pot), 6 + 11 season rows
    assert compared == 5 * 5 + 5 * 7 + 24 * 19 + 18 * 19 + 6 * 5 + 11 * 5
    assert read_back["deals_deals"][2][-2] == "-180"  # a negative total stays a number


def test_numbers_are_numbers_dates_are_dates_and_text_never_runs(
    evening: Evening, organiser_client: Client
) -> None:
    address = reverse("standings_xlsx", args=[evening.deals.pk])
    book = openpyxl.load_workbook(io.BytesIO(get_xlsx(organiser_client, address)))
    standings, about = book.worksheets
    rows = rows_of(standings)
    assert rows[1] == [1, 1, "Mario Rossi – Lucia Bianchi", 34, 2000, 2, None]  # no decision
    assert all(isinstance(v, int) for row in rows[1:] for i, v in enumerate(row[:-1]) if i != 2)
    assert all(cell.font.b for cell in standings[1])
    assert standings.freeze_panes == "A2"
    rossi = next(row for row in standings.iter_rows(min_row=2) if row[1].value == 4)[2]
    assert rossi.value == "=Rossi – Paola Neri"
    assert rossi.data_type == "s"  # a text cell: shown as typed, never run as a formula
    date = about.cell(row=2, column=3)
    assert date.is_date and date.value.date() == datetime.date(2026, 11, 17)
    assert date.number_format == "mm-dd-yy"  # Excel's short date, in the reader's own order
    assert about.cell(row=2, column=2).value == "Martedì sera"
    assert about.cell(row=2, column=7).is_date  # when it was exported


def test_the_deal_results_speak_the_readers_language_in_the_words_of_the_game(
    evening: Evening, organiser_client: Client
) -> None:
    address = reverse("deal_results_xlsx", args=[evening.deals.pk])
    expected = {
        "it": ["Turno", "Tavolo", "Smazzata", "Burraco pulito", "Pozzetto", "E-O", "Smazzate"],
        "es": ["Ronda", "Mesa", "Mano", "Burraco limpio", "Pozzetto", "E-O", "Manos"],
        "pt-br": ["Rodada", "Mesa", "Mão", "Burraco limpo", "Morto", "L-O", "Mãos"],
        "de": ["Runde", "Tisch", "Spiel", "Burraco sauber", "Ersatz-Talon", "O-W", "Spiele"],
        "en": ["Round", "Table", "Deal", "Clean burraco", "Pot", "E-W", "Deals"],
    }
    for language, (round_, table, deal, clean, pot, ew, title) in expected.items():
        book = openpyxl.load_workbook(io.BytesIO(get_xlsx(organiser_client, address, language)))
        sheet = book.worksheets[0]
        header, first, second = rows_of(sheet)[:3]
        assert header[:3] == [round_, table, deal], language
        assert header[12] == clean and header[9] == pot, (language, header)
        assert sheet.title == title
        assert second[3] == ew, language
        assert first[:3] == [1, 1, 1] and first[-2] == 760 and second[-2] == -180
    # the pot and the entry mode in the entry form's words, not the CSV's codes
    assert [first[7], first[9], second[9]] == ["Score sheet", "taken", "not taken"]


def test_a_tables_headers_are_the_pages_own_in_the_readers_language(
    evening: Evening, organiser_client: Client
) -> None:
    class Headers(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.found: list[str] = []
            self.inside = False
            self.cell: list[str] | None = None

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag == "table" and "standings" in (dict(attrs).get("class") or ""):
                self.inside = True
            elif self.inside and tag == "th":
                self.cell = []

        def handle_endtag(self, tag: str) -> None:
            if tag == "table":
                self.inside = False
            elif tag == "th" and self.cell is not None:
                self.found.append(" ".join("".join(self.cell).split()))
                self.cell = None

        def handle_data(self, data: str) -> None:
            if self.cell is not None:
                self.cell.append(data)

    for language in ("it", "en"):
        page = organiser_client.get(
            reverse("tournament_detail", args=[evening.target.pk]), HTTP_ACCEPT_LANGUAGE=language
        )
        parser = Headers()
        parser.feed(page.content.decode())
        address = reverse("standings_xlsx", args=[evening.target.pk])
        book = openpyxl.load_workbook(io.BytesIO(get_xlsx(organiser_client, address, language)))
        excel = rows_of(book.worksheets[0])[0]
        # the file has every column of the CSV, in the CSV's order, under the page's own
        # words; the page of a match-format evening shows all of them but VP (no VP there) and
        # the arbiter's decisions (marks by the names there)
        assert len(excel) == 9 and len(parser.found) == 7
        assert set(excel) - set(parser.found) == {excel[3], excel[8]}
        with translation.override(language):
            assert excel[3] == translation.gettext("VP")


def test_the_season_files_list_its_tournaments_with_their_dates(
    evening: Evening, anonymous_client: Client
) -> None:
    address = reverse("season_public_players_xlsx", args=["roma", evening.season.slug])
    book = openpyxl.load_workbook(io.BytesIO(get_xlsx(anonymous_client, address)))
    players, tournaments = book.worksheets
    assert rows_of(players)[1] == [1, "Mario Rossi", 2, 2, 36, 4235]
    assert rows_of(players)[8] == [8, "Paola Neri", 2, 2, 14, -2695]
    dates = [row[0].value.date() for row in tournaments.iter_rows(min_row=2)]
    assert dates == [datetime.date(2026, 11, 17), datetime.date(2026, 11, 19)]
    assert [row[1].value for row in tournaments.iter_rows(min_row=2)] == [
        "Martedì sera",
        "Giovedì a 1000",
    ]


def test_organiser_files_are_never_stored_and_public_ones_need_publishing(
    evening: Evening, organiser_client: Client, anonymous_client: Client
) -> None:
    for _, address in pairs_of_files(evening).values():
        response = organiser_client.get(address)
        assert response.status_code == 200
        assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]
        assert anonymous_client.get(address).status_code == 302  # to the login page
    public = reverse("public_standings_xlsx", args=["roma", evening.deals.slug])
    assert anonymous_client.get(public).status_code == 200
    evening.deals.published = False
    evening.deals.save(update_fields=["published"])
    assert anonymous_client.get(public).status_code == 404


def test_the_pages_link_each_xlsx_next_to_its_csv(
    evening: Evening, organiser_client: Client, anonymous_client: Client
) -> None:
    deals, season = evening.deals, evening.season
    page = organiser_client.get(reverse("tournament_detail", args=[deals.pk])).content.decode()
    for name in ("standings_xlsx", "deal_results_xlsx"):
        assert f'href="{reverse(name, args=[deals.pk])}" download' in page
    assert reverse("public_standings_xlsx", args=["roma", deals.slug]) in page
    page = organiser_client.get(reverse("season_detail", args=[season.pk])).content.decode()
    for name in ("season_pairs_xlsx", "season_players_xlsx"):
        assert f'href="{reverse(name, args=[season.pk])}" download' in page
    public = anonymous_client.get(reverse("season_public", args=["roma", season.slug]))
    for name in ("season_public_pairs_xlsx", "season_public_players_xlsx"):
        assert reverse(name, args=["roma", season.slug]) in public.content.decode()


def test_sheet_names_and_text_that_excel_would_refuse_are_made_safe() -> None:
    assert sheet_title("Turni: 1/2 [finale]?") == "Turni  1 2  finale"
    assert len(sheet_title("x" * 40)) == 31
    content = workbook_bytes([Sheet("Classifica", ["Giocatore"], [["Anna\x07 Rossi"], [None]])])
    sheet = openpyxl.load_workbook(io.BytesIO(content)).worksheets[0]
    assert rows_of(sheet) == [["Giocatore"], ["Anna Rossi"]]  # an empty row stays empty
