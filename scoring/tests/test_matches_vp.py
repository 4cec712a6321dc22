"""Matches to a target, the spanish opening minimum between deals, victory points by the
federation's tables, and clubs' house rules.

VP tables (RULES.md): a band begins at its printed lower bound, and a difference between two
printed bands stays in the lower one (52 and 54 give 10-10 like 50; 11-9 begins at 55).
    fibur-3: 0–50 10-10, 55–150 11-9, 155–250 12-8, 255–350 13-7, 355–500 14-6, 505–650 15-5,
             655–800 16-4, 805–1000 17-3, 1005–1250 18-2, 1255–1500 19-1, 1505 and more 20-0
    fibur-4: 0–100 10-10, 105–300 11-9, 305–500 12-8, 505–700 13-7, 705–900 14-6,
             905–1100 15-5, 1105–1300 16-4, 1305–1500 17-3, 1505–1700 18-2, 1705–2000 19-1,
             more than 2000 20-0
"""

from dataclasses import dataclass
from typing import Any

import pytest

from scoring import (
    VP_SCALES,
    InvalidMatch,
    house_rules,
    match_state,
    opening_minimum,
    rule_set,
    score_deal_json,
    vp_scale,
)
from scoring.tests.builders import VARIANTS, deal, side
from scoring.vp import VpBand, VpScale


@dataclass(frozen=True)
class MatchCase:
    why: str
    variant: str
    deals: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winner: int | None
    """Index from 0 of the side that won; None while the match goes on."""
    target: int | None = None


MATCHES = [
    MatchCase("no deal played yet", "classico", (), (0, 0), None),
    MatchCase("below the target", "classico", ((1000, 500), (1004, 200)), (2004, 700), None),
    MatchCase("2005 reached exactly wins", "classico", ((1000, 500), (1005, 200)), (2005, 700), 0),
    MatchCase("the second side wins", "reale", ((500, 1200), (300, 900)), (800, 2100), 1),
    MatchCase(
        "both reach the target in the same deal: the higher total wins",
        "traditional",
        ((1500, 1400), (600, 800)),
        (2100, 2200),
        1,
    ),
    MatchCase(
        "both reach it with the same total: not finished, another deal",
        "two-player",
        ((1500, 1400), (600, 700)),
        (2100, 2100),
        None,
    ),
    MatchCase(
        "the tie is broken by the next deal",
        "two-player",
        ((1500, 1400), (600, 700), (100, 50)),
        (2200, 2150),
        0,
    ),
    MatchCase(
        "negative deals count too",
        "classico",
        ((-300, 1200), (400, -120), (2000, 900)),
        (2100, 1980),
        0,
    ),
    MatchCase(
        "brazilian plays to 3000", "brazilian", ((2000, 1500), (990, 1400)), (2990, 2900), None
    ),
    MatchCase("brazilian 3000 reached", "brazilian", ((2000, 1500), (1000, 1400)), (3000, 2900), 0),
    MatchCase("spanish plays to 2000", "spanish", ((1500, 1999),), (1500, 1999), None),
    MatchCase("spanish 2000 reached", "spanish", ((1500, 1999), (500, -100)), (2000, 1899), 0),
    MatchCase(
        "three sides", "spanish", ((900, 800, 1000), (1200, 1300, 950)), (2100, 2100, 1950), None
    ),
    MatchCase(
        "three sides, one highest",
        "spanish",
        ((900, 800, 1000), (1200, 1400, 950)),
        (2100, 2200, 1950),
        1,
    ),
    MatchCase("a club's own target", "classico", ((600, 400),), (600, 400), 0, target=500),
]


@pytest.mark.parametrize("case", MATCHES, ids=lambda c: c.why[:60])
def test_match_state(case: MatchCase) -> None:
    sides = len(case.totals)
    state = match_state(
        rule_set(case.variant), [list(d) for d in case.deals], target=case.target, sides=sides
    )
    assert state.totals == case.totals
    assert state.winner == case.winner
    assert state.finished is (case.winner is not None)
    assert state.deals_played == len(case.deals)


@pytest.mark.parametrize(
    ("variant", "target"),
    [
        ("reale", 2005),
        ("classico", 2005),
        ("traditional", 2005),
        ("two-player", 2005),
        ("brazilian", 3000),
        ("spanish", 2000),
    ],
)
def test_default_match_targets(variant: str, target: int) -> None:
    assert match_state(rule_set(variant), []).target == target


def test_a_deal_after_the_match_was_won_is_refused() -> None:
    with pytest.raises(InvalidMatch) as caught:
        match_state(rule_set("classico"), [[1000, 500], [1005, 200], [10, 10]])
    assert caught.value.messages == (
        "the match was already won by side 1 after deal 2 (2005 of 2005), so deal 3 should not "
        "be added",
    )


def test_a_deal_with_the_wrong_number_of_scores_is_refused() -> None:
    with pytest.raises(InvalidMatch, match="deal 2 has 3 scores for 2 sides"):
        match_state(rule_set("classico"), [[10, 20], [1, 2, 3]])


@pytest.mark.parametrize("target", [0, -2005])
def test_a_match_target_must_be_above_zero(target: int) -> None:
    with pytest.raises(InvalidMatch, match=f"a match target must be above 0, not {target}"):
        match_state(rule_set("classico"), [], target=target)


@pytest.mark.parametrize(
    ("variant", "totals", "next_opening"),
    [
        ("spanish", (1000, 1001), (0, 75)),
        ("spanish", (0, -50), (0, 0)),
        ("spanish", (1999, 999), (75, 0)),
        *((v, (1500, 1001), (0, 0)) for v in VARIANTS if v != "spanish"),
    ],
)
def test_next_opening_is_75_above_1000_in_spanish_only(
    variant: str, totals: tuple[int, int], next_opening: tuple[int, int]
) -> None:
    state = match_state(rule_set(variant), [list(totals)], target=5000)
    assert state.next_opening == next_opening
    assert tuple(opening_minimum(rule_set(variant), t) for t in totals) == next_opening


# --- victory points ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Band:
    scale: str
    difference: int
    winner: int
    loser: int


# (difference, winner VP): each printed lower bound, the printed upper bound, and the
# differences between two printed bands (possible with an 11-point ace), which stay below.
FIBUR_3_EDGES = [
    (0, 10), (50, 10), (51, 10), (52, 10), (54, 10), (55, 11), (150, 11), (151, 11), (154, 11),
    (155, 12), (250, 12), (254, 12), (255, 13), (350, 13), (354, 13), (355, 14), (500, 14),
    (501, 14), (504, 14), (505, 15), (650, 15), (654, 15), (655, 16), (800, 16), (804, 16),
    (805, 17), (1000, 17), (1004, 17), (1005, 18), (1250, 18), (1254, 18), (1255, 19),
    (1500, 19), (1503, 19), (1504, 19), (1505, 20), (5000, 20),
]  # fmt: skip
FIBUR_4_EDGES = [
    (0, 10), (100, 10), (101, 10), (104, 10), (105, 11), (300, 11), (304, 11), (305, 12),
    (500, 12), (504, 12), (505, 13), (700, 13), (704, 13), (705, 14), (900, 14), (904, 14),
    (905, 15), (1100, 15), (1104, 15), (1105, 16), (1300, 16), (1304, 16), (1305, 17),
    (1500, 17), (1504, 17), (1505, 18), (1700, 18), (1704, 18), (1705, 19), (2000, 19),
    (2001, 20), (2003, 20), (9000, 20),
]  # fmt: skip
BANDS = [Band("fibur-3", d, w, 20 - w) for d, w in FIBUR_3_EDGES] + [
    Band("fibur-4", d, w, 20 - w) for d, w in FIBUR_4_EDGES
]


@pytest.mark.parametrize("case", BANDS, ids=lambda c: f"{c.scale}:{c.difference}")
def test_vp_band_edges_in_both_orders(case: Band) -> None:
    scale = VP_SCALES[case.scale]
    base = 310
    if case.difference == 0:
        assert scale.vp(base, base) == (10, 10)
        return
    assert scale.vp(base + case.difference, base) == (case.winner, case.loser)
    assert scale.vp(base, base + case.difference) == (case.loser, case.winner)
    assert scale.vp(-case.difference, 0) == (case.loser, case.winner), "negative MP"


@pytest.mark.parametrize(
    ("scale", "mp_a", "mp_b", "vp"),
    [
        ("fibur-3", 1240, 610, (15, 5)),
        ("fibur-3", 610, 1240, (5, 15)),
        ("fibur-3", 52, 0, (10, 10)),  # between 0–50 and 55–150: stays in the lower band
        ("fibur-3", 852, 800, (10, 10)),  # RULES.md's example: a difference of 52
        ("fibur-3", 1503, 0, (19, 1)),  # between 1255–1500 and 1505+: 19-1
        ("fibur-4", 2003, 0, (20, 0)),  # "more than 2000"
        ("fibur-3", 1500, 0, (19, 1)),
        ("fibur-3", 0, 1501, (1, 19)),  # 20-0 begins at 1505
        ("fibur-3", 0, 1505, (0, 20)),
        ("fibur-3", 755, 755, (10, 10)),
        ("fibur-3", -200, -170, (10, 10)),
        ("fibur-4", 2000, 0, (19, 1)),
        ("fibur-4", 2001, 0, (20, 0)),
        ("fibur-4", 3003, 1000, (20, 0)),
        ("fibur-4", 0, 0, (10, 10)),
    ],
)
def test_vp_examples(scale: str, mp_a: int, mp_b: int, vp: tuple[int, int]) -> None:
    assert vp_scale(scale).vp(mp_a, mp_b) == vp
    assert sum(vp) == 20


def test_every_difference_has_a_band_that_adds_up_to_20() -> None:
    for scale in VP_SCALES.values():
        previous = 10
        for difference in range(0, 2600):
            winner, loser = scale.vp(difference, 0)
            assert winner + loser == 20
            assert previous <= winner <= previous + 1, "bands go up one VP at a time"
            previous = winner


def test_vp_scale_rows_as_a_referee_prints_them() -> None:
    assert VP_SCALES["fibur-3"].rows()[:3] == [(0, 50, 10, 10), (55, 150, 11, 9), (155, 250, 12, 8)]
    assert VP_SCALES["fibur-3"].rows()[-1] == (1505, None, 20, 0)
    assert VP_SCALES["fibur-4"].rows()[-2:] == [(1705, 2000, 19, 1), (2001, None, 20, 0)]


def test_unknown_vp_scale() -> None:
    with pytest.raises(KeyError):
        vp_scale("fibur-5")


@pytest.mark.parametrize(
    ("bands", "words"),
    [
        ((), "a VP scale needs at least one band"),
        # the last band has an end
        ((VpBand(0, 50, 10, 10), VpBand(51, 100, 12, 8)), "the last band must be open-ended"),
        # a band in the middle has none
        ((VpBand(0, None, 10, 10), VpBand(1, None, 12, 8)), "only the last band can be open"),
        # lower bounds going down
        ((VpBand(0, 100, 10, 10), VpBand(150, 200, 11, 9), VpBand(120, None, 12, 8)), "go up"),
        # the first band not at 0
        ((VpBand(5, 50, 10, 10), VpBand(55, None, 12, 8)), "the first band must begin at 0"),
        # a band that ends after the next begins
        ((VpBand(0, 60, 10, 10), VpBand(55, None, 12, 8)), "must end before the next begins"),
        # a negative bound
        ((VpBand(0, 50, 10, 10), VpBand(-5, None, 12, 8)), "cannot be negative"),
        # the loser above the winner
        ((VpBand(0, 50, 8, 12), VpBand(55, None, 20, 0)), "the winner never gets less"),
    ],
)
def test_a_referees_own_scale_is_checked(bands: tuple[VpBand, ...], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        VpScale("own", "A referee's table", bands)


def test_a_referees_own_scale_is_used_as_given() -> None:
    scale = VpScale("own", "Two bands", (VpBand(0, 99, 12, 12), VpBand(110, None, 15, 9)))
    assert scale.vp(100, 1) == (12, 12)
    assert scale.vp(105, 0) == (12, 12)  # between the printed bands: the lower one
    assert scale.vp(110, 0) == (15, 9)
    assert scale.vp(0, 110) == (9, 15)


# --- house rules ---------------------------------------------------------------------------------


ROYAL_DEAL = deal("reale", side("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", closed=True), side())
SCORING_MD_DEAL = deal(
    "classico",
    side("3C 4C 5C 6C 7C 8C 9C JK | 2H 3H 4H", closed=True),
    side(hand="KD KD", pot="not_taken"),
)


@dataclass(frozen=True)
class House:
    why: str
    data: dict[str, Any]
    overrides: dict[str, Any]
    totals: tuple[int, ...]


HOUSES = [
    House("the standard royal: 1000", ROYAL_DEAL, {}, (1225, 0)),
    House("a club's royal worth 300", ROYAL_DEAL, {"burraco_bonuses": {"royal": 300}}, (525, 0)),
    House("a closing bonus of 150", SCORING_MD_DEAL, {"closing_bonus": 150}, (405, -120)),
    House(
        "no semi-clean: the joker makes the burraco dirty",
        SCORING_MD_DEAL,
        {"burraco_bonuses": {"semi-clean": None}},
        (305, -120),
    ),
    House("an untaken pot costing 50", SCORING_MD_DEAL, {"pot_penalty": 50}, (355, -70)),
    House("jokers worth 50", SCORING_MD_DEAL, {"values": {"joker": 50}}, (375, -120)),
    House("8…K worth 15", SCORING_MD_DEAL, {"values": {"high": 15}}, (365, -130)),
]


@pytest.mark.parametrize("case", HOUSES, ids=lambda c: c.why[:60])
def test_house_rules_change_the_score(case: House) -> None:
    rules = house_rules(rule_set(case.data["variant"]), case.overrides)
    result = score_deal_json(case.data, rules)
    assert tuple(s["total"] for s in result["sides"]) == case.totals


def test_house_rules_leave_the_standard_rule_set_alone() -> None:
    royal_300 = house_rules(rule_set("reale"), {"burraco_bonuses": {"royal": 300}})
    assert royal_300.burraco_bonuses["royal"] == 300
    assert rule_set("reale").burraco_bonuses["royal"] == 1000
    assert score_deal_json(ROYAL_DEAL)["sides"][0]["total"] == 1225


def test_house_rules_settings() -> None:
    spanish = house_rules(
        rule_set("spanish"),
        {"match_target": 3000, "opening": {"points": 100}, "side_counts": [2], "name": " Club "},
    )
    assert spanish.match_target == 3000
    assert spanish.opening is not None and spanish.opening.points == 100
    assert spanish.opening.above == 1000
    assert spanish.side_counts == (2,)
    assert spanish.name == "Club"
    assert match_state(spanish, []).target == 3000
    assert house_rules(rule_set("spanish"), {"opening": None}).opening is None
    assert house_rules(rule_set("classico"), {"closing_kinds": ["clean"]}).closing_kinds == {
        "clean"
    }


@pytest.mark.parametrize(
    ("overrides", "words"),
    [
        ({"foo": 1}, "'foo' is not a rule that can be changed"),
        ({"words": {}}, "'words' is not a rule that can be changed"),
        ({"closing_bonus": "150"}, "closing_bonus must be a whole number"),
        ({"closing_bonus": True}, "closing_bonus must be a whole number"),
        ({"closing_bonus": 150.0}, "closing_bonus must be a whole number"),
        ({"sets": 1}, "sets must be true or false"),
        ({"burraco_bonuses": 5}, "burraco_bonuses must map a kind to its bonus"),
        ({"burraco_bonuses": {"golden": 5}}, "'golden' is not a kind of burraco"),
        ({"burraco_bonuses": {"royal": "300"}}, "the royal bonus must be a whole number"),
        ({"values": 3}, "values must be a set of named values"),
        ({"values": {"ace": 1.5}}, "values.ace must be a whole number"),
        ({"values": {"queen": 10}}, "'queen' is not a setting of values"),
        ({"opening": 5}, "opening must be a set of named values"),
        ({"opening": {"bogus": 1}}, "'bogus' is not a setting of opening"),
        ({"opening": {"points": "75"}}, "opening.points must be a whole number"),
        ({"opening": {"canasta_suffices": 1}}, "opening.canasta_suffices must be true or false"),
        ({"closing_kinds": ["golden"]}, "closing_kinds must list kinds of burraco"),
        ({"side_counts": [4]}, "side_counts must list 2 and/or 3"),
        ({"side_counts": []}, "side_counts must list 2 and/or 3"),
        ({"name": ""}, "the name must be text"),
    ],
)
def test_house_rules_refuse_what_they_cannot_use(overrides: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        house_rules(rule_set("spanish"), overrides)


def test_house_rules_cannot_remove_the_clean_or_dirty_burraco() -> None:
    # a club may make them worth nothing, but every run and set still is one of them
    from scoring import house_rules as make_house_rules
    from scoring import rule_set as standard

    for kind in ("clean", "dirty"):
        with pytest.raises(ValueError, match=f"the {kind} burraco cannot be removed"):
            make_house_rules(standard("classico"), {"burraco_bonuses": {kind: None}})
    free = make_house_rules(standard("classico"), {"burraco_bonuses": {"clean": 0}})
    assert free.burraco_bonuses["clean"] == 0
    noble_free = make_house_rules(standard("reale"), {"burraco_bonuses": {"noble": None}})
    assert "noble" not in noble_free.burraco_bonuses
