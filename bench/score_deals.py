"""Scoring speed against the floor of reading the input.

Builds a fixed, seeded corpus of legal deals (all six variants, 2 or 3 sides, 4 to 8 melds a
side, the cards of every meld shuffled), then, in one process and several interleaved passes:
  - json.loads of every deal's JSON text: the floor, just reading the input;
  - scoring every deal from its parsed JSON to the contract's result (deal_from_json,
    score_deal, as_json), each pass starting with the engine's meld memory emptied.
The best pass of each is kept. The last line is the ratio of the two.

    .venv/bin/python bench/score_deals.py [--deals 12000] [--passes 5]
"""

import argparse
import gc
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring import RULE_SETS, InvalidDeal, score_deal_json
from scoring import deals as deals_module
from scoring.melds import classify_meld
from scoring.samples import random_deal

SEED = 20261122


def corpus(count: int) -> list[str]:
    rng = random.Random(SEED)
    variants = list(RULE_SETS.values())
    texts = []
    for number in range(count):
        rules = variants[number % len(variants)]
        sides = 3 if 3 in rules.side_counts and rng.random() < 0.25 else 2
        texts.append(json.dumps(random_deal(rules, rng, sides=sides, melds=(4, 8))))
    return texts


def forget() -> None:
    for rules in RULE_SETS.values():
        rules.meld_cache.clear()


def timed(work: Callable[[], object]) -> float:
    forget()
    gc.collect()
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=12_000)
    parser.add_argument("--passes", type=int, default=5)
    args = parser.parse_args()

    texts = corpus(args.deals)
    parsed = [json.loads(text) for text in texts]
    invalid = 0
    melds = sides = 0
    for data in parsed:
        try:
            score_deal_json(data)
        except InvalidDeal:
            invalid += 1
        sides += len(data["sides"])
        melds += sum(len(side["melds"]) for side in data["sides"])
    if invalid:
        sys.exit(f"the corpus holds {invalid} deals the engine refuses: fix the generator")
    size = sum(len(text) for text in texts)
    print(f"corpus: {args.deals} legal deals, {sides} sides, {melds} melds, {size:,} bytes of JSON")

    def read() -> None:
        for text in texts:
            json.loads(text)

    def score() -> None:
        for data in parsed:
            score_deal_json(data)

    def score_without_memory() -> None:
        deals_module.analyse_meld = classify_meld  # type: ignore[assignment]
        try:
            score()
        finally:
            deals_module.analyse_meld = analyse_meld

    analyse_meld = deals_module.analyse_meld
    best = {"json.loads": float("inf"), "scoring": float("inf"), "scoring, no memory": float("inf")}
    for _ in range(args.passes):
        best["json.loads"] = min(best["json.loads"], timed(read))
        best["scoring"] = min(best["scoring"], timed(score))
        best["scoring, no memory"] = min(best["scoring, no memory"], timed(score_without_memory))
    for name, seconds in best.items():
        print(f"{name}: {seconds:.3f} s, {seconds / args.deals * 1e6:.1f} us a deal")
    print(
        "scoring without the meld memory / json.loads cost ratio: "
        f"{best['scoring, no memory'] / best['json.loads']:.2f}"
    )
    print(f"scoring/json.loads cost ratio: {best['scoring'] / best['json.loads']:.2f}")


if __name__ == "__main__":
    main()
