"""A referee's own VP table: stored rows, the lines an organiser types, and the scale they make.

A row is `[lower, upper, winner VP, loser VP]`, as the table is printed: a band begins at its
printed lower bound (the first at 0), `upper` is the printed upper bound (None for the open last
band), and a difference that falls between two printed bands stays in the lower one, exactly as
in the federation's tables (`scoring.vp`). The organiser types one band a line, as printed
("55–150, 11, 9"; the last "1505 and more, 20, 0" or "more than 2000, 20, 0"); the older way of
typing only the upper bound ("150, 11, 9"; the last "more, 20, 0") is still read.

A table an organiser sets must also make sense (`scoring.vp.sense_problems`: each band's VP add
up to the same total, the winner's VP never fall, no gap); a stored table is read as it was
accepted, so an evening set up before those checks still shows. `scale_warning` says when a
scale is made for another number of deals than the evening plays.
"""

import re
from collections.abc import Sequence

from django.utils.translation import gettext as _

from scoring import VP_SCALES, VpBand, VpScale
from scoring.problems import render
from scoring.vp import scale_problems, sense_problems
from tournaments.rules.problem_text import reader_templates

CUSTOM_SCALE = "custom"
Row = list[int | None]

_NUMBER = r"(\d{1,9})"
_RANGE = re.compile(rf"^{_NUMBER}\s*(?:–|-|—|to)\s*{_NUMBER}$")
_FROM = re.compile(rf"^{_NUMBER}\s*(?:\+|and more|or more|e oltre|y más|ou mais|und mehr)$")
_MORE_THAN = re.compile(rf"^(?:more than|over|>|oltre|más de|mais de|über)\s*{_NUMBER}$")
_UP_TO = re.compile(rf"^{_NUMBER}$")
_OPEN = {"more", "and more", "+", "oltre", "more than that"}
MAX_VP = 1000
MAX_BANDS = 50


def scale_from_rows(rows: Sequence[Sequence[int | None]], *, strict: bool = False) -> VpScale:
    """The scale of stored rows; ValueError (in the organiser's words) if they make none, or,
    `strict`, if they make one no referee would publish (an organiser setting a table)."""
    bands: list[VpBand] = []
    for row in rows:
        lower: int | None
        if len(row) == 3:  # stored before the lower bound was: [upper, winner, loser]
            upper, winner, loser = row
            lower = 0 if not bands else (bands[-1].upper or bands[-1].lower) + 1
        else:
            lower, upper, winner, loser = row
        bands.append(VpBand(int(lower or 0), upper, int(winner or 0), int(loser or 0)))
    problems = scale_problems(bands)
    if strict and not problems:
        problems = sense_problems(bands)
    if problems:
        # the engine's problems by their codes, in the reader's language
        templates = reader_templates()
        raise ValueError("; ".join(render(problem, templates=templates) for problem in problems))
    return VpScale(CUSTOM_SCALE, "Custom", tuple(bands))


def chosen_scale(slug: object, custom: object, *, strict: bool) -> VpScale | None:
    """The scale a settings form's values choose (a federation scale's slug, or "custom" and
    the typed lines or stored rows), or None while a custom table is not usable (`strict`: not
    one a referee would publish either)."""
    if slug in VP_SCALES:
        return VP_SCALES[str(slug)]
    if slug != CUSTOM_SCALE:
        return None
    rows = custom if isinstance(custom, list) else parse_rows(str(custom or ""))[0]
    try:
        return scale_from_rows(rows, strict=strict)
    except (ValueError, IndexError, TypeError):
        return None


def scale_warning(scale: VpScale, deals_per_round: int) -> str:
    """Why the scale may not be the one meant for an evening of `deals_per_round` deals a
    table ("" when it fits, or is a referee's own table)."""
    if scale.deals is None or scale.deals == deals_per_round:
        return ""
    fitting = [other for other in VP_SCALES.values() if other.deals == deals_per_round]
    values = {"made": scale.deals, "deals": deals_per_round}
    if not fitting:
        return (
            _(
                "This VP scale is made for %(made)s deals a table, but the tables play "
                "%(deals)s deals a round: check that it is the scale your club means."
            )
            % values
        )
    return (
        _(
            "This VP scale is made for %(made)s deals a table, but the tables play %(deals)s "
            "deals a round: the scale made for %(deals)s deals is usually the right one."
        )
        % values
    )


def deals_warning(scale: VpScale | None, deals: object) -> str:
    """`scale_warning` for the deals per round as a form holds them ("" while unreadable)."""
    try:
        number = int(str(deals).strip())
    except ValueError:
        return ""
    return "" if scale is None else scale_warning(scale, number)


def scale_for_deals(slug: str, deals: object) -> str:
    """The federation scale made for `deals` deals a table, when `slug` is a federation scale
    made for another number and exactly one is made for that one (FIBUR 3 becomes FIBUR 4 when
    the tables play 4 deals); otherwise `slug` (a custom table is the organiser's own)."""
    try:
        number = int(str(deals).strip())
    except ValueError:
        return slug
    current = VP_SCALES.get(slug)
    if current is None or current.deals is None or current.deals == number:
        return slug
    fitting = [other.slug for other in VP_SCALES.values() if other.deals == number]
    return fitting[0] if len(fitting) == 1 else slug


def rows_of(scale: VpScale) -> list[Row]:
    return [[band.lower, band.upper, band.winner, band.loser] for band in scale.bands]


def rows_text(rows: Sequence[Sequence[int | None]]) -> str:
    """Rows as the lines the organiser types, as the table is printed."""
    lines = []
    for lower, upper, winner, loser in rows_of(scale_from_rows(rows)):
        # the parser reads each language's way of saying it (_FROM)
        band = _("%(lower)s and more") % {"lower": lower} if upper is None else f"{lower}–{upper}"
        lines.append(f"{band}, {winner}, {loser}")
    return "\n".join(lines)


def parse_rows(text: str) -> tuple[list[Row], list[str]]:
    """The rows the typed lines describe, and a message for each line that describes none."""
    rows: list[Row] = []
    problems: list[str] = []
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(lines) > MAX_BANDS:
        return [], [
            _("A VP table has at most %(most)s bands; this one has %(count)s.")
            % {"most": MAX_BANDS, "count": len(lines)}
        ]
    for number, line in lines:
        parts = [part.strip() for part in re.split(r"[,;\t]|\s{2,}", line) if part.strip()]
        if len(parts) != 3:
            problems.append(
                _(
                    "Line %(number)s (%(line)s): write three things, e.g. “55–150, 11, 9” "
                    "(the MP difference, winner VP, loser VP)."
                )
                % {"number": number, "line": line}
            )
            continue
        band = _band(parts[0].casefold(), rows)
        points = [int(p) if p.isdigit() and len(p) <= 4 else None for p in parts[1:]]
        if band is None or None in points:
            problems.append(
                _(
                    "Line %(number)s (%(line)s): write the difference as printed (“55–150”, or "
                    "“1505 and more” on the last line) and the VP as whole numbers up to "
                    "%(most)s."
                )
                % {"number": number, "line": line, "most": MAX_VP}
            )
            continue
        winner, loser = points
        assert winner is not None and loser is not None
        if max(winner, loser) > MAX_VP:
            problems.append(
                _("Line %(number)s (%(line)s): a band gives at most %(most)s VP.")
                % {"number": number, "line": line, "most": MAX_VP}
            )
            continue
        rows.append([band[0], band[1], winner, loser])
    if not rows and not problems:
        problems.append(_("Write the VP table, one band a line."))
    return rows, problems


def _band(text: str, before: list[Row]) -> tuple[int, int | None] | None:
    """(lower, upper) of a band typed as printed; the older "up to" form takes its lower
    bound from the band before."""
    following = 0 if not before else (before[-1][1] or before[-1][0] or 0) + 1
    if match := _RANGE.match(text):
        return int(match[1]), int(match[2])
    if match := _FROM.match(text):
        return int(match[1]), None
    if match := _MORE_THAN.match(text):
        return int(match[1]) + 1, None
    if match := _UP_TO.match(text):
        return following, int(match[1])
    if text in _OPEN:
        return following, None
    return None
