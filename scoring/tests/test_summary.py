"""Summary mode: a side given as the score sheet's numbers (melded_points, hand_points and a
count of burracos per kind) instead of its cards. The totals follow the same formula; the
checks that still apply (SCORING.md) are each worked here with their message.

Lowest card points a burraco can hold: 7 cards × the variant's lowest value (5) = 35; a wild
canasta (spanish) 7 × 20 = 140; a noble run (reale, brazilian) the value of its own cards,
A 15 + 2 10 + 3…7 25 + 8…K 60 = 110; a royal run 110 + the second ace 15 = 125.
"""

from dataclasses import dataclass
from typing import Any

import pytest

from scoring import score_deal_json
from scoring.tests.builders import assert_problem, deal, problems_of, sheet, side


@dataclass(frozen=True)
class Totals:
    why: str
    data: dict[str, Any]
    totals: tuple[int, ...]
    burracos: tuple[str, ...] = ()
    """The first side's burraco kinds as the result lists them."""


TOTALS = [
    Totals(
        "SCORING.md's example as a score sheet: 105 + 150 + 100 and −20 − 100",
        deal(
            "classico",
            sheet(105, 0, burracos={"semi-clean": 1}, closed=True),
            sheet(0, 20, pot="not_taken"),
        ),
        (355, -120),
        ("semi-clean",),
    ),
    Totals(
        "several kinds add their bonuses: 2 × 200 + 100 + 100 closing",
        deal(
            "classico",
            sheet(250, 15, burracos={"dirty": 1, "clean": 2}, closed=True),
            sheet(40, 35),
        ),
        (250 + 500 + 100 - 15, 40 - 35),
        ("clean", "clean", "dirty"),
    ),
    Totals(
        "a kind counted 0 times earns nothing",
        deal("classico", sheet(20, 0, burracos={"clean": 0}), sheet(0, 0)),
        (20, 0),
    ),
    Totals(
        "nobody closed: burraco bonuses count, no closing bonus",
        deal("reale", sheet(45, 0, burracos={"clean": 1}), sheet(35, 10, burracos={"dirty": 1})),
        (245, 125),
        ("clean",),
    ),
    Totals(
        "traditional: points need not be multiples of 5 (ace 11); the pot given as points",
        deal(
            "traditional",
            sheet(71, 11, burracos={"dirty": 1}, closed=True),
            sheet(0, 10, pot="not_taken", pot_points=56),
        ),
        (71 + 100 + 100 - 11, -66),
        ("dirty",),
    ),
    Totals(
        "traditional: the pot given as its cards in summary mode (AS 2D JK = 56)",
        deal(
            "traditional", sheet(0, 0), sheet(0, 0, pot="not_taken", pot_cards=["AS", "2D", "JK"])
        ),
        (0, -56),
    ),
    Totals(
        "reale: a noble burraco at exactly its 110 card points",
        deal("reale", sheet(110, 0, burracos={"noble": 1}, closed=True), sheet(0, 0)),
        (710, 0),
        ("noble",),
    ),
    Totals(
        "reale: a royal burraco at exactly its 125 card points",
        deal("reale", sheet(125, 0, burracos={"royal": 1}, closed=True), sheet(0, 0)),
        (1225, 0),
        ("royal",),
    ),
    Totals(
        "brazilian: royal and noble in one deal, listed royal first",
        deal(
            "brazilian",
            sheet(235, 0, burracos={"noble": 1, "royal": 1}, closed=True),
            sheet(0, 0, pot="taken_unplayed"),
        ),
        (235 + 1500 + 100, -100),
        ("royal", "noble"),
    ),
    Totals(
        "spanish: a wild canasta at its lowest, seven 2s (140)",
        deal("spanish", sheet(140, 0, burracos={"wild": 1}, closed=True), sheet(0, 0)),
        (1240, 0),
        ("wild",),
    ),
    Totals(
        "two-player: the closing side holds no cards; no reserve pot, no bonus, −100",
        deal(
            "two-player",
            sheet(65, 0, pot="not_taken", burracos={"dirty": 1}, closed=True),
            sheet(30, 10),
        ),
        (65 + 100 - 100, 20),
        ("dirty",),
    ),
    Totals(
        "a card-mode side and a summary-mode side in one deal",
        deal("classico", side("3C 4C 5C 6C 7C 8C 9C", closed=True), sheet(30, 20, pot="not_taken")),
        (345, -90),
        ("clean",),
    ),
    Totals(
        "spanish: 1000 exactly asks for no opening",
        deal("spanish", sheet(40, 0, score_before=1000), sheet(0, 0)),
        (40, 0),
    ),
    Totals(
        "spanish: an opening of 75 points above 1000",
        deal("spanish", sheet(135, 0, score_before=1200, opening_points=75), sheet(0, 0)),
        (135, 0),
    ),
    Totals(
        "spanish: an opening that held a canasta, whatever its points",
        deal(
            "spanish",
            sheet(
                135,
                0,
                burracos={"dirty": 1},
                score_before=1200,
                opening_points=40,
                opening_canasta=True,
            ),
            sheet(0, 0),
        ),
        (235, 0),
        ("dirty",),
    ),
    Totals(
        "spanish: a side that melded nothing made no opening",
        deal("spanish", sheet(0, 30, score_before=1500), sheet(0, 0)),
        (-30, 0),
    ),
]


@pytest.mark.parametrize("case", TOTALS, ids=lambda c: c.why[:60])
def test_summary_mode_totals(case: Totals) -> None:
    result = score_deal_json(case.data)
    assert tuple(s["total"] for s in result["sides"]) == case.totals
    assert tuple(result["sides"][0]["burracos"]) == case.burracos
    for s in result["sides"]:
        bonuses, penalties = s["bonuses"], s["penalties"]
        assert s["total"] == s["melded_points"] + sum(bonuses.values()) - sum(penalties.values())
        assert penalties["hand"] == s["hand_points"]


def test_summary_mode_result_keeps_the_sheet_numbers() -> None:
    result = score_deal_json(
        deal(
            "classico",
            sheet(105, 0, burracos={"semi-clean": 1}, closed=True),
            sheet(0, 20, pot="not_taken"),
        )
    )
    assert result["sides"][0] == {
        "melded_points": 105,
        "hand_points": 0,
        "burracos": ["semi-clean"],
        "bonuses": {"burracos": 150, "closing": 100},
        "penalties": {"hand": 0, "pot": 0},
        "total": 355,
    }


@dataclass(frozen=True)
class Implausible:
    why: str
    data: dict[str, Any]
    words: tuple[str, ...]


IMPLAUSIBLE = [
    Implausible(
        "melded points cannot be negative",
        deal("classico", sheet(-5, 0), sheet(0, 0)),
        ("side 1: melded points cannot be negative (-5)",),
    ),
    Implausible(
        "hand points cannot be negative",
        deal("traditional", sheet(0, 0), sheet(0, -11)),
        ("side 2: hand points cannot be negative (-11)",),
    ),
    Implausible(
        "every classico card is worth a multiple of 5",
        deal("classico", sheet(0, 7), sheet(0, 0)),
        ("side 1: hand points must be a multiple of 5 in Burraco Classico", "not 7"),
    ),
    *(
        Implausible(
            f"{variant}: melded points are a multiple of 5",
            deal(variant, sheet(33, 0), sheet(0, 0)),
            (f"side 1: melded points must be a multiple of 5 in {name}", "not 33"),
        )
        for variant, name in [
            ("reale", "Burraco Reale"),
            ("two-player", "Burraco a due"),
            ("brazilian", "Buraco (Brasil)"),
            ("spanish", "Buraco (España / Río de la Plata)"),
        ]
    ),
    Implausible(
        "a closed one-player side holds no cards",
        deal("two-player", sheet(45, 10, burracos={"clean": 1}, closed=True), sheet(0, 0)),
        ("side 1 closed, so its player holds no cards: hand points must be 0, not 10",),
    ),
    Implausible(
        "also a one-player side in classico",
        deal(
            "classico",
            sheet(45, 5, burracos={"clean": 1}, closed=True, players=1),
            sheet(0, 0, players=1),
        ),
        ("side 1 closed, so its player holds no cards",),
    ),
    Implausible(
        "reale: closing needs a clean burraco",
        deal("reale", sheet(70, 0, burracos={"dirty": 1}, closed=True), sheet(0, 0)),
        ("side 1 closed without a clean burraco (or a noble or royal one)",),
    ),
    Implausible(
        "brazilian: closing needs a clean canastra",
        deal("brazilian", sheet(70, 0, burracos={"dirty": 2}, closed=True), sheet(0, 0)),
        ("side 1 closed without a clean canastra",),
    ),
    Implausible(
        "classico: closing needs a burraco",
        deal("classico", sheet(135, 0, closed=True), sheet(0, 0)),
        ("side 1 closed without a burraco of any kind",),
    ),
    Implausible(
        "spanish: closing needs the muerto",
        deal(
            "spanish",
            sheet(35, 0, burracos={"clean": 1}, pot="not_taken", closed=True),
            sheet(0, 0),
        ),
        ("side 1 closed without taking its pot (muerto)",),
    ),
    Implausible(
        "classico: no closing on a wild, in summary mode too",
        deal(
            "classico",
            sheet(35, 0, burracos={"clean": 1}, closed=True, closing_discard="2C"),
            sheet(0, 0),
        ),
        ("side 1 closed by discarding 2C",),
    ),
    Implausible(
        "reale has no semi-clean burraco",
        deal("reale", sheet(70, 0, burracos={"semi-clean": 1, "clean": 1}), sheet(0, 0)),
        (
            "side 1: Burraco Reale has no semi-clean burraco",
            "(its kinds: royal, noble, clean, dirty)",
        ),
    ),
    Implausible(
        "classico has no noble burraco",
        deal("classico", sheet(110, 0, burracos={"noble": 1}), sheet(0, 0)),
        ("side 1: Burraco Classico has no noble burraco (its kinds: clean, semi-clean, dirty)",),
    ),
    Implausible(
        "spanish has no royal canasta (its word is canasta)",
        deal("spanish", sheet(125, 0, burracos={"royal": 1}), sheet(0, 0)),
        ("Buraco (España / Río de la Plata) has no royal canasta", "clean, dirty, wild"),
    ),
    Implausible(
        "only spanish has the wild canasta",
        deal("brazilian", sheet(140, 0, burracos={"wild": 1}), sheet(0, 0)),
        ("side 1: Buraco (Brasil) has no wild canastra",),
    ),
    Implausible(
        "a kind no variant knows",
        deal("two-player", sheet(35, 0, burracos={"golden": 1}), sheet(0, 0)),
        ("side 1: Burraco a due has no golden burraco",),
    ),
    Implausible(
        "a burraco count cannot be negative",
        deal("classico", sheet(35, 0, burracos={"clean": 1, "dirty": -1}), sheet(0, 0)),
        ("side 1: the number of dirty burracos cannot be negative",),
    ),
    Implausible(
        "a clean burraco holds at least 7 × 5 = 35 card points",
        deal("classico", sheet(30, 0, burracos={"clean": 1}), sheet(0, 0)),
        ("side 1: 1 clean burraco holds at least 35 points of cards", "only 30"),
    ),
    Implausible(
        "two burracos hold at least 70",
        deal("traditional", sheet(69, 0, burracos={"clean": 1, "dirty": 1}), sheet(0, 0)),
        ("1 clean burraco and 1 dirty burraco hold at least 70 points of cards", "only 69"),
    ),
    Implausible(
        "reale: a noble run holds its own cards, 110",
        deal("reale", sheet(105, 0, burracos={"noble": 1}, closed=True), sheet(0, 0)),
        ("side 1: 1 noble burraco holds at least 110 points of cards", "only 105"),
    ),
    Implausible(
        "brazilian: a royal run holds its own cards, 125",
        deal("brazilian", sheet(120, 0, burracos={"royal": 1}, closed=True), sheet(0, 0)),
        ("1 royal canastra holds at least 125 points of cards", "only 120"),
    ),
    Implausible(
        "spanish: a wild canasta holds at least 7 × 20 = 140",
        deal("spanish", sheet(135, 0, burracos={"wild": 1}, closed=True), sheet(0, 0)),
        ("side 1: 1 wild canasta holds at least 140 points of cards", "only 135"),
    ),
    Implausible(
        "more burracos than one deck can make",
        deal("classico", sheet(10**22, 0, burracos={"clean": 10**20}), sheet(0, 0)),
        ("side 1: 100000000000000000000 burracos would need at least", "the deck of Burraco"),
    ),
    Implausible(
        "card fields and sheet fields are not mixed in one side",
        deal(
            "classico",
            {"melds": [], "melded_points": 0, "hand_points": 0, "pot": "taken"},
            sheet(0, 0),
        ),
        ("side 1: give either the cards (melds and hand) or the score sheet's numbers",),
    ),
    Implausible(
        "a score sheet needs both point fields",
        deal("classico", {"burracos": {"clean": 1}, "pot": "taken"}, sheet(0, 0)),
        ('side 1: the score sheet\'s numbers need "melded_points"',),
    ),
    # --- the opening (spanish) in summary mode -------------------------------------------------
    Implausible(
        "above 1000 the opening's points are needed",
        deal("spanish", sheet(135, 0, score_before=1200), sheet(0, 0)),
        (
            "side 1 had 1200 points before this deal, so its first exposure (opening) needed at "
            "least 75 points or a canasta: give the opening's points (opening_points) or say it "
            "held a canasta (opening_canasta)",
        ),
    ),
    Implausible(
        "an opening of 70 is short",
        deal("spanish", sheet(135, 0, score_before=1001, opening_points=70), sheet(0, 0)),
        ("needed at least 75 points or a canasta, but its opening made only 70",),
    ),
    Implausible(
        "an opening said to hold a canasta when the side declares none",
        deal(
            "spanish",
            sheet(135, 0, score_before=1200, opening_points=40, opening_canasta=True),
            sheet(0, 0),
        ),
        ("side 1: the opening is said to hold a canasta, but the side declares no canasta",),
    ),
    Implausible(
        "an opening worth more than everything melded",
        deal("spanish", sheet(135, 0, score_before=1200, opening_points=140), sheet(0, 0)),
        ("side 1: the opening cannot be worth 140 when the side melded 135 points in all",),
    ),
    Implausible(
        "meld numbers mean nothing on a score sheet",
        deal("spanish", sheet(135, 0, score_before=1200, opening=[0]), sheet(0, 0)),
        ("side 1: 'opening' lists meld numbers, which a score sheet does not have",),
    ),
    *(
        Implausible(
            f"{variant} has no opening minimum",
            deal(variant, sheet(100, 0, opening_points=100), sheet(0, 0)),
            (f"side 1: {name} has no opening minimum, so leave out the opening",),
        )
        for variant, name in [("classico", "Burraco Classico"), ("brazilian", "Buraco (Brasil)")]
    ),
]


@pytest.mark.parametrize("case", IMPLAUSIBLE, ids=lambda c: c.why[:60])
def test_summary_mode_plausibility_checks(case: Implausible) -> None:
    assert_problem(problems_of(case.data), *case.words)


def test_summary_mode_lists_every_problem_of_every_side() -> None:
    problems = problems_of(
        deal(
            "reale",
            sheet(-5, 7, burracos={"semi-clean": 1}),
            sheet(30, 0, burracos={"clean": 1}, closed=True, pot="not_taken"),
        )
    )
    assert_problem(problems, "side 1: melded points cannot be negative")
    assert_problem(problems, "side 1: hand points must be a multiple of 5")
    assert_problem(problems, "side 1: Burraco Reale has no semi-clean burraco")
    assert_problem(problems, "side 2: 1 clean burraco holds at least 35")
    assert_problem(problems, "side 2 closed without taking its pot (pozzetto)")
