"""Victory points (VP): the match-point difference at a table turned into points that add up to
the scale's total, by bands. Scales are data: the federation's 3-deal and 4-deal tables ship
here, and a referee's own table is a `VpScale` built from rows.

A band runs from just above the previous band's upper bound up to its own upper bound, so every
whole difference has a band; the last band has no upper bound.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise


@dataclass(frozen=True, slots=True)
class VpBand:
    up_to: int | None
    """The largest MP difference of the band; None for the last, open band."""
    winner: int
    loser: int


@dataclass(frozen=True, slots=True)
class VpScale:
    slug: str
    name: str
    bands: tuple[VpBand, ...]

    def __post_init__(self) -> None:
        problems = scale_problems(self.bands)
        if problems:
            raise ValueError("; ".join(problems))

    def vp(self, mp_a: int, mp_b: int) -> tuple[int, int]:
        """The VP of the two pairs at a table, in the order given."""
        difference = abs(mp_a - mp_b)
        band = next(b for b in self.bands if b.up_to is None or difference <= b.up_to)
        if mp_a > mp_b:
            return band.winner, band.loser
        if mp_a < mp_b:
            return band.loser, band.winner
        even = (band.winner + band.loser) // 2
        return even, even

    def rows(self) -> list[tuple[int, int | None, int, int]]:
        """(from, to, winner, loser) for each band, as a referee writes the table."""
        rows = []
        start = 0
        for band in self.bands:
            rows.append((start, band.up_to, band.winner, band.loser))
            start = (band.up_to or 0) + 1
        return rows


def scale_problems(bands: Iterable[VpBand]) -> list[str]:
    bands = list(bands)
    problems = []
    if not bands:
        return ["a VP scale needs at least one band"]
    if bands[-1].up_to is not None:
        problems.append("the last band must be open-ended ('and more')")
    bounds = [b.up_to for b in bands[:-1]]
    if any(b is None for b in bounds):
        problems.append("only the last band can be open-ended")
    numbers = [b for b in bounds if b is not None]
    if numbers and numbers[0] < 0:
        problems.append("band bounds cannot be negative")
    if any(b >= c for b, c in pairwise(numbers)):
        problems.append("band bounds must go up from one band to the next")
    for band in bands:
        if band.winner < band.loser or band.loser < 0:
            problems.append(
                f"a band gives the winner {band.winner} and the loser {band.loser}: the winner "
                "never gets less than the loser, and no one gets less than 0"
            )
    return problems


def _scale(slug: str, name: str, rows: list[tuple[int | None, int]], total: int) -> VpScale:
    return VpScale(slug, name, tuple(VpBand(up_to, w, total - w) for up_to, w in rows))


VP_SCALES: dict[str, VpScale] = {
    "fibur-3": _scale(
        "fibur-3",
        "FIBUR, 3 deals a table",
        [
            (50, 10),
            (150, 11),
            (250, 12),
            (350, 13),
            (500, 14),
            (650, 15),
            (800, 16),
            (1000, 17),
            (1250, 18),
            (1500, 19),
            (None, 20),
        ],
        20,
    ),
    "fibur-4": _scale(
        "fibur-4",
        "FIBUR, 4 deals a table",
        [
            (100, 10),
            (300, 11),
            (500, 12),
            (700, 13),
            (900, 14),
            (1100, 15),
            (1300, 16),
            (1500, 17),
            (1700, 18),
            (2000, 19),
            (None, 20),
        ],
        20,
    ),
}


class UnknownScale(KeyError):
    pass


def vp_scale(slug: str) -> VpScale:
    try:
        return VP_SCALES[slug]
    except KeyError:
        raise UnknownScale(slug) from None
