"""Reads of the federation's member list a club imported (models.FederationMember): how big it
is and when it came, a member found by name or card, and what the organiser should hear about
the players just entered (`card_warnings`): a card the list finds wrong (rules/cards.py), a
player without a card the list knows, and a player who may already be in the club's records
under a name written a little differently."""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime

from django.db.models import Count, Max, Q
from django.utils.translation import gettext as _

from tournaments.models import Club, FederationMember, Player
from tournaments.rules.cards import card_problem
from tournaments.rules.names import fold, sort_name

FOUND_MOST = 50
"""The members a search shows at most: type more of the name for fewer."""


@dataclass(frozen=True)
class MemberList:
    count: int
    imported_at: datetime | None


def member_list_of(club: Club) -> MemberList:
    found = club.federation_members.aggregate(count=Count("pk"), at=Max("imported_at"))
    return MemberList(found["count"], found["at"])


def members_found(club: Club, text: str) -> list[FederationMember]:
    """The members whose card starts with `text`, or whose names hold each of its words."""
    words = text.split()
    if not words:
        return []
    query = Q(card_number__istartswith=text.strip())
    named = Q()
    for word in words:
        named &= Q(last_name__icontains=word) | Q(first_name__icontains=word)
    return list(club.federation_members.filter(query | named)[:FOUND_MOST])


def _card_text(player: Player) -> str:
    if player.card_number:
        return _("%(name)s (card %(card)s)") % {
            "name": player.full_name,
            "card": player.card_number,
        }
    return _("%(name)s (no card)") % {"name": player.full_name}


def card_warnings(club: Club, players: Iterable[Player], *, today: date) -> list[str]:
    """What the organiser should check about the players just entered (none is refused):
    their cards by the club's member list (when it imported one), a player without a card the
    list knows by name, and the club's other players with the same names but for case,
    accents or spaces, who may be the same person."""
    players = list({player.pk: player for player in players}.values())
    has_list = club.federation_members.exists()
    cards = [p.card_number for p in players if p.card_number]
    members = {m.card_number: m for m in club.federation_members.filter(card_number__in=cards)}
    keys = {sort_name(p.last_name, p.first_name) for p in players}
    namesakes = list(Player.objects.filter(club=club, sort_name__in=keys).order_by("pk"))
    without_card = sorted({p.last_name for p in players if not p.card_number})
    listed = _members_named(club, without_card) if has_list else []
    warnings: list[str] = []
    for player in players:
        key = sort_name(player.last_name, player.first_name)
        if player.card_number and has_list:
            problem = card_problem(
                members.get(player.card_number),
                card=player.card_number,
                club_name=club.name,
                today=today,
            )
            if problem:
                warnings.append(problem)
        elif has_list:
            known = [
                m
                for m in listed
                if (fold(m.last_name), fold(m.first_name))
                == (fold(player.last_name), fold(player.first_name))
            ]
            if known:
                warnings.append(
                    _(
                        "%(name)s was entered without a card: the federation's list has %(cards)s. "
                        "If it is theirs, add it on the pair's page."
                    )
                    % {
                        "name": player.full_name,
                        "cards": ", ".join(_member_text(m) for m in known),
                    }
                )
        others = [
            other
            for other in namesakes
            if other.sort_name == key
            and other.pk != player.pk
            and not (other.card_number and player.card_number)  # two cards: two people
        ]
        if others:
            warnings.append(
                _(
                    "Is this %(player)s already in the club? The club's records also have "
                    "%(others)s: if they are one person, correct the name on the pair's page."
                )
                % {
                    "player": _card_text(player),
                    "others": ", ".join(_card_text(other) for other in others),
                }
            )
    return warnings


def _members_named(club: Club, surnames: list[str]) -> list[FederationMember]:
    """The members with one of these surnames, whatever the case (asked a hundred at a time:
    a file of 500 pairs asks no query a database finds too deep)."""
    found: list[FederationMember] = []
    for start in range(0, len(surnames), 100):
        named = Q()
        for surname in surnames[start : start + 100]:
            named |= Q(last_name__iexact=surname)
        found += club.federation_members.filter(named)
    return found


def _member_text(member: FederationMember) -> str:
    if member.birth_year:
        return _("card %(card)s (born %(year)s)") % {
            "card": member.card_number,
            "year": member.birth_year,
        }
    return _("card %(card)s") % {"card": member.card_number}
