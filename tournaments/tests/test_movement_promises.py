"""The two promises of every round, through the services and the page that seats a round: no
pair sits out twice while another has not, no two pairs meet again while a seating without a
rematch exists, and where a seating breaks one, the page says which and for whom before
seating. The issue's evenings, played as a club would play them."""

import itertools
import re
from collections import Counter

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import movements, services
from tournaments.models import Club, Pair, Round, Tournament
from tournaments.services.promises import promise_warnings
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_services_evening import play_round

Meeting = frozenset[int]


def meetings_of(round_: Round) -> list[Meeting]:
    """The round's meetings by pair number."""
    return [
        frozenset(table.seats.values_list("pair__number", flat=True))
        for table in round_.tables.filter(is_bye=False)
    ]


def bye_of(round_: Round) -> int | None:
    return round_.seats.filter(table__is_bye=True).values_list("pair__number", flat=True).first()


def play(tournament: Tournament, user: User, **choices: object) -> tuple[Round, list[str]]:
    """Seat the next round (by the plan unless `choices` say otherwise), start it, play it."""
    prepared = services.round_prepare(tournament=tournament, user=user, **choices)  # type: ignore[arg-type]
    services.round_start(round=prepared.round)
    play_round(prepared.round, user)
    return prepared.round, prepared.warnings


def test_a_mitchell_evening_of_7_pairs_and_6_rounds_keeps_every_promise(
    club: Club, organiser: User
) -> None:
    # the default plan: a draw, four Mitchell rounds, a Danese; today pair 2 sat out rounds 1
    # and 5 (the phantom table brought the draw's bye back) while pairs 1 and 7 never did
    tournament = make_tournament(club, pairs=7, rounds=6)
    assert tournament.movement_plan == ["random", *["mitchell"] * 4, "danese"]
    byes = []
    met: Counter[Meeting] = Counter()
    for number in range(1, 7):
        round_, warnings = play(tournament, organiser, seed=number)
        assert warnings == [], (number, warnings)
        byes.append(bye_of(round_))
        met.update(meetings_of(round_))
    assert None not in byes and len(set(byes)) == 6  # six rounds, six pairs sit out once
    assert set(met.values()) == {1}  # 18 meetings, none twice


def test_a_mitchell_evening_of_5_pairs_gives_every_pair_one_bye(
    club: Club, organiser: User
) -> None:
    # 5 pairs and 5 rounds: today pair 2 sat out rounds 1 and 4
    tournament = make_tournament(club, pairs=5, rounds=5)
    byes = []
    for number in range(1, 6):
        round_, warnings = play(tournament, organiser, seed=number)
        byes.append(bye_of(round_))
        for warning in warnings:  # a rematch only where no seating avoids it, and said so
            assert warning.startswith(
                ("No seating avoids a rematch: pair ", "A seating without a rematch exists only")
            ), warning
    assert sorted(byes) == [1, 2, 3, 4, 5]  # type: ignore[type-var]


def test_a_round_robin_after_a_withdrawal_meets_everyone_left_once(
    club: Club, organiser: User
) -> None:
    # 6 pairs, pair 3 withdraws after round 2: today 1-6 and 2-5 met twice while 2-6 and 4-5
    # never met, without a word; the rounds left are planned again from the meetings so far
    tournament = make_tournament(club, pairs=6, rounds=5, movement_plan=["round_robin"] * 5)
    met: Counter[Meeting] = Counter()
    for _ in range(2):
        round_, warnings = play(tournament, organiser, seed=1)
        assert warnings == []
        met.update(meetings_of(round_))
    services.pair_withdraw(pair=tournament.pairs.get(number=3), user=organiser)
    byes = []
    for _ in range(3):
        round_, warnings = play(tournament, organiser, seed=1)
        assert warnings == []
        met.update(meetings_of(round_))
        byes.append(bye_of(round_))
    left = [1, 2, 4, 5, 6]
    assert {m: n for m, n in met.items() if 3 not in m} == {
        frozenset(m): 1 for m in itertools.combinations(left, 2)
    }
    assert len(set(byes)) == 3 and 3 not in byes


def test_a_round_robin_with_a_late_pair_repeats_no_meeting_and_the_late_pair_sits_out_last(
    club: Club, organiser: User
) -> None:
    # 8 pairs and a late pair from round 2: today round 8 repeated all four round-1 meetings
    # and the late pair sat out again while pairs 1 and 5 never did
    tournament = make_tournament(club, pairs=8, rounds=9, movement_plan=["round_robin"] * 9)
    round_, _warnings = play(tournament, organiser, seed=1)
    met = Counter(meetings_of(round_))
    (late,) = services.pairs_add(tournament=tournament, text="Nora Late / Ugo Late")
    assert (late.number, late.joined_from) == (9, 2)
    byes = []
    for _ in range(8):
        round_, warnings = play(tournament, organiser, seed=1)
        assert warnings == []
        met.update(meetings_of(round_))
        byes.append(bye_of(round_))
    # 4 + 8 x 4 = 36 meetings: every pair meets every other exactly once
    assert met == {frozenset(m): 1 for m in itertools.combinations(range(1, 10), 2)}
    assert sorted(byes) == list(range(1, 9))  # type: ignore[type-var]


def test_a_late_pairs_missed_round_counts_as_a_round_out(club: Club, organiser: User) -> None:
    # 4 pairs play round 1; pair 5 joins for round 2, last in the standings with nothing: the
    # Danese would give the lowest-ranked pair the bye, but 5 has been out already
    tournament = make_tournament(club, pairs=4, rounds=3)
    play(tournament, organiser, movement="random", seed=1)
    (late,) = services.pairs_add(tournament=tournament, text="Nora Late / Ugo Late")
    assert late.joined_from == 2
    round_, warnings = play(tournament, organiser, movement="danese", seed=1)
    assert bye_of(round_) != 5 and bye_of(round_) is not None
    assert warnings == []


def test_a_mitchell_step_left_empty_is_the_first_without_a_rematch(
    club: Club, organiser: User
) -> None:
    # 8 pairs on 4 tables: the draw, then Mitchell step 3; step 1 would bring back round 1
    # (3 + 1 = 4 tables: a whole lap), so the movement takes step 2
    tournament = make_tournament(club, pairs=8, rounds=4)
    first, _warnings = play(tournament, organiser, movement="random", seed=1)
    second, _warnings = play(tournament, organiser, movement="mitchell", step=3, seed=1)
    client = Client()
    client.force_login(organiser)
    page = client.get(reverse("round_prepare", args=[tournament.pk])).content.decode()
    assert "planned: Mitchell" in page and "Before you seat" not in page
    assert "Left empty, the East-West pairs move 2 tables on." in page
    prepared = services.round_prepare(tournament=tournament, movement="mitchell", seed=1)
    assert prepared.round.step == 2 and prepared.warnings == []
    played = set(meetings_of(first)) | set(meetings_of(second))
    assert not played & set(meetings_of(prepared.round))


# --- said before seating --------------------------------------------------------------------


def four_pairs_that_all_met(club: Club, organiser: User) -> Tournament:
    """4 pairs, 4 rounds: after three rounds everybody has met everybody."""
    tournament = make_tournament(
        club, pairs=4, rounds=4, movement_plan=["round_robin"] * 3 + ["danese"]
    )
    for _ in range(3):
        play(tournament, organiser, seed=1)
    return tournament


def test_the_seating_page_says_which_rematch_no_seating_avoids_before_seating(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = four_pairs_that_all_met(club, organiser)
    url = reverse("round_prepare", args=[tournament.pk])
    page = organiser_client.get(url).content.decode()
    found = re.search(
        r"No seating avoids these 2 rematches: pair (\d) meets pair (\d) again; "
        r"pair (\d) meets pair (\d) again\.",
        page,
    )
    assert "Before you seat round 4:" in page and found
    assert not tournament.round_set.filter(number=4).exists()
    # the page's own form seats exactly what it warned about, without asking again
    form = {"movement": "danese", "step": "", "seed": "5", "previewed": "danese:"}
    response = organiser_client.post(url, form)
    round_ = tournament.round_set.get(number=4)
    assert response["Location"] == reverse("round_board", args=[round_.pk])
    a, b, c, d = map(int, found.groups())
    assert set(meetings_of(round_)) == {frozenset((a, b)), frozenset((c, d))}


def test_a_mitchell_step_that_repeats_is_said_before_seating_and_seated_when_sent_again(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=8, rounds=3)
    play(tournament, organiser, movement="random", seed=1)
    play(tournament, organiser, movement="mitchell", step=2, seed=1)
    url = reverse("round_prepare", args=[tournament.pk])
    choice = {"movement": "mitchell", "step": "2", "seed": "9", "previewed": "mitchell:"}
    page = organiser_client.post(url, choice).content.decode()
    assert "Mitchell step 2 brings back 4 meetings already played: pair " in page
    assert "Steps 1 or 3 bring no rematch." in page
    assert "again to seat it all the same" in page
    assert not tournament.round_set.filter(number=3).exists()
    response = organiser_client.post(url, {**choice, "previewed": "mitchell:2"})
    round_ = tournament.round_set.get(number=3)
    assert response["Location"] == reverse("round_board", args=[round_.pk])
    assert (round_.movement, round_.step) == ("mitchell", 2)


def test_a_swap_that_gives_a_second_bye_says_for_whom(club: Club, organiser: User) -> None:
    tournament = make_tournament(club, pairs=5, rounds=2)
    first, _warnings = play(tournament, organiser, movement="random", seed=1)
    second = services.round_prepare(tournament=tournament, movement="mitchell", seed=1).round
    sat_out, now_out = bye_of(first), bye_of(second)
    assert sat_out is not None and now_out is not None and sat_out != now_out
    pairs = {pair.number: pair for pair in Pair.objects.filter(tournament=tournament)}
    warnings = services.round_swap(round=second, pair_a=pairs[sat_out], pair_b=pairs[now_out])
    others = sorted(set(pairs) - {sat_out})
    listed = ", ".join(map(str, others[:-1])) + f" and {others[-1]}"
    assert warnings == [
        f"Pair {sat_out} sits out a second time while pairs {listed} have not sat out yet."
    ]


# --- the words ------------------------------------------------------------------------------


def test_the_warnings_name_the_pairs_by_number_in_the_organisers_words() -> None:
    # pair ids 11..15 are pairs 1..5; only pair 1 may sit out, and 2 met 3, 4 and 5
    seating = movements.danese(
        [11, 12, 13, 14, 15],
        history=[(12, 13), (12, 14), (12, 15)],
        byes={12: 1, 13: 1, 14: 1, 15: 1},
    )
    numbers = {pk: pk - 10 for pk in range(11, 16)}
    history, byes = [(12, 13), (12, 14), (12, 15)], {12: 1, 13: 1, 14: 1, 15: 1}
    assert promise_warnings(seating, numbers, history=history, byes=byes) == [
        "No seating avoids a rematch: pair 2 meets pair 3 again.",
        "A seating without a rematch exists only if one of pairs 2, 3, 4 or 5 sits out again "
        "while another pair has sat out less.",
    ]
    # the organiser swaps 1 and 4: 4 sits out again, and 2 still meets 3
    again = movements.swap_pairs(seating, 11, 14)
    assert promise_warnings(again, numbers, history=history, byes=byes)[0] == (
        "Pair 4 sits out a second time while pair 1 has not sat out yet."
    )
    more = {11: 1, 12: 2, 13: 2, 14: 2, 15: 2}
    assert promise_warnings(again, numbers, history=history, byes=more)[0] == (
        "Pair 4 sits out again while pair 1 has sat out fewer times."
    )
    mitchell = movements.Seating(
        (movements.TableSeat(1, 11, 12), movements.TableSeat(2, 13, 14)), 15
    )
    assert promise_warnings(
        mitchell,
        numbers,
        history=[(11, 12), (13, 14)],
        byes={},
        step=2,
        steps_without_rematch=(1,),
    ) == [
        "Mitchell step 2 brings back 2 meetings already played: pair 1 meets pair 2 again; "
        "pair 3 meets pair 4 again.",
        "Step 1 brings no rematch.",
    ]


def test_a_mitchell_step_that_returns_east_west_home_is_refused_in_the_organisers_words(
    club: Club, organiser: User
) -> None:
    # found walking the pages: the movement's own refusal (plain English) reached Italian pages
    from django.utils import translation

    from tournaments.services import ServiceError

    tournament = make_tournament(club, pairs=8, rounds=3)
    play(tournament, organiser, seed=1)
    with translation.override("it"), pytest.raises(ServiceError) as refused:
        services.round_prepare(tournament=tournament, movement="mitchell", step=4, user=organiser)
    assert str(refused.value) == (
        "Con 8 coppie un passo Mitchell di 4 riporta gli Est-Ovest al tavolo da cui sono "
        "partiti: scegli un passo da 1 a 3, o lascia vuoto."
    )
    assert not tournament.round_set.filter(number=2).exists()


def test_a_mitchell_of_two_pairs_is_refused_in_the_organisers_words(
    club: Club, organiser: User
) -> None:
    from django.utils import translation

    from tournaments.services import ServiceError

    tournament = make_tournament(club, pairs=2, rounds=2)
    play(tournament, organiser, seed=1)
    with translation.override("it"), pytest.raises(ServiceError) as refused:
        services.round_prepare(tournament=tournament, movement="mitchell", user=organiser)
    assert str(refused.value) == (
        "Un Mitchell richiede almeno 3 coppie: con 2 nessuno può spostarsi. "
        "Scegli un altro movimento."
    )
