"""Whose private link a token is, and where its holder sits now: one place for everything that
starts from a link (the phone's pages, their language, the poll of "my evening").

A link belongs to an entrant for the whole evening (`models.PrivateLink`: today a pair; a player
of an individual tournament can hold one the same way) and follows it from table to table: it
opens the entrant's seat in the latest round it is seated in, or nothing yet before its first.
"""

import re
from dataclasses import dataclass

from django.db.models import OuterRef

from tournaments.models import Pair, Seat
from tournaments.models.tournaments import LINK_ALPHABET, LINK_LENGTH
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
    a live link of ours: one query (two for an entrant not seated yet)."""
    token = link_token(text)
    if token is None:
        return None
    seat = (
        Seat.objects.select_related(
            "round__tournament__club", "table", "pair__player_one", "pair__player_two"
        )
        .annotate(
            closed_by=closing_round(),
            hidden_round=hidden_round_of(OuterRef("round__tournament_id")),
        )
        .filter(public_seating("round__"), pair__token=token)
        .order_by("-round__number")
        .first()
    )
    if seat is not None:
        seat.pair.tournament = seat.round.tournament
        return LinkHolder(seat.pair, seat)
    pair = (
        Pair.objects.select_related("tournament__club", "player_one", "player_two")
        .filter(token=token)
        .first()
    )
    return LinkHolder(pair, None) if pair is not None else None


@dataclass(frozen=True)
class LinkState:
    """What a pair's poll needs to know whether its evening changed: a light read."""

    seat_id: int
    tournament_id: int
    table_version: int
    results_version: int
    language: str
    """The club's language, spoken to a reader who asked for none the site speaks."""


def link_state(text: str) -> LinkState | None:
    """The link's seat now, its table's version and its tournament's results version (one
    query of four numbers), or None for anything that is not a seated link of ours."""
    token = link_token(text)
    if token is None:
        return None
    row = (
        Seat.objects.filter(public_seating("round__"), pair__token=token)
        .order_by("-round__number")
        .values_list(
            "pk",
            "round__tournament_id",
            "table__version",
            "round__tournament__results_version",
            "round__tournament__club__language",
        )
        .first()
    )
    return LinkState(*row) if row is not None else None


def link_language(text: str) -> str:
    """The language of the club whose link this is ("" for none): the page's language when the
    reader has not chosen one."""
    token = link_token(text)
    if token is None:
        return ""
    found = Pair.objects.filter(token=token).values_list("tournament__club__language", flat=True)
    return found.first() or ""
