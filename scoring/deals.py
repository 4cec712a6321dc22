"""A deal (smazzata): each side's melds, hand and pot, and what the deal is worth to each side.

A side is entered either card by card (`CardSheet`) or as the paper score sheet's numbers
(`SummarySheet`; the dataclasses are in `entries`). `score_deal` checks everything the rules can
check, collecting one `Problem` per thing wrong (the opening in `openings`, the copies of each
card in `copies`, what a score sheet's numbers must keep to come from one deck in `deck`), and
either raises InvalidDeal with all of them or returns the whole result: never a half-scored
deal. A side's total = melded card points + burraco bonuses + closing bonus - cards left in
hand - pot penalty.
"""

from scoring.cards import cards_text
from scoring.copies import check_copies, fits_the_deck, weigh
from scoring.deck import cheapest, check_deck, deck_cards
from scoring.entries import (
    CardSheet,
    Deal,
    DealResult,
    Pot,
    Side,
    SideResult,
    SummarySheet,
)
from scoring.errors import InvalidDeal
from scoring.melds import Meld, analyse_melds
from scoring.openings import check_opening_cards, check_opening_summary
from scoring.problems import Problem, rule_words
from scoring.rules import KIND_ORDER, RuleSet

__all__ = [
    "CardSheet",
    "Deal",
    "DealResult",
    "Pot",
    "Side",
    "SideResult",
    "SummarySheet",
    "score_deal",
]


def score_deal(deal: Deal) -> DealResult:
    """Score every side of a deal, or raise InvalidDeal listing every problem found."""
    rules = deal.rules
    problems: list[Problem] = []
    if len(deal.sides) not in rules.side_counts:
        problems.append(
            Problem(
                "deal.side_count",
                params={
                    **rule_words(rules),
                    "counts": list(rules.side_counts),
                    "sides": len(deal.sides),
                },
            )
        )
    closers = []
    for number, side in enumerate(deal.sides, 1):
        if side.closed:
            closers.append(number)
    if len(closers) > 1:
        problems.append(Problem("deal.two_closers", params={"closers": closers}))
    if rules.three_sides_until_a_pot and len(deal.sides) == 3:
        _check_three_sides(deal, problems)
    results = []
    weight: int | None = 0  # all the cards of the deal, weighed together
    summary = False
    for number, side in enumerate(deal.sides, 1):
        result, side_weight = _score_side(number, side, rules, bool(closers), problems)
        if result is not None:
            results.append(result)
        weight = None if weight is None or side_weight is None else weight + side_weight
        summary = summary or isinstance(side.sheet, SummarySheet)
    if weight is None or not fits_the_deck(weight, rules):
        check_copies(deal, problems)
    if summary and len(results) == len(deal.sides):  # cards themselves are always a real deck's
        sides = [(result.melded_points, result.hand_points, result.burracos) for result in results]
        check_deck(rules, sides, problems)
    if problems:
        raise InvalidDeal(problems)
    return DealResult(rules.slug, tuple(results))


def _check_three_sides(deal: Deal, problems: list[Problem]) -> None:
    """Three sides play on only while nobody has taken a pot (RULES.md, traditional): the first
    to take one plays on alone against the other two, a two-sided deal from then on."""
    for number, side in enumerate(deal.sides, 1):
        if side.pot is not Pot.NOT_TAKEN:
            params = rule_words(deal.rules)
            problems.append(
                Problem("deal.three_sides_pot", side=number, field="pot", params=params)
            )


def _score_side(
    number: int, side: Side, rules: RuleSet, anybody_closed: bool, problems: list[Problem]
) -> tuple[SideResult | None, int | None]:
    """The side's result (None if it has problems) and the weight of all its cards (see
    cards.CARD_WEIGHTS; None if they cannot be weighed), for the copy check. `anybody_closed`:
    some side of the deal closed."""
    where = number
    weight: int | None = 0
    start = len(problems)
    players = side.players if side.players is not None else rules.players_per_side
    if players not in (1, 2):
        problems.append(Problem("side.players", side=where, params={"players": players}))
    elif players == 2 and rules.one_player_sides_only:
        problems.append(Problem("side.one_player", side=where, params=rule_words(rules)))
    if side.closed and players == 1 and side.pot is Pot.TAKEN_UNPLAYED:
        # every card of a lone player who closed is played: none of the pot's is left in hand
        params = rule_words(rules)
        problems.append(Problem("closing.pot_unplayed", side=where, field="pot", params=params))

    melds: tuple[Meld, ...] = ()
    sheet = side.sheet
    if isinstance(sheet, CardSheet):
        melds, melded, kinds, errors, weight = analyse_melds(sheet.melds, rules)
        for meld_number, error in errors:
            cards = cards_text(sheet.melds[meld_number - 1])
            problems.append(error.problem.at(side=where, meld=meld_number, cards=cards))
        hand = 0
        value_by_rank = rules.value_by_rank
        for card in sheet.hand:  # loops, not comprehensions, here: a comprehension is a call
            hand += value_by_rank[card.rank]
        if side.closed and players == 1 and sheet.hand:
            problems.append(
                Problem(
                    "closing.hand_not_empty",
                    side=where,
                    field="hand",
                    params={"count": len(sheet.hand), "cards": cards_text(sheet.hand)},
                )
            )
        if (  # the check has something to say only then
            rules.opening is not None
            or side.opening is not None
            or side.opening_points is not None
            or side.opening_canasta
        ):
            check_opening_cards(where, side, melds, rules, problems)
    else:
        melded, hand = sheet.melded_points, sheet.hand_points
        kinds = _summary_kinds(where, sheet, rules, problems)
        if side.closed and players == 1 and hand:
            problems.append(
                Problem(
                    "closing.hand_points", side=where, field="hand_points", params={"hand": hand}
                )
            )
        check_opening_summary(where, side, melded, kinds, rules, problems)

    if side.closed or side.closing_discard is not None:  # the check has nothing to say otherwise
        _check_closing(where, side, kinds, rules, problems)
    if weight is not None:
        weight = weigh(weight, sheet, side)
    pot_penalty = 0
    if side.pot is not Pot.TAKEN or side.pot_cards is not None or side.pot_points is not None:
        pot_penalty = _pot_penalty(where, side, rules, anybody_closed, problems)
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
    where: int, sheet: SummarySheet, rules: RuleSet, problems: list[Problem]
) -> tuple[str, ...]:
    words = rule_words(rules)
    start = len(problems)
    for name, points in (
        ("melded", sheet.melded_points),
        ("hand", sheet.hand_points),
    ):
        field = f"{name}_points"
        if points < 0:
            problems.append(
                Problem(
                    f"sheet.{name}_negative", side=where, field=field, params={"points": points}
                )
            )
        elif rules.multiple_of_five and points % 5:
            problems.append(
                Problem(
                    f"sheet.{name}_not_multiple_of_5",
                    side=where,
                    field=field,
                    params={**words, "points": points},
                )
            )
    kinds: list[str] = []
    needed = 0
    floors = cheapest(rules)
    for kind, count in sheet.burracos.items():
        if not rules.has_kind(kind):
            problems.append(
                Problem(
                    "sheet.unknown_kind",
                    side=where,
                    field="burracos",
                    params={**words, "kind": kind, "kinds": tuple(rules.kinds())},
                )
            )
        elif count < 0:
            problems.append(
                Problem(
                    "sheet.negative_count",
                    side=where,
                    field="burracos",
                    params={**words, "kind": kind},
                )
            )
        elif kind not in floors:
            if count:
                problems.append(
                    Problem(
                        "sheet.kind_impossible",
                        side=where,
                        field="burracos",
                        params={**words, "kind": kind},
                    )
                )
        else:
            needed += count * floors[kind].points
    declared = sum(n for kind, n in sheet.burracos.items() if rules.has_kind(kind) and n > 0)
    deck = deck_cards(rules)
    if declared * rules.burraco_min > deck:
        problems.append(
            Problem(
                "sheet.too_many_burracos",
                side=where,
                field="burracos",
                params={
                    **words,
                    "declared": declared,
                    "cards_needed": declared * rules.burraco_min,
                    "deck": deck,
                },
            )
        )
        return ()
    if len(problems) == start and sheet.melded_points < needed:
        problems.append(
            Problem(
                "sheet.burracos_need_points",
                side=where,
                field="melded_points",
                params={
                    **words,
                    "burracos": list(sheet.burracos.items()),
                    "count": 2 if sum(sheet.burracos.values()) > 1 else 1,
                    "needed": needed,
                    "melded": sheet.melded_points,
                },
            )
        )
    for kind in KIND_ORDER:
        if rules.has_kind(kind) and sheet.burracos.get(kind, 0) > 0:
            kinds.extend([kind] * sheet.burracos[kind])
    return tuple(kinds)


def _check_closing(
    where: int, side: Side, kinds: tuple[str, ...], rules: RuleSet, problems: list[Problem]
) -> None:
    if side.closing_discard is not None and not side.closed:
        problems.append(
            Problem("closing.discard_without_closing", side=where, field="closing_discard")
        )
    if not side.closed:
        return
    words = rule_words(rules)
    if rules.closing_needs_pot and side.pot is Pot.NOT_TAKEN:
        problems.append(Problem("closing.needs_pot", side=where, field="pot", params=words))
    if not any(map(rules.closing_kinds.__contains__, kinds)):
        closing = [kind for kind in rules.kinds() if kind in rules.closing_kinds]
        params = {**words, "kinds": closing, "any_kind": set(closing) == set(rules.kinds())}
        problems.append(Problem("closing.needs_burraco", side=where, field="closed", params=params))
    discard = side.closing_discard
    if discard is not None and discard.is_wild_kind and not rules.closing_discard_may_be_wild:
        problems.append(
            Problem(
                "closing.wild_discard",
                side=where,
                field="closing_discard",
                card=discard.code,
                params=words,
            )
        )


def _pot_penalty(
    where: int, side: Side, rules: RuleSet, anybody_closed: bool, problems: list[Problem]
) -> int:
    """What the side's pot costs it; only called when there is something to check or charge."""
    given = side.pot_cards is not None or side.pot_points is not None
    field = "pot_cards" if side.pot_cards is not None else "pot_points"
    if side.pot_cards is not None and side.pot_points is not None:
        problems.append(Problem("pot.cards_and_points", side=where, field=field))
        return 0
    charged_in_cards = rules.pot_penalty_in_cards and side.pot is Pot.NOT_TAKEN
    if given and not charged_in_cards:
        if rules.pot_penalty_in_cards:
            problems.append(Problem("pot.cards_when_taken", side=where, field=field))
        else:
            params = {**rule_words(rules), "penalty": rules.pot_penalty}
            problems.append(Problem("pot.fixed_penalty", side=where, field=field, params=params))
        return 0
    if side.pot is Pot.TAKEN:
        return 0
    if rules.pot_penalty_needs_closing and not anybody_closed:
        return 0
    if side.pot is Pot.TAKEN_UNPLAYED:
        return rules.unplayed_pot_penalty
    if not charged_in_cards:
        return rules.pot_penalty
    if side.pot_cards is not None:
        return sum(rules.value_by_rank[card.rank] for card in side.pot_cards)
    if side.pot_points is None:
        problems.append(
            Problem("pot.needs_value", side=where, field="pot_points", params=rule_words(rules))
        )
        return 0
    if side.pot_points < 0:
        problems.append(
            Problem(
                "pot.negative", side=where, field="pot_points", params={"points": side.pot_points}
            )
        )
        return 0
    return side.pot_points
