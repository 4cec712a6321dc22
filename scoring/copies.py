"""No deal shows more copies of a card than the variant's deck holds: a quick check by weights
(see `cards.CARD_WEIGHTS`) for the usual deal, and the full count that says which card and where
when the quick check cannot vouch for the deal."""

from collections import Counter
from collections.abc import Iterator
from itertools import chain

from scoring.cards import (
    ALL_CARDS,
    CARD_WEIGHTS,
    COUNT_SHIFT,
    JOKER,
    MOST_WEIGHED,
    WEIGHT_BITS,
    Card,
)
from scoring.entries import CardSheet, Deal, Side, SummarySheet
from scoring.problems import Problem, rule_words
from scoring.rules import RuleSet


def weigh(weight: int, sheet: CardSheet | SummarySheet, side: Side) -> int | None:
    """`weight` (the side's melds) with the weight of the side's other cards added; None if
    they cannot be weighed: not the shared cards of `scoring.cards`, or not cards at all, which
    the full count (`_check_copies`) meets in its own time and says what it says about them."""
    try:
        if isinstance(sheet, CardSheet):
            weight += sum(map(_weight, sheet.hand))
        if side.pot_cards:
            weight += sum(map(_weight, side.pot_cards))
        if side.closing_discard is not None:
            weight += _weight(side.closing_discard)
    except Exception:  # whatever it is, the full count will raise it or say it
        return None
    return weight


def fits_the_deck(weight: int, rules: RuleSet) -> bool:
    """The quick copy check: True when no card of the deal shows more copies than the deck holds,
    False when some may, for `_check_copies` to say which. `weight` weighs every card of the deal
    (see cards.CARD_WEIGHTS): each card's count is in its own 8 bits, and the number of cards on
    top."""
    copies = rules.copies
    if weight >> COUNT_SHIFT >= _HALF_WEIGHED:
        return False  # a count could overflow into the next card's bits below
    if copies.__class__ is not int or rules.jokers.__class__ is not int:
        return False  # a deck the arithmetic below does not know: the full count checks it
    if not 0 <= copies < _HALF_WEIGHED:
        return False
    # Adding 127 - copies to every card's count sets its top bit exactly when it is over `copies`.
    over = (weight + _CARD_ONES * (_HALF_WEIGHED - 1 - copies)) & _CARD_TOPS
    return not over and weight >> _JOKERS_SHIFT & _COUNT_MASK <= rules.jokers


_weight = CARD_WEIGHTS.__getitem__
_HALF_WEIGHED = MOST_WEIGHED // 2
_COUNT_MASK = MOST_WEIGHED - 1
_CARD_ONES = sum(1 << card.index * WEIGHT_BITS for card in ALL_CARDS if card is not JOKER)
_CARD_TOPS = _CARD_ONES * _HALF_WEIGHED
_JOKERS_SHIFT = JOKER.index * WEIGHT_BITS


def check_copies(deal: Deal, problems: list[Problem]) -> None:
    """No deal shows more copies of a card than the variant's deck holds."""
    counts: Counter[Card] = Counter()
    for side in deal.sides:
        sheet = side.sheet
        if isinstance(sheet, CardSheet):
            counts.update(chain.from_iterable(sheet.melds))
            counts.update(sheet.hand)
        if side.pot_cards:
            counts.update(side.pot_cards)
        if side.closing_discard is not None:
            counts[side.closing_discard] += 1
    rules = deal.rules
    if max(counts.values(), default=0) <= rules.copies and counts[JOKER] <= rules.jokers:
        return
    groups = list(_card_groups(deal))
    over = [
        card
        for card, count in counts.items()
        if count > (rules.jokers if card is JOKER else rules.copies)
    ]
    words = rule_words(rules)
    for card in sorted(over, key=lambda card: card.index):
        places = list(dict.fromkeys(place for place, cards in groups if card in cards))
        on_sides = {place[0] for place in places}
        only_side = next(iter(on_sides)) if len(on_sides) == 1 else None
        params: dict[str, object] = {**words, "places": places, "count": counts[card]}
        if card.is_joker and rules.jokers == 0:
            code = "copies.no_jokers"
        elif card.is_joker:
            code, params["jokers"] = "copies.too_many_jokers", rules.jokers
        else:
            code, params["copies"] = "copies.too_many", rules.copies
        problems.append(Problem(code, side=only_side, card=card.code, params=params))


Place = tuple[int, str] | tuple[int, str, int]
"""Where a card lies: (side, "meld", number), (side, "hand"), (side, "pot") or (side,
"closing discard")."""


def _card_groups(deal: Deal) -> Iterator[tuple[Place, tuple[Card, ...]]]:
    for number, side in enumerate(deal.sides, 1):
        sheet = side.sheet
        if isinstance(sheet, CardSheet):
            for meld_number, meld in enumerate(sheet.melds, 1):
                yield (number, "meld", meld_number), meld
            yield (number, "hand"), sheet.hand
        if side.pot_cards:
            yield (number, "pot"), side.pot_cards
        if side.closing_discard is not None:
            yield (number, "closing discard"), (side.closing_discard,)
