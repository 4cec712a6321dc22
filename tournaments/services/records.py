"""Writes of who may see players' records: the club's default and each player's own choice.
Public pages that link to a record are stored per results version: a change bumps the version
of every tournament it shows in, so no stored page keeps a link that is no longer allowed."""

from collections.abc import Iterable

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from tournaments.models import Club, Player, Tournament
from tournaments.rules.records import RECORD_CHOICES
from tournaments.selectors.pairs import player_tournaments
from tournaments.selectors.public import forget_version
from tournaments.services.errors import ServiceError


def _pages_changed(tournaments: Iterable[Tournament]) -> None:
    tournaments = list(tournaments)
    Tournament.objects.filter(pk__in=[t.pk for t in tournaments]).update(
        results_version=F("results_version") + 1
    )
    for tournament in tournaments:
        forget_version(tournament.club.slug, tournament.slug)


@transaction.atomic
def club_records_set(*, club: Club, public: bool) -> None:
    """Whether the club's players' records are public, unless a player said otherwise."""
    if club.records_public == public:
        return
    club.records_public = public
    club.save(update_fields=["records_public"])
    _pages_changed(club.tournaments.select_related("club"))


@transaction.atomic
def player_record_set(*, player: Player, choice: str) -> None:
    """The player's own choice: public, for the organisers only, or as the club says."""
    if choice not in RECORD_CHOICES:
        raise ServiceError(_("Choose who may see the player's record."))
    if player.record == choice:
        return
    player.record = choice
    player.save(update_fields=["record"])
    _pages_changed(player_tournaments(player))
