"""Writing a tournament as one JSON document (see the package's docstring)."""

import json
from collections import defaultdict
from collections.abc import Iterable
from datetime import UTC, date, datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connections, models
from django.db.models import Exists, F, Func, OuterRef
from django.db.models.functions import Cast
from django.utils import timezone

from tournaments.backup.fields import (
    CHANGE_FIELDS,
    DEAL_FIELDS,
    DECISION_FIELDS,
    EVENT_FIELDS,
    FORMAT,
    MELD_FIELDS,
    PAIR_CHECK_IN_FIELDS,
    PAIR_FIELDS,
    PAIR_PLAY_FIELDS,
    PLAYER_FIELDS,
    PROPOSAL_FIELDS,
    PROPOSAL_LATER_FIELDS,
    ROUND_EVENING_FIELDS,
    ROUND_FIELDS,
    SIDE_FIELDS,
    SUBSTITUTION_FIELDS,
    TABLE_ENTRY_FIELDS,
    TABLE_FIELDS,
    TOURNAMENT_ENTRY_FIELDS,
    TOURNAMENT_EVENING_FIELDS,
    TOURNAMENT_FIELDS,
    TOURNAMENT_LATER_FIELDS,
    TOURNAMENT_PRIZE_FIELDS,
    TOURNAMENT_SHAPE_FIELDS,
    VERSION,
    Row,
)
from tournaments.backup.phases import phases_export
from tournaments.backup.sessions import sessions_export
from tournaments.backup.signing import signed
from tournaments.cycles import collector_paused
from tournaments.models import (
    Deal,
    DealProposal,
    DealSide,
    Meld,
    Phase,
    Seat,
    Session,
    Substitution,
    Table,
    Tournament,
)


def tournament_export(*, tournament: Tournament) -> dict[str, Any]:
    """The whole tournament as JSON-ready data, signed (backup/signing.py), read in the same
    few queries at any size."""
    with collector_paused():
        return signed(_document(tournament))


def _document(tournament: Tournament) -> dict[str, Any]:
    tournament = (
        Tournament.objects.select_related("club", "season")
        .annotate(
            has_phases=Exists(Phase.objects.filter(tournament=OuterRef("pk"))),
            has_sessions=Exists(Session.objects.filter(tournament=OuterRef("pk"))),
        )
        .get(pk=tournament.pk)
    )
    in_tournament = {"round__tournament": tournament}
    pairs = tournament.pairs.select_related("player_one", "player_two").order_by("number")
    pair_number = {pair.pk: pair.number for pair in pairs}
    rounds = list(tournament.round_set.order_by("number"))
    round_number = {round_.pk: round_.number for round_ in rounds}
    tables = list(Table.objects.filter(**in_tournament).order_by("round_id", "number"))
    table_place = {table.pk: (round_number[table.round_id], table.number) for table in tables}

    melds_of: dict[int, list[Row]] = defaultdict(list)
    melds = Meld.objects.filter(side__deal__table__round__tournament=tournament)
    for meld in melds.order_by("side_id", "number").values("side_id", *MELD_FIELDS):
        melds_of[meld["side_id"]].append(_values(meld, MELD_FIELDS))
    sides_of: dict[int, list[Row]] = defaultdict(list)
    sides = DealSide.objects.filter(deal__table__round__tournament=tournament).order_by(
        "deal_id",
        "-direction",  # North-South first, as the entry has them
    )
    for side in _read(sides, SIDE_FIELDS, "pk", "deal_id", "pair_id"):
        sides_of[side["deal_id"]].append(
            {
                **_values(side, SIDE_FIELDS),
                "pair": pair_number[side["pair_id"]],
                "melds": melds_of[side["pk"]],
            }
        )
    deals_of: dict[int, list[Row]] = defaultdict(list)
    deals = Deal.objects.filter(table__round__tournament=tournament).order_by("table_id", "number")
    for deal in _read(deals, DEAL_FIELDS, "pk", "table_id", entered=_username_column("entered_by")):
        deals_of[deal["table_id"]].append(
            {
                **_values(deal, DEAL_FIELDS),
                "entered_by": _name(deal["entered"]),
                "sides": sides_of[deal["pk"]],
            }
        )
    seats_of: dict[int, list[Row]] = defaultdict(list)
    seats = Seat.objects.filter(**in_tournament).order_by("table_id", "-direction", "position")
    for table_id, direction, position, pair_id in seats.values_list(
        "table_id", "direction", "position", "pair_id"
    ):
        place = {"position": position} if position else {}  # an individual's seat
        seats_of[table_id].append({"direction": direction, **place, "pair": pair_number[pair_id]})
    substitutions_of: dict[int, list[Row]] = defaultdict(list)
    for change in (
        Substitution.objects.filter(pair__tournament=tournament)
        .select_related("player_out", "player_in")
        .order_by("pair_id", "from_round", "id")
    ):
        substitutions_of[change.pair_id].append(
            {
                **_dump(change, SUBSTITUTION_FIELDS),
                "player_out": _dump(change.player_out, PLAYER_FIELDS),
                "player_in": _dump(change.player_in, PLAYER_FIELDS),
            }
        )
    proposals_of = _proposals(tournament, pair_number)
    tables_of: dict[int, list[Row]] = defaultdict(list)
    for table in tables:
        tables_of[table.round_id].append(
            {
                **_dump(table, (*TABLE_FIELDS, *TABLE_ENTRY_FIELDS)),
                "seats": seats_of[table.pk],
                "deals": deals_of[table.pk],
                "proposals": proposals_of[table.pk],
            }
        )
    season = tournament.season
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": _plain(timezone.now()),
        "club": {"slug": tournament.club.slug, "name": tournament.club.name},
        "tournament": {
            **_dump(
                tournament,
                (
                    *TOURNAMENT_FIELDS,
                    *TOURNAMENT_LATER_FIELDS,
                    *TOURNAMENT_ENTRY_FIELDS,
                    *TOURNAMENT_EVENING_FIELDS,
                    *TOURNAMENT_SHAPE_FIELDS,
                    *TOURNAMENT_PRIZE_FIELDS,
                ),
            ),
            "season": None if season is None else {"slug": season.slug, "name": season.name},
        },
        "pairs": [
            {
                **_dump(pair, (*PAIR_FIELDS, *PAIR_PLAY_FIELDS, *PAIR_CHECK_IN_FIELDS)),
                "player_one": _dump(pair.player_one, PLAYER_FIELDS),
                "player_two": None
                if pair.player_two is None
                else _dump(pair.player_two, PLAYER_FIELDS),
                "substitutions": substitutions_of[pair.pk],
            }
            for pair in pairs
        ],
        "rounds": [
            {
                **_dump(round_, (*ROUND_FIELDS, *ROUND_EVENING_FIELDS)),
                "tables": tables_of[round_.pk],
            }
            for round_ in rounds
        ],
        "changes": [
            {
                "round": table_place[change["table_id"]][0],
                "table": table_place[change["table_id"]][1],
                **_values(change, CHANGE_FIELDS),
                "user": _name(change["username"]),
                "pair": pair_number.get(change["pair_id"]) if change["pair_id"] else None,
            }
            for change in _read(
                tournament.changes.order_by("at", "id"),
                CHANGE_FIELDS,
                "table_id",
                "pair_id",
                username=_username_column("user"),
            )
        ],
        "events": [
            {**_dump(event, EVENT_FIELDS), "user": _username(event.user)}
            for event in tournament.events.select_related("user").order_by("at", "id")
        ],
        "decisions": _decisions(tournament, pair_number),
        **phases_export(tournament, pairs, has_phases=tournament.has_phases),
        **(sessions_export(tournament) if tournament.has_sessions else {}),
    }


def _decisions(tournament: Tournament, pair_number: dict[int, int]) -> list[Row]:
    """The arbiter's decisions in the order taken; a later one names the one it supersedes by
    its place in this list."""
    rows: list[Row] = []
    place: dict[int, int] = {}
    for decision in tournament.decisions.select_related("user").order_by("id"):
        place[decision.pk] = len(rows)
        rows.append(
            {
                **_dump(decision, DECISION_FIELDS),
                "pair": pair_number.get(decision.pair_id) if decision.pair_id else None,
                # written only when set, so a pairs evening's file is as it was
                **({"partnership": True} if decision.partnership else {}),
                "user": _username(decision.user),
                "supersedes": place.get(decision.supersedes_id) if decision.supersedes_id else None,
            }
        )
    return rows


def _proposals(tournament: Tournament, pair_number: dict[int, int]) -> dict[int, list[Row]]:
    """Each table's deals as the pairs wrote them, in the order they were written; a version
    that answers another names it by its place in the table's list."""
    proposals_of: dict[int, list[Row]] = defaultdict(list)
    place: dict[int, int] = {}
    for proposal in DealProposal.objects.filter(table__round__tournament=tournament).order_by(
        "table_id", "id"
    ):
        rows = proposals_of[proposal.table_id]
        place[proposal.pk] = len(rows)
        rows.append(
            {
                **_dump(proposal, (*PROPOSAL_FIELDS, *PROPOSAL_LATER_FIELDS)),
                "pair": pair_number[proposal.pair_id],
                "answers": place.get(proposal.answers_id) if proposal.answers_id else None,
            }
        )
    return proposals_of


def _dump(row: models.Model, names: Iterable[str]) -> Row:
    return {name: _plain(getattr(row, name)) for name in names}


_PLAIN = frozenset({int, str, bool, float, type(None), dict, list})
"""The types of value a file holds as they are (only moments are written otherwise)."""


def _values(row: Row, names: Iterable[str]) -> Row:
    """`_dump` of a row read as values (the many rows: deals, sides, melds, audit records)."""
    return {name: value if type(value := row[name]) in _PLAIN else _plain(value) for name in names}


def _read(rows: models.QuerySet[Any], names: Iterable[str], *keys: str, **more: Any) -> list[Row]:
    """`rows.values(*keys, *names, **more)`, the many rows (sides, deals, audit records), read
    faster: each JSON column as its text, all of them read in one `json.loads` (a call for each
    value cost more than the reading); on PostgreSQL each moment as the text `_plain` makes of
    it, made by the database (reading 15,000 moments in Python, then writing them, cost more
    than the rest of their rows)."""
    model: Any = rows.model
    postgresql = connections[rows.db].vendor == "postgresql"
    texts: dict[str, Any] = {}
    moments: dict[str, Any] = {}
    for name in names:
        field = model._meta.get_field(name)
        if isinstance(field, models.JSONField):
            texts[f"{name}_text"] = Cast(name, models.TextField())
        elif isinstance(field, models.DateTimeField) and postgresql:
            moments[f"{name}_text"] = Func(
                F(name), template=ISO_MOMENT, output_field=models.CharField()
            )
    found = list(
        rows.annotate(**texts, **moments).values(
            *keys,
            *(n for n in names if f"{n}_text" not in texts | moments),
            *texts,
            *moments,
            **more,
        )
    )
    for alias in texts:
        values = [row.pop(alias) for row in found]
        read = json.loads(f"[{','.join('null' if v is None else v for v in values)}]")
        for row, value in zip(found, read, strict=True):
            row[alias.removesuffix("_text")] = value
    for alias in moments:
        for row in found:
            row[alias.removesuffix("_text")] = row.pop(alias)
    return found


ISO_MOMENT = "to_char(%(expressions)s AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"+00:00\"')"
"""A moment as `_plain` writes it (`isoformat(timespec="microseconds")` in UTC), in SQL."""


def _username_column(relation: str) -> F:
    """The username of the user a row names, read with the row."""
    return F(f"{relation}__{get_user_model().USERNAME_FIELD}")


def _name(username: object) -> str | None:
    return None if username is None else str(username)


def _plain(value: object) -> object:
    """Dates and times as ISO 8601; times in UTC with microseconds, so they come back exact."""
    if isinstance(value, datetime):
        return value.astimezone(UTC).isoformat(timespec="microseconds")
    if isinstance(value, date):
        return value.isoformat()
    return value


def _username(user: Any) -> str | None:
    return None if user is None else str(user.get_username())
