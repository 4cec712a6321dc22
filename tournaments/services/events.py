"""The audit record of a tournament as a whole: every service that changes settings, pairs,
seating, rounds, publishing or finishing calls `record` in its own transaction, so the record
and the change land together or not at all."""

from typing import Any

from tournaments.models import Tournament, TournamentEvent
from tournaments.selectors.access import User


def record(
    tournament: Tournament,
    kind: str,
    *,
    user: User | None = None,
    round_number: int | None = None,
    table_number: int | None = None,
    before: Any = None,
    after: Any = None,
    **details: Any,
) -> TournamentEvent:
    """Write one audit record: who (an organiser, or None for a command), what kind, where (the
    round and table, if any), what was before and after, and any details (e.g. a reason)."""
    return TournamentEvent.objects.create(
        tournament=tournament,
        kind=kind,
        user_id=user.pk if user is not None and user.is_authenticated else None,
        round_number=round_number,
        table_number=table_number,
        before=before,
        after=after,
        details=details,
    )
