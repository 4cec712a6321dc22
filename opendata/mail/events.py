"""From an event the tournament services announce to the messages for the players who gave
an address with consent: one row each, in the transaction of the change, and the sender woken
once it is committed (as the webhooks do). Nothing is written for a player without consent."""

from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from opendata.mail import delivery
from opendata.models import PlayerMessage
from tournaments.models import Pair, Player, Seat, Tournament
from tournaments.services import announcements


def connect() -> None:
    announcements.announced.connect(_heard, dispatch_uid="opendata.mail")


def _consenting(pair_ids: Any) -> list[Player]:
    """The players of now of those pairs with an address and consent."""
    of_pairs = Q(pk__in=Pair.objects.filter(pk__in=pair_ids).values("player_one")) | Q(
        pk__in=Pair.objects.filter(pk__in=pair_ids).values("player_two")
    )
    return list(Player.objects.filter(of_pairs, email_consent_at__isnull=False).exclude(email=""))


def _heard(
    sender: object,
    tournament: Tournament,
    event: str,
    round_number: int | None = None,
    **_: Any,
) -> None:
    if event == announcements.ROUND_PUBLISHED and round_number is not None:
        seated = Seat.objects.filter(
            round__tournament=tournament, round__number=round_number, table__is_bye=False
        ).values("pair_id")
        kind = PlayerMessage.Kind.NEXT_TABLE
        players = _consenting(seated)
    elif event == announcements.TOURNAMENT_FINISHED:
        kind, round_number = PlayerMessage.Kind.RESULT, None
        players = _consenting(tournament.pairs.values("pk"))
    else:
        return
    if not players:
        return
    now = timezone.now()
    PlayerMessage.objects.bulk_create(
        PlayerMessage(
            player=player,
            tournament=tournament,
            kind=kind,
            round_number=round_number,
            next_attempt_at=now,
        )
        for player in players
    )
    transaction.on_commit(delivery.wake)
