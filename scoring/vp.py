"""Victory points (VP): the match-point difference at a table turned into points that add up to
the scale's total, by bands. Scales are data: the federation's 3-deal and 4-deal tables ship
here, and a referee's own table is a `VpScale` built from rows.

A band begins at its printed lower bound (the first at 0) and the band of a difference is the
last band whose lower bound it reaches, so a difference that falls between two printed bands
(possible with traditional's 11-point ace, or house rules) stays in the lower band: on the 3-deal
table 52 and 54 give 10-10 like 50, since 11-9 begins at 55. The upper bound is what the table
prints; the last band has none ("1505 and more", "more than 2000").

`scale_problems` are the shapes no scale can have (the engine refuses them); `sense_problems`
the tables no referee would publish (each band's VP adding to another total, the winner's VP
falling as the difference grows, a difference in no band), refused when an organiser sets one.
`bye_award` is the default award of a pair that sits out, which follows the scale.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise

from scoring.problems import Problem


@dataclass(frozen=True, slots=True)
class VpBand:
    lower: int
    """The smallest MP difference of the band, as printed."""
    upper: int | None
    """The largest MP difference printed for the band; None for the last, open band."""
    winner: int
    loser: int


@dataclass(frozen=True, slots=True)
class VpScale:
    slug: str
    name: str
    bands: tuple[VpBand, ...]
    deals: int | None = None
    """The deals a table plays on this scale (the federation's are made for 3 or 4); None for a
    referee's own table, made for whatever the evening plays."""

    def __post_init__(self) -> None:
        problems = scale_problems(self.bands)
        if problems:
            raise ValueError("; ".join(problem.message for problem in problems))

    def vp(self, mp_a: int, mp_b: int) -> tuple[int, int]:
        """The VP of the two pairs at a table, in the order given."""
        difference = abs(mp_a - mp_b)
        band = self.bands[0]
        for candidate in self.bands:
            if candidate.lower > difference:
                break
            band = candidate
        if mp_a > mp_b:
            return band.winner, band.loser
        if mp_a < mp_b:
            return band.loser, band.winner
        even = (band.winner + band.loser) // 2
        return even, even

    def rows(self) -> list[tuple[int, int | None, int, int]]:
        """(lower, upper, winner, loser) for each band, as a referee prints the table."""
        return [(band.lower, band.upper, band.winner, band.loser) for band in self.bands]


def scale_problems(bands: Iterable[VpBand]) -> list[Problem]:
    bands = list(bands)
    problems = []
    if not bands:
        return [Problem("vp.no_band")]
    if bands[0].lower != 0:
        problems.append(Problem("vp.first_band", params={"lower": bands[0].lower}))
    if bands[-1].upper is not None:
        problems.append(Problem("vp.last_band_closed"))
    if any(band.upper is None for band in bands[:-1]):
        problems.append(Problem("vp.open_band_inside"))
    if any(band.lower < 0 for band in bands):
        problems.append(Problem("vp.negative_bound"))
    if any(b.lower >= c.lower for b, c in pairwise(bands)):
        problems.append(Problem("vp.bounds_go_down"))
    for band, following in pairwise(bands):
        if band.upper is not None and not band.lower <= band.upper < following.lower:
            params = {"lower": band.lower, "upper": band.upper, "next_lower": following.lower}
            problems.append(Problem("vp.band_overlaps", params=params))
    for band in bands:
        if band.winner < band.loser or band.loser < 0:
            params = {"winner": band.winner, "loser": band.loser}
            problems.append(Problem("vp.winner_below_loser", params=params))
    return problems


MP_STEP = 5
"""Match points come in fives (cards of 5, 10, 15, 20, 30; bonuses of 50 and 100), so a printed
table leaves out the differences between 50 and 55; only traditional's 11-point ace gives
others, and those stay in the lower band."""


def sense_problems(bands: Iterable[VpBand]) -> list[Problem]:
    """What makes a usable table one no referee would publish: every band's two VP add up to the
    same total, the winner's VP never fall as the difference grows, and no difference a deal
    can give (a multiple of 5) falls between two bands."""
    bands = list(bands)
    problems: list[Problem] = []
    if not bands:
        return problems
    first = bands[0]
    for band in bands[1:]:
        if band.winner + band.loser != first.winner + first.loser:
            params = {
                "first_lower": first.lower,
                "first_winner": first.winner,
                "first_loser": first.loser,
                "first_total": first.winner + first.loser,
                "lower": band.lower,
                "winner": band.winner,
                "loser": band.loser,
                "total": band.winner + band.loser,
            }
            problems.append(Problem("vp.totals_differ", params=params))
    for band, following in pairwise(bands):
        if following.winner < band.winner:
            params = {
                "lower": band.lower,
                "winner": band.winner,
                "next_lower": following.lower,
                "next_winner": following.winner,
            }
            problems.append(Problem("vp.winner_falls", params=params))
    for band, following in pairwise(bands):
        if band.upper is None:
            continue
        missing = (band.upper // MP_STEP + 1) * MP_STEP
        if following.lower > missing:
            params = {
                "lower": band.lower,
                "upper": band.upper,
                "next_lower": following.lower,
                "missing": missing,
            }
            problems.append(Problem("vp.gap", params=params))
    return problems


BYE_SHARE = 70
"""The default award of a pair that sits out, in per cent of the scale's top VP: the codes'
walk-over share (RULES.md, Tournament scoring), which the bye follows."""
BYE_SHARE_BY_DEALS = {4: 60}
"""The share on a scale made for 4-deal rounds (FIBUR 4: 12 VP, 305 MP)."""


def bye_award(scale: VpScale) -> tuple[int, int]:
    """(VP, MP) of a pair that sits out, by default: the share of the scale's top VP (70 %,
    60 % on a 4-deal scale; a referee's own table 70 %, rounded to a whole VP, half up), with
    the MP where the band giving that many VP begins (or the highest band giving fewer, when no
    band gives exactly that many). FIBUR 3: 14 VP, 355 MP; FIBUR 4: 12 VP, 305 MP."""
    share = BYE_SHARE_BY_DEALS.get(scale.deals or 0, BYE_SHARE)
    top = max(band.winner for band in scale.bands)
    vp = (top * share + 50) // 100
    reached = [band for band in scale.bands if band.winner <= vp]
    mp = reached[-1].lower if reached else scale.bands[0].lower
    return vp, mp


def _scale(
    slug: str, name: str, rows: list[tuple[int, int | None, int]], total: int, deals: int
) -> VpScale:
    """A federation table from its printed (lower, upper, winner) rows."""
    bands = tuple(VpBand(lo, up, w, total - w) for lo, up, w in rows)
    return VpScale(slug, name, bands, deals)


VP_SCALES: dict[str, VpScale] = {
    "fibur-3": _scale(
        "fibur-3",
        "FIBUR, 3 deals a table",
        [
            (0, 50, 10),
            (55, 150, 11),
            (155, 250, 12),
            (255, 350, 13),
            (355, 500, 14),
            (505, 650, 15),
            (655, 800, 16),
            (805, 1000, 17),
            (1005, 1250, 18),
            (1255, 1500, 19),
            (1505, None, 20),
        ],
        20,
        3,
    ),
    "fibur-4": _scale(
        "fibur-4",
        "FIBUR, 4 deals a table",
        [
            (0, 100, 10),
            (105, 300, 11),
            (305, 500, 12),
            (505, 700, 13),
            (705, 900, 14),
            (905, 1100, 15),
            (1105, 1300, 16),
            (1305, 1500, 17),
            (1505, 1700, 18),
            (1705, 2000, 19),
            (2001, None, 20),  # "more than 2000"
        ],
        20,
        4,
    ),
}


class UnknownScale(KeyError):
    pass


def vp_scale(slug: str) -> VpScale:
    try:
        return VP_SCALES[slug]
    except KeyError:
        raise UnknownScale(slug) from None
