"""A tournament's sessions in a backup file: written only for an event in two sessions (a
one-session tournament's file stays as it was), and restored with the tournament, each
checked as the sessions page's service checks it (`rules.sessions.plan_problems`)."""

import datetime
from typing import Any

from tournaments.backup.fields import Row
from tournaments.backup.values import as_list, as_object, bad, field_values
from tournaments.models import Session, Tournament
from tournaments.rules.sessions import plan_problems

SESSION_FIELDS = ("number", "first_round", "last_round", "date")
"""A session, with "starts_at" ("15:00", or null); the list is optional when read."""


def sessions_export(tournament: Tournament) -> dict[str, Any]:
    """The file's "sessions", when the event has them."""
    rows = [
        {
            "number": session.number,
            "first_round": session.first_round,
            "last_round": session.last_round,
            "date": session.date.isoformat(),
            "starts_at": session.starts_at.isoformat("minutes") if session.starts_at else None,
        }
        for session in Session.objects.filter(tournament=tournament)
    ]
    return {"sessions": rows} if rows else {}


def _starts_at(row: Row, where: str) -> datetime.time | None:
    value = row.get("starts_at")
    if value is None:
        return None
    try:
        if not isinstance(value, str):
            raise ValueError
        return datetime.time.fromisoformat(value)
    except ValueError:
        raise bad(
            where, f'should have a time in "starts_at" (15:00) or null, not {value!r}'
        ) from None


def restore_sessions(data: Row, tournament: Tournament) -> None:
    """The file's sessions, checked as they are saved."""
    sessions = []
    for row in as_list(data, "sessions", "the file") if "sessions" in data else []:
        row = as_object(row, "a session")
        values = field_values(Session, row, SESSION_FIELDS, "a session")
        where = f"session {values['number']}"
        sessions.append(Session(tournament=tournament, **values, starts_at=_starts_at(row, where)))
    if not sessions:
        return
    problems = plan_problems([session.as_plan() for session in sessions], tournament.rounds)
    if problems:
        raise bad("the sessions", "; ".join(problems))
    Session.objects.bulk_create(sessions)
