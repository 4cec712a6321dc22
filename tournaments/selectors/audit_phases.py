"""The change log's lines of phases and gironi, in words: the plan changed, the field split
into gironi, the split undone, a pair moved (`selectors.audit` asks here)."""

from typing import Any

from django.utils.translation import gettext as _

from tournaments.models import TournamentEvent

Kind = TournamentEvent.Kind

PHASE_KINDS = {Kind.PHASE_PLAN, Kind.SPLIT, Kind.SPLIT_UNDONE, Kind.GIRONE_MOVE}
"""The change log's lines of a phase plan and its gironi (an event of pairs in gironi)."""


def _plan_text(plan: Any) -> str:
    """A phase plan as the change log keeps it (`services.phases._plan_record`), in words."""
    phases = []
    phases_kept = plan.get("phases") if isinstance(plan, dict) else None
    for phase in phases_kept if isinstance(phases_kept, list) else []:
        values = {"first": phase.get("first"), "last": phase.get("last")}
        if phase.get("gironi"):
            phases.append(
                _("rounds %(first)s to %(last)s in %(gironi)s gironi")
                % {**values, "gironi": phase["gironi"]}
            )
        else:
            phases.append(_("rounds %(first)s to %(last)s by the whole field") % values)
    return "; ".join(phases)


def _gironi_text(gironi: Any) -> str:
    """ "A (pairs 1, 4, 5), B (pairs 2, 3, 6)" from the gironi the change log keeps."""
    return ", ".join(
        _("%(name)s (pairs %(pairs)s)")
        % {"name": girone.get("name"), "pairs": ", ".join(str(n) for n in girone.get("pairs", []))}
        for girone in _gironi_kept(gironi)
    )


def _gironi_kept(value: Any) -> list[dict[str, Any]]:
    gironi = value.get("gironi") if isinstance(value, dict) else None
    return [g for g in gironi if isinstance(g, dict)] if isinstance(gironi, list) else []


def phase_text(event: TournamentEvent) -> str:
    """A change of the phase plan or of a phase's gironi, in words."""
    phase = (event.details or {}).get("phase")
    if event.kind == Kind.PHASE_PLAN:
        return _("Phase plan: %(after)s (it was: %(before)s).") % {
            "after": _plan_text(event.after),
            "before": _plan_text(event.before),
        }
    if event.kind == Kind.SPLIT:
        return _("Phase %(phase)s split into gironi: %(gironi)s.") % {
            "phase": phase,
            "gironi": _gironi_text(event.after),
        }
    if event.kind == Kind.SPLIT_UNDONE:
        names = ", ".join(str(g.get("name")) for g in _gironi_kept(event.before))
        return _("Phase %(phase)s: the split into gironi %(names)s is undone.") % {
            "phase": phase,
            "names": names,
        }
    before, after = event.before or {}, event.after or {}
    text = _("Pair %(pair)s moved from girone %(before)s to girone %(after)s (phase %(phase)s).")
    return text % {
        "pair": after.get("pair"),
        "before": before.get("girone") or "–",
        "after": after.get("girone"),
        "phase": phase,
    }
