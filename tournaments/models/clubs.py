"""Clubs, their organisers and players, and their seasons (campionati)."""

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.rules import records
from tournaments.rules.names import SORT_NAME_LENGTH, sort_name


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
    categories = models.CharField(
        verbose_name=_("pair categories"),
        max_length=400,
        blank=True,
        help_text=_(
            "The categories a pair may be given at entry, separated by commas, best "
            "first (e.g. Serie A, Serie B, Serie C or Copa Oro, Copa Plata)."
        ),
    )
    federation_code = models.CharField(
        _("association code"),
        max_length=30,
        blank=True,
        help_text=_("The club's code at the federation, on every submission (e.g. FIBur's)."),
    )
    records_public = models.BooleanField(
        _("players' records are public"),
        default=False,
        help_text=_(
            "Every player's evenings on a public page, unless the player says otherwise. "
            "Untick it: only the club's organisers see them, unless a player asks."
        ),
    )

    class Meta:
        verbose_name = _("club")
        # "clubs" alone is also the suit (fiori, tréboles): the context keeps them apart
        verbose_name_plural = pgettext_lazy("card clubs that run tournaments", "clubs")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def category_list(self) -> list[str]:
        return [name.strip() for name in self.categories.split(",") if name.strip()]


class Player(models.Model):
    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="players"
    )
    first_name = models.CharField(verbose_name=_("first name"), max_length=60, blank=True)
    last_name = models.CharField(verbose_name=_("last name"), max_length=60)
    card_number = models.CharField(
        _("federation card number"), max_length=30, blank=True, help_text=_("Tessera, if any.")
    )
    sort_name = models.CharField(
        _("sorted as"),
        max_length=SORT_NAME_LENGTH,
        default="",
        editable=False,
        db_index=True,
        help_text=_("The surname and first name as they sort: De Luca under D."),
    )
    record = models.CharField(
        _("the player's record"),
        max_length=8,
        choices=[
            (records.FOLLOW_CLUB, _("as the club says")),
            (records.PUBLIC, _("public")),
            (records.PRIVATE, _("for the club's organisers only")),
        ],
        default=records.FOLLOW_CLUB,
        help_text=_("Who may see the page of every evening the player played."),
    )
    email = models.EmailField(
        _("e-mail address"),
        blank=True,
        help_text=_("Kept only with the player's consent, for their next table and results."),
    )
    email_consent_at = models.DateTimeField(
        _("consent given at"),
        null=True,
        blank=True,
        help_text=_("When the player agreed to be sent their tables and results by e-mail."),
    )

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["sort_name", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "card_number"],
                condition=~Q(card_number=""),
                name="player_card_number_unique_per_club",
            )
        ]

    def __str__(self) -> str:
        return self.full_name

    def save(self, *args: Any, **kwargs: Any) -> None:
        # A derived column, kept here so that it can never disagree with the names, whoever
        # saves the row (services, the demo, the tests' factories). bulk_create skips save():
        # its callers set sort_name themselves (backup.restore).
        self.sort_name = sort_name(self.last_name, self.first_name)
        fields = kwargs.get("update_fields")
        if fields is not None and {"first_name", "last_name"} & set(fields):
            kwargs["update_fields"] = {*fields, "sort_name"}
        super().save(*args, **kwargs)

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
