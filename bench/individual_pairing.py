"""Benchmark: seat one individual Danese round of 400 players with 8 rounds of history.

Run from the repository root: ``.venv/bin/python bench/individual_pairing.py``. The field plays
a seeded random first round and then seven Danese rounds with seeded random results (each
player credited with the partnership's victory points); then round 9 is seated and timed. The
last line printed is ``individual danese 400 players: S s`` with S the best of a few repeats,
in seconds. No repeated partner is asserted for every round.

A harder field is timed first for information: results follow a hidden strength, so the
standings barely move and the players near each other have mostly partnered or met already.
A field of 402 players (two sit out) is timed too.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.movements import (
    IndividualRound,
    balance_of,
    individual_danese,
    individual_random,
)

PLAYERS = 400
ROUNDS_PLAYED = 8
REPEATS = 5
SEED = 2025
BYE_AWARD = 14


def play(
    round_: IndividualRound, points: Counter[int], rng: random.Random, strength: dict[int, float]
) -> None:
    """Seeded result for each table: 20 victory points shared, each player credited in full."""
    for table in round_.tables:
        edge = (strength.get(table.north, 0.0) + strength.get(table.south, 0.0)) - (
            strength.get(table.east, 0.0) + strength.get(table.west, 0.0)
        )
        ns_points = min(20, max(0, round(10 + 10 * edge) + rng.randint(-10, 10)))
        for player in (table.north, table.south):
            points[player] += ns_points
        for player in (table.east, table.west):
            points[player] += 20 - ns_points
    for player in round_.sitting_out:
        points[player] += BYE_AWARD


def standings(points: Counter[int], players: list[int]) -> list[int]:
    return sorted(players, key=lambda player: (-points[player], player))


def best_time(results: str, players: int, strength: dict[int, float]) -> float:
    """Play the history, then time seating the next round; best of REPEATS, in seconds."""
    rng = random.Random(SEED)
    field = list(range(1, players + 1))
    points: Counter[int] = Counter()
    history: list[IndividualRound] = []
    round_ = individual_random(field, seed=SEED)
    for round_number in range(1, ROUNDS_PLAYED + 1):
        if round_number > 1:
            round_ = individual_danese(standings(points, field), history=history)
        play(round_, points, rng, strength)
        history.append(round_)
    assert balance_of(history).repeated_partnerships == 0, "a partner repeated in the history"

    ranking = standings(points, field)
    timings = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        round_ = individual_danese(ranking, history=history)
        timings.append(time.perf_counter() - start)
    assert sorted(round_.players()) == field, "a player is missing or seated twice"
    balance = balance_of([*history, round_])
    assert balance.repeated_partnerships == 0, "a repeated partner"
    print(
        f"{results}: {players} players, {ROUNDS_PLAYED} rounds played; round "
        f"{ROUNDS_PLAYED + 1}: {len(round_.tables)} tables, {len(round_.sitting_out)} sitting "
        f"out, no repeated partner, {len(round_.repeated_opponents)} repeated opponents; "
        f"{REPEATS} repeats: " + ", ".join(f"{t:.4f}" for t in timings) + " s"
    )
    return min(timings)


def main() -> None:
    rng = random.Random(SEED)
    strength = {player: rng.random() for player in range(1, PLAYERS + 3)}
    hard = best_time("results by strength", PLAYERS, strength)
    print(f"individual danese {PLAYERS} players, results by strength: {hard:.3f} s")
    uneven = best_time("random results, two sit out", PLAYERS + 2, {})
    print(f"individual danese {PLAYERS + 2} players: {uneven:.3f} s")
    best = best_time("random results", PLAYERS, {})
    print(f"the figure below is the best (min) of {REPEATS} repeats, random results")
    print(f"individual danese {PLAYERS} players: {best:.3f} s")


if __name__ == "__main__":
    main()
