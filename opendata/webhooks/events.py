"""From an event the tournament services announce to the deliveries of the club's webhooks
that asked for it: one row each, in the transaction of the change (so an event is never sent
for a change that was rolled back, nor lost for one that was committed), and the sender woken
once it is committed."""

import json
import uuid
from typing import Any

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from opendata.models import Webhook, WebhookDelivery
from opendata.webhooks import delivery
from tournaments.models import Tournament
from tournaments.services import announcements


def connect() -> None:
    announcements.announced.connect(_heard, dispatch_uid="opendata.webhooks")


def payload(
    tournament: Tournament,
    event: str,
    *,
    delivery_id: str,
    round_number: int | None,
    table_number: int | None,
) -> dict[str, Any]:
    """What a delivery says: the event, where it happened, and where to read the rest (the
    public page and the API; absolute when SITE_URL is set)."""
    club, slug = tournament.club.slug, tournament.slug
    if round_number is not None:
        api = reverse(
            "api:api_round",
            kwargs={"club_slug": club, "tournament_slug": slug, "number": round_number},
        )
    else:
        api = reverse("api:api_standings", kwargs={"club_slug": club, "tournament_slug": slug})
    site = str(getattr(settings, "SITE_URL", "")).rstrip("/")
    return {
        "id": delivery_id,
        "event": event,
        "created": timezone.now().replace(microsecond=0).isoformat(),
        "club": club,
        "tournament": slug,
        "tournament_name": tournament.name,
        "round": round_number,
        "table": table_number,
        "links": {
            "page": site + reverse("public_tournament", args=[club, slug]),
            "api": site + api,
        },
    }


def _heard(
    sender: object,
    tournament: Tournament,
    event: str,
    round_number: int | None = None,
    table_number: int | None = None,
    **_: Any,
) -> None:
    # few hooks a club: the events each wants are read here (a JSON list, which not every
    # database can search)
    hooks = [
        hook for hook in Webhook.objects.filter(club_id=tournament.club_id) if event in hook.events
    ]
    if not hooks:
        return
    now = timezone.now()
    for hook in hooks:
        delivery_id = uuid.uuid4()
        body = payload(
            tournament,
            event,
            delivery_id=str(delivery_id),
            round_number=round_number,
            table_number=table_number,
        )
        WebhookDelivery.objects.create(
            webhook=hook,
            uuid=delivery_id,
            event=event,
            body=json.dumps(body, ensure_ascii=False, separators=(",", ":")),
            next_attempt_at=now,
        )
    transaction.on_commit(delivery.wake)
