"""Benchmark: pair one Danese round of 500 pairs that already have 10 rounds of history.

Run from the repository root: ``.venv/bin/python bench/pairing.py``. The field plays a seeded
random draw and then nine Danese rounds with seeded random results (the standings come from the
points); then the eleventh round is paired and timed. The last line printed is
``danese 500 pairs: S s`` with S the best of a few repeats, in seconds.

A harder field is timed first for information: results follow a hidden strength, so the
standings barely move and the pairs near each other have mostly met already.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.movements import Seating, danese, random_draw, rematches_in

PAIRS = 500
ROUNDS_PLAYED = 10
REPEATS = 5
SEED = 2024


def play(
    seating: Seating, points: dict[int, int], rng: random.Random, strength: dict[int, float]
) -> None:
    """Seeded result for each table: 20 victory points shared between the two pairs."""
    for table in seating.tables:
        edge = strength.get(table.ns, 0.0) - strength.get(table.ew, 0.0)
        ns_points = min(20, max(0, round(10 + 20 * edge) + rng.randint(-10, 10)))
        points[table.ns] += ns_points
        points[table.ew] += 20 - ns_points


def standings(points: dict[int, int]) -> list[int]:
    return sorted(points, key=lambda pair: (-points[pair], pair))


def best_time(results: str, strength: dict[int, float]) -> float:
    """Play the history, then time pairing the next round; best of REPEATS, in seconds."""
    rng = random.Random(SEED)
    points = dict.fromkeys(range(1, PAIRS + 1), 0)
    history: list[tuple[int, int]] = []
    seating = random_draw(points, seed=SEED)
    for round_number in range(1, ROUNDS_PLAYED + 1):
        if round_number > 1:
            seating = danese(standings(points), history=history)
            assert not seating.rematches, f"round {round_number} has rematches"
        play(seating, points, rng, strength)
        history += seating.meetings()

    ranking = standings(points)
    timings = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        seating = danese(ranking, history=history)
        timings.append(time.perf_counter() - start)
    assert sorted(seating.pairs()) == sorted(points), "a pair is missing or seated twice"
    assert not seating.rematches and not rematches_in(seating, history), "rematch"
    assert not seating.budget_exhausted
    print(
        f"{results}: {PAIRS} pairs, {ROUNDS_PLAYED} rounds played ({len(history)} meetings); "
        f"round {ROUNDS_PLAYED + 1}: {len(seating.tables)} tables, no rematch; "
        f"{REPEATS} repeats: " + ", ".join(f"{t:.4f}" for t in timings) + " s"
    )
    return min(timings)


def main() -> None:
    rng = random.Random(SEED)
    strength = {pair: rng.random() for pair in range(1, PAIRS + 1)}
    hard = best_time("results by strength", strength)
    print(f"danese {PAIRS} pairs, results by strength: {hard:.3f} s (best of {REPEATS})")
    best = best_time("random results", {})
    print(f"the figure below is the best (min) of {REPEATS} repeats, random results")
    print(f"danese {PAIRS} pairs: {best:.3f} s")


if __name__ == "__main__":
    main()
