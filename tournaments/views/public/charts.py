"""The pair page's charts: inline SVG geometry, drawn here, of a pair's totals (what its format
counts) and its rank after each finished round."""

from collections.abc import Sequence
from dataclasses import dataclass
from math import floor, log10

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from tournaments.models import Tournament
from tournaments.selectors.public import RoundPoint
from tournaments.templatetags.numbers import points_text


def _at(value: float) -> str:
    """A coordinate as SVG wants it, never localised ("12.5", not "12,5")."""
    return f"{value:.1f}"


@dataclass(frozen=True)
class Tick:
    at: str
    label: str


@dataclass(frozen=True)
class Dot:
    cx: str
    cy: str
    label_y: str
    round_number: int
    text: str
    caption: str = ""
    """The tooltip, when it is not a round's ("17/11/2026: 3rd of 12")."""

    @property
    def title(self) -> str:
        """The dot's tooltip: "Round 3: 46"."""
        if self.caption:
            return self.caption
        return _("Round %(number)s: %(value)s") % {"number": self.round_number, "value": self.text}


@dataclass(frozen=True)
class Chart:
    """A line chart's geometry in SVG user units, coordinates ready to print; the template
    draws it with presentation attributes and CSS classes (no style attribute)."""

    slug: str
    title: str
    description: str
    y_label: str
    dots: tuple[Dot, ...] = ()
    x_ticks: tuple[Tick, ...] = ()
    y_ticks: tuple[Tick, ...] = ()
    x_label: str = ""
    width: int = 360
    height: int = 220
    left: int = 58
    right: int = 346
    top: int = 24
    bottom: int = 168

    @property
    def points(self) -> str:
        return " ".join(f"{dot.cx},{dot.cy}" for dot in self.dots)

    @property
    def y_tick_x(self) -> int:
        return self.left - 8

    @property
    def x_tick_y(self) -> int:
        return self.bottom + 20

    @property
    def y_label_x(self) -> int:
        return 16

    @property
    def y_label_y(self) -> str:
        return _at((self.top + self.bottom) / 2)

    @property
    def x_label_x(self) -> str:
        return _at((self.left + self.right) / 2)

    @property
    def x_label_y(self) -> int:
        return self.height - 8


def _nice_step(span: float, ticks: int = 4) -> int:
    """1, 2 or 5 times a power of ten, so that about `ticks` steps cover `span`."""
    raw = max(span / ticks, 1)
    magnitude = 10 ** floor(log10(raw))
    return int(next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw))


def _ordinal(n: int) -> str:
    """A rank as the reader says it: "3rd" in English, "3º" in Italian (the catalogues)."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        return _("%(rank)sth") % {"rank": n}
    return {
        1: _("%(rank)sst"),
        2: _("%(rank)snd"),
        3: _("%(rank)srd"),
    }[n % 10] % {"rank": n}


def _dot(x: float, y: float, round_number: int, text: str) -> Dot:
    return Dot(_at(x), _at(y), _at(y - 11), round_number, text)


def pair_charts(
    tournament: Tournament, points: Sequence[RoundPoint], *, field_size: int, number: int
) -> tuple[Chart, Chart] | None:
    """Two charts of the pair after each finished round: its VP (matches won in the target
    format) added up, and its rank, 1st at the top. None until a round is over."""
    if not points:
        return None
    frame = Chart(slug="", title="", description="", y_label="")
    x_label = capfirst(tournament.words["round"])
    rounds = max(tournament.rounds, points[-1].round_number)
    step_x = (frame.right - frame.left) / rounds
    x_of = {k: frame.left + (k - 0.5) * step_x for k in range(1, rounds + 1)}
    x_ticks = tuple(Tick(_at(x), str(k)) for k, x in x_of.items())
    height = frame.bottom - frame.top

    play_format = tournament.play_format
    pair_word = capfirst(tournament.entrant_word)
    values = [play_format.chart_value(p) for p in points]
    top_value = max(play_format.chart_ceiling(rounds), *values)
    what, unit, slug = (str(name) for name in play_format.chart_names)
    step = _nice_step(top_value)
    top_value = -(-top_value // step) * step

    def y_value(value: int) -> float:
        return frame.bottom - max(value, 0) / top_value * height

    totals = Chart(
        slug=f"pair-{number}-{slug}",
        title=_("%(pair)s %(number)s: %(what)s after each round")
        % {"pair": pair_word, "number": number, "what": play_format.chart_title_words},
        description="; ".join(
            _("after round %(number)s: %(value)s %(unit)s")
            % {"number": p.round_number, "value": points_text(v), "unit": unit}
            for p, v in zip(points, values, strict=True)
        ),
        y_label=what,
        x_label=x_label,
        dots=tuple(
            _dot(x_of[p.round_number], y_value(v), p.round_number, points_text(v))
            for p, v in zip(points, values, strict=True)
        ),
        x_ticks=x_ticks,
        y_ticks=tuple(Tick(_at(y_value(v)), points_text(v)) for v in range(0, top_value + 1, step)),
    )

    last = max(field_size, 1)

    def y_rank(rank: int) -> float:
        if last == 1:
            return frame.top + height / 2
        return frame.top + (rank - 1) / (last - 1) * height

    rank_step = _nice_step(last - 1)
    marks = sorted({1, last} | set(range(rank_step, last, rank_step)))
    # keep a label from crowding the first or the last one
    marks = [m for m in marks if m in (1, last) or min(m - 1, last - m) * height / last >= 14]
    ranking = Chart(
        slug=f"pair-{number}-rank",
        title=_("%(pair)s %(number)s: rank after each round, of %(count)s %(pairs)s")
        % {
            "pair": pair_word,
            "number": number,
            "count": field_size,
            "pairs": tournament.entrant_word if field_size == 1 else tournament.entrants_word,
        },
        description="; ".join(
            _("after round %(number)s: %(rank)s")
            % {"number": p.round_number, "rank": _ordinal(p.rank)}
            for p in points
        ),
        y_label=_("Rank"),
        x_label=x_label,
        dots=tuple(
            _dot(x_of[p.round_number], y_rank(p.rank), p.round_number, _ordinal(p.rank))
            for p in points
        ),
        x_ticks=x_ticks,
        y_ticks=tuple(Tick(_at(y_rank(m)), str(m)) for m in marks),
    )
    return totals, ranking
