"""Reads of what a club keeps for the world outside: the API token a request carries, the
club's tokens and webhooks (with their latest deliveries) for its settings page, and the
websites allowed to frame its embeds (remembered a minute in the shared cache: every embed
asks)."""

import hashlib
from dataclasses import dataclass
from datetime import timedelta

from django.core.cache import cache
from django.db.models import QuerySet
from django.utils import timezone

from opendata.models import ApiToken, EmbedSite, PlayerMessage, Webhook, WebhookDelivery
from tournaments.models import Club

TOKEN_PREFIX = "bct_"
"""Every token begins so: a secret scanner (or a reader) can tell what it is."""
USED_EVERY = timedelta(minutes=1)
"""`last_used_at` is written at most once a minute a token, not once a request."""
SITES_SECONDS = 60


def token_digest(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def token_for(raw: str) -> ApiToken | None:
    """The live (not revoked) token `raw` is, noting that it was used; None for anything else."""
    if not raw.startswith(TOKEN_PREFIX) or len(raw) > 100:
        return None
    token = (
        ApiToken.objects.filter(digest=token_digest(raw), revoked_at__isnull=True)
        .select_related("club")
        .first()
    )
    if token is not None:
        now = timezone.now()
        if token.last_used_at is None or now - token.last_used_at > USED_EVERY:
            ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token


def tokens_of(club: Club) -> QuerySet[ApiToken]:
    return club.api_tokens.select_related("created_by")


RECENT_DELIVERIES = 10


@dataclass(frozen=True)
class HookLine:
    webhook: Webhook
    deliveries: list[WebhookDelivery]


def webhooks_of(club: Club) -> list[HookLine]:
    """The club's webhooks, each with its latest deliveries (newest first)."""
    hooks = list(club.webhooks.all())
    return [
        HookLine(hook, list(hook.deliveries.order_by("-created_at", "-id")[:RECENT_DELIVERIES]))
        for hook in hooks
    ]


def _sites_key(club_slug: str) -> str:
    return f"embed-sites:{club_slug}"


def embed_origins(club_slug: str) -> list[str]:
    """The origins allowed to frame the club's embeds (one cache read, a query on a miss)."""
    key = _sites_key(club_slug)
    found = cache.get(key)
    if found is None:
        found = list(
            EmbedSite.objects.filter(club__slug=club_slug).values_list("origin", flat=True)
        )
        cache.set(key, found, SITES_SECONDS)
    return list(found)


def forget_embed_origins(club_slug: str) -> None:
    cache.delete(_sites_key(club_slug))


def player_messages_of(club: Club, limit: int = 30) -> list[PlayerMessage]:
    """The latest messages to the club's players, for the organiser's sending log."""
    return list(
        PlayerMessage.objects.filter(tournament__club=club)
        .select_related("player", "tournament")
        .order_by("-created_at", "-id")[:limit]
    )
