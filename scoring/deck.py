"""What one deck can hold: the bounds a score sheet's numbers must keep to be a deal a real deck
could produce (SCORING.md, summary mode).

A score sheet gives points and a count of burracos per kind, not cards, so the engine cannot
read its melds; it can still refuse what no deck makes. Each kind of burraco has its floor,
the cheapest legal meld of that kind in the variant (`cheapest`: found by reading every
candidate meld with the variant's own rules, so a house rule moves the floor with it); and the
deal as a whole (`check_deck`) keeps within the deck: the sides' melded points (and those with
the points left in hand) within what all its cards are worth, and the burracos of every kind
within its cards, its jokers and 2s, and its aces (a royal holds both aces of its suit).
"""

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.cards import ACE, ALL_CARDS, JOKER, JOKER_RANK, SUITS, TWO, Card
from scoring.melds import MeldError, classify_meld
from scoring.problems import Problem, rule_words
from scoring.rules import KIND_ORDER, RuleSet


@dataclass(frozen=True, slots=True)
class Cheapest:
    """The least a burraco of one kind can hold, each counted over every legal meld of the kind
    on its own (the fewest points and the fewest cards may be two different melds)."""

    points: int
    """Card points (the floor a score sheet's melded points must reach)."""
    cards: int
    wilds: int
    """Jokers and 2s, wild or natural (a noble's natural 2 is still one of the deck's 2s)."""
    aces: int
    suit_aces: int
    """Aces of one suit it must hold: 2 for a royal (ace to ace of one suit), so a deck with two
    aces a suit makes one royal a suit."""


def deck_cards(rules: RuleSet) -> int:
    return (len(ALL_CARDS) - 1) * rules.copies + rules.jokers


def deck_points(rules: RuleSet) -> int:
    """What all the cards of the deck are worth together."""
    naturals = sum(rules.value(card.rank) for card in ALL_CARDS if card is not JOKER)
    return naturals * rules.copies + rules.jokers * rules.value(JOKER_RANK)


def deck_wilds(rules: RuleSet) -> int:
    """The deck's jokers and 2s."""
    return len(SUITS) * rules.copies + rules.jokers


def deck_aces(rules: RuleSet) -> int:
    return len(SUITS) * rules.copies


_FLOORS: dict[tuple[Any, ...], dict[str, Cheapest]] = {}
_FLOORS_KEPT = 256
"""Rule sets' floors remembered at once: the six variants and the clubs' house rules."""


def cheapest(rules: RuleSet) -> Mapping[str, Cheapest]:
    """The least a burraco of each kind holds in these rules; a kind no meld makes is missing.

    Remembered by the settings a meld's reading depends on, so a club's house rules, built
    afresh for each request, find them too."""
    key = (
        rules.values,
        rules.jokers,
        rules.copies,
        rules.sets,
        rules.ace_low_and_high,
        rules.wild_melds,
        rules.meld_min,
        rules.burraco_min,
        tuple(sorted(rules.burraco_bonuses.items())),
    )
    found = _FLOORS.get(key)
    if found is None:
        if len(_FLOORS) >= _FLOORS_KEPT:
            _FLOORS.clear()
        found = _FLOORS[key] = _find_cheapest(rules)
    return found


def _find_cheapest(rules: RuleSet) -> dict[str, Cheapest]:
    least: dict[str, list[int]] = {}
    for cards in _candidates(rules):
        if not _fits(cards, rules):
            continue
        try:
            meld = classify_meld(cards, rules)
        except MeldError:
            continue
        if meld.burraco is None:
            continue
        aces = [card for card in cards if card.rank == ACE]
        measures = [
            meld.points,
            len(cards),
            sum(card.rank in (TWO, JOKER_RANK) for card in cards),
            len(aces),
            max(Counter(card.suit for card in aces).values(), default=0),
        ]
        if meld.burraco in least:
            least[meld.burraco] = list(map(min, least[meld.burraco], measures))
        else:
            least[meld.burraco] = measures
    return {kind: Cheapest(*least[kind]) for kind in KIND_ORDER if kind in least}


def _candidates(rules: RuleSet) -> Iterator[list[Card]]:
    """Every meld that could be the cheapest of its kind, up to the suits (which change no
    value): the runs of one suit from `burraco_min` cards to ace-to-ace, each also with one
    card replaced by a wild; the sets of every rank, with a wild or without; the melds of
    wild cards alone. Those the deck cannot hold (more copies than it has) are left out."""
    suit, other = SUITS[0], SUITS[1]
    by_place = {(card.rank, card.suit): card for card in ALL_CARDS if card is not JOKER}
    wilds = [by_place[TWO, other], *([JOKER] if rules.jokers else [])]
    least = rules.burraco_min
    for low in range(1, 15):
        for high in range(low + max(least, rules.meld_min) - 1, 15):
            run = [by_place[1 if place == 14 else place, suit] for place in range(low, high + 1)]
            yield run
            for index in range(len(run)):
                for wild in wilds:
                    yield [*run[:index], wild, *run[index + 1 :]]
    if rules.sets:
        for rank in (ACE, *range(3, 14)):
            same = [by_place[rank, s] for _ in range(rules.copies) for s in SUITS]
            for naturals in range(2, len(same) + 1):
                yield same[:naturals]
                for wild in wilds:
                    yield [*same[:naturals], wild]
    if rules.wild_melds:
        twos = [by_place[TWO, s] for _ in range(rules.copies) for s in SUITS]
        for count in range(len(twos) + 1):
            for jokers in range(rules.jokers + 1):
                if count + jokers >= least:
                    yield [*twos[:count], *[JOKER] * jokers]


def _fits(cards: Sequence[Card], rules: RuleSet) -> bool:
    counts = Counter(cards)
    return all(n <= (rules.jokers if card is JOKER else rules.copies) for card, n in counts.items())


def check_deck(
    rules: RuleSet, sides: Sequence[tuple[int, int, tuple[str, ...]]], problems: list[Problem]
) -> None:
    """The deal as a whole is one the deck can hold: `sides` gives each side's melded points,
    points left in hand and burraco kinds. One problem per bound broken, saying by how much."""
    words = rule_words(rules)
    melded = sum(side[0] for side in sides)
    counted = melded + sum(side[1] for side in sides)
    worth = deck_points(rules)
    if melded > worth:
        params = {**words, "melded": melded, "worth": worth, "over": melded - worth}
        problems.append(Problem("deck.melded_points", params=params))
    elif counted > worth:
        params = {**words, "counted": counted, "worth": worth, "over": counted - worth}
        problems.append(Problem("deck.counted_points", params=params))
    counts = Counter(kind for side in sides for kind in side[2])
    floors = cheapest(rules)
    declared = [(kind, counts[kind]) for kind in KIND_ORDER if counts[kind] and kind in floors]
    if not declared:
        return
    cards = sum(count * floors[kind].cards for kind, count in declared)
    deck = deck_cards(rules)
    if cards > deck:
        params = {
            **words,
            "burracos": declared,
            "needed": cards,
            "deck": deck,
            "most": deck // rules.burraco_min,
            "burraco_min": rules.burraco_min,
        }
        problems.append(Problem("deck.burraco_cards", params=params))
    with_wilds = [(kind, count) for kind, count in declared if floors[kind].wilds]
    wilds = sum(count * floors[kind].wilds for kind, count in with_wilds)
    if wilds > deck_wilds(rules):
        params = {
            **words,
            "burracos": with_wilds,
            "needed": wilds,
            "wilds": deck_wilds(rules),
            "jokers": rules.jokers,
        }
        problems.append(Problem("deck.wild_cards", params=params))
    over_suits = False
    for kind, count in declared:
        per_suit = floors[kind].suit_aces
        most = len(SUITS) * (rules.copies // per_suit) if per_suit > 1 else count
        if count > most:
            over_suits = True
            params = {**words, "burracos": [(kind, count)], "per_suit": per_suit, "most": most}
            problems.append(Problem("deck.suit_aces", params=params))
    with_aces = [(kind, count) for kind, count in declared if floors[kind].aces]
    aces = sum(count * floors[kind].aces for kind, count in with_aces)
    if aces > deck_aces(rules) and not over_suits:
        params = {**words, "burracos": with_aces, "needed": aces, "aces": deck_aces(rules)}
        problems.append(Problem("deck.aces", params=params))
