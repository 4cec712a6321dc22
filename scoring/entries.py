"""What a deal (smazzata) is made of, as entered, and what scoring makes of it: plain
dataclasses. A side is entered either card by card (`CardSheet`) or as the paper score sheet's
numbers (`SummarySheet`)."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from scoring.cards import Card
from scoring.melds import Meld
from scoring.rules import RuleSet


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
