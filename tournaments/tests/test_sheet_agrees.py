"""Paper and screen agree: each variant's printed score sheet has a column for exactly the
fields the entry form asks (score-sheet mode), in the same order, because both come from
rules/sheet.py. Read from the two rendered pages, not from the description itself."""

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.rules import VARIANT_SLUGS
from tournaments.models import Club, Table
from tournaments.tests.test_printing import sheets_of, words
from tournaments.tests.test_views_entry import BIG, save, seated_table


def sheet_columns(client: Client, table: Table) -> tuple[list[str], list[str], list[str]]:
    """The first printed sheet's North-South input columns, its computed columns and the
    deal's own columns, by the form field each stands for."""
    page = client.get(reverse("print_score_sheets", args=[table.round_id])).content.decode()
    head = sheets_of(page)[0].split("<thead>")[1].split("</thead>")[0]
    first_row, second_row = head.split("</tr>")[:2]
    side = re.findall(r'data-field="([^"]+)"', second_row)
    computed = re.findall(r'data-computed="([^"]+)"', second_row)
    half = len(side) // 2
    assert side[:half] == side[half:], "both sides' columns are the same"
    return (
        side[:half],
        computed[: len(computed) // 2],
        re.findall(r'data-field="([^"]+)"', first_row),
    )


def unique(names: list[str]) -> list[str]:
    return list(dict.fromkeys(names))  # a radio group's name once


def form_fields(client: Client, table: Table) -> dict[str, list[str]]:
    """The visible fields of the table page's form in page order: each side's (without its
    prefix) and the deal's. A side's "written_total" (the total the sheet gives, optional, to
    check against) is the sheet's computed "total" column, not one of the side's own: it is
    left out here and checked by `test_the_sheets_total_is_the_last_field_of_a_side`."""
    page = client.get(reverse("table_entry", args=[table.pk])).content.decode()
    form = page.split('<div class="sides">')[1].split('id="live-result"')[0]
    ns_part, rest = form.split('class="side side-ew"')
    ew_part, deal_part = rest.split('class="deal-fields"')
    visible = r'<(?:input|select|textarea)(?![^>]*type="hidden")[^>]*\bname="([^"]+)"'

    def own(part: str, side: str) -> list[str]:
        return [
            n.removeprefix(f"{side}-")
            for n in unique(re.findall(visible, part))
            if n != f"{side}-written_total"
        ]

    return {
        "ns": own(ns_part, "ns"),
        "ew": own(ew_part, "ew"),
        "deal": unique(re.findall(visible, deal_part)),
    }


KINDS = {
    "reale": ["burracos_royal", "burracos_noble", "burracos_clean", "burracos_dirty"],
    "classico": ["burracos_clean", "burracos_semi_clean", "burracos_dirty"],
    "traditional": ["burracos_clean", "burracos_dirty"],
    "two-player": ["burracos_clean", "burracos_dirty"],
    "brazilian": ["burracos_royal", "burracos_noble", "burracos_clean", "burracos_dirty"],
    "spanish": ["burracos_clean", "burracos_dirty", "burracos_wild"],
}


def expected_side(variant: str, *, opening: bool) -> list[str]:
    extra = ["opening_points", "opening_canasta"] if opening else []
    pot_points = ["pot_points"] if variant == "traditional" else []
    return ["melded_points", *extra, *KINDS[variant], "pot", *pot_points, "hand_points"]


@pytest.mark.django_db
@pytest.mark.parametrize("variant", VARIANT_SLUGS)
@pytest.mark.parametrize("play_format", ["deals", "target"])
def test_sheet_columns_are_the_form_fields_in_order(
    club: Club, organiser_client: Client, variant: str, play_format: str
) -> None:
    options: dict[str, Any] = {"variant": variant, "format": play_format}
    table = seated_table(club, **options)
    side, computed, deal = sheet_columns(organiser_client, table)
    fields = form_fields(organiser_client, table)
    opening_column = variant == "spanish" and play_format == "target"
    assert side == expected_side(variant, opening=opening_column)
    # before the first deal no side is above 1000: the form leaves out only the opening
    assert fields["ns"] == fields["ew"] == expected_side(variant, opening=False)
    assert deal == fields["deal"] == ["closed"]
    assert computed == (["total", "running"] if play_format == "target" else ["total"])


@pytest.mark.django_db
def test_a_spanish_side_above_1000_is_asked_the_sheets_opening_columns(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club, variant="spanish", format="target", target_score=2000)
    assert save(organiser_client, table, 1, BIG).status_code == 302  # N-S 1600, E-W 100
    side, _, _ = sheet_columns(organiser_client, table)
    fields = form_fields(organiser_client, table)
    assert fields["ns"] == side  # N-S is above 1000: every column of the sheet
    assert fields["ew"] == [name for name in side if not name.startswith("opening_")]
    page = organiser_client.get(reverse("print_score_sheets", args=[table.round_id]))
    text = words(page.content.decode())
    assert "Opening points (above 1000)" in text and "Opened with a canasta" in text
    assert "its first exposure of a deal needs at least 75 points" in text


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("variant", "choices"),
    [
        ("classico", ["taken", "not taken"]),  # an unplayed pot costs nothing more here
        ("spanish", ["taken", "not taken", "taken but not played"]),  # it costs 100 here
    ],
)
def test_the_pot_offers_the_same_choices_on_paper_and_on_screen(
    club: Club, organiser_client: Client, variant: str, choices: list[str]
) -> None:
    table = seated_table(club, variant=variant)
    page = organiser_client.get(reverse("print_score_sheets", args=[table.round_id]))
    cell = page.content.decode().split("<tbody>")[1].split('<td class="choice">')[1]
    printed = [
        words(c).strip()
        for c in re.findall(
            r'<span class="choice">(.*?)</span>\s*(?=<span class="choice">|</td>)',
            cell.split("</td>")[0] + "</td>",
        )
    ]
    entry = organiser_client.get(reverse("table_entry", args=[table.pk])).content.decode()
    pot = entry.split("choice-pot")[1].split("</fieldset>")[0]
    asked = [words(label).strip() for label in re.findall(r"<span>(.*?)</span>", pot)]
    assert printed == asked == choices


@pytest.mark.django_db
def test_the_sheets_total_is_the_last_field_of_a_side(club: Club, organiser_client: Client) -> None:
    table = seated_table(club)
    page = organiser_client.get(reverse("table_entry", args=[table.pk])).content.decode()
    ns = page.split('class="side side-ns"')[1].split('class="side side-ew"')[0]
    names = re.findall(r'<input(?![^>]*type="hidden")[^>]*\bname="([^"]+)"', ns)
    assert names[-1] == "ns-written_total"
