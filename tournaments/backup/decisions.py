"""The arbiter's decisions in a backup file: read (in the file's order, a later one naming the
one it supersedes by its place), and restored before the tables and standings are checked,
since they set results and take points."""

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tournaments.backup.fields import DECISION_FIELDS, Row
from tournaments.backup.values import as_list, as_object, bad, field_values, username
from tournaments.models import Decision, Pair, Tournament


@dataclass
class DecisionIn:
    row: Decision
    at: datetime
    pair: int | None
    user: str | None
    supersedes: int | None
    """The place in the file's list of the decision this one cancels or replaces."""


def read_decisions(data: Row, pairs: dict[int, Any]) -> list[DecisionIn]:
    """The file's decisions (none in a file written before they were kept)."""
    if "decisions" not in data:
        return []
    rows = as_list(data, "decisions", "the file")
    return [_read_decision(row, place, pairs) for place, row in enumerate(rows)]


def _read_decision(row: object, place: int, pairs: dict[int, Any]) -> DecisionIn:
    row = as_object(row, "a decision")
    names = [name for name in DECISION_FIELDS if name != "reason"]
    values = field_values(Decision, row, names, "a decision")
    where = f"decision {place + 1} (round {values['round_number']}, {values['kind']})"
    reason = row.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise bad(where, 'needs its "reason", a text')
    pair = row.get("pair")
    if pair is not None and (isinstance(pair, bool) or pair not in pairs):
        raise bad(where, f"names pair {pair}, which is not in the file")
    supersedes = row.get("supersedes")
    if supersedes is not None and (
        isinstance(supersedes, bool)
        or not isinstance(supersedes, int)
        or not 0 <= supersedes < place
    ):
        raise bad(where, 'should name an earlier decision by its place in "supersedes", or null')
    partnership = row.get("partnership", False)  # an individual evening's, when true
    if not isinstance(partnership, bool):
        raise bad(where, 'should have true or false in "partnership"')
    values["reason"] = reason
    values["partnership"] = partnership
    return DecisionIn(
        Decision(**values), values["at"], pair, username(row, "user", where), supersedes
    )


def restore_decisions(
    tournament: Tournament,
    decisions: list[DecisionIn],
    pairs: dict[int, Pair],
    users: dict[str, Any],
) -> None:
    """The decisions in the file's order, each superseding the one it names."""
    saved: list[Decision] = []
    for decision in decisions:
        row = decision.row
        row.tournament = tournament
        row.pair = None if decision.pair is None else pairs[decision.pair]
        row.user = users.get(decision.user or "")
        row.supersedes = None if decision.supersedes is None else saved[decision.supersedes]
        row.save()
        saved.append(row)
    for decision in decisions:  # auto_now_add stamped them: put the moment taken back
        decision.row.at = decision.at
    if saved:
        Decision.objects.bulk_update(saved, ["at"])
