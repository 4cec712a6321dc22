"""deal_record and deal_remove: scoring through the engine, corrections, the audit record, the
version check, matches to a target and the Danese flag after a correction."""

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import InvalidDeal
from tournaments import services
from tournaments.models import Club, Deal, DealSide, Meld, Pair, ResultChange, Round, Table
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_services_evening import NS_WINS

EW_WINS = [NS_WINS[1] | {"closed": False}, NS_WINS[0]]  # mirror: NS 70, EW 600


def first_table(tournament_round: Round) -> Table:
    table = tournament_round.tables.filter(is_bye=False).order_by("number").first()
    assert table is not None
    return table


def started_round(club: Club, **options: Any) -> Round:
    tournament = make_tournament(club, **options)
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=11)
    services.round_start(round=prepared.round)
    return prepared.round


def record(table: Table, number: int, sides: list[dict[str, object]], user: User) -> Deal:
    table.refresh_from_db()
    return services.deal_record(
        table=table, number=number, sides=sides, mode="summary", user=user, version=table.version
    )


def test_a_deal_stores_what_the_engine_gives(club: Club, organiser: User) -> None:
    table = first_table(started_round(club))
    deal = record(table, 1, NS_WINS, organiser)
    ns, ew = deal.sides.order_by("direction").reverse()  # ns after ew alphabetically
    assert (ns.direction, ns.melded_points, ns.burraco_bonus, ns.closing_bonus, ns.total) == (
        "ns",
        300,
        200,
        100,
        600,
    )
    assert (ew.direction, ew.hand_penalty, ew.total) == ("ew", 30, 70)
    table.refresh_from_db()
    assert (table.ns_mp, table.ew_mp, table.status, table.version) == (600, 70, "in_progress", 1)
    # 530 difference -> 15-5 on the 3-deal scale, provisional until the table is done
    assert (table.ns_vp, table.ew_vp) == (15, 5)


def test_an_invalid_deal_saves_nothing(club: Club, organiser: User) -> None:
    table = first_table(started_round(club))
    closed_without_burraco = [
        {"melded_points": 120, "hand_points": 0, "pot": "taken", "closed": True},
        NS_WINS[1],
    ]
    with pytest.raises(InvalidDeal) as error:
        record(table, 1, closed_without_burraco, organiser)
    assert "side 1 closed without a burraco of any kind" in error.value.messages[0]
    assert DealSide.objects.count() == 0
    table.refresh_from_db()
    assert (table.version, table.status) == (0, "not_started")


def test_a_correction_recomputes_and_is_audited(club: Club, organiser: User) -> None:
    round_ = started_round(club)
    table = first_table(round_)
    for number in (1, 2, 3):
        record(table, number, NS_WINS, organiser)
    table.refresh_from_db()
    assert (table.ns_mp, table.ew_mp, table.ns_vp, table.status) == (1800, 210, 20, "done")
    record(table, 2, EW_WINS, organiser)
    table.refresh_from_db()
    # 600 + 70 + 600 = 1270 v 70 + 600 + 70 = 740: 530 -> 15-5
    assert (table.ns_mp, table.ew_mp, table.ns_vp, table.ew_vp) == (1270, 740, 15, 5)
    change = ResultChange.objects.filter(action="corrected").get()
    assert change.before is not None and change.after is not None
    assert change.before["totals"] == {"ns": 600, "ew": 70}
    assert change.after["totals"] == {"ns": 70, "ew": 600}
    assert change.user == organiser
    ns_pair = table.seats.get(direction="ns").pair
    assert Pair.objects.get(pk=ns_pair.pk).vp == 15


def test_saving_with_an_old_version_is_refused_with_what_changed(
    club: Club, organiser: User
) -> None:
    table = first_table(started_round(club))
    record(table, 1, NS_WINS, organiser)
    with pytest.raises(services.StaleTable) as error:
        services.deal_record(
            table=table, number=1, sides=EW_WINS, mode="summary", user=organiser, version=0
        )
    assert "was changed by someone else" in str(error.value)
    assert "Entered: deal 1 by anna, now N-S 600, E-W 70." in str(error.value)
    assert DealSide.objects.get(deal__number=1, direction="ns").total == 600


def test_deals_must_be_entered_in_order_and_within_the_round(club: Club, organiser: User) -> None:
    table = first_table(started_round(club))
    with pytest.raises(services.ServiceError, match="Enter deal 1 first"):
        record(table, 2, NS_WINS, organiser)
    for number in (1, 2, 3):
        record(table, number, NS_WINS, organiser)
    with pytest.raises(services.ServiceError, match="3 deals a round: there is no deal 4"):
        record(table, 4, NS_WINS, organiser)


def test_removing_a_deal_reopens_the_table_and_round(club: Club, organiser: User) -> None:
    tournament = make_tournament(club, pairs=2)
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=1)
    services.round_start(round=prepared.round)
    table = first_table(prepared.round)
    for number in (1, 2, 3):
        record(table, number, NS_WINS, organiser)
    prepared.round.refresh_from_db()
    assert prepared.round.status == "done"
    table.refresh_from_db()
    services.deal_remove(table=table, number=3, user=organiser, version=table.version)
    table.refresh_from_db()
    prepared.round.refresh_from_db()
    assert (table.status, table.ns_mp, prepared.round.status) == ("in_progress", 1200, "playing")
    assert ResultChange.objects.filter(action="removed").count() == 1


SPANISH_BIG = [
    {
        "melded_points": 900,
        "hand_points": 0,
        "burracos": {"clean": 2},
        "pot": "taken",
        "closed": True,
    },
    {"melded_points": 100, "hand_points": 40, "burracos": {}, "pot": "taken"},
]  # NS 900 + 400 + 100 = 1400; EW 60


def test_a_target_match_ends_when_a_side_reaches_the_target(club: Club, organiser: User) -> None:
    round_ = started_round(club, variant="spanish", format="target", pairs=2)
    table = first_table(round_)
    record(table, 1, SPANISH_BIG, organiser)
    # NS now 1400: above 1000, so its next opening needs 75 points or a canasta
    missing_opening = [SPANISH_BIG[0], SPANISH_BIG[1]]
    with pytest.raises(InvalidDeal) as error:
        record(table, 2, missing_opening, organiser)
    assert "had 1400 points before this deal" in error.value.messages[0]
    with_opening = [SPANISH_BIG[0] | {"opening_points": 90}, SPANISH_BIG[1]]
    record(table, 2, with_opening, organiser)
    table.refresh_from_db()
    assert (table.ns_mp, table.ew_mp, table.winner, table.status) == (2800, 120, "ns", "done")
    with pytest.raises(services.ServiceError, match="already won by side 1 after deal 2"):
        record(table, 3, with_opening, organiser)
    ns = table.seats.get(direction="ns").pair
    ns.refresh_from_db()
    assert (ns.matches_won, ns.point_difference, ns.rank) == (1, 2680, 1)


def test_a_correction_flags_a_later_danese_round_that_would_now_differ(
    club: Club, organiser: User
) -> None:
    tournament = make_tournament(club, pairs=8)
    first = services.round_prepare(tournament=tournament, movement="random", seed=5).round
    services.round_start(round=first)
    tables = list(first.tables.order_by("number"))
    # table 1's NS pair wins big, every other table is level
    level = [
        {"melded_points": 100, "hand_points": 0, "burracos": {}, "pot": "taken"},
        {"melded_points": 100, "hand_points": 0, "burracos": {}, "pot": "taken"},
    ]
    for table in tables:
        for number in (1, 2, 3):
            record(table, number, NS_WINS if table.number == 1 else level, organiser)
    second = services.round_prepare(tournament=tournament, movement="danese").round
    services.round_start(round=second)
    second.refresh_from_db()
    assert second.pairing_outdated is False
    # now the result of table 1 turns round: EW of table 1 leads instead
    for number in (1, 2, 3):
        record(tables[0], number, EW_WINS, organiser)
    second.refresh_from_db()
    assert second.pairing_outdated is True


def test_pairs_are_reused_by_name_and_checked(club: Club) -> None:
    first = make_tournament(club, pairs=2)
    second = make_tournament(club, pairs=0, name="Friday")
    services.pairs_add(tournament=second, text="Name1a Surname1a / Giulia Verdi")
    assert first.pairs.get(number=1).player_one == second.pairs.get(number=1).player_one
    with pytest.raises(services.ServiceError, match=r"Line 1 .*two players separated by /"):
        services.pairs_add(tournament=second, text="Uno Due / Tre Quattro / Cinque Sei")
    with pytest.raises(services.ServiceError, match="already in a pair"):
        services.pairs_add(tournament=second, text="Giulia Verdi / Marco Neri")


CARDS = [
    {"melds": [["3H", "4H", "5H", "6H", "7H", "8H", "9H"]], "hand": [], "pot": "taken",
     "closed": True},
    {"melds": [["3S", "4S", "5S"]], "hand": ["KD"], "pot": "taken"},
]  # fmt: skip


def test_a_correction_rewrites_the_deal_in_place_melds_and_all(club: Club, organiser: User) -> None:
    table = first_table(started_round(club, variant="reale"))
    table.refresh_from_db()
    first = services.deal_record(
        table=table, number=1, sides=CARDS, mode="cards", user=organiser, version=table.version
    )
    # 3..7 at 5 and 8, 9 at 10 = 45 + 200 clean + 100 closing; 15 melded - 10 in hand
    assert sorted(Meld.objects.values_list("side__direction", "cards")) == [
        ("ew", "3S 4S 5S"),
        ("ns", "3H 4H 5H 6H 7H 8H 9H"),
    ]
    assert dict(first.sides.values_list("direction", "total")) == {"ns": 345, "ew": 5}

    again = record(table, 1, NS_WINS, organiser)  # corrected on the score sheet
    assert again.pk == first.pk and again.mode == "summary"
    assert Meld.objects.count() == 0  # a score-sheet deal has no melds
    assert dict(again.sides.values_list("direction", "total")) == {"ns": 600, "ew": 70}
    assert DealSide.objects.count() == 2 and Deal.objects.count() == 1
    change = ResultChange.objects.filter(action="corrected").get()
    assert change.before is not None
    assert (change.before["mode"], change.before["totals"]) == ("cards", {"ns": 345, "ew": 5})

    table.refresh_from_db()
    services.deal_record(
        table=table, number=1, sides=CARDS, mode="cards", user=organiser, version=table.version
    )
    assert Meld.objects.filter(side__deal=first).count() == 2
    table.refresh_from_db()
    assert (table.ns_mp, table.ew_mp, table.version) == (345, 5, 3)


def test_a_correction_costs_a_fixed_handful_of_queries(club: Club, organiser: User) -> None:
    table = first_table(started_round(club))
    for number in (1, 2, 3):
        record(table, number, NS_WINS, organiser)
    table.refresh_from_db()
    with CaptureQueriesContext(connection) as queries:
        services.deal_record(
            table=table, number=2, sides=EW_WINS, mode="summary", user=organiser,
            version=table.version,
        )  # fmt: skip
    # the table locked, its sides read, the deal and its two sides written, the audit record,
    # the players' versions set aside, the table, the results version (the tournament's lock),
    # the standings read and written (with the arbiter's penalties), whether a later round is
    # seated
    transaction = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE SAVEPOINT")
    statements = [
        q["sql"]
        for q in queries
        if not q["sql"].startswith(transaction) and "burraco_cache" not in q["sql"]
    ]  # (without Redis, the cache is a table too)
    assert len(statements) == 14, "\n".join(s[:90] for s in statements)
    assert not any(q.startswith("DELETE") for q in statements), statements


def test_a_deal_left_with_one_side_is_written_anew(club: Club, organiser: User) -> None:
    """Never saved so by the app (a save is one transaction), but a hand-made row must not stop
    the organiser from writing the deal again."""
    table = first_table(started_round(club))
    record(table, 1, NS_WINS, organiser)
    DealSide.objects.filter(deal__table=table, direction="ew").delete()
    record(table, 1, EW_WINS, organiser)
    assert dict(DealSide.objects.filter(deal__table=table).values_list("direction", "total")) == {
        "ns": 70,
        "ew": 600,
    }
    assert Deal.objects.filter(table=table).count() == 1
