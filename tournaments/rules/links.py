"""When a pair's link (its phone) may write or accept its table's deals: one answer for the
phone's page and the services that save what it sends; and what a typed pair code reads as."""

import re

from django.utils.translation import gettext as _

from tournaments.models import Round, Seat, Tournament
from tournaments.rules.glossary import words_for
from tournaments.rules.limits import PAIR_CODE_DIGITS

_CODE_SPACING = re.compile(r"[\s.\-]+")


def link_refusal(seat: Seat) -> str:
    """Why this link cannot write or accept anything now ("" when it can)."""
    table, round_ = seat.table, seat.round
    tournament = round_.tournament
    words = words_for(tournament.variant)
    if tournament.result_entry != Tournament.ResultEntry.PLAYERS:
        return _("The organiser enters the results of this tournament.")
    if tournament.status == Tournament.Status.FINISHED:
        return _("The tournament is finished: its results are final.")
    if table.is_bye:
        return _("This pair sits out this round (a bye): there is nothing to enter.")
    if round_.status == Round.Status.SEATING:
        return _("Round %(number)s has not started yet.") % {"number": round_.number}
    if round_.status == Round.Status.DONE:
        return _(
            "Round %(number)s is closed: results can no longer be entered from this link. "
            "Ask the organiser for any correction."
        ) % {"number": round_.number}
    if table.organiser_enters:
        return _("The organiser enters the results of %(table)s %(number)s.") % {
            "table": words["table"],
            "number": table.number,
        }
    return ""


def pair_code_read(text: str) -> str | None:
    """A pair code as typed ("048 213", "048-213"): its PAIR_CODE_DIGITS digits, or None when
    it is not that many ASCII digits."""
    digits = _CODE_SPACING.sub("", text)
    if len(digits) != PAIR_CODE_DIGITS or not (digits.isascii() and digits.isdigit()):
        return None
    return digits
