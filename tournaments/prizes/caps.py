"""The federation's limits on a tournament's prize pool (montepremi) by the tournament's level,
and the warnings a plan that breaks them gets.

A club's setting names the federation and the tournament's level (`PrizeSetting`). FIBur's
limits, in euros: club and provincial tournaments (di club, provinciali) at most 1,000; federal
(federali) 260 to 1,500; regional (regionali) 1,500 to 4,000; national (nazionali) at least
3,500. The bounds are included.

The pool checked is the plan's money plus the stated value of its items (goods are part of the
pool); an item without a value cannot be counted, and the warnings say how many there are. A
warning never stops a plan: the organiser may know better (a federation's own exception).
"""

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from tournaments.prizes.plans import Item, PrizePlan


class Level(StrEnum):
    CLUB = "club"
    PROVINCIAL = "provincial"
    FEDERAL = "federal"
    REGIONAL = "regional"
    NATIONAL = "national"


LEVEL_NAMES: dict[Level, Promise] = {
    Level.CLUB: pgettext_lazy("tournament level", "club"),
    Level.PROVINCIAL: pgettext_lazy("tournament level", "provincial"),
    Level.FEDERAL: pgettext_lazy("tournament level", "federal"),
    Level.REGIONAL: pgettext_lazy("tournament level", "regional"),
    Level.NATIONAL: pgettext_lazy("tournament level", "national"),
}


@dataclass(frozen=True, slots=True)
class PoolLimits:
    least_cents: int | None
    most_cents: int | None
    currency: str = "EUR"


LIMITS: dict[str, dict[Level, PoolLimits]] = {
    "FIBur": {
        Level.CLUB: PoolLimits(least_cents=None, most_cents=1_000_00),
        Level.PROVINCIAL: PoolLimits(least_cents=None, most_cents=1_000_00),
        Level.FEDERAL: PoolLimits(least_cents=260_00, most_cents=1_500_00),
        Level.REGIONAL: PoolLimits(least_cents=1_500_00, most_cents=4_000_00),
        Level.NATIONAL: PoolLimits(least_cents=3_500_00, most_cents=None),
    },
}
"""Each federation's limits by level; a federation not named here has none we know."""


@dataclass(frozen=True, slots=True)
class PrizeSetting:
    federation: str = "FIBur"
    level: Level = Level.CLUB


def pool_of(plan: PrizePlan) -> tuple[int, int]:
    """The plan's pool in cents (money and valued items) and how many items have no value."""
    items = [p for group in plan.groups for p in group.prizes if isinstance(p, Item)]
    valued = sum(item.value_cents or 0 for item in items)
    return plan.money_total() + valued, sum(item.value_cents is None for item in items)


def money_words(cents: int, currency: str) -> str:
    """An amount as the reader's language writes it: EUR 1,500.00, EUR 1.500,00."""
    amount = number_format(Decimal(cents) / 100, 2, force_grouping=True)
    return f"{currency} {amount}"


def cap_warnings(plan: PrizePlan, setting: PrizeSetting) -> list[str]:
    """What is wrong with the plan's pool for the setting's federation and level, in plain
    words (empty when nothing is)."""
    words = {"federation": setting.federation, "level": LEVEL_NAMES[setting.level]}
    limits = LIMITS.get(setting.federation, {}).get(setting.level)
    if limits is None:
        return [
            _("No prize limits are known for %(federation)s at level “%(level)s”: the pool was "
              "not checked.") % words
        ]  # fmt: skip
    if plan.currency != limits.currency:
        return [
            _("The limits of %(federation)s are in %(expected)s and this plan pays in "
              "%(currency)s: the pool was not checked.")
            % {**words, "expected": limits.currency, "currency": plan.currency}
        ]  # fmt: skip
    pool, unvalued = pool_of(plan)
    warnings = []
    words["pool"] = money_words(pool, plan.currency)
    if limits.most_cents is not None and pool > limits.most_cents:
        words["most"] = money_words(limits.most_cents, plan.currency)
        warnings.append(
            _("The prize pool, %(pool)s, is above the %(most)s that %(federation)s allows a "
              "tournament of level “%(level)s”.") % words
        )  # fmt: skip
    if limits.least_cents is not None and pool < limits.least_cents:
        words["least"] = money_words(limits.least_cents, plan.currency)
        warnings.append(
            _("The prize pool, %(pool)s, is below the %(least)s that %(federation)s asks of a "
              "tournament of level “%(level)s”.") % words
        )  # fmt: skip
    if unvalued:
        warnings.append(
            ngettext(
                "%(count)s prize is an item without a stated value: it is not counted in the pool.",
                "%(count)s prizes are items without a stated value: they are not counted in "
                "the pool.",
                unvalued,
            )
            % {"count": unvalued}
        )
    return warnings
