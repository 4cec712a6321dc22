"""Reads, by subject: `access` (whose clubs, and the 404 for anyone else), `organiser` (the
organiser's pages), `results` (stored results as the rules read them), `progress` (where a
tournament stands, for the rules of what may happen now), `table` (the table page), `public`
(the cached public pages), `seasons` and `exports`. Nothing here writes."""

from tournaments.selectors.access import User, clubs_of, for_organiser
from tournaments.selectors.organiser import (
    dashboard_tournaments,
    girone_counts,
    pairs_of,
    round_tables,
    rounds_of,
    seats_prefetch,
    standings_for,
    table_changes,
    table_deals,
    tournament_changes,
    tournaments_for,
)
from tournaments.selectors.progress import progress_of

__all__ = [
    "User",
    "clubs_of",
    "dashboard_tournaments",
    "for_organiser",
    "girone_counts",
    "pairs_of",
    "progress_of",
    "round_tables",
    "rounds_of",
    "seats_prefetch",
    "standings_for",
    "table_changes",
    "table_deals",
    "tournament_changes",
    "tournaments_for",
]
