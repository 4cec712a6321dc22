"""An individual tournament played in phases and gironi (issue 25: the individual movements
"work inside gironi and phases too"): rounds for the whole field (a random first round, then
the Danese), then the field split into gironi of whole tables of four, each girone seated by
the individual Danese on its own ranking, never a partner of the whole event given again, the
players over a table sitting out in turn inside their girone, and each girone ranked with both
partners credited their partnership's result."""

import re
from collections import Counter

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Round, Seat, Tournament
from tournaments.rules import phases as rules
from tournaments.selectors import phases as read
from tournaments.services import ServiceError
from tournaments.services.individual_rounds import planned_movement
from tournaments.tests.test_individual_changes import by_hand, play_round
from tournaments.tests.test_individual_tournaments import individual


def _players(count: int) -> str:
    return "\n".join(f"Giocatore{n} Cognome{n}" for n in range(1, count + 1))


def _event(club: Club, players: int, gironi: int = 2) -> Tournament:
    """`players` players: 2 rounds for the whole field, then 2 Danese rounds in `gironi`
    gironi split by the standings in blocks, carrying their totals whole (the ready plan)."""
    tournament = individual(club, _players(players), rounds=4)
    plan, movements = services.preset_plan(2, 2, gironi, field_movement="danese")
    services.phase_plan_set(tournament=tournament, plan=plan, movements=movements)
    tournament.refresh_from_db()
    return tournament


def _partners(tournament: Tournament) -> Counter[frozenset[int]]:
    """How many times each two players partnered, over every round seated."""
    seats = Seat.objects.filter(round__tournament=tournament, table__is_bye=False)
    at: dict[tuple[int, str], list[int]] = {}
    for seat in seats.values("table_id", "direction", "pair__number"):
        at.setdefault((seat["table_id"], seat["direction"]), []).append(seat["pair__number"])
    return Counter(frozenset(pair) for pair in at.values())


def _girone_of(tournament: Tournament) -> dict[int, str]:
    """Player number -> their girone's name in phase 2."""
    return {
        tournament.pairs.get(pk=pid).number: view.name
        for view in read.gironi_of(tournament, 2)
        for pid in view.pair_ids
    }


@pytest.fixture
def user(organiser: User) -> User:
    return organiser


@pytest.mark.parametrize(
    ("players", "gironi", "sizes"),
    [(16, 2, [8, 8]), (20, 2, [12, 8]), (22, 2, [12, 10]), (36, 2, [20, 16]), (24, 3, [8, 8, 8])],
)
def test_players_are_split_in_whole_tables_the_players_over_in_the_last_girone(
    players: int, gironi: int, sizes: list[int]
) -> None:
    assert rules.block_sizes(players, gironi, unit=4) == sizes
    assert [len(b) for b in rules.split_snake(list(range(players)), gironi, unit=4)] == sizes
    assert rules.block_sizes(13, 2) == [7, 6]  # pairs: as even as they can be, as before


def test_the_snake_deals_players_fairly_and_passes_over_a_full_girone() -> None:
    snake = rules.split_snake(list(range(1, 21)), 2, unit=4)
    assert snake == [
        [1, 4, 5, 8, 9, 12, 13, 16, 17, 18, 19, 20],
        [2, 3, 6, 7, 10, 11, 14, 15],
    ]
    assert rules.split_snake(list(range(1, 9)), 3) == [[1, 6, 7], [2, 5, 8], [3, 4]]


def test_inside_gironi_an_individual_round_is_random_or_danese() -> None:
    assert rules.individual_girone_movement("schedule8") == "danese"
    assert rules.individual_girone_movement("random") == "random"
    assert rules.individual_girone_refusal("danese") == ""
    assert rules.individual_girone_refusal("rotation12") == (
        "Inside gironi an individual round is seated at random or by the Danese: the 8-player "
        "schedule and the 12-player rotation are for a whole field from its first round."
    )


def test_sixteen_players_play_two_gironi_of_eight_by_the_danese(club: Club, user: User) -> None:
    tournament = _event(club, 16)
    assert tournament.movement_plan == ["random", "danese", "danese", "danese"]
    play_round(tournament, user)
    play_round(tournament, user)
    with pytest.raises(ServiceError, match="Split the field into gironi before seating round 3"):
        services.round_prepare(tournament=tournament, seed=3)

    preview = services.split_preview(tournament=tournament, phase_number=2)
    by_rank = sorted(tournament.pairs.all(), key=lambda p: (p.rank, p.number))
    assert [[p.pair.number for p in g.placements] for g in preview] == [
        [p.number for p in by_rank[:8]],
        [p.number for p in by_rank[8:]],
    ]
    top = by_rank[0]
    assert preview[0].placements[0].reason == f"rank 1 on {top.vp} VP, {top.mp:,} MP"
    services.split_commit(tournament=tournament, phase_number=2)
    girone = _girone_of(tournament)

    assert planned_movement(tournament, 3) == "danese"
    with pytest.raises(ServiceError, match="Inside gironi an individual round is seated at"):
        services.round_prepare(tournament=tournament, movement="schedule8", seed=3)
    round_3 = play_round(tournament, user)
    round_4 = play_round(tournament, user)
    for round_ in (round_3, round_4):
        tables = list(round_.tables.order_by("number").prefetch_related("seats__pair"))
        assert [(t.number, t.is_bye) for t in tables] == [(n, False) for n in range(1, 5)]
        names = [{girone[s.pair.number] for s in t.seats.all()} for t in tables]
        assert names == [{"A"}, {"A"}, {"B"}, {"B"}]  # tables 1-2 girone A, 3-4 girone B
        assert all(t.seats.count() == 4 for t in tables)
        assert [t.girone and t.girone.name for t in tables] == ["A", "A", "B", "B"]
    assert max(_partners(tournament).values()) == 1  # never the same partner twice

    # girone A's leader, by the standings after round 2, sits at table 1 of round 3
    leader = by_rank[0].number
    assert leader in {s.pair.number for s in round_3.tables.get(number=1).seats.all()}

    # each girone ranked on the tables' stored results: both partners take their side's VP
    # and MP (added up by hand from the seats), carried whole from the rounds before
    totals = by_hand(tournament)
    phase = read.plan_of(tournament)[1]
    numbers = dict(tournament.pairs.values_list("pk", "number"))
    for ranking in read.girone_rankings(tournament, phase):
        ranked = [(numbers[pid], record) for pid, record in ranking.records]
        assert {girone[n] for n, _r in ranked} == {ranking.name}
        assert len(ranked) == 8
        for number, record in ranked:
            assert (record.vp, record.mp, record.rounds_played) == totals[number]
        keys = [(record.vp, record.mp) for _n, record in ranked]
        assert keys == sorted(keys, reverse=True)
        assert ranked[0][1].rank == 1
    for player in tournament.pairs.all():  # the overall standings say the same
        assert (player.vp, player.mp, player.rounds_played) == totals[player.number]


def test_twenty_two_players_the_two_over_sit_out_in_turn_in_the_last_girone(
    club: Club, user: User
) -> None:
    tournament = _event(club, 22)
    play_round(tournament, user)
    play_round(tournament, user)
    services.split_commit(tournament=tournament, phase_number=2)
    girone = _girone_of(tournament)
    assert Counter(girone.values()) == {"A": 12, "B": 10}
    out: list[int] = []
    for _number in (3, 4):
        round_ = play_round(tournament, user)
        tables = list(round_.tables.order_by("number").prefetch_related("seats__pair"))
        # girone A tables 1-3, B 4-5, then B's two players sitting out at tables 6 and 7
        assert [(t.number, t.girone and t.girone.name, t.is_bye) for t in tables] == [
            (1, "A", False), (2, "A", False), (3, "A", False),
            (4, "B", False), (5, "B", False), (6, "B", True), (7, "B", True),
        ]  # fmt: skip
        sitting = [s.pair.number for t in tables if t.is_bye for s in t.seats.all()]
        assert {girone[n] for n in sitting} == {"B"}
        out += sitting
    assert len(set(out)) == 4  # four different players sit out: the byes rotate
    assert max(_partners(tournament).values()) == 1
    totals = by_hand(tournament)  # the bye award to each player sitting out
    for player in tournament.pairs.all():
        assert (player.vp, player.mp, player.rounds_played) == totals[player.number]
    assert all(played == 4 for _vp, _mp, played in totals.values())


def test_a_field_too_small_for_its_gironi_is_refused_in_players(club: Club, user: User) -> None:
    tournament = individual(club, _players(8), rounds=3)
    plan, movements = services.preset_plan(1, 2, 3, field_movement="danese")
    services.phase_plan_set(tournament=tournament, plan=plan, movements=movements)
    play_round(tournament, user)
    with pytest.raises(ServiceError) as refused:
        services.split_preview(tournament=tournament, phase_number=2)
    assert list(refused.value.messages) == [
        "8 players cannot make 3 gironi of at least four players."
    ]


def test_players_in_different_gironi_cannot_swap(club: Club, user: User) -> None:
    tournament = _event(club, 16)
    play_round(tournament, user)
    play_round(tournament, user)
    services.split_commit(tournament=tournament, phase_number=2)
    round_3 = services.round_prepare(tournament=tournament, seed=3).round
    views = read.gironi_of(tournament, 2)
    a = tournament.pairs.get(pk=views[0].pair_ids[0])
    b = tournament.pairs.get(pk=views[1].pair_ids[0])
    with pytest.raises(ServiceError) as refused:
        services.round_swap(round=round_3, pair_a=a, pair_b=b)
    assert list(refused.value.messages) == [
        f"Players {a.number} and {b.number} play in different gironi: they cannot swap seats."
    ]


def test_the_phase_page_offers_players_the_danese_for_the_whole_field(
    club: Club, organiser_client: Client
) -> None:
    tournament = individual(club, _players(16), rounds=2)
    url = reverse("phase_plan", args=[tournament.pk])
    page = organiser_client.get(url).content.decode()
    assert "rounds for the whole field (the first drawn at random, then the Danese)" in page
    assert "Mitchell rounds" not in page
    form = {"mitchell": "3", "field_danese": "0", "danese": "2", "gironi": "2"}
    organiser_client.post(reverse("phase_plan_set", args=[tournament.pk]), form)
    tournament.refresh_from_db()
    assert tournament.rounds == 5
    assert tournament.movement_plan == ["random", "danese", "danese", "danese", "danese"]
    assert [p.in_gironi for p in read.plan_of(tournament)] == [False, True]
    answer = organiser_client.post(
        reverse("phase_plan_set", args=[tournament.pk]), {**form, "mitchell": "0"}, follow=True
    )
    assert "Give at least one round for the whole field and one Danese round in gironi." in (
        answer.content.decode()
    )
    assert Round.objects.filter(tournament=tournament).count() == 0


def test_a_girones_public_page_ranks_its_players(
    club: Club, user: User, organiser_client: Client
) -> None:
    tournament = _event(club, 16)
    services.tournament_publish(tournament=tournament, published=True)
    play_round(tournament, user)
    play_round(tournament, user)
    services.split_commit(tournament=tournament, phase_number=2)
    play_round(tournament, user)
    girone = _girone_of(tournament)
    page = organiser_client.get(
        reverse("public_girone", args=[club.slug, tournament.slug, "A"])
    ).content.decode()
    head = page[page.index("<thead>") : page.index("</thead>")]
    assert '<th class="num">Player</th>' in head and "Pair" not in head
    totals = by_hand(tournament)
    for number, name in girone.items():
        row = f"Giocatore{number} Cognome{number}"
        assert (row in page) == (name == "A")
        if name == "A":
            vp, mp, played = totals[number]
            after = page[page.index(row) :]
            cells = re.findall(r'<td class="num">([^<]*)</td>', after)[:3]
            assert cells == [str(vp), f"{mp:,}".replace("-", "−"), str(played)]
