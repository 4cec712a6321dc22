"""The scoring contract: a deal as JSON in, the scored result as JSON out.

`deal_from_json` turns the contract's input into dataclasses, refusing anything not in its
shape with one message per problem; `format_result` writes the result the way the contract
shows it. The command line, the web forms and the tests all go through here.
"""

import json
from collections.abc import Callable, Mapping
from dataclasses import MISSING, fields
from inspect import signature
from typing import Any, TypeVar

from scoring.cards import Card, CardError, parse_card, parse_cards, shown, spelled_card
from scoring.deals import CardSheet, Deal, DealResult, Pot, Side, SummarySheet, score_deal
from scoring.errors import InvalidDeal
from scoring.problems import Problem
from scoring.rules import RULE_SETS, RuleSet

T = TypeVar("T")

CARD_FIELDS = {"melds", "hand"}
SUMMARY_FIELDS = {"melded_points", "hand_points", "burracos"}
COMMON_FIELDS = {
    "players",
    "pot",
    "closed",
    "pot_cards",
    "pot_points",
    "opening",
    "opening_points",
    "opening_canasta",
    "score_before",
    "closing_discard",
}
_POTS = {pot.value: pot for pot in Pot}
_DEAL_FIELDS = frozenset({"variant", "sides"})
_CARD_SIDE_FIELDS = frozenset(CARD_FIELDS | COMMON_FIELDS)
_FLAGS = {"closed", "opening_canasta"}
KNOWN_FIELDS = CARD_FIELDS | SUMMARY_FIELDS | COMMON_FIELDS


def deal_from_json(data: object, rules: RuleSet | None = None) -> Deal:
    """The Deal that contract-shaped JSON data describes; raises InvalidDeal otherwise.

    `rules` replaces the standard rule set of the named variant (a club's house rules)."""
    if not isinstance(data, dict):
        raise InvalidDeal([Problem("contract.deal_not_object")])
    problems: list[Problem] = []
    if not _DEAL_FIELDS.issuperset(data):
        unknown = sorted(str(key) for key in data if key not in _DEAL_FIELDS)
        params = {"field_names": unknown, "count": len(unknown)}
        problems.append(Problem("contract.deal_unknown_fields", params=params))
    variant = data.get("variant")
    if rules is None:
        if not isinstance(variant, str) or variant not in RULE_SETS:
            slugs = {"variant_slugs": list(RULE_SETS)}
            if variant is None:
                problems.append(Problem("contract.variant_missing", field="variant", params=slugs))
            else:
                params = {**slugs, "shown": _repr(variant)}
                problems.append(Problem("contract.variant_unknown", field="variant", params=params))
            raise InvalidDeal(problems)
        rules = RULE_SETS[variant]
    sides_data = data.get("sides")
    if not isinstance(sides_data, list) or not sides_data:
        problems.append(Problem("contract.sides_missing", field="sides"))
        raise InvalidDeal(problems)
    sides = []
    for number, side_data in enumerate(sides_data, 1):
        side = _card_side(side_data)
        if side is None:
            side = _side(number, side_data, problems)
        if side is not None:
            sides.append(side)
    if problems:
        raise InvalidDeal(problems)
    return Deal(rules, tuple(sides))


def score_deal_json(data: object, rules: RuleSet | None = None) -> dict[str, Any]:
    """Contract JSON in, contract JSON out; raises InvalidDeal."""
    return score_deal(deal_from_json(data, rules)).as_json()


def format_result(result: DealResult | Mapping[str, Any]) -> str:
    """The result as the contract prints it: one key a line, small lists and objects inline."""
    data = result.as_json() if isinstance(result, DealResult) else result
    return _format(data, 0)


def _format(value: object, indent: int) -> str:
    inline = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if not isinstance(value, (dict, list)) or _is_flat(value):
        return inline
    pad, inner = "  " * indent, "  " * (indent + 1)
    if isinstance(value, list):
        items = [inner + _format(item, indent + 1) for item in value]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    items = [
        inner + json.dumps(key, ensure_ascii=False) + ": " + _format(item, indent + 1)
        for key, item in value.items()
    ]
    return "{\n" + ",\n".join(items) + "\n" + pad + "}"


def _is_flat(value: dict[Any, Any] | list[Any]) -> bool:
    items = value.values() if isinstance(value, dict) else value
    return all(not isinstance(item, (dict, list)) for item in items)


def _card_side(data: object) -> Side | None:
    """The usual side: typed card by card, each card spelled exactly as the notation spells it,
    nothing wrong. Read quickly, without a word to say: None at the first thing unusual, for
    `_side` to read the side again and say what is wrong with it, or read what this does not."""
    if type(data) is not dict or not _CARD_SIDE_FIELDS.issuperset(data):
        return None
    card = spelled_card
    melds: list[tuple[Card, ...]] = []
    hand: tuple[Card, ...] = ()
    pot: Pot | None = None
    options: dict[str, Any] = {}
    try:
        for name, value in data.items():
            if name == "melds":
                if value.__class__ is not list:
                    return None
                melds = [tuple(map(card, meld)) for meld in value if meld.__class__ is list]
                if len(melds) != len(value):  # a meld that is not a list
                    return None
            elif name == "hand":
                if value.__class__ is not list:
                    return None
                hand = tuple(map(card, value))
            elif name == "pot":
                pot = _POTS.get(value) if value.__class__ is str else None
            elif value is not None or name in _FLAGS:  # null is the default, but not for flags
                options[name] = _CONVERTERS[name](value)
    except (KeyError, TypeError, _Bad):
        return None
    if pot is None:
        return None
    return _new_side(_new_card_sheet(tuple(melds), hand), pot, **options)


# `Side` and `CardSheet` built as their generated __init__ builds them, a field at a time, but
# through each slot's descriptor: frozen, the __init__ goes through object.__setattr__, which
# makes a Side cost twice as much. The defaults are Side's own, as the assertion below checks.
_new = object.__new__
_SHEET_SLOTS = [getattr(CardSheet, field.name).__set__ for field in fields(CardSheet)]
_SIDE_SLOTS = [getattr(Side, field.name).__set__ for field in fields(Side)]
_melds_slot, _hand_slot = _SHEET_SLOTS
(
    _sheet_slot,
    _pot_slot,
    _closed_slot,
    _players_slot,
    _pot_cards_slot,
    _pot_points_slot,
    _opening_slot,
    _opening_points_slot,
    _opening_canasta_slot,
    _score_before_slot,
    _closing_discard_slot,
) = _SIDE_SLOTS


def _new_card_sheet(melds: tuple[tuple[Card, ...], ...], hand: tuple[Card, ...]) -> CardSheet:
    sheet: CardSheet = _new(CardSheet)
    _melds_slot(sheet, melds)
    _hand_slot(sheet, hand)
    return sheet


def _new_side(
    sheet: CardSheet | SummarySheet,
    pot: Pot,
    closed: bool = False,
    players: int | None = None,
    pot_cards: tuple[Card, ...] | None = None,
    pot_points: int | None = None,
    opening: tuple[int, ...] | None = None,
    opening_points: int | None = None,
    opening_canasta: bool = False,
    score_before: int = 0,
    closing_discard: Card | None = None,
) -> Side:
    side: Side = _new(Side)
    _sheet_slot(side, sheet)
    _pot_slot(side, pot)
    _closed_slot(side, closed)
    _players_slot(side, players)
    _pot_cards_slot(side, pot_cards)
    _pot_points_slot(side, pot_points)
    _opening_slot(side, opening)
    _opening_points_slot(side, opening_points)
    _opening_canasta_slot(side, opening_canasta)
    _score_before_slot(side, score_before)
    _closing_discard_slot(side, closing_discard)
    return side


assert [
    (name, MISSING if parameter.default is parameter.empty else parameter.default)
    for name, parameter in signature(_new_side).parameters.items()
] == [(field.name, field.default) for field in fields(Side)], "_new_side must follow Side"
assert list(signature(_new_card_sheet).parameters) == [field.name for field in fields(CardSheet)]


def _side(where: int, data: object, problems: list[Problem]) -> Side | None:
    if not isinstance(data, dict):
        problems.append(Problem("contract.side_not_object", side=where))
        return None
    start = len(problems)
    unknown = sorted(str(key) for key in data.keys() - KNOWN_FIELDS)
    if unknown:
        params = {"field_names": unknown, "count": len(unknown)}
        problems.append(Problem("contract.side_unknown_fields", side=where, params=params))
    card_mode = "melds" in data or "hand" in data
    summary_mode = not SUMMARY_FIELDS.isdisjoint(data)
    sheet: CardSheet | SummarySheet | None = None
    if card_mode and summary_mode:
        problems.append(Problem("contract.cards_and_sheet", side=where))
    elif summary_mode:
        sheet = _summary_sheet(where, data, problems)
    else:
        melds = _melds(where, data.get("melds", []), problems)
        hand: tuple[Card, ...] = _field(where, data, "hand", (), _cards_of_hand, problems)
        sheet = CardSheet(melds=tuple(melds), hand=hand)

    pot = data.get("pot")
    if pot is None:
        problems.append(Problem("contract.pot_missing", side=where, field="pot"))
    elif not isinstance(pot, str) or pot not in _POTS:
        params = {"shown": _shown(pot)}
        problems.append(Problem("contract.pot_unknown", side=where, field="pot", params=params))
    options: dict[str, Any] = {}
    for name in _CONVERTERS:  # in the contract's order, so messages come out the same way
        if name not in data:
            continue
        value = data[name]
        if value is None and name not in _FLAGS:
            continue
        try:
            options[name] = _CONVERTERS[name](value)
        except _Bad as error:
            problems.append(error.problem.at(side=where, field=name))
    if len(problems) > start or sheet is None:
        return None
    return Side(sheet=sheet, pot=_POTS[str(pot)], **options)


def _summary_sheet(
    where: int, data: dict[str, Any], problems: list[Problem]
) -> SummarySheet | None:
    start = len(problems)
    for name in ("melded_points", "hand_points"):
        if name not in data:
            problems.append(Problem("contract.sheet_needs", side=where, field=name))
    melded = _field(where, data, "melded_points", 0, _whole, problems)
    hand = _field(where, data, "hand_points", 0, _whole, problems)
    burracos: dict[str, int] = _field(where, data, "burracos", {}, _burraco_counts, problems)
    if len(problems) > start:
        return None
    return SummarySheet(melded_points=melded, hand_points=hand, burracos=burracos)


class _Bad(ValueError):
    """A value of the wrong shape; `problem` says what it must be (placed by the caller)."""

    def __init__(self, code: str, **params: object) -> None:
        self.problem = Problem(code, params=params)
        super().__init__(code)


class _BadCards(_Bad):
    def __init__(self, errors: list[Problem]) -> None:
        self.problem = Problem("contract.bad_cards", params={"errors": errors})
        ValueError.__init__(self, "contract.bad_cards")


def _field(
    where: int,
    data: dict[str, Any],
    name: str,
    default: T,
    convert: Callable[[object], T],
    problems: list[Problem],
) -> T:
    if name not in data or (data[name] is None and default is None):
        return default
    try:
        return convert(data[name])
    except _Bad as error:
        problems.append(error.problem.at(side=where, field=name))
    return default


def _melds(where: int, value: object, problems: list[Problem]) -> list[tuple[Card, ...]]:
    if not isinstance(value, list):
        problems.append(Problem("contract.melds_not_list", side=where, field="melds"))
        return []
    melds = []
    for number, meld in enumerate(value, 1):
        if not isinstance(meld, list):
            params = {"shown": _shown(meld)}
            problems.append(
                Problem("contract.meld_not_list", side=where, meld=number, params=params)
            )
            continue
        try:
            melds.append(parse_cards(meld))
        except CardError:
            for text in meld:
                try:
                    parse_card(text)
                except CardError as error:
                    problems.append(error.problem.at(side=where, meld=number))
    return melds


def _cards_of(name: str) -> Callable[[object], tuple[Card, ...]]:
    def convert(value: object) -> tuple[Card, ...]:
        if not isinstance(value, list):
            raise _Bad("contract.not_card_list", shown=_shown(value))
        try:
            return parse_cards(value)
        except CardError:
            bad = []
            for text in value:
                try:
                    parse_card(text)
                except CardError as error:
                    bad.append(error.problem)
            raise _BadCards(bad) from None

    return convert


_cards_of_hand = _cards_of("hand")


def _one_card(value: object) -> Card:
    try:
        return parse_card(value)
    except CardError as error:
        bad = _Bad(error.problem.code)
        bad.problem = error.problem
        raise bad from None


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Bad("contract.not_whole", shown=_shown(value))
    return value


def _boolean(value: object) -> bool:
    if not isinstance(value, bool):
        raise _Bad("contract.not_boolean", shown=_shown(value))
    return value


def _indices(value: object) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise _Bad("contract.not_meld_numbers", shown=_shown(value))
    return tuple(_whole(item) for item in value)


def _burraco_counts(value: object) -> dict[str, int]:
    if not isinstance(value, dict):
        raise _Bad("contract.not_burraco_counts", shown=_shown(value))
    counts = {}
    for kind, count in value.items():
        if isinstance(count, bool) or not isinstance(count, int):
            raise _Bad("contract.burraco_count_not_whole", kind=kind, shown=_shown(count))
        counts[str(kind)] = count
    return counts


def _shown(value: object) -> str:
    """A value as the JSON it came from, cut at 30 characters."""
    return shown(value, 30)


def _repr(value: object) -> str:
    return repr(value)


_CONVERTERS: dict[str, Callable[[object], Any]] = {
    "players": _whole,
    "closed": _boolean,
    "pot_cards": _cards_of("pot_cards"),
    "pot_points": _whole,
    "opening": _indices,
    "opening_points": _whole,
    "opening_canasta": _boolean,
    "score_before": _whole,
    "closing_discard": _one_card,
}
