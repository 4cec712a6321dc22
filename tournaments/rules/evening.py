"""The arbiter's evening, as rules over plain values: whose eyes a round's seating may reach yet,
where a round's clock stands, and when pairs may check in.

- **Seating released when ready**: a round's seating is the organiser's alone until it is
  published (by hand, or at once when the tournament says so); a started round's always is
  public (`seating_public`: the one question every page and service asks).
- **The round clock** runs from a start to an end time; the pages get the end time and count
  down themselves (`clock_of`): a warning `CLOCK_WARNING_SECONDS` before the end, then the time
  is up. Paused, it keeps the seconds that were left.
- **Check-in** happens before round 1 is seated (`check_in_refusal`).
"""

import datetime
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.rules.states import RoundStatus

SEATING = RoundStatus.SEATING.value
PLAYING = RoundStatus.PLAYING.value

CLOCK_WARNING_SECONDS = 5 * 60
"""How long before the end of a round the clock warns: five minutes."""
MINUTES_PER_DEAL = (1, 60)
"""The range of a tournament's minutes per deal (the federations use 15)."""
CLOCK_MINUTES = (1, 600)
"""The range of a round clock's length, or of the minutes added to it."""


def seating_public(*, status: str, published_at: datetime.datetime | None) -> bool:
    """Whether a round's seating may be shown to anyone but the organiser: once published, and
    always once the round has started."""
    return published_at is not None or status != SEATING


def unpublished_text(number: int) -> str:
    """What the players' pages say while round `number`'s seating is the organiser's alone."""
    return _("The seating of round %(number)s is not published yet.") % {"number": number}


def publish_refusal(*, finished: bool, status: str, published: bool) -> str:
    """Why a round's seating cannot be published now ("" when it can)."""
    if finished:
        return _("The tournament is finished: nothing more is published.")
    if published or status != SEATING:
        return _("This seating is published already.")
    return ""


@dataclass(frozen=True, slots=True)
class Clock:
    """A round clock as the pages show it: the end time (UTC epoch seconds) while it runs, or
    the seconds left while it is paused."""

    ends_at: int | None
    """When the time is up, in seconds since the epoch (None while paused)."""
    paused_seconds: int | None
    left: int
    """The seconds left now (0 once the time is up)."""

    @property
    def running(self) -> bool:
        return self.ends_at is not None

    @property
    def warning(self) -> bool:
        return 0 < self.left <= CLOCK_WARNING_SECONDS

    @property
    def over(self) -> bool:
        return self.left <= 0

    @property
    def shown(self) -> str:
        """The time left as the clock face shows it: "14:05", "0:00"."""
        minutes, seconds = divmod(max(self.left, 0), 60)
        return f"{minutes}:{seconds:02d}"


def clock_of(
    *,
    ends_at: datetime.datetime | None,
    paused_seconds: int | None,
    now: datetime.datetime,
) -> Clock | None:
    """A round's clock at `now` (None when it was never started)."""
    if paused_seconds is not None:
        return Clock(ends_at=None, paused_seconds=paused_seconds, left=paused_seconds)
    if ends_at is None:
        return None
    left = max(0, int((ends_at - now).total_seconds() + 0.999))
    return Clock(ends_at=int(ends_at.timestamp()), paused_seconds=None, left=left)


def clock_refusal(*, finished: bool, status: str) -> str:
    """Why a round's clock cannot be started, paused or changed now ("" when it can): only
    while the round is played."""
    if finished:
        return _("The tournament is finished: its clock is stopped.")
    if status == SEATING:
        return _("Start the round first: its clock runs while it is played.")
    if status != PLAYING:
        return _("This round is over: its clock is stopped.")
    return ""


def pause_refusal(clock: Clock | None) -> str:
    """Why the clock cannot be paused now ("" when it can): only a running clock with time
    left; once the time is up, minutes are added instead."""
    if clock is None or not clock.running:
        return _("The clock is not running.")
    if clock.over:
        return _("The time is up: add minutes to give the tables more time.")
    return ""


def clock_minutes_refusal(minutes: int) -> str:
    """Why `minutes` is no clock length ("" when it is one)."""
    low, high = CLOCK_MINUTES
    if low <= minutes <= high:
        return ""
    return _("The clock takes from %(low)s to %(high)s minutes, not %(minutes)s.") % {
        "low": low,
        "high": high,
        "minutes": minutes,
    }


def check_in_refusal(*, finished: bool, rounds_seated: int) -> str:
    """Why pairs cannot check in (or be ticked, or withdrawn as absent) now: only before round 1
    is seated."""
    if finished:
        return _("The tournament is finished.")
    if rounds_seated:
        return _("Round 1 is seated: check-in is over.")
    return ""
