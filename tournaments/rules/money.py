"""The money of the evening (issue 26: "entry fee per player or pair, paid or due at check-in,
totals in and out for the treasurer"), pure Python over plain values: what each entrant owes,
and the treasurer's totals (collected, still due, the prizes' money paid out, what is left).
Amounts are integer cents, as the prize plans' (`prizes.plans.Money`)."""

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

PER_PLAYER, PER_PAIR = "player", "pair"
"""Who pays the entry fee: each player, or each pair once (`Tournament.fee_per`)."""
MAX_FEE_CENTS = 100_000_00
"""A fee above 100,000 is a typing slip, not a club's entry fee."""


def fee_due(fee_cents: int, per: str, players: int) -> int:
    """What one entrant owes: the fee once for a pair that pays as one, else once a player."""
    return fee_cents if per == PER_PAIR else fee_cents * players


@dataclass(frozen=True)
class Till:
    """The treasurer's totals, in cents."""

    due: int
    """What every entrant playing owes together."""
    collected: int
    outstanding: int
    """Still to collect: `due` less `collected`."""
    paid_count: int
    unpaid_count: int
    prizes: int
    """The prize list's money paid out (0 before the tournament is finished or without a plan)."""

    @property
    def balance(self) -> int:
        """What the evening leaves: collected less the prizes paid out."""
        return self.collected - self.prizes


def till(owed: Iterable[tuple[int, bool]], prizes: int = 0) -> Till:
    """The totals of `owed`: for each entrant (withdrawn ones left out by the caller), what it
    owes and whether it has paid."""
    rows = list(owed)
    due = sum(amount for amount, _paid in rows)
    collected = sum(amount for amount, paid in rows if paid)
    paid = sum(1 for _amount, paid in rows if paid)
    return Till(due, collected, due - collected, paid, len(rows) - paid, prizes)


def fee_problem(cents: int | None) -> str:
    """Why a fee typed cannot be the entry fee ("" when it can)."""
    if cents is None or cents < 0:
        return _("Write the entry fee in euros, for example 10 or 7.50 (0 for no fee).")
    if cents > MAX_FEE_CENTS:
        return _("An entry fee of more than 100,000 is surely a slip: check it.")
    return ""


def cents_of(text: str) -> int | None:
    """Euros as typed ("10", "7.50", "7,50", "€ 12") in cents; None when it is no amount."""
    cleaned = text.strip().replace("€", "").replace("EUR", "").strip().replace(",", ".")
    if not cleaned:
        return 0
    whole, _dot, part = cleaned.partition(".")
    if (not whole.isdigit() and whole != "") or (part and not part.isdigit()) or len(part) > 2:
        return None
    return int(whole or "0") * 100 + int(part.ljust(2, "0") or "0")
