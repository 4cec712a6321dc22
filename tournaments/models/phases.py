"""A tournament's phase plan (fasi) and the gironi a phase splits the field into.

A tournament without Phase rows is one phase over the whole field (`rules.phases`): nothing
here exists for it, and it behaves as it always did."""

from django.core.validators import MaxValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.tournaments import Pair, Tournament
from tournaments.rules import phases as rules


class Phase(models.Model):
    """A run of rounds played by the whole field or inside gironi."""

    class Scope(models.TextChoices):
        FIELD = rules.FIELD, _("The whole field")
        GIRONI = rules.GIRONI, _("In gironi")

    class Split(models.TextChoices):
        STANDINGS = rules.BY_STANDINGS, _("By the standings, in blocks (top pairs to A)")
        SNAKE = rules.SNAKE, _("By the standings, as a snake (1 A, 2 B, 3 B, 4 A)")
        CATEGORY = rules.BY_CATEGORY, _("By the pairs' category")
        HAND = rules.BY_HAND, _("By hand")

    class Carry(models.TextChoices):
        WHOLE = rules.WHOLE, _("Carried whole")
        SHARE = rules.SHARE, _("Carried as a share")
        ZERO = rules.ZERO, _("From zero")

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="phases"
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    name = models.CharField(verbose_name=_("name"), max_length=60, blank=True)
    first_round = models.PositiveSmallIntegerField(verbose_name=_("first round"))
    last_round = models.PositiveSmallIntegerField(verbose_name=_("last round"))
    scope = models.CharField(
        verbose_name=_("played by"), max_length=10, choices=Scope.choices, default=Scope.FIELD
    )
    split = models.CharField(
        verbose_name=_("split"), max_length=10, choices=Split.choices, default=Split.STANDINGS
    )
    girone_count = models.PositiveSmallIntegerField(verbose_name=_("gironi"), default=0)
    carry = models.CharField(
        verbose_name=_("what the gironi carry"),
        max_length=10,
        choices=Carry.choices,
        default=Carry.WHOLE,
    )
    carry_share = models.PositiveSmallIntegerField(
        verbose_name=_("share carried (%)"), default=100, validators=[MaxValueValidator(100)]
    )

    class Meta:
        verbose_name = _("phase")
        verbose_name_plural = _("phases")
        ordering = ["tournament_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="phase_number_unique")
        ]

    def __str__(self) -> str:
        return self.name or str(_("Phase %(number)s") % {"number": self.number})

    def as_plan(self) -> rules.PhasePlan:
        return rules.PhasePlan(
            number=self.number,
            first_round=self.first_round,
            last_round=self.last_round,
            scope=self.scope,
            split=self.split,
            girone_count=self.girone_count,
            carry=self.carry,
            carry_share=self.carry_share,
            name=self.name,
        )


class Girone(models.Model):
    """One group of a phase played in gironi: "A", "B"… or a category's name."""

    phase = models.ForeignKey(
        Phase, verbose_name=_("phase"), on_delete=models.CASCADE, related_name="gironi"
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    name = models.CharField(verbose_name=_("name"), max_length=40)

    class Meta:
        verbose_name = _("girone")
        verbose_name_plural = _("gironi")
        ordering = ["phase_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["phase", "number"], name="girone_number_unique")
        ]

    def __str__(self) -> str:
        return str(_("Girone %(name)s") % {"name": self.name})


class GironeEntry(models.Model):
    """A pair in a girone; the services keep a pair in one girone of a phase."""

    girone = models.ForeignKey(
        Girone, verbose_name=_("girone"), on_delete=models.CASCADE, related_name="entries"
    )
    pair = models.ForeignKey(
        Pair, verbose_name=_("pair"), on_delete=models.CASCADE, related_name="girone_entries"
    )

    class Meta:
        verbose_name = _("pair in a girone")
        verbose_name_plural = _("pairs in gironi")
        ordering = ["girone_id", "pair_id"]
        constraints = [
            models.UniqueConstraint(fields=["girone", "pair"], name="girone_entry_unique")
        ]

    def __str__(self) -> str:
        return f"{self.girone}: {self.pair}"
