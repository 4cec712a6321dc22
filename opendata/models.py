"""What a club keeps for the world outside its pages: its organisers' API tokens, its webhooks
and every delivery made to them, and the websites allowed to frame its embeds."""

import secrets
import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Club


class ApiToken(models.Model):
    """A key an organiser made for a club's own software: it reads the club's unpublished
    tournaments and the deals through the API. The token itself is shown once, when it is
    made; only its SHA-256 digest is kept (a 256-bit random key needs no slow hash), with its
    first characters so that the organiser can tell tokens apart."""

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(verbose_name=_("name"), max_length=80)
    prefix = models.CharField(verbose_name=_("begins with"), max_length=12, editable=False)
    digest = models.CharField(verbose_name=_("digest"), max_length=64, unique=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("made by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(verbose_name=_("made at"), auto_now_add=True)
    last_used_at = models.DateTimeField(verbose_name=_("last used"), null=True, blank=True)
    revoked_at = models.DateTimeField(verbose_name=_("revoked at"), null=True, blank=True)

    class Meta:
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"


def new_webhook_secret() -> str:
    """What a webhook's deliveries are signed with: 256 random bits."""
    return secrets.token_hex(32)


class Webhook(models.Model):
    """An address of the club's own software that is told of the evening's events."""

    class Event(models.TextChoices):
        ROUND_PUBLISHED = "round_published", _("A round's seating is published")
        TABLE_COMPLETE = "table_complete", _("A table has played all its deals")
        TOURNAMENT_FINISHED = "tournament_finished", _("A tournament is finished")

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="webhooks"
    )
    url = models.URLField(verbose_name=_("address"), max_length=500)
    events = models.JSONField(verbose_name=_("events"), default=list)
    secret = models.CharField(
        verbose_name=_("signing secret"),
        max_length=64,
        default=new_webhook_secret,
        editable=False,
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("made by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(verbose_name=_("made at"), auto_now_add=True)

    class Meta:
        verbose_name = _("webhook")
        verbose_name_plural = _("webhooks")
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return self.url


class WebhookDelivery(models.Model):
    """One event sent to one webhook: the body exactly as signed, and every attempt with the
    answer it got (`log`), until one is answered 2xx or the attempts run out."""

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting to be sent")
        DELIVERED = "delivered", _("delivered")
        FAILED = "failed", _("failed")

    webhook = models.ForeignKey(
        Webhook, verbose_name=_("webhook"), on_delete=models.CASCADE, related_name="deliveries"
    )
    uuid = models.UUIDField(verbose_name=_("delivery id"), default=uuid.uuid4, unique=True)
    event = models.CharField(verbose_name=_("event"), max_length=40)
    body = models.TextField(verbose_name=_("body"))
    status = models.CharField(
        verbose_name=_("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    attempts = models.PositiveSmallIntegerField(verbose_name=_("attempts"), default=0)
    next_attempt_at = models.DateTimeField(verbose_name=_("next attempt"), null=True, blank=True)
    leased_until = models.DateTimeField(verbose_name=_("being sent until"), null=True, blank=True)
    log = models.JSONField(verbose_name=_("attempts made"), default=list)
    created_at = models.DateTimeField(verbose_name=_("made at"), auto_now_add=True)

    class Meta:
        verbose_name = _("webhook delivery")
        verbose_name_plural = _("webhook deliveries")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "next_attempt_at"], name="delivery_due")]

    def __str__(self) -> str:
        return f"{self.event} → {self.webhook}"


class EmbedSite(models.Model):
    """A website allowed to frame the club's embeds (its origin: scheme, host and port)."""

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="embed_sites"
    )
    origin = models.CharField(verbose_name=_("website"), max_length=200)

    class Meta:
        verbose_name = _("website that embeds the club's pages")
        verbose_name_plural = _("websites that embed the club's pages")
        ordering = ["origin"]
        constraints = [
            models.UniqueConstraint(fields=["club", "origin"], name="embed_site_unique_per_club")
        ]

    def __str__(self) -> str:
        return self.origin


class PlayerMessage(models.Model):
    """An e-mail to a player who consented: their next table once a round is published, or
    their result once the tournament is finished. Written when the evening announces it, sent
    later by opendata.mail (retried, every attempt logged); the text is made when it is sent
    and kept for the organiser's log, never the address (it may be removed meanwhile: then
    nothing is sent)."""

    class Kind(models.TextChoices):
        NEXT_TABLE = "next_table", _("your next table")
        RESULT = "result", _("your result")

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting to be sent")
        SENT = "sent", _("sent")
        FAILED = "failed", _("failed")
        CANCELLED = "cancelled", _("not sent: the address was removed")

    player = models.ForeignKey(
        "tournaments.Player", verbose_name=_("player"), on_delete=models.CASCADE, related_name="+"
    )
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="+",
    )
    kind = models.CharField(verbose_name=_("message"), max_length=12, choices=Kind.choices)
    round_number = models.PositiveSmallIntegerField(verbose_name=_("round"), null=True, blank=True)
    subject = models.CharField(verbose_name=_("subject"), max_length=200, blank=True)
    status = models.CharField(
        verbose_name=_("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    attempts = models.PositiveSmallIntegerField(verbose_name=_("attempts"), default=0)
    next_attempt_at = models.DateTimeField(verbose_name=_("next attempt"), null=True, blank=True)
    leased_until = models.DateTimeField(verbose_name=_("being sent until"), null=True, blank=True)
    log = models.JSONField(verbose_name=_("attempts made"), default=list)
    created_at = models.DateTimeField(verbose_name=_("made at"), auto_now_add=True)

    class Meta:
        verbose_name = _("message to a player")
        verbose_name_plural = _("messages to players")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "next_attempt_at"], name="player_message_due")]

    def __str__(self) -> str:
        return f"{self.kind} → {self.player_id}"
