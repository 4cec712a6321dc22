"""What changed between two submissions to the federation (two signed documents of the same
tournament, `selectors.submissions.submission_document`): the event's details that moved, the
rows added or gone, and each player's numbers that moved ("Maria Rossi (card 12345): VP 40 →
42, rank 3 → 2"). Pure: it reads the two dicts and nothing else.

A row is one player's line: the same player (their card number, or their name when they have
none) in the same pair (or as the same player number) from the same round. Their name, rank,
VP, MP and the rest are what may change."""

import json
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.prizes.caps import money_words

KEY_FIELDS = ("pair_number", "player_number", "card_number", "from_round")
"""What names a row; a row whose key moved is one gone and one added."""

FIELD_NAMES = {
    "vp": gettext_lazy("VP"),
    "mp": gettext_lazy("MP"),
    "matches_won": gettext_lazy("matches won"),
    "point_difference": gettext_lazy("point difference"),
    "rank": gettext_lazy("rank"),
    "rounds_played": gettext_lazy("rounds played"),
    "to_round": gettext_lazy("to round"),
    "girone": gettext_lazy("girone"),
    "last_name": gettext_lazy("surname"),
    "first_name": gettext_lazy("first name"),
}
EVENT_NAMES = {
    "federation": gettext_lazy("federation"),
    "association_code": gettext_lazy("association code"),
    "club": gettext_lazy("club"),
    "tournament": gettext_lazy("tournament"),
    "level": gettext_lazy("level"),
    "dates": gettext_lazy("dates"),
    "sessions": gettext_lazy("sessions"),
    "rounds": gettext_lazy("rounds"),
    "deals_per_round": gettext_lazy("deals per round"),
    "tables": gettext_lazy("tables"),
    "gironi": gettext_lazy("gironi"),
    "arbiter": gettext_lazy("arbiter"),
    "scorer": gettext_lazy("scorer (sala conti)"),
    "prize_pool": gettext_lazy("prize pool"),
    "rounds_included": gettext_lazy("rounds included"),
}
"""The fields in the order a change names them (a stored document's keys come back in the
database's order, not the order written: PostgreSQL's jsonb sorts them)."""


@dataclass(frozen=True)
class SubmissionChanges:
    event: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    players: list[str] = field(default_factory=list)

    @property
    def nothing(self) -> bool:
        return not (self.event or self.added or self.removed or self.players)


def _key(row: dict[str, Any]) -> tuple[Any, ...]:
    who = row.get("card_number") or (row.get("last_name"), row.get("first_name"))
    return (*(row.get(name) for name in KEY_FIELDS if name != "card_number"), who)


def _text(value: Any) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, dict) and {"cents", "currency"} <= set(value):
        return money_words(value["cents"], value["currency"])  # the prize pool
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return str(value)


def row_label(row: dict[str, Any]) -> str:
    """'Maria Rossi (card 12345)', or '(pair 3)' for a player without a card."""
    name = " ".join(part for part in (row.get("first_name"), row.get("last_name")) if part)
    if row.get("card_number"):
        return _("%(name)s (card %(card)s)") % {"name": name, "card": row["card_number"]}
    if row.get("player_number") is not None:
        return _("%(name)s (player %(number)s)") % {"name": name, "number": row["player_number"]}
    return _("%(name)s (pair %(number)s)") % {"name": name, "number": row.get("pair_number")}


def _in_order(known: dict[str, Any], names: list[str]) -> list[str]:
    """`names` once each: the known ones in `known`'s order, then the others sorted."""
    present = set(names)
    return [n for n in known if n in present] + sorted(present - set(known))


def _moved(names: dict[str, Any], before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    moved = []
    for name in _in_order(names, [*after, *before]):
        if name in KEY_FIELDS or before.get(name) == after.get(name):
            continue
        label = names.get(name, name)
        moved.append(f"{label} {_text(before.get(name))} → {_text(after.get(name))}")
    return moved


def submission_changes(previous: dict[str, Any], current: dict[str, Any]) -> SubmissionChanges:
    """What `current` says differently from `previous`: the event's details, then the rows in
    the order of `current` (the best first)."""
    event = [
        f"{EVENT_NAMES.get(name, name)}: {_text(before)} → {_text(after)}"
        for name, before, after in (
            (n, previous.get("event", {}).get(n), current.get("event", {}).get(n))
            for n in _in_order(EVENT_NAMES, [*current.get("event", {}), *previous.get("event", {})])
        )
        if before != after
    ]
    old = {_key(row): row for row in previous.get("results", [])}
    new = {_key(row): row for row in current.get("results", [])}
    players = []
    for key, row in new.items():
        if key in old:
            moved = _moved(FIELD_NAMES, old[key], row)
            if moved:
                players.append(f"{row_label(row)}: {', '.join(moved)}")
    return SubmissionChanges(
        event=event,
        added=[row_label(row) for key, row in new.items() if key not in old],
        removed=[row_label(row) for key, row in old.items() if key not in new],
        players=players,
    )
