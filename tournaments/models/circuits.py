"""Circuits: a points ranking across the evenings of one or more clubs (issue 26). A circuit
has a points scheme (`prizes.points.PointsScheme.data()`), counts each player's best N evenings
and is managed by the organisers of the club that created it; its member clubs' organisers add
their own finished tournaments. `PlayerPoints` rows are what `services.points_award` wrote."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.clubs import Club, Player
from tournaments.models.tournaments import Tournament


class Circuit(models.Model):
    club = models.ForeignKey(
        Club,
        verbose_name=_("managed by the club"),
        on_delete=models.CASCADE,
        related_name="circuits_managed",
    )
    name = models.CharField(verbose_name=_("name"), max_length=120)
    slug = models.SlugField(verbose_name=_("slug"), max_length=80, unique=True)
    scheme = models.JSONField(_("points scheme"), default=dict)
    best_n = models.PositiveSmallIntegerField(
        _("evenings that count"),
        null=True,
        blank=True,
        help_text=_("Count each player's best N evenings; empty counts them all."),
    )
    clubs = models.ManyToManyField(
        Club, verbose_name=_("clubs"), related_name="circuits", blank=True
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        verbose_name = _("circuit")
        verbose_name_plural = _("circuits")
        ordering = ["-id"]

    def __str__(self) -> str:
        return self.name


class CircuitEvening(models.Model):
    """A tournament that counts for a circuit."""

    circuit = models.ForeignKey(
        Circuit, verbose_name=_("circuit"), on_delete=models.CASCADE, related_name="evenings"
    )
    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="circuit_evenings",
    )

    class Meta:
        verbose_name = _("circuit evening")
        verbose_name_plural = _("circuit evenings")
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["circuit", "tournament"], name="circuit_evening_unique")
        ]

    def __str__(self) -> str:
        return f"{self.circuit_id}: {self.tournament_id}"


class PlayerPoints(models.Model):
    """A player's points for one evening in one circuit (its scheme's)."""

    circuit = models.ForeignKey(
        Circuit, verbose_name=_("circuit"), on_delete=models.CASCADE, related_name="points"
    )
    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="player_points",
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="points"
    )
    player_key = models.CharField(_("player key"), max_length=40, db_index=True)
    place = models.PositiveSmallIntegerField(_("place"))
    points = models.DecimalField(_("points"), max_digits=8, decimal_places=2)

    class Meta:
        verbose_name = _("player's points")
        verbose_name_plural = _("players' points")
        ordering = ["circuit", "tournament", "place", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["circuit", "tournament", "player"], name="player_points_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player_key}: {self.points}"
