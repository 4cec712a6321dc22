"""The seating of a round, the organiser's manual swap, and rematches against the history.

Also the small helpers every movement shares: checking the field, reading the history, and
choosing who sits out in an odd field.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeAlias

#: Past meetings: ``[(ns, ew), ...]`` or ``{pair: opponents met}``; read symmetrically.
History: TypeAlias = Mapping[int, Collection[int]] | Iterable[tuple[int, int]]


@dataclass(frozen=True, slots=True)
class TableSeat:
    """One table of a round: its 1-based number and the North-South and East-West pairs."""

    number: int
    ns: int
    ew: int

    def __post_init__(self) -> None:
        if self.number < 1:
            raise ValueError(f"table numbers start at 1, got table {self.number}")
        if self.ns == self.ew:
            raise ValueError(f"pair {self.ns} cannot play against itself at table {self.number}")

    @property
    def meeting(self) -> frozenset[int]:
        return frozenset((self.ns, self.ew))


@dataclass(frozen=True, slots=True)
class Seating:
    """A round's seating: the tables, the pair sitting out (odd field) and the rematches in it.

    `budget_exhausted` is True when the Danese search spent its node budget and the lower tables
    were seated by the fallback (see `danese`).
    """

    tables: tuple[TableSeat, ...]
    bye: int | None = None
    rematches: tuple[frozenset[int], ...] = ()
    budget_exhausted: bool = False

    def __post_init__(self) -> None:
        numbers: set[int] = set()
        seated: set[int] = set()
        for table in self.tables:
            if table.number in numbers:
                raise ValueError(f"table {table.number} appears twice in the seating")
            numbers.add(table.number)
            for pair in (table.ns, table.ew):
                if pair in seated:
                    raise ValueError(f"pair {pair} is seated at two tables")
                seated.add(pair)
        if self.bye is not None and self.bye in seated:
            raise ValueError(f"pair {self.bye} sits out but is also seated at a table")

    def pairs(self) -> tuple[int, ...]:
        """Every pair of the round: North-South and East-West table by table, then the bye."""
        seated = tuple(pair for table in self.tables for pair in (table.ns, table.ew))
        return seated if self.bye is None else (*seated, self.bye)

    def meetings(self) -> tuple[tuple[int, int], ...]:
        """The (ns, ew) meetings of this round, ready to be added to a `History`."""
        return tuple((table.ns, table.ew) for table in self.tables)


def rematches_in(seating: Seating, history: History) -> tuple[frozenset[int], ...]:
    """The meetings of `seating` already played in `history`, in table order."""
    return rematches_at(seating.tables, opponents_met(history))


def swap_pairs(seating: Seating, a: int, b: int, *, history: History | None = None) -> Seating:
    """The organiser's manual change: pairs `a` and `b` exchange seats (either may be the bye).

    The swap may create or remove rematches: they are recomputed from `history` when given,
    otherwise `rematches` is left empty (call `rematches_in` with the history).
    """
    if a == b:
        raise ValueError(f"choose two different pairs to swap, got pair {a} twice")
    present = set(seating.pairs())
    for pair in (a, b):
        if pair not in present:
            raise ValueError(f"pair {pair} is not in this round's seating")
    other = {a: b, b: a}
    tables = tuple(
        TableSeat(table.number, other.get(table.ns, table.ns), other.get(table.ew, table.ew))
        for table in seating.tables
    )
    bye = None if seating.bye is None else other.get(seating.bye, seating.bye)
    rematches = () if history is None else rematches_at(tables, opponents_met(history))
    return Seating(tables, bye, rematches)


# --- helpers shared by the movements --------------------------------------------------------


def check_field(pairs: Iterable[int]) -> list[int]:
    """The pairs of a round as a list; at least two, none listed twice."""
    field = list(pairs)
    if len(field) < 2:
        raise ValueError(f"a round needs at least 2 pairs, got {len(field)}")
    seen: set[int] = set()
    for pair in field:
        if pair in seen:
            raise ValueError(f"pair {pair} is listed twice")
        seen.add(pair)
    return field


def opponents_met(history: History) -> dict[int, set[int]]:
    """Opponents met by each pair, symmetric whichever shape the history comes in."""
    met: defaultdict[int, set[int]] = defaultdict(set)
    if isinstance(history, Mapping):
        for pair, opponents in history.items():
            for other in opponents:
                met[pair].add(other)
                met[other].add(pair)
    else:
        for first, second in history:
            met[first].add(second)
            met[second].add(first)
    return met


def rematches_at(
    tables: Iterable[TableSeat], met: Mapping[int, set[int]]
) -> tuple[frozenset[int], ...]:
    return tuple(table.meeting for table in tables if table.ew in met.get(table.ns, ()))


def fewest_byes(candidates: Sequence[int], byes: Mapping[int, int] | None) -> list[int]:
    """The pairs of `candidates` (in their order) that sat out least often so far: the only ones
    that may sit out, so that no pair sits out twice while another has not."""
    counts = byes or {}
    fewest = min(counts.get(pair, 0) for pair in candidates)
    return [pair for pair in candidates if counts.get(pair, 0) == fewest]
