"""The engine's fast paths agree with the general code they stand in for:

(a) a usual side read by `_card_side` is the Side `_side` reads, built field for field the way
    the dataclass builds it; anything unusual is left to `_side`;
(b) the meld memory: a reading remembered for some cards is the reading `classify_meld` gives,
    for the same cards in another order and for the same cards in other suits; errors, which
    name suits, are never shared between suits;
(c) the quick copy check says a deal fits its deck exactly when the full count says so.
"""

import dataclasses
import random
from collections import Counter
from itertools import chain
from typing import Any

import pytest

from scoring import RULE_SETS, InvalidDeal, house_rules, rule_set, score_deal
from scoring.cards import ALL_CARDS, JOKER, Card, parse_card
from scoring.contract import _card_side, _new_card_sheet, _new_side, _side, deal_from_json
from scoring.copies import fits_the_deck as _fits_the_deck
from scoring.copies import weigh as _weigh
from scoring.deals import CardSheet, Deal, Pot, Side
from scoring.melds import MeldError, analyse_melds, classify_meld
from scoring.problems import Problem
from scoring.samples import random_deal
from scoring.tests.builders import VARIANTS, deal, side

SEED = 7


def meld_cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(code) for code in text.split())


def random_deals(count: int, melds: tuple[int, int] = (0, 8)) -> list[dict[str, Any]]:
    rng = random.Random(SEED)
    deals = []
    for number in range(count):
        rules = RULE_SETS[VARIANTS[number % len(VARIANTS)]]
        sides = 3 if 3 in rules.side_counts and rng.random() < 0.3 else 2
        deals.append(random_deal(rules, rng, sides=sides, melds=melds))
    return deals


# --- (a) reading a side -----------------------------------------------------------------------


def test_a_usual_side_is_read_as_the_general_reading_reads_it() -> None:
    for data in random_deals(300):
        for side_data in data["sides"]:
            problems: list[Problem] = []
            quick = _card_side(side_data)
            assert quick is not None
            assert quick == _side(1, side_data, problems)
            assert problems == []


@pytest.mark.parametrize(
    "side_data",
    [
        side("3c 4c 5c"),  # a spelling the notation reads, but not exactly as written
        {"melds": [["3C", "4C", "5C"]], "hand": [" KD"], "pot": "taken"},
        {"melds": [("3C", "4C", "5C")], "pot": "taken"},
        {"melds": [["3C", "4C", "5C"]], "hand": None, "pot": "taken"},
        {"melds": [["3C", "4C", "5C"]]},
        side("3C 4C 5C", colour="red"),
        side("3C 4C 5C", melded_points=15),
        side("3C 4C 5C", closed="yes"),
        side("3C 4C 5C", pot="lost"),
        side("3C 4C 5C", closing_discard="ZZ"),
    ],
)
def test_anything_unusual_is_left_to_the_general_reading(side_data: dict[str, Any]) -> None:
    assert _card_side(side_data) is None


def test_null_is_the_default_but_not_for_flags() -> None:
    read = _card_side(side("3C 4C 5C", players=None, score_before=None, pot_cards=None))
    assert read == Side(
        CardSheet(((parse_card("3C"), parse_card("4C"), parse_card("5C")),)), Pot.TAKEN
    )
    assert _card_side(side("3C 4C 5C", closed=None)) is None


def test_sides_are_built_as_the_frozen_dataclasses_build_them() -> None:
    cards = (parse_card("KD"),)
    sheet = _new_card_sheet(((*cards, *cards, *cards),), cards)
    assert sheet == CardSheet(((*cards, *cards, *cards),), cards)
    assert _new_side(sheet, Pot.TAKEN) == Side(sheet, Pot.TAKEN)
    options: dict[str, Any] = {"closed": True, "players": 1, "pot_points": 30, "score_before": 1500}
    assert _new_side(sheet, Pot.NOT_TAKEN, **options) == Side(sheet, Pot.NOT_TAKEN, **options)
    with pytest.raises(dataclasses.FrozenInstanceError):
        _new_side(sheet, Pot.TAKEN).closed = True  # type: ignore[misc]


# --- (b) the meld memory ----------------------------------------------------------------------


def reading(cards: tuple[Card, ...], variant: str, *, memory: bool) -> object:
    rules = rule_set(variant)
    if not memory:
        try:
            meld = classify_meld(cards, rules)
        except MeldError as error:
            return str(error)
        return (meld.cards, meld.shape, meld.burraco, meld.points)
    melds, _, _, errors, _ = analyse_melds((cards,), rules)
    if errors:
        return str(errors[0][1])
    return (melds[0].cards, melds[0].shape, melds[0].burraco, melds[0].points)


SUIT_SWAPS = [dict(zip("SHDC", order, strict=True)) for order in ("HSDC", "CDHS", "DCSH")]


def other_suits(cards: tuple[Card, ...], swap: dict[str, str]) -> tuple[Card, ...]:
    by_rank_suit = {(card.rank, card.suit): card for card in ALL_CARDS}
    return tuple(
        card if card is JOKER else by_rank_suit[card.rank, swap[card.suit]] for card in cards
    )


def test_the_memory_reads_melds_in_other_orders_and_suits_as_classify_meld_does() -> None:
    rng = random.Random(SEED)
    melds = [
        tuple(parse_card(text) for text in meld)
        for data in random_deals(200)
        for side_data in data["sides"]
        for meld in side_data["melds"]
    ]
    for cards in melds[:600]:
        for variant in VARIANTS:
            for swap in SUIT_SWAPS:
                shuffled = list(other_suits(cards, swap))
                rng.shuffle(shuffled)
                expected = reading(tuple(shuffled), variant, memory=False)
                assert reading(tuple(shuffled), variant, memory=True) == expected


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("5S 5S 6S 7S", "5H 5H 6H 7H"),  # a run holding the same card twice: the card is named
        ("3S 4H 9S", "3D 4C 9D"),  # two suits mixed: the suits are named
        ("4S 5S 7S 8S", "4C 5C 7C 8C"),  # a gap: the missing card is named
    ],
)
def test_the_memory_never_shares_an_error_between_suits(first: str, then: str) -> None:
    for variant in VARIANTS:
        rules = house_rules(rule_set(variant), {})  # an empty memory of its own
        for text in (first, then, first):
            cards = meld_cards(text)
            _, _, _, errors, _ = analyse_melds((cards,), rules)
            with pytest.raises(MeldError) as caught:
                classify_meld(cards, rules)
            assert [str(error) for _, error in errors] == [str(caught.value)]


# --- (c) the copy check -----------------------------------------------------------------------


def counted_fits(deal_object: Deal) -> bool:
    """The deck check as the full count makes it."""
    counts: Counter[Card] = Counter()
    for one_side in deal_object.sides:
        if isinstance(one_side.sheet, CardSheet):
            counts.update(chain.from_iterable(one_side.sheet.melds))
            counts.update(one_side.sheet.hand)
        counts.update(one_side.pot_cards or ())
        if one_side.closing_discard is not None:
            counts[one_side.closing_discard] += 1
    rules = deal_object.rules
    return all(
        count <= (rules.jokers if card is JOKER else rules.copies) for card, count in counts.items()
    )


def card_sheet(side_object: Side) -> CardSheet:
    assert isinstance(side_object.sheet, CardSheet)
    return side_object.sheet


def weighed(deal_object: Deal) -> int:
    """Every card of the deal weighed, as score_deal weighs them for the copy check."""
    weight = 0
    for each in deal_object.sides:
        melds_weight = analyse_melds(card_sheet(each).melds, deal_object.rules)[4]
        assert melds_weight is not None
        side_weight = _weigh(melds_weight, each.sheet, each)
        assert side_weight is not None
        weight += side_weight
    return weight


def with_hand(deal_object: Deal, hand: tuple[Card, ...]) -> Deal:
    first = deal_object.sides[0]
    sheet = CardSheet(card_sheet(first).melds, hand)
    return dataclasses.replace(
        deal_object, sides=(dataclasses.replace(first, sheet=sheet), *deal_object.sides[1:])
    )


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(
    "extra",
    ["", "AS", "AS AS", "AS AS AS", "JK", "JK JK", "JK JK JK", "JK JK JK JK JK", "2H 2H 2H 2H"],
)
def test_the_quick_copy_check_agrees_with_the_full_count(variant: str, extra: str) -> None:
    base = deal_from_json(deal(variant, side("AS 2S 3S", hand="AS"), side("4H 5H 6H")))
    changed = with_hand(base, meld_cards(extra))
    assert _fits_the_deck(weighed(changed), changed.rules) is counted_fits(changed)


def test_too_many_cards_to_weigh_are_left_to_the_full_count() -> None:
    base = deal_from_json(deal("classico", side("3C 4C 5C"), side()))
    changed = with_hand(base, (parse_card("KD"),) * 130)
    assert not _fits_the_deck(weighed(changed), changed.rules)
    with pytest.raises(InvalidDeal, match="KD appears 130 times"):
        score_deal(changed)


def test_the_quick_copy_check_agrees_on_random_deals_and_their_copies() -> None:
    for data in random_deals(150):
        deal_object = deal_from_json(data)
        sides = deal_object.sides
        doubled = dataclasses.replace(deal_object, sides=sides + sides)  # every card twice as often
        for each in (deal_object, doubled):
            assert _fits_the_deck(weighed(each), each.rules) is counted_fits(each)
