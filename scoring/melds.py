"""Melds: what a group of cards laid on the table is, and what it is worth.

A meld is a run (one suit, consecutive ranks), a set (one rank; not in Burraco Reale) or, in
Spanish Buraco only, a meld of wild cards alone. At most one card acts as a wild; a 2 standing
in its own place next to a natural 3 (or, in A-2-3, a natural ace) of its suit is natural. The
cards may come in any order: `analyse_meld` finds the legal arrangement with the best kind of
burraco, or raises MeldError saying which rule the cards break; `analyse_melds` reads a side's
melds at once. Both remember what they read, per rule set (see `analyse_melds`).
"""

from collections.abc import Sequence
from dataclasses import dataclass, fields
from itertools import pairwise
from typing import Literal

from scoring.cards import (
    ACE,
    CARD_WEIGHTS,
    JOKER,
    JOKER_RANK,
    MOST_WEIGHED,
    SUITS,
    TWO,
    WEIGHT_BITS,
    Card,
)
from scoring.problems import Problem, rule_words
from scoring.rules import RuleSet

Shape = Literal["run", "set", "wild"]
LOW_ACE = 1
HIGH_ACE = 14


class MeldError(ValueError):
    """The cards are not a legal meld; `problem` says why, as data, and the message in words."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        super().__init__(problem.message)


def _error(code: str, rules: RuleSet | None = None, **params: object) -> MeldError:
    return MeldError(Problem(code, params={**(rule_words(rules) if rules else {}), **params}))


@dataclass(slots=True)
class Meld:
    cards: tuple[Card, ...]
    shape: Shape
    burraco: str | None
    """The kind of burraco (canasta) the meld makes, or None under 7 cards."""
    points: int
    """The card values of the meld (the burraco bonus is not included)."""


CACHE_LIMIT = 100_000

Reading = tuple[Shape, str | None, int]
"""What the memory keeps of a legal meld: its shape, burraco kind and points."""

SideMelds = tuple[
    tuple[Meld, ...], int, tuple[str, ...], tuple[tuple[int, MeldError], ...], int | None
]
"""A side's melds read by `analyse_melds`: the legal melds in the order given, their card
points, the kind of each burraco among them in order, the number (from 1) of each illegal meld
with what is wrong with it, and all their cards weighed together (see `cards.CARD_WEIGHTS`), or
None if they cannot be. (A plain tuple: a NamedTuple for every side costs 5% of the analysis.)"""


def analyse_meld(cards: Sequence[Card], rules: RuleSet) -> Meld:
    """The best legal reading of `cards` under `rules`; raises MeldError otherwise."""
    melds, _, _, errors, _ = analyse_melds((cards,), rules)
    if errors:
        raise errors[0][1]
    return melds[0]


def analyse_melds(melds: Sequence[Sequence[Card]], rules: RuleSet) -> SideMelds:
    """`analyse_meld` for each of a side's melds, saying what is wrong rather than raising.

    A reading depends only on which cards the meld holds, not their order, so it is remembered
    per rule set under the meld's weight: one number for which cards it holds, however many
    times (cards are shared objects, each with its weight)."""
    cache = rules.meld_cache
    analysed: list[Meld] = []
    points = 0
    burracos: list[str] = []
    errors: list[tuple[int, MeldError]] = []
    weight: int | None = 0
    for meld_cards in melds:
        cards = meld_cards if meld_cards.__class__ is tuple else tuple(meld_cards)
        try:  # a meld of 256 cards could overflow a card's 8 bits
            key = sum(map(_weight, cards)) if len(cards) < MOST_WEIGHED else None
        except Exception:  # not the shared cards of `scoring.cards`: classify_meld reads them
            key = None
        reading: Reading | MeldError | None
        if key is None:  # such cards are read afresh every time, never remembered
            weight = None
            try:
                classified = classify_meld(cards, rules)
            except MeldError as error:
                reading = error
            else:
                reading = (classified.shape, classified.burraco, classified.points)
        else:
            if weight is not None:
                weight += key
            reading = cache.get(key)
            if reading is None:
                reading = _read_and_remember(cards, key, rules)
        if isinstance(reading, tuple):
            meld: Meld = _new(Meld)  # what Meld(cards, *reading) does, in half the time
            meld.cards = cards
            meld.shape, meld.burraco, meld.points = reading
            analysed.append(meld)
            points += meld.points
            if meld.burraco is not None:
                burracos.append(meld.burraco)
        else:
            errors.append((len(analysed) + len(errors) + 1, MeldError(reading.problem)))
    return tuple(analysed), points, tuple(burracos), tuple(errors), weight


_weight = CARD_WEIGHTS.__getitem__
_new = object.__new__
assert [field.name for field in fields(Meld)] == ["cards", "shape", "burraco", "points"]
_SUIT_BITS = 13 * WEIGHT_BITS
_S, _H, _D, _C = (number * _SUIT_BITS for number in range(len(SUITS)))
_SUIT_MASK = (1 << _SUIT_BITS) - 1
_JOKERS_SHIFT = JOKER.index * WEIGHT_BITS


def _read_and_remember(cards: tuple[Card, ...], key: int, rules: RuleSet) -> Reading | MeldError:
    """The reading of a meld not in the memory yet, now remembered under its weight, `key`.

    A legal reading depends on the ranks and on which cards share a suit, never on which suit
    that is (only the messages name suits): melds that differ only by their suits share their
    reading, also remembered under `alike`, the same for all of them (each suit's 13 counts of
    the weight, sorted, and what is above them: the jokers and the number of cards)."""
    cache = rules.meld_cache
    mask = _SUIT_MASK
    suits = sorted((key >> _S & mask, key >> _H & mask, key >> _D & mask, key >> _C & mask))
    alike = (key >> _JOKERS_SHIFT, *suits)
    reading: Reading | MeldError | None = cache.get(alike)
    if reading is None:
        try:
            meld = classify_meld(cards, rules)
        except MeldError as error:
            reading = error
        else:
            reading = (meld.shape, meld.burraco, meld.points)
    if len(cache) >= CACHE_LIMIT - 1:
        cache.clear()
    if isinstance(reading, tuple):
        cache[alike] = reading  # never an error: its message names the suits
    cache[key] = reading
    return reading


def classify_meld(cards: Sequence[Card], rules: RuleSet) -> Meld:
    """`analyse_meld` without the memory: the analysis itself."""
    cards = tuple(cards)
    size = len(cards)
    if size < rules.meld_min:
        raise _error("meld.too_short", meld_min=rules.meld_min)
    ranks = [card.rank for card in cards]
    points = sum(map(rules.value_by_rank.__getitem__, ranks))
    wild_kinds = ranks.count(TWO) + ranks.count(JOKER_RANK)
    two_suits: list[str] = []
    if wild_kinds:
        ranks = [rank for rank in ranks if rank > TWO or rank == ACE]
        suits = {card.suit for card in cards if card.rank > TWO or card.rank == ACE}
        two_suits = [card.suit for card in cards if card.rank == TWO]
    else:
        suits = {card.suit for card in cards}
    if not ranks:
        if rules.wild_melds:
            kind = "wild" if size >= rules.burraco_min and rules.has_kind("wild") else None
            return Meld(cards, "wild", kind, points)
        raise _error("meld.only_wild", rules)
    distinct = len(set(ranks))
    same_rank = distinct == 1

    best: tuple[int, Shape, str | None] | None = None
    if same_rank and rules.sets and wild_kinds <= 1:
        kind = _set_kind(size, len(ranks), wild_kinds, rules)
        best = (_worth(kind, rules), "set", kind)
    if len(suits) == 1 and not (same_rank and len(ranks) > 1):
        suit = next(iter(suits))
        own_twos = two_suits.count(suit)
        result = _run_kind(ranks, distinct, own_twos, wild_kinds - own_twos, suit, size, rules)
        if not isinstance(result, MeldError):
            if best is None or _worth(result, rules) > best[0]:
                best = (_worth(result, rules), "run", result)
        elif best is None:
            raise result
    if best is None:
        raise _why_not(ranks, suits, same_rank, rules)
    return Meld(cards, best[1], best[2], points)


def _worth(kind: str | None, rules: RuleSet) -> int:
    return -1 if kind is None else rules.burraco_bonuses.get(kind, 0)


def _set_kind(size: int, naturals: int, wilds: int, rules: RuleSet) -> str | None:
    if size < rules.burraco_min:
        return None
    if not wilds:
        return "clean"
    if naturals >= rules.burraco_min and rules.has_kind("semi-clean"):
        return "semi-clean"
    return "dirty"


def _run_kind(
    ranks: list[int],
    distinct: int,
    own_twos: int,
    other_wilds: int,
    suit: str,
    size: int,
    rules: RuleSet,
) -> str | MeldError | None:
    """The best burraco kind of the cards as a run of `suit` (None: a run under 7 cards), or
    the MeldError that says why they make no run. `ranks` are the natural cards' ranks (no 2s);
    `own_twos` counts the 2s of the run's suit, which may stand as themselves."""
    ranks.sort()
    aces = ranks.count(ACE)
    if aces:
        ranks = ranks[aces:]
    if distinct - (1 if aces else 0) != len(ranks):
        twice = next(r for r, s in pairwise(ranks) if r == s)
        return _error("meld.run_twice", card_code=_code(twice, suit))
    if aces > 2:
        return _error("meld.three_aces", card_code=_code(ACE, suit))
    if aces == 2 and not rules.ace_low_and_high:
        return _error("meld.ace_both", rules)
    has_three = bool(ranks) and ranks[0] == 3
    best: str | None = None
    best_worth = -2
    gap_error: MeldError | None = None
    for natural_two in (True, False) if own_twos else (False,):
        wilds = other_wilds + own_twos - natural_two
        if wilds > 1:
            continue
        for places in _ACE_PLACES[aces]:
            if natural_two and not (has_three or LOW_ACE in places):
                continue  # a 2 is natural only beside a natural 3 or, in A-2-3, a natural ace
            if places:
                positions = [*places, TWO, *ranks] if natural_two else [*ranks, *places]
                positions.sort()
            else:
                positions = [TWO, *ranks] if natural_two else ranks
            result = _fit(positions, wilds, size, rules)
            if isinstance(result, MeldError):
                if gap_error is None or result.problem.code == "meld.second_ace":
                    gap_error = result  # a card standing for the second ace says it all
                continue
            worth = _worth(result, rules)
            if worth > best_worth:
                best, best_worth = result, worth
    if best_worth > -2:
        return best
    if gap_error is None:
        return _error("meld.one_wild")
    if gap_error.problem.code == "meld.second_ace":
        return gap_error
    return _gap_message(ranks, aces, suit, other_wilds + own_twos) or gap_error


_ACE_PLACES: tuple[tuple[tuple[int, ...], ...], ...] = (
    ((),),
    ((LOW_ACE,), (HIGH_ACE,)),
    ((LOW_ACE, HIGH_ACE),),
)


def _fit(positions: list[int], wilds: int, size: int, rules: RuleSet) -> str | MeldError | None:
    """Place the naturals at `positions` (sorted; ace low 1, high 14) and at most one wild."""
    low, high = positions[0], positions[-1]
    holes = high - low + 1 - len(positions)
    wild_at = 0
    if holes > wilds:
        return _error("meld.not_in_sequence")
    both_aces = rules.ace_low_and_high
    if holes == 1:
        wild_at = low
        for position in positions:
            if position != wild_at:
                break
            wild_at += 1
    elif wilds:
        wild_at = high + 1 if high < HIGH_ACE else low - 1
        if not both_aces and (
            (wild_at == LOW_ACE and high == HIGH_ACE) or (wild_at == HIGH_ACE and low == LOW_ACE)
        ):
            wild_at = low - 1 if wild_at == HIGH_ACE and low > LOW_ACE else 0
        if wild_at < LOW_ACE:
            if both_aces:
                return _error("meld.too_long")
            return _error("meld.second_ace", rules)
    if not both_aces and min(low, wild_at or low) == LOW_ACE and max(high, wild_at) == HIGH_ACE:
        return _error("meld.second_ace", rules)
    if size < rules.burraco_min:
        return None
    if not wilds:
        if size == 14 and "royal" in rules.burraco_bonuses:
            return "royal"
        if size == 13 and "noble" in rules.burraco_bonuses:
            return "noble"
        return "clean"
    if "semi-clean" in rules.burraco_bonuses:
        in_a_row = len(positions) if holes == 0 else max(wild_at - low, high - wild_at)
        if in_a_row >= rules.burraco_min:
            return "semi-clean"
    return "dirty"


def _gap_message(ranks: list[int], aces: int, suit: str, wild_cards: int) -> MeldError | None:
    if aces == 1 and ranks and ranks[-1] >= 12 and ranks[0] <= 3:
        return _error("meld.corner")
    positions = ranks + ([LOW_ACE] if aces and (not ranks or ranks[0] <= 7) else [])
    positions += [HIGH_ACE] if aces and ranks and ranks[0] > 7 else []
    positions.sort()
    if len(positions) < 2:
        return None
    missing = [p for p in range(positions[0] + 1, positions[-1]) if p not in positions and p != TWO]
    if not missing:
        return None
    names = [_code(p, suit) for p in missing[:6]]
    code = "meld.gap_one_wild" if wild_cards else "meld.gap_no_wild"
    return _error(code, missing=names, more=len(missing) > 6)


def _why_not(ranks: list[int], suits: set[str], same_rank: bool, rules: RuleSet) -> MeldError:
    if same_rank and len(ranks) > 1:
        if not rules.sets:
            return _error("meld.no_sets", rules)
        return _error("meld.one_wild")
    if len(suits) > 1:
        code = "meld.mixed_suits" if not rules.sets else "meld.neither"
        return _error(code, suits=sorted(suits))
    return _error("meld.one_wild")


def _code(position: int, suit: str) -> str:
    rank = ACE if position == HIGH_ACE else position
    if rank == JOKER_RANK:
        return "JK"
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank)) + suit
