"""`manage.py export_tournament CLUB TOURNAMENT [-o FILE]`: one tournament as one JSON file.

The file holds everything of the tournament (see tournaments/backup.py) and is what
`import_tournament` reads back. Without -o the JSON goes to standard output and nothing else
does, so it can be piped; with -o a one-line summary is printed instead.
"""

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser, no_translations

from tournaments.backup import tournament_export
from tournaments.cycles import collector_paused
from tournaments.models import Club, Tournament


class Command(BaseCommand):
    help = "Write one tournament, with every result and audit record, as a JSON backup file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("club", metavar="CLUB_SLUG")
        parser.add_argument("tournament", metavar="TOURNAMENT_SLUG")
        parser.add_argument(
            "-o", "--output", metavar="FILE", help="Write to FILE instead of standard output."
        )

    @no_translations  # the shell speaks one language: the messages as written, in English
    def handle(self, *args: Any, **options: Any) -> None:
        with collector_paused():  # the export and its JSON text: a million objects kept
            self._handle(**options)

    def _handle(self, **options: Any) -> None:
        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            raise CommandError(f"There is no club {options['club']!r}.")
        tournament = Tournament.objects.filter(club=club, slug=options["tournament"]).first()
        if tournament is None:
            raise CommandError(f"{club.name} has no tournament {options['tournament']!r}.")
        data = tournament_export(tournament=tournament)
        text = json.dumps(data, ensure_ascii=False, indent=2)
        if not options["output"]:
            self.stdout.write(text)
            return
        path = Path(options["output"])
        try:
            path.write_text(text + "\n", encoding="utf-8")
        except OSError as error:
            raise CommandError(f"Cannot write {path}: {error.strerror or error}.") from None
        deals = sum(len(t["deals"]) for r in data["rounds"] for t in r["tables"])
        self.stdout.write(
            f"Exported {tournament} of {club.name} to {path}: {len(data['pairs'])} pairs, "
            f"{len(data['rounds'])} rounds, {deals} deals, {len(data['changes'])} audit records."
        )
