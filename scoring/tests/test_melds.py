"""Melds worked by hand for every variant: what the cards make (run, set, all-wild meld), the
kind of burraco at 7 cards or more, the card points, and the reason for every refusal.

Card values (RULES.md matrix), used in every hand-worked number below:

    variant       joker  2   ace  8…K  3…7
    reale           —    10   15   10    5
    classico       30    20   15   10    5
    traditional    25    20   11   10    5
    two-player     30    20   15   10    5
    brazilian      50    10   15   10    5
    spanish        50    20   20   10    5

Reale has no jokers at all: the deck check refuses them (test_deals.py), so the meld cases
with a joker leave reale out.
"""

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass

import pytest

from scoring import analyse_meld, house_rules, rule_set, score_deal_json
from scoring.cards import Card, parse_card
from scoring.melds import MeldError, classify_meld
from scoring.tests.builders import VARIANTS, deal, side


@dataclass(frozen=True)
class Legal:
    shape: str
    """run, set or wild."""
    kind: str | None
    """The burraco kind, None under 7 cards."""
    points: int


@dataclass(frozen=True)
class Illegal:
    words: tuple[str, ...]
    """Key words of the refusal message."""


Outcome = Legal | Illegal


@dataclass(frozen=True)
class MeldCase:
    cards: str
    outcomes: Mapping[str, Outcome]
    why: str


def meld_cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(code) for code in text.split())


def each(outcome: Outcome, *variants: str) -> dict[str, Outcome]:
    return dict.fromkeys(variants or VARIANTS, outcome)


def illegal(*words: str) -> Illegal:
    return Illegal(words)


NOT_REALE = ("classico", "traditional", "two-player", "brazilian", "spanish")
ONE_ACE = ("classico", "traditional", "two-player", "spanish")
"""The variants where the ace is low or high in a run, not both."""
ONE_WILD = illegal("a meld may hold only one wild card")
NO_SETS = illegal("Burraco Reale has no sets of the same rank", "run of one suit")
WILDS_ONLY = illegal("cannot be made of wild cards only")
SECOND_ACE = illegal("the ace is low or high, not both", "no card can stand for the second ace")
BOTH_ACES = illegal("the ace is low (A-2-3) or high (Q-K-A) in a run, not both")

CASES = [
    # --- runs -------------------------------------------------------------------------------
    MeldCase("5H 6H 7H", each(Legal("run", None, 15)), "the shortest run: three 5-point cards"),
    MeldCase("7H 5H 6H", each(Legal("run", None, 15)), "cards in any order make the same run"),
    MeldCase("9S 10S JS QS KS", each(Legal("run", None, 50)), "a run of five 10-point cards"),
    MeldCase(
        "AH 2H 3H",
        {
            "reale": Legal("run", None, 30),
            "classico": Legal("run", None, 40),
            "traditional": Legal("run", None, 36),
            "two-player": Legal("run", None, 40),
            "brazilian": Legal("run", None, 30),
            "spanish": Legal("run", None, 45),
        },
        "A-2-3 with a natural 2: the ace is low, the 2 keeps its card value",
    ),
    MeldCase(
        "QD AD KD",
        {
            "reale": Legal("run", None, 35),
            "classico": Legal("run", None, 35),
            "traditional": Legal("run", None, 31),
            "two-player": Legal("run", None, 35),
            "brazilian": Legal("run", None, 35),
            "spanish": Legal("run", None, 40),
        },
        "Q-K-A: the ace is high",
    ),
    MeldCase(
        "2H KH AH",
        {
            "reale": Legal("run", None, 35),
            "classico": Legal("run", None, 45),
            "traditional": Legal("run", None, 41),
            "two-player": Legal("run", None, 45),
            "brazilian": Legal("run", None, 35),
            "spanish": Legal("run", None, 50),
        },
        "RULES.md: 2H as the Q in Q-K-A of hearts; a wild may stand anywhere in the run",
    ),
    MeldCase(
        "5C JK 7C",
        {
            "classico": Legal("run", None, 40),
            "traditional": Legal("run", None, 35),
            "two-player": Legal("run", None, 40),
            "brazilian": Legal("run", None, 60),
            "spanish": Legal("run", None, 60),
        },
        "a joker fills the gap of a run (joker 30/25/30/50/50)",
    ),
    MeldCase(
        "2H 4H 5H",
        {
            "reale": Legal("run", None, 20),
            "classico": Legal("run", None, 30),
            "traditional": Legal("run", None, 30),
            "two-player": Legal("run", None, 30),
            "brazilian": Legal("run", None, 20),
            "spanish": Legal("run", None, 30),
        },
        "a 2 of the run's suit away from its place is the one wild (it stands for the 3)",
    ),
    # --- the one-wild rule and the natural 2 -------------------------------------------------
    MeldCase(
        "2H 3H 4H 2S",
        {
            "reale": Legal("run", None, 30),
            "classico": Legal("run", None, 50),
            "traditional": Legal("run", None, 50),
            "two-player": Legal("run", None, 50),
            "brazilian": Legal("run", None, 30),
            "spanish": Legal("run", None, 50),
        },
        "RULES.md: 2H is natural beside the natural 3H, so 2S is the only wild",
    ),
    MeldCase(
        "2S 4S 5S 2D",
        each(ONE_WILD),
        "RULES.md: 2S would be natural only beside a wild 3: two wilds",
    ),
    MeldCase(
        "5H 2S 7H 2D",
        each(ONE_WILD),
        "SCORING.md's example of a refused meld: two 2s of other suits",
    ),
    MeldCase(
        "5H JK 7H 2D",
        each(ONE_WILD, *NOT_REALE),
        "a joker and a 2 are two wilds",
    ),
    MeldCase(
        "2H JK 4H",
        each(ONE_WILD, *NOT_REALE),
        "2H beside a joker standing for the 3 is not natural: two wilds",
    ),
    MeldCase(
        "2H 2H 3H 4H",
        {
            "reale": Legal("run", None, 30),
            "classico": Legal("run", None, 50),
            "traditional": Legal("run", None, 50),
            "two-player": Legal("run", None, 50),
            "brazilian": Legal("run", None, 30),
            "spanish": Legal("run", None, 50),
        },
        "two 2H: one natural in its place, the other the wild",
    ),
    MeldCase(
        "AH 2H 2S",
        {
            "reale": Legal("run", None, 35),
            "classico": Legal("run", None, 55),
            "traditional": Legal("run", None, 51),
            "two-player": Legal("run", None, 55),
            "brazilian": Legal("run", None, 35),
            "spanish": Legal("run", None, 60),
        },
        "in an A-2-3 start the 2 is natural beside the natural ace; 2S is the wild 3",
    ),
    MeldCase(
        "AH 2H JK 4H",
        {
            "classico": Legal("run", None, 70),
            "traditional": Legal("run", None, 61),
            "two-player": Legal("run", None, 70),
            "brazilian": Legal("run", None, 80),
            "spanish": Legal("run", None, 95),
        },
        "A-2-(joker as 3)-4: the 2 is natural beside the natural ace",
    ),
    MeldCase("2H 2S 2D", {**each(WILDS_ONLY), "spanish": Legal("wild", None, 60)}, "2-2-2"),
    MeldCase(
        "JK JK 2H",
        {**each(WILDS_ONLY, *NOT_REALE), "spanish": Legal("wild", None, 120)},
        "only spanish melds wild cards alone (3 to 6 of them: a meld, not a canasta)",
    ),
    # --- sets ---------------------------------------------------------------------------------
    MeldCase("7C 7H 7S", {**each(Legal("set", None, 15)), "reale": NO_SETS}, "a set of 7s"),
    MeldCase(
        "7C 7H JK",
        {
            "classico": Legal("set", None, 40),
            "traditional": Legal("set", None, 35),
            "two-player": Legal("set", None, 40),
            "brazilian": Legal("set", None, 60),
            "spanish": Legal("set", None, 60),
        },
        "RULES.md: 7♣-7♥-joker is a set",
    ),
    MeldCase(
        "7C 2S 7H",
        {
            "reale": NO_SETS,
            "classico": Legal("set", None, 30),
            "traditional": Legal("set", None, 30),
            "two-player": Legal("set", None, 30),
            "brazilian": Legal("set", None, 20),
            "spanish": Legal("set", None, 30),
        },
        "a 2 is the wild of a set",
    ),
    MeldCase("7C 7H 2S 2D", {**each(ONE_WILD), "reale": NO_SETS}, "a set with two wilds"),
    MeldCase(
        "QS QS QH QD", {**each(Legal("set", None, 40)), "reale": NO_SETS}, "duplicates in a set"
    ),
    MeldCase(
        "AS AH AD",
        {
            "reale": NO_SETS,
            "classico": Legal("set", None, 45),
            "traditional": Legal("set", None, 33),
            "two-player": Legal("set", None, 45),
            "brazilian": Legal("set", None, 45),
            "spanish": Legal("set", None, 60),
        },
        "a set of aces",
    ),
    # --- refusals -----------------------------------------------------------------------------
    MeldCase("5H 6H", each(illegal("a meld needs at least 3 cards")), "two cards"),
    MeldCase("JK 2H", each(illegal("at least 3 cards"), *NOT_REALE), "two wild cards"),
    MeldCase(
        "5H 6S 7H",
        {
            **each(illegal("neither a run", "nor a set", "mix hearts and spades")),
            "reale": illegal("a run must be of one suit", "mix hearts and spades"),
        },
        "mixed suits and ranks",
    ),
    MeldCase("5H 5H 6H 7H", each(illegal("a run cannot hold two 5H")), "duplicate card in a run"),
    MeldCase(
        "5H 6H 9H",
        each(illegal("not in sequence", "7H, 8H missing", "no wild card to fill the gap")),
        "a gap with no wild",
    ),
    MeldCase(
        "5H 2S 6H 9H",
        each(illegal("7H, 8H missing", "one wild card can stand for only one missing card")),
        "a gap too big for the one wild",
    ),
    MeldCase(
        "KH AH 2H 3H",
        each(illegal("a run cannot turn the corner at the ace (K-A-2)")),
        "no wrap-around through the ace",
    ),
    MeldCase(
        "QS KS AS 2S 3S",
        each(illegal("turn the corner")),
        "no wrap-around, even with the ace allowed at both ends",
    ),
    # --- burracos -----------------------------------------------------------------------------
    MeldCase("3C 4C 5C 6C 7C 8C 9C", each(Legal("run", "clean", 45)), "a clean burraco: 7 cards"),
    MeldCase(
        "3C 4C 5C 6C 7C 8C 2D",
        {
            "reale": Legal("run", "dirty", 45),
            "classico": Legal("run", "dirty", 55),
            "traditional": Legal("run", "dirty", 55),
            "two-player": Legal("run", "dirty", 55),
            "brazilian": Legal("run", "dirty", 45),
            "spanish": Legal("run", "dirty", 55),
        },
        "a dirty burraco; six naturals in a row are too few for semi-clean",
    ),
    MeldCase(
        "2H 3H 4H 5H 6H 7H 8H 9H",
        {
            "reale": Legal("run", "clean", 55),
            "classico": Legal("run", "clean", 65),
            "traditional": Legal("run", "clean", 65),
            "two-player": Legal("run", "clean", 65),
            "brazilian": Legal("run", "clean", 55),
            "spanish": Legal("run", "clean", 65),
        },
        "a 2 in its own place is natural: the burraco is clean, the best reading",
    ),
    MeldCase(
        "2H 3H 4H 5H 6H 7H 8H 2S",
        {
            "reale": Legal("run", "dirty", 55),
            "classico": Legal("run", "semi-clean", 75),
            "traditional": Legal("run", "dirty", 75),
            "two-player": Legal("run", "dirty", 75),
            "brazilian": Legal("run", "dirty", 55),
            "spanish": Legal("run", "dirty", 75),
        },
        "2H natural, 2S the wild: seven naturals 2-8 in a row make it semi-clean in classico",
    ),
    MeldCase(
        "2H 4H 5H 6H 7H 8H 9H 10H",
        {
            "reale": Legal("run", "dirty", 60),
            "classico": Legal("run", "semi-clean", 70),
            "traditional": Legal("run", "dirty", 70),
            "two-player": Legal("run", "dirty", 70),
            "brazilian": Legal("run", "dirty", 60),
            "spanish": Legal("run", "dirty", 70),
        },
        "2H stands for the 3; the seven naturals 4-10 follow it",
    ),
    MeldCase(
        "2C 3C 4C 5C 6C 7C 8C JK",
        {
            "classico": Legal("run", "semi-clean", 85),
            "traditional": Legal("run", "dirty", 80),
            "two-player": Legal("run", "dirty", 85),
            "brazilian": Legal("run", "dirty", 95),
            "spanish": Legal("run", "dirty", 105),
        },
        "the natural 2 counts among the seven naturals in a row",
    ),
    MeldCase(
        "3C 4C 5C 6C 7C 8C 9C JK",
        {
            "classico": Legal("run", "semi-clean", 75),
            "traditional": Legal("run", "dirty", 70),
            "two-player": Legal("run", "dirty", 75),
            "brazilian": Legal("run", "dirty", 95),
            "spanish": Legal("run", "dirty", 95),
        },
        "SCORING.md's example meld: seven naturals, then the joker",
    ),
    MeldCase(
        "4C JK 6C 7C 8C 9C 10C JC QC KC",
        {
            "classico": Legal("run", "semi-clean", 105),
            "traditional": Legal("run", "dirty", 100),
            "two-player": Legal("run", "dirty", 105),
            "brazilian": Legal("run", "dirty", 125),
            "spanish": Legal("run", "dirty", 125),
        },
        "RULES.md: 4♣-joker-6♣…K♣ is semi-clean: eight naturals follow the joker",
    ),
    MeldCase(
        "3C 4C 5C 6C 7C 8C 9C JK JC",
        each(Legal("run", "semi-clean", 85), "classico"),
        "the joker fills a hole with seven naturals 3-9 before it",
    ),
    MeldCase(
        "3C 4C 5C 6C 7C 8C JK 10C JC QC KC",
        {
            "classico": Legal("run", "dirty", 105),
            "traditional": Legal("run", "dirty", 100),
            "two-player": Legal("run", "dirty", 105),
            "brazilian": Legal("run", "dirty", 125),
            "spanish": Legal("run", "dirty", 125),
        },
        "six naturals before the joker and four after: dirty, even in classico",
    ),
    MeldCase(
        "7C 7C 7H 7H 7S 7S 7D",
        {**each(Legal("set", "clean", 35)), "reale": NO_SETS},
        "a clean set of seven",
    ),
    MeldCase(
        "7C 7C 7H 7H 7S 7S 7D JK",
        {
            "classico": Legal("set", "semi-clean", 65),
            "traditional": Legal("set", "dirty", 60),
            "two-player": Legal("set", "dirty", 65),
            "brazilian": Legal("set", "dirty", 85),
            "spanish": Legal("set", "dirty", 85),
        },
        "a set of seven naturals plus the wild is semi-clean in classico",
    ),
    MeldCase(
        "7C 7C 7H 7H 7S 7S JK",
        {
            "classico": Legal("set", "dirty", 60),
            "traditional": Legal("set", "dirty", 55),
            "two-player": Legal("set", "dirty", 60),
            "brazilian": Legal("set", "dirty", 80),
            "spanish": Legal("set", "dirty", 80),
        },
        "six naturals plus the wild: dirty, also in classico",
    ),
    MeldCase(
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
        {
            "reale": Legal("run", "noble", 110),
            "classico": Legal("run", "clean", 120),
            "traditional": Legal("run", "clean", 116),
            "two-player": Legal("run", "clean", 120),
            "brazilian": Legal("run", "noble", 110),
            "spanish": Legal("run", "clean", 125),
        },
        "all 13 ranks A to K, clean: noble in reale and brazilian, clean elsewhere",
    ),
    MeldCase(
        "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS",
        {
            "reale": Legal("run", "noble", 110),
            "classico": Legal("run", "clean", 120),
            "traditional": Legal("run", "clean", 116),
            "two-player": Legal("run", "clean", 120),
            "brazilian": Legal("run", "noble", 110),
            "spanish": Legal("run", "clean", 125),
        },
        "a noble run written backwards (A-K or 2-A: both read as noble)",
    ),
    MeldCase(
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
        {
            "reale": Legal("run", "royal", 125),
            "brazilian": Legal("run", "royal", 125),
            **each(BOTH_ACES, *ONE_ACE),
        },
        "A…A, 14 cards: royal where the ace may be low and high, refused elsewhere",
    ),
    MeldCase(
        "AH 2S 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
        {
            "reale": Legal("run", "dirty", 125),
            "brazilian": Legal("run", "dirty", 125),
            **each(BOTH_ACES, *ONE_ACE),
        },
        "A…A with a wild 2 is dirty, not royal",
    ),
    MeldCase(
        "AH 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2S",
        {
            "reale": Legal("run", "dirty", 110),
            "classico": Legal("run", "semi-clean", 120),
            "traditional": Legal("run", "dirty", 116),
            "two-player": Legal("run", "dirty", 120),
            "brazilian": Legal("run", "dirty", 110),
            "spanish": Legal("run", "dirty", 125),
        },
        "A to K with a wild for the 2 is dirty, not noble (11 naturals 3-K follow the wild)",
    ),
    MeldCase(
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2S",
        {
            "reale": Legal("run", "dirty", 120),
            "brazilian": Legal("run", "dirty", 120),
            **each(SECOND_ACE, *ONE_ACE),
        },
        "A to K plus a wild: the wild could only be the second ace",
    ),
    MeldCase(
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK",
        {"brazilian": Legal("run", "dirty", 160), **each(SECOND_ACE, *ONE_ACE)},
        "a joker as the second ace: dirty in brazilian, refused where the ace is not both",
    ),
    MeldCase(
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2S",
        {
            "reale": Legal("run", "dirty", 120),
            "brazilian": Legal("run", "dirty", 120),
            **each(SECOND_ACE, *ONE_ACE),
        },
        "2 to A plus a wild: the wild could only be the low ace",
    ),
    MeldCase(
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2S",
        {
            "reale": illegal("a run cannot be longer than from ace to ace (14 cards)"),
            "brazilian": illegal("longer than from ace to ace"),
            **each(BOTH_ACES, *ONE_ACE),
        },
        "nothing goes beyond A…A",
    ),
    # --- the spanish all-wild meld ------------------------------------------------------------
    MeldCase(
        "JK JK 2H 2S 2D 2C",
        {**each(WILDS_ONLY, *NOT_REALE), "spanish": Legal("wild", None, 180)},
        "six wild cards are a meld, not yet a canasta",
    ),
    MeldCase(
        "2H 2S 2D 2C 2H 2S 2D",
        {**each(WILDS_ONLY), "spanish": Legal("wild", "wild", 140)},
        "seven 2s: the wild canasta (canasta de comodines) at the lowest card points",
    ),
    MeldCase(
        "JK JK JK JK 2H 2S 2D",
        {**each(WILDS_ONLY, *NOT_REALE), "spanish": Legal("wild", "wild", 260)},
        "four jokers and three 2s: a wild canasta",
    ),
]

FLAT = [(case, variant) for case in CASES for variant in case.outcomes]


@pytest.mark.parametrize(
    ("case", "variant"), FLAT, ids=[f"{variant}:{case.cards}" for case, variant in FLAT]
)
def test_meld_reading_per_variant(case: MeldCase, variant: str) -> None:
    rules = rule_set(variant)
    expected = case.outcomes[variant]
    cards = meld_cards(case.cards)
    if isinstance(expected, Legal):
        meld = classify_meld(cards, rules)
        assert (meld.shape, meld.burraco, meld.points) == (
            expected.shape,
            expected.kind,
            expected.points,
        )
        assert meld.cards == cards
    else:
        with pytest.raises(MeldError) as caught:
            classify_meld(cards, rules)
        for word in expected.words:
            assert word in str(caught.value)


@pytest.mark.parametrize(
    ("case", "variant"), FLAT[:40], ids=[f"{v}:{c.cards}" for c, v in FLAT[:40]]
)
def test_analyse_meld_remembers_the_same_reading_as_classify_meld(
    case: MeldCase, variant: str
) -> None:
    rules = rule_set(variant)
    cards = meld_cards(case.cards)
    for attempt in range(2):  # the second time comes from the memory
        shuffled = list(cards)
        random.Random(attempt).shuffle(shuffled)
        try:
            expected = classify_meld(shuffled, rules)
        except MeldError as error:
            with pytest.raises(MeldError, match=re.escape(str(error))):
                analyse_meld(shuffled, rules)
        else:
            meld = analyse_meld(shuffled, rules)
            assert (meld.shape, meld.burraco, meld.points) == (
                expected.shape,
                expected.burraco,
                expected.points,
            )
            assert meld.cards == tuple(shuffled), "the meld keeps the order it was given in"


@dataclass(frozen=True)
class CardValue:
    variant: str
    card: str
    points: int
    why: str


CARD_VALUES = [
    CardValue(variant, card, points, f"{variant}: {what}")
    for variant, row in {
        "reale": (None, 10, 15, 10, 5),
        "classico": (30, 20, 15, 10, 5),
        "traditional": (25, 20, 11, 10, 5),
        "two-player": (30, 20, 15, 10, 5),
        "brazilian": (50, 10, 15, 10, 5),
        "spanish": (50, 20, 20, 10, 5),
    }.items()
    for what, cards_of_kind, points in zip(
        ("joker", "2", "ace", "8 to K", "3 to 7"),
        (["JK"], ["2S", "2D"], ["AH"], ["8C", "10H", "JD", "QS", "KC"], ["3D", "5S", "7H"]),
        row,
        strict=True,
    )
    if points is not None
    for card in cards_of_kind
]


@pytest.mark.parametrize("case", CARD_VALUES, ids=lambda c: f"{c.variant}:{c.card}")
def test_card_points_per_variant(case: CardValue) -> None:
    result = score_deal_json(deal(case.variant, side(hand=case.card), side()))
    assert result["sides"][0]["hand_points"] == case.points


@pytest.mark.parametrize(
    ("variant", "hand", "points"),
    [
        ("reale", "2S AS KS 3S", 40),
        ("classico", "JK 2S AS KS 3S", 80),
        ("traditional", "JK 2S AS KS 3S", 71),
        ("two-player", "JK 2S AS KS 3S", 80),
        ("brazilian", "JK 2S AS KS 3S", 90),
        ("spanish", "JK 2S AS KS 3S", 105),
    ],
)
def test_one_card_of_each_value_adds_up(variant: str, hand: str, points: int) -> None:
    result = score_deal_json(deal(variant, side(hand=hand), side()))
    assert result["sides"][0]["hand_points"] == points


def test_house_rules_read_melds_with_their_own_kinds_not_the_standard_memory() -> None:
    classico = rule_set("classico")
    cards = meld_cards("3C 4C 5C 6C 7C 8C 9C JK")
    assert analyse_meld(cards, classico).burraco == "semi-clean"
    no_semi_clean = house_rules(classico, {"burraco_bonuses": {"semi-clean": None}})
    assert analyse_meld(cards, no_semi_clean).burraco == "dirty"
    assert analyse_meld(cards, classico).burraco == "semi-clean"


def test_house_rules_card_values_change_meld_points() -> None:
    spanish_ace_15 = house_rules(rule_set("spanish"), {"values": {"ace": 15}})
    meld = analyse_meld(meld_cards("QD KD AD"), spanish_ace_15)
    assert meld.points == 35
    assert analyse_meld(meld_cards("QD KD AD"), rule_set("spanish")).points == 40


def test_an_empty_meld_needs_three_cards() -> None:
    with pytest.raises(MeldError, match="at least 3 cards"):
        classify_meld((), rule_set("classico"))
