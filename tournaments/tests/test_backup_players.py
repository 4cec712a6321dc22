"""A backup of an evening whose players enter the results gives it all back: who enters them,
every deal the pairs wrote (waiting, accepted, disputed, settled, replaced) with the version it
answers, the pair whose link made each step of the audit record, the tables the organiser took
over, and every change of the tournament as a whole. The links themselves are issued anew."""

import copy
import json
from collections import Counter
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.backup import tournament_export, tournament_import
from tournaments.models import Club, DealProposal, Pair, ResultChange, Seat, Table, Tournament
from tournaments.services import players, table_entry
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_backup import normalised

NS_WINS: list[dict[str, Any]] = [
    {"melded_points": 300, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
     "closed": True},
    {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"},
]  # fmt: skip
"""North-South 600, East-West 70."""
EW_REMEMBERS: list[dict[str, Any]] = [NS_WINS[0], {**NS_WINS[1], "melded_points": 150}]
"""The same deal as East-West remember it: East-West 120."""


def seat(table: Table, direction: str) -> Seat:
    return Seat.objects.select_related("pair").get(table=table, direction=direction)


def write(table: Table, direction: str, number: int, sides: Any, key: str) -> DealProposal:
    sent = players.proposal_write(
        seat=seat(table, direction), number=number, sides=sides, mode="summary", key=key
    )
    return sent.proposal


def players_evening(club: Club, organiser: User) -> Tournament:
    """Eight pairs, the players entering the results; round 1 played on the phones:
    table 1: deal 1 written by N-S and accepted, deal 2 written, written again, waiting;
    table 2: deal 1 disputed and settled by the organiser, deal 2 disputed, waiting for him;
    table 3: taken over by the organiser, who entered deal 1; table 4: deal 1 waiting."""
    tournament = make_tournament(club, pairs=8, result_entry="players", rounds=2)
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=4).round
    services.round_start(round=round_)
    one, two, three, four = round_.tables.order_by("number")
    first = write(one, "ns", 1, NS_WINS, "k1")
    players.proposal_accept(seat=seat(one, "ew"), proposal_id=first.pk)
    write(one, "ns", 2, EW_REMEMBERS, "k2")
    write(one, "ns", 2, NS_WINS, "k3")  # corrected before the opponents answered
    disputed = write(two, "ns", 1, NS_WINS, "k4")
    answer = players.proposal_dispute(
        seat=seat(two, "ew"), proposal_id=disputed.pk, sides=EW_REMEMBERS, mode="summary",
        key="k5",
    ).proposal  # fmt: skip
    players.dispute_settle(proposal=answer, user=organiser)
    disputed = write(two, "ns", 2, NS_WINS, "k6")
    players.proposal_dispute(
        seat=seat(two, "ew"), proposal_id=disputed.pk, sides=EW_REMEMBERS, mode="summary",
        key="k7",
    )  # fmt: skip
    write(three, "ew", 1, NS_WINS, "k8")
    table_entry.table_entry_switch(table=three, organiser_enters=True, user=organiser)
    three.refresh_from_db()
    services.deal_record(
        table=three, number=1, sides=NS_WINS, mode="summary", user=organiser,
        version=three.version,
    )  # fmt: skip
    write(four, "ns", 1, NS_WINS, "k9")
    tournament.refresh_from_db()
    return tournament


@pytest.fixture
def evening(club: Club, organiser: User) -> Tournament:
    return players_evening(club, organiser)


def proposals_of(tournament: Tournament) -> list[tuple[int, int, str, int, str, int | None]]:
    """(table, deal, written by, pair, status, the table and deal of the version answered)."""
    return [
        (
            p.table.number, p.number, p.direction, p.pair.number, p.status,
            p.answers.number if p.answers else None,
        )
        for p in DealProposal.objects.filter(table__round__tournament=tournament)
        .select_related("table", "pair", "answers")
        .order_by("table__number", "id")
    ]  # fmt: skip


def links_in_the_record(tournament: Tournament) -> list[tuple[str, int, int | None]]:
    return [
        (change.action, change.deal_number, change.pair.number if change.pair else None)
        for change in ResultChange.objects.filter(tournament=tournament)
        .select_related("pair")
        .order_by("at", "id")
    ]


def test_the_players_entry_comes_back_whole(
    evening: Tournament, other_club: Club, organiser: User
) -> None:
    data = json.loads(json.dumps(tournament_export(tournament=evening)))
    assert data["tournament"]["result_entry"] == "players"
    written = proposals_of(evening)
    assert Counter(status for *_, status, _answers in written) == {
        "accepted": 1, "waiting": 2, "replaced": 2, "chosen": 1, "rejected": 1, "disputed": 2,
    }  # fmt: skip
    links = links_in_the_record(evening)
    assert sum(pair is not None for *_, pair in links) == 10  # written, accepted, disputed

    copy_ = tournament_import(data=data, club=other_club)

    assert copy_.result_entry == "players"
    assert proposals_of(copy_) == written
    assert links_in_the_record(copy_) == links
    assert list(
        Table.objects.filter(round__tournament=copy_).values_list("number", "organiser_enters")
    ) == [(1, False), (2, False), (3, True), (4, False)]
    assert normalised(tournament_export(tournament=copy_)) == normalised(data)
    # the links are new: none of the evening's opens the copy
    tokens = set(Pair.objects.filter(tournament=evening).values_list("token", flat=True))
    assert not tokens & set(Pair.objects.filter(tournament=copy_).values_list("token", flat=True))
    # and the copy plays on: table 4's East-West accept the deal North-South wrote
    table = Table.objects.get(round__tournament=copy_, number=4)
    waiting = DealProposal.objects.get(table=table, status="waiting")
    players.proposal_accept(seat=seat(table, "ew"), proposal_id=waiting.pk)
    assert table.deals.get(number=1).sides.get(direction="ns").total == 600
    # its change log says whose link did what, and the round board has the dispute to decide
    other_club.organisers.add(organiser)
    client = Client()
    client.force_login(organiser)
    log = client.get(reverse("tournament_changes", args=[copy_.pk])).content.decode()
    assert log.count("the link of pair") == 11  # the ten, and the acceptance just now
    board = client.get(reverse("round_board", args=[copy_.round_set.get().pk]))
    assert board.status_code == 200
    page = board.content.decode()
    assert "Deal 2 at table 2" in page and "No deal to decide" not in page
    assert page.count("s version</button>") == 2  # both versions, side by side


def test_a_file_written_before_the_players_entered_results_still_comes_in(
    evening: Tournament, other_club: Club
) -> None:
    """A file of an earlier release has none of these keys: the organiser enters the results,
    no table was taken over, no deal was written on a phone, no change of the tournament."""
    data = copy.deepcopy(tournament_export(tournament=evening))
    del data["tournament"]["result_entry"], data["events"]
    for round_ in data["rounds"]:
        for table in round_["tables"]:
            del table["organiser_enters"], table["proposals"]
    for change in data["changes"]:
        del change["pair"]
    copy_ = tournament_import(data=data, club=other_club, unverified=True)
    assert copy_.result_entry == "organiser"
    assert not DealProposal.objects.filter(table__round__tournament=copy_).exists()
    assert not ResultChange.objects.filter(tournament=copy_, pair__isnull=False).exists()
    assert list(copy_.events.values_list("kind", flat=True)) == ["imported"]
