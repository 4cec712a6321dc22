"""The Django admin: a window on every record of the clubs, not a second way to score.

Clubs, seasons and players are edited here as in any admin. Tournament settings change only
through `services.tournament_update`, so the admin obeys the rules of the organiser's settings
page (the scoring settings are fixed once round 1 is seated). Everything the services and the
scoring engine write — pairs and their standings, rounds, seatings, tables and their totals,
deals, each side's result, melds and the audit record — is shown read-only: a number typed here
would never reach the table's totals, the standings or the audit record. Results are corrected
on the entry pages, which score them again.
"""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from tournaments.admin import (
    circuits,
    clubs,
    federation,
    phases,
    players,
    results,
    sessions,
    tournaments,
)

admin.site.site_header = _("Burraco club administration")
admin.site.site_title = _("Burraco club admin")

__all__ = [
    "circuits",
    "clubs",
    "federation",
    "phases",
    "players",
    "results",
    "sessions",
    "tournaments",
]
