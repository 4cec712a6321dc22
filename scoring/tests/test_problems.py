"""Problems as data: every code the engine can raise, where each problem is (side, meld, field,
card), and the English said from them in one place (scoring.problems)."""

from dataclasses import dataclass
from typing import Any

import pytest

from scoring import (
    InvalidDeal,
    InvalidMatch,
    VpBand,
    VpScale,
    house_rules,
    match_state,
    rule_set,
)
from scoring.contract import score_deal_json
from scoring.problem_messages import MESSAGES
from scoring.problems import Problem, render
from scoring.tests.builders import deal, sheet, side

CLEAN_7 = "3H 4H 5H 6H 7H 8H 9H"
DIRTY_7 = "3S 4S 5S 2D 7S 8S 9S"
CLEAN_8 = "3C 4C 5C 6C 7C 8C 9C 10C"


@dataclass(frozen=True)
class Case:
    data: object
    code: str
    side: int | None = None
    meld: int | None = None
    field: str | None = None
    card: str | None = None
    house: dict[str, Any] | None = None
    """A club's house rules over the variant's own."""


def cased(variant: str, one: dict[str, Any], two: dict[str, Any] | None = None) -> Any:
    return deal(variant, one, two if two is not None else side())


CASES = [
    # the contract's shape
    Case([], "contract.deal_not_object"),
    Case({"variant": "classico", "sides": [side(), side()], "extra": 1},
         "contract.deal_unknown_fields"),
    Case({"sides": [side(), side()]}, "contract.variant_missing", field="variant"),
    Case({"variant": "canasta", "sides": [side(), side()]}, "contract.variant_unknown",
         field="variant"),
    Case({"variant": "classico"}, "contract.sides_missing", field="sides"),
    Case({"variant": "classico", "sides": ["not a side", side()]}, "contract.side_not_object",
         side=1),
    Case(cased("classico", side(color="red")), "contract.side_unknown_fields", side=1),
    Case(cased("classico", {**side(CLEAN_7), "melded_points": 10}), "contract.cards_and_sheet",
         side=1),
    Case(cased("classico", {"melds": []}), "contract.pot_missing", side=1, field="pot"),
    Case(cased("classico", side(pot="lost")), "contract.pot_unknown", side=1, field="pot"),
    Case(cased("classico", {"hand_points": 0, "pot": "taken"}), "contract.sheet_needs", side=1,
         field="melded_points"),
    Case(cased("classico", {"melds": "3H 4H 5H", "pot": "taken"}), "contract.melds_not_list",
         side=1, field="melds"),
    Case(cased("classico", {"melds": ["3H"], "pot": "taken"}), "contract.meld_not_list", side=1,
         meld=1),
    Case(cased("classico", side(players="two")), "contract.not_whole", side=1, field="players"),
    Case(cased("classico", side(closed="yes")), "contract.not_boolean", side=1, field="closed"),
    Case(cased("spanish", side(CLEAN_7, opening="0")), "contract.not_meld_numbers", side=1,
         field="opening"),
    Case(cased("classico", sheet(300, 0, burracos=[1])), "contract.not_burraco_counts", side=1,
         field="burracos"),
    Case(cased("classico", sheet(300, 0, burracos={"clean": "one"})),
         "contract.burraco_count_not_whole", side=1, field="burracos"),
    Case(cased("classico", {"hand": "5H", "pot": "taken"}), "contract.not_card_list", side=1,
         field="hand"),
    Case(cased("classico", side(hand="5H XX")), "contract.bad_cards", side=1, field="hand"),
    # cards
    Case(cased("classico", side("3H 4H ZZ")), "card.unknown", side=1, meld=1),
    Case(cased("classico", side(closing_discard=7)), "card.not_text", side=1,
         field="closing_discard"),
    # melds
    Case(cased("classico", side("3H 4H")), "meld.too_short", side=1, meld=1),
    Case(cased("classico", side("2H 2S JK")), "meld.only_wild", side=1, meld=1),
    Case(cased("classico", side("3H 4H 4H")), "meld.run_twice", side=1, meld=1),
    Case(cased("brazilian", side("AH 2H 3H AH KH QH AH")), "meld.three_aces", side=1, meld=1),
    Case(cased("classico", side("6H AH AH")), "meld.ace_both", side=1, meld=1),
    Case(cased("classico", side("3H JK 5H 2S")), "meld.one_wild", side=1, meld=1),
    Case(cased("classico", side("3H 4H 6H 7H JK 10H")), "meld.gap_one_wild", side=1, meld=1),
    Case(cased("classico", side("3H 5H 7H")), "meld.gap_no_wild", side=1, meld=1),
    Case(cased("brazilian", side("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH JK")),
         "meld.too_long", side=1, meld=1),
    Case(cased("classico", side("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2S")), "meld.second_ace",
         side=1, meld=1),
    Case(cased("classico", side("3H 4H AH")), "meld.not_in_sequence", side=1, meld=1),
    Case(cased("brazilian", side("KH AH 3H")), "meld.corner", side=1, meld=1),
    Case(cased("reale", side("5H 5S 5D")), "meld.no_sets", side=1, meld=1),
    Case(cased("reale", side("5H 6S 7H")), "meld.mixed_suits", side=1, meld=1),
    Case(cased("classico", side("5H 6S 8D")), "meld.neither", side=1, meld=1),
    # a deal, its sides, closing, the score sheet, the pot
    Case(deal("classico", side()), "deal.side_count"),
    Case(cased("classico", side(CLEAN_7, closed=True), side(CLEAN_8, closed=True)),
         "deal.two_closers"),
    Case(deal("traditional", side(pot="not_taken", pot_points=0), side(pot="not_taken",
               pot_points=0), side()), "deal.three_sides_pot", side=3, field="pot"),
    Case(cased("classico", side(players=3)), "side.players", side=1),
    Case(cased("two-player", side(players=2)), "side.one_player", side=1),
    Case(cased("two-player", side(CLEAN_7, hand="5D", closed=True)), "closing.hand_not_empty",
         side=1, field="hand"),
    Case(cased("two-player", sheet(300, 10, burracos={"clean": 1}, closed=True),
               sheet(0, 0)), "closing.hand_points", side=1, field="hand_points"),
    Case(cased("two-player", side(CLEAN_7, pot="taken_unplayed", closed=True)),
         "closing.pot_unplayed", side=1, field="pot"),
    Case(cased("classico", side(closing_discard="5D")), "closing.discard_without_closing",
         side=1, field="closing_discard"),
    Case(cased("classico", side(CLEAN_7, pot="not_taken", closed=True)), "closing.needs_pot",
         side=1, field="pot"),
    Case(cased("classico", side("3H 4H 5H", closed=True)), "closing.needs_burraco", side=1,
         field="closed"),
    Case(cased("classico", side(CLEAN_7, closed=True, closing_discard="2D")),
         "closing.wild_discard", side=1, field="closing_discard", card="2D"),
    Case(cased("classico", sheet(-5, 0), sheet(0, 0)), "sheet.melded_negative", side=1,
         field="melded_points"),
    Case(cased("classico", sheet(0, -5), sheet(0, 0)), "sheet.hand_negative", side=1,
         field="hand_points"),
    Case(cased("classico", sheet(12, 0), sheet(0, 0)), "sheet.melded_not_multiple_of_5", side=1,
         field="melded_points"),
    Case(cased("classico", sheet(0, 12), sheet(0, 0)), "sheet.hand_not_multiple_of_5", side=1,
         field="hand_points"),
    Case(cased("classico", sheet(300, 0, burracos={"royal": 1}), sheet(0, 0)),
         "sheet.unknown_kind", side=1, field="burracos"),
    Case(cased("classico", sheet(300, 0, burracos={"clean": -1}), sheet(0, 0)),
         "sheet.negative_count", side=1, field="burracos"),
    Case(cased("classico", sheet(300, 0, burracos={"clean": 99}), sheet(0, 0)),
         "sheet.too_many_burracos", side=1, field="burracos"),
    Case(cased("classico", sheet(30, 0, burracos={"clean": 1}), sheet(0, 0)),
         "sheet.burracos_need_points", side=1, field="melded_points"),
    Case(cased("classico", sheet(140, 0, burracos={"wild": 1}), sheet(0, 0)),
         "sheet.kind_impossible", side=1, field="burracos",
         house={"burraco_bonuses": {"wild": 500}}),
    Case(cased("traditional", side(pot="not_taken", pot_cards=["5H"], pot_points=5)),
         "pot.cards_and_points", side=1, field="pot_cards"),
    Case(cased("traditional", side(pot_cards=["5H"])), "pot.cards_when_taken", side=1,
         field="pot_cards"),
    Case(cased("classico", side(pot="not_taken", pot_points=100)), "pot.fixed_penalty", side=1,
         field="pot_points"),
    Case(cased("traditional", side(pot="not_taken")), "pot.needs_value", side=1,
         field="pot_points"),
    Case(cased("traditional", side(pot="not_taken", pot_points=-5)), "pot.negative", side=1,
         field="pot_points"),
    # the opening (spanish, above 1000)
    Case(cased("spanish", side(CLEAN_7, opening=[0], opening_points=75)),
         "opening.melds_and_points", side=1, field="opening"),
    Case(cased("spanish", side("3H 4H 5H", score_before=1200)), "opening.say_which_melds",
         side=1, field="opening"),
    Case(cased("classico", side("3H 4H 5H", opening=[0])), "opening.none_cards", side=1,
         field="opening"),
    Case(cased("spanish", side(opening=[0])), "opening.nothing_melded", side=1, field="opening"),
    Case(cased("spanish", side("3H 4H 5H", opening=[3])), "opening.bad_numbers", side=1,
         field="opening"),
    Case(cased("spanish", side("3H 4H 5H", opening=[0], score_before=1200)),
         "opening.too_low_cards", side=1, field="opening"),
    Case(cased("spanish", sheet(60, 0, opening=[0]), sheet(0, 0)), "opening.numbers_on_sheet",
         side=1, field="opening"),
    Case(cased("classico", sheet(60, 0, opening_points=60), sheet(0, 0)), "opening.none_sheet",
         side=1, field="opening_points"),
    Case(cased("spanish", sheet(60, 0, opening_points=90), sheet(0, 0)),
         "opening.more_than_melded", side=1, field="opening_points"),
    Case(cased("spanish", sheet(60, 0, opening_canasta=True), sheet(0, 0)),
         "opening.canasta_without_burraco", side=1, field="opening_canasta"),
    Case(cased("spanish", sheet(60, 0, score_before=1200), sheet(0, 0)), "opening.give_points",
         side=1, field="opening_points"),
    Case(cased("spanish", sheet(60, 0, opening_points=60, score_before=1200), sheet(0, 0)),
         "opening.too_low_sheet", side=1, field="opening_points"),
    # what one deck can hold, the sides together
    Case(cased("classico", sheet(600, 0), sheet(600, 0)), "deck.melded_points"),
    Case(cased("classico", sheet(600, 100), sheet(400, 0)), "deck.counted_points"),
    Case(cased("classico", sheet(280, 0, burracos={"clean": 8}),
               sheet(280, 0, burracos={"clean": 8})), "deck.burraco_cards"),
    Case(cased("spanish", sheet(140, 0, burracos={"wild": 1}), sheet(140, 0, burracos={"wild": 1})),
         "deck.wild_cards"),
    Case(cased("reale", sheet(625, 0, burracos={"royal": 5}), sheet(0, 0)), "deck.suit_aces"),
    Case(cased("reale", sheet(705, 0, burracos={"royal": 3, "noble": 3}), sheet(0, 0)),
         "deck.aces"),
    # more copies of a card than the deck holds
    Case(cased("reale", side(hand="JK")), "copies.no_jokers", side=1, card="JK"),
    Case(cased("two-player", side(hand="JK JK"), side(hand="JK")), "copies.too_many_jokers",
         card="JK"),
    Case(cased("classico", side("5H 6H 7H", hand="5H"), side(hand="5H")), "copies.too_many",
         card="5H"),
]  # fmt: skip
OTHER_CODES = {"match.target", "match.scores", "match.already_won", "deal.unscorable"}


@pytest.mark.parametrize("case", CASES, ids=[case.code for case in CASES])
def test_each_problem_says_where_it_is(case: Case) -> None:
    rules = None
    if case.house is not None:
        assert isinstance(case.data, dict)
        rules = house_rules(rule_set(case.data["variant"]), case.house)
    with pytest.raises(InvalidDeal) as caught:
        score_deal_json(case.data, rules)
    found = [problem for problem in caught.value.problems if problem.code == case.code]
    assert found, [problem.code for problem in caught.value.problems]
    problem = found[0]
    assert (problem.side, problem.meld, problem.field, problem.card) == (
        case.side,
        case.meld,
        case.field,
        case.card,
    )
    assert problem.message in caught.value.messages


def test_every_code_has_a_case_and_every_case_a_code() -> None:
    tested = (
        {case.code for case in CASES}
        | OTHER_CODES
        | {code for code in MESSAGES if code.startswith("vp.")}
    )
    assert tested == set(MESSAGES)


def test_a_match_says_who_won_by_the_side_number_or_a_readers_name() -> None:
    with pytest.raises(InvalidMatch) as caught:
        match_state(rule_set("spanish"), [[2100, 0], [10, 0]], target=2000)
    (problem,) = caught.value.problems
    assert problem.code == "match.already_won"
    assert problem.params == {"winner": 1, "after": 1, "total": 2100, "target": 2000, "deal": 2}
    assert caught.value.messages == (
        "the match was already won by side 1 after deal 1 (2100 of 2000), so deal 2 should not "
        "be added",
    )
    north_south = render(problem, side_name=lambda n: ("N-S", "E-W")[n - 1])
    assert north_south.startswith("the match was already won by N-S after deal 1")


def test_other_match_problems_are_coded() -> None:
    with pytest.raises(InvalidMatch) as caught:
        match_state(rule_set("spanish"), [], target=0)
    assert [p.code for p in caught.value.problems] == ["match.target"]
    with pytest.raises(InvalidMatch) as caught:
        match_state(rule_set("spanish"), [[10, 0, 0]])
    assert caught.value.messages == ("deal 1 has 3 scores for 2 sides",)


def test_a_reader_words_a_code_its_own_way_with_the_same_parameters() -> None:
    data = cased("spanish", sheet(60, 0, score_before=1200), sheet(0, 0))
    with pytest.raises(InvalidDeal) as caught:
        score_deal_json(data)
    (problem,) = caught.value.problems
    mine = {"opening.give_points": "{side} needed {points} to open: give the opening points"}
    text = render(problem, side_name=lambda n: ("N-S", "E-W")[n - 1], templates=mine)
    assert text == "N-S needed 75 to open: give the opening points"
    assert problem.params["score_before"] == 1200
    assert problem.params["variant"] == "spanish"
    assert problem.params["burraco_word"] == "canasta"


def test_copies_on_both_sides_name_each_place_with_the_readers_names() -> None:
    with pytest.raises(InvalidDeal) as caught:
        score_deal_json(cased("classico", side("5H 6H 7H", hand="5H"), side(hand="5H")))
    (problem,) = caught.value.problems
    assert problem.side is None and problem.card == "5H"
    assert problem.message == (
        "5H appears 3 times in this deal (side 1 meld 1, side 1 hand, side 2 hand), but the deck "
        "has only 2 of each card"
    )
    text = render(problem, side_name=lambda n: ("N-S", "E-W")[n - 1])
    assert "(N-S meld 1, N-S hand, E-W hand)" in text


def test_a_scale_names_its_problems_by_code() -> None:
    with pytest.raises(ValueError, match="the first band must begin at 0, not 5"):
        VpScale("own", "Own", (VpBand(5, 50, 10, 10), VpBand(55, None, 20, 0)))
    from scoring.vp import scale_problems

    codes = [p.code for p in scale_problems((VpBand(0, 60, 8, 12), VpBand(55, 70, 20, 0)))]
    assert codes == ["vp.last_band_closed", "vp.band_overlaps", "vp.winner_below_loser"]
    codes = [p.code for p in scale_problems((VpBand(0, None, 10, 10), VpBand(0, 5, 10, 10)))]
    assert codes == ["vp.last_band_closed", "vp.open_band_inside", "vp.bounds_go_down"]
    codes = [p.code for p in scale_problems((VpBand(0, 5, 10, 10), VpBand(-5, None, 10, 10)))]
    assert "vp.negative_bound" in codes
    assert [p.code for p in scale_problems(())] == ["vp.no_band"]


def test_a_problem_with_no_problems_is_still_coded() -> None:
    error = InvalidDeal([])
    assert [p.code for p in error.problems] == ["deal.unscorable"]
    assert error.messages == ("this cannot be scored",)
    assert Problem("meld.one_wild", side=2, meld=1, params={"cards": "5H 2S 7H 2D"}).message == (
        "side 2, meld 1 (5H 2S 7H 2D): a meld may hold only one wild card"
    )
