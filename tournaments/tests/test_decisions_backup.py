"""The arbiter's decisions in a tournament backup: exported in the order taken (a cancellation
naming the decision it cancels), restored exactly, with the tables and standings they make;
a file whose decision was edited by hand is refused, nothing imported."""

import json
from typing import Any

import pytest
from django.contrib.auth.models import User

from tournaments.backup import tournament_export, tournament_import
from tournaments.models import Club, Decision, Tournament
from tournaments.services import ServiceError
from tournaments.services.decisions import decision_cancel, decision_take
from tournaments.tests.test_decisions import EW_WINS, evening, play, tables


def decided_evening(club: Club, organiser: User) -> Tournament:
    tournament, round_ = evening(club)
    a, b = tables(round_)
    decision_take(table=a, kind="walkover", pair=a.ew, reason="Absent", user=organiser)
    play(b, EW_WINS, organiser)
    late = decision_take(table=b, kind="late", pair=b.ew, reason="Late", user=organiser)
    decision_cancel(decision=late, reason="Clock was fast", user=organiser)
    decision_take(table=b, kind="penalty", pair=b.ew, vp=2, reason="Slow play", user=organiser)
    decision_take(table=b, kind="timeout", deal_number=3, reason="Time", user=organiser)
    return tournament


def decisions_of(data: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [
        (d["kind"], d["round_number"], d["table_number"], d["pair"], d["mp"], d["vp"],
         d["ns_vp"], d["ew_vp"], d["reason"], d["supersedes"], d["user"])
        for d in data["decisions"]
    ]  # fmt: skip


def standings(tournament: Tournament) -> list[tuple[int, int, int, int | None]]:
    return list(tournament.pairs.order_by("number").values_list("number", "vp", "mp", "rank"))


def test_decisions_go_to_a_backup_and_come_back_exactly(
    club: Club, other_club: Club, organiser: User
) -> None:
    tournament = decided_evening(club, organiser)
    exported = json.loads(json.dumps(tournament_export(tournament=tournament)))
    assert [d[0] for d in decisions_of(exported)] == [
        "walkover", "late", "cancel", "penalty", "timeout",
    ]  # fmt: skip
    assert decisions_of(exported)[2][-2] == 1  # the cancellation names the late arrival
    assert exported["tournament"]["late_penalty_mp"] == 100
    restored = tournament_import(data=exported, club=other_club)
    again = json.loads(json.dumps(tournament_export(tournament=restored)))
    assert decisions_of(again) == decisions_of(exported)
    assert [d["at"] for d in again["decisions"]] == [d["at"] for d in exported["decisions"]]
    assert standings(restored) == standings(tournament)
    assert Decision.objects.filter(tournament=restored).count() == 5
    walkover = restored.round_set.get(number=1).tables.get(number=1)
    assert (walkover.status, walkover.ns_vp, walkover.ew_vp) == ("done", 14, 6)


def test_an_edited_decision_is_refused_and_nothing_imported(
    club: Club, other_club: Club, organiser: User
) -> None:
    exported = json.loads(
        json.dumps(tournament_export(tournament=decided_evening(club, organiser)))
    )
    exported["decisions"][0]["ns_vp"] = 20  # the walk-over's 14 VP made 20 by hand
    with pytest.raises(ServiceError) as error:
        tournament_import(data=exported, club=other_club, unverified=True)  # past the signature
    assert "table 1" in str(error.value)
    assert not Tournament.objects.filter(club=other_club).exists()


def test_a_file_written_before_decisions_imports_without_them(
    club: Club, other_club: Club, organiser: User
) -> None:
    tournament, round_ = evening(club)
    play(tables(round_)[1], EW_WINS, organiser)
    exported = json.loads(json.dumps(tournament_export(tournament=tournament)))
    del exported["decisions"]
    for name in ("late_penalty_mp", "walkover_vp", "walkover_mp", "walkover_absent_vp"):
        del exported["tournament"][name]
    restored = tournament_import(data=exported, club=other_club, unverified=True)
    assert restored.late_penalty_mp == 100 and not restored.decisions.exists()
