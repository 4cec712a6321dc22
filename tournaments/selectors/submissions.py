"""Reads for the federation's submissions: the document a submission sends (the event's details
and one row per player with their card number and result), the rows of a stored one as a table
for its CSV and Excel twins, and the submissions made with what changed since the one before.

The numbers are the stored standings of the finished tournament (`Pair` rows, as the
federation's file reads them, `tournaments.federation`); a session's are the standings after
its last round, ranked as the app ranks "before round N" for the Danese
(`services.standings.danese_standings`): the tables and decisions of the rounds before."""

from dataclasses import dataclass
from typing import Any

from django.db.models import Count
from django.utils import timezone

from tournaments.federation import federation_columns, federation_rows
from tournaments.models import FederationSubmission, Pair, Table, Tournament
from tournaments.prizes.caps import pool_of
from tournaments.rules.sessions import SessionPlan
from tournaments.rules.standings import STANDING_FIELDS
from tournaments.rules.submissions import SubmissionChanges, submission_changes
from tournaments.selectors import decisions, results
from tournaments.selectors.organiser import standings_for
from tournaments.selectors.phases import latest_girone_names, with_latest_girone
from tournaments.selectors.prizes import FEDERATION, plan_of
from tournaments.selectors.sessions import sessions_of

FORMAT = "burraco-club-federation"
VERSION = 1
ROW_FIELDS = (
    "card_number", "last_name", "first_name", "number", "rank", "vp", "mp",
    "rounds_played", "from_round", "to_round", "girone",
)  # fmt: skip
"""A row's fields; "number" is `pair_number`, or `player_number` in an individual event. A
match-format event adds matches won and the point difference after MP."""


def result_fields(tournament: Tournament) -> list[str]:
    number = "player_number" if tournament.is_individual else "pair_number"
    fields = [number if name == "number" else name for name in ROW_FIELDS]
    extra = list(tournament.play_format.extra_columns)
    at = fields.index("mp") + 1
    return [*fields[:at], *extra, *fields[at:]]


def _pairs_after(tournament: Tournament, last_round: int | None) -> list[Pair]:
    """The pairs best first, with the stored standings, or those after round `last_round`."""
    pairs = list(with_latest_girone(standings_for(tournament)))
    if last_round is None:
        return pairs
    before = last_round + 1
    records = tournament.play_format.rank(
        [pair.pk for pair in pairs],
        results.outcomes(tournament, before=before),
        decisions.penalties_of(tournament, before=before),
    )
    for pair in pairs:
        for name in STANDING_FIELDS:
            setattr(pair, name, getattr(records[pair.pk], name))
    return sorted(pairs, key=lambda p: (p.rank is None, p.rank or 0, p.number))


def _player_rows(
    tournament: Tournament, pairs: list[Pair], last_round: int | None
) -> list[dict[str, Any]]:
    """The federation file's rows (a line per pair or stint) as one row per player."""
    columns = federation_columns(tournament, gironi=True)
    lines = [
        dict(zip(columns, row, strict=False))
        for row in federation_rows(tournament, pairs, last_round=last_round)
    ]
    fields = result_fields(tournament)
    players = [""] if tournament.is_individual else ["player_one_", "player_two_"]
    rows = []
    for line in lines:
        for prefix in players:
            if not line.get(f"{prefix}last_name"):
                continue  # a two-player evening: one player a side
            row = {name: line.get(f"{prefix}{name}", line.get(name)) for name in fields}
            rows.append({name: ("" if row[name] is None else row[name]) for name in fields})
    return rows


def _tables(tournament: Tournament, last_round: int) -> int:
    """The most tables played in one round (a bye is no table)."""
    counts = (
        Table.objects.filter(round__tournament=tournament, round__number__lte=last_round)
        .exclude(is_bye=True)
        .values("round_id")
        .annotate(tables=Count("id"))
        .values_list("tables", flat=True)
    )
    return max(counts, default=0)


def _prize_pool(tournament: Tournament) -> dict[str, Any] | None:
    plan = plan_of(tournament)
    if plan is None:
        return None
    cents, unvalued = pool_of(plan)
    return {"currency": plan.currency, "cents": cents, "items_without_value": unvalued}


def _session_data(session: SessionPlan) -> dict[str, Any]:
    return {
        "number": session.number,
        "date": session.date.isoformat(),
        "starts_at": session.starts_at.isoformat(timespec="minutes") if session.starts_at else None,
        "first_round": session.first_round,
        "last_round": session.last_round,
    }


def event_data(tournament: Tournament, last_round: int) -> dict[str, Any]:
    """The event's details the federation asks for."""
    club = tournament.club
    plan = sessions_of(tournament)
    gironi = sorted(set(latest_girone_names(tournament).values()))
    return {
        "federation": FEDERATION,
        "association_code": club.federation_code,
        "club": club.name,
        "tournament": tournament.name,
        "level": tournament.prize_level,
        "entrants": tournament.entrants,
        "format": tournament.format,
        "dates": sorted({s.date.isoformat() for s in plan} or {tournament.date.isoformat()}),
        "sessions": [_session_data(s) for s in plan],
        "rounds": tournament.rounds,
        "deals_per_round": tournament.deals_per_round,
        "rounds_included": last_round,
        "tables": _tables(tournament, last_round),
        "gironi": gironi,
        "arbiter": tournament.arbiter,
        "scorer": tournament.scorer,
        "prize_pool": _prize_pool(tournament),
    }


def submission_document(
    tournament: Tournament, *, number: int, session: SessionPlan | None, made_by: str
) -> dict[str, Any]:
    """The document of submission `number` (unsigned): after `session`, or the final one."""
    last_round = session.last_round if session else tournament.rounds
    pairs = _pairs_after(tournament, session.last_round if session else None)
    return {
        "format": FORMAT,
        "version": VERSION,
        "submission": {
            "number": number,
            "kind": "session" if session else "final",
            "session": session.number if session else None,
            "made_at": timezone.now().isoformat(timespec="seconds"),
            "made_by": made_by,
        },
        "event": event_data(tournament, last_round),
        "results": _player_rows(tournament, pairs, session.last_round if session else None),
    }


def rows_of(tournament: Tournament, payload: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    """A stored submission's rows as a table: its fields, and a list of cells a row."""
    fields = result_fields(tournament)
    rows = payload.get("results", [])
    # in the order written (the database gives a document's keys back in its own order)
    fields += sorted({name for row in rows for name in row} - set(fields))
    return fields, [[row.get(name, "") for name in fields] for row in rows]


@dataclass(frozen=True)
class SubmissionLine:
    submission: FederationSubmission
    previous: FederationSubmission | None
    changes: SubmissionChanges | None


def submissions_of(tournament: Tournament) -> list[SubmissionLine]:
    """The submissions made, newest first, each with what changed since the one before it of
    the same kind (the same session; the final after the final)."""
    made = list(tournament.submissions.select_related("made_by").order_by("number"))
    lines: list[SubmissionLine] = []
    latest: dict[tuple[str, int | None], FederationSubmission] = {}
    for submission in made:
        which = (submission.kind, submission.session)
        previous = latest.get(which)
        changes = submission_changes(previous.payload, submission.payload) if previous else None
        lines.append(SubmissionLine(submission, previous, changes))
        latest[which] = submission
    return lines[::-1]
