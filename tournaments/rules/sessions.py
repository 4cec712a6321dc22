"""A tournament's sessions, pure Python over plain values.

The federation's rule for regional events: "at least 6 rounds of 3 deals or 5 of 4, in at most
2 sessions, also on two different days". A session is a run of rounds played on one date (and
from a start time, when the organiser gives one): session 1 plays rounds 1 to 6 on Saturday,
session 2 rounds 7 to 11 on Sunday. A tournament without sessions stored is one session, on
its own date, and behaves as it always did.

This module answers the questions the services and the pages both ask: which session a round
is in, whether a plan is sound, whether it may change now (a session is fixed once its first
round is seated), and whether the evening is paused between two sessions.
"""

import datetime
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.formats import date_format, time_format
from django.utils.translation import gettext as _

MAX_SESSIONS = 2
"""The federation's "at most 2 sessions"."""


@dataclass(frozen=True)
class SessionPlan:
    """One session: rounds `first_round` to `last_round` (both included) on `date`."""

    number: int
    first_round: int
    last_round: int
    date: datetime.date
    starts_at: datetime.time | None = None

    def holds(self, round_number: int) -> bool:
        return self.first_round <= round_number <= self.last_round

    @property
    def rounds_text(self) -> str:
        """ "1-6": the rounds as the files write them."""
        return f"{self.first_round}-{self.last_round}"

    def when(self) -> str:
        """The date (and start time) in the reader's language: "21 November 2026, 15:00"."""
        day = date_format(self.date, "DATE_FORMAT")
        if self.starts_at is None:
            return day
        return f"{day}, {time_format(self.starts_at, 'TIME_FORMAT')}"


def session_of(plan: Sequence[SessionPlan], round_number: int) -> SessionPlan | None:
    """The session round `round_number` is in (None without sessions); a round past the plan
    (an extra round added on the day) belongs to the last session."""
    if not plan:
        return None
    for session in plan:
        if session.holds(round_number):
            return session
    return plan[-1]


def plan_problems(plan: Sequence[SessionPlan], rounds: int) -> list[str]:
    """What is wrong with a plan of sessions, in the organiser's words (empty: it is sound):
    at most two sessions, following each other from round 1 to the last round, each with at
    least one round, and none on a day before the one it follows."""
    problems = []
    if len(plan) > MAX_SESSIONS:
        problems.append(
            _("A tournament is played in at most %(most)s sessions.") % {"most": MAX_SESSIONS}
        )
    expected = 1
    for session in plan:
        if session.first_round != expected or session.last_round < session.first_round:
            problems.append(
                _("Session %(number)s must start at round %(round)s and have at least one round.")
                % {"number": session.number, "round": expected}
            )
        expected = session.last_round + 1
    if plan and plan[-1].last_round != rounds:
        problems.append(
            _("The last session must end at the last round, %(rounds)s.") % {"rounds": rounds}
        )
    for before, after in itertools.pairwise(plan):
        if after.date < before.date:
            problems.append(
                _("Session %(number)s cannot be played before session %(before)s.")
                % {"number": after.number, "before": before.number}
            )
        elif (
            after.date == before.date
            and after.starts_at is not None
            and before.starts_at is not None
            and after.starts_at <= before.starts_at
        ):
            problems.append(
                _("On the same day, session %(number)s must start after session %(before)s.")
                % {"number": after.number, "before": before.number}
            )
    return problems


def started_refusal(session: SessionPlan, seated: int) -> str:
    """Why `session` can no longer change ("" when it can): its first round is seated."""
    if session.first_round > seated:
        return ""
    return _(
        "Session %(number)s has started (round %(round)s is seated): it can no longer "
        "change, only the sessions after it."
    ) % {"number": session.number, "round": session.first_round}


def change_refusal(plan: Sequence[SessionPlan], new: Sequence[SessionPlan], seated: int) -> str:
    """Why the sessions may not become `new` now ("" when they may), `seated` rounds being
    seated: a session whose first round is seated is fixed (its date, start time and first
    round; its last round too once a round after it is seated); the sessions after it may
    change. The latest session started is named first: it is the one the organiser moves."""
    for old in reversed(plan):
        refusal = started_refusal(old, seated)
        if not refusal:
            continue
        same = next((session for session in new if session.number == old.number), None)
        if same is None or _fixed(same, seated) != _fixed(old, seated):
            return refusal
    return ""


def _fixed(session: SessionPlan, seated: int) -> tuple[object, ...]:
    last = session.last_round if session.last_round < seated else None
    return (session.first_round, last, session.date, session.starts_at)


def next_session(
    plan: Sequence[SessionPlan], *, latest_round: int, latest_done: bool
) -> SessionPlan | None:
    """The session the evening waits for (None when it is not paused between sessions): the
    latest round seated is done and is the last round of a session that has one after it."""
    if not latest_done:
        return None
    for session, after in itertools.pairwise(plan):
        if session.last_round == latest_round:
            return after
    return None
