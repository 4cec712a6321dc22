"""The points in the pot on a score sheet, where the variant charges an untaken pot its cards'
value (traditional): a pot taken has none (typed anyway, they are refused, not dropped), and an
untaken pot's points are what a pot of the variant's size can hold. Refused by the live check
and by the save, on the organiser's page and on a pair's phone; nothing is saved."""

from dataclasses import replace
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from scoring import RULE_SETS, house_rules
from tournaments.forms.entry import entry_forms
from tournaments.models import Club, DealProposal, DealSide
from tournaments.tests.test_player_entry import players_table, write
from tournaments.tests.test_views_entry import (
    HTMX,
    form_data,
    region,
    save,
    seated_table,
    text_of,
    totals,
    url,
)

TAKEN_WITH_POINTS: dict[str, Any] = {
    "ns": {"melded_points": "300", "burracos_dirty": "1", "pot": "taken", "pot_points": "50"},
    "ew": {"melded_points": "50", "pot": "not_taken", "pot_points": "87"},
    "closed": "ns",
}  # the old form dropped N-S's 50: N-S 500 saved, 50 too high if the 50 were meant


def refused_everywhere(client: Client, table: Any, deal: dict[str, Any], field: str) -> str:
    """The message beside `field`, the same from the live check and from the save."""
    messages = []
    for view in ("deal_check", "deal_save"):
        response = client.post(url(view, table), form_data(table, 1, deal), **HTMX)
        assert response.status_code == 200
        messages.append(text_of(region(response.content.decode(), f"err-{field}")))
    assert messages[0] == messages[1]
    assert DealSide.objects.count() == 0
    return messages[0]


@pytest.mark.django_db
def test_pot_points_typed_for_a_pot_taken_are_refused_naming_the_side(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club, variant="traditional")
    message = refused_everywhere(organiser_client, table, TAKEN_WITH_POINTS, "ns-pot_points")
    assert message == (
        "N-S took the pot: leave the points in the pot empty, or choose “not taken”."
    )
    # cleared, the deal saves: N-S 300 + 100 dirty + 100 closing; E-W 50 - 87
    cleared = {**TAKEN_WITH_POINTS, "ns": {**TAKEN_WITH_POINTS["ns"], "pot_points": ""}}
    assert save(organiser_client, table, 1, cleared).status_code == 302
    assert totals(table) == {(1, "ns"): 500, (1, "ew"): -37}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("0", "E-W: a pot of 11 cards is worth at least 55 points, not 0: write the value of "
              "its cards."),
        ("50", "E-W: a pot of 11 cards is worth at least 55 points, not 50: write the value of "
               "its cards."),
        ("", "E-W did not take the pot: write the points of its 11 cards (at least 55)."),
        ("1250", "E-W: a pot of 11 cards is worth at most 240 points, not 1,250: check the "
                 "number."),
    ],
)  # fmt: skip
def test_an_untaken_pot_is_worth_what_eleven_cards_can_be_worth(
    club: Club, organiser_client: Client, typed: str, message: str
) -> None:
    table = seated_table(club, variant="traditional")
    deal = {**TAKEN_WITH_POINTS, "ns": {**TAKEN_WITH_POINTS["ns"], "pot_points": ""}}
    deal["ew"] = {**deal["ew"], "pot_points": typed}
    assert refused_everywhere(organiser_client, table, deal, "ew-pot_points") == message


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["55", "240"])
def test_the_cheapest_and_the_dearest_pot_are_accepted(
    club: Club, organiser_client: Client, typed: str
) -> None:
    table = seated_table(club, variant="traditional")
    deal = {**TAKEN_WITH_POINTS, "ns": {**TAKEN_WITH_POINTS["ns"], "pot_points": ""}}
    deal["ew"] = {**deal["ew"], "pot_points": typed}
    assert save(organiser_client, table, 1, deal).status_code == 302
    assert totals(table)[(1, "ew")] == 50 - int(typed)


@pytest.mark.django_db
def test_the_card_form_refuses_the_same(club: Club, organiser_client: Client) -> None:
    table = seated_table(club, variant="traditional")
    deal = {
        "ns": {"melds": "3C 4C 5C 6C 7C 8C 9C JK", "pot": "taken", "pot_points": "40"},
        "ew": {"melds": "KH KD KS", "hand": "", "pot": "not_taken", "pot_points": "0"},
        "closed": "ns",
    }
    response = organiser_client.post(
        url("deal_check", table), form_data(table, 1, deal, mode="cards"), **HTMX
    )
    html = response.content.decode()
    assert "N-S took the pot" in text_of(region(html, "err-ns-pot_points"))
    assert "E-W: a pot of 11 cards is worth at least 55" in text_of(
        region(html, "err-ew-pot_points")
    )


@pytest.mark.django_db
def test_a_pairs_phone_is_refused_the_same_and_writes_nothing(club: Club) -> None:
    table = players_table(club, variant="traditional")
    response = write(Client(), table, "ns", 1, TAKEN_WITH_POINTS, **HTMX)
    assert "N-S took the pot: leave the points in the pot empty" in text_of(
        response.content.decode()
    )
    assert not DealProposal.objects.exists()


def test_the_range_follows_the_rule_set_not_a_number_written_here() -> None:
    traditional = RULE_SETS["traditional"]
    assert traditional.pot_points_range() == (55, 240)  # 11 fives; 4 jokers (25) and 7 twos (20)
    assert house_rules(traditional, {"values": {"low": 3}}).pot_points_range() == (33, 240)
    assert replace(traditional, pot_size=13).pot_points_range() == (65, 271)
    # read by the form: a house rule of low cards at 3 accepts 33
    rules = house_rules(traditional, {"values": {"low": 3}})
    with translation.override("en"):
        forms = entry_forms(
            mode="summary",
            rules=rules,
            opening={},
            data={"number": "1", "version": "0", "mode": "summary", "closed": "",
                  "ns-pot": "taken", "ew-pot": "not_taken", "ew-pot_points": "33"},
        )  # fmt: skip
        assert forms.is_valid(), [form.errors for form in forms.sides.values()]
        assert forms.contract_sides()[1]["pot_points"] == 33
        forms = entry_forms(
            mode="summary",
            rules=rules,
            opening={},
            data={"ns-pot": "taken", "ew-pot": "not_taken", "ew-pot_points": "32"},
        )
        assert "at least 33 points, not 32" in str(forms.sides["ew"].errors)


@pytest.mark.django_db
def test_in_italian_the_side_and_the_pot_have_their_italian_words(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club, variant="traditional")
    response = organiser_client.post(
        url("deal_check", table),
        form_data(table, 1, TAKEN_WITH_POINTS),
        HTTP_ACCEPT_LANGUAGE="it",
        **HTMX,
    )
    message = text_of(region(response.content.decode(), "err-ns-pot_points"))
    assert message.startswith("N-S ha preso il pozzetto")
    assert "“non preso”" in message
