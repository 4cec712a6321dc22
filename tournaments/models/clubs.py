"""Clubs, their organisers and players, and their seasons (campionati)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    city = models.CharField(max_length=80, blank=True)
    organisers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="clubs", blank=True)
    language = models.CharField(
        _("language"),
        max_length=8,
        choices=settings.LANGUAGES,
        default="it",
        help_text=_("The language of the club's pages for a reader whose browser asks for none."),
    )

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    first_name = models.CharField(max_length=60, blank=True)
    last_name = models.CharField(max_length=60)
    card_number = models.CharField(
        "federation card number", max_length=30, blank=True, help_text="Tessera, if any."
    )

    class Meta:
        ordering = ["last_name", "first_name"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "card_number"],
                condition=~Q(card_number=""),
                name="player_card_number_unique_per_club",
            )
        ]

    def __str__(self) -> str:
        return self.full_name

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()


class Season(models.Model):
    """A club's championship: tournaments grouped, ranked by each one's best evenings."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=80)
    best_of = models.PositiveSmallIntegerField(
        "evenings that count",
        null=True,
        blank=True,
        help_text="Count each pair's and player's best N evenings; empty counts them all.",
    )

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="season_slug_unique_per_club")
        ]

    def __str__(self) -> str:
        return self.name
