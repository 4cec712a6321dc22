"""The session a round is played in, for the pages a player reads at the table or on the wall
("Session 2 · 22 November 2026, 15:00"): nothing for a tournament played in one session.

    {% load sessions %}
    {% round_session tournament round.number as session %}{% if session %}…{{ session }}{% endif %}
"""

from django import template
from django.utils.translation import gettext as _

from tournaments.models import Tournament
from tournaments.rules.sessions import session_of
from tournaments.selectors.sessions import sessions_of

register = template.Library()


@register.simple_tag
def round_session(tournament: Tournament, round_number: int) -> str:
    """Round `round_number`'s session and its date, or "" without sessions (read once a page:
    the plan is kept on the tournament object)."""
    plan = getattr(tournament, "_session_plan", None)
    if plan is None:
        plan = sessions_of(tournament)
        tournament._session_plan = plan  # type: ignore[attr-defined]
    session = session_of(plan, int(round_number))
    if session is None:
        return ""
    return _("Session %(number)s · %(when)s") % {"number": session.number, "when": session.when()}
