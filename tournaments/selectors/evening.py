"""Reads of the arbiter's evening: which rounds' seating the players may see (the query form of
`rules.evening.seating_public`), a round's clock now, and the tables still playing when its time
is up."""

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, Subquery
from django.utils import timezone
from django.utils.dateformat import time_format
from django.utils.translation import gettext as _

from tournaments.models import Round, Table, Tournament
from tournaments.rules import evening
from tournaments.rules.entrant_texts import shape_text
from tournaments.rules.states import RoundStatus


def public_seating(prefix: str = "") -> Q:
    """Rounds (reached through `prefix`, e.g. "round__") whose seating is public: the query
    twin of `rules.evening.seating_public`."""
    return Q(**{f"{prefix}seating_published_at__isnull": False}) | ~Q(
        **{f"{prefix}status": RoundStatus.SEATING}
    )


def is_public(round_: Round) -> bool:
    return evening.seating_public(status=round_.status, published_at=round_.seating_published_at)


def hidden_round_of(tournament_id: Any) -> Subquery:
    """A subquery of `hidden_round` (for a seat's query: `OuterRef("round__tournament_id")`);
    only the latest round can be seated and not yet public."""
    return Subquery(
        Round.objects.filter(
            tournament_id=tournament_id, status=RoundStatus.SEATING, seating_published_at=None
        ).values("number")[:1]
    )


def hidden_round(tournament: Tournament) -> int | None:
    """The number of the tournament's latest round when its seating is the organiser's alone
    (None when there is none such): one query."""
    last = tournament.round_set.order_by("-number").first()
    if last is None or is_public(last):
        return None
    return last.number


def round_clock(round_: Round, now: datetime.datetime | None = None) -> evening.Clock | None:
    return evening.clock_of(
        ends_at=round_.clock_ends_at,
        paused_seconds=round_.clock_paused_seconds,
        now=now or timezone.now(),
    )


def tables_out_of_time(round_: Round, now: datetime.datetime | None = None) -> list[Table]:
    """The round's tables without all their results once its time is up (none before): each
    waits for the organiser's time-out decision."""
    clock = round_clock(round_, now)
    if clock is None or not clock.over or round_.status != RoundStatus.PLAYING:
        return []
    return list(
        round_.tables.filter(is_bye=False).exclude(status=Table.Status.DONE).order_by("number")
    )


@dataclass(frozen=True)
class ClockTimes:
    """A played round's clock as stored: the public pages keep it in their cache and work out
    the time left (`clock_now`) when they answer."""

    round_number: int
    ends_at: datetime.datetime | None
    paused_seconds: int | None

    def now(self, now: datetime.datetime | None = None) -> evening.Clock | None:
        return evening.clock_of(
            ends_at=self.ends_at, paused_seconds=self.paused_seconds, now=now or timezone.now()
        )


def clock_times(tournament: Tournament) -> ClockTimes | None:
    """The clock of the round being played, if it was started: one query."""
    row = (
        tournament.round_set.filter(status=RoundStatus.PLAYING, clock_ends_at__isnull=False)
        .order_by("-number")
        .values_list("number", "clock_ends_at", "clock_paused_seconds")
        .first()
    )
    return ClockTimes(*row) if row is not None else None


def rounds_now(tournament: Tournament) -> tuple[int | None, ClockTimes | None]:
    """The hidden round (`hidden_round`) and the played round's clock (`clock_times`) in one
    query: both are among the last two rounds."""
    rows = list(
        tournament.round_set.order_by("-number").values_list(
            "number", "status", "seating_published_at", "clock_ends_at", "clock_paused_seconds"
        )[:2]
    )
    hidden = None
    if rows and not evening.seating_public(status=rows[0][1], published_at=rows[0][2]):
        hidden = rows[0][0]
    clock = next(
        (
            ClockTimes(number, ends, paused)
            for number, status, _published, ends, paused in rows
            if status == RoundStatus.PLAYING and ends is not None
        ),
        None,
    )
    return hidden, clock


# --- the change log's words ----------------------------------------------------------------------

EVENT_KINDS = ("seating_published", "clock", "check_in", "absent_withdrawn")
"""The change log's kinds this module words (`event_text`)."""


def _at(value: object) -> str:
    """An ISO time of the change log as the club's clock shows it ("21:45")."""
    if not isinstance(value, str):
        return "—"
    return time_format(timezone.localtime(datetime.datetime.fromisoformat(value)), "H:i")


def event_text(
    kind: str, round_number: int | None, after: dict[str, Any], *, individual: bool = False
) -> str:
    """A change log line of the arbiter's evening, in the reader's language (`individual`:
    the check-in names players)."""
    values = {"round": round_number, "end": _at(after.get("ends_at"))}
    if kind == "seating_published":
        return _("Round %(round)s: seating published.") % values
    if kind == "absent_withdrawn":
        numbers = ", ".join(str(n) for n in after.get("pairs", []))
        return shape_text(individual, "log_absent_before", numbers=numbers)
    if kind == "check_in":
        pair = after.get("pair")
        if not after.get("present"):
            return shape_text(individual, "log_unticked", pair=pair)
        if after.get("by") == "link":
            return shape_text(individual, "log_checked_in_by_link", pair=pair)
        return shape_text(individual, "log_ticked", pair=pair)
    action = after.get("action")
    if action == "started":
        return _(
            "Round %(round)s: clock started, %(minutes)s minutes; the time is up at %(end)s."
        ) % {**values, "minutes": after.get("minutes")}
    if action == "paused":
        left = int(after.get("seconds_left") or 0)
        return _("Round %(round)s: clock paused with %(left)s left.") % {
            **values,
            "left": f"{left // 60}:{left % 60:02d}",
        }
    if action == "resumed":
        return _("Round %(round)s: clock resumed; the time is up at %(end)s.") % values
    return _("Round %(round)s: %(minutes)s minutes added to the clock.") % {
        **values,
        "minutes": after.get("minutes"),
    }
