"""A deal (smazzata): each side's melds, hand and pot, and what the deal is worth to each side.

A side is entered either card by card (`CardSheet`) or as the paper score sheet's numbers
(`SummarySheet`). `score_deal` checks everything the rules can check, collecting one message per
problem, and either raises InvalidDeal with all of them or returns the whole result: never a
half-scored deal. A side's total = melded card points + burraco bonuses + closing bonus
- cards left in hand - pot penalty.
"""

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import chain
from typing import Any

from scoring.cards import (
    ALL_CARDS,
    CARD_WEIGHTS,
    COUNT_SHIFT,
    JOKER,
    MOST_WEIGHED,
    WEIGHT_BITS,
    Card,
    cards_text,
)
from scoring.errors import InvalidDeal
from scoring.melds import Meld, analyse_melds
from scoring.rules import KIND_ORDER, RuleSet


class Pot(StrEnum):
    """What became of a side's pot (pozzetto, morto, muerto)."""

    TAKEN = "taken"
    NOT_TAKEN = "not_taken"
    TAKEN_UNPLAYED = "taken_unplayed"


@dataclass(frozen=True, slots=True)
class CardSheet:
    """A side typed card by card."""

    melds: tuple[tuple[Card, ...], ...] = ()
    hand: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class SummarySheet:
    """A side as the score sheet gives it: points and a count of burracos per kind."""

    melded_points: int
    hand_points: int
    burracos: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Side:
    sheet: CardSheet | SummarySheet
    pot: Pot
    closed: bool = False
    players: int | None = None
    """1 or 2; None means the variant's usual number."""
    pot_cards: tuple[Card, ...] | None = None
    pot_points: int | None = None
    opening: tuple[int, ...] | None = None
    """Indices (from 0) of the melds laid down in the side's first exposure."""
    opening_points: int | None = None
    opening_canasta: bool = False
    score_before: int = 0
    closing_discard: Card | None = None


@dataclass(frozen=True, slots=True)
class Deal:
    rules: RuleSet
    sides: tuple[Side, ...]


@dataclass(slots=True)
class SideResult:
    melded_points: int
    hand_points: int
    burracos: tuple[str, ...]
    burraco_bonus: int
    closing_bonus: int
    hand_penalty: int
    pot_penalty: int
    total: int
    melds: tuple[Meld, ...] = ()
    """Card mode only: every meld with its kind and points, in the order entered."""

    def as_json(self) -> dict[str, Any]:
        return {
            "melded_points": self.melded_points,
            "hand_points": self.hand_points,
            "burracos": list(self.burracos),
            "bonuses": {"burracos": self.burraco_bonus, "closing": self.closing_bonus},
            "penalties": {"hand": self.hand_penalty, "pot": self.pot_penalty},
            "total": self.total,
        }


@dataclass(slots=True)
class DealResult:
    variant: str
    sides: tuple[SideResult, ...]

    def as_json(self) -> dict[str, Any]:
        return {"variant": self.variant, "sides": [side.as_json() for side in self.sides]}


def score_deal(deal: Deal) -> DealResult:
    """Score every side of a deal, or raise InvalidDeal listing every problem found."""
    rules = deal.rules
    problems: list[str] = []
    if len(deal.sides) not in rules.side_counts:
        counts = " or ".join(str(n) for n in rules.side_counts)
        problems.append(
            f"{rules.name} is played by {counts} sides; this deal has {len(deal.sides)}"
        )
    closers = []
    for number, side in enumerate(deal.sides, 1):
        if side.closed:
            closers.append(number)
    if len(closers) > 1:
        problems.append(
            "only one side can close a deal, but sides "
            + " and ".join(str(n) for n in closers)
            + " are both marked as closed"
        )
    results = []
    weight: int | None = 0  # all the cards of the deal, weighed together
    for number, side in enumerate(deal.sides, 1):
        result, side_weight = _score_side(number, side, rules, problems)
        if result is not None:
            results.append(result)
        weight = None if weight is None or side_weight is None else weight + side_weight
    if weight is None or not _fits_the_deck(weight, rules):
        _check_copies(deal, problems)
    if problems:
        raise InvalidDeal(problems)
    return DealResult(rules.slug, tuple(results))


def _score_side(
    number: int, side: Side, rules: RuleSet, problems: list[str]
) -> tuple[SideResult | None, int | None]:
    """The side's result (None if it has problems) and the weight of all its cards (see
    cards.CARD_WEIGHTS; None if they cannot be weighed), for the copy check."""
    where = f"side {number}"
    weight: int | None = 0
    start = len(problems)
    players = side.players if side.players is not None else rules.players_per_side
    if players not in (1, 2):
        problems.append(f"{where}: a side has 1 or 2 players, not {players}")
    elif players == 2 and rules.one_player_sides_only:
        problems.append(f"{where}: {rules.name} is one against one, so a side has one player")

    melds: tuple[Meld, ...] = ()
    sheet = side.sheet
    if isinstance(sheet, CardSheet):
        melds, melded, kinds, errors, weight = analyse_melds(sheet.melds, rules)
        for meld_number, error in errors:
            cards = sheet.melds[meld_number - 1]
            problems.append(f"{where}, meld {meld_number} ({cards_text(cards)}): {error}")
        hand = 0
        value_by_rank = rules.value_by_rank
        for card in sheet.hand:  # loops, not comprehensions, here: a comprehension is a call
            hand += value_by_rank[card.rank]
        if side.closed and players == 1 and sheet.hand:
            problems.append(
                f"{where} closed, so its player's hand must be empty, but it lists "
                f"{len(sheet.hand)} card{'s' if len(sheet.hand) > 1 else ''} "
                f"({cards_text(sheet.hand)})"
            )
        if (  # the check has something to say only then
            rules.opening is not None
            or side.opening is not None
            or side.opening_points is not None
            or side.opening_canasta
        ):
            _check_opening_cards(where, side, melds, rules, problems)
    else:
        melded, hand = sheet.melded_points, sheet.hand_points
        kinds = _summary_kinds(where, sheet, rules, problems)
        if side.closed and players == 1 and hand:
            problems.append(
                f"{where} closed, so its player holds no cards: hand points must be 0, not {hand}"
            )
        _check_opening_summary(where, side, melded, kinds, rules, problems)

    if side.closed or side.closing_discard is not None:  # the check has nothing to say otherwise
        _check_closing(where, side, kinds, rules, problems)
    if weight is not None:
        weight = _weigh(weight, sheet, side)
    pot_penalty = 0
    if side.pot is not Pot.TAKEN or side.pot_cards is not None or side.pot_points is not None:
        pot_penalty = _pot_penalty(where, side, rules, problems)  # only then anything to check
    if len(problems) > start:
        return None, weight
    burraco_bonus = 0
    for kind in kinds:
        burraco_bonus += rules.burraco_bonuses[kind]
    closing_bonus = 0
    if side.closed and (not rules.closing_bonus_needs_pot or side.pot is not Pot.NOT_TAKEN):
        closing_bonus = rules.closing_bonus
    total = melded + burraco_bonus + closing_bonus - hand - pot_penalty
    # in the order of its fields (positional arguments cost a third of keywords)
    result = SideResult(
        melded, hand, kinds, burraco_bonus, closing_bonus, hand, pot_penalty, total, melds
    )
    return result, weight


def _summary_kinds(
    where: str, sheet: SummarySheet, rules: RuleSet, problems: list[str]
) -> tuple[str, ...]:
    burraco = rules.word("burraco")
    start = len(problems)
    for name, points in (
        ("melded points", sheet.melded_points),
        ("hand points", sheet.hand_points),
    ):
        if points < 0:
            problems.append(f"{where}: {name} cannot be negative ({points})")
        elif rules.multiple_of_five and points % 5:
            problems.append(
                f"{where}: {name} must be a multiple of 5 in {rules.name} "
                f"(every card is worth 5, 10, 15…), not {points}"
            )
    kinds: list[str] = []
    needed = 0
    for kind, count in sheet.burracos.items():
        if not rules.has_kind(kind):
            known = ", ".join(rules.kinds())
            problems.append(f"{where}: {rules.name} has no {kind} {burraco} (its kinds: {known})")
        elif count < 0:
            problems.append(f"{where}: the number of {kind} {burraco}s cannot be negative")
        else:
            needed += count * rules.minimum_points(kind)
    declared = sum(n for kind, n in sheet.burracos.items() if rules.has_kind(kind) and n > 0)
    deck = (len(ALL_CARDS) - 1) * rules.copies + rules.jokers
    if declared * rules.burraco_min > deck:
        problems.append(
            f"{where}: {declared} {burraco}s would need at least {declared * rules.burraco_min} "
            f"cards, but the deck of {rules.name} has only {deck}"
        )
        return ()
    if len(problems) == start and sheet.melded_points < needed:
        problems.append(
            f"{where}: {_burraco_list(sheet.burracos, burraco)} "
            f"{'hold' if sum(sheet.burracos.values()) > 1 else 'holds'} at least {needed} "
            f"points of cards, but the melded points are only {sheet.melded_points}"
        )
    for kind in KIND_ORDER:
        if rules.has_kind(kind) and sheet.burracos.get(kind, 0) > 0:
            kinds.extend([kind] * sheet.burracos[kind])
    return tuple(kinds)


def _burraco_list(burracos: Mapping[str, int], word: str) -> str:
    parts = [
        f"{count} {kind} {word}{'s' if count > 1 else ''}"
        for kind, count in burracos.items()
        if count > 0
    ]
    return " and ".join(parts) if parts else f"no {word}"


def _check_closing(
    where: str, side: Side, kinds: tuple[str, ...], rules: RuleSet, problems: list[str]
) -> None:
    if side.closing_discard is not None and not side.closed:
        problems.append(f"{where} did not close, so it has no closing discard")
    if not side.closed:
        return
    if rules.closing_needs_pot and side.pot is Pot.NOT_TAKEN:
        problems.append(
            f"{where} closed without taking its {rules.word('pot')}: in {rules.name} a side "
            "must take it before closing"
        )
    if not any(map(rules.closing_kinds.__contains__, kinds)):
        problems.append(
            f"{where} closed without {rules.closing_kinds_text()}: in {rules.name} closing "
            f"needs {rules.closing_kinds_text()}"
        )
    discard = side.closing_discard
    if discard is not None and discard.is_wild_kind and not rules.closing_discard_may_be_wild:
        problems.append(
            f"{where} closed by discarding {discard.code}: in {rules.name} the closing discard "
            "may not be a wild card (a joker or a 2)"
        )


def _pot_penalty(where: str, side: Side, rules: RuleSet, problems: list[str]) -> int:
    given = side.pot_cards is not None or side.pot_points is not None
    if side.pot_cards is not None and side.pot_points is not None:
        problems.append(f"{where}: give the pot's cards or its points, not both")
        return 0
    charged_in_cards = rules.pot_penalty_in_cards and side.pot is Pot.NOT_TAKEN
    if given and not charged_in_cards:
        if rules.pot_penalty_in_cards:
            problems.append(f"{where}: the pot's cards are given only for a pot that was not taken")
        else:
            problems.append(
                f"{where}: in {rules.name} an untaken pot costs {rules.pot_penalty} whatever "
                "its cards, so do not give the pot's cards or points"
            )
        return 0
    if side.pot is Pot.TAKEN:
        return 0
    if side.pot is Pot.TAKEN_UNPLAYED:
        return rules.unplayed_pot_penalty
    if not charged_in_cards:
        return rules.pot_penalty
    if side.pot_cards is not None:
        return sum(rules.value_by_rank[card.rank] for card in side.pot_cards)
    if side.pot_points is None:
        problems.append(
            f"{where} did not take its {rules.word('pot')}: in {rules.name} it costs the value "
            "of its cards, so give the pot's cards (pot_cards) or their points (pot_points)"
        )
        return 0
    if side.pot_points < 0:
        problems.append(f"{where}: the pot's points cannot be negative ({side.pot_points})")
        return 0
    return side.pot_points


def _opening_applies(side: Side, melded_something: bool, rules: RuleSet) -> bool:
    return (
        rules.opening is not None and melded_something and side.score_before > rules.opening.above
    )


def _opening_need(side: Side, rules: RuleSet) -> str:
    assert rules.opening is not None
    need = f"at least {rules.opening.points} points"
    if rules.opening.canasta_suffices:
        need += f" or a {rules.word('burraco')}"
    return (
        f"had {side.score_before} points before this deal, so its first exposure "
        f"(opening) needed {need}"
    )


def _check_opening_cards(
    where: str, side: Side, melds: tuple[Meld, ...], rules: RuleSet, problems: list[str]
) -> None:
    if side.opening_points is not None or side.opening_canasta:
        problems.append(
            f"{where}: opening_points and opening_canasta are for score-sheet entry; with cards, "
            "list the melds of the first exposure in 'opening'"
        )
    if side.opening is None:
        if _opening_applies(side, bool(melds) or _has_melds(side), rules):
            problems.append(
                f"{where} {_opening_need(side, rules)}: say which melds it laid down first "
                "('opening', meld numbers from 0)"
            )
        return
    if rules.opening is None:
        problems.append(f"{where}: {rules.name} has no opening minimum, so leave out 'opening'")
        return
    sheet = side.sheet
    assert isinstance(sheet, CardSheet)
    count = len(sheet.melds)
    bad = [i for i in side.opening if not 0 <= i < count]
    if count == 0:
        problems.append(f"{where}: 'opening' lists melds, but the side melded nothing")
        return
    if bad or not side.opening or len(set(side.opening)) != len(side.opening):
        problems.append(
            f"{where}: 'opening' must list different meld numbers from 0 to {count - 1}, "
            f"not {list(side.opening)}"
        )
        return
    if not _opening_applies(side, True, rules) or len(melds) != count:
        return
    chosen = [melds[i] for i in side.opening]
    points = sum(meld.points for meld in chosen)
    canasta = any(len(meld.cards) >= rules.burraco_min for meld in chosen)
    opening = rules.opening
    if points < opening.points and not (canasta and opening.canasta_suffices):
        numbers = " and ".join(str(i + 1) for i in side.opening)
        melds_word = "meld" if len(side.opening) == 1 else "melds"
        problems.append(
            f"{where} {_opening_need(side, rules)}, but its first exposure ({melds_word} "
            f"{numbers}) makes only {points}"
        )


def _has_melds(side: Side) -> bool:
    return isinstance(side.sheet, CardSheet) and bool(side.sheet.melds)


def _check_opening_summary(
    where: str,
    side: Side,
    melded: int,
    kinds: tuple[str, ...],
    rules: RuleSet,
    problems: list[str],
) -> None:
    if side.opening is not None:
        problems.append(
            f"{where}: 'opening' lists meld numbers, which a score sheet does not have; "
            "give opening_points (and opening_canasta) instead"
        )
    given = side.opening_points is not None or side.opening_canasta
    if given and rules.opening is None:
        problems.append(f"{where}: {rules.name} has no opening minimum, so leave out the opening")
        return
    if side.opening_points is not None and not 0 <= side.opening_points <= max(melded, 0):
        problems.append(
            f"{where}: the opening cannot be worth {side.opening_points} when the side melded "
            f"{melded} points in all"
        )
        return
    if side.opening_canasta and not kinds:
        problems.append(
            f"{where}: the opening is said to hold a {rules.word('burraco')}, but the side "
            f"declares no {rules.word('burraco')}"
        )
        return
    if not _opening_applies(side, melded > 0, rules):
        return
    opening = rules.opening
    assert opening is not None
    if not given:
        problems.append(
            f"{where} {_opening_need(side, rules)}: give the opening's points (opening_points) "
            "or say it held a canasta (opening_canasta)"
        )
    elif not (side.opening_canasta and opening.canasta_suffices) and (
        side.opening_points is None or side.opening_points < opening.points
    ):
        problems.append(
            f"{where} {_opening_need(side, rules)}, but its opening made only "
            f"{side.opening_points or 0}"
        )


def _weigh(weight: int, sheet: CardSheet | SummarySheet, side: Side) -> int | None:
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


def _fits_the_deck(weight: int, rules: RuleSet) -> bool:
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


def _check_copies(deal: Deal, problems: list[str]) -> None:
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
    for card in sorted(over, key=lambda card: card.index):
        places = ", ".join(dict.fromkeys(place for place, cards in groups if card in cards))
        count = counts[card]
        if card.is_joker and rules.jokers == 0:
            problems.append(f"JK ({places}): {rules.name} is played without jokers")
        elif card.is_joker:
            problems.append(
                f"JK appears {count} times in this deal ({places}), but the deck of "
                f"{rules.name} has only {rules.jokers} jokers"
            )
        else:
            problems.append(
                f"{card.code} appears {count} times in this deal ({places}), but the deck has "
                f"only {rules.copies} of each card"
            )


def _card_groups(deal: Deal) -> Iterator[tuple[str, tuple[Card, ...]]]:
    for number, side in enumerate(deal.sides, 1):
        sheet = side.sheet
        if isinstance(sheet, CardSheet):
            for meld_number, meld in enumerate(sheet.melds, 1):
                yield f"side {number} meld {meld_number}", meld
            yield f"side {number} hand", sheet.hand
        if side.pot_cards:
            yield f"side {number} pot", side.pot_cards
        if side.closing_discard is not None:
            yield f"side {number} closing discard", (side.closing_discard,)
