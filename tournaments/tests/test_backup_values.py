"""No value a backup brings in can make a page fail, even with --unverified: each value that a
page, a form or a later step would stumble on is refused at the import, in one line that says
where, and nothing is imported. What the import lets in, the pages show."""

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from tournaments.backup import tournament_export, tournament_import
from tournaments.models import Club, Tournament
from tournaments.services import ServiceError
from tournaments.tests.test_backup_players import players_evening

Data = dict[str, Any]
USABLE = "The file is not a usable tournament backup: "


@pytest.fixture(scope="module")
def evening_backup(django_db_setup: None, django_db_blocker: Any) -> Data:
    """The export of a players' evening (tests/test_backup_players.py), made once for the many
    edits of it (its rows rolled back)."""
    from django.db import transaction

    with django_db_blocker.unblock(), transaction.atomic():
        club = Club.objects.create(name="Circolo del Burraco Roma", slug="roma")
        organiser = User.objects.create_user("anna")
        data = tournament_export(tournament=players_evening(club, organiser))
        transaction.set_rollback(True)
    plain: Data = json.loads(json.dumps(data))
    return plain


def table(data: Data, number: int) -> Data:
    found: Data = data["rounds"][0]["tables"][number - 1]
    assert found["number"] == number
    return found


def change(data: Data, action: str) -> Data:
    return next(c for c in data["changes"] if c["action"] == action)


def event(data: Data, kind: str) -> Data:
    return next(e for e in data["events"] if e["kind"] == kind)


def vp_bands_not_numbers(data: Data) -> str:
    # the attack: a VP table of one band of one letter, with the usual scale chosen
    data["tournament"]["custom_vp_bands"] = [["a"]]
    return 'the tournament should list bands in "custom_vp_bands"'


def vp_bands_that_make_no_table(data: Data) -> str:
    data["tournament"]["custom_vp_bands"] = [[0, 10, 12, 8], [5, None, 20, 0]]
    return "The VP table is not usable"


def movement_plan_of_lists(data: Data) -> str:
    data["tournament"]["movement_plan"] = [["random"], "mitchell"]
    return 'the tournament should list movements in "movement_plan"'


def totals_not_numbers(data: Data) -> str:
    # the attack: an audit record whose totals are a word
    change(data, "accepted")["after"] = {"totals": "x"}
    return 'should keep the sides\' totals as whole numbers in "totals"'


def totals_of_one_side(data: Data) -> str:
    change(data, "entered")["after"]["totals"] = {"ns": 600}
    return 'should keep the sides\' totals as whole numbers in "totals"'


def totals_kept_as_nothing(data: Data) -> str:
    change(data, "written")["before"] = {**change(data, "written")["after"], "totals": None}
    return 'should keep the sides\' totals as whole numbers in "totals"'


def record_not_an_object(data: Data) -> str:
    change(data, "written")["after"] = ["x"]
    return 'should have a JSON object or null in "after"'


def record_of_an_entry_nobody_can_read(data: Data) -> str:
    change(data, "written")["after"]["entry"] = {"sides": [{"melds": [["ZZ"]]}, {}]}
    return "keeps an entry the scoring engine cannot read"


def record_of_another_deal(data: Data) -> str:
    change(data, "entered")["after"]["number"] = "2"
    return "keeps deal '2', not 1"


def link_of_a_pair_not_there(data: Data) -> str:
    change(data, "accepted")["pair"] = 99
    return "names pair 99, which is not in the file"


def proposal_entry_not_a_deal(data: Data) -> str:
    table(data, 4)["proposals"][0]["entry"] = {"sides": "x"}
    return "keeps an entry the scoring engine cannot read (it is not a deal's two sides)"


def proposal_totals_not_numbers(data: Data) -> str:
    table(data, 4)["proposals"][0]["totals"] = {"ns": "600", "ew": 70}
    return "should have the two sides' totals"


def proposal_by_the_wrong_pair(data: Data) -> str:
    proposal = table(data, 4)["proposals"][0]
    proposal["pair"] = next(s["pair"] for s in table(data, 4)["seats"] if s["direction"] == "ew")
    return "but pair"


def proposal_answering_what_is_not_there(data: Data) -> str:
    table(data, 2)["proposals"][1]["answers"] = 7
    return "answers version 7, which is not written before it"


def proposal_answering_its_own_side(data: Data) -> str:
    proposals = table(data, 1)["proposals"]
    proposals[2]["answers"] = 1  # N-S's deal 2 "answering" N-S's deal 2
    return "answers a version that is not the other side's of the same deal"


def proposal_of_an_unknown_status(data: Data) -> str:
    table(data, 4)["proposals"][0]["status"] = "lost"
    return '"lost" in "status", which is not one of'


def result_entry_of_nobody(data: Data) -> str:
    data["tournament"]["result_entry"] = "nobody"
    return '"nobody" in "result_entry", which is not one of organiser, players'


def organiser_enters_as_a_word(data: Data) -> str:
    table(data, 3)["organiser_enters"] = "yes"
    return 'should have true or false in "organiser_enters"'


def bye_award_past_its_range(data: Data) -> str:
    data["tournament"]["bye_vp"] = 999
    return "The bye's victory points must be from 0 to 20, not 999."


def house_rule_past_its_range(data: Data) -> str:
    data["tournament"]["house_rules"] = {"closing_bonus": 1_000_000}
    return "House rules: closing_bonus must be from 0 to 10000, not 1000000."


def event_details_not_an_object(data: Data) -> str:
    event(data, "table_entry")["details"] = ["x"]
    return 'should have a JSON object in "details"'


def event_the_change_log_cannot_say(data: Data) -> str:
    event(data, "pair_added")["after"] = [1, 2]
    return "cannot be shown on the change log"


def event_of_an_unknown_kind(data: Data) -> str:
    event(data, "table_entry")["kind"] = "magic"
    return '"magic" in "kind", which is not one of'


@dataclass(frozen=True)
class Edit:
    change: Callable[[Data], str]
    """Edits the exported data; returns what the refusal must say."""


EDITS = [
    Edit(vp_bands_not_numbers),  # the issue's: the settings page answered 500
    Edit(vp_bands_that_make_no_table),  # bands that overlap, shown on the settings page
    Edit(movement_plan_of_lists),
    Edit(totals_not_numbers),  # the issue's: the change log answered 500
    Edit(totals_of_one_side),  # a table's "last changes" read both
    Edit(totals_kept_as_nothing),
    Edit(record_not_an_object),
    Edit(record_of_an_entry_nobody_can_read),  # "restore" and the change log read it
    Edit(record_of_another_deal),
    Edit(link_of_a_pair_not_there),
    Edit(proposal_entry_not_a_deal),  # the players' pages and the round board read it
    Edit(proposal_totals_not_numbers),
    Edit(proposal_by_the_wrong_pair),
    Edit(proposal_answering_what_is_not_there),
    Edit(proposal_answering_its_own_side),
    Edit(proposal_of_an_unknown_status),
    Edit(result_entry_of_nobody),
    Edit(organiser_enters_as_a_word),
    Edit(bye_award_past_its_range),  # what the services keep, whatever the way in
    Edit(house_rule_past_its_range),
    Edit(event_details_not_an_object),
    Edit(event_the_change_log_cannot_say),
    Edit(event_of_an_unknown_kind),
]


@pytest.mark.parametrize("edit", EDITS, ids=[edit.change.__name__ for edit in EDITS])
def test_a_value_a_page_would_stumble_on_is_refused_even_unverified(
    edit: Edit, evening_backup: Data, other_club: Club
) -> None:
    data = copy.deepcopy(evening_backup)
    message = edit.change(data)
    before = Tournament.objects.count()
    with pytest.raises(ServiceError) as refused:
        tournament_import(data=data, club=other_club, unverified=True)
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)
    assert Tournament.objects.count() == before


def test_the_command_says_it_in_one_line(
    evening_backup: Data, other_club: Club, tmp_path: Path
) -> None:
    data = copy.deepcopy(evening_backup)
    vp_bands_not_numbers(data)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        call_command("import_tournament", str(path), "--club", "madrid", "--unverified")
    assert str(refused.value) == (
        USABLE + 'the tournament should list bands in "custom_vp_bands", each [lower, upper or '
        "null, winner VP, loser VP] in whole numbers."
    )


def test_a_signature_not_in_ascii_is_one_line_and_unverified_comes_in(
    evening_backup: Data, other_club: Club, tmp_path: Path
) -> None:
    data = copy.deepcopy(evening_backup)
    data["signature"]["value"] = "firmà" * 13
    path = tmp_path / "signed.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        call_command("import_tournament", str(path), "--club", "madrid")
    assert str(refused.value).startswith("The file cannot be trusted: its signature does not ")
    out = StringIO()
    call_command("import_tournament", str(path), "--club", "madrid", "--unverified", stdout=out)
    assert "marked as not verified" in out.getvalue()


def test_a_club_that_is_no_object_with_another_club_named_is_one_line(
    evening_backup: Data, other_club: Club, tmp_path: Path
) -> None:
    data = copy.deepcopy(evening_backup)
    data["club"] = "roma"
    path = tmp_path / "club.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = StringIO()
    call_command("import_tournament", str(path), "--club", "madrid", "--unverified", stdout=out)
    assert out.getvalue().startswith("Imported ")


def test_what_comes_in_unverified_the_pages_show(
    evening_backup: Data, other_club: Club, organiser: User
) -> None:
    """An edit the numbers allow (a name, a bye award, a VP table of the usual shape): every
    organiser page of the copy answers."""
    data = copy.deepcopy(evening_backup)
    data["tournament"]["custom_vp_bands"] = [[0, 10, 10, 10], [11, None, 20, 0]]
    data["tournament"]["name"] = "Serata <b>di</b> prova ☘"
    copy_ = tournament_import(data=data, club=other_club, unverified=True)
    other_club.organisers.add(organiser)
    client = Client()
    client.force_login(organiser)
    round_ = copy_.round_set.get()
    for address in (
        reverse("tournament_detail", args=[copy_.pk]),
        reverse("tournament_edit", args=[copy_.pk]),
        reverse("tournament_changes", args=[copy_.pk]),
        reverse("round_board", args=[round_.pk]),
        *(reverse("table_entry", args=[t.pk]) for t in round_.tables.all()),
    ):
        assert client.get(address).status_code == 200, address


def leaves(value: Any, path: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """Every place in a part of the file, the part itself first."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += leaves(item, (*path, index))
    return found


def put(data: Data, path: tuple[Any, ...], value: Any) -> None:
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


ODD_VALUES = ["x", None, [["a"]], {"a": 1}]
"""A word, nothing, a list of lists, an object: what a value of another shape looks like."""


def test_any_value_replaced_is_refused_in_one_line_or_its_pages_answer(
    evening_backup: Data, other_club: Club, organiser: User
) -> None:
    """Each value of the settings, of an audit record of a dispute (a written deal before and
    after), of a change of the tournament and of a deal a pair wrote, replaced in turn by each
    of ODD_VALUES: the import refuses it with a ServiceError, or its pages all answer."""
    from django.db import transaction

    data = evening_backup
    disputed = data["changes"].index(change(data, "disputed"))
    taken_over = data["events"].index(event(data, "table_entry"))
    places = [
        *leaves(data["tournament"], ("tournament",)),
        *leaves(data["changes"][disputed], ("changes", disputed)),
        *leaves(data["events"][taken_over], ("events", taken_over)),
        *leaves(table(data, 2)["proposals"][1], ("rounds", 0, "tables", 1, "proposals", 1)),
    ]
    other_club.organisers.add(organiser)
    client = Client()
    client.force_login(organiser)
    imported = 0
    for place in places:
        for value in ODD_VALUES:
            edited = copy.deepcopy(data)
            put(edited, place, value)
            with transaction.atomic():
                try:
                    copy_ = tournament_import(data=edited, club=other_club, unverified=True)
                except ServiceError as refused:
                    assert "\n" not in str(refused)
                    continue
                imported += 1
                round_ = copy_.round_set.get()
                for address in (
                    reverse("tournament_edit", args=[copy_.pk]),
                    reverse("tournament_changes", args=[copy_.pk]),
                    reverse("round_board", args=[round_.pk]),
                    reverse("table_entry", args=[round_.tables.get(number=2).pk]),
                ):
                    assert client.get(address).status_code == 200, (place, value, address)
                transaction.set_rollback(True)  # the next edit is imported afresh
    assert len(places) > 60 and imported > 0  # a name, a time: what the numbers allow
