"""The arbiter's decisions (RULES.md, "Director's decisions"), each worked by hand on a 4-pair
evening: a late arrival, a walk-over, an abandonment, a penalty in VP, an assigned result, a
time-out deal, a cancellation; what they change in the tables and the standings, what they
refuse (saving nothing), and the change log."""

from typing import Any

import pytest
from django.contrib.auth.models import User

from tournaments import services
from tournaments.models import Club, Decision, Pair, Round, Table, Tournament, TournamentEvent
from tournaments.rules.decisions import walkover_award
from tournaments.services.decisions import decision_cancel, decision_take
from tournaments.services.errors import ServiceError
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_services_evening import NS_WINS

EW_WINS = [NS_WINS[1] | {"closed": False}, NS_WINS[0]]  # mirror: NS 70, EW 600


def evening(club: Club, pairs: int = 4, **options: Any) -> tuple[Tournament, Round]:
    tournament = make_tournament(club, pairs=pairs, **options)
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=11)
    services.round_start(round=prepared.round)
    return tournament, prepared.round


def tables(round_: Round) -> list[Table]:
    return list(round_.tables.filter(is_bye=False).order_by("number"))


def play(table: Table, sides: list[dict[str, object]], user: User, deals: int = 3) -> None:
    for number in range(1, deals + 1):
        table.refresh_from_db()
        services.deal_record(
            table=table, number=number, sides=sides, mode="summary", user=user,
            version=table.version,
        )  # fmt: skip


def standing(pair: Pair | None) -> tuple[int, int, int | None]:
    assert pair is not None
    pair.refresh_from_db()
    return pair.vp, pair.mp, pair.rank


def standing_number(table: Table) -> int:
    assert table.ns is not None
    return table.ns.number


def test_a_late_pair_loses_100_mp_and_the_tie_on_mp(club: Club, organiser: User) -> None:
    tournament, round_ = evening(club)
    a, b = tables(round_)
    play(a, NS_WINS, organiser)  # N-S 1800, E-W 210: 20-0
    play(b, EW_WINS, organiser)  # N-S 210, E-W 1800: 0-20
    assert standing(a.ns) == standing(b.ew) == (20, 1800, 1)  # level: a draw
    version = Tournament.objects.get(pk=tournament.pk).results_version
    decision_take(table=a, kind="late", pair=a.ns, reason="8 minutes late", user=organiser)
    assert standing(a.ns) == (20, 1700, 2)
    assert standing(b.ew) == (20, 1800, 1)
    assert standing(a.ew) == (0, 210, 3)  # the opponents' score does not change
    assert Tournament.objects.get(pk=tournament.pk).results_version > version
    event = TournamentEvent.objects.get(kind="decision")
    assert (event.round_number, event.table_number, event.details["reason"]) == (
        1, a.number, "8 minutes late",
    )  # fmt: skip
    assert event.after == {"kind": "late", "pair": standing_number(a), "mp": 100}


def test_the_late_penalty_is_the_clubs_setting(club: Club, organiser: User) -> None:
    _tournament, round_ = evening(club, late_penalty_mp=50)
    a, _b = tables(round_)
    play(a, NS_WINS, organiser)
    decision_take(table=a, kind="late", pair=a.ns, reason="6 minutes late", user=organiser)
    assert standing(a.ns)[:2] == (20, 1750)


def test_a_walk_over_gives_14_and_355_to_the_present_pair_and_6_to_the_absent(
    club: Club, organiser: User
) -> None:
    _tournament, round_ = evening(club)
    a, b = tables(round_)
    play(b, NS_WINS, organiser)  # N-S 20 VP 1800, E-W 0 VP 210
    decision_take(table=a, kind="walkover", pair=a.ew, reason="Not here at 21:15", user=organiser)
    a.refresh_from_db()
    assert (a.status, a.ns_mp, a.ew_mp, a.ns_vp, a.ew_vp) == ("done", 355, 0, 14, 6)
    assert standing(b.ns) == (20, 1800, 1)
    assert standing(a.ns) == (14, 355, 2)
    assert standing(a.ew) == (6, 0, 3)
    assert standing(b.ew) == (0, 210, 4)
    assert Round.objects.get(pk=round_.pk).status == "done"


def test_a_walk_over_on_fibur_4_gives_12_and_305_and_8(club: Club) -> None:
    tournament = make_tournament(club, pairs=0, deals_per_round=4, vp_scale="fibur-4")
    assert walkover_award(tournament) == (12, 305, 8)


def test_an_absent_pair_scores_its_average_when_that_is_less(club: Club, organiser: User) -> None:
    tournament, first = evening(club)
    a, b = tables(first)
    play(a, NS_WINS, organiser)
    play(b, NS_WINS, organiser)  # both E-W pairs scored 0 VP in round 1
    loser = a.ew
    second = services.round_prepare(tournament=tournament, movement="random", seed=3).round
    services.round_start(round=second)
    table = second.seats.get(pair=loser).table
    decision_take(table=table, kind="walkover", pair=loser, reason="Went home", user=organiser)
    table.refresh_from_db()
    absent_vp = table.ns_vp if table.ns == loser else table.ew_vp
    present_vp = table.ew_vp if table.ns == loser else table.ns_vp
    assert (absent_vp, present_vp) == (0, 14)  # average 0 < 6


def test_an_abandonment_gives_the_bye_award_and_withdraws_the_pair(
    club: Club, organiser: User
) -> None:
    tournament, round_ = evening(club)
    a, b = tables(round_)
    play(b, EW_WINS, organiser)  # E-W 20 VP 1800
    leaving, left = a.ns, a.ew
    decision_take(table=a, kind="abandonment", pair=leaving, reason="Unwell", user=organiser)
    a.refresh_from_db()
    assert (a.status, a.ns_mp, a.ew_mp, a.ns_vp, a.ew_vp) == ("done", 0, 355, 0, 14)
    assert standing(b.ew) == (20, 1800, 1)
    assert standing(left) == (14, 355, 2)
    assert standing(b.ns) == (0, 210, 3)
    assert standing(leaving) == (0, 0, 4)
    assert Pair.objects.get(pk=leaving.pk).withdrawn_from == 2  # type: ignore[union-attr]
    second = services.round_prepare(tournament=tournament, movement="random", seed=3).round
    assert not second.seats.filter(pair=leaving).exists()
    assert second.tables.filter(is_bye=True).count() == 1  # 3 pairs: one scores the bye award


def test_a_vp_penalty_takes_from_that_pair_only(club: Club, organiser: User) -> None:
    _tournament, round_ = evening(club)
    a, b = tables(round_)
    play(a, NS_WINS, organiser)
    play(b, EW_WINS, organiser)
    decision_take(
        table=a, kind="penalty", pair=a.ns, vp=3, reason="Exposed card, twice", user=organiser
    )
    assert standing(b.ew) == (20, 1800, 1)
    assert standing(a.ns) == (17, 1800, 2)
    assert standing(a.ew) == (0, 210, 3)
    a.refresh_from_db()
    assert (a.ns_vp, a.ew_vp) == (20, 0)  # the table's result stays as played


def test_an_assigned_result_sets_the_table_and_takes_no_deal(club: Club, organiser: User) -> None:
    _tournament, round_ = evening(club)
    a, _b = tables(round_)
    play(a, NS_WINS, organiser, deals=1)
    decision = decision_take(
        table=a, kind="assigned", ns_mp=400, ew_mp=100, reason="Score sheet lost", user=organiser
    )
    a.refresh_from_db()
    # 300 difference -> 13-7 on FIBUR 3
    assert (a.status, a.ns_mp, a.ew_mp, a.ns_vp, a.ew_vp) == ("done", 400, 100, 13, 7)
    assert standing(a.ns) == (13, 400, 1)
    assert standing(a.ew) == (7, 100, 2)
    with pytest.raises(ServiceError) as error:
        play(a, NS_WINS, organiser, deals=1)
    assert "The result of table 1 was set by a decision (Assigned result)" in str(error.value)
    decision_cancel(decision=decision, reason="Sheet found", user=organiser)
    a.refresh_from_db()
    assert (a.status, a.ns_mp, a.ew_mp) == ("in_progress", 600, 70)  # its one deal again
    assert standing(a.ns) == (0, 0, 1)
    assert Decision.objects.count() == 2  # the first stays on the record


def test_a_time_out_marks_the_deal_and_a_second_replaces_it(club: Club, organiser: User) -> None:
    _tournament, round_ = evening(club)
    a, _b = tables(round_)
    first = decision_take(table=a, kind="timeout", deal_number=3, reason="Time", user=organiser)
    second = decision_take(
        table=a, kind="timeout", deal_number=3, reason="Time called at 22:40", user=organiser
    )
    assert second.supersedes == first
    from tournaments.selectors.decisions import marks_by_table

    marks = marks_by_table(a.round.tournament)[(1, a.number)]
    assert [(m.kind, m.deal_number, m.reason) for m in marks] == [
        ("timeout", 3, "Time called at 22:40")
    ]


def test_a_cancelled_penalty_counts_no_more(club: Club, organiser: User) -> None:
    _tournament, round_ = evening(club)
    a, _b = tables(round_)
    play(a, NS_WINS, organiser)
    late = decision_take(table=a, kind="late", pair=a.ns, reason="Late", user=organiser)
    assert standing(a.ns)[:2] == (20, 1700)
    cancel = decision_cancel(decision=late, reason="Clock was fast", user=organiser)
    assert standing(a.ns)[:2] == (20, 1800)
    with pytest.raises(ServiceError) as error:
        decision_cancel(decision=cancel, reason="Again", user=organiser)
    assert str(error.value) == "A cancellation cannot itself be cancelled: take the decision again."
    with pytest.raises(ServiceError) as error:
        decision_cancel(decision=late, reason="Again", user=organiser)
    assert str(error.value) == "This decision was already cancelled or replaced."


@pytest.mark.parametrize(
    ("options", "message"),
    [
        # no reason: every decision carries its reason
        ({"reason": "  "}, "Write the reason for the decision: it is shown with it"),
        # a pair from another table
        ({"pair": "other"}, "does not play at this table: choose pair"),
        # a penalty of nothing
        ({"kind": "penalty"}, "Write the MP or the VP the penalty takes."),
    ],
    ids=["no reason", "wrong pair", "empty penalty"],
)
def test_a_bad_decision_says_why_and_saves_nothing(
    club: Club, organiser: User, options: dict[str, Any], message: str
) -> None:
    tournament, round_ = evening(club)
    a, b = tables(round_)
    values: dict[str, Any] = {"kind": "late", "pair": a.ns, "reason": "Late"} | options
    if values["pair"] == "other":
        values["pair"] = b.ns
    version = Tournament.objects.get(pk=tournament.pk).results_version
    with pytest.raises(ServiceError) as error:
        decision_take(table=a, user=organiser, **values)
    assert message in str(error.value)
    assert Decision.objects.count() == 0
    assert not TournamentEvent.objects.filter(kind="decision").exists()
    assert Tournament.objects.get(pk=tournament.pk).results_version == version


def test_no_decision_before_the_round_starts(club: Club, organiser: User) -> None:
    tournament = make_tournament(club, pairs=4)
    seated = services.round_prepare(tournament=tournament, movement="random", seed=1).round
    table = tables(seated)[0]
    with pytest.raises(ServiceError) as error:
        decision_take(table=table, kind="late", pair=table.ns, reason="Late", user=organiser)
    assert str(error.value) == "The round has not started: a decision is taken once it is played."


def test_a_walk_over_in_a_match_is_a_won_match_for_the_present_pair(
    club: Club, organiser: User
) -> None:
    _tournament, round_ = evening(club, format="target")
    a, _b = tables(round_)
    decision_take(table=a, kind="walkover", pair=a.ns, reason="Absent", user=organiser)
    a.refresh_from_db()
    assert (a.status, a.ns_mp, a.ew_mp, a.winner, a.ns_vp) == ("done", 0, 355, "ew", None)
    assert a.ew is not None and a.ns is not None
    a.ew.refresh_from_db()
    a.ns.refresh_from_db()
    assert (a.ew.matches_won, a.ew.point_difference, a.ew.rank) == (1, 355, 1)
    assert (a.ns.matches_won, a.ns.point_difference) == (0, -355)


def test_the_files_carry_each_decision_in_their_last_column(club: Club, organiser: User) -> None:
    from tournaments.deal_exports import DEAL_RESULT_COLUMNS, deal_result_rows
    from tournaments.selectors.decisions import deal_file_texts, pair_file_texts
    from tournaments.selectors.exports import deal_sides_of

    tournament, round_ = evening(club)
    a, b = tables(round_)
    play(a, NS_WINS, organiser)
    decision_take(table=a, kind="timeout", deal_number=2, reason="Time called", user=organiser)
    decision_take(table=a, kind="late", pair=a.ew, reason="Late, 7 minutes", user=organiser)
    decision_take(table=b, kind="walkover", pair=b.ew, reason="Absent", user=organiser)
    assert a.ew is not None and b.ew is not None and b.ns is not None
    late, absent, present = a.ew.number, b.ew.number, b.ns.number
    assert pair_file_texts(tournament) == {
        late: f"r1 t1 late pair {late} -100 MP: Late, 7 minutes",
        absent: f"r1 t2 walkover pair {absent}: Absent",
        present: f"r1 t2 walkover pair {absent}: Absent",
    }
    rows = deal_result_rows(deal_sides_of(tournament), deal_file_texts(tournament))
    assert DEAL_RESULT_COLUMNS[-1] == "decision"
    by_deal = {(row[1], row[2], row[3]): row[-1] for row in rows}
    assert by_deal[(1, 1, "N-S")] == f"r1 t1 late pair {late} -100 MP: Late, 7 minutes"
    assert by_deal[(1, 2, "E-W")] == (
        f"r1 t1 timeout deal 2: Time called; r1 t1 late pair {late} -100 MP: Late, 7 minutes"
    )


def test_a_tournament_with_a_cancelled_decision_can_still_be_deleted(
    club: Club, organiser: User
) -> None:
    tournament, round_ = evening(club)
    a, _b = tables(round_)
    late = decision_take(table=a, kind="late", pair=a.ns, reason="Late", user=organiser)
    decision_cancel(decision=late, reason="Clock was fast", user=organiser)
    tournament.delete()
    assert not Decision.objects.exists()


def test_a_closed_rounds_assigned_result_is_replaced_not_cancelled(
    club: Club, organiser: User
) -> None:
    tournament, first = evening(club)
    a, b = tables(first)
    assigned = decision_take(
        table=a, kind="assigned", ns_mp=400, ew_mp=100, reason="Sheet lost", user=organiser
    )
    play(b, NS_WINS, organiser)
    second = services.round_prepare(tournament=tournament, movement="random", seed=3).round
    services.round_start(round=second)  # round 1 is closed: its tables stay done
    with pytest.raises(ServiceError) as error:
        decision_cancel(decision=assigned, reason="Sheet found", user=organiser)
    assert str(error.value) == (
        "Round 2 has started, so table 1 must keep a result, and its deals do not make one: "
        "take another decision on its result instead."
    )
    assert Decision.objects.count() == 1
    replaced = decision_take(
        table=a, kind="assigned", ns_mp=300, ew_mp=300, reason="Sheet found", user=organiser
    )
    assert replaced.supersedes == assigned
    a.refresh_from_db()
    assert (a.status, a.ns_vp, a.ew_vp) == ("done", 10, 10)
