"""Reads of a tournament's sessions: the plan stored (none: one session, as always), the
session a round is in, and whether the evening is paused between two sessions."""

from tournaments.models import Round, Session, Tournament
from tournaments.rules import sessions as rules
from tournaments.rules.sessions import SessionPlan


def sessions_of(tournament: Tournament) -> list[SessionPlan]:
    """The sessions stored, in order; empty for a tournament played in one session."""
    return [session.as_plan() for session in Session.objects.filter(tournament=tournament)]


def plan_or_single(tournament: Tournament) -> list[SessionPlan]:
    """The sessions stored, or the one session a tournament without them is played in (its
    own date, every round): what a change is checked against."""
    stored = sessions_of(tournament)
    if stored:
        return stored
    rounds = max(tournament.rounds, 1)
    return [SessionPlan(number=1, first_round=1, last_round=rounds, date=tournament.date)]


def waiting_for(
    tournament: Tournament, plan: list[SessionPlan] | None = None
) -> SessionPlan | None:
    """The session the evening waits for when it is paused between sessions, else None."""
    plan = sessions_of(tournament) if plan is None else plan
    if len(plan) < 2:
        return None
    latest = Round.objects.filter(tournament=tournament).order_by("-number").first()
    if latest is None:
        return None
    waited = rules.next_session(
        plan, latest_round=latest.number, latest_done=latest.status == Round.Status.DONE
    )
    if waited is not None and waited.first_round > tournament.rounds:
        return None  # the rounds were cut after the sessions were set: no session 2 is left
    return waited
