"""The prize engine (tournaments/prizes): plans paid out of rankings, checked against hand
computations. No database."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.prizes.awards import Payout, award, split
from tournaments.prizes.plans import (
    GroupKind,
    Item,
    Money,
    PlanError,
    PrizeGroup,
    PrizePlan,
    TieRule,
)
from tournaments.prizes.ranking import Placed, RankingError, ordinal


def eur(units: float) -> Money:
    return Money(cents=round(units * 100))


SCALE = (eur(300), eur(200), eur(100), eur(50), eur(50))


def overall(*prizes: Money | Item, key: str = "overall") -> PrizeGroup:
    return PrizeGroup(key=key, kind=GroupKind.OVERALL, prizes=prizes)


def ranked(*ranks: int, names: str = "ABCDEFGHIJ") -> list[Placed]:
    """Entrants A, B, C… in this order with these ranks (ties share one)."""
    return [Placed(entrant=name, rank=rank) for name, rank in zip(names, ranks, strict=False)]


def paid(payout: Payout) -> dict[str, int]:
    """Each entrant's money, in cents."""
    money: dict[str, int] = {}
    for prize in payout.awards:
        money[str(prize.entrant)] = money.get(str(prize.entrant), 0) + prize.cents
    return money


def pay(rule: TieRule, ranking: list[Placed], *prizes: Money | Item) -> Payout:
    plan = PrizePlan(groups=(overall(*(prizes or SCALE)),), tie_rule=rule)
    return award(plan, {"overall": ranking})


# --- a tie for 2nd-3rd on 300, 200, 100, 50, 50 EUR --------------------------------------------


def test_a_tie_for_second_shared_equally_gives_each_half_of_both_places() -> None:
    payout = pay(TieRule.EQUAL, ranked(1, 2, 2, 4, 5, 6))
    assert paid(payout) == {"A": 30000, "B": 15000, "C": 15000, "D": 5000, "E": 5000}
    assert [a.reason for a in payout.awards[1:3]] == ["tied 2nd-3rd, shared equally"] * 2
    assert payout.total == eur(700)


def test_a_tie_for_second_by_hort_keeps_half_of_each_own_place_and_pools_the_rest() -> None:
    # B placed 2nd by the tie-breaks: 100 + (100 + 50) / 2 = 175; C 3rd: 50 + 75 = 125
    payout = pay(TieRule.HORT, ranked(1, 2, 2, 4, 5, 6))
    assert paid(payout) == {"A": 30000, "B": 17500, "C": 12500, "D": 5000, "E": 5000}
    assert payout.awards[1].reason == "tied 2nd-3rd, Hort"
    assert (payout.awards[1].place, payout.awards[2].place) == (2, 3)
    assert payout.total_cents == 70000


def test_a_tie_broken_by_the_tie_breaks_pays_each_its_own_place() -> None:
    payout = pay(TieRule.ORDER, ranked(1, 2, 2, 4, 5, 6))
    assert paid(payout) == {"A": 30000, "B": 20000, "C": 10000, "D": 5000, "E": 5000}
    assert payout.awards[2].reason == "tied 2nd-3rd, by tie-breaks"


def test_a_three_way_tie_gives_the_odd_cents_to_the_better_placed() -> None:
    # 2nd-4th: (200 + 100 + 50) / 3 = 116.666…: 116.67, 116.67, 116.66
    payout = pay(TieRule.EQUAL, ranked(1, 2, 2, 2, 5))
    assert paid(payout) == {"A": 30000, "B": 11667, "C": 11667, "D": 11666, "E": 5000}
    # Hort: each keeps 100, 50, 25; the pool of 175 gives 58.34, 58.33, 58.33
    payout = pay(TieRule.HORT, ranked(1, 2, 2, 2, 5))
    assert paid(payout) == {"A": 30000, "B": 15834, "C": 10833, "D": 8333, "E": 5000}
    assert payout.total == eur(700)


def test_a_tie_across_the_last_paid_place_shares_its_prize_with_the_unpaid() -> None:
    # 5th-6th: only 5th is paid (50): equally 25 each
    payout = pay(TieRule.EQUAL, ranked(1, 2, 3, 4, 5, 5, 7))
    assert paid(payout)["E"] == paid(payout)["F"] == 2500
    assert payout.awards[-1].reason == "tied 5th-6th, shared equally"
    assert payout.total == eur(700)
    # Hort: E keeps 25, F keeps half of nothing; the pooled 25 gives 12.50 each: 37.50, 12.50
    payout = pay(TieRule.HORT, ranked(1, 2, 3, 4, 5, 5, 7))
    assert (paid(payout)["E"], paid(payout)["F"]) == (3750, 1250)
    assert "G" not in paid(payout)
    # by the tie-breaks, the unpaid one gets nothing and has no award
    payout = pay(TieRule.ORDER, ranked(1, 2, 3, 4, 5, 5, 7))
    assert "F" not in paid(payout)
    assert payout.total == eur(700)


def test_a_tie_over_three_places_two_past_the_end_splits_one_prize_three_ways() -> None:
    payout = pay(TieRule.EQUAL, ranked(1, 2, 3, 4, 4, 4), eur(40), eur(30), eur(20), eur(10))
    assert paid(payout) == {"A": 4000, "B": 3000, "C": 2000, "D": 334, "E": 333, "F": 333}


def test_an_item_place_in_a_tie_is_not_split_and_the_reason_says_so() -> None:
    payout = pay(TieRule.EQUAL, ranked(1, 1, 3), Item("Silver cup"), eur(200), eur(100))
    assert [(a.entrant, a.prize) for a in payout.awards] == [
        ("A", Item("Silver cup")),
        ("B", eur(200)),
        ("C", eur(100)),
    ]
    assert payout.awards[0].reason == "tied 1st-2nd, by tie-breaks (an item cannot be split)"
    assert payout.total == eur(300)


# --- several groups ---------------------------------------------------------------------------

GIRONI = (
    overall(eur(300), eur(200), eur(100)),
    PrizeGroup(key="a", kind=GroupKind.GIRONE, scope="A", prizes=(eur(80),)),
    PrizeGroup(key="b", kind=GroupKind.GIRONE, scope="B", prizes=(eur(80),)),
)
GIRONI_RANKINGS = {
    "overall": ranked(1, 2, 3, 4, 5, 6, names="PQRSTU"),
    "a": ranked(1, 2, 3, names="PRT"),
    "b": ranked(1, 2, 3, names="QSU"),
}


def test_a_girone_group_and_an_overall_group_both_pay_the_same_pair() -> None:
    payout = award(PrizePlan(groups=GIRONI), GIRONI_RANKINGS)
    assert paid(payout) == {"P": 38000, "Q": 28000, "R": 10000}
    assert [(a.group, a.entrant) for a in payout.of("P")] == [("overall", "P"), ("a", "P")]
    assert payout.total == eur(760)


def test_best_prize_only_moves_the_next_pair_up_in_the_other_groups() -> None:
    plan = PrizePlan(groups=GIRONI, one_prize_each=True)
    payout = award(plan, GIRONI_RANKINGS)
    # P keeps 300 and Q 200 overall; girone B goes to S, 2nd there; girone A's next is R, who
    # keeps its 100 overall, so it goes to T, 3rd there
    assert paid(payout) == {"P": 30000, "Q": 20000, "R": 10000, "S": 8000, "T": 8000}
    assert payout.of("T")[0].reason == "1st, moved up from 3rd"
    girone_b = payout.of("S")[0]
    assert (girone_b.group, girone_b.place, girone_b.reason) == ("b", 1, "1st, moved up from 2nd")
    assert payout.total == eur(760)


def test_best_prize_only_chains_until_nobody_holds_two_prizes() -> None:
    # R moves up in girone A (80) but already has 100 overall: it keeps the 100, T moves up
    groups = (
        overall(eur(300), eur(200), eur(100)),
        PrizeGroup(key="a", kind=GroupKind.GIRONE, prizes=(eur(80),)),
    )
    rankings = {"overall": ranked(1, 2, 3, 4, names="PQRT"), "a": ranked(1, 2, 3, names="PRT")}
    payout = award(PrizePlan(groups=groups, one_prize_each=True), rankings)
    assert paid(payout) == {"P": 30000, "Q": 20000, "R": 10000, "T": 8000}
    assert payout.of("T")[0].reason == "1st, moved up from 3rd"


def test_best_prize_only_puts_an_item_after_money_unless_the_plan_says_otherwise() -> None:
    groups = (
        overall(Item("Trophy"), eur(100)),
        PrizeGroup(key="a", kind=GroupKind.GIRONE, prizes=(eur(50),)),
    )
    rankings = {"overall": ranked(1, 2, 3, names="PQR"), "a": ranked(1, 2, names="PR")}
    payout = award(PrizePlan(groups=groups, one_prize_each=True), rankings)
    assert [(a.entrant, a.group, a.prize) for a in payout.awards] == [
        ("Q", "overall", Item("Trophy")),
        ("R", "overall", eur(100)),
        ("P", "a", eur(50)),
    ]
    payout = award(PrizePlan(groups=groups, one_prize_each=True, items_first=True), rankings)
    assert [(a.entrant, a.group, a.prize) for a in payout.awards] == [
        ("P", "overall", Item("Trophy")),
        ("Q", "overall", eur(100)),
        ("R", "a", eur(50)),
    ]


def test_an_item_with_a_value_is_compared_by_its_value() -> None:
    groups = (
        overall(Item("Dinner for two", value_cents=6000)),
        PrizeGroup(key="a", kind=GroupKind.GIRONE, prizes=(eur(50),)),
    )
    rankings = {"overall": ranked(1, 2, names="PQ"), "a": ranked(1, 2, names="PQ")}
    payout = award(PrizePlan(groups=groups, one_prize_each=True), rankings)
    assert [(a.entrant, a.group) for a in payout.awards] == [("P", "overall"), ("Q", "a")]


def test_equal_prizes_go_to_the_group_listed_first() -> None:
    groups = (
        PrizeGroup(key="phase", kind=GroupKind.PHASE, prizes=(eur(50),)),
        PrizeGroup(key="cat", kind=GroupKind.CATEGORY, prizes=(eur(50),)),
    )
    rankings = {"phase": ranked(1, 2, names="PQ"), "cat": ranked(1, 2, names="PQ")}
    payout = award(PrizePlan(groups=groups, one_prize_each=True), rankings)
    assert [(a.entrant, a.group) for a in payout.awards] == [("P", "phase"), ("Q", "cat")]


def test_the_last_place_prize_reads_the_standings_from_the_bottom() -> None:
    spoon = PrizeGroup(key="last", kind=GroupKind.LAST_PLACE, prizes=(Item("Wooden spoon"),))
    plan = PrizePlan(groups=(overall(eur(100)), spoon))
    payout = award(plan, {"overall": ranked(1, 2, 3, 4), "last": ranked(1, 2, 3, 4)})
    assert [(a.entrant, a.reason) for a in payout.of("D")] == [("D", "last")]
    # two level at the bottom share 20 EUR; the last by the tie-breaks is read first
    plan = PrizePlan(groups=(PrizeGroup(key="last", kind=GroupKind.LAST_PLACE, prizes=(eur(20),)),))
    payout = award(plan, {"last": ranked(1, 2, 3, 3)})
    assert [(a.entrant, a.cents, a.reason) for a in payout.awards] == [
        ("D", 1000, "tied last to 2nd from last, shared equally"),
        ("C", 1000, "tied last to 2nd from last, shared equally"),
    ]


def test_the_last_pair_that_took_a_better_prize_leaves_the_spoon_to_the_one_above() -> None:
    # D is last overall but best in the final rounds (50 EUR beats an item without a value)
    groups = (
        PrizeGroup(key="final", kind=GroupKind.PHASE, prizes=(eur(50),)),
        PrizeGroup(key="last", kind=GroupKind.LAST_PLACE, prizes=(Item("Wooden spoon"),)),
    )
    rankings = {"final": ranked(1, 2, 3, 4, names="DABC"), "last": ranked(1, 2, 3, 4)}
    payout = award(PrizePlan(groups=groups, one_prize_each=True), rankings)
    assert [(a.entrant, a.group, a.reason) for a in payout.awards] == [
        ("D", "final", "1st"),
        ("C", "last", "last, moved up from 2nd from last"),
    ]


def test_the_ceremony_hands_out_the_last_prize_first_and_the_winner_last() -> None:
    spoon = PrizeGroup(key="last", kind=GroupKind.LAST_PLACE, prizes=(Item("Wooden spoon"),))
    plan = PrizePlan(groups=(*GIRONI, spoon))
    payout = award(plan, {**GIRONI_RANKINGS, "last": GIRONI_RANKINGS["overall"]})
    assert [(a.group, a.entrant) for a in payout.ceremony()] == [
        ("last", "U"), ("b", "Q"), ("a", "P"), ("overall", "R"), ("overall", "Q"), ("overall", "P"),
    ]  # fmt: skip


def test_places_nobody_takes_are_listed_and_not_paid() -> None:
    payout = pay(TieRule.EQUAL, ranked(1, 2, 3))
    assert [(u.place, u.prize) for u in payout.unawarded] == [(4, eur(50)), (5, eur(50))]
    assert payout.total == eur(600)


# --- what a plan and a ranking must be ----------------------------------------------------------


def test_a_plan_survives_its_json_form() -> None:
    spoon = PrizeGroup(key="last", kind=GroupKind.LAST_PLACE, prizes=(Item("Spoon", 500),))
    plan = PrizePlan(groups=(*GIRONI, spoon), tie_rule=TieRule.HORT, one_prize_each=True)
    assert PrizePlan.from_json(plan.to_json()) == plan


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # not JSON at all
        ("{", "The prize plan is not readable"),
        # a group without its prizes
        ('{"groups": [{"key": "x", "kind": "overall"}]}', "not readable: 'prizes'"),
        # a kind the engine does not know
        ('{"groups": [{"key": "x", "kind": "best", "prizes": []}]}', "not readable"),
        # nothing is not a prize
        ('{"groups": [{"key": "x", "kind": "overall", "prizes": [{"cents": 0}]}]}',
         "Prize 1 of “x” must be more than nothing."),
        # an item needs words
        ('{"groups": [{"key": "x", "kind": "overall", "prizes": [{"item": " "}]}]}',
         "Prize 1 of “x” needs a description."),
        # two groups by one name: their rankings could not be told apart
        ('{"groups": [{"key": "x", "kind": "overall", "prizes": [{"cents": 1}]},'
         ' {"key": "x", "kind": "girone", "prizes": [{"cents": 1}]}]}',
         "Two prize groups have the same name: x."),
        # a group that gives nothing is a mistake, not a group
        ('{"groups": [{"key": "x", "label": "Girone A", "kind": "girone", "prizes": []}]}',
         "“Girone A” has no prize."),
        # a stored plan whose option is not one of the rules
        ('{"tie_rule": "coin", "groups": []}', "not readable: 'coin' is not a valid TieRule"),
    ],
)  # fmt: skip
def test_a_wrong_plan_is_refused_with_its_reason(text: str, message: str) -> None:
    with pytest.raises(PlanError, match=message):
        PrizePlan.from_json(text)


def test_a_plan_pays_in_one_currency() -> None:
    with pytest.raises(PlanError, match=r"Prize 2 of “overall” is in CHF; the plan pays in EUR\."):
        PrizePlan(groups=(overall(eur(10), Money(500, "CHF")),))


@pytest.mark.parametrize(
    ("ranking", "message"),
    [
        (ranked(1, 2, 1), "entrant 'C' has rank 1 after rank 2"),
        ([Placed("A", 1), Placed("A", 2)], "entrant 'A' is ranked twice"),
    ],
)
def test_a_wrong_ranking_is_a_programming_error(ranking: list[Placed], message: str) -> None:
    with pytest.raises(RankingError, match=message):
        pay(TieRule.EQUAL, ranking)


def test_a_group_without_its_ranking_is_a_programming_error() -> None:
    with pytest.raises(RankingError, match="no ranking given for the prize groups a, b"):
        award(PrizePlan(groups=GIRONI), {"overall": ranked(1)})


@pytest.mark.parametrize(
    ("place", "text"), [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"),
                        (12, "12th"), (13, "13th"), (21, "21st"), (22, "22nd"), (111, "111th")],
)  # fmt: skip
def test_places_are_written_in_english_data_form(place: int, text: str) -> None:
    assert ordinal(place) == text


# --- properties -------------------------------------------------------------------------------


@given(
    cents=st.lists(st.integers(min_value=1, max_value=100_000), min_size=1, max_size=8),
    steps=st.lists(st.booleans(), min_size=1, max_size=12),
    rule=st.sampled_from(list(TieRule)),
    one_each=st.booleans(),
)
def test_the_total_paid_is_the_money_of_the_places_that_had_an_entrant(
    cents: list[int], steps: list[bool], rule: TieRule, one_each: bool
) -> None:
    # steps: True starts a new rank, False ties with the entrant before
    ranks, rank = [], 1
    for position, new in enumerate(steps, start=1):
        rank = position if new or position == 1 else rank
        ranks.append(rank)
    ranking = [Placed(entrant=n, rank=r) for n, r in enumerate(ranks)]
    prizes = tuple(Money(c) for c in cents)
    plan = PrizePlan(groups=(overall(*prizes),), tie_rule=rule, one_prize_each=one_each)
    payout = award(plan, {"overall": ranking})
    assert payout.total_cents == sum(cents[: len(ranking)])
    assert all(a.cents > 0 for a in payout.awards)
    assert len({a.entrant for a in payout.awards}) == len(payout.awards)


@given(
    orders=st.lists(st.permutations(range(8)), min_size=2, max_size=4),
    sizes=st.lists(st.integers(1, 4), min_size=4, max_size=4),
    rule=st.sampled_from(list(TieRule)),
    items_first=st.booleans(),
)
def test_one_prize_each_leaves_nobody_with_two_and_no_paid_place_empty(
    orders: list[list[int]], sizes: list[int], rule: TieRule, items_first: bool
) -> None:
    # each group ranks the same 8 pairs in its own order, without ties, its 1st prize an item
    groups = tuple(
        overall(Item(f"Cup {n}"), *(Money(100 * k) for k in range(sizes[n], 0, -1)), key=f"g{n}")
        for n in range(len(orders))
    )
    rankings = {f"g{n}": [Placed(e, rank) for rank, e in enumerate(order, 1)]
                for n, order in enumerate(orders)}  # fmt: skip
    plan = PrizePlan(groups=groups, tie_rule=rule, one_prize_each=True, items_first=items_first)
    payout = award(plan, rankings)
    winners = [a.entrant for a in payout.awards]
    assert len(winners) == len(set(winners))
    # a pair leaves a group only for a prize elsewhere, so with no more prizes than pairs
    # every place is taken and the whole plan is paid
    if sum(len(g.prizes) for g in groups) <= 8:
        assert payout.unawarded == ()
        assert payout.total_cents == plan.money_total()


@given(cents=st.integers(min_value=0, max_value=10**9), ways=st.integers(1, 50))
def test_a_split_adds_up_and_differs_by_a_cent_at_most(cents: int, ways: int) -> None:
    shares = split(cents, ways)
    assert sum(shares) == cents
    assert shares == sorted(shares, reverse=True)
    assert shares[0] - shares[-1] <= 1


# --- ready plans ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entrants", "percent", "places"),
    [
        (14, 30, 4),  # 4.2 rounds down
        (20, 30, 6),  # exactly 30 %
        (3, 30, 1),  # a small evening still pays its winner
        (0, 30, 0),  # nobody, nothing
        (10, 50, 5),  # another share
    ],
)
def test_the_top_share_pays_that_many_places(entrants: int, percent: int, places: int) -> None:
    from tournaments.prizes.ready import paid_places

    assert paid_places(entrants, percent) == places


@pytest.mark.parametrize(
    ("pool", "places", "scale"),
    [
        # 4, 3, 2, 1 tenths of 1,000 EUR: exact
        (1000, 4, [400, 300, 200, 100]),
        # 3, 2, 1 sixths of 700: 350, 233.33, 116.67 rounded down; the 1 EUR left to the winner
        (700, 3, [351, 233, 116]),
        # 5..1 fifteenths of 10: 3.33, 2.67, 2, 1.33, 0.67: the last rounds to nothing, dropped
        (10, 5, [5, 2, 2, 1]),
        # one place takes all
        (250, 1, [250]),
    ],
)
def test_the_decreasing_scale_pays_exactly_the_pool(
    pool: int, places: int, scale: list[int]
) -> None:
    from tournaments.prizes.ready import decreasing_scale

    amounts = decreasing_scale(pool * 100, places)
    assert amounts == [units * 100 for units in scale]
    assert sum(amounts) == pool * 100


def test_the_usual_plan_of_a_two_girone_evening_pays_as_computed_by_hand() -> None:
    from tournaments.prizes.ready import usual_plan

    plan = usual_plan(
        14,
        eur(1000),
        gironi=("A", "B"),
        girone_prize=Item("Bottle of wine"),
        final_rounds_prize=eur(40),
        last_place_prize=Item("Wooden spoon"),
        tie_rule=TieRule.HORT,
    )
    assert [(g.key, g.kind, g.prizes) for g in plan.groups] == [
        ("overall", GroupKind.OVERALL, (eur(400), eur(300), eur(200), eur(100))),
        ("girone-A", GroupKind.GIRONE, (Item("Bottle of wine"),)),
        ("girone-B", GroupKind.GIRONE, (Item("Bottle of wine"),)),
        ("last-2-rounds", GroupKind.PHASE, (eur(40),)),
        ("last-place", GroupKind.LAST_PLACE, (Item("Wooden spoon"),)),
    ]
    pairs = "ABCDEFGHIJKLMN"
    standings = ranked(1, 2, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, names=pairs)
    payout = award(
        plan,
        {
            "overall": standings,
            "girone-A": ranked(1, 2, 3, 4, 5, 6, 7, names="ACEGIKM"),
            "girone-B": ranked(1, 2, 3, 4, 5, 6, 7, names="BDFHJLN"),
            "last-2-rounds": ranked(1, 2, 3, 3, names="DGAB"),
            "last-place": standings,
        },
    )
    # B and C tied 2nd-3rd by Hort: B keeps 150 of 300, C 100 of 200, the pooled 250 gives
    # 125 each: 275 and 225. The gironi's wine goes past the pairs with money (money is
    # better): A and C in girone A, B and D in girone B, to E and F; the final rounds' 40 goes
    # past D (100 overall) to G; the spoon to N
    assert [(a.group, a.entrant, a.prize, a.reason) for a in payout.awards] == [
        ("overall", "A", eur(400), "1st"),
        ("overall", "B", eur(275), "tied 2nd-3rd, Hort"),
        ("overall", "C", eur(225), "tied 2nd-3rd, Hort"),
        ("overall", "D", eur(100), "4th"),
        ("girone-A", "E", Item("Bottle of wine"), "1st, moved up from 3rd"),
        ("girone-B", "F", Item("Bottle of wine"), "1st, moved up from 3rd"),
        ("last-2-rounds", "G", eur(40), "1st, moved up from 2nd"),
        ("last-place", "N", Item("Wooden spoon"), "last"),
    ]
    assert payout.total == eur(1040)


# --- the level's limits -----------------------------------------------------------------------


def capped(*prizes: Money | Item) -> PrizePlan:
    return PrizePlan(groups=(overall(*prizes),))


@pytest.mark.parametrize(
    ("level", "pool", "warnings"),
    [
        # a club tournament may pay 1,000 but not a cent more
        ("club", 1000, []),
        ("club", 1000.01, ["The prize pool, EUR 1,000.01, is above the EUR 1,000.00 that FIBur "
                           "allows a tournament of level “club”."]),
        ("provincial", 1200, ["The prize pool, EUR 1,200.00, is above the EUR 1,000.00 that "
                              "FIBur allows a tournament of level “provincial”."]),
        # a federal one pays 260 to 1,500
        ("federal", 200, ["The prize pool, EUR 200.00, is below the EUR 260.00 that FIBur asks "
                          "of a tournament of level “federal”."]),
        ("federal", 260, []),
        ("federal", 1500, []),
        ("regional", 1500, []),
        ("regional", 4000, []),
        ("regional", 4100, ["The prize pool, EUR 4,100.00, is above the EUR 4,000.00 that FIBur "
                            "allows a tournament of level “regional”."]),
        # a national one pays at least 3,500, with no upper limit
        ("national", 3499, ["The prize pool, EUR 3,499.00, is below the EUR 3,500.00 that FIBur "
                            "asks of a tournament of level “national”."]),
        ("national", 20000, []),
    ],
)  # fmt: skip
def test_the_level_caps_the_pool(level: str, pool: float, warnings: list[str]) -> None:
    from tournaments.prizes.caps import Level, PrizeSetting, cap_warnings

    setting = PrizeSetting(federation="FIBur", level=Level(level))
    assert cap_warnings(capped(eur(pool)), setting) == warnings


def test_items_count_in_the_pool_by_their_value_and_those_without_one_are_named() -> None:
    from tournaments.prizes.caps import Level, PrizeSetting, cap_warnings, pool_of

    plan = capped(eur(900), Item("Tablet", value_cents=20000), Item("Cup"), Item("Cup"))
    assert pool_of(plan) == (110000, 2)
    assert cap_warnings(plan, PrizeSetting(level=Level.CLUB)) == [
        "The prize pool, EUR 1,100.00, is above the EUR 1,000.00 that FIBur allows a tournament "
        "of level “club”.",
        "2 prizes are items without a stated value: they are not counted in the pool.",
    ]


def test_a_plan_the_limits_cannot_be_checked_against_says_so() -> None:
    from tournaments.prizes.caps import Level, PrizeSetting, cap_warnings

    francs = PrizePlan(groups=(overall(Money(500_00, "CHF")),), currency="CHF")
    assert cap_warnings(francs, PrizeSetting(level=Level.CLUB)) == [
        "The limits of FIBur are in EUR and this plan pays in CHF: the pool was not checked."
    ]
    assert cap_warnings(capped(eur(10)), PrizeSetting(federation="FEDIBUR")) == [
        "No prize limits are known for FEDIBUR at level “club”: the pool was not checked."
    ]


def test_the_warnings_are_in_the_organisers_language() -> None:
    from django.utils import translation

    from tournaments.prizes.caps import Level, PrizeSetting, cap_warnings

    with translation.override("it"):
        warnings = cap_warnings(capped(eur(1200)), PrizeSetting(level=Level.PROVINCIAL))
    assert warnings == [
        "Il montepremi, EUR 1.200,00, supera i EUR 1.000,00 che FIBur consente a un torneo di "
        "livello «provinciale»."
    ]
