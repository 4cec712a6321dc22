"""A finished tournament's prize list as files: a CSV for other programs (stable snake_case
columns, documented in README.md) and an Excel twin for people (the same rows under headers
in the reader's language), read from the prize list the pages show (`selectors.prizes`), in
the plan's order, each group from its first place down.

Columns: `group` (the organiser's label, or "Overall", "Last place", "Girone A" in the
reader's language), `place`, `pair_number` (`player_number` in an individual tournament),
`names`, `amount` (the money taken, "150.00"; empty for an item), `currency`, `item` (the
item's text; empty for money), `note` (how a tie was settled)."""

from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext as _

from tournaments.exports import export_filename, rows_csv_response, tournament_sheet
from tournaments.models import Tournament
from tournaments.prizes.plans import Item, Money
from tournaments.selectors import prizes as read
from tournaments.selectors.prize_lines import note_of
from tournaments.spreadsheets import Sheet, xlsx_response


def _header(tournament: Tournament) -> list[str]:
    number = "player_number" if tournament.is_individual else "pair_number"
    return ["group", "place", number, "names", "amount", "currency", "item", "note"]


def _amount(prize: Money | Item) -> tuple[str, str, str]:
    if isinstance(prize, Money):
        units, cents = divmod(prize.cents, 100)
        return f"{units}.{cents:02d}", prize.currency, ""
    return "", "", prize.text


def prize_rows(tournament: Tournament) -> list[list[Any]]:
    """One row a prize taken, as the prizes page lists them (none without a plan)."""
    prizes = read.prize_list(tournament)
    if prizes is None:
        return []
    return [
        [
            line.group_name,
            line.award.place,
            line.pair.number,
            line.pair.names,
            *_amount(line.award.prize),
            note_of(line, prizes.plan.tie_rule),
        ]
        for line in prizes.lines
    ]


def prizes_csv_response(tournament: Tournament) -> HttpResponse:
    filename = export_filename(tournament.club.slug, tournament.slug, what="prizes")
    return rows_csv_response(_header(tournament), prize_rows(tournament), filename)


def prizes_xlsx_response(tournament: Tournament) -> HttpResponse:
    """The same rows under the page's headings, the money as numbers."""
    header = [
        _("Prize"), _("Place"), tournament.entrant_word.capitalize(), _("Names"), _("Amount"),
        _("Currency"), _("Item"), _("Note"),
    ]  # fmt: skip
    rows = [[*row[:4], float(row[4]) if row[4] else "", *row[5:]] for row in prize_rows(tournament)]
    filename = export_filename(
        tournament.club.slug, tournament.slug, what="prizes", extension="xlsx"
    )
    return xlsx_response([Sheet(_("Prizes"), header, rows), tournament_sheet(tournament)], filename)
