"""The two promises of every round over many random evenings, played through the services.

Not a test: a sweep. Each evening draws a field of 5 to 14 pairs, a plan of random draws,
Mitchell, Danese or a round robin, and sometimes a pair that withdraws before round 3 or a
late pair before round 2, then seats, starts and plays every round through the real services
(one deal a table), on a SQLite database of its own in a temporary folder. After each seating
it counts, from the stored seats alone:

- double byes: the round's bye goes to a pair that has sat out more often than another pair
  still playing (a late pair's missed rounds count as rounds out);
- rematches: meetings already played, and of those the ones the round's seating page did not
  warn of before seating (there must be none), and the ones the movement's own search says a
  seating with a fair bye could have avoided.

    .venv/bin/python bench/promises.py [--evenings 60] [--seed 1]

Last line: `promises N evenings, R rounds: D double byes, M rematches (U unwarned, A avoidable)`.

2026-11-26, `--evenings 200 --seed 1` (4 min 26 s on a loaded machine):
`promises 200 evenings, 1029 rounds: 0 double byes, 21 rematches (0 unwarned, 0 avoidable)`.
The same sweep on the code before the promises were kept (0857586, without the last column,
which needs the new search): 21 double byes, 427 rematches, 19 of them with no warning.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PLANS = ("random", "mitchell", "danese")
NS_WINS = [
    {
        "melded_points": 300,
        "hand_points": 0,
        "burracos": {"clean": 1},
        "pot": "taken",
        "closed": True,
    },
    {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"},
]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--evenings", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="burraco_promises_")
    os.environ.update(
        DJANGO_SETTINGS_MODULE="burraco_club.settings",
        DJANGO_SECRET_KEY="bench-secret-key-" + "x" * 50,
        DATABASE_URL=f"sqlite:///{folder}/promises.sqlite3",
    )
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from django.contrib.auth.models import User

    from tournaments import services
    from tournaments.models import Club, Pair, Round, Tournament
    from tournaments.movements.promises import promises_of
    from tournaments.movements.seating import Seating, TableSeat

    club = Club.objects.create(name="Bench club", slug="bench")
    user = User.objects.create_user("bench", password="bench-organiser-password-1")
    draw = random.Random(args.seed)
    totals: Counter[str] = Counter()

    def seating_of(round_: Round) -> tuple[list[frozenset[int]], int | None]:
        meetings = []
        bye = None
        for table in round_.tables.prefetch_related("seats__pair"):
            numbers = [seat.pair.number for seat in table.seats.all()]
            if table.is_bye:
                bye = numbers[0] if numbers else None
            else:
                meetings.append(frozenset(numbers))
        return meetings, bye

    for evening in range(1, args.evenings + 1):
        pairs = draw.randint(5, 14)
        rounds = min(draw.randint(4, 7), pairs - 1)
        if draw.random() < 0.25:
            plan = ["round_robin"] * rounds
        else:
            plan = ["random", *(draw.choice(PLANS) for _ in range(rounds - 1))]
        change = draw.choice(["none", "none", "withdraw", "late"])
        tournament = services.tournament_create(
            club=club,
            name=f"Evening {evening}",
            date=datetime.date(2026, 11, 26),
            variant="classico",
            rounds=rounds,
            deals_per_round=1,
        )
        Tournament.objects.filter(pk=tournament.pk).update(movement_plan=plan)
        lines = [f"Name{n}a Surname{n}a / Name{n}b Surname{n}b" for n in range(1, pairs + 1)]
        services.pairs_add(tournament=tournament, text="\n".join(lines))
        met: Counter[frozenset[int]] = Counter()
        rounds_out: Counter[int] = Counter()
        joined: dict[int, int] = {}
        for number in range(1, rounds + 1):
            if number == 3 and change == "withdraw":
                leaving = Pair.objects.get(tournament=tournament, number=draw.randint(1, pairs))
                services.pair_withdraw(pair=leaving, user=user)
            if number == 2 and change == "late":
                late = services.pairs_add(
                    tournament=tournament, text="Late Latecomer / Last Latecomer", user=user
                )[0]
                joined[late.number] = number
                rounds_out[late.number] += number - 1
            history = [(min(m), max(m)) for m in met.elements()]
            prepared = services.round_prepare(
                tournament=tournament, seed=draw.randrange(1, 2**31), user=user
            )
            round_ = prepared.round
            meetings, bye = seating_of(round_)
            playing = {p for m in meetings for p in m} | ({bye} if bye else set())
            totals["rounds"] += 1
            if bye is not None and any(rounds_out[p] < rounds_out[bye] for p in playing):
                totals["double byes"] += 1
            repeated = [m for m in meetings if met[m]]
            totals["rematches"] += len(repeated)
            if repeated and not prepared.warnings:
                totals["unwarned"] += 1
            if repeated:
                seating = Seating(
                    tables=tuple(TableSeat(n, *sorted(m)) for n, m in enumerate(meetings, start=1)),
                    bye=bye,
                )
                verdict = promises_of(seating, history=history, byes=dict(rounds_out))
                totals["avoidable"] += int(verdict.rematch_avoidable)
            met.update(meetings)
            if bye is not None:
                rounds_out[bye] += 1
            services.round_start(round=round_, user=user)
            for table in round_.tables.filter(is_bye=False):
                services.deal_record(
                    table=table,
                    number=1,
                    sides=NS_WINS,
                    mode="summary",
                    user=user,
                    version=table.version,
                )
        totals["evenings"] += 1
    print(
        f"promises {totals['evenings']} evenings, {totals['rounds']} rounds: "
        f"{totals['double byes']} double byes, {totals['rematches']} rematches "
        f"({totals['unwarned']} unwarned, {totals['avoidable']} avoidable)"
    )


if __name__ == "__main__":
    main()
