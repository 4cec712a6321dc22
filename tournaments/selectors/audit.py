"""The change log's lines: a result change (`ResultChange`) or a change of the tournament as a
whole (`TournamentEvent`) said in words in the reader's language (`selectors.audit_log` reads
them, filtered, newest first, a page at a time)."""

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils.translation import gettext as _

from tournaments.models import Decision, ResultChange, Round, Tournament, TournamentEvent
from tournaments.rules.entrant_texts import ENTRANT_TEXTS, shape_text
from tournaments.rules.glossary import Words
from tournaments.selectors import evening
from tournaments.selectors.audit_money import MONEY_KINDS, money_text
from tournaments.selectors.audit_phases import PHASE_KINDS, phase_text
from tournaments.templatetags.numbers import points_text

Kind = TournamentEvent.Kind
Action = ResultChange.Action


@dataclass(frozen=True)
class AuditLine:
    at: datetime
    who: str
    """The organiser's name, or "" when nobody is known (a command, an import)."""
    kind: str
    kind_label: str
    round_number: int | None
    table_number: int | None
    text: str
    restorable: int | None = None
    """A removed deal: the ResultChange to restore it from."""
    warning: bool = False


def kind_choices(*, individual: bool = False) -> list[tuple[str, str]]:
    """Every kind a line can have, for the filter: the result changes, then the others (named
    as the tournament's shape says them; an individual evening has no gironi to split)."""
    return [
        (str(value), _kind_label(str(value), individual) or str(label))
        for value, label in [*Action.choices, *Kind.choices]
        if not (individual and value in PHASE_KINDS)
    ]


def _who(user: Any) -> str:
    if user is None:
        return ""
    return str(user.get_full_name() or user.get_username())


def _totals(values: Mapping[str, Any] | None, words: Words) -> str:
    if not values:
        return ""
    totals = values.get("totals", {})
    ns, ew = points_text(totals.get("ns", 0)), points_text(totals.get("ew", 0))
    return f"{words['ns']} {ns}, {words['ew']} {ew}"


def change_line(
    change: ResultChange, words: Words, restorable: set[int], *, individual: bool = False
) -> AuditLine:
    """A result change in words; `individual`: the entrants are players alone, and the line
    names them so (`words` then says "player" for "pair": `rules.shapes.entrant_words`)."""
    values = {
        "deal": change.deal_number,
        "before": _totals(change.before, words),
        "after": _totals(change.after, words),
    }
    written_by = (change.after or {}).get("written_by") or (change.after or {}).get("pair")
    values["writer"] = f"{words['pair']} {written_by}"
    if change.action == Action.ENTERED:
        text = _("Deal %(deal)s entered: %(after)s.") % values
    elif change.action == Action.CORRECTED:
        text = _("Deal %(deal)s corrected: %(before)s → %(after)s.") % values
    elif change.action == Action.WRITTEN:
        text = _("Deal %(deal)s written on a phone: %(after)s; it waits for the opponents.") % (
            values
        )
        if change.before:
            text = _("Deal %(deal)s written again on a phone: %(before)s → %(after)s.") % values
    elif change.action == Action.ACCEPTED and (change.after or {}).get("with_code"):
        text = shape_text(individual, "log_accepted_with_code", **values)
    elif change.action == Action.ACCEPTED and (change.after or {}).get("queued"):
        text = (
            _(
                "Deal %(deal)s accepted, as %(writer)s wrote it: %(after)s; saved once the deal "
                "before is decided."
            )
            % values
        )
    elif change.action == Action.ACCEPTED:
        text = _("Deal %(deal)s accepted, as %(writer)s wrote it: %(after)s.") % values
    elif change.action == Action.DISPUTED and (change.after or {}).get("why"):
        text = _(
            "Deal %(deal)s, accepted while the deal before was with the organiser, no longer "
            "passes the checks once that was decided (%(why)s): the organiser decides."
        ) % {**values, "why": (change.after or {})["why"]}
    elif change.action == Action.DISPUTED:
        text = _(
            "Deal %(deal)s disputed: %(writer)s wrote %(before)s, the opponents %(after)s."
        ) % {**values, "writer": f"{words['pair']} {(change.before or {}).get('pair')}"}
    elif change.action == Action.SETTLED:
        text = _("Deal %(deal)s decided: %(writer)s's version counts, %(after)s.") % values
    else:
        text = _("Deal %(deal)s removed (it was %(before)s).") % values
    return AuditLine(
        at=change.at,
        who=_who(change.user) or _link_of(change, words, individual),
        kind=change.action,
        kind_label=_kind_label(change.action, individual) or _action_label(change.action),
        round_number=change.table.round.number,
        table_number=change.table.number,
        text=text,
        restorable=change.pk if change.pk in restorable else None,
    )


ACTION_LABELS = dict(Action.choices)
"""Each action's label (lazy: said in the reader's language when made text)."""


def _action_label(action: str) -> str:
    """`change.get_action_display()`, without remaking the field's choices for each line (a
    7,500-line log made them 7,500 times)."""
    return str(ACTION_LABELS.get(action, action))


def _kind_label(kind: str, individual: bool) -> str:
    """A kind of change that names the entrant, as an individual tournament says it ("" when
    the kind's own label says it)."""
    key = f"kind:{kind}"
    return shape_text(individual, key) if individual and key in ENTRANT_TEXTS else ""


def _link_of(change: ResultChange, words: Words, individual: bool = False) -> str:
    """Who made a step on a phone: "the link of pair 3" (the players' own entry), or "the pair
    code of pair 3" for a deal the opponents accepted on the writer's phone."""
    if change.pair is None:
        return ""
    if (change.after or {}).get("with_code"):
        return shape_text(
            individual, "log_code_of", pair_word=words["pair"], number=change.pair.number
        )
    return _("the link of %(pair_word)s %(number)s") % {
        "pair_word": words["pair"],
        "number": change.pair.number,
    }


def _pair(value: Any) -> dict[str, Any]:
    """A pair's number and names as the record keeps them."""
    value = value if isinstance(value, dict) else {}
    return {"pair": value.get("pair"), "names": value.get("names")}


def _movement(value: Any) -> str:
    if not isinstance(value, dict):
        return ""
    label = str(dict(Round.Movement.choices).get(value.get("movement", ""), value.get("movement")))
    if value.get("step"):
        label += _(", step %(step)s") % {"step": value["step"]}
    return label


def _setting_text(tournament_field: str, value: Any) -> str:
    field = Tournament._meta.get_field(tournament_field)
    choices = dict(getattr(field, "choices", None) or ())
    if tournament_field == "movement_plan" and isinstance(value, list):
        names = dict(Round.Movement.choices)
        return ", ".join(str(names.get(m, m)) for m in value)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value in (None, "", [], {}):
        return "—"
    if isinstance(value, dict | list):  # the house rules, the VP table
        return _json_text(value)
    return str(choices.get(value, value))


def _json_text(value: Any, path: str = "") -> str:
    """A setting kept as JSON in words: the house rules as "closing_bonus: 150,
    burraco_bonuses.clean: 250", the VP table's bands as "0, 10, 10, 10; 11, 50, 11, 9"."""
    if isinstance(value, dict):
        return ", ".join(
            _json_text(item, f"{path}{key}.")
            if isinstance(item, dict) and item
            else f"{path}{key}: {_json_text(item)}"
            for key, item in value.items()
        )
    if isinstance(value, list):
        separator = "; " if any(isinstance(item, list) for item in value) else ", "
        return separator.join(_json_text(item) for item in value)
    return "—" if value is None else str(value)


def _settings(before: Any, after: Any) -> str:
    if not isinstance(before, dict) or not isinstance(after, dict):
        return ""
    parts = []
    order = [field.name for field in Tournament._meta.fields]
    # in the settings page's order (PostgreSQL's JSON keeps its keys in an order of its own)
    for key in sorted(after, key=lambda name: order.index(name) if name in order else 99):
        try:
            name = str(getattr(Tournament._meta.get_field(key), "verbose_name", key))
        except Exception:
            name = key
        parts.append(
            f"{name}: {_setting_text(key, before.get(key))} → {_setting_text(key, after[key])}"
        )
    return "; ".join(parts)


def _decision_text(
    values: dict[str, Any],
    before: Any,
    after: Any,
    details: Mapping[str, Any],
    individual: bool = False,
) -> str:
    """An arbiter's decision in a sentence: what, where, on whom, the numbers and the reason."""
    kinds = dict(Decision.Kind.choices)
    parts = [
        _("%(kind)s at table %(table)s of round %(round)s")
        % {
            **values,
            "kind": kinds.get(after.get("kind"), after.get("kind")),
        }
    ]
    if after.get("partner"):  # an individual evening's partnership
        parts.append(
            _("partnership %(one)s + %(two)s") % {"one": after.get("pair"), "two": after["partner"]}
        )
    elif after.get("pair"):
        parts.append(shape_text(individual, "log_on", pair=after["pair"]))
    if after.get("deal"):
        parts.append(_("deal %(deal)s") % {"deal": after["deal"]})
    if after.get("mp"):
        parts.append(_("−%(mp)s MP") % {"mp": points_text(after["mp"])})
    if after.get("vp"):
        parts.append(_("−%(vp)s VP") % {"vp": after["vp"]})
    if "ns_mp" in after or "ew_mp" in after:
        parts.append(
            _("MP %(ns_mp)s – %(ew_mp)s")
            % {
                "ns_mp": points_text(after.get("ns_mp", 0)),
                "ew_mp": points_text(after.get("ew_mp", 0)),
            }
        )
    if "ns_vp" in after or "ew_vp" in after:
        parts.append(
            _("VP %(ns_vp)s – %(ew_vp)s")
            % {
                "ns_vp": after.get("ns_vp", 0),
                "ew_vp": after.get("ew_vp", 0),
            }
        )
    text = ", ".join(str(p) for p in parts)
    if before and before.get("kind"):
        text += " " + _("(in place of the earlier %(kind)s)") % {
            "kind": kinds.get(before["kind"], before["kind"])
        }
    return _("%(decision)s. Reason: %(reason)s") % {
        "decision": text,
        "reason": details.get("reason", ""),
    }


def _event_text(event: TournamentEvent, words: Words, individual: bool = False) -> str:
    before, after, details = event.before or {}, event.after or {}, event.details or {}
    values: dict[str, Any] = {"round": event.round_number, "table": event.table_number}
    kind = event.kind
    if kind == Kind.SETTINGS:
        return _("Settings changed: %(changes)s.") % {"changes": _settings(before, after)}
    if kind == Kind.PAIR_ADDED and isinstance(after, list):
        numbers = [str(item.get("pair")) for item in after]
        text = shape_text(individual, "log_added", numbers=", ".join(numbers))
        if details.get("source"):
            text += " " + _("From the file %(name)s.") % {"name": details["source"]}
        return text
    if kind == Kind.PAIR_REMOVED:
        return shape_text(individual, "log_removed", **_pair(before))
    if kind == Kind.PAIR_RENAMED:
        text = shape_text(
            individual,
            "log_renamed",
            pair=before.get("pair"),
            before=before.get("name"),
            after=after.get("name"),
        )
        if before.get("card") != after.get("card"):
            text += " " + _("Card number: %(before)s → %(after)s.") % {
                "before": before.get("card") or "—",
                "after": after.get("card") or "—",
            }
        return text
    if kind == Kind.PAIR_WITHDRAWN:
        text = shape_text(
            individual, "log_withdrew", **_pair(before), round=after.get("from_round")
        )
        if details.get("seated") == "bye":
            text += " " + _("Its opponents at table %(table)s get the bye award.") % values
        elif details.get("seated") == "reseat":
            text += " " + _("Round %(round)s is seated again without it.") % values
        return text
    if kind == Kind.PAIR_JOINED:
        return shape_text(individual, "log_joined", **_pair(after), round=after.get("from_round"))
    if kind == Kind.SUBSTITUTED:
        return shape_text(
            individual,
            "log_substituted",
            pair=after.get("pair"),
            substitute=after.get("player"),
            player=before.get("player"),
            round=after.get("from_round"),
        )
    if kind == Kind.SEATS_SWAPPED:
        return shape_text(
            individual,
            "log_swapped",
            a=(before.get("a") or {}).get("pair"),
            b=(before.get("b") or {}).get("pair"),
        )
    if kind == Kind.ROUND_SEATED:
        return _("Round %(round)s seated: %(movement)s.") % {**values, "movement": _movement(after)}
    if kind == Kind.ROUND_RESEATED:
        text = _("Round %(round)s seated again: %(movement)s.") % {
            **values,
            "movement": _movement(after),
        }
        why = {
            "pair_withdrawn": shape_text(individual, "log_why_withdrawn"),
            "pair_joined": shape_text(individual, "log_why_joined"),
        }.get(details.get("why", ""))
        return f"{text} {why}" if why else text
    if kind == Kind.ROUND_STARTED:
        return _("Round %(round)s started.") % values
    if kind == Kind.FINISHED:
        return _("Finished: the standings are final.")
    if kind == Kind.REOPENED:
        return _("Reopened to correct results. Reason: %(reason)s") % {
            "reason": details.get("reason", "")
        }
    if kind == Kind.DEAL_RESTORED:
        return _("Deal %(deal)s restored: %(totals)s.") % {
            "deal": after.get("number"),
            "totals": _totals(after, words),
        }
    if kind == Kind.TABLE_ENTRY:
        if after.get("organiser_enters") and details.get("why") == "wrong_codes":
            return shape_text(
                individual, "log_wrong_codes", **values, count=details.get("wrong_codes")
            )
        if after.get("organiser_enters"):
            return _("The organiser enters table %(table)s from now on.") % values
        return _("The players of table %(table)s enter its deals again.") % values
    if kind == Kind.DECISION:
        return _decision_text(values, before, after, details, individual)
    if kind == Kind.LINK_ISSUED:
        return shape_text(individual, "log_link", **_pair(after))
    if kind == Kind.IMPORTED:
        text = _("Imported from a backup")
        if details.get("from_club"):
            text += " " + _("of %(club)s") % {"club": details["from_club"]}
        if details.get("verified"):
            return text + ": " + _("its signature was verified.")
        return text + ", " + _("NOT VERIFIED: %(why)s.") % {"why": details.get("why_not", "")}
    if kind in evening.EVENT_KINDS:
        return evening.event_text(kind, event.round_number, after, individual=individual)
    if kind in MONEY_KINDS:
        return money_text(event, individual)
    if kind in PHASE_KINDS:
        return phase_text(event)
    return str(event.get_kind_display())


def _event_who(event: TournamentEvent, words: Words) -> str:
    """Who made a change with no organiser behind it: a table handed to the organiser by its
    wrong pair codes was done by the phone they were typed on, not by someone "unknown"."""
    if event.user is None and (event.details or {}).get("why") == "wrong_codes":
        return _("the phone at %(table)s %(number)s") % {
            "table": words["table"],
            "number": event.table_number,
        }
    return _who(event.user)


def event_line(event: TournamentEvent, words: Words, *, individual: bool = False) -> AuditLine:
    """A change to the tournament as a whole in words (`individual` as for `change_line`)."""
    return AuditLine(
        at=event.at,
        who=_event_who(event, words),
        kind=event.kind,
        kind_label=_kind_label(event.kind, individual) or event.get_kind_display(),
        round_number=event.round_number,
        table_number=event.table_number,
        text=_event_text(event, words, individual),
        warning=event.kind == Kind.IMPORTED and not (event.details or {}).get("verified"),
    )
