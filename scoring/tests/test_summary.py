"""Summary mode: a side given as the score sheet's numbers (melded_points, hand_points and a
count of burracos per kind) instead of its cards. The totals follow the same formula; the
checks that still apply (SCORING.md) are each worked here with their message.

Lowest card points a burraco can hold, the cheapest legal meld of its kind (SCORING.md):
clean, seven 3s = 35 (reale has no sets: its cheapest run, 3 to 9, is 45); dirty, six 3s and
the cheapest wild (a 2: 20, so 50; 10 in brazilian, so 40; reale, a run again, 45); semi-clean
(classico), seven 3s and a 2 = 55; a wild canasta (spanish) 7 × 20 = 140; a noble run (reale,
brazilian) the value of its own cards, A 15 + 2 10 + 3…7 25 + 8…K 60 = 110; a royal run 110 +
the second ace 15 = 125.

Beyond each side, the deal as a whole must fit one deck: the sides' melded points within its
worth (reale 880, classico and brazilian 1080, traditional 1028, two-player 1020, spanish 1200);
burracos within its cards (7 or more each; a noble 13, a royal 14), its jokers and 2s (one in
every dirty or semi-clean burraco, a noble and a royal each hold their 2, a wild canasta 7) and
its aces (a noble holds one, a royal both of its suit).
"""

from dataclasses import dataclass
from typing import Any

import pytest

from scoring import InvalidDeal, house_rules, rule_set, score_deal_json
from scoring.deck import cheapest, deck_cards, deck_points, deck_wilds
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
        deal("reale", sheet(45, 0, burracos={"clean": 1}), sheet(45, 10, burracos={"dirty": 1})),
        (245, 135),
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
        "two burracos hold at least 35 + 50 = 85",
        deal("traditional", sheet(84, 0, burracos={"clean": 1, "dirty": 1}), sheet(0, 0)),
        ("1 clean burraco and 1 dirty burraco hold at least 85 points of cards", "only 84"),
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
        ("side 1: the opening is said to hold a canasta, but the side made no canasta",),
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
    assert_problem(problems, "side 2: 1 clean burraco holds at least 45")
    assert_problem(problems, "side 2 closed without taking its pot (pozzetto)")


# --- what a real deck could produce (SCORING.md: each kind's floor, the deck-level bounds) -------


@dataclass(frozen=True)
class Deck:
    why: str
    data: dict[str, Any]
    totals: tuple[int, ...] = ()
    """The sides' totals when accepted; empty when refused with `words`."""
    words: tuple[str, ...] = ()
    house: dict[str, Any] | None = None
    """A club's house rules over the variant's own."""


REALE = "Burraco Reale"
SPANISH = "Buraco (España / Río de la Plata)"
DECK = [
    # --- each kind's floor: the cheapest legal meld of the kind in the variant ---
    # a dirty burraco holds a wild: six 3s and a 2 (20) in classico, not 7 × 5
    Deck(
        "classico: a dirty burraco in 35 points is refused",
        deal("classico", sheet(35, 0, burracos={"dirty": 1}), sheet(0, 0)),
        words=("side 1: 1 dirty burraco holds at least 50 points of cards", "only 35"),
    ),
    # ... and 50 is exactly enough
    Deck(
        "classico: a dirty burraco at its floor, 50",
        deal("classico", sheet(50, 0, burracos={"dirty": 1}), sheet(0, 0)),
        totals=(150, 0),
    ),
    # brazilian's 2 is worth 10: its dirty canastra's floor is 40
    Deck(
        "brazilian: a dirty canastra at its floor, 40",
        deal("brazilian", sheet(40, 0, burracos={"dirty": 1}), sheet(0, 0)),
        totals=(140, 0),
    ),
    # reale has no sets: its cheapest clean run of 7 (3 to 9) is worth 45
    Deck(
        "reale: a clean burraco in 35 points is refused",
        deal("reale", sheet(35, 0, burracos={"clean": 1}), sheet(0, 0)),
        words=("side 1: 1 clean burraco holds at least 45 points of cards", "only 35"),
    ),
    # and its cheapest dirty one too: a 2 (10) stands for the 8 or the 9
    Deck(
        "reale: a dirty burraco in 40 points is refused",
        deal("reale", sheet(40, 0, burracos={"dirty": 1}), sheet(0, 0)),
        words=("side 1: 1 dirty burraco holds at least 45 points of cards", "only 40"),
    ),
    # a semi-clean burraco is seven naturals and a wild: seven 3s and a 2 = 55
    Deck(
        "classico: a semi-clean burraco in 50 points is refused",
        deal("classico", sheet(50, 0, burracos={"semi-clean": 1}), sheet(0, 0)),
        words=("side 1: 1 semi-clean burraco holds at least 55 points of cards", "only 50"),
    ),
    # the floors follow the club's card values: 3 to 7 at 10 make seven 3s worth 70
    Deck(
        "house rules: low cards at 10 raise the clean floor to 70",
        deal("classico", sheet(65, 0, burracos={"clean": 1}), sheet(0, 0)),
        words=("side 1: 1 clean burraco holds at least 70 points of cards", "only 65"),
        house={"values": {"low": 10}},
    ),
    # a kind the club names but no meld of its deck makes
    Deck(
        "house rules: a wild burraco bonus in a game without wild melds",
        deal("classico", sheet(140, 0, burracos={"wild": 1}), sheet(0, 0)),
        words=("side 1: no meld of Burraco Classico makes a wild burraco",),
        house={"burraco_bonuses": {"wild": 500}},
    ),
    # --- the sides' melded points together within the deck's worth ---
    # classico's 108 cards are worth 1080
    Deck(
        "classico: 5000 melded is refused",
        deal("classico", sheet(5000, 0), sheet(0, 0)),
        words=(
            "the sides meld 5000 points in all, 3920 more than all the cards of Burraco Classico "
            "are worth (1080)",
        ),
    ),
    # the bound is on both sides together, exactly the deck is fine
    Deck(
        "classico: 540 + 540 melded is the whole deck",
        deal("classico", sheet(540, 0), sheet(540, 0)),
        totals=(540, 540),
    ),
    # five more than the deck, across the two sides
    Deck(
        "classico: 545 + 540 melded is refused by 5",
        deal("classico", sheet(545, 0), sheet(540, 0)),
        words=("the sides meld 1085 points in all, 5 more than all the cards", "(1080)"),
    ),
    # the cards left in hand are cards of the same deck
    Deck(
        "classico: melded and in hand together past the deck",
        deal("classico", sheet(1000, 50), sheet(0, 35)),
        words=(
            "the sides' cards, melded and left in hand, come to 1085 points in all, 5 more than "
            "all the cards of Burraco Classico are worth (1080)",
        ),
    ),
    # --- burracos within the deck's cards: at least 7 each across all sides ---
    Deck(
        "classico: 8 + 8 clean burracos across the two sides are refused",
        deal(
            "classico",
            sheet(280, 0, burracos={"clean": 8}),
            sheet(280, 0, burracos={"clean": 8}),
        ),
        words=(
            "the sides declare 16 clean burracos in all, at least 112 cards: the deck's 108 cards "
            "make at most 15 burracos of 7 cards",
        ),
    ),
    # 15 × 7 = 105 cards fit
    Deck(
        "classico: 8 + 7 clean burracos fit the deck",
        deal(
            "classico",
            sheet(280, 0, burracos={"clean": 8}),
            sheet(245, 0, burracos={"clean": 7}),
        ),
        totals=(280 + 1600, 245 + 1400),
    ),
    # --- within its jokers and 2s: 7 for a wild canasta, one for every dirty burraco ---
    # the spanish deck has 12 wild cards: one wild canasta a deal
    Deck(
        "spanish: a wild canasta on each side is refused",
        deal(
            "spanish",
            sheet(140, 0, burracos={"wild": 1}),
            sheet(140, 0, burracos={"wild": 1}),
        ),
        words=(
            "the sides declare 2 wild canastas in all, which hold at least 14 cards that are "
            f"jokers or 2s, but the deck of {SPANISH} has only 12",
        ),
    ),
    # one wild canasta (7) and five dirty canastas (1 each) use all 12
    Deck(
        "spanish: a wild canasta and five dirty ones fit",
        deal(
            "spanish",
            sheet(140, 0, burracos={"wild": 1}),
            sheet(250, 0, burracos={"dirty": 5}),
        ),
        totals=(1140, 750),
    ),
    # a sixth dirty canasta needs a 13th wild card
    Deck(
        "spanish: a wild canasta and six dirty ones are refused",
        deal(
            "spanish",
            sheet(140, 0, burracos={"wild": 1}),
            sheet(300, 0, burracos={"dirty": 6}),
        ),
        words=("the sides declare 6 dirty canastas and 1 wild canasta in all", "13 cards"),
    ),
    # reale's deck has no jokers: its 8 twos are all the wild cards
    Deck(
        "reale: nine dirty burracos need nine 2s",
        deal("reale", sheet(405, 0, burracos={"dirty": 9}), sheet(0, 0)),
        words=(
            "the sides declare 9 dirty burracos in all, which hold at least 9 cards that are 2s, "
            f"but the deck of {REALE} has only 8",
        ),
    ),
    # --- within its aces: a royal holds both aces of its suit, a noble one ---
    # 9 royals (10,125 points on the old engine): past the aces, the 2s, the cards and the worth
    Deck(
        "reale: 9 royal burracos are refused",
        deal("reale", sheet(1125, 0, burracos={"royal": 9}), sheet(0, 0)),
        words=(
            "the sides declare 9 royal burracos in all, but each burraco holds 2 aces of its "
            f"suit: the deck of {REALE} makes at most 4",
        ),
    ),
    # one royal a suit
    Deck(
        "reale: 4 royal burracos fit",
        deal("reale", sheet(500, 0, burracos={"royal": 4}), sheet(0, 0)),
        totals=(4500, 0),
    ),
    # a fifth royal needs a suit's third ace, across the two sides as well
    Deck(
        "brazilian: 3 + 2 royal canastras are refused",
        deal(
            "brazilian",
            sheet(375, 0, burracos={"royal": 3}),
            sheet(250, 0, burracos={"royal": 2}),
        ),
        words=("the sides declare 5 royal canastras in all", "the deck of Buraco (Brasil) makes "),
    ),
    # nobles + 2 × royals ≤ 8: 3 + 6 aces is one too many
    Deck(
        "reale: 3 royals and 3 nobles need 9 aces",
        deal("reale", sheet(705, 0, burracos={"royal": 3, "noble": 3}), sheet(0, 0)),
        words=(
            "the sides declare 3 royal burracos and 3 noble burracos in all, which hold at least "
            f"9 aces, but the deck of {REALE} has only 8",
        ),
    ),
    # 4 nobles and 2 royals use the 8 aces exactly
    Deck(
        "reale: 2 royals and 4 nobles fit",
        deal(
            "reale",
            sheet(250, 0, burracos={"royal": 2}),
            sheet(440, 0, burracos={"noble": 4}),
        ),
        totals=(2250, 2440),
    ),
]


@pytest.mark.parametrize("case", DECK, ids=lambda c: c.why[:60])
def test_a_score_sheet_must_be_one_a_real_deck_could_produce(case: Deck) -> None:
    rules = None
    if case.house is not None:
        rules = house_rules(rule_set(case.data["variant"]), case.house)
    if case.totals:
        result = score_deal_json(case.data, rules)
        assert tuple(side["total"] for side in result["sides"]) == case.totals
    else:
        with pytest.raises(InvalidDeal) as caught:
            score_deal_json(case.data, rules)
        assert_problem(caught.value.messages, *case.words)


@pytest.mark.parametrize(
    ("variant", "floors"),
    [
        ("reale", {"royal": 125, "noble": 110, "clean": 45, "dirty": 45}),
        ("classico", {"clean": 35, "semi-clean": 55, "dirty": 50}),
        ("traditional", {"clean": 35, "dirty": 50}),
        ("two-player", {"clean": 35, "dirty": 50}),
        ("brazilian", {"royal": 125, "noble": 110, "clean": 35, "dirty": 40}),
        ("spanish", {"clean": 35, "dirty": 50, "wild": 140}),
    ],
)
def test_each_kinds_floor_is_its_cheapest_legal_meld(variant: str, floors: dict[str, int]) -> None:
    found = cheapest(rule_set(variant))
    assert {kind: least.points for kind, least in found.items()} == floors
    # and a side at its floor scores, one card point below it does not
    for kind, points in floors.items():
        assert score_deal_json(deal(variant, sheet(points, 0, burracos={kind: 1}), sheet(0, 0)))
        low = points - (1 if variant == "traditional" else 5)
        with pytest.raises(InvalidDeal):
            score_deal_json(deal(variant, sheet(low, 0, burracos={kind: 1}), sheet(0, 0)))


@pytest.mark.parametrize(
    ("variant", "cards", "worth", "wilds"),
    [
        ("reale", 104, 880, 8),
        ("classico", 108, 1080, 12),
        ("traditional", 108, 1028, 12),
        ("two-player", 106, 1020, 10),
        ("brazilian", 108, 1080, 12),
        ("spanish", 108, 1200, 12),
    ],
)
def test_the_deck_of_each_variant(variant: str, cards: int, worth: int, wilds: int) -> None:
    # two of each of the 52 cards and the jokers; worth by the matrix's card values
    rules = rule_set(variant)
    assert (deck_cards(rules), deck_points(rules), deck_wilds(rules)) == (cards, worth, wilds)
