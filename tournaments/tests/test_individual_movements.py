"""Tests for the individual movements (issue 25): the round's shape, the random draw, the
complete 8-player schedule, the 12-player rotation, the individual Danese and the balance
report. Hand-worked seatings, the schedules' promises proved round by round, and the Danese's
promises over 200 seeded evenings.

Plain functions, no database and no Django: run with ``pytest -p no:django`` if need be.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping, Sequence

import pytest

from tournaments.movements import (
    INDIVIDUAL_MOVEMENTS,
    ROTATION_12,
    SCHEDULE_8,
    IndividualRequest,
    IndividualRound,
    IndividualTable,
    NoIndividualSeating,
    PlayerBalance,
    Position,
    Refusal,
    TableOrder,
    balance_of,
    individual_danese,
    individual_random,
    schedule_round,
    seat_individual_round,
)

Seats = tuple[int, int, int, int]


def seats(round_: IndividualRound) -> list[Seats]:
    """The tables as (N, S, E, W) in table-number order."""
    return [table.players for table in sorted(round_.tables, key=lambda t: t.number)]


def round_of(*tables: Seats, sitting_out: Sequence[int] = ()) -> IndividualRound:
    return IndividualRound(
        tuple(IndividualTable(number, *four) for number, four in enumerate(tables, start=1)),
        tuple(sitting_out),
    )


def partner_counts(history: Sequence[IndividualRound]) -> Counter[frozenset[int]]:
    return Counter(frozenset(pair) for round_ in history for pair in round_.partnerships())


def opponent_counts(history: Sequence[IndividualRound]) -> Counter[frozenset[int]]:
    return Counter(pair for round_ in history for pair in round_.oppositions())


def all_pairs(players: Sequence[int]) -> set[frozenset[int]]:
    return {frozenset(pair) for pair in itertools.combinations(players, 2)}


# --- the round's shape ----------------------------------------------------------------------


def test_a_table_knows_seats_partners_and_opponents() -> None:
    table = IndividualTable(3, north=7, south=2, east=9, west=4)
    assert table.partnerships == ((7, 2), (9, 4))
    assert table.position_of(9) is Position.EAST
    assert table.partner_of(4) == 9
    assert table.opponents_of(2) == (9, 4)
    assert sorted(map(sorted, table.oppositions)) == [[2, 4], [2, 9], [4, 7], [7, 9]]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        # a player cannot hold two seats at one table
        (lambda: IndividualTable(1, 1, 2, 1, 4), "table 1 needs four different players"),
        # tables are numbered from 1
        (lambda: IndividualTable(0, 1, 2, 3, 4), "table numbers start at 1"),
        # nor sit at two tables
        (lambda: round_of((1, 2, 3, 4), (5, 6, 7, 1)), "player 1 is seated twice"),
        # nor sit out and play
        (lambda: round_of((1, 2, 3, 4), sitting_out=(4,)), "player 4 sits out but is also"),
    ],
)
def test_a_round_refuses_a_player_in_two_places(make: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()  # type: ignore[operator]


# --- the random draw --------------------------------------------------------------------------


def test_the_random_draw_seats_the_draw_in_fours_and_the_last_drawn_sit_out() -> None:
    players = list(range(101, 123))  # 22 players: 5 tables, 2 sit out
    drawn = sorted(players)
    random.Random(7).shuffle(drawn)
    round_ = individual_random(reversed(players), seed=7)  # the order given does not matter
    assert round_ == individual_random(players, seed=7)
    assert round_.sitting_out == (drawn[20], drawn[21])
    assert seats(round_) == [tuple(drawn[k : k + 4]) for k in range(0, 20, 4)]
    assert round_.repeated_opponents == ()


@pytest.mark.parametrize("size", [8, 9, 10, 11, 12, 13])
def test_the_random_draw_has_size_mod_4_sit_out_among_the_fewest_byes(size: int) -> None:
    players = list(range(1, size + 1))
    byes = {player: 1 for player in players[3:]}  # players 1-3 have not sat out yet
    round_ = individual_random(players, seed=size, byes=byes)
    assert len(round_.sitting_out) == size % 4
    assert set(round_.sitting_out) <= {1, 2, 3}
    assert sorted(round_.players()) == players


# --- the complete 8-player schedule -----------------------------------------------------------


def play_schedule(
    name: str, players: Sequence[int], first: IndividualRound | None = None
) -> list[IndividualRound]:
    history: list[IndividualRound] = [] if first is None else [first]
    rounds = len(SCHEDULE_8 if name == "schedule8" else ROTATION_12)
    while len(history) < rounds:
        history.append(schedule_round(name, players, history=history))
    return history


@pytest.mark.parametrize("first_round", ["scheduled", "random"])
def test_the_8_player_schedule_partners_everyone_once_and_meets_everyone_twice(
    first_round: str,
) -> None:
    players = [11, 12, 13, 14, 15, 16, 17, 18]
    first = individual_random(players, seed=3) if first_round == "random" else None
    history = play_schedule("schedule8", players, first)
    assert len(history) == 7 and all(len(round_.tables) == 2 for round_ in history)
    partners, opponents = partner_counts(history), opponent_counts(history)
    assert set(partners) == all_pairs(players) and set(partners.values()) == {1}  # 28 once
    assert set(opponents) == all_pairs(players) and set(opponents.values()) == {2}  # 28 twice
    assert all(round_.sitting_out == () for round_ in history)


def test_the_8_player_schedule_has_the_published_first_and_last_rounds() -> None:
    history = play_schedule("schedule8", range(1, 9))
    assert seats(history[0]) == [(1, 2, 3, 4), (5, 6, 7, 8)]
    assert seats(history[6]) == [(1, 7, 4, 5), (2, 8, 3, 6)]  # 17 v 45, 28 v 36
    assert history[1].repeated_opponents == ()
    # 56 oppositions over 28 pairs of players: each pair's second meeting is a repeat
    assert sum(len(round_.repeated_opponents) for round_ in history) == 28


@pytest.mark.parametrize(
    ("players", "history", "refusal", "message"),
    [
        # a withdrawal: 7 players cannot play the 8-player schedule
        (range(1, 8), [], Refusal.SCHEDULE_SIZE, "needs exactly 8 players, this round has 7"),
        # all seven rounds played
        (range(1, 9), "all", Refusal.SCHEDULE_FINISHED, "has 7 rounds and all of them"),
        # a Danese second round is no schedule's round 2, whatever the numbering
        (range(1, 9), "danese", Refusal.SCHEDULE_HISTORY, "not the first rounds of the 8"),
    ],
)
def test_the_8_player_schedule_says_when_it_cannot_go_on(
    players: range, history: object, refusal: Refusal, message: str
) -> None:
    played: list[IndividualRound] = []
    if history == "all":
        played = play_schedule("schedule8", players)
    elif history == "danese":
        played = [round_of((1, 2, 3, 4), (5, 6, 7, 8))]
        played.append(individual_danese(range(1, 9), history=played))
    with pytest.raises(NoIndividualSeating, match=message) as raised:
        schedule_round("schedule8", players, history=played)
    assert raised.value.refusal is refusal


# --- the 12-player rotation -------------------------------------------------------------------


def test_the_12_player_rotation_partners_everyone_once_and_meets_everyone_twice() -> None:
    """Every one of the 66 pairs of players partners exactly once (the rotation's promise) and,
    the first round being a whist tournament's, plays against each other exactly twice:
    opponent counts {2: 66}, the best balance there is (132 oppositions over 66 pairs)."""
    players = list(range(1, 13))
    history = play_schedule("rotation12", players)
    partners, opponents = partner_counts(history), opponent_counts(history)
    assert set(partners) == all_pairs(players) and Counter(partners.values()) == {1: 66}
    assert set(opponents) == all_pairs(players) and Counter(opponents.values()) == {2: 66}
    balance = balance_of(history)
    assert balance.repeated_partnerships == 0 and balance.opposed_counts() == {2: 66}


def test_in_the_rotation_player_12_stays_and_the_others_move_on_by_one() -> None:
    history = play_schedule("rotation12", range(1, 13))
    assert seats(history[0]) == [(12, 1, 8, 11), (2, 3, 5, 7), (4, 9, 6, 10)]
    for before, after in itertools.pairwise(history):
        moved = [tuple(p if p == 12 else p % 11 + 1 for p in four) for four in seats(before)]
        assert seats(after) == moved
    assert {round_.tables[0].north for round_ in history} == {12}


def test_the_rotation_continues_a_random_first_round_keeping_its_promises() -> None:
    players = list(range(31, 43))
    history = play_schedule("rotation12", players, individual_random(players, seed=12))
    assert Counter(partner_counts(history).values()) == {1: 66}
    assert Counter(opponent_counts(history).values()) == {2: 66}


# --- the individual Danese: hand-worked seatings ----------------------------------------------


def test_the_danese_seats_ranks_1_to_4_at_table_1_as_1_2_v_3_4() -> None:
    round_ = individual_danese([1, 2, 3, 4, 5, 6, 7, 8])
    assert seats(round_) == [(1, 2, 3, 4), (5, 6, 7, 8)]
    table = round_.tables[0]
    assert (table.position_of(1), table.position_of(3)) == (Position.NORTH, Position.EAST)


def test_the_danese_setting_1_4_v_2_3() -> None:
    round_ = individual_danese(range(1, 9), table_order=TableOrder.ONE_FOUR)
    assert seats(round_) == [(1, 4, 2, 3), (5, 8, 6, 7)]


def test_the_danese_after_1_2_v_3_4_never_repeats_a_partner_or_an_opponent() -> None:
    # 1 and 2 partnered: 1 takes 3, 2 takes 4; but 1 has played 4 and 3 has played 2, so
    # 1 + 3 meet 5 + 7 instead, and 2 + 4 meet 6 + 8: nobody meets anyone again
    first = round_of((1, 2, 3, 4), (5, 6, 7, 8))
    round_ = individual_danese(range(1, 9), history=[first])
    assert seats(round_) == [(1, 3, 5, 7), (2, 4, 6, 8)]
    assert round_.repeated_opponents == ()


def test_a_past_partner_is_swapped_with_the_nearest_rank_that_allows_it() -> None:
    # round 1: 1 + 2 v 9 + 10, 3 + 4 v 11 + 12, 5 + 6 v 7 + 8; round 2 by ranks 1-12: 1 + 3 and
    # 2 + 4 (1 + 2 partnered), 5 + 7 and 6 + 8, 9 + 11 and 10 + 12; 5 + 7 v 6 + 8 would bring
    # back 5 v 8 and 7 v 6, so 5 + 7 meet 9 + 11 and 6 + 8 meet 10 + 12
    first = round_of((1, 2, 9, 10), (3, 4, 11, 12), (5, 6, 7, 8))
    round_ = individual_danese(range(1, 13), history=[first])
    assert seats(round_) == [(1, 3, 2, 4), (5, 7, 9, 11), (6, 8, 10, 12)]
    assert round_.repeated_opponents == ()


def test_the_1_4_v_2_3_setting_after_a_round_of_it() -> None:
    # 1 + 4 partnered: 1 takes 2 (next in the order 1, 4, 2, 3), 4 takes 3; 5 + 6 and 8 + 7
    # likewise; 1 + 2 v 3 + 4 would bring back 1 v 3, so 1 + 2 meet 5 + 6 and 3 + 4 meet 7 + 8
    first = round_of((1, 4, 2, 3), (5, 8, 6, 7))
    round_ = individual_danese(range(1, 9), history=[first], table_order=TableOrder.ONE_FOUR)
    assert seats(round_) == [(1, 2, 5, 6), (3, 4, 7, 8)]
    assert round_.repeated_opponents == ()


@pytest.mark.parametrize(
    ("size", "byes", "sitting_out"),
    [
        (9, {}, (9,)),  # the lowest-ranked sits out
        (9, {9: 1}, (8,)),  # ... among those with the fewest byes
        (9, {p: 1 for p in range(1, 10) if p != 3}, (3,)),  # the only one left to sit out
        (11, {}, (9, 10, 11)),  # three sit out
        (11, {11: 1}, (8, 9, 10)),
        (10, {10: 1, 9: 1, 8: 1}, (6, 7)),
        (11, {p: 1 for p in range(3, 12)}, (1, 2, 11)),  # 1, 2, then the lowest with one bye
    ],
)
def test_the_danese_bye_goes_to_the_lowest_ranked_among_the_fewest_byes(
    size: int, byes: dict[int, int], sitting_out: tuple[int, ...]
) -> None:
    round_ = individual_danese(range(1, size + 1), byes=byes)
    assert round_.sitting_out == sitting_out
    assert seats(round_)[0] == tuple(p for p in range(1, 9) if p not in sitting_out)[:4]


def test_a_tiny_field_says_when_no_new_partner_is_left() -> None:
    history: list[IndividualRound] = []
    for _ in range(3):
        history.append(individual_danese([1, 2, 3, 4], history=history))
    assert [seats(round_) for round_ in history] == [
        [(1, 2, 3, 4)],
        [(1, 3, 2, 4)],
        [(1, 4, 2, 3)],
    ]
    with pytest.raises(NoIndividualSeating, match="not had yet") as raised:
        individual_danese([1, 2, 3, 4], history=history)
    assert raised.value.refusal is Refusal.REPEATED_PARTNER
    assert raised.value.players == 4


@pytest.mark.parametrize(
    ("players", "error", "message"),
    [
        ([1, 2, 3], NoIndividualSeating, "at least 4 players, got 3"),
        ([1, 2, 3, 2], ValueError, r"players listed twice: \[2\]"),
    ],
)
def test_the_danese_refuses_a_field_that_is_not_one(
    players: list[int], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        individual_danese(players)


# --- the balance report ---------------------------------------------------------------------


def test_the_balance_report_counts_partners_opponents_and_byes() -> None:
    # round 2 brings back 2 v 4 and 6 v 8 (both met in round 1); 9 and 7 each sit out once
    first = round_of((1, 2, 3, 4), (5, 6, 7, 8), sitting_out=(9,))
    second = round_of((1, 3, 5, 9), (2, 6, 4, 8), sitting_out=(7,))
    balance = balance_of([first, second])
    assert balance.players == tuple(range(1, 10)) and balance.rounds == 2
    assert balance.times_partnered(1, 2) == balance.times_partnered(9, 5) == 1
    assert balance.times_partnered(1, 4) == 0
    assert balance.times_opposed(2, 4) == balance.times_opposed(8, 6) == 2
    assert balance.times_opposed(1, 9) == 1 and balance.times_opposed(1, 2) == 0
    assert balance.partnered[0] == (0, 1, 1, 0, 0, 0, 0, 0, 0)  # player 1's row
    assert balance.opposed[0] == (0, 0, 1, 1, 1, 0, 0, 0, 1)
    assert balance.repeated_partnerships == 0 and balance.repeated_oppositions == 2
    # 16 oppositions: 12 pairs once, 2 pairs twice, the other 22 of the 36 pairs never
    assert balance.opposed_counts() == {0: 22, 1: 12, 2: 2}
    one, two, nine = balance.rows[0], balance.rows[1], balance.rows[8]
    assert (one.rounds_played, one.byes, one.partners, one.opponents) == (2, 0, 2, 4)
    assert (two.most_opposed, nine.rounds_played, nine.byes, nine.partners) == (2, 1, 1, 1)


def test_the_balance_report_shows_a_repeated_partner_and_a_player_who_never_played() -> None:
    first = round_of((1, 2, 3, 4), (5, 6, 7, 8))
    balance = balance_of([first, first], players=[2, 1, 10])
    assert balance.partnered == ((0, 2, 0), (2, 0, 0), (0, 0, 0))
    assert balance.repeated_partnerships == 1  # among the three players shown
    assert balance.rows[1].repeated_partners == (2,)
    assert balance.rows[2] == PlayerBalance(10, 0, 0, 0, 0, 0, ())
    assert balance_of([first, first]).repeated_partnerships == 4


# --- the registry -----------------------------------------------------------------------------


def test_the_registry_seats_by_name_and_late_or_withdrawn_players_enter_or_leave() -> None:
    assert set(INDIVIDUAL_MOVEMENTS) == {"random", "schedule8", "rotation12", "danese"}
    # player 8 withdrew (still in the standings), player 9 came late (not in them yet)
    request = IndividualRequest(
        players=[1, 2, 3, 4, 5, 6, 7, 9], seed=1, standings=lambda: [8, 7, 6, 5, 4, 3, 2, 1]
    )
    assert seats(seat_individual_round("danese", request)) == [(7, 6, 5, 4), (3, 2, 1, 9)]
    scheduled = seat_individual_round("schedule8", request)
    assert seats(scheduled) == [(1, 2, 3, 4), (5, 6, 7, 9)]
    with pytest.raises(KeyError):
        seat_individual_round("howell", request)


def test_a_late_players_missed_rounds_count_as_rounds_out() -> None:
    # player 9 missed round 1: player 8, the lowest-ranked who has not sat out, sits out
    request = IndividualRequest(
        players=range(1, 10), seed=1, byes={9: 1}, standings=lambda: range(1, 10)
    )
    assert seat_individual_round("danese", request).sitting_out == (8,)


# --- the Danese's promises over many evenings -------------------------------------------------


def fair_seating_exists(
    players: Sequence[int], history: Sequence[IndividualRound], rounds_out: Mapping[int, int]
) -> bool:
    """By brute force: is there a seating with a fair bye and no repeated partner?"""
    partnered = set(partner_counts(history))
    for out in itertools.combinations(players, len(players) % 4):
        rest = [player for player in players if player not in out]
        if out and max(rounds_out.get(p, 0) for p in out) > min(rounds_out.get(p, 0) for p in rest):
            continue
        if _all_new_partners(rest, partnered):
            return True
    return False


def _all_new_partners(rest: list[int], partnered: set[frozenset[int]]) -> bool:
    if not rest:
        return True
    first, others = rest[0], rest[1:]
    return any(
        frozenset((first, other)) not in partnered
        and _all_new_partners([p for p in others if p != other], partnered)
        for other in others
    )


def greedy_repeats(
    ranked: Sequence[int],
    history: Sequence[IndividualRound],
    sitting_out: Sequence[int],
    table_order: TableOrder,
) -> int | None:
    """The simple greedy baseline: the players who play, in ranking order, in blocks of four;
    each block split as the setting says, or the other way with the fewest repeated opponents
    that repeats no partner; if no split of a block works, its fourth player is exchanged with
    the nearest lower-ranked player that makes one work. Its repeated opponents (None if it
    finds no seating)."""
    partnered = set(partner_counts(history))
    met = set(opponent_counts(history))
    splits = [(0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2)]
    if table_order is TableOrder.ONE_FOUR:
        splits = [splits[2], splits[0], splits[1]]
    playing = [player for player in ranked if player not in sitting_out]
    repeats = 0
    for start in range(0, len(playing), 4):
        best: tuple[int, int] | None = None
        for swap in range(start + 3, len(playing)):
            block = [*playing[start : start + 3], playing[swap]]
            for split in splits:
                n, s, e, w = (block[k] for k in split)
                if {frozenset((n, s)), frozenset((e, w))} & partnered:
                    continue
                cost = sum(frozenset(pair) in met for pair in itertools.product((n, s), (e, w)))
                if best is None or cost < best[0]:
                    best = (cost, swap)
            if best is not None:
                break
        if best is None:
            return None
        repeats += best[0]
        swap = best[1]
        playing[start + 3], playing[swap] = playing[swap], playing[start + 3]
    return repeats


def play_evening(seed: int) -> tuple[int, int, int]:
    """A seeded evening: 8-40 players, 4-9 rounds, up to two late and two withdrawn players,
    a random first round, then Danese rounds on random results (each player credited with the
    partnership's VP, 14 for a bye). Checks every round's promises; returns the repeated
    opponents of the Danese rounds, the greedy baseline's on the same rounds, and the rounds
    refused."""
    rng = random.Random(seed)
    size, rounds = rng.randint(8, 40), rng.randint(4, 9)
    table_order = (TableOrder.ONE_TWO, TableOrder.ONE_FOUR)[seed % 2]
    players = list(range(1, size + 1))
    late = {p: rng.randint(2, rounds) for p in rng.sample(players, rng.randint(0, 2))}
    gone = {p: rng.randint(2, rounds) for p in rng.sample(players, rng.randint(0, 2))}
    points: Counter[int] = Counter()
    rounds_out: Counter[int] = Counter()
    history: list[IndividualRound] = []
    ours = greedy = refused = 0
    for number in range(1, rounds + 1):
        field = [p for p in players if late.get(p, 1) <= number and gone.get(p, 99) > number]
        rounds_out.update(p for p in players if late.get(p, 1) > number)
        if number == 1:
            round_ = individual_random(field, seed=seed, byes=rounds_out)
        else:
            ranked = sorted(field, key=lambda p: (-points[p], rng.random()))
            try:
                round_ = individual_danese(
                    ranked, history=history, byes=rounds_out, table_order=table_order
                )
            except NoIndividualSeating:
                assert len(field) <= 12, f"evening {seed}: {len(field)} players refused"
                assert not fair_seating_exists(field, history, rounds_out), seed
                refused += 1
                break
            baseline = greedy_repeats(ranked, history, round_.sitting_out, table_order)
            if baseline is not None:
                assert len(round_.repeated_opponents) <= baseline, (seed, number)
                ours += len(round_.repeated_opponents)
                greedy += baseline
        assert sorted(round_.players()) == sorted(field), (seed, number)
        assert not set(partner_counts([round_])) & set(partner_counts(history)), (seed, number)
        assert set(round_.repeated_opponents) == set(round_.oppositions()) & set(
            opponent_counts(history)
        )
        if round_.sitting_out:  # no player sits out twice while another has not
            playing = [p for p in field if p not in round_.sitting_out]
            assert max(rounds_out[p] for p in round_.sitting_out) <= min(
                rounds_out[p] for p in playing
            ), (seed, number)
        assert len(round_.sitting_out) == len(field) % 4
        for table in round_.tables:
            result = rng.randint(0, 20)
            points.update({table.north: result, table.south: result})
            points.update({table.east: 20 - result, table.west: 20 - result})
        points.update({player: 14 for player in round_.sitting_out})
        rounds_out.update(round_.sitting_out)
        history.append(round_)
    assert balance_of(history).repeated_partnerships == 0
    return ours, greedy, refused


def test_the_danese_keeps_its_promises_over_200_seeded_evenings() -> None:
    """Never a repeated partner, fair byes, every player of the field seated once, a refusal
    only where no fair seating without a repeated partner exists (checked by brute force), and
    never more repeated opponents than the greedy baseline on the same round. Today: 398
    repeated opponents against the baseline's 3278, and 3 evenings of 7-9 players stopped by a
    refusal in round 7 or 8, no new partner being left (figures printed with -s)."""
    totals = [play_evening(seed) for seed in range(200)]
    ours, greedy, refused = (sum(column) for column in zip(*totals, strict=True))
    print(f"repeated opponents: danese {ours}, greedy baseline {greedy}; refusals {refused}")
    assert ours * 3 < greedy


@pytest.mark.parametrize("size", [4, 5, 6, 7, 8, 9])
def test_a_tiny_fields_refusal_comes_only_when_no_seating_is_left(size: int) -> None:
    for seed in range(5):
        rng = random.Random(seed)
        history: list[IndividualRound] = []
        players = list(range(1, size + 1))
        for _ in range(12):
            ranked = rng.sample(players, size)
            byes = Counter(p for round_ in history for p in round_.sitting_out)
            try:
                round_ = individual_danese(ranked, history=history)
            except NoIndividualSeating as refusal:
                assert refusal.refusal is Refusal.REPEATED_PARTNER
                assert not fair_seating_exists(players, history, byes)
                break
            assert fair_seating_exists(players, history, byes)
            history.append(round_)
        else:
            pytest.fail(f"{size} players found new partners for 12 rounds")
        assert balance_of(history).repeated_partnerships == 0


def test_a_22_player_evening_random_then_danese_rotates_the_byes() -> None:
    # the evening: 22 players, a random first round then Danese, two sit out each
    # round; over 9 rounds the 18 byes go to 18 different players
    players = list(range(1, 23))
    rng = random.Random(22)
    points: Counter[int] = Counter()
    history: list[IndividualRound] = []
    for number in range(1, 10):
        request = IndividualRequest(
            players=players,
            seed=number,
            history=history,
            standings=lambda: sorted(players, key=lambda p: (-points[p], p)),
        )
        round_ = seat_individual_round("random" if number == 1 else "danese", request)
        assert len(round_.tables) == 5 and len(round_.sitting_out) == 2
        for table in round_.tables:
            result = rng.randint(0, 20)
            points.update({table.north: result, table.south: result})
            points.update({table.east: 20 - result, table.west: 20 - result})
        history.append(round_)
    balance = balance_of(history)
    assert balance.repeated_partnerships == 0
    assert sorted(row.byes for row in balance.rows) == [0] * 4 + [1] * 18
    assert {row.rounds_played for row in balance.rows} == {8, 9}
