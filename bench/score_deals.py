"""Scoring speed against the floor of reading the input.

Builds a fixed, seeded corpus of legal deals (all six variants, 2 or 3 sides, 4 to 8 melds a
side, the cards of every meld shuffled) as one JSON document, then, in one process and several
interleaved passes:
  - json.loads of the corpus document: the floor, reading the input;
  - json.loads of each deal's JSON text on its own, each result dropped at once: the cheapest
    possible parse, a stricter floor, reported for comparison;
  - scoring every deal of the loaded corpus to the contract's result (deal_from_json,
    score_deal, as_json), each pass starting with the engine's meld memory emptied; and the
    same without the meld memory.
Every pass is timed like timeit, with the garbage collector off (with it on, loading the corpus
costs as much again as the collector walking whatever else the process holds, which is no floor).
The best pass of each is kept. The last line is scoring over the first floor.

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


class Forgetful(dict[object, object]):
    """A meld memory that keeps nothing: every meld is analysed afresh."""

    def __setitem__(self, key: object, value: object) -> None:
        pass


def timed(work: Callable[[], object]) -> float:
    """Seconds for one pass; like timeit, with the garbage collector off while timing, so that
    neither side pays for walking whatever else the process holds."""
    forget()
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        work()
        return time.perf_counter() - start
    finally:
        gc.enable()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=12_000)
    parser.add_argument("--passes", type=int, default=5)
    args = parser.parse_args()

    texts = corpus(args.deals)
    document = "[" + ",".join(texts) + "]"
    parsed = json.loads(document)
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
    print(
        f"corpus: {args.deals} legal deals, {sides} sides, {melds} melds, "
        f"{len(document):,} bytes of JSON"
    )

    def read_corpus() -> None:
        json.loads(document)

    def read_each() -> None:
        for text in texts:
            json.loads(text)

    def score() -> None:
        for data in parsed:
            score_deal_json(data)

    def score_without_memory() -> None:
        memories = [(rules, rules.meld_cache) for rules in RULE_SETS.values()]
        for rules, _ in memories:
            object.__setattr__(rules, "meld_cache", Forgetful())  # RuleSet is frozen
        try:
            score()
        finally:
            for rules, memory in memories:
                object.__setattr__(rules, "meld_cache", memory)

    work = {
        "json.loads of the corpus": read_corpus,
        "json.loads of each deal alone": read_each,
        "scoring": score,
        "scoring without the meld memory": score_without_memory,
    }
    best = dict.fromkeys(work, float("inf"))
    for _ in range(args.passes):
        for name, function in work.items():
            best[name] = min(best[name], timed(function))
    for name, seconds in best.items():
        print(f"{name}: {seconds:.3f} s, {seconds / args.deals * 1e6:.1f} us a deal")
    scoring, corpus_floor = best["scoring"], best["json.loads of the corpus"]
    print(
        "scoring / json.loads of each deal alone: "
        f"{scoring / best['json.loads of each deal alone']:.2f}; without the meld memory: "
        f"{best['scoring without the meld memory'] / corpus_floor:.2f} of the corpus floor"
    )
    print(f"scoring/json.loads cost ratio: {scoring / corpus_floor:.2f}")


if __name__ == "__main__":
    main()
