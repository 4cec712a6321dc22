"""Random legal deals in the contract's JSON shape, drawn from a real deck.

Used to fill the demo club, to build the benchmark corpus and by the property tests. Every deal
respects the variant: deck copies, one wild per meld, what closing needs, pot rules, the opening
minimum. The cards of each meld are shuffled, so the engine has to find the arrangement.
"""

import random
from collections import Counter
from typing import Any

from scoring.cards import ALL_CARDS, JOKER, Card
from scoring.rules import CLEAN_KINDS, RuleSet

NATURALS = [card for card in ALL_CARDS if card.rank != 2 and not card.is_joker]
BY_RANK_SUIT = {(card.rank, card.suit): card for card in ALL_CARDS if not card.is_joker}


class _Deck:
    def __init__(self, rules: RuleSet, rng: random.Random) -> None:
        self.left: Counter[Card] = Counter({card: rules.copies for card in ALL_CARDS[:-1]})
        if rules.jokers:
            self.left[JOKER] = rules.jokers
        self.rng = rng

    def take(self, card: Card) -> bool:
        if self.left[card] > 0:
            self.left[card] -= 1
            return True
        return False

    def take_wild(self) -> Card | None:
        wilds = [card for card, n in self.left.items() if n > 0 and card.is_wild_kind]
        if not wilds:
            return None
        card = self.rng.choice(sorted(wilds, key=lambda c: c.index))
        self.left[card] -= 1
        return card

    def take_any(self, count: int, *, natural: bool = False) -> list[Card]:
        pool = [card for card, n in sorted(self.left.items(), key=lambda i: i[0].index)
                for _ in range(n) if not (natural and card.is_wild_kind)]  # fmt: skip
        chosen = self.rng.sample(pool, min(count, len(pool)))
        for card in chosen:
            self.left[card] -= 1
        return chosen


def _run(deck: _Deck, rules: RuleSet, length: int, wild: bool, clean: bool) -> list[Card] | None:
    rng = deck.rng
    top = 14
    suit = rng.choice("SHDC")
    start = rng.randint(1, top - length + 1)
    positions = list(range(start, start + length))
    if not rules.ace_low_and_high and positions[0] == 1 and positions[-1] == 14:
        return None
    wild_at = rng.choice(positions[1:-1] or positions) if wild and not clean else None
    cards: list[Card] = []
    for position in positions:
        if position == wild_at:
            continue
        rank = 1 if position == 14 else position
        card = BY_RANK_SUIT[(rank, suit)]
        if position == 2 and wild_at == 3:
            return _give_back(deck, cards)  # a 2 beside a wild 3 is not natural
        if not deck.take(card):
            return _give_back(deck, cards)
        cards.append(card)
    if wild_at is not None:
        wild_card = deck.take_wild()
        if wild_card is None:
            return _give_back(deck, cards)
        if wild_card.rank == 2 and wild_card.suit == suit and wild_at != 2:
            # the 2 of the run's own suit could be read as natural: keep the test honest
            deck.left[wild_card] += 1
            return _give_back(deck, cards)
        cards.append(wild_card)
    return cards


def _set(deck: _Deck, rules: RuleSet, size: int, wild: bool) -> list[Card] | None:
    rng = deck.rng
    rank = rng.choice([1, *range(3, 14)])
    naturals = size - 1 if wild else size
    available = [
        BY_RANK_SUIT[(rank, s)] for s in "SHDC" for _ in range(deck.left[BY_RANK_SUIT[(rank, s)]])
    ]
    if len(available) < naturals:
        return None
    cards = rng.sample(available, naturals)
    for card in cards:
        deck.take(card)
    if wild:
        wild_card = deck.take_wild()
        if wild_card is None:
            return _give_back(deck, cards)
        cards.append(wild_card)
    return cards


def _give_back(deck: _Deck, cards: list[Card]) -> list[Card] | None:
    for card in cards:
        deck.left[card] += 1
    return None


def _meld(deck: _Deck, rules: RuleSet, *, burraco: bool, clean: bool) -> list[Card] | None:
    rng = deck.rng
    for _ in range(40):
        length = rng.randint(7, 9) if burraco else rng.randint(3, 6)
        wild = not clean and rng.random() < 0.45
        if rules.sets and rng.random() < 0.3 and not (burraco and clean and rng.random() < 0.5):
            cards = _set(deck, rules, length, wild)
        else:
            cards = _run(deck, rules, length, wild, clean)
        if cards is not None:
            rng.shuffle(cards)
            return cards
    return None


def _points(cards: list[Card], rules: RuleSet) -> int:
    return sum(rules.value_by_rank[card.rank] for card in cards)


def random_deal(
    rules: RuleSet,
    rng: random.Random,
    *,
    sides: int = 2,
    melds: tuple[int, int] = (4, 8),
) -> dict[str, Any]:
    """A legal deal of `rules` as contract JSON, with `melds` melds a side (fewer if the deck
    runs out)."""
    deck = _Deck(rules, rng)
    closer = rng.randrange(sides) if rng.random() < 0.8 else None
    # three sides last until a pot is taken (traditional): nobody took one, so nobody closed
    before_a_pot = rules.three_sides_until_a_pot and sides == 3
    if before_a_pot:
        closer = None
    deal_sides = []
    for number in range(sides):
        closed = number == closer
        players = 1 if rules.one_player_sides_only else 2
        count = rng.randint(*melds)
        side_melds: list[list[Card]] = []
        for index in range(count):
            needs = closed and index == 0
            clean = needs and rules.closing_kinds <= CLEAN_KINDS
            meld = _meld(deck, rules, burraco=needs or rng.random() < 0.15, clean=clean)
            if meld is not None:
                side_melds.append(meld)
            elif needs:
                closed, closer = False, None
        if rules.wild_melds and rng.random() < 0.1:
            wild_meld = [
                card for card in (deck.take_wild() for _ in range(rng.randint(3, 7))) if card
            ]
            if len(wild_meld) >= 3:
                side_melds.append(wild_meld)
            else:
                _give_back(deck, wild_meld)
        hand_size = 0 if closed and players == 1 else rng.randint(0, 6)
        hand = deck.take_any(hand_size)
        pot = "taken" if closed else rng.choice(["taken", "not_taken", "taken_unplayed"])
        if before_a_pot:
            pot = "not_taken"
        side: dict[str, Any] = {
            "melds": [[card.code for card in meld] for meld in side_melds],
            "hand": [card.code for card in hand],
            "pot": pot,
        }
        if rules.one_player_sides_only or players != rules.players_per_side:
            side["players"] = players
        if closed:
            side["closed"] = True
            if not rules.closing_discard_may_be_wild and rng.random() < 0.5:
                discard = deck.take_any(1, natural=True)
                if discard:
                    side["closing_discard"] = discard[0].code
        if rules.pot_penalty_in_cards and pot == "not_taken":
            pot_cards = deck.take_any(rules.pot_size)
            if rng.random() < 0.5:
                side["pot_cards"] = [card.code for card in pot_cards]
            else:
                side["pot_points"] = _points(pot_cards, rules)
        if rules.opening is not None:
            score_before = rng.choice([0, rng.randint(-300, 2000)])
            opening = _opening(side_melds, rules)
            if opening is None:
                score_before = min(score_before, rules.opening.above)
            side["score_before"] = score_before
            if side_melds and score_before > rules.opening.above:
                side["opening"] = opening
        deal_sides.append(side)
    return {"variant": rules.slug, "sides": deal_sides}


def _opening(side_melds: list[list[Card]], rules: RuleSet) -> list[int] | None:
    """The fewest melds from the first that reach the opening minimum; None if even all of
    them do not."""
    assert rules.opening is not None
    chosen, points = [], 0
    for index, meld in enumerate(side_melds):
        chosen.append(index)
        points += _points(meld, rules)
        if points >= rules.opening.points or len(meld) >= rules.burraco_min:
            return chosen
    return None
