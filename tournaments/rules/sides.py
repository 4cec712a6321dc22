"""A deal side between the scoring engine and the database, written once.

`side_values` is what a DealSide row stores of one side the engine scored (with what was
entered: closed, pot, hand) and `meld_values` what its Meld rows store; saving a deal, the
backup's check of a file, exports and the admin read the same names (`SIDE_NUMBERS`,
`MELD_NUMBERS`). `SideScore` is the side as pages read it back.
"""

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from scoring import SideResult
from scoring.rules import KIND_ORDER

SIDE_NUMBERS = (
    "closed", "pot", "melded_points", "hand_points", "burracos", "burraco_bonus",
    "closing_bonus", "hand_penalty", "pot_penalty", "total", "hand",
)  # fmt: skip
"""A DealSide's numbers (and what was entered with them), in the order files list them."""
BURRACO_KINDS: tuple[str, ...] = (
    "clean", "dirty", "semi-clean", "noble", "royal", "wild",
)  # fmt: skip
"""Every kind of burraco of every variant, in the order the deals file has its columns."""


class MeldValues(NamedTuple):
    """What a Meld row stores of one meld the engine read."""

    number: int
    cards: str
    burraco: str
    points: int


def side_values(entered: Mapping[str, Any], scored: SideResult) -> dict[str, Any]:
    """What a DealSide row stores: the engine's numbers and what was entered with them."""
    return {
        "closed": bool(entered.get("closed")),
        "pot": str(entered.get("pot", "")),
        "melded_points": scored.melded_points,
        "hand_points": scored.hand_points,
        "burracos": list(scored.burracos),
        "burraco_bonus": scored.burraco_bonus,
        "closing_bonus": scored.closing_bonus,
        "hand_penalty": scored.hand_penalty,
        "pot_penalty": scored.pot_penalty,
        "total": scored.total,
        "hand": " ".join(str(card) for card in entered.get("hand", [])),
    }


def meld_values(scored: SideResult) -> list[MeldValues]:
    """The side's melds as Meld rows store them, numbered from 1 in the order entered."""
    return [
        MeldValues(
            number, " ".join(card.code for card in meld.cards), meld.burraco or "", meld.points
        )
        for number, meld in enumerate(scored.melds, 1)
    ]


def burracos_text(kinds: Iterable[str]) -> str:
    """The burracos by kind, the most valuable kind first: "1 clean, 2 dirty"."""
    counts = Counter(kinds)
    ordered = [k for k in KIND_ORDER if k in counts] + sorted(set(counts) - set(KIND_ORDER))
    return ", ".join(f"{counts[kind]} {kind}" for kind in ordered)


class StoredSide(Protocol):
    melded_points: int
    burracos: list[str]
    burraco_bonus: int
    closing_bonus: int
    hand_penalty: int
    pot_penalty: int
    total: int


@dataclass(frozen=True)
class SideScore:
    """One side's deal (smazzata) as the scoring engine stored it, for pages."""

    melded_points: int
    burracos: tuple[str, ...]
    burraco_bonus: int
    closing_bonus: int
    hand_penalty: int
    pot_penalty: int
    total: int

    @classmethod
    def of(cls, row: StoredSide) -> "SideScore":
        return cls(
            melded_points=row.melded_points,
            burracos=tuple(row.burracos),
            burraco_bonus=row.burraco_bonus,
            closing_bonus=row.closing_bonus,
            hand_penalty=row.hand_penalty,
            pot_penalty=row.pot_penalty,
            total=row.total,
        )

    @property
    def bonuses(self) -> int:
        return self.burraco_bonus + self.closing_bonus

    @property
    def penalties(self) -> int:
        return self.hand_penalty + self.pot_penalty

    @property
    def burracos_text(self) -> str:
        return burracos_text(self.burracos)
