"""What is wrong with a federation card number given for a player, by the club's imported list
of the federation's members: a card the list does not hold, a card past its date, a card of
another club. Pure: the caller reads the member (or None) and says today's date.

A problem is a warning, never a refusal: the federation's list may be a week late (a card
renewed on Monday, a player who moved club), and the evening cannot wait for it."""

from datetime import date
from typing import Protocol

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.rules.names import fold


class Member(Protocol):
    """What the rule reads of a member of the list (models.FederationMember)."""

    @property
    def full_name(self) -> str: ...

    member_club: str
    valid_until: date | None


def same_club(one: str, other: str) -> bool:
    """Whether two names are the same club, as lists write them: no case, accents or spaces,
    and one inside the other ("ASD Circolo Burraco Roma" is "Circolo Burraco Roma")."""
    one, other = fold(one), fold(other)
    return bool(one and other) and (one in other or other in one)


def card_problem(member: Member | None, *, card: str, club_name: str, today: date) -> str:
    """ "" for a card the list gives to this club and still valid; else the problem, in the
    organiser's words. An expired card is said before another club's."""
    if member is None:
        return _("Card %(card)s is not in the federation's list.") % {"card": card}
    if member.valid_until is not None and member.valid_until < today:
        return _("Card %(card)s of %(name)s expired on %(date)s.") % {
            "card": card,
            "name": member.full_name,
            # the day in words, as the language writes it: 31 December 2025, 31. Dezember 2025
            "date": date_format(member.valid_until, pgettext("date format in words", "j F Y")),
        }
    if member.member_club.strip() and not same_club(member.member_club, club_name):
        return _("Card %(card)s belongs to %(club)s.") % {
            "card": card,
            "club": member.member_club.strip(),
        }
    return ""
