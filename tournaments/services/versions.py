"""The results version: every change public pages show (results, seating, pairs) bumps it."""

from django.db import connection
from django.db.models import F

from tournaments.models import Tournament
from tournaments.selectors.public import forget_version


def results_changed(tournament: Tournament) -> None:
    """Every change public pages show (results, seating, pairs) bumps the tournament's
    results_version; cached standings are keyed by it, so no process ever serves old ones.
    The version's UPDATE takes the tournament's row lock: a save calls it before its standings,
    so saves of one tournament queue there rather than deadlock over its pairs' rows. Where the
    database can say it, the same statement gives the new version back."""
    if connection.features.can_return_columns_from_insert:
        table = connection.ops.quote_name(Tournament._meta.db_table)
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {table} SET results_version = results_version + 1 WHERE id = %s "
                "RETURNING results_version",
                [tournament.pk],
            )
            (tournament.results_version,) = cursor.fetchone()
    else:  # an SQLite before 3.35
        Tournament.objects.filter(pk=tournament.pk).update(results_version=F("results_version") + 1)
        tournament.refresh_from_db(fields=["results_version"])
    forget_version(tournament.club.slug, tournament.slug)
