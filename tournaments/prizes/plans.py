"""A tournament's prize plan (montepremi): prize groups, each with its prizes by place, and the
plan's options. Plain frozen dataclasses with their JSON form, which is how a tournament will
store its plan (`PrizePlan.to_json` / `PrizePlan.from_json`); `awards.award` pays a plan out of
the rankings.

A prize is an amount of money in integer cents with its currency code (`Money`), or an item
(`Item`: a text, with an optional value in cents that counts towards the pool and lets it be
compared with money). One plan pays in one currency.

Options:
- `tie_rule`: how a tie over paid places is settled: `equal` (the tied entrants share the
  prizes of the places they cover equally), `hort` (each keeps half of its own place's prize,
  the places set by the standings' tie-breaks, and the other halves are pooled and shared
  equally), or `order` (the tie-breaks decide: each takes its own place's prize). Items cannot
  be split: a tie that covers an item place is always settled by the order, and the award says
  so.
- `one_prize_each`: an entrant wins only its best prize, and the next entrant moves up in the
  other groups. "Best" is the larger sum of money (an item with a stated value counts as that
  sum); an item without a value comes after any money, unless `items_first` says an item is
  worth more than any money; equal prizes go to the group listed first in the plan. An entrant
  never comes back to a group it left (so the payout always ends): with a plan whose prizes do
  not fall by place (an item without a value above money), moving up may leave it a prize it
  values less than the one it gave up.
"""

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from django.utils.translation import gettext as _


class PlanError(ValueError):
    """A plan the organiser (or a stored JSON) got wrong: the message says what, in words an
    organiser understands."""


class GroupKind(StrEnum):
    OVERALL = "overall"
    """By place in the tournament's final standings."""
    GIRONE = "girone"
    """By place in one girone's ranking (`scope` names the girone)."""
    PHASE = "phase"
    """By place in one phase's ranking, e.g. the best in the last two Danese rounds."""
    CATEGORY = "category"
    """By place among the entrants of one category (`scope` names it)."""
    LAST_PLACE = "last_place"
    """From the bottom of the final standings: the engine reads the ranking upside down."""
    SPECIAL = "special"
    """A prize with its own rule ("premio tecnico"): the caller gives its ranking."""


class TieRule(StrEnum):
    EQUAL = "equal"
    HORT = "hort"
    ORDER = "order"


@dataclass(frozen=True, slots=True)
class Money:
    cents: int
    currency: str = "EUR"

    def text(self) -> str:
        """EUR 1,250.50: the data form, the same in every language (the pages format it)."""
        units, cents = divmod(self.cents, 100)
        return f"{self.currency} {units:,}.{cents:02d}"


@dataclass(frozen=True, slots=True)
class Item:
    text: str
    value_cents: int | None = None
    """What the item is worth, if the organiser says: counted in the pool and when the best of
    an entrant's prizes is chosen."""


Prize = Money | Item


@dataclass(frozen=True, slots=True)
class PrizeGroup:
    key: str
    """Unique in the plan: the rankings the caller gives are keyed by it."""
    kind: GroupKind
    prizes: tuple[Prize, ...]
    """By place: prizes[0] for 1st (for a last-place group, for the last)."""
    label: str = ""
    """The organiser's name for it ("Best in the final two Danese")."""
    scope: str = ""
    """The girone, phase or category it is for."""


@dataclass(frozen=True, slots=True)
class PrizePlan:
    groups: tuple[PrizeGroup, ...]
    tie_rule: TieRule = TieRule.EQUAL
    one_prize_each: bool = False
    items_first: bool = False
    currency: str = "EUR"

    def __post_init__(self) -> None:
        check_plan(self)

    def group(self, key: str) -> PrizeGroup:
        return next(group for group in self.groups if group.key == key)

    def money_total(self) -> int:
        """Every money prize of the plan, in cents (what it pays if every place is taken)."""
        return sum(p.cents for g in self.groups for p in g.prizes if isinstance(p, Money))

    def to_json(self) -> str:
        return json.dumps(plan_data(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> "PrizePlan":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            text = _("The prize plan is not readable: %(error)s") % {"error": error}
            raise PlanError(text) from error
        return plan_from_data(data)


def check_plan(plan: PrizePlan) -> None:
    """What a plan must be to be paid: keys unique, prizes positive, one currency."""
    keys = [group.key for group in plan.groups]
    twice = sorted({key for key in keys if keys.count(key) > 1})
    if twice:
        raise PlanError(
            _("Two prize groups have the same name: %(name)s.") % {"name": ", ".join(twice)}
        )
    for group in plan.groups:
        if not group.prizes:
            raise PlanError(_("“%(group)s” has no prize.") % {"group": group.label or group.key})
        for place, prize in enumerate(group.prizes, start=1):
            _check_prize(group, place, prize, plan.currency)


def _check_prize(group: PrizeGroup, place: int, prize: Prize, currency: str) -> None:
    where = {"group": group.label or group.key, "place": place}
    if isinstance(prize, Money):
        if prize.cents <= 0:
            raise PlanError(_("Prize %(place)s of “%(group)s” must be more than nothing.") % where)
        if prize.currency != currency:
            raise PlanError(
                _("Prize %(place)s of “%(group)s” is in %(other)s; the plan pays in %(currency)s.")
                % {**where, "other": prize.currency, "currency": currency}
            )
    elif not prize.text.strip():
        raise PlanError(_("Prize %(place)s of “%(group)s” needs a description.") % where)
    elif prize.value_cents is not None and prize.value_cents < 0:
        raise PlanError(
            _("Prize %(place)s of “%(group)s” cannot be worth less than nothing.") % where
        )


def plan_data(plan: PrizePlan) -> dict[str, Any]:
    """The plan as JSON-ready data: amounts in cents, so nothing is lost to floats."""
    return {
        "tie_rule": plan.tie_rule.value,
        "one_prize_each": plan.one_prize_each,
        "items_first": plan.items_first,
        "currency": plan.currency,
        "groups": [
            {
                "key": group.key,
                "kind": group.kind.value,
                "label": group.label,
                "scope": group.scope,
                "prizes": [_prize_data(prize) for prize in group.prizes],
            }
            for group in plan.groups
        ],
    }


def _prize_data(prize: Prize) -> dict[str, Any]:
    if isinstance(prize, Money):
        return {"cents": prize.cents}
    return {"item": prize.text, "value_cents": prize.value_cents}


def plan_from_data(data: Any) -> PrizePlan:
    try:
        currency = str(data.get("currency", "EUR"))
        groups = tuple(_group_from(item, currency) for item in data["groups"])
        return PrizePlan(
            groups=groups,
            tie_rule=TieRule(data.get("tie_rule", TieRule.EQUAL)),
            one_prize_each=bool(data.get("one_prize_each", False)),
            items_first=bool(data.get("items_first", False)),
            currency=currency,
        )
    except PlanError:
        raise
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        text = _("The prize plan is not readable: %(error)s") % {"error": error}
        raise PlanError(text) from error


def _group_from(data: Mapping[str, Any], currency: str) -> PrizeGroup:
    prizes: Sequence[Mapping[str, Any]] = data["prizes"]
    return PrizeGroup(
        key=str(data["key"]),
        kind=GroupKind(data["kind"]),
        label=str(data.get("label", "")),
        scope=str(data.get("scope", "")),
        prizes=tuple(
            Money(cents=int(p["cents"]), currency=currency)
            if "cents" in p
            else Item(
                text=str(p["item"]),
                value_cents=None if p.get("value_cents") is None else int(p["value_cents"]),
            )
            for p in prizes
        ),
    )


def prize_worth(prize: Prize, items_first: bool) -> tuple[int, int]:
    """A prize's place in the "best prize" comparison (larger is better): money and valued
    items by their cents; an item without a value after all money, or before it with
    `items_first`."""
    if isinstance(prize, Money):
        return (1, prize.cents)
    if prize.value_cents is not None:
        return (1, prize.value_cents)
    return (2 if items_first else 0, 0)
