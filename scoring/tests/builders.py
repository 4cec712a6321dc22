"""Small builders that keep the hand-worked tables readable: a deal is written the way a club
organiser reads a score sheet, melds as text ("3C 4C 5C | KS KH KD")."""

from typing import Any

import pytest

from scoring import InvalidDeal, score_deal_json

VARIANTS = ("reale", "classico", "traditional", "two-player", "brazilian", "spanish")
ITALIAN = ("reale", "classico", "traditional", "two-player")


def cards(text: str) -> list[str]:
    """'3C 4C 5C' -> ['3C', '4C', '5C']; '' -> []."""
    return text.split()


def melds(text: str) -> list[list[str]]:
    """'3C 4C 5C | KS KH KD' -> two melds; '' -> no meld."""
    return [cards(meld) for meld in text.split("|") if meld.strip()]


def side(meld_text: str = "", hand: str = "", pot: str = "taken", **extra: Any) -> dict[str, Any]:
    """One side in card mode; `extra` adds contract fields (closed, players, pot_cards…)."""
    data: dict[str, Any] = {"melds": melds(meld_text), "hand": cards(hand), "pot": pot}
    data.update(extra)
    return data


def sheet(melded: int, hand: int, pot: str = "taken", **extra: Any) -> dict[str, Any]:
    """One side in summary mode (the score sheet's numbers)."""
    data: dict[str, Any] = {"melded_points": melded, "hand_points": hand, "pot": pot}
    data.update(extra)
    return data


def deal(variant: str, *sides: dict[str, Any]) -> dict[str, Any]:
    return {"variant": variant, "sides": list(sides)}


def problems_of(data: object) -> tuple[str, ...]:
    """The problems InvalidDeal lists for `data`, in words (the test fails if the deal is
    accepted)."""
    with pytest.raises(InvalidDeal) as caught:
        score_deal_json(data)
    return caught.value.messages


def assert_problem(problems: tuple[str, ...], *words: str) -> None:
    """One of the problems holds all of `words`."""
    assert any(all(word in problem for word in words) for problem in problems), (
        f"no problem mentions all of {words!r}; the problems were:\n" + "\n".join(problems)
    )


def totals(data: object) -> list[int]:
    return [side["total"] for side in score_deal_json(data)["sides"]]
