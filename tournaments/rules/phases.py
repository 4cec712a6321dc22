"""A tournament's phases (fasi) and gironi, pure Python over plain values.

A tournament is a list of phases, each a run of rounds played by the whole field or inside
gironi (groups: "girone A", "girone B"). A tournament without a plan stored is one phase over
the whole field, and behaves as it always did. This module answers the questions the services
and the pages both ask: which phase a round is in, whether the plan may still change, how a
field splits into gironi (by standings in blocks, snake, by category), and what a pair carries
into its girone's ranking.

The splits work on "entrants" (any hashable id, best first): a girone holds pairs, or the
players of an individual event (then the gironi are made of whole tables of four,
`block_sizes`, and seated by the individual movements, `individual_girone_movement`).
"""

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from django.utils.translation import gettext as _

from tournaments.rules.standings import (
    MP_FIRST,
    PairRecord,
    Penalty,
    TableOutcome,
    rank_by,
    tally_pairs,
    vp_taken,
    wins_taken,
)

FIELD, GIRONI = "field", "gironi"
"""A phase's scope: the whole field ("girone unico"), or the field split into gironi."""
BY_STANDINGS, SNAKE, BY_CATEGORY, BY_HAND = "standings", "snake", "category", "hand"
"""How a field splits: the standings in blocks (top pairs to A, next to B…), the standings
dealt as a snake (1 A, 2 B, 3 B, 4 A…), the category each pair was given at entry, or by hand
(the organiser starts from the blocks and moves pairs)."""
WHOLE, SHARE, ZERO = "whole", "share", "zero"
"""What a pair carries into its girone's ranking: its totals before the split whole, a share
of them (`carry_share` percent), or nothing (the girone starts from zero, as Copa Oro/Plata)."""

GIRONE_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_GIRONI = 12

E = TypeVar("E", bound=Hashable)


@dataclass(frozen=True)
class PhasePlan:
    """One phase of a plan: rounds `first_round` to `last_round` (both included)."""

    number: int
    first_round: int
    last_round: int
    scope: str = FIELD
    split: str = BY_STANDINGS
    girone_count: int = 0
    carry: str = WHOLE
    carry_share: int = 100
    name: str = ""

    @property
    def in_gironi(self) -> bool:
        return self.scope == GIRONI

    def holds(self, round_number: int) -> bool:
        return self.first_round <= round_number <= self.last_round


def single_phase(rounds: int) -> list[PhasePlan]:
    """The plan of a tournament with none stored: one phase, the whole field, every round."""
    return [PhasePlan(number=1, first_round=1, last_round=max(rounds, 1))]


def phase_of(plan: Sequence[PhasePlan], round_number: int) -> PhasePlan:
    """The phase round `round_number` is in; a round past the plan (an extra round added on
    the evening) belongs to the last phase."""
    for phase in plan:
        if phase.holds(round_number):
            return phase
    return plan[-1]


def plan_problems(plan: Sequence[PhasePlan], rounds: int) -> list[str]:
    """What is wrong with a plan, in the organiser's words (empty: it is sound): the phases
    follow each other from round 1 to the last round without a gap, and a phase in gironi has
    from 2 gironi (a split by category has as many as the categories present)."""
    problems = []
    expected = 1
    for phase in plan:
        if phase.first_round != expected or phase.last_round < phase.first_round:
            problems.append(
                _("Phase %(number)s must start at round %(round)s and end no earlier.")
                % {"number": phase.number, "round": expected}
            )
        expected = phase.last_round + 1
        counted = phase.in_gironi and phase.split != BY_CATEGORY
        if counted and not 2 <= phase.girone_count <= MAX_GIRONI:
            problems.append(
                _("Phase %(number)s needs from 2 to %(most)s gironi.")
                % {"number": phase.number, "most": MAX_GIRONI}
            )
        if phase.carry == SHARE and not 0 <= phase.carry_share <= 100:
            problems.append(
                _("The share carried into phase %(number)s is a percentage from 0 to 100.")
                % {"number": phase.number}
            )
    if plan and plan[-1].last_round != rounds:
        problems.append(
            _("The last phase must end at the last round, %(rounds)s.") % {"rounds": rounds}
        )
    if plan and plan[0].in_gironi and plan[0].split in (BY_STANDINGS, SNAKE):
        problems.append(
            _("The first phase has no standings to split by: split it by category or by hand.")
        )
    return problems


def change_refusal(plan: Sequence[PhasePlan], new: Sequence[PhasePlan], seated: int) -> str:
    """Why the plan may not become `new` now ("" when it may), `seated` rounds being seated:
    a phase whose first round is seated is fixed; the phases after it may change."""
    for old in plan:
        if old.first_round > seated:
            continue
        same = next((phase for phase in new if phase.number == old.number), None)
        started = _fixed(old, seated)
        if same is None or _fixed(same, seated) != started:
            return _(
                "Phase %(number)s has started (round %(round)s is seated): it can no longer "
                "change, only the phases after it."
            ) % {"number": old.number, "round": old.first_round}
    return ""


def _fixed(phase: PhasePlan, seated: int) -> tuple[object, ...]:
    """What of a started phase can no longer change: all of it, but its last round while no
    round after it is seated (the phase may gain or lose a round at its end)."""
    last = phase.last_round if phase.last_round < seated else None
    return (phase.first_round, last, phase.scope, phase.split, phase.girone_count, phase.carry)


def split_refusal(phase: PhasePlan, *, seated: int, done: int) -> str:
    """Why the field may not be split for `phase` now ("" when it may): the rounds before the
    phase are all finished, and its first round is not yet seated."""
    if not phase.in_gironi:
        return _("Phase %(number)s is played by the whole field: there is nothing to split.") % {
            "number": phase.number
        }
    if seated >= phase.first_round:
        return _(
            "Round %(round)s is seated: the gironi of phase %(number)s can no longer change."
        ) % {"round": phase.first_round, "number": phase.number}
    if done < phase.first_round - 1:
        return _("Finish round %(round)s before splitting the field into gironi.") % {
            "round": phase.first_round - 1
        }
    return ""


INDIVIDUAL_GIRONE_MOVEMENTS = ("random", "danese")
"""The movements that seat an individual round inside gironi: the fixed schedules (8 and 12
players) are for a whole field that plays them from its first round."""


def individual_girone_movement(planned: str) -> str:
    """The movement an individual round inside gironi is seated by when `planned` was meant for
    the whole field: a fixed schedule gives way to the Danese."""
    return planned if planned in INDIVIDUAL_GIRONE_MOVEMENTS else "danese"


def individual_girone_refusal(movement: str) -> str:
    """Why an individual round inside gironi may not be seated by `movement` ("" when it may)."""
    if movement in INDIVIDUAL_GIRONE_MOVEMENTS:
        return ""
    return _(
        "Inside gironi an individual round is seated at random or by the Danese: the 8-player "
        "schedule and the 12-player rotation are for a whole field from its first round."
    )


def girone_names(count: int) -> list[str]:
    return [GIRONE_LETTERS[index] for index in range(count)]


def block_sizes(entrants: int, gironi: int, unit: int = 1) -> list[int]:
    """Gironi as even as they can be, the larger ones first (13 pairs in 2: 7 and 6). With a
    `unit` (4 players a table in an individual event) the gironi are whole tables shared as
    evenly, the players over (fewer than a table) in the last girone, where they sit out in
    turn: 20 players in 2 are 12 and 8, not two gironi of 10 with two out of each."""
    if unit > 1 and entrants >= unit * gironi:
        tables = block_sizes(entrants // unit, gironi)
        sizes = [count * unit for count in tables]
        sizes[-1] += entrants % unit
        return sizes
    base, extra = divmod(entrants, gironi)
    return [base + (1 if index < extra else 0) for index in range(gironi)]


def split_blocks(ranked: Sequence[E], gironi: int, unit: int = 1) -> list[list[E]]:
    """The top pairs to the first girone, the next to the second, and so on."""
    blocks, start = [], 0
    for size in block_sizes(len(ranked), gironi, unit):
        blocks.append(list(ranked[start : start + size]))
        start += size
    return blocks


def split_snake(ranked: Sequence[E], gironi: int, unit: int = 1) -> list[list[E]]:
    """Dealt as a snake: 1st to A, 2nd to B, … then back (the k-th to the last girone, the
    next to it again), so that every girone has a fair share of the strong pairs; a girone
    full (`block_sizes`) is passed over."""
    sizes = block_sizes(len(ranked), gironi, unit)
    blocks: list[list[E]] = [[] for _index in range(gironi)]
    turn, offset = 0, 0
    for entrant in ranked:
        while True:
            index = offset if turn % 2 == 0 else gironi - 1 - offset
            offset += 1
            if offset == gironi:
                turn, offset = turn + 1, 0
            if len(blocks[index]) < sizes[index]:
                blocks[index].append(entrant)
                break
    return blocks


def split_by_category(
    entrants: Sequence[E], category_of: Mapping[E, str], categories: Sequence[str]
) -> list[tuple[str, list[E]]]:
    """One girone a category present, in the club's order of categories (then any other
    category in the order met); each keeps the entrants' order. A pair without a category is
    in none: `uncategorised` names them."""
    by_category: dict[str, list[E]] = defaultdict(list)
    for entrant in entrants:
        category = category_of.get(entrant, "")
        if category:
            by_category[category].append(entrant)
    order = [c for c in categories if c in by_category]
    order += [c for c in by_category if c not in order]
    return [(category, by_category[category]) for category in order]


def uncategorised(entrants: Iterable[E], category_of: Mapping[E, str]) -> list[E]:
    return [entrant for entrant in entrants if not category_of.get(entrant, "")]


def smallest(sizes: Sequence[int]) -> int:
    """The girone a late pair joins: the smallest, the first of those level."""
    return min(range(len(sizes)), key=lambda index: (sizes[index], index))


def late_girone(names: Sequence[str], sizes: Sequence[int], *, split: str, category: str) -> int:
    """The girone a late pair joins: in a field split by category, its category's girone
    (named after it) when it has one; otherwise the smallest."""
    if split == BY_CATEGORY and category in names:
        return list(names).index(category)
    return smallest(sizes)


def carried(value: int, carry: str, share: int) -> int:
    """What a total before the split is worth in a girone's ranking: whole, nothing, or
    `share` percent of it rounded to the nearest whole number (a half away from zero)."""
    if carry == WHOLE:
        return value
    if carry == ZERO:
        return 0
    doubled = 2 * value * share
    rounded = (abs(doubled) + 100) // 200
    return rounded if value >= 0 else -rounded


CARRIED_FIELDS = ("vp", "mp", "matches_won", "point_difference")


def girone_ranking(
    girone: Sequence[int],
    everyone: Sequence[int],
    before: Iterable[TableOutcome],
    during: Iterable[TableOutcome],
    *,
    carry: str,
    share: int = 100,
    by_matches: bool = False,
    order: str = MP_FIRST,
    penalties_before: Iterable[Penalty] = (),
    penalties_during: Iterable[Penalty] = (),
) -> dict[int, PairRecord]:
    """The pairs of one girone ranked among themselves: what they scored in the phase's
    rounds (`during`) plus what they carry from the rounds before it (`before`, counted by
    `carry`), by the tournament's tie-breaks (`rank_by`). Head-to-head reads the meetings the
    ranking counts: every meeting when the totals are carried whole, the phase's alone
    otherwise. `everyone` is every pair entered (a pair's totals before the split count the
    tables it played against pairs now in another girone). A phase's own ranking is the same
    with `carry=ZERO` and the whole field as the girone."""
    (records,) = gironi_rankings(
        [girone],
        everyone,
        before,
        during,
        carry=carry,
        share=share,
        by_matches=by_matches,
        order=order,
        penalties_before=penalties_before,
        penalties_during=penalties_during,
    )
    return records


def gironi_rankings(
    gironi: Sequence[Sequence[int]],
    everyone: Sequence[int],
    before: Iterable[TableOutcome],
    during: Iterable[TableOutcome],
    *,
    carry: str,
    share: int = 100,
    by_matches: bool = False,
    order: str = MP_FIRST,
    penalties_before: Iterable[Penalty] = (),
    penalties_during: Iterable[Penalty] = (),
) -> list[dict[int, PairRecord]]:
    """`girone_ranking` of each of `gironi`, in their order: the field's totals before and
    during the phase are added up once for all of them (not ranked: only each girone's own
    ranking ranks)."""
    before, during = list(before), list(during)
    pre = tally_pairs(everyone, before, by_matches=by_matches, penalties=penalties_before)
    now = tally_pairs(everyone, during, by_matches=by_matches, penalties=penalties_during)
    meetings = [*before, *during] if carry == WHOLE else during
    return [
        _ranked_girone(girone, pre, now, meetings, carry, share, by_matches, order)
        for girone in gironi
    ]


def _ranked_girone(
    girone: Sequence[int],
    pre: Mapping[int, PairRecord],
    now: Mapping[int, PairRecord],
    meetings: Sequence[TableOutcome],
    carry: str,
    share: int,
    by_matches: bool,
    order: str,
) -> dict[int, PairRecord]:
    records: dict[int, PairRecord] = {}
    for pid in girone:
        old, new = pre[pid], now[pid]
        record = PairRecord()
        for name in CARRIED_FIELDS:
            setattr(record, name, carried(getattr(old, name), carry, share) + getattr(new, name))
        counts_before = carry != ZERO
        record.rounds_played = new.rounds_played + (old.rounds_played if counts_before else 0)
        record.byes = new.byes + (old.byes if counts_before else 0)
        records[pid] = record
    members = set(girone)
    taken_of = wins_taken if by_matches else vp_taken
    taken: dict[tuple[int, int], int] = defaultdict(int)
    for table in meetings:
        if table.ew is None or table.ns not in members or table.ew not in members:
            continue
        ns_took, ew_took = taken_of(table)
        taken[(table.ns, table.ew)] += ns_took
        taken[(table.ew, table.ns)] += ew_took

    def totals(pid: int) -> tuple[int, int]:
        record = records[pid]
        if by_matches:
            return (record.matches_won, record.point_difference)
        return (record.vp, record.mp)

    for rank, level in rank_by(list(girone), totals, taken, order=order):
        for pid in level:
            records[pid].rank = rank
    return records
