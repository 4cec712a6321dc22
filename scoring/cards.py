"""Cards and their notation: rank then suit (`10H`, `QS`, `A♠`), `JK` for the joker.

Ranks are numbers: 1 is the ace, 11 to 13 are J, Q, K, and 0 is the joker. Every card is one
shared object, so parsing is a dictionary look-up. Italian suit letters are refused: `C` would
be both cuori and clubs.
"""

import json
from collections.abc import Callable
from dataclasses import dataclass

from scoring.problems import Problem

JOKER_RANK = 0
ACE = 1
TWO = 2
SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_CODES = {1: "A", 11: "J", 12: "Q", 13: "K"}

_SUIT_SPELLINGS = {
    "S": "S", "H": "H", "D": "D", "C": "C",
    "♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C",
}  # fmt: skip
_RANK_SPELLINGS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13} | {
    str(rank): rank for rank in range(2, 11)
}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card; `index` (0 to 52) numbers the distinct cards, the joker last.

    Every card is one shared object (parsing returns those), so equality and hashing are by
    identity, which is what makes counting and comparing cards cheap."""

    rank: int
    suit: str
    index: int

    @property
    def code(self) -> str:
        if self.rank == JOKER_RANK:
            return "JK"
        return RANK_CODES.get(self.rank, str(self.rank)) + self.suit

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def is_wild_kind(self) -> bool:
        """A joker or a 2: a card that can act as a wild (a 2 may also stand as itself)."""
        return self.rank == JOKER_RANK or self.rank == TWO

    def __str__(self) -> str:
        return self.code


JOKER = Card(JOKER_RANK, "", 52)
ALL_CARDS: tuple[Card, ...] = (
    *(
        Card(rank, suit, number * 13 + rank - 1)
        for number, suit in enumerate(SUITS)
        for rank in range(1, 14)
    ),
    JOKER,
)

_BY_SPELLING: dict[str, Card] = {"JK": JOKER}
for _card in ALL_CARDS[:-1]:
    for _rank_text, _rank in _RANK_SPELLINGS.items():
        if _rank != _card.rank:
            continue
        for _suit_text, _suit in _SUIT_SPELLINGS.items():
            if _suit == _card.suit:
                _BY_SPELLING[_rank_text + _suit_text] = _card


# A card's weight: a 1 in the card's own 8 bits (in the order of `Card.index`: each suit's 13
# cards in a row, then the joker), and a 1 above all 53 of them. The weights of fewer than 256
# cards add up to one number that says how many of each card they are, and how many in all (on
# top): the meld memory's key (melds.analyse_melds), and the quick copy check of a deal.
WEIGHT_BITS = 8
MOST_WEIGHED = 1 << WEIGHT_BITS
COUNT_SHIFT = len(ALL_CARDS) * WEIGHT_BITS
CARD_WEIGHTS: dict[Card, int] = {
    card: 1 << card.index * WEIGHT_BITS | 1 << COUNT_SHIFT for card in ALL_CARDS
}


spelled_card: Callable[[str], Card] = _BY_SPELLING.__getitem__
"""The card a text names as one of the notation's spellings exactly (`7H`, `7♥`, `JK`), by a
dictionary look-up: KeyError for any other text (`7h`, ` 7H`), TypeError for a list.
`parse_card` reads the rest and says what is wrong."""


class CardError(ValueError):
    """A text that is not a card in our notation; `problem` says why, as data."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        super().__init__(problem.message)


def parse_card(text: object) -> Card:
    """The card a code names, whatever its case; raises CardError with a reason otherwise."""
    if isinstance(text, str):
        card = _BY_SPELLING.get(text)
        if card is not None:
            return card
        cleaned = text.strip().upper().replace("\ufe0f", "")
        card = _BY_SPELLING.get(cleaned)
        if card is not None:
            return card
        shown = text if len(text) <= 12 else text[:12] + "…"
        raise CardError(Problem("card.unknown", params={"shown": shown}))
    raise CardError(Problem("card.not_text", params={"shown": _shown_value(text)}))


def _shown_value(value: object) -> str:
    """A value as the JSON it came from (null, true, 7), not as Python writes it."""
    return shown(value, 20)


def shown(value: object, limit: int) -> str:
    """A value as the JSON it came from (null, true, 7), at most `limit` characters; a value
    nested too deeply, or a number too long, for Python to write is named by what it is."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except RecursionError:
        text = "[…]" if isinstance(value, list) else "{…}" if isinstance(value, dict) else "…"
    except (TypeError, ValueError):
        try:
            text = repr(value)
        except (RecursionError, ValueError):
            text = "…"
    return text if len(text) <= limit else text[:limit] + "…"


def cards_text(cards: "tuple[Card, ...] | list[Card]") -> str:
    return " ".join(card.code for card in cards)


def parse_cards(texts: list[object]) -> tuple[Card, ...]:
    """Many cards at once; raises CardError for the first text that is not a card."""
    try:
        return tuple(map(_BY_SPELLING.__getitem__, texts))  # type: ignore[arg-type]
    except (KeyError, TypeError):
        return tuple(parse_card(text) for text in texts)
