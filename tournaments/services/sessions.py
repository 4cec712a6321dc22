"""Writes of a tournament's sessions: the plan set, or back to one session. A session is fixed
once its first round is seated (`rules.sessions.change_refusal`, which the page asks too)."""

from collections.abc import Sequence
from dataclasses import replace

from django.db import transaction

from tournaments.models import Session, Tournament
from tournaments.rules import sessions as rules
from tournaments.rules.progress import finished_refusal
from tournaments.rules.sessions import SessionPlan
from tournaments.selectors.sessions import plan_or_single
from tournaments.services.errors import ServiceError
from tournaments.services.versions import results_changed


@transaction.atomic
def sessions_set(*, tournament: Tournament, plan: Sequence[SessionPlan]) -> list[SessionPlan]:
    """Set the tournament's sessions; a plan of one session (or none) stores nothing: the
    tournament is played in one session, as one without sessions always was."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.is_finished:
        raise ServiceError(finished_refusal())
    plan = [replace(session, number=index) for index, session in enumerate(plan, 1)]
    two = len(plan) > 1
    problems = rules.plan_problems(plan, tournament.rounds) if two else []
    old = plan_or_single(tournament)
    # one session: session 1 of the old plan, over every round
    wanted = plan if two else [replace(old[0], last_round=max(tournament.rounds, 1))]
    refusal = rules.change_refusal(old, wanted, tournament.round_set.count())
    if refusal:
        problems.append(refusal)
    if problems:
        raise ServiceError(*problems)
    Session.objects.filter(tournament=tournament).delete()
    if two:
        Session.objects.bulk_create(
            Session(
                tournament=tournament,
                number=session.number,
                first_round=session.first_round,
                last_round=session.last_round,
                date=session.date,
                starts_at=session.starts_at,
            )
            for session in plan
        )
    results_changed(tournament)
    return plan if two else []
