"""What an evening tells the world outside as it happens: a round's seating published (by hand,
or at once when the round is seated: `services.evening`), a table that has played all its
deals, a tournament finished. The services call `announce` in their own transaction, and
whoever listens (opendata.webhooks) hears it there, so what it records lands with the change or
not at all. Only a published tournament announces anything: nothing of an unpublished one
leaves the app."""

from django.dispatch import Signal

from tournaments.models import Tournament

ROUND_PUBLISHED = "round_published"
TABLE_COMPLETE = "table_complete"
TOURNAMENT_FINISHED = "tournament_finished"
PRIZES_PUBLISHED = "prizes_published"
"""Announced once a tournament's prizes are published (prizes are not part of the app yet)."""

announced = Signal()
"""Sent with `tournament`, `event`, `round_number` and `table_number` (None when not about one)."""


def announce(
    tournament: Tournament,
    event: str,
    *,
    round_number: int | None = None,
    table_number: int | None = None,
) -> None:
    if not tournament.published:
        return
    announced.send(
        sender=Tournament,
        tournament=tournament,
        event=event,
        round_number=round_number,
        table_number=table_number,
    )
