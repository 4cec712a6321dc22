"""The federation's file: a finished tournament's final standings with each player's federation
card number (tessera), as a CSV for the federation's software (stable snake_case columns,
documented in README.md) and an Excel twin for people (the same rows under headers in the
reader's language).

One row per pair, with the rounds it played (`from_round`, `to_round`). A pair where a substitute
played has one row per stint instead (`rules.credits`): the rounds one line-up played, with what
those rounds gave it, so that every player who played for the pair is named and credited with
the rounds they played. A pair's rows share its rank and number and add up to its standing.

An individual tournament's file has one row per player instead (`player_number`, the player's
surname, first name and card number), with the player's own rank, VP, MP and rounds.

Only final standings go to the federation: the views refuse a tournament that is not finished.
A player without a card number has an empty cell, which the federation's checks will show.

An event played in gironi adds a last column, `girone`: each pair's girone in the latest phase
split (the pairs come annotated with `girone_name`, `selectors.phases.with_latest_girone`). A
single-field file is unchanged, byte for byte."""

from collections.abc import Iterable
from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext as _

from tournaments.exports import (
    export_filename,
    rows_csv_response,
    session_cells,
    session_header,
    tournament_sheet,
)
from tournaments.models import Pair, Player, Tournament
from tournaments.selectors.pairs import pair_changes
from tournaments.selectors.results import played_tables, tables_by_pair
from tournaments.selectors.sessions import sessions_of
from tournaments.spreadsheets import Sheet, xlsx_response

PLAYER_COLUMNS = ("last_name", "first_name", "card_number")


def federation_columns(tournament: Tournament, *, gironi: bool = False) -> list[str]:
    """The CSV's column names: a match-format evening adds matches won and point difference;
    the rounds a row's players played come next (added after the first files: the columns
    before them keep their places); an event in gironi ends with the pair's girone. An
    individual evening names one player a row."""
    extra = list(tournament.play_format.extra_columns)
    if tournament.is_individual:
        return [
            "rank", "player_number", *PLAYER_COLUMNS, "vp", "mp", *extra, "rounds_played",
            "from_round", "to_round",
        ]  # fmt: skip
    players = [f"player_{which}_{column}" for which in ("one", "two") for column in PLAYER_COLUMNS]
    return [
        "rank", "pair_number", *players, "vp", "mp", *extra, "rounds_played",
        "from_round", "to_round", *(["girone"] if gironi else []),
    ]  # fmt: skip


def _in_gironi(pairs: list[Pair]) -> bool:
    return any(getattr(pair, "girone_name", None) for pair in pairs)


def federation_headers(tournament: Tournament, *, gironi: bool = False) -> list[str]:
    """The same columns in the reader's language, for the Excel file."""
    words = tournament.words
    player = [_("Surname"), _("First name"), _("Card number")]
    named = {
        "matches_won": _("Matches won"),
        "point_difference": _("Point difference"),
    }
    extra = [named[name] for name in tournament.play_format.extra_columns]
    if tournament.is_individual:
        players = [_("Player (no.)"), *player]
    else:
        players = [
            words["pair"].capitalize(),
            *(f"{text} (1)" for text in player),
            *(f"{text} (2)" for text in player),
        ]
    return [
        _("Rank"),
        *players,
        _("VP"),
        _("MP"),
        *extra,
        _("Rounds played"),
        _("From round"),
        _("To round"),
        *([_("Girone")] if gironi else []),
    ]


def _player_cells(player: Player | None) -> list[str]:
    if player is None:  # a two-player evening: one player a side
        return ["", "", ""]
    return [player.last_name, player.first_name, player.card_number]


def federation_rows(
    tournament: Tournament, pairs: Iterable[Pair], *, last_round: int | None = None
) -> list[list[Any]]:
    """A row per pair (per stint of a pair where a substitute played; an individual
    tournament's: per player), best first, in `federation_columns` order. Two queries beside
    the pairs' (substitutions, tables). With `last_round`, the rounds after it are left out
    (a session's submission: the pairs then carry the standings after that round)."""
    pairs = list(pairs)
    play_format = tournament.play_format
    gironi = _in_gironi(pairs)
    changes = pair_changes(pairs)
    played = played_tables([tournament.pk])
    if last_round is not None:
        played = [table for table in played if table.round_number <= last_round]
    tables_of = tables_by_pair(played)
    rows = []
    for pair in pairs:
        rank = pair.rank if pair.rank is not None else ""
        rounds = sorted(number for number, _table in tables_of[pair.pk])
        if not changes.of(pair.pk):
            # no one replaced: the pair's standing as stored
            extra = [getattr(pair, name) for name in play_format.extra_columns]
            rows.append(
                [
                    rank,
                    pair.number,
                    *_player_cells(pair.player_one),
                    *_player_cells(pair.player_two),
                    pair.vp,
                    pair.mp,
                    *extra,
                    pair.rounds_played,
                    rounds[0] if rounds else "",
                    rounds[-1] if rounds else "",
                    *_girone_cell(pair, gironi),
                ]
            )
            continue
        for stint in changes.stints(pair, tables_of[pair.pk], by_matches=play_format.by_matches):
            record = stint.record
            players = [changes.players[pid] for pid in stint.line_up]
            one, two = [*players, None, None][:2]
            extra = [getattr(record, name) for name in play_format.extra_columns]
            rows.append(
                [
                    rank,
                    pair.number,
                    *_player_cells(one),
                    *_player_cells(two),
                    record.vp,
                    record.mp,
                    *extra,
                    record.rounds_played,
                    stint.first,
                    stint.last,
                    *_girone_cell(pair, gironi),
                ]
            )
    if tournament.is_individual:
        # a player entered alone: the line's second player cells are always empty
        return [[*row[:5], *row[8:]] for row in rows]
    return rows


def _girone_cell(pair: Pair, gironi: bool) -> list[str]:
    return [getattr(pair, "girone_name", None) or ""] if gironi else []


def federation_csv_response(tournament: Tournament, pairs: Iterable[Pair]) -> HttpResponse:
    """The CSV; an event in two sessions adds each session's date and rounds last, on every
    row (`session_header`: a one-session tournament's file is as it was)."""
    filename = export_filename(tournament.club.slug, tournament.slug, what="federation")
    pairs = list(pairs)
    rows = federation_rows(tournament, pairs)
    plan = sessions_of(tournament)
    if plan:
        cells = session_cells(plan)
        rows = [[*row, *cells] for row in rows]
    columns = federation_columns(tournament, gironi=_in_gironi(pairs))
    return rows_csv_response([*columns, *session_header(plan)], rows, filename)


def federation_xlsx_response(tournament: Tournament, pairs: Iterable[Pair]) -> HttpResponse:
    filename = export_filename(
        tournament.club.slug, tournament.slug, what="federation", extension="xlsx"
    )
    pairs = list(pairs)
    rows = federation_rows(tournament, pairs)
    headers = federation_headers(tournament, gironi=_in_gironi(pairs))
    sheets = [
        Sheet(_("Final standings"), headers, rows),
        tournament_sheet(tournament),
    ]
    return xlsx_response(sheets, filename)
