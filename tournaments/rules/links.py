"""When a pair's link (its phone) may write or accept its table's deals: one answer for the
phone's page and the services that save what it sends; and what a typed pair code reads as.
A link writes only at a table of a round that is being played and that no later round has
closed (`rules.progress`)."""

import re

from django.utils.translation import gettext as _

from tournaments.rules.glossary import words_for
from tournaments.rules.limits import PAIR_CODE_DIGITS
from tournaments.rules.progress import closed_text, finished_refusal
from tournaments.rules.states import RoundStatus

_CODE_SPACING = re.compile(r"[\s.\-]+")


def link_refusal(
    *,
    players_enter: bool,
    finished: bool,
    is_bye: bool,
    round_number: int,
    round_status: str,
    closed_by: int | None,
    organiser_enters: bool,
    table_number: int,
    variant: str,
) -> str:
    """Why a link cannot write or accept anything now ("" when it can). `players_enter`: the
    tournament lets the players enter the results; `closed_by`: the first later round that
    has started (None while there is none); `organiser_enters`: the organiser took this
    table's entry over."""
    if not players_enter:
        return _("The organiser enters the results of this tournament.")
    if finished:
        return _("The tournament is finished: its results are final.")
    if is_bye:
        return _("This pair sits out this round (a bye): there is nothing to enter.")
    if round_status == RoundStatus.SEATING:
        return _("Round %(number)s has not started yet.") % {"number": round_number}
    if round_status != RoundStatus.PLAYING or closed_by is not None:
        return _(
            "Round %(number)s is closed: results can no longer be entered from this link. "
            "Ask the organiser for any correction."
        ) % {"number": round_number}
    if organiser_enters:
        return _("The organiser enters the results of %(table)s %(number)s.") % {
            "table": words_for(variant)["table"],
            "number": table_number,
        }
    return ""


def entry_switch_refusal(
    *,
    finished: bool,
    is_bye: bool,
    table_done: bool,
    round_number: int,
    closed_by: int | None,
    table_number: int,
    variant: str,
) -> str:
    """Why the organiser cannot take a table's entry over from its links, or give it back, now
    ("" when it can): only while its links could still enter something there."""
    if finished:
        return finished_refusal()
    if is_bye:
        return _("This pair sits out this round (a bye): there is nothing to enter.")
    if closed_by is not None:
        return " ".join(
            [
                closed_text(round_number, closed_by),
                _("Its links stay closed: correct its tables on their own pages."),
            ]
        )
    if table_done:
        return _(
            "%(table)s %(number)s is done: its links have nothing left to enter. Correct its "
            "deals on its page."
        ) % {"table": words_for(variant)["table"].capitalize(), "number": table_number}
    return ""


def pair_code_read(text: str) -> str | None:
    """A pair code as typed ("048 213", "048-213"): its PAIR_CODE_DIGITS digits, or None when
    it is not that many ASCII digits."""
    digits = _CODE_SPACING.sub("", text)
    if len(digits) != PAIR_CODE_DIGITS or not (digits.isascii() and digits.isdigit()):
        return None
    return digits
