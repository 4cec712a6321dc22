"""The settings form's movement plan as typed: how many rounds, and a movement for each."""

from collections.abc import Mapping
from typing import Any

from tournaments.services import default_movement_plan

MAX_ROUNDS = 30


def rounds_in(data: Mapping[str, Any] | None, *, default: int) -> int:
    """The number of rounds typed (between 1 and the most a tournament has), else `default`."""
    try:
        rounds = int(str((data or {}).get("rounds", default)).strip())
    except ValueError:
        return default
    return min(max(rounds, 1), MAX_ROUNDS)


def with_default_movements(data: Mapping[str, Any], rounds: int) -> Mapping[str, Any]:
    """The data with the default movement for each round the plan did not have yet."""
    missing = [n for n in range(1, rounds + 1) if f"movement_{n}" not in data]
    if not missing:
        return data
    copy = data.copy() if hasattr(data, "copy") else dict(data)
    defaults = default_movement_plan(rounds)
    for n in missing:
        copy[f"movement_{n}"] = defaults[n - 1]
    return copy
