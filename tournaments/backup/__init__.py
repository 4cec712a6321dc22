"""Backups of one tournament: everything it holds as one JSON document, and back again.

`tournament_export` writes a tournament as plain JSON: its settings, pairs and their players,
rounds (turni), tables, seats, deals (smazzate) with their entries, sides and melds, the stored
table totals and pair standings, and the audit records. Rows name each other by their numbers
in the tournament (pair 3, round 2 table 1, deal 2), never by database ids; users by username.

`tournament_import` restores such a document as a new tournament of a club, row for row as it
was exported: it does not rescore. It does check the numbers, so that a file edited by hand
cannot bring in scores the engine would not give: every deal's entry is scored again under the
tournament's rules and must give exactly the stored sides and melds, and every table's totals
and every pair's standing must be what the services derive from them. Anything wrong is a
ServiceError that says where, and nothing is saved.

It also carries the players' entry (who enters the results, the tables the organiser took
over, every deal the pairs wrote) and the whole change log, but no pair's link: the copy issues
new ones. Nothing it brings in, verified or not, can make a page fail (`checks.check_pages`).

`export` writes, `reading` reads a file into unsaved rows (each value by `values`), `checks`
checks its numbers with the same functions the services use, `restore` writes it.
"""

from tournaments.backup.export import tournament_export
from tournaments.backup.fields import FORMAT, VERSION
from tournaments.backup.reading import backup_club_slug
from tournaments.backup.restore import tournament_import

__all__ = ["FORMAT", "VERSION", "backup_club_slug", "tournament_export", "tournament_import"]
