"""The JSON contract (SCORING.md): anything not in the deal's shape is refused with a message
that says where and what; a valid deal's result prints exactly as the contract shows it."""

import json
from dataclasses import dataclass
from typing import Any

import pytest

from scoring import (
    InvalidDeal,
    deal_from_json,
    format_result,
    house_rules,
    rule_set,
    score_deal,
    score_deal_json,
)
from scoring.deals import CardSheet, Pot, SummarySheet
from scoring.tests.builders import assert_problem, deal, problems_of, side

POTS = '"pot" must be "taken", "not_taken" or "taken_unplayed"'
NEEDS_OBJECT = 'a deal must be a JSON object with "variant" and "sides"'
NEEDS_SIDES = 'the deal needs "sides": a list with one entry per side'
VARIANTS_LIST = "reale, classico, traditional, two-player, brazilian, spanish"


@dataclass(frozen=True)
class Shape:
    why: str
    data: object
    words: tuple[str, ...]


def one_side(**fields: Any) -> dict[str, Any]:
    """A deal whose first side is `fields` (with "pot": "taken" unless given)."""
    return deal("classico", {"pot": "taken", **fields}, side())


SHAPES = [
    Shape("a list is not a deal", [], (NEEDS_OBJECT,)),
    Shape("a text is not a deal", "classico", (NEEDS_OBJECT,)),
    Shape("null is not a deal", None, (NEEDS_OBJECT,)),
    Shape("a number is not a deal", 7, (NEEDS_OBJECT,)),
    Shape("true is not a deal", True, (NEEDS_OBJECT,)),
    Shape("no variant", {"sides": []}, (f'the deal needs a "variant": {VARIANTS_LIST}',)),
    Shape(
        "an unknown variant",
        {"variant": "canasta", "sides": []},
        (f"unknown variant 'canasta': choose one of {VARIANTS_LIST}",),
    ),
    Shape("slugs are exact", {"variant": "Classico", "sides": []}, ("unknown variant 'Classico'",)),
    Shape("a number as variant", {"variant": 7, "sides": []}, ("unknown variant 7",)),
    Shape("a list as variant", {"variant": ["reale"], "sides": []}, ("unknown variant ['reale']",)),
    Shape("no sides", {"variant": "classico"}, (NEEDS_SIDES,)),
    Shape("sides as an object", {"variant": "classico", "sides": {}}, (NEEDS_SIDES,)),
    Shape("sides as text", {"variant": "classico", "sides": "two"}, (NEEDS_SIDES,)),
    Shape("an empty list of sides", {"variant": "classico", "sides": []}, (NEEDS_SIDES,)),
    Shape(
        "a side that is not an object",
        {"variant": "classico", "sides": [side(), 1]},
        ("side 2: a side must be a JSON object (melds, hand, pot, …)",),
    ),
    Shape(
        "null as a side",
        {"variant": "classico", "sides": [None, side()]},
        ("side 1: a side must be a JSON object",),
    ),
    Shape(
        "an unknown field in the deal",
        {**deal("classico", side(), side()), "extra": 1},
        ("unknown field in the deal: extra",),
    ),
    Shape(
        "unknown fields in the deal, sorted",
        {**deal("classico", side(), side()), "round": 1, "notes": ""},
        ("unknown fields in the deal: notes, round",),
    ),
    Shape("an unknown field in a side", one_side(colour="red"), ("side 1: unknown field colour",)),
    Shape(
        "a misspelt field in a side",
        one_side(meld=[["3C", "4C", "5C"]], hands=[]),
        ("side 1: unknown fields hands, meld",),
    ),
    Shape(
        "melds as an object",
        one_side(melds={}),
        ('side 1: "melds" must be a list of melds, each a list of cards',),
    ),
    Shape("melds as text", one_side(melds="3C 4C 5C"), ('side 1: "melds" must be a list',)),
    Shape("melds as null", one_side(melds=None), ('side 1: "melds" must be a list',)),
    Shape(
        "a meld that is not a list",
        one_side(melds=[["3C", "4C", "5C"], "KD"]),
        ('side 1, meld 2: a meld is a list of cards, not "KD"',),
    ),
    Shape(
        "a hand as text",
        one_side(hand="KD"),
        ('side 1: "hand" must be a list of cards, e.g. ["KD", "5S"], not "KD"',),
    ),
    Shape(
        "no pot",
        deal("classico", {"melds": [], "hand": []}, side()),
        ('side 1: say what became of the pot: "pot" is "taken", "not_taken" or "taken_unplayed"',),
    ),
    Shape("an unknown pot", one_side(pot="lost"), (f'side 1: {POTS}, not "lost"',)),
    Shape("true as pot", one_side(pot=True), (f"side 1: {POTS}, not true",)),
    Shape("a list as pot", one_side(pot=[]), (f"side 1: {POTS}, not []",)),
    Shape(
        "an object as pot",
        one_side(pot={"taken": True}),
        (f'side 1: {POTS}, not {{"taken": true}}',),
    ),
    Shape(
        "closed as text",
        one_side(closed="yes"),
        ('side 1: "closed" must be true or false, not "yes"',),
    ),
    Shape("closed as 1", one_side(closed=1), ('side 1: "closed" must be true or false, not 1',)),
    Shape("closed as null", one_side(closed=None), ('"closed" must be true or false, not null',)),
    Shape(
        "players as true",
        one_side(players=True),
        ('side 1: "players" must be a whole number, not true',),
    ),
    Shape("players as 2.0", one_side(players=2.0), ('"players" must be a whole number, not 2.0',)),
    Shape("players as text", one_side(players="2"), ('"players" must be a whole number, not "2"',)),
    Shape(
        "score_before as text",
        one_side(score_before="100"),
        ('side 1: "score_before" must be a whole number, not "100"',),
    ),
    Shape(
        "score_before as 1.5",
        one_side(score_before=1.5),
        ('"score_before" must be a whole number, not 1.5',),
    ),
    Shape(
        "pot_points as false",
        one_side(pot_points=False),
        ('"pot_points" must be a whole number, not false',),
    ),
    Shape(
        "pot_cards as text",
        one_side(pot_cards="AS"),
        ('side 1: "pot_cards" must be a list of cards',),
    ),
    Shape(
        "opening as text",
        one_side(opening="0"),
        ('side 1: "opening" must list meld numbers (from 0), not "0"',),
    ),
    Shape(
        "opening holding a bool",
        one_side(opening=[True]),
        ('side 1: "opening" must be a whole number, not true',),
    ),
    Shape(
        "opening_points as 7.5",
        one_side(opening_points=7.5),
        ('"opening_points" must be a whole number, not 7.5',),
    ),
    Shape(
        "opening_canasta as text",
        one_side(opening_canasta="yes"),
        ('"opening_canasta" must be true or false, not "yes"',),
    ),
    Shape(
        "closing_discard as a number",
        one_side(closing_discard=7),
        ('side 1: "closing_discard" 7 is not a card',),
    ),
    Shape(
        "melded_points as 5.0",
        {
            "variant": "classico",
            "sides": [{"melded_points": 5.0, "hand_points": 0, "pot": "taken"}, side()],
        },
        ('side 1: "melded_points" must be a whole number, not 5.0',),
    ),
    Shape(
        "hand_points as true",
        {
            "variant": "classico",
            "sides": [{"melded_points": 5, "hand_points": True, "pot": "taken"}, side()],
        },
        ('side 1: "hand_points" must be a whole number, not true',),
    ),
    Shape(
        "hand_points as text",
        {
            "variant": "classico",
            "sides": [{"melded_points": 5, "hand_points": "0", "pot": "taken"}, side()],
        },
        ('side 1: "hand_points" must be a whole number, not "0"',),
    ),
    Shape(
        "burracos as a list",
        {
            "variant": "classico",
            "sides": [
                {"melded_points": 35, "hand_points": 0, "burracos": ["clean"], "pot": "taken"},
                side(),
            ],
        },
        ('side 1: "burracos" must count burracos by kind, e.g. {"clean": 1}, not ["clean"]',),
    ),
    Shape(
        "a burraco count as true",
        {
            "variant": "classico",
            "sides": [
                {
                    "melded_points": 35,
                    "hand_points": 0,
                    "burracos": {"clean": True},
                    "pot": "taken",
                },
                side(),
            ],
        },
        ('side 1: "burracos" must give a whole number of clean burracos, not true',),
    ),
    Shape(
        "a burraco count as 1.5",
        {
            "variant": "classico",
            "sides": [
                {"melded_points": 35, "hand_points": 0, "burracos": {"dirty": 1.5}, "pot": "taken"},
                side(),
            ],
        },
        ("must give a whole number of dirty burracos, not 1.5",),
    ),
    Shape(
        "cards and score-sheet numbers mixed",
        one_side(hand=[], hand_points=0),
        (
            "side 1: give either the cards (melds and hand) or the score sheet's numbers "
            "(melded_points, hand_points, burracos), not both",
        ),
    ),
    Shape(
        "melds with burracos",
        one_side(melds=[], burracos={"clean": 1}),
        ("side 1: give either the cards", "not both"),
    ),
]


@pytest.mark.parametrize("case", SHAPES, ids=lambda c: c.why[:60])
def test_contract_shape_errors_have_their_message(case: Shape) -> None:
    assert_problem(problems_of(case.data), *case.words)


def test_deal_from_json_refuses_as_invalid_deal_too() -> None:
    with pytest.raises(InvalidDeal) as caught:
        deal_from_json({"variant": "classico", "sides": [side(pot="lost")]})
    assert caught.value.messages == (f'side 1: {POTS}, not "lost"',)


def test_every_shape_problem_of_every_side_is_listed() -> None:
    problems = problems_of(
        {
            "variant": "classico",
            "sides": [{"melds": {}, "pot": "lost", "colour": 1}, {"hand": "KD", "closed": "yes"}],
            "extra": True,
        }
    )
    assert len(problems) == 7
    for words in (
        "unknown field in the deal: extra",
        "side 1: unknown field colour",
        'side 1: "melds" must be a list',
        f'side 1: {POTS}, not "lost"',
        'side 2: "hand" must be a list of cards',
        "side 2: say what became of the pot",
        'side 2: "closed" must be true or false',
    ):
        assert_problem(problems, words)


def test_a_side_with_only_its_pot_is_an_empty_card_side() -> None:
    parsed = deal_from_json(
        {"variant": "classico", "sides": [{"pot": "taken"}, {"pot": "not_taken"}]}
    )
    assert parsed.sides[0].sheet == CardSheet(melds=(), hand=())
    assert parsed.sides[1].pot is Pot.NOT_TAKEN
    assert [s.total for s in score_deal(parsed).sides] == [0, -100]


def test_deal_from_json_builds_the_dataclasses() -> None:
    parsed = deal_from_json(
        {
            "variant": "spanish",
            "sides": [
                {
                    "melds": [["3c", "4c", "5c"]],
                    "hand": ["jk"],
                    "pot": "taken_unplayed",
                    "players": 1,
                    "score_before": 1500,
                    "opening": [0],
                },
                {
                    "melded_points": 35,
                    "hand_points": 5,
                    "burracos": {"clean": 1},
                    "pot": "taken",
                    "closed": True,
                    "opening_points": 35,
                    "opening_canasta": True,
                    "score_before": 1200,
                },
            ],
        }
    )
    first, second = parsed.sides
    assert parsed.rules is rule_set("spanish")
    assert isinstance(first.sheet, CardSheet)
    assert [[c.code for c in meld] for meld in first.sheet.melds] == [["3C", "4C", "5C"]]
    assert [c.code for c in first.sheet.hand] == ["JK"]
    assert (first.pot, first.players, first.score_before, first.opening) == (
        Pot.TAKEN_UNPLAYED,
        1,
        1500,
        (0,),
    )
    assert second.sheet == SummarySheet(melded_points=35, hand_points=5, burracos={"clean": 1})
    assert (second.closed, second.opening_points, second.opening_canasta) == (True, 35, True)


def test_house_rules_replace_the_variant_rules() -> None:
    data = deal("reale", side("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", closed=True), side())
    assert score_deal_json(data)["sides"][0]["total"] == 125 + 1000 + 100
    royal_300 = house_rules(rule_set("reale"), {"burraco_bonuses": {"royal": 300}})
    assert score_deal_json(data, royal_300)["sides"][0]["total"] == 125 + 300 + 100
    assert score_deal_json(data)["sides"][0]["total"] == 1225, "the standard rules are unchanged"


def test_the_result_is_plain_json() -> None:
    result = score_deal_json(deal("classico", side("3C 4C 5C", closed=False), side()))
    assert json.loads(json.dumps(result)) == result


SCORING_MD_DEAL = {
    "variant": "classico",
    "sides": [
        {
            "melds": [["3C", "4C", "5C", "6C", "7C", "8C", "9C", "JK"], ["2H", "3H", "4H"]],
            "hand": [],
            "pot": "taken",
            "closed": True,
        },
        {"melds": [], "hand": ["KD", "KD"], "pot": "not_taken"},
    ],
}

SCORING_MD_RESULT_TEXT = """\
{
  "variant": "classico",
  "sides": [
    {
      "melded_points": 105,
      "hand_points": 0,
      "burracos": ["semi-clean"],
      "bonuses": {"burracos": 150, "closing": 100},
      "penalties": {"hand": 0, "pot": 0},
      "total": 355
    },
    {
      "melded_points": 0,
      "hand_points": 20,
      "burracos": [],
      "bonuses": {"burracos": 0, "closing": 0},
      "penalties": {"hand": 20, "pot": 100},
      "total": -120
    }
  ]
}"""


def test_format_result_reproduces_the_scoring_md_text_exactly() -> None:
    result = score_deal(deal_from_json(SCORING_MD_DEAL))
    assert format_result(result) == SCORING_MD_RESULT_TEXT


def test_format_result_takes_the_result_json_too() -> None:
    assert format_result(score_deal_json(SCORING_MD_DEAL)) == SCORING_MD_RESULT_TEXT


def test_format_result_is_json_that_reads_back_to_the_result() -> None:
    data = deal(
        "spanish",
        side("JK JK 2H 2S 2D 2C 2H | 3C 4C 5C 6C 7C 8C 9C", closed=True),
        side("5H 6H 7H", hand="KD"),
        side(pot="not_taken"),
    )
    result = score_deal_json(data)
    text = format_result(result)
    assert json.loads(text) == result
    assert '"burracos": ["wild", "clean"]' in text
