"""The federation's file: a finished tournament's final standings with each player's federation
card number (tessera), one row per pair, as a CSV for the federation's software (stable
snake_case columns, documented in README.md) and an Excel twin for people (the same rows under
headers in the reader's language).

Only final standings go to the federation: the views refuse a tournament that is not finished.
A player without a card number has an empty cell, which the federation's checks will show."""

from collections.abc import Iterable
from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext as _

from tournaments.exports import export_filename, rows_csv_response, tournament_sheet
from tournaments.models import Pair, Player, Tournament
from tournaments.spreadsheets import Sheet, xlsx_response

PLAYER_COLUMNS = ("last_name", "first_name", "card_number")


def federation_columns(tournament: Tournament) -> list[str]:
    """The CSV's column names: a match-format evening adds matches won and point difference."""
    players = [f"player_{which}_{column}" for which in ("one", "two") for column in PLAYER_COLUMNS]
    extra = list(tournament.play_format.extra_columns)
    return ["rank", "pair_number", *players, "vp", "mp", *extra, "rounds_played"]


def federation_headers(tournament: Tournament) -> list[str]:
    """The same columns in the reader's language, for the Excel file."""
    words = tournament.words
    player = [_("Surname"), _("First name"), _("Card number")]
    named = {
        "matches_won": _("Matches won"),
        "point_difference": _("Point difference"),
    }
    extra = [named[name] for name in tournament.play_format.extra_columns]
    return [
        _("Rank"),
        words["pair"].capitalize(),
        *(f"{text} (1)" for text in player),
        *(f"{text} (2)" for text in player),
        _("VP"),
        _("MP"),
        *extra,
        _("Rounds played"),
    ]


def _player_cells(player: Player | None) -> list[str]:
    if player is None:  # a two-player evening: one player a side
        return ["", "", ""]
    return [player.last_name, player.first_name, player.card_number]


def federation_rows(tournament: Tournament, pairs: Iterable[Pair]) -> list[list[Any]]:
    """One row per pair, best first, in `federation_columns` order."""
    rows = []
    for pair in pairs:
        extra = [getattr(pair, name) for name in tournament.play_format.extra_columns]
        rows.append(
            [
                pair.rank if pair.rank is not None else "",
                pair.number,
                *_player_cells(pair.player_one),
                *_player_cells(pair.player_two),
                pair.vp,
                pair.mp,
                *extra,
                pair.rounds_played,
            ]
        )
    return rows


def federation_csv_response(tournament: Tournament, pairs: Iterable[Pair]) -> HttpResponse:
    filename = export_filename(tournament.club.slug, tournament.slug, what="federation")
    rows = federation_rows(tournament, pairs)
    return rows_csv_response(federation_columns(tournament), rows, filename)


def federation_xlsx_response(tournament: Tournament, pairs: Iterable[Pair]) -> HttpResponse:
    filename = export_filename(
        tournament.club.slug, tournament.slug, what="federation", extension="xlsx"
    )
    rows = federation_rows(tournament, pairs)
    sheets = [
        Sheet(_("Final standings"), federation_headers(tournament), rows),
        tournament_sheet(tournament),
    ]
    return xlsx_response(sheets, filename)
