"""Phases and gironi (issue 24): the plan as data, the split into gironi (preview, commit,
undo, by hand, a late pair), each girone seated apart with table numbers running on, the byes
per girone, the history of the whole event, and the gironi's rankings with what they carry."""

from collections import Counter

import pytest
from django.contrib.auth.models import User

from tournaments import services
from tournaments.models import Club, Round, Table, Tournament
from tournaments.rules import phases as rules
from tournaments.rules.phases import PhasePlan
from tournaments.rules.standings import TableOutcome
from tournaments.selectors import phases as read
from tournaments.selectors import results
from tournaments.services import ServiceError
from tournaments.tests.conftest import make_tournament

# --- the rules, pure ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entrants", "gironi", "sizes"),
    [
        (12, 2, [6, 6]),  # even: halves
        (13, 2, [7, 6]),  # odd: the larger girone first
        (14, 4, [4, 4, 3, 3]),  # four gironi of a 14-pair field
        (240, 4, [60, 60, 60, 60]),  # the national event's lowest series
    ],
)
def test_gironi_are_as_even_as_they_can_be(entrants: int, gironi: int, sizes: list[int]) -> None:
    assert rules.block_sizes(entrants, gironi) == sizes


def test_blocks_send_the_top_pairs_to_a_and_the_snake_deals_them_fairly() -> None:
    ranked = list(range(1, 9))
    assert rules.split_blocks(ranked, 2) == [[1, 2, 3, 4], [5, 6, 7, 8]]
    assert rules.split_snake(ranked, 2) == [[1, 4, 5, 8], [2, 3, 6, 7]]
    assert rules.split_snake(ranked, 3) == [[1, 6, 7], [2, 5, 8], [3, 4]]


def test_a_split_by_category_follows_the_clubs_order() -> None:
    category = {1: "Copa Plata", 2: "Copa Oro", 3: "Copa Plata", 4: "Copa Oro", 5: ""}
    groups = rules.split_by_category([1, 2, 3, 4, 5], category, ["Copa Oro", "Copa Plata"])
    assert groups == [("Copa Oro", [2, 4]), ("Copa Plata", [1, 3])]
    assert rules.uncategorised([1, 2, 3, 4, 5], category) == [5]


@pytest.mark.parametrize(
    ("value", "carry", "share", "kept"),
    [
        (41, rules.WHOLE, 100, 41),  # carried whole
        (41, rules.ZERO, 100, 0),  # from zero, as Copa Oro/Plata
        (41, rules.SHARE, 50, 21),  # 20.5 rounds half away from zero
        (1120, rules.SHARE, 25, 280),  # a quarter of the MP
        (-30, rules.SHARE, 50, -15),  # a negative point difference halves too
    ],
)
def test_what_a_pair_carries_into_its_girone(value: int, carry: str, share: int, kept: int) -> None:
    assert rules.carried(value, carry, share) == kept


def test_a_plan_covers_every_round_once_in_order() -> None:
    good = [
        PhasePlan(1, 1, 3),
        PhasePlan(2, 4, 5, scope=rules.GIRONI, girone_count=2),
    ]
    assert rules.plan_problems(good, 5) == []
    gap = [PhasePlan(1, 1, 2), PhasePlan(2, 4, 5, scope=rules.GIRONI, girone_count=1)]
    assert rules.plan_problems(gap, 5) == [
        "Phase 2 must start at round 3 and end no earlier.",
        "Phase 2 needs from 2 to 12 gironi.",
    ]
    first_by_standings = [PhasePlan(1, 1, 2, scope=rules.GIRONI, girone_count=2)]
    assert rules.plan_problems(first_by_standings, 2) == [
        "The first phase has no standings to split by: split it by category or by hand."
    ]
    assert rules.phase_of(good, 3).number == 1
    assert rules.phase_of(good, 4).number == 2
    assert rules.phase_of(good, 6).number == 2  # an extra round belongs to the last phase


def test_a_started_phase_no_longer_changes() -> None:
    plan = [PhasePlan(1, 1, 3), PhasePlan(2, 4, 5, scope=rules.GIRONI, girone_count=2)]
    more_gironi = [plan[0], PhasePlan(2, 4, 5, scope=rules.GIRONI, girone_count=3)]
    assert rules.change_refusal(plan, more_gironi, seated=3) == ""
    assert rules.change_refusal(plan, more_gironi, seated=4) == (
        "Phase 2 has started (round 4 is seated): it can no longer change, only the phases "
        "after it."
    )
    longer_first = [PhasePlan(1, 1, 4), PhasePlan(2, 5, 6, scope=rules.GIRONI, girone_count=2)]
    assert rules.change_refusal(plan, longer_first, seated=3) == ""  # round 4 not reached
    assert "Phase 1 has started" in rules.change_refusal(plan, longer_first, seated=4)


def _table(ns: int, ew: int | None, ns_vp: int, ew_vp: int, ns_mp: int = 0) -> TableOutcome:
    return TableOutcome(ns=ns, ew=ew, ns_mp=ns_mp, ew_mp=0, ns_vp=ns_vp, ew_vp=ew_vp)


def test_a_gironi_ranking_carries_what_the_phase_says() -> None:
    # before the split: 1 beat 3 (15-5), 2 beat 4 (12-8); in the phase: 3 beat 1 (20-0)
    before = [_table(1, 3, 15, 5, ns_mp=100), _table(2, 4, 12, 8)]
    during = [_table(3, 1, 20, 0)]
    everyone = [1, 2, 3, 4]
    whole = rules.girone_ranking([1, 3], everyone, before, during, carry=rules.WHOLE)
    assert (whole[1].vp, whole[3].vp) == (15, 25)
    assert (whole[3].rank, whole[1].rank) == (1, 2)
    zero = rules.girone_ranking([1, 3], everyone, before, during, carry=rules.ZERO)
    assert (zero[1].vp, zero[3].vp, zero[1].rounds_played) == (0, 20, 1)
    half = rules.girone_ranking([1, 3], everyone, before, during, carry=rules.SHARE, share=50)
    assert (half[1].vp, half[1].mp, half[3].vp) == (8, 50, 23)  # 7.5 -> 8, 2.5 -> 3


def test_a_level_girone_is_split_by_the_meetings_the_ranking_counts() -> None:
    # 1 and 3 level on 20 VP; carried whole, head-to-head reads both meetings (1: 15 + 0,
    # 3: 5 + 20): 3 first; MP level at 0
    before = [_table(1, 3, 15, 5), _table(1, 2, 5, 15)]
    during = [_table(3, 1, 20, 0)]
    records = rules.girone_ranking([1, 3], [1, 2, 3], before, during, carry=rules.WHOLE)
    assert (records[1].vp, records[3].vp) == (20, 25)
    assert records[3].rank == 1


# --- the services ------------------------------------------------------------------------------

CLOSES = {"burracos": {"clean": 1}, "pot": "taken", "closed": True, "hand_points": 0}
BEATEN = {"melded_points": 50, "hand_points": 20, "burracos": {}, "pot": "taken"}


def _play(round_: Round, user: User) -> None:
    """Every table of the round: the pair with the lower number wins its one deal, by more the
    further apart the numbers are (so the standings follow the pair numbers)."""
    for table in round_.tables.filter(is_bye=False).order_by("number"):
        ns, ew = table.ns, table.ew
        assert ns is not None and ew is not None
        margin = 100 + 20 * abs(ns.number - ew.number)
        winner = {**CLOSES, "melded_points": margin}
        sides = [winner, BEATEN] if ns.number < ew.number else [BEATEN, winner]
        table.refresh_from_db()
        services.deal_record(
            table=table, number=1, sides=sides, mode="summary", user=user, version=table.version
        )


def _round(tournament: Tournament, user: User, seed: int, play: bool = True) -> Round:
    round_ = services.round_prepare(tournament=tournament, seed=seed).round
    if not play:
        return round_
    services.round_start(round=round_)
    if play:
        _play(round_, user)
    round_.refresh_from_db()
    return round_


def _two_phases(club: Club, pairs: int, mitchell: int = 2, danese: int = 2) -> Tournament:
    tournament = make_tournament(club, pairs=pairs, rounds=mitchell + danese, deals_per_round=1)
    plan, movements = services.preset_plan(mitchell, danese, 2)
    services.phase_plan_set(tournament=tournament, plan=plan, movements=movements)
    tournament.refresh_from_db()
    return tournament


def _numbers(pair_ids: tuple[int, ...] | list[int]) -> list[int]:
    from tournaments.models import Pair

    numbers = dict(Pair.objects.filter(pk__in=pair_ids).values_list("pk", "number"))
    return [numbers[pid] for pid in pair_ids]


@pytest.fixture
def user(organiser: User) -> User:
    return organiser


def test_a_tournament_without_a_plan_is_one_phase_of_the_whole_field(club: Club) -> None:
    tournament = make_tournament(club, pairs=6, rounds=3)
    assert read.plan_of(tournament) == [PhasePlan(1, 1, 3)]
    assert not read.is_phased(tournament)
    assert read.girone_names_in(tournament, 2) == {}


def test_the_ready_plan_sets_the_rounds_and_their_movements(club: Club) -> None:
    tournament = _two_phases(club, pairs=12, mitchell=3, danese=2)
    assert tournament.rounds == 5
    assert tournament.movement_plan == ["random", "mitchell", "mitchell", "danese", "danese"]
    plan = read.plan_of(tournament)
    assert [(p.first_round, p.last_round, p.scope, p.girone_count) for p in plan] == [
        (1, 3, "field", 0),
        (4, 5, "gironi", 2),
    ]
    assert read.is_phased(tournament)


def test_twelve_pairs_split_by_the_standings_and_play_inside_their_girone(
    club: Club, user: User
) -> None:
    tournament = _two_phases(club, pairs=12)
    _round(tournament, user, seed=1)
    with pytest.raises(ServiceError, match="Finish round 2 before splitting"):
        services.split_preview(tournament=tournament, phase_number=2)
    _round(tournament, user, seed=2)
    with pytest.raises(ServiceError, match="Split the field into gironi before seating round 3"):
        services.round_prepare(tournament=tournament, seed=3)

    preview = services.split_preview(tournament=tournament, phase_number=2)
    by_rank = sorted(tournament.pairs.all(), key=lambda p: (p.rank, p.number))
    assert [g.name for g in preview] == ["A", "B"]
    assert [p.pair.number for p in preview[0].placements] == [p.number for p in by_rank[:6]]
    assert [p.pair.number for p in preview[1].placements] == [p.number for p in by_rank[6:]]
    top = by_rank[0]
    assert preview[0].placements[0].reason == f"rank 1 on {top.vp} VP, {top.mp:,} MP"
    assert not read.gironi_of(tournament, 2)  # a preview saves nothing

    services.split_commit(tournament=tournament, phase_number=2)
    gironi = read.gironi_of(tournament, 2)
    assert [(g.name, sorted(_numbers(g.pair_ids))) for g in gironi] == [
        ("A", sorted(p.number for p in by_rank[:6])),
        ("B", sorted(p.number for p in by_rank[6:])),
    ]
    members = {pid: g.id for g in gironi for pid in g.pair_ids}
    history, _byes = results.history(tournament)

    round_3 = _round(tournament, user, seed=3, play=False)
    assert round_3.movement == Round.Movement.DANESE
    tables = list(round_3.tables.order_by("number").prefetch_related("seats"))
    assert [(t.number, t.girone_id) for t in tables] == [
        (1, gironi[0].id), (2, gironi[0].id), (3, gironi[0].id),
        (4, gironi[1].id), (5, gironi[1].id), (6, gironi[1].id),
    ]  # fmt: skip
    for table in tables:
        seated = [seat.pair_id for seat in table.seats.all()]
        assert {members[pid] for pid in seated} == {table.girone_id}  # no cross-girone table
    meetings = {frozenset(s.pair_id for s in t.seats.all()) for t in tables}
    assert not meetings & {frozenset(m) for m in history}  # no rematch of phase 1
    # the Danese inside girone A seats its leader at table 1, against the best pair it has
    # not met
    leader = by_rank[0].pk
    table_1 = {s.pair_id for s in tables[0].seats.all()}
    assert leader in table_1
    opponent = (table_1 - {leader}).pop()
    unmet = [p.pk for p in by_rank[1:6] if (min(leader, p.pk), max(leader, p.pk)) not in history]
    assert opponent == unmet[0]
    with pytest.raises(ServiceError, match="different gironi"):
        a_pair, b_pair = gironi[0].pair_ids[0], gironi[1].pair_ids[0]
        services.round_swap(
            round=round_3,
            pair_a=tournament.pairs.get(pk=a_pair),
            pair_b=tournament.pairs.get(pk=b_pair),
        )
    services.round_start(round=round_3)
    with pytest.raises(ServiceError, match="the gironi of phase 2 can no longer change"):
        services.split_undo(tournament=tournament, phase_number=2)


def test_odd_gironi_have_a_bye_each_after_the_tables(club: Club, user: User) -> None:
    tournament = _two_phases(club, pairs=14)
    _round(tournament, user, seed=1)
    _round(tournament, user, seed=2)
    services.split_commit(tournament=tournament, phase_number=2)
    gironi = read.gironi_of(tournament, 2)
    assert [len(g.pair_ids) for g in gironi] == [7, 7]
    byes_seen: Counter[int] = Counter()
    for seed in (3, 4):
        round_ = _round(tournament, user, seed=seed)
        rows = list(round_.tables.order_by("number").values_list("number", "is_bye", "girone"))
        assert rows == [
            (1, False, gironi[0].id), (2, False, gironi[0].id), (3, False, gironi[0].id),
            (4, False, gironi[1].id), (5, False, gironi[1].id), (6, False, gironi[1].id),
            (7, True, gironi[0].id), (8, True, gironi[1].id),
        ]  # fmt: skip
        for table in round_.tables.filter(is_bye=True):
            byes_seen[table.seats.get().pair_id] += 1
    assert set(byes_seen.values()) == {1}  # no pair sits out twice while another has not
    assert len(byes_seen) == 4


def test_the_gironi_rankings_carry_whole_and_the_phase_counts_its_rounds(
    club: Club, user: User
) -> None:
    tournament = _two_phases(club, pairs=12)
    _round(tournament, user, seed=1)
    _round(tournament, user, seed=2)
    services.split_commit(tournament=tournament, phase_number=2)
    before = {p.pk: (p.vp, p.mp) for p in tournament.pairs.all()}
    _round(tournament, user, seed=3)
    _round(tournament, user, seed=4)
    pairs = {p.pk: p for p in tournament.pairs.all()}
    phase = read.plan_of(tournament)[1]
    rankings = read.girone_rankings(tournament, phase)
    assert [r.name for r in rankings] == ["A", "B"]
    for ranking in rankings:
        assert [r.rank for _pid, r in ranking.records] == list(range(1, 7))
        for pid, record in ranking.records:
            # carried whole: the girone's totals are the overall totals
            assert (record.vp, record.mp) == (pairs[pid].vp, pairs[pid].mp)
    own = dict(read.phase_ranking(tournament, phase))
    for pid, pair in pairs.items():
        assert own[pid].vp == pair.vp - before[pid][0]
        assert own[pid].mp == pair.mp - before[pid][1]
        assert own[pid].rounds_played == 2

    Phase = type(tournament.phases.get(number=2))
    Phase.objects.filter(tournament=tournament, number=2).update(carry=rules.ZERO)
    phase = read.plan_of(tournament)[1]
    zero = read.girone_rankings(tournament, phase)
    for ranking in zero:
        for pid, record in ranking.records:
            assert record.vp == own[pid].vp


def test_undo_a_split_and_move_a_pair_by_hand(club: Club, user: User) -> None:
    tournament = _two_phases(club, pairs=12)
    _round(tournament, user, seed=1)
    _round(tournament, user, seed=2)
    services.split_commit(tournament=tournament, phase_number=2)
    with pytest.raises(ServiceError, match="split already"):
        services.split_commit(tournament=tournament, phase_number=2)
    services.split_undo(tournament=tournament, phase_number=2)
    assert read.gironi_of(tournament, 2) == []
    services.split_commit(tournament=tournament, phase_number=2)
    a, b = read.gironi_of(tournament, 2)
    moved = tournament.pairs.get(pk=a.pair_ids[0])
    services.girone_move(tournament=tournament, phase_number=2, pair=moved, girone=2)
    a, b = read.gironi_of(tournament, 2)
    assert (len(a.pair_ids), len(b.pair_ids)) == (5, 7)
    assert moved.pk in b.pair_ids
    round_3 = _round(tournament, user, seed=3, play=False)
    byes = list(round_3.tables.filter(is_bye=True).values_list("number", "girone"))
    assert byes == [(6, a.id), (7, b.id)]  # 5 and 7 pairs: one sits out in each
    assert Table.objects.filter(round=round_3, is_bye=False).count() == 2 + 3


def test_a_late_pair_joins_the_smallest_girone(club: Club, user: User) -> None:
    tournament = make_tournament(club, pairs=9, rounds=3, deals_per_round=1)
    plan = [
        PhasePlan(1, 1, 1),
        PhasePlan(2, 2, 3, scope=rules.GIRONI, split=rules.SNAKE, girone_count=2),
    ]
    services.phase_plan_set(
        tournament=tournament, plan=plan, movements=["random", "danese", "danese"]
    )
    _round(tournament, user, seed=1)
    services.split_commit(tournament=tournament, phase_number=2)
    assert [len(g.pair_ids) for g in read.gironi_of(tournament, 2)] == [5, 4]
    services.pairs_add(tournament=tournament, text="Late Comer / Last Minute")
    late = tournament.pairs.get(number=10)
    a, b = read.gironi_of(tournament, 2)
    assert late.pk in b.pair_ids and (len(a.pair_ids), len(b.pair_ids)) == (5, 5)


def test_the_plan_cannot_change_a_started_phase(club: Club, user: User) -> None:
    tournament = _two_phases(club, pairs=8)
    _round(tournament, user, seed=1)
    _round(tournament, user, seed=2)
    plan, movements = services.preset_plan(1, 3, 2)
    with pytest.raises(ServiceError, match="Phase 1 has started"):
        services.phase_plan_set(tournament=tournament, plan=plan, movements=movements)
    plan, movements = services.preset_plan(3, 2, 2)  # round 3 not seated: phase 1 may grow
    services.phase_plan_set(tournament=tournament, plan=plan, movements=movements)
    tournament.refresh_from_db()
    assert tournament.rounds == 5
    assert [p.last_round for p in read.plan_of(tournament)] == [3, 5]
    services.phase_plan_set(tournament=tournament, plan=[PhasePlan(1, 1, 5)])
    assert read.plan_of(tournament) == [PhasePlan(1, 1, 5)]  # back to one field
    assert not tournament.phases.exists()


def test_a_split_by_category_makes_one_girone_a_category(club: Club, user: User) -> None:
    club.categories = "Copa Oro, Copa Plata"
    club.save()
    tournament = make_tournament(club, pairs=8, rounds=3, deals_per_round=1)
    plan = [
        PhasePlan(1, 1, 1),
        PhasePlan(2, 2, 3, scope=rules.GIRONI, split=rules.BY_CATEGORY, carry=rules.ZERO),
    ]
    services.phase_plan_set(tournament=tournament, plan=plan)
    _round(tournament, user, seed=1)
    with pytest.raises(ServiceError, match="Give these pairs a category"):
        services.split_preview(tournament=tournament, phase_number=2)
    for pair in tournament.pairs.all():
        pair.category = "Copa Oro" if pair.number % 2 else "Copa Plata"
        pair.save()
    preview = services.split_preview(tournament=tournament, phase_number=2)
    assert [(g.name, [p.pair.number for p in g.placements]) for g in preview] == [
        ("Copa Oro", [1, 3, 5, 7]),
        ("Copa Plata", [2, 4, 6, 8]),
    ]
    assert preview[0].placements[0].reason == "category Copa Oro"


def test_a_withdrawal_after_the_split_leaves_a_bye_in_its_girone_alone(
    club: Club, user: User
) -> None:
    tournament = _two_phases(club, pairs=12)
    _round(tournament, user, seed=1)
    _round(tournament, user, seed=2)
    services.split_commit(tournament=tournament, phase_number=2)
    a, b = read.gironi_of(tournament, 2)
    services.pair_withdraw(pair=tournament.pairs.get(pk=b.pair_ids[0]))
    round_3 = _round(tournament, user, seed=3, play=False)
    rows = list(round_3.tables.order_by("number").values_list("number", "is_bye", "girone"))
    assert rows == [
        (1, False, a.id), (2, False, a.id), (3, False, a.id),
        (4, False, b.id), (5, False, b.id), (6, True, b.id),
    ]  # fmt: skip
    seated = set(round_3.seats.values_list("pair_id", flat=True))
    assert b.pair_ids[0] not in seated and len(seated) == 11


def test_the_settings_leave_a_planned_events_rounds_to_the_phase_page(club: Club) -> None:
    tournament = _two_phases(club, pairs=8)
    with pytest.raises(ServiceError, match="played in phases: change its number of rounds"):
        services.tournament_update(tournament=tournament, rounds=6)
    services.tournament_update(tournament=tournament, name="Gran Premio")  # the rest changes
    tournament.refresh_from_db()
    assert (tournament.name, tournament.rounds) == ("Gran Premio", 4)


def test_a_late_pair_after_a_split_by_category_joins_its_categorys_girone(
    club: Club, user: User
) -> None:
    club.categories = "Copa Oro, Copa Plata"
    club.save()
    tournament = make_tournament(club, pairs=8, rounds=3, deals_per_round=1)
    plan = [
        PhasePlan(1, 1, 1),
        PhasePlan(2, 2, 3, scope=rules.GIRONI, split=rules.BY_CATEGORY, carry=rules.ZERO),
    ]
    services.phase_plan_set(tournament=tournament, plan=plan)
    services.pair_categories_set(
        tournament=tournament,
        categories={n: "Copa Oro" if n in (1, 3, 5) else "Copa Plata" for n in range(1, 9)},
    )
    _round(tournament, user, seed=1)
    services.split_commit(tournament=tournament, phase_number=2)
    assert [len(g.pair_ids) for g in read.gironi_of(tournament, 2)] == [3, 5]
    services.pairs_add(tournament=tournament, text="Late Plata / Ultima Ora", category="Copa Plata")
    services.pairs_add(tournament=tournament, text="Senza Categoria / Fuori Tempo")
    oro, plata = read.gironi_of(tournament, 2)
    late, other = tournament.pairs.get(number=9), tournament.pairs.get(number=10)
    assert late.category == "Copa Plata" and late.joined_from == 2
    assert late.pk in plata.pair_ids  # its category's girone, though Copa Oro is smaller
    assert other.pk in oro.pair_ids  # no category: the smallest
    assert rules.late_girone(["A", "B"], [4, 3], split=rules.BY_CATEGORY, category="A") == 0
    assert rules.late_girone(["A", "B"], [4, 3], split=rules.SNAKE, category="A") == 1
    with pytest.raises(ServiceError, match="Copa Bronce is not one of the club's categories"):
        services.pairs_add(tournament=tournament, text="Altra / Coppia", category="Copa Bronce")
    assert tournament.pairs.count() == 10
