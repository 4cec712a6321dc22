"""The results version: every change public pages show (results, seating, pairs) bumps it."""

from django.db.models import F

from tournaments.models import Tournament
from tournaments.selectors.public import forget_version


def results_changed(tournament: Tournament) -> None:
    """Every change public pages show (results, seating, pairs) bumps the tournament's
    results_version; cached standings are keyed by it, so no process ever serves old ones."""
    Tournament.objects.filter(pk=tournament.pk).update(results_version=F("results_version") + 1)
    tournament.refresh_from_db(fields=["results_version"])
    forget_version(tournament.club.slug, tournament.slug)
