"""Only the disputed deal waits: while the organiser decides deal 1, the pairs write and accept
deal 2, which is saved once deal 1 is decided (checked again; refused, it goes to the
organiser with the reason)."""

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.backup import tournament_export, tournament_import
from tournaments.models import Club, DealProposal, ResultChange, Table
from tournaments.tests.test_player_entry import (
    EW_VERSION,
    accept,
    link,
    players_table,
    saved_totals,
    write,
)
from tournaments.tests.test_views_entry import NS_WINS, form_data, text_of

DEAL_2: dict[str, Any] = {
    "ns": {"melded_points": "100", "hand_points": "20", "pot": "taken"},
    "ew": {"melded_points": "250", "burracos_clean": "1", "pot": "taken"},
    "closed": "ew",
}  # classico: N-S 100 - 20 = 80; E-W 250 + 200 clean + 100 closing = 550


NS_SIDES: list[dict[str, Any]] = [
    {"melded_points": 300, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
     "closed": True},
    {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"},
]  # fmt: skip
"""Deal 1 as N-S wrote it, for the organiser's own entry: N-S 600, E-W 70."""


def disputed_deal_1(table: Table) -> None:
    write(Client(), table, "ns", 1, NS_WINS)
    proposal = DealProposal.objects.get(table=table)
    data = form_data(table, 1, EW_VERSION) | {"key": "ew-version-1"}
    Client().post(reverse("link_dispute", args=[link(table, "ew"), proposal.pk]), data)
    assert DealProposal.objects.get(table=table, direction="ew").status == "disputed"


def phone_page(table: Table, direction: str) -> str:
    response = Client().get(reverse("link_table", args=[link(table, direction)]))
    return text_of(response.content.decode())


def deal_2_accepted(table: Table) -> DealProposal:
    assert write(Client(), table, "ns", 2, DEAL_2, key="key-0002").status_code == 302
    proposal = DealProposal.objects.get(table=table, number=2)
    assert accept(Client(), table, "ew", proposal).status_code == 302
    proposal.refresh_from_db()
    return proposal


@pytest.mark.django_db
def test_the_phone_offers_deal_2_while_deal_1_is_with_the_organiser(club: Club) -> None:
    table = players_table(club)
    disputed_deal_1(table)
    page = phone_page(table, "ns")
    assert "Deal 1 is with the organiser." in page
    assert (
        "Meanwhile play on: write the next deals as usual, they are saved in order once this "
        "one is decided." in page
    )
    assert "Send deal 2" in page


@pytest.mark.django_db
def test_deal_2_accepted_waits_for_the_organisers_decision_on_deal_1(club: Club) -> None:
    table = players_table(club)
    disputed_deal_1(table)
    proposal = deal_2_accepted(table)
    assert (proposal.status, proposal.totals) == ("queued", {"ns": 80, "ew": 550})
    assert saved_totals(table) == {}
    page = phone_page(table, "ew")
    assert "Deal 2 accepted: it is saved once the organiser decides the deal before." in page
    assert "Send deal 3" in page


@pytest.mark.django_db
def test_the_organiser_decides_deal_1_and_deal_2_is_saved_after_it(
    club: Club, organiser_client: Client
) -> None:
    table = players_table(club)
    disputed_deal_1(table)
    deal_2_accepted(table)
    counter = DealProposal.objects.get(table=table, number=1, direction="ew")
    response = organiser_client.post(reverse("dispute_choose", args=[counter.pk]))
    assert response.status_code == 302
    assert saved_totals(table) == {
        (1, "ns"): 600,
        (1, "ew"): 120,
        (2, "ns"): 80,
        (2, "ew"): 550,
    }
    assert DealProposal.objects.get(table=table, number=2).status == "accepted"
    table.refresh_from_db()
    assert (table.ns_mp, table.ew_mp) == (680, 670)


@pytest.mark.django_db
def test_a_queued_deal_refused_on_its_new_check_goes_to_the_organiser_with_why(
    club: Club, organiser_client: Client
) -> None:
    table = players_table(club)
    disputed_deal_1(table)
    proposal = deal_2_accepted(table)
    bad = [dict(side) for side in proposal.entry["sides"]]
    bad[1] = bad[1] | {"melded_points": 20}  # as if the checks had changed since it was accepted
    DealProposal.objects.filter(pk=proposal.pk).update(entry={"sides": bad})
    counter = DealProposal.objects.get(table=table, number=1, direction="ew")
    organiser_client.post(reverse("dispute_choose", args=[counter.pk]))
    assert saved_totals(table) == {(1, "ns"): 600, (1, "ew"): 120}
    proposal.refresh_from_db()
    assert proposal.status == "disputed"
    assert "burraco" in proposal.reason and "20" in proposal.reason
    board = text_of(
        organiser_client.get(reverse("round_board", args=[table.round_id])).content.decode()
    )
    assert "Deal 2 at table 1" in board
    assert "no longer passes the checks: " + proposal.reason in board
    assert ResultChange.objects.filter(table=table, action="disputed", deal_number=2).exists()


@pytest.mark.django_db
def test_in_a_match_to_a_target_the_next_deal_still_waits_and_the_phone_says_why(
    club: Club,
) -> None:
    table = players_table(club, format="target", target_score=1500)
    disputed_deal_1(table)
    page = phone_page(table, "ns")
    assert (
        "Deal 1 is with the organiser. Here every deal depends on the score before it: write "
        "the next deal once the organiser has decided." in page
    )
    assert "Send deal 2" not in page
    assert "Meanwhile play on" not in page
    assert write(Client(), table, "ns", 2, DEAL_2, key="key-0002").status_code == 409
    assert not DealProposal.objects.filter(table=table, number=2).exists()


@pytest.mark.django_db
def test_a_backup_keeps_the_queued_deal_and_why_one_went_back_to_the_organiser(
    club: Club, other_club: Club
) -> None:
    table = players_table(club)
    disputed_deal_1(table)
    deal_2_accepted(table)
    DealProposal.objects.filter(table=table, number=1, direction="ew").update(
        reason="A clean burraco needs 7 cards."
    )
    data = json.loads(json.dumps(tournament_export(tournament=table.round.tournament)))
    copy_ = tournament_import(data=data, club=other_club)
    read = DealProposal.objects.filter(table__round__tournament=copy_).order_by("number", "id")
    assert [(p.number, p.direction, p.status, p.reason) for p in read] == [
        (1, "ns", "disputed", ""),
        (1, "ew", "disputed", "A clean burraco needs 7 cards."),
        (2, "ns", "queued", ""),
    ]


@pytest.mark.django_db
def test_the_organiser_entering_deal_1_on_the_table_page_saves_the_queued_deal_2(
    club: Club, organiser: User
) -> None:
    table = players_table(club)
    disputed_deal_1(table)
    deal_2_accepted(table)
    table.refresh_from_db()
    services.deal_record(
        table=table, number=1, sides=NS_SIDES, mode="summary", user=organiser,
        version=table.version,
    )  # fmt: skip
    assert saved_totals(table) == {(1, "ns"): 600, (1, "ew"): 70, (2, "ns"): 80, (2, "ew"): 550}
    statuses = list(
        DealProposal.objects.filter(table=table).order_by("id").values_list("number", "status")
    )
    assert statuses == [(1, "replaced"), (1, "replaced"), (2, "accepted")]


@pytest.mark.django_db
def test_the_change_log_says_deal_2_waited_and_why_it_went_back_to_the_organiser(
    club: Club, organiser_client: Client
) -> None:
    table = players_table(club)
    disputed_deal_1(table)
    proposal = deal_2_accepted(table)
    bad = [dict(side) for side in proposal.entry["sides"]]
    bad[1] = bad[1] | {"melded_points": 20}
    DealProposal.objects.filter(pk=proposal.pk).update(entry={"sides": bad})
    counter = DealProposal.objects.get(table=table, number=1, direction="ew")
    organiser_client.post(reverse("dispute_choose", args=[counter.pk]))
    proposal.refresh_from_db()
    log = text_of(
        organiser_client.get(
            reverse("tournament_changes", args=[table.round.tournament_id])
        ).content.decode()
    )
    assert "saved once the deal before is decided." in log
    assert (
        "Deal 2, accepted while the deal before was with the organiser, no longer passes the "
        f"checks once that was decided ({proposal.reason}): the organiser decides." in log
    )


@pytest.mark.django_db
def test_deal_2_disputed_too_is_decided_first_and_waits_for_deal_1(
    club: Club, organiser_client: Client
) -> None:
    table = players_table(club)
    disputed_deal_1(table)
    assert write(Client(), table, "ns", 2, DEAL_2, key="key-0002").status_code == 302
    deal_2 = DealProposal.objects.get(table=table, number=2)
    ew_deal_2 = DEAL_2 | {"ns": DEAL_2["ns"] | {"hand_points": "40"}}  # N-S 60, not 80
    data = form_data(table, 2, ew_deal_2) | {"key": "key-0003"}
    Client().post(reverse("link_dispute", args=[link(table, "ew"), deal_2.pk]), data)
    counter_2 = DealProposal.objects.get(table=table, number=2, direction="ew")
    organiser_client.post(reverse("dispute_choose", args=[counter_2.pk]))
    counter_2.refresh_from_db()
    assert counter_2.status == "queued"
    assert saved_totals(table) == {}
    counter_1 = DealProposal.objects.get(table=table, number=1, direction="ew")
    organiser_client.post(reverse("dispute_choose", args=[counter_1.pk]))
    assert saved_totals(table) == {(1, "ns"): 600, (1, "ew"): 120, (2, "ns"): 60, (2, "ew"): 550}
