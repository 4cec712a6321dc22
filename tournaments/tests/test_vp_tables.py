"""A referee's own VP table: typed as printed, stored as printed, read as the federation's tables
are (a band begins at its printed lower bound; a difference between two bands stays below)."""

import importlib

import pytest
from django.test import Client
from django.urls import reverse

from scoring import VP_SCALES
from tournaments.models import Club, Tournament
from tournaments.rules.vp_tables import parse_rows, rows_of, rows_text, scale_from_rows
from tournaments.tests.test_views_setup import settings_data


@pytest.mark.parametrize(
    ("text", "rows"),
    [
        # as printed: ranges, and the open last band
        ("0–50, 10, 10\n55–150, 12, 8\n155 and more, 20, 0",
         [[0, 50, 10, 10], [55, 150, 12, 8], [155, None, 20, 0]]),
        # a plain hyphen, "more than" on the last line
        ("0-100, 10, 10\nmore than 100, 20, 0", [[0, 100, 10, 10], [101, None, 20, 0]]),
        # the older way: only the upper bound, "more" on the last line
        ("100, 10, 10\n300, 12, 8\nmore, 20, 0",
         [[0, 100, 10, 10], [101, 300, 12, 8], [301, None, 20, 0]]),
    ],
)  # fmt: skip
def test_the_lines_an_organiser_types(text: str, rows: list[list[int | None]]) -> None:
    assert parse_rows(text) == (rows, [])


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        # two things on a line
        ("0–50, 10\n55 and more, 20, 0", "Line 1 (0–50, 10): write three things"),
        # words where the difference belongs
        ("lots, 10, 10", "Line 1 (lots, 10, 10): write the difference as printed"),
        # VP past any sensible table
        ("0 and more, 99999, 0", "Line 1 (0 and more, 99999, 0): write the difference"),
        # nothing at all
        ("", "Write the VP table, one band a line."),
        # a paste of a whole book
        ("\n".join(f"{n}, 10, 10" for n in range(60)), "A VP table has at most 50 bands"),
    ],
)
def test_lines_that_make_no_band_are_named(text: str, problem: str) -> None:
    rows, problems = parse_rows(text)
    assert rows == [] or problems
    assert any(message.startswith(problem) for message in problems)


def test_a_difference_between_two_printed_bands_stays_in_the_lower_one() -> None:
    scale = scale_from_rows([[0, 50, 10, 10], [55, 150, 12, 8], [155, None, 20, 0]])
    assert scale.vp(852, 800) == (10, 10)  # 52: between 0–50 and 55–150
    assert scale.vp(855, 800) == (12, 8)
    assert scale.vp(1000, 848) == (12, 8)  # 152: between 55–150 and 155+
    assert scale.vp(800, 1000) == (0, 20)


def test_the_federation_table_is_offered_as_printed() -> None:
    text = rows_text(rows_of(VP_SCALES["fibur-3"]))
    assert text.splitlines()[:2] == ["0–50, 10, 10", "55–150, 11, 9"]
    assert text.splitlines()[-1] == "1505 and more, 20, 0"


def test_the_form_stores_the_table_as_printed(club: Club, organiser_client: Client) -> None:
    bands = "0–50, 10, 10\n55–150, 12, 8\n155 and more, 20, 0"
    organiser_client.post(
        reverse("tournament_create"), settings_data(vp_scale="custom", custom_vp_bands=bands)
    )
    tournament = Tournament.objects.get()
    assert tournament.custom_vp_bands == [[0, 50, 10, 10], [55, 150, 12, 8], [155, None, 20, 0]]
    assert tournament.scale.vp(852, 800) == (10, 10)
    page = organiser_client.get(reverse("tournament_edit", args=[tournament.pk])).content.decode()
    assert "55–150, 12, 8" in page
    assert "counts in the lower band" in page


def test_tables_stored_before_keep_their_reading() -> None:
    migration = importlib.import_module("tournaments.migrations.0005_vp_bands_as_printed")
    old: list[list[int | None]] = [[100, 10, 10], [300, 12, 8], [None, 20, 0]]
    printed = migration._as_printed(old)
    assert printed == [[0, 100, 10, 10], [101, 300, 12, 8], [301, None, 20, 0]]
    assert migration._as_printed(printed) == printed
    # read either way, the same VP for every difference
    for difference in range(0, 400, 7):
        assert scale_from_rows(old).vp(difference, 0) == scale_from_rows(printed).vp(difference, 0)
