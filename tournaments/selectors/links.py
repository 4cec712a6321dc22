"""Whose private link a token is, and where its holder sits now: one place for everything that
starts from a link (the phone's pages, their language, the poll of "my evening").

A link belongs to an entrant for the whole evening (`models.PrivateLink`: today a pair; a player
of an individual tournament can hold one the same way) and follows it from table to table: it
opens the entrant's seat in the latest round it is seated in, or nothing yet before its first.
"""

import re
from dataclasses import dataclass
from typing import Any

from django.db.models import OuterRef, QuerySet

from tournaments.models import Club, Pair, Player, Round, Seat, Table, Tournament
from tournaments.models.tournaments import LINK_ALPHABET, LINK_LENGTH
from tournaments.selectors.compiled import CompiledRead, joined, joined_columns
from tournaments.selectors.evening import hidden_round_of, public_seating
from tournaments.selectors.progress import closing_round

TOKEN = re.compile(f"[{LINK_ALPHABET}]{{{LINK_LENGTH}}}")

Entrant = Pair
"""Who holds a private link: a pair (a player entrant of an individual tournament, later)."""


def link_token(text: str) -> str | None:
    """The token a link's address holds, as stored (typed in capitals, it is the same link), or
    None when it cannot be one of ours: such a text costs no query."""
    token = text.lower()
    return token if TOKEN.fullmatch(token) else None


@dataclass(frozen=True)
class LinkHolder:
    """The entrant a link opens, and its seat now (None before its first round is seated)."""

    entrant: Entrant
    seat: Seat | None


def holder_for_link(text: str) -> LinkHolder | None:
    """The entrant whose link this is, with its seat in the latest round it is seated in (its
    round, tournament, club, table and players read with it), or None for anything that is not
    a live link of ours: one query (two for an entrant not seated yet), compiled once a process
    (`HOLDER`: every request of every phone starts here)."""
    token = link_token(text)
    if token is None:
        return None
    rows = HOLDER.rows(token)
    if rows:
        *columns, closed_by, hidden_round = rows[0]
        seat = joined(columns, HOLDER_JOINS, Seat)
        seat.closed_by, seat.hidden_round = closed_by, hidden_round  # type: ignore[attr-defined]
        seat.pair.tournament = seat.round.tournament
        return LinkHolder(seat.pair, seat)
    entrant = (
        Pair.objects.select_related("tournament__club", "player_one", "player_two")
        .filter(token=token)
        .first()
    )
    return LinkHolder(entrant, None) if entrant is not None else None


HOLDER_JOINS = (
    ("", Seat),
    ("round", Round),
    ("round__tournament", Tournament),
    ("round__tournament__club", Club),
    ("table", Table),
    ("pair", Pair),
    ("pair__player_one", Player),
    ("pair__player_two", Player),
)
"""What `holder_for_link` reads whole with the seat, as `select_related` would."""


def _holder_query(token: str) -> "QuerySet[Seat, tuple[Any, ...]]":
    return (
        Seat.objects.annotate(
            closed_by=closing_round(),
            hidden_round=hidden_round_of(OuterRef("round__tournament_id")),
        )
        .filter(public_seating("round__"), pair__token=token)
        .order_by("-round__number")
        .values_list(*joined_columns(HOLDER_JOINS), "closed_by", "hidden_round")[:1]
    )


HOLDER = CompiledRead(_holder_query)


@dataclass(frozen=True)
class LinkState:
    """What a pair's poll needs to know whether its evening changed: a light read."""

    seat_id: int
    tournament_id: int
    table_results: int
    """The table's `results_version`: its deals and result, not the deals only sent."""
    results_version: int
    language: str
    """The club's language, spoken to a reader who asked for none the site speaks."""


def link_state(text: str) -> LinkState | None:
    """The link's seat now, its table's results version and its tournament's (one query of
    four numbers), or None for anything that is not a seated link of ours. Every phone asks it
    every few seconds: the query is compiled once a process (`STATE`)."""
    token = link_token(text)
    if token is None:
        return None
    rows = STATE.rows(token)
    return LinkState(*rows[0]) if rows else None


def _state_query(token: str) -> "QuerySet[Seat, tuple[int, int, int, int, str]]":
    return (
        Seat.objects.filter(public_seating("round__"), pair__token=token)
        .order_by("-round__number")
        .values_list(
            "pk",
            "round__tournament_id",
            "table__results_version",
            "round__tournament__results_version",
            "round__tournament__club__language",
        )[:1]
    )


STATE = CompiledRead(_state_query)
"""`link_state`'s query: its four joins took Django longer to compile than the database to
run (a third of the CPU of the national rush's 1,000 phones went to compiling it)."""


def link_language(text: str) -> str:
    """The language of the club whose link this is ("" for none): the page's language when the
    reader has not chosen one."""
    token = link_token(text)
    if token is None:
        return ""
    found = Pair.objects.filter(token=token).values_list("tournament__club__language", flat=True)
    return found.first() or ""
