"""Clubs, their organisers and players, and their seasons (campionati)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class Club(models.Model):
    name = models.CharField(verbose_name=_("name"), max_length=120)
    slug = models.SlugField(verbose_name=_("slug"), max_length=60, unique=True)
    city = models.CharField(verbose_name=_("city"), max_length=80, blank=True)
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, verbose_name=_("organisers"), related_name="clubs", blank=True
    )
    language = models.CharField(
        _("language"),
        max_length=8,
        choices=settings.LANGUAGES,
        default="it",
        help_text=_("The language of the club's pages for a reader whose browser asks for none."),
    )

    class Meta:
        verbose_name = _("club")
        # "clubs" alone is also the suit (fiori, tréboles): the context keeps them apart
        verbose_name_plural = pgettext_lazy("card clubs that run tournaments", "clubs")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="players"
    )
    first_name = models.CharField(verbose_name=_("first name"), max_length=60, blank=True)
    last_name = models.CharField(verbose_name=_("last name"), max_length=60)
    card_number = models.CharField(
        _("federation card number"), max_length=30, blank=True, help_text=_("Tessera, if any.")
    )

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
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

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="seasons"
    )
    name = models.CharField(verbose_name=_("name"), max_length=120)
    slug = models.SlugField(verbose_name=_("slug"), max_length=80)
    best_of = models.PositiveSmallIntegerField(
        _("evenings that count"),
        null=True,
        blank=True,
        help_text=_("Count each pair's and player's best N evenings; empty counts them all."),
    )

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="season_slug_unique_per_club")
        ]

    def __str__(self) -> str:
        return self.name
