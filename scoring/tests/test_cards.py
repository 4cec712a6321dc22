"""Card notation (RULES.md, "Card notation"): rank then suit, `T` or `10` for ten, `S H D C`
or `♠ ♥ ♦ ♣`, `JK` for the joker, any case. Everything else is refused with a message that
names where the bad text is."""

from dataclasses import dataclass

import pytest

from scoring import parse_card, score_deal_json
from scoring.cards import ALL_CARDS, JOKER, CardError
from scoring.tests.builders import assert_problem, deal, problems_of, side


@dataclass(frozen=True)
class Spelling:
    text: str
    code: str
    """The card's canonical code."""
    why: str


SPELLINGS = [
    Spelling("10H", "10H", "ten written with two digits"),
    Spelling("TH", "10H", "T stands for ten"),
    Spelling("th", "10H", "lower case is accepted"),
    Spelling("10h", "10H", "lower-case suit"),
    Spelling("Th", "10H", "mixed case"),
    Spelling("AS", "AS", "ace of spades"),
    Spelling("as", "AS", "lower case ace"),
    Spelling("A♠", "AS", "suit symbol ♠"),
    Spelling("a♠", "AS", "lower-case rank with a suit symbol"),
    Spelling("K♥", "KH", "suit symbol ♥"),
    Spelling("Q♦", "QD", "suit symbol ♦"),
    Spelling("J♣", "JC", "suit symbol ♣"),
    Spelling("10♣", "10C", "two-digit rank with a symbol"),
    Spelling("7♥\ufe0f", "7H", "the emoji form of ♥ (with its variation selector)"),
    Spelling("7C", "7C", "C is clubs: Italian suit letters are not read"),
    Spelling("2D", "2D", "a 2 is a card of its own suit"),
    Spelling("JK", "JK", "the joker"),
    Spelling("jk", "JK", "the joker in lower case"),
    Spelling("Jk", "JK", "the joker in mixed case"),
    Spelling(" 9S ", "9S", "spaces around a card are ignored"),
    Spelling("JD", "JD", "J followed by a suit is the jack, not the joker"),
]


@pytest.mark.parametrize("case", SPELLINGS, ids=lambda c: c.text)
def test_card_notation_is_read_whatever_the_spelling(case: Spelling) -> None:
    assert parse_card(case.text).code == case.code


def test_every_card_reads_back_from_its_own_code_as_the_same_shared_object() -> None:
    assert len(ALL_CARDS) == 53
    for card in ALL_CARDS:
        assert parse_card(card.code) is card
    assert parse_card("TH") is parse_card("10H") is parse_card("10♥")
    assert parse_card("jk") is JOKER


def test_ranks_and_suits_of_parsed_cards() -> None:
    ace, ten, king, joker = (parse_card(t) for t in ("AS", "TH", "KC", "JK"))
    assert (ace.rank, ace.suit) == (1, "S")
    assert (ten.rank, ten.suit) == (10, "H")
    assert (king.rank, king.suit) == (13, "C")
    assert joker.is_joker and joker.is_wild_kind
    assert parse_card("2S").is_wild_kind and not parse_card("3S").is_wild_kind


@dataclass(frozen=True)
class Junk:
    value: object
    shown: str
    """How the message quotes the bad value."""
    why: str


JUNK = [
    Junk("1H", "'1H'", "1 is not a rank (the ace is A)"),
    Junk("11S", "'11S'", "11 is not a rank (the jack is J)"),
    Junk("ZZ", "'ZZ'", "not a card at all"),
    Junk("", "''", "empty text"),
    Junk("0H", "'0H'", "0 is not a rank"),
    Junk("H10", "'H10'", "the suit comes after the rank"),
    Junk("10", "'10'", "a rank without a suit"),
    Junk("K", "'K'", "a rank without a suit"),
    Junk("7P", "'7P'", "P (picche, Italian spades) is not a suit letter"),
    Junk("7F", "'7F'", "F (fiori, Italian clubs) is not a suit letter"),
    Junk("7Q", "'7Q'", "Q is a rank, not a suit (quadri)"),
    Junk("JKS", "'JKS'", "the joker has no suit"),
    Junk("7HH", "'7HH'", "one suit only"),
    Junk("X" * 40, "'XXXXXXXXXXXX…'", "a long text is cut short in the message"),
]


@pytest.mark.parametrize("case", JUNK, ids=lambda c: str(c.value)[:12] or "empty")
def test_junk_text_is_not_a_card(case: Junk) -> None:
    with pytest.raises(CardError) as caught:
        parse_card(case.value)
    message = str(caught.value)
    assert f"{case.shown} is not a card" in message
    assert "rank then the suit" in message
    assert "JK for a joker" in message


@pytest.mark.parametrize("value", [7, 7.5, None, True, ["7H"], {"rank": 7}], ids=repr)
def test_a_card_that_is_not_text_is_refused(value: object) -> None:
    with pytest.raises(CardError, match="is not a card: a card is written as text"):
        parse_card(value)


def test_card_error_is_a_value_error() -> None:
    assert issubclass(CardError, ValueError)


@dataclass(frozen=True)
class JunkInDeal:
    value: object
    where: str
    """The start of the message: which side, which field or meld."""
    shown: str
    why: str


JUNK_IN_DEALS = [
    JunkInDeal("1H", "side 1, meld 1: ", "'1H' is not a card", "a bad card in a meld"),
    JunkInDeal("11S", "side 1, meld 1: ", "'11S' is not a card", "a two-digit rank above 10"),
    JunkInDeal("ZZ", "side 1, meld 1: ", "'ZZ' is not a card", "junk letters"),
    JunkInDeal("", "side 1, meld 1: ", "'' is not a card", "an empty card"),
    JunkInDeal(7, "side 1, meld 1: ", "7 is not a card: a card is written as text", "a number"),
]


@pytest.mark.parametrize("case", JUNK_IN_DEALS, ids=lambda c: repr(c.value))
def test_a_bad_card_in_a_meld_is_named_with_its_side_and_meld(case: JunkInDeal) -> None:
    data = deal(
        "classico",
        {"melds": [["5H", "6H", case.value]], "hand": [], "pot": "taken"},
        side(hand="KD"),
    )
    problems = problems_of(data)
    assert problems == tuple(p for p in problems if p.startswith(case.where))
    assert_problem(problems, case.where + case.shown)


@pytest.mark.parametrize("bad", ["1H", "11S", "ZZ", "", 7])
def test_a_bad_card_in_a_hand_names_the_hand(bad: object) -> None:
    data = deal("classico", side("5H 6H 7H"), {"melds": [], "hand": ["KD", bad], "pot": "taken"})
    problems = problems_of(data)
    assert len(problems) == 1
    assert problems[0].startswith('side 2: "hand" ')
    assert "is not a card" in problems[0]


def test_every_bad_card_of_a_meld_is_reported_not_only_the_first() -> None:
    data = deal(
        "classico", {"melds": [["1H", "5H", "ZZ"]], "hand": [], "pot": "taken"}, side(hand="KD")
    )
    problems = problems_of(data)
    assert_problem(problems, "side 1, meld 1", "'1H' is not a card")
    assert_problem(problems, "side 1, meld 1", "'ZZ' is not a card")


def test_a_bad_closing_discard_and_bad_pot_cards_are_named() -> None:
    data = deal(
        "traditional",
        side("3C 4C 5C 6C 7C 8C 9C", closed=True, closing_discard="11S"),
        side(hand="KD", pot="not_taken", pot_cards=["AS", "ZZ"]),
    )
    problems = problems_of(data)
    assert_problem(problems, 'side 1: "closing_discard"', "'11S' is not a card")
    assert_problem(problems, 'side 2: "pot_cards"', "'ZZ' is not a card")


def test_clubs_written_with_c_make_a_run_of_clubs() -> None:
    result = score_deal_json(deal("classico", side("7C 8C 9C"), side("7♣ 8♣ 9♣")))
    assert [s["melded_points"] for s in result["sides"]] == [25, 25]
