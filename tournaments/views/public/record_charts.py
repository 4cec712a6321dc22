"""A player's record's charts: inline SVG geometry (the pair page's `Chart`) of their place at
each evening, 1st at the top, and of the VP each evening gave them. The last CHARTED evenings
only: more dots than that would not read on a phone."""

from collections.abc import Sequence

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from tournaments.selectors.records import RecordEvening
from tournaments.templatetags.numbers import points_text
from tournaments.views.public.charts import Chart, Dot, Tick, _at, _nice_step, _ordinal

CHARTED = 24


def _x_ticks(xs: Sequence[float]) -> tuple[Tick, ...]:
    """Every evening numbered while they are few, then every second, fifth…"""
    step = 1 if len(xs) <= 8 else _nice_step(len(xs), ticks=6)
    return tuple(Tick(_at(x), str(k)) for k, x in enumerate(xs, 1) if k == 1 or k % step == 0)


def record_charts(player_id: int, evenings: Sequence[RecordEvening]) -> tuple[Chart, ...]:
    """The place chart (every evening with a place) and the VP chart (the evenings scored in
    victory points); none without an evening."""
    placed = [e for e in evenings if e.rank is not None][-CHARTED:]
    scored = [e for e in evenings if not e.by_matches][-CHARTED:]
    charts: list[Chart] = []
    frame = Chart(slug="", title="", description="", y_label="")
    height = frame.bottom - frame.top
    x_label = _("Evenings, oldest first")

    def xs(count: int) -> list[float]:
        step = (frame.right - frame.left) / count
        return [frame.left + (k + 0.5) * step for k in range(count)]

    def when(evening: RecordEvening) -> str:
        return date_format(evening.date, "SHORT_DATE_FORMAT")

    if placed:
        last = max(max(e.field_size for e in placed), 2)

        def y_rank(rank: int) -> float:
            return frame.top + (rank - 1) / (last - 1) * height

        step = _nice_step(last - 1)
        marks = sorted({1, last} | set(range(step, last, step)))
        marks = [m for m in marks if m in (1, last) or min(m - 1, last - m) * height / last >= 14]
        captions = [
            _("%(date)s: %(rank)s of %(count)s")
            % {"date": when(e), "rank": _ordinal(e.rank or 0), "count": e.field_size}
            for e in placed
        ]
        charts.append(
            Chart(
                slug=f"record-{player_id}-place",
                title=_("Place at each evening"),
                description="; ".join(captions),
                y_label=_("Place"),
                x_label=x_label,
                dots=tuple(
                    _dot(x, y_rank(e.rank or 1), k, _ordinal(e.rank or 0), caption)
                    for k, (x, e, caption) in enumerate(
                        zip(xs(len(placed)), placed, captions, strict=True), 1
                    )
                ),
                x_ticks=_x_ticks(xs(len(placed))),
                y_ticks=tuple(Tick(_at(y_rank(m)), str(m)) for m in marks),
            )
        )
    if scored:
        top = max(1, *(e.vp for e in scored))
        step = _nice_step(top)
        top = -(-top // step) * step

        def y_value(value: int) -> float:
            return frame.bottom - max(value, 0) / top * height

        captions = [
            _("%(date)s: %(vp)s VP") % {"date": when(e), "vp": points_text(e.vp)} for e in scored
        ]
        charts.append(
            Chart(
                slug=f"record-{player_id}-vp",
                title=_("Victory points at each evening"),
                description="; ".join(captions),
                y_label=_("VP"),
                x_label=x_label,
                dots=tuple(
                    _dot(x, y_value(e.vp), k, points_text(e.vp), caption)
                    for k, (x, e, caption) in enumerate(
                        zip(xs(len(scored)), scored, captions, strict=True), 1
                    )
                ),
                x_ticks=_x_ticks(xs(len(scored))),
                y_ticks=tuple(
                    Tick(_at(y_value(v)), points_text(v)) for v in range(0, top + 1, step)
                ),
            )
        )
    return tuple(charts)


def _dot(x: float, y: float, number: int, text: str, caption: str) -> Dot:
    return Dot(_at(x), _at(y), _at(y - 11), number, text, caption)
