"""`manage.py import_tournament FILE [--club CLUB]`: a backup restored as a new tournament.

FILE is what `export_tournament` wrote ("-" reads standard input). The tournament goes to the
club named in the file unless --club names another; the club must exist. The file's signature
must match this site's backup key (--unverified imports it anyway, marked so in its audit
record); stored results are restored as they are, once the scoring engine agrees with every one
(see tournaments/backup/). The copy lands unpublished and in no season.
Any problem is one line on standard error and exit status 1, and nothing is saved.
"""

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser, no_translations

from tournaments.backup import backup_club_slug, tournament_import
from tournaments.cycles import collector_paused
from tournaments.models import Club, Deal
from tournaments.services import ServiceError

MAX_DEPTH = 64
"""A backup nests about eight levels deep; anything far deeper is not one (and could exhaust the
stack of whatever reads it next)."""


def _depth(value: object) -> int:
    """How deeply lists and objects nest in a JSON value, counted without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if depth <= MAX_DEPTH:
                children = item.values() if isinstance(item, dict) else item
                stack.extend((child, depth + 1) for child in children)
    return deepest


class Command(BaseCommand):
    help = "Restore a tournament backup file (from export_tournament) as a new tournament."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", metavar="FILE", help='The backup file; "-" for standard input.')
        parser.add_argument(
            "--club", metavar="CLUB_SLUG", help="Import into this club instead of the file's."
        )
        parser.add_argument(
            "--unverified",
            action="store_true",
            help="Import a file whose signature does not match, marked as not verified.",
        )

    @no_translations  # the shell speaks one language: the messages as written, in English
    def handle(self, *args: Any, **options: Any) -> None:
        with collector_paused():  # the file's JSON read and the import: a million objects kept
            self._handle(**options)

    def _handle(self, **options: Any) -> None:
        name = options["file"]
        try:
            raw = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {name}: {error.strerror or error}.") from None
        try:
            data = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise CommandError(f"{name} is not a JSON file: it is not UTF-8 text.") from None
        except json.JSONDecodeError as error:
            raise CommandError(
                f"{name} is not a JSON file ({error.msg} at line {error.lineno}, "
                f"column {error.colno})."
            ) from None
        except RecursionError:
            raise CommandError(
                f"{name} is not a tournament backup: its JSON is nested too deeply."
            ) from None
        except ValueError:  # an integer past Python's 4,300-digit limit
            raise CommandError(
                f"{name} is not a tournament backup: it holds a number of more than 4,300 digits."
            ) from None
        if _depth(data) > MAX_DEPTH:
            raise CommandError(
                f"{name} is not a tournament backup: its JSON is nested more than {MAX_DEPTH} "
                "levels deep."
            )
        notes: list[str] = []
        try:
            slug = options["club"] or backup_club_slug(data=data)
            club = Club.objects.filter(slug=slug).first()
            if club is None:
                raise CommandError(
                    f"There is no club {slug!r} here: create it first, or use --club."
                )
            tournament = tournament_import(
                data=data, club=club, notes=notes, unverified=options["unverified"]
            )
        except ServiceError as error:
            raise CommandError(" ".join(str(error).split())) from None
        deals = Deal.objects.filter(table__round__tournament=tournament).count()
        self.stdout.write(
            f"Imported {tournament} into {club.name} as {tournament.slug}: "
            f"{tournament.pairs.count()} pairs, {tournament.round_set.count()} rounds, "
            f"{deals} deals, {tournament.changes.count()} audit records."
        )
        for note in notes:
            self.stdout.write(f"  {note}")
