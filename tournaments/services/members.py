"""Writes of the federation's member list a club keeps (models.FederationMember): an uploaded
list replaces the club's whole list, all or nothing (the file is read by member_file.py)."""

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from tournaments.models import Club, FederationMember
from tournaments.selectors.access import User
from tournaments.services.member_file import MemberRow, member_rows

_FIELDS = ("last_name", "first_name", "birth_year", "member_club", "valid_until")


@dataclass(frozen=True)
class MembersImported:
    """What an import did to the club's list: cards new to it, cards whose details changed,
    cards as they were, and cards no longer in the federation's list (taken off)."""

    added: int
    updated: int
    unchanged: int
    removed: int

    @property
    def total(self) -> int:
        return self.added + self.updated + self.unchanged


@transaction.atomic
def members_import(*, club: Club, content: bytes, user: User | None = None) -> MembersImported:
    """The club's member list replaced by the uploaded one (CSV or .xlsx); ServiceError naming
    every wrong line and column, nothing saved. The club's players are not touched: a card the
    list no longer holds is only warned of when the player is entered again."""
    now = timezone.now()
    rows = member_rows(content, today=timezone.localdate())
    Club.objects.select_for_update().filter(pk=club.pk).first()  # one import at a time
    old = {member.card_number: member for member in club.federation_members.all()}
    added: list[FederationMember] = []
    changed: list[FederationMember] = []
    unchanged = 0
    for row in rows:
        member = old.pop(row.card_number, None)
        if member is None:
            added.append(_new(club, row, now))
        elif any(getattr(member, name) != getattr(row, name) for name in _FIELDS):
            for name in _FIELDS:
                setattr(member, name, getattr(row, name))
            changed.append(member)
        else:
            unchanged += 1
    FederationMember.objects.filter(pk__in=[m.pk for m in old.values()]).delete()
    FederationMember.objects.bulk_create(added, batch_size=1000)
    FederationMember.objects.bulk_update(changed, _FIELDS, batch_size=1000)
    club.federation_members.update(imported_at=now)  # the list as of this import
    return MembersImported(len(added), len(changed), unchanged, len(old))


def _new(club: Club, row: MemberRow, now: datetime) -> FederationMember:
    return FederationMember(
        club=club,
        card_number=row.card_number,
        imported_at=now,
        **{name: getattr(row, name) for name in _FIELDS},
    )
