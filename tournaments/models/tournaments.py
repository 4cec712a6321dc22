"""A tournament with its settings, its pairs (coppie), and the audit record of what happens to
it as a whole."""

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring import RULE_SETS, VP_SCALES, RuleSet, VpScale, house_rules, rule_set
from tournaments.models.clubs import Club, Player, Season
from tournaments.rules.glossary import Words, words_for
from tournaments.rules.vp_tables import CUSTOM_SCALE as CUSTOM_SCALE
from tournaments.rules.vp_tables import scale_from_rows

if TYPE_CHECKING:
    from tournaments.rules.formats import PlayFormat

VARIANT_CHOICES = [(slug, rules.name) for slug, rules in RULE_SETS.items()]
VP_SCALE_CHOICES = [(slug, scale.name) for slug, scale in VP_SCALES.items()] + [
    (CUSTOM_SCALE, "Custom table of bands")
]


class Tournament(models.Model):
    class Format(models.TextChoices):
        DEALS = "deals", "Deals: a fixed number of deals a round, victory points"
        TARGET = "target", "Target: each table plays a match to a target score"

    class Status(models.TextChoices):
        SETUP = "setup", "Setting up"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=80)
    date = models.DateField()
    variant = models.CharField(max_length=20, choices=VARIANT_CHOICES, default="classico")
    house_rules = models.JSONField(
        default=dict, blank=True, help_text="Changes to the variant's rules, e.g. a bonus."
    )
    format = models.CharField(max_length=10, choices=Format.choices, default=Format.DEALS)
    rounds = models.PositiveSmallIntegerField("number of rounds", default=3)
    deals_per_round = models.PositiveSmallIntegerField(default=3)
    movement_plan = models.JSONField(
        default=list, blank=True, help_text="The movement planned for each round, in order."
    )
    vp_scale = models.CharField(
        "victory-point scale", max_length=20, choices=VP_SCALE_CHOICES, default="fibur-3"
    )
    custom_vp_bands = models.JSONField(
        default=list,
        blank=True,
        help_text="[lower, upper or null, winner VP, loser VP] per band, as printed.",
    )
    target_score = models.PositiveIntegerField(
        null=True, blank=True, help_text="Empty: the variant's usual target."
    )
    bye_vp = models.PositiveSmallIntegerField("victory points for a bye", default=14)
    bye_mp = models.IntegerField("match points for a bye", default=355)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SETUP)
    published = models.BooleanField(
        default=False, help_text="Show the standings on the public pages."
    )
    season = models.ForeignKey(
        Season, on_delete=models.SET_NULL, null=True, blank=True, related_name="tournaments"
    )
    results_version = models.PositiveIntegerField(
        default=0, help_text="Grows with every change of results or seating (cache keys use it)."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="tournament_slug_unique_per_club")
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d/%m/%Y})"

    @property
    def rules(self) -> RuleSet:
        base = rule_set(self.variant)
        return house_rules(base, self.house_rules) if self.house_rules else base

    @property
    def scale(self) -> VpScale:
        if self.vp_scale == CUSTOM_SCALE:
            return scale_from_rows(self.custom_vp_bands)
        return VP_SCALES[self.vp_scale]

    @property
    def target(self) -> int:
        return self.target_score or self.rules.match_target

    @property
    def play_format(self) -> "PlayFormat":
        """The format's rules (deals with VP, or matches to a target), with this tournament's
        settings: everything that depends on the format asks it."""
        from tournaments.rules.formats import format_of  # the rules read these models

        return format_of(self)

    @property
    def words(self) -> Words:
        """The words of this tournament's game in the reader's language (the active one)."""
        return words_for(self.variant)


class Pair(models.Model):
    """A pair (coppia) entered in one tournament; one player alone in two-player events.

    The standing fields are totals the services keep up to date from finished tables."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairs")
    number = models.PositiveSmallIntegerField()
    # RESTRICT: a player in a pair cannot be deleted alone, but deleting the whole club
    # (which deletes the pair's tournament too) still works.
    player_one = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="+")
    player_two = models.ForeignKey(
        Player, on_delete=models.RESTRICT, related_name="+", null=True, blank=True
    )
    vp = models.IntegerField("VP", default=0)
    mp = models.IntegerField("MP", default=0)
    rounds_played = models.PositiveSmallIntegerField(default=0)
    matches_won = models.PositiveSmallIntegerField(default=0)
    point_difference = models.IntegerField(default=0)
    byes = models.PositiveSmallIntegerField(default=0)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="pair_number_unique"),
            models.CheckConstraint(
                condition=~Q(player_one=models.F("player_two")), name="pair_two_different_players"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.names}"

    @property
    def names(self) -> str:
        if self.player_two_id is None:
            return self.player_one.full_name
        return f"{self.player_one.full_name} – {self.player_two.full_name}"  # type: ignore[union-attr]


class TournamentEvent(models.Model):
    """The audit record of what happens to a tournament as a whole (not to one deal): where
    an imported copy came from and whether its file's signature was verified."""

    class Kind(models.TextChoices):
        IMPORTED = "imported", _("Imported from a backup")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    details = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.tournament}"
