"""Ready plans for the usual shapes of a club evening, as prize groups to put together in a
`PrizePlan` (`usual_plan` does it for the commonest evening).

- `top_share`: the top `percent` of the entrants paid (30 % by default, at least one place),
  the pool shared on a straight decreasing scale: with n places paid, 1st weighs n, 2nd n - 1,
  … last 1. Each amount is rounded down to `step_cents` (whole euros by default) and what the
  rounding leaves goes to the winner, so the scale pays exactly the pool. A place whose share
  rounds down to nothing is not paid (a small pool pays fewer places).
- `per_girone`: the same prizes in each girone ("girone-<name>", scope the girone's name).
- `last_place`: one prize for the last (the wooden spoon).
- `final_rounds`: the best over the final N rounds (e.g. the final two Danese), a phase group
  whose ranking the standings give for those rounds alone ("last-<N>-rounds").

Group labels are left empty: the pages name a group from its kind and scope in the reader's
language; an organiser's own label replaces that.
"""

from collections.abc import Sequence

from tournaments.prizes.plans import GroupKind, Money, Prize, PrizeGroup, PrizePlan, TieRule

DEFAULT_PERCENT = 30
WHOLE_UNITS = 100


def paid_places(entrants: int, percent: int = DEFAULT_PERCENT) -> int:
    """How many places `percent` of `entrants` pays: rounded down, at least one (none without
    entrants). 14 pairs at 30 % pay 4 places; 3 pairs pay 1."""
    if entrants <= 0:
        return 0
    return max(1, entrants * percent // 100)


def decreasing_scale(pool_cents: int, places: int, step_cents: int = WHOLE_UNITS) -> list[int]:
    """`pool_cents` over `places` on a straight decreasing scale (weights places … 1), each
    rounded down to `step_cents`, the rest to 1st; the places that round to nothing dropped."""
    if places <= 0 or pool_cents <= 0:
        return []
    weights = range(places, 0, -1)
    total = sum(weights)
    amounts = [pool_cents * weight // total // step_cents * step_cents for weight in weights]
    amounts = [amount for amount in amounts if amount > 0] or [0]
    amounts[0] += pool_cents - sum(amounts)
    return amounts


def top_share(
    entrants: int,
    pool: Money,
    *,
    percent: int = DEFAULT_PERCENT,
    step_cents: int = WHOLE_UNITS,
    key: str = "overall",
) -> PrizeGroup:
    """The overall group: the top `percent` of `entrants` paid from `pool`."""
    scale = decreasing_scale(pool.cents, paid_places(entrants, percent), step_cents)
    return PrizeGroup(
        key=key,
        kind=GroupKind.OVERALL,
        prizes=tuple(Money(cents=cents, currency=pool.currency) for cents in scale),
    )


def per_girone(gironi: Sequence[str], prizes: Sequence[Prize]) -> tuple[PrizeGroup, ...]:
    """The same prizes (1st, 2nd…) in every girone."""
    return tuple(
        PrizeGroup(key=f"girone-{name}", kind=GroupKind.GIRONE, scope=name, prizes=tuple(prizes))
        for name in gironi
    )


def last_place(prize: Prize) -> PrizeGroup:
    return PrizeGroup(key="last-place", kind=GroupKind.LAST_PLACE, prizes=(prize,))


def final_rounds(rounds: int, prizes: Sequence[Prize]) -> PrizeGroup:
    """The best over the final `rounds` rounds (2: the final two Danese)."""
    return PrizeGroup(
        key=f"last-{rounds}-rounds",
        kind=GroupKind.PHASE,
        scope=f"last {rounds} rounds",
        prizes=tuple(prizes),
    )


def usual_plan(
    entrants: int,
    pool: Money,
    *,
    percent: int = DEFAULT_PERCENT,
    gironi: Sequence[str] = (),
    girone_prize: Prize | None = None,
    final_rounds_prize: Prize | None = None,
    final_round_count: int = 2,
    last_place_prize: Prize | None = None,
    tie_rule: TieRule = TieRule.EQUAL,
    one_prize_each: bool = True,
) -> PrizePlan:
    """The commonest evening: `pool` paid to the top `percent` overall, and, when given, one
    prize per girone, one for the best in the final rounds and one for the last. The pool is
    the overall scale's: the other groups' prizes come on top of it. One prize each by default,
    as clubs usually do when there are several groups."""
    groups = [top_share(entrants, pool, percent=percent)]
    if girone_prize is not None:
        groups.extend(per_girone(gironi, (girone_prize,)))
    if final_rounds_prize is not None:
        groups.append(final_rounds(final_round_count, (final_rounds_prize,)))
    if last_place_prize is not None:
        groups.append(last_place(last_place_prize))
    return PrizePlan(
        groups=tuple(groups),
        tie_rule=tie_rule,
        one_prize_each=one_prize_each,
        currency=pool.currency,
    )
