"""A closed round stays closed: once a later round has started, an earlier round's tables can be
corrected but never lose a deal, never take a new one and never go back to being played; their
links stay closed; a round starts only once every earlier round is done; and the pages offer
only what the services accept (they ask the same rules)."""

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Pair, ResultChange, Round, Seat, Table, Tournament
from tournaments.rules.links import link_refusal
from tournaments.services import ServiceError, players, table_entry
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_services_evening import NS_WINS

EW_WINS = [NS_WINS[1] | {"closed": False}, NS_WINS[0]]  # mirror: N-S 70, E-W 600
LEVEL = [
    {"melded_points": 100, "hand_points": 0, "burracos": {}, "pot": "taken"},
    {"melded_points": 100, "hand_points": 0, "burracos": {}, "pot": "taken"},
]
CLOSED_ROUND_1 = (
    "Round 1 is closed: round 2 has started. Its deals can still be corrected (Edit), but none "
    "added or removed."
)


def record(table: Table, number: int, sides: list[dict[str, Any]], user: User | None) -> None:
    table.refresh_from_db()
    services.deal_record(
        table=table, number=number, sides=sides, mode="summary", user=user, version=table.version
    )


def play(round_: Round, user: User, deals: int = 3, others: Any = LEVEL) -> None:
    """Every table of the round: N-S wins at table 1, the others as `others` say (level)."""
    for table in round_.tables.filter(is_bye=False).order_by("number"):
        for number in range(1, deals + 1):
            record(table, number, NS_WINS if table.number == 1 else others, user)


def next_round(tournament: Tournament, *, start: bool = True) -> Round:
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=3).round
    if start:
        services.round_start(round=round_)
    return round_


def four_rounds(club: Club, organiser: User, **options: Any) -> list[Round]:
    """Rounds 1 to 3 played, round 4 started."""
    tournament = make_tournament(club, pairs=4, rounds=4, **options)
    rounds = []
    for _ in range(3):
        rounds.append(next_round(tournament))
        play(rounds[-1], organiser)
    rounds.append(next_round(tournament))
    return rounds


def vp_of(table: Table) -> dict[str, int]:
    return {seat.direction: Pair.objects.get(pk=seat.pair_id).vp for seat in table.seats.all()}


# --- the example -------------------------------------------------------------------------


def test_a_deal_of_a_closed_round_cannot_be_removed_and_its_round_stays_done(
    club: Club, organiser: User
) -> None:
    """Issue 20: removing deal 3 of a round-1 table during round 4 was accepted, round 1 went
    back to "playing" and two pairs lost that round from the standings."""
    rounds = four_rounds(club, organiser)
    table = rounds[0].tables.get(number=1)
    before = vp_of(table)
    with pytest.raises(ServiceError) as refused:
        services.deal_remove(table=table, number=3, user=organiser, version=table.version)
    assert str(refused.value) == CLOSED_ROUND_1
    table.refresh_from_db()
    rounds[0].refresh_from_db()
    assert (table.status, table.deals.count(), rounds[0].status) == ("done", 3, "done")
    assert vp_of(table) == before
    assert not ResultChange.objects.filter(action="removed").exists()


def test_a_closed_rounds_deal_is_corrected_and_counts(club: Club, organiser: User) -> None:
    rounds = four_rounds(club, organiser)
    table = rounds[0].tables.get(number=1)
    ns = table.seats.get(direction="ns").pair
    ns_vp = Pair.objects.get(pk=ns.pk).vp
    # N-S 1800 – E-W 210 gave 20-0; deal 3 turned round: 1270 – 740, a 530 difference, 15-5
    record(table, 3, EW_WINS, organiser)
    table.refresh_from_db()
    rounds[0].refresh_from_db()
    assert (table.status, table.ns_mp, table.ew_mp, table.ns_vp, table.ew_vp) == (
        "done", 1270, 740, 15, 5,
    )  # fmt: skip
    assert rounds[0].status == "done"
    assert Pair.objects.get(pk=ns.pk).vp == ns_vp - 5


def test_a_closed_round_takes_no_new_deal_not_even_a_restored_one(
    club: Club, organiser: User
) -> None:
    """A match to a target: deal 4 won it, was removed while round 1 was the latest, and deal 3
    corrected to win it; once round 2 has started, restoring deal 4 is refused as closed."""
    tournament = make_tournament(club, pairs=4, rounds=2, format="target")
    first = next_round(tournament)
    play(first, organiser, deals=4, others=NS_WINS)
    table = first.tables.get(number=1)
    table.refresh_from_db()
    services.deal_remove(table=table, number=4, user=organiser, version=table.version)
    big = [NS_WINS[0] | {"melded_points": 900}, NS_WINS[1]]  # N-S 1200 in deal 3: 2400
    record(table, 3, big, organiser)
    table.refresh_from_db()
    assert (table.status, table.winner, table.deals.count()) == ("done", "ns", 3)
    next_round(tournament)
    removed = ResultChange.objects.get(action="removed")
    with pytest.raises(ServiceError) as refused:
        services.deal_restore(change=removed, user=organiser)
    assert refused.value.messages == (
        "Deal 4 of table 1 in round 1 cannot be restored:",
        CLOSED_ROUND_1,
    )
    assert table.deals.count() == 3


def test_a_correction_that_leaves_a_closed_rounds_match_unfinished_says_what_is_needed(
    club: Club, organiser: User
) -> None:
    tournament = make_tournament(club, pairs=4, rounds=2, format="target")
    first = next_round(tournament)
    play(first, organiser, deals=4, others=NS_WINS)  # N-S 2400 – E-W 280 at each table
    first.refresh_from_db()
    assert first.status == "done"
    next_round(tournament)
    table = first.tables.get(number=1)
    with pytest.raises(ServiceError) as refused:
        record(table, 4, LEVEL, organiser)
    assert str(refused.value) == (
        "Round 1 is closed: round 2 has started. The match at table 1 must stay finished, and "
        "with this change it would not be: N-S 1,900 – E-W 310, with the target at 2,005. "
        "Correct the deals so that one side ends the match with 2,005 or more, ahead of the "
        "other."
    )
    table.refresh_from_db()
    first.refresh_from_db()
    assert (table.status, table.winner, table.ns_mp, first.status) == ("done", "ns", 2400, "done")
    # a correction that keeps the match won is saved
    record(table, 4, [NS_WINS[0] | {"melded_points": 400}, NS_WINS[1]], organiser)
    table.refresh_from_db()
    assert (table.status, table.winner, table.ns_mp) == ("done", "ns", 2500)


def test_a_round_starts_only_once_every_earlier_round_is_done(club: Club, organiser: User) -> None:
    """Issue 20: round 4 still started with an earlier round played again. Round 3 is not
    closed while round 4 is only seated: its last deal can go, and round 4 waits for it."""
    tournament = make_tournament(club, pairs=4, rounds=4)
    rounds = []
    for _ in range(3):
        rounds.append(next_round(tournament))
        play(rounds[-1], organiser)
    fourth = next_round(tournament, start=False)
    table = rounds[2].tables.get(number=2)
    services.deal_remove(table=table, number=3, user=organiser, version=table.version)
    rounds[2].refresh_from_db()
    assert rounds[2].status == "playing"
    with pytest.raises(ServiceError) as refused:
        services.round_start(round=fourth)
    assert str(refused.value) == "Round 3 is not finished: table 2 still needs a result."
    fourth.refresh_from_db()
    assert fourth.status == "seating"
    record(table, 3, LEVEL, organiser)
    services.round_start(round=fourth)
    fourth.refresh_from_db()
    assert fourth.status == "playing"


# --- links ---------------------------------------------------------------------------------------


def test_a_link_of_a_closed_round_stays_closed_even_if_its_round_shows_playing(
    club: Club, organiser: User
) -> None:
    """The old removal put round 1 back to "playing" during round 4 and its links wrote again
    (deal 2 re-entered as N-S 2200). Whatever a round's row says, a link writes only while no
    later round has started."""
    rounds = four_rounds(club, organiser, result_entry="players")
    table = rounds[0].tables.get(number=1)
    # the state the old removal left behind
    table.deals.filter(number=3).delete()
    Table.objects.filter(pk=table.pk).update(status="in_progress")
    Round.objects.filter(pk=rounds[0].pk).update(status="playing")
    seat = Seat.objects.get(table=table, direction="ns")
    with pytest.raises(ServiceError) as refused:
        players.proposal_write(seat=seat, number=3, sides=NS_WINS, mode="summary", key="k-1")
    assert str(refused.value) == (
        "Round 1 is closed: results can no longer be entered from this link. Ask the organiser "
        "for any correction."
    )
    # the pair's link follows it to its table of round 4: round 1's table is out of its reach
    page = Client().get(reverse("link_table", args=[seat.pair.token])).content.decode()
    assert "Round 4" in page and "Round 1" not in page


@pytest.mark.parametrize(
    ("status", "closed_by", "refused"),
    [("playing", None, False), ("playing", 2, True), ("done", None, True), ("seating", None, True)],
)
def test_a_link_writes_only_while_its_round_is_played_and_no_later_round_started(
    status: str, closed_by: int | None, refused: bool
) -> None:
    refusal = link_refusal(
        players_enter=True, finished=False, is_bye=False, round_number=1, round_status=status,
        closed_by=closed_by, organiser_enters=False, table_number=1, variant="classico",
    )  # fmt: skip
    assert bool(refusal) is refused


def test_a_closed_rounds_table_cannot_be_switched_to_or_from_its_links(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    rounds = four_rounds(club, organiser, result_entry="players")
    table = rounds[0].tables.get(number=1)
    for organiser_enters in (True, False):
        with pytest.raises(ServiceError, match="Round 1 is closed: round 2 has started"):
            table_entry.table_entry_switch(
                table=table, organiser_enters=organiser_enters, user=organiser
            )
    response = organiser_client.post(
        reverse("table_entry_by", args=[table.pk]), {"organiser": "0"}, follow=True
    )
    assert "Its links stay closed: correct its tables on their own pages." in (
        response.content.decode()
    )
    board = organiser_client.get(reverse("round_board", args=[rounds[0].pk])).content.decode()
    assert reverse("table_entry_by", args=[table.pk]) not in board
    board = organiser_client.get(reverse("round_board", args=[rounds[3].pk])).content.decode()
    playing = rounds[3].tables.get(number=1)
    assert reverse("table_entry_by", args=[playing.pk]) in board


# --- the pages ask the same rules -----------------------------------------------------------------


def test_the_table_page_of_a_closed_round_offers_edit_but_no_remove(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    rounds = four_rounds(club, organiser)
    closed = rounds[0].tables.get(number=1)
    page = organiser_client.get(reverse("table_entry", args=[closed.pk])).content.decode()
    assert reverse("deal_remove", args=[closed.pk, 3]) not in page
    assert f"{reverse('table_entry', args=[closed.pk])}?edit=3" in page
    assert CLOSED_ROUND_1 in page
    # a removal posted anyway is refused with the same words
    response = organiser_client.post(
        reverse("deal_remove", args=[closed.pk, 3]), {"version": closed.version}, follow=True
    )
    assert CLOSED_ROUND_1 in response.content.decode()
    closed.refresh_from_db()
    assert closed.deals.count() == 3
    # the latest round's table, once done, still offers it
    latest = rounds[3].tables.get(number=1)
    play(rounds[3], organiser)
    page = organiser_client.get(reverse("table_entry", args=[latest.pk])).content.decode()
    assert reverse("deal_remove", args=[latest.pk, 3]) in page


def test_the_live_check_says_a_closed_rounds_match_must_stay_finished(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4, rounds=2, format="target")
    first = next_round(tournament)
    play(first, organiser, deals=4, others=NS_WINS)
    next_round(tournament)
    table = first.tables.get(number=1)
    data = {
        "number": "4", "version": str(table.version), "mode": "summary",
        "ns-melded_points": "100", "ns-pot": "taken", "ew-melded_points": "100", "ew-pot": "taken",
    }  # fmt: skip
    page = organiser_client.post(reverse("deal_check", args=[table.pk]), data).content.decode()
    assert "The match at table 1 must stay finished" in page
