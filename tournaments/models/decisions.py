"""The arbiter's decisions (decisioni del direttore di gara): a late arrival, a walk-over, an
abandonment, a penalty, an assigned result, a time-out deal. Each is recorded with its numbers
(worked out from the settings when it was taken), its reason, who took it and when; none is
ever deleted: a later decision that cancels or replaces it (`supersedes`) takes its place."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.models.tournaments import Pair, Tournament
from tournaments.rules import decisions as rules


class Decision(models.Model):
    class Kind(models.TextChoices):
        LATE = rules.LATE, _("Late arrival")
        WALKOVER = rules.WALKOVER, _("Walk-over (a pair absent)")
        ABANDONMENT = rules.ABANDONMENT, _("Abandonment (a pair left)")
        PENALTY = rules.PENALTY, _("Penalty")
        ASSIGNED = rules.ASSIGNED, _("Assigned result")
        TIMEOUT = rules.TIMEOUT, _("Time-out deal")
        CANCEL = rules.CANCEL, _("Cancelled decision")

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="decisions"
    )
    kind = models.CharField(verbose_name=_("kind"), max_length=12, choices=Kind.choices)
    round_number = models.PositiveSmallIntegerField(verbose_name=_("round number"))
    table_number = models.PositiveSmallIntegerField(
        verbose_name=_("table number"), null=True, blank=True
    )
    deal_number = models.PositiveSmallIntegerField(
        verbose_name=_("deal number"), null=True, blank=True, help_text=_("A time-out deal.")
    )
    pair = models.ForeignKey(
        Pair,
        verbose_name=_("pair"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="decisions",
        help_text=_("The pair it falls on: late, absent, leaving or penalised."),
    )
    partnership = models.BooleanField(
        verbose_name=_("on the partnership"),
        default=False,
        help_text=_(
            "Individual events: it falls on the player and their partner at that table in "
            "that round."
        ),
    )
    mp = models.IntegerField(
        verbose_name=_("MP taken"), default=0, help_text=_("Taken from the pair's total.")
    )
    vp = models.IntegerField(
        verbose_name=_("VP taken"), default=0, help_text=_("Taken from the pair's total.")
    )
    ns_mp = models.IntegerField(verbose_name=_("N-S MP"), null=True, blank=True)
    ew_mp = models.IntegerField(verbose_name=_("E-W MP"), null=True, blank=True)
    ns_vp = models.IntegerField(verbose_name=_("N-S VP"), null=True, blank=True)
    ew_vp = models.IntegerField(verbose_name=_("E-W VP"), null=True, blank=True)
    winner = models.CharField(verbose_name=_("winner"), max_length=2, blank=True)
    reason = models.TextField(verbose_name=_("reason"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("taken by"),
    )
    at = models.DateTimeField(verbose_name=_("when"), auto_now_add=True)
    # RESTRICT: a decision superseded by a later one is never deleted alone, but deleting the
    # whole tournament (or club) deletes both
    supersedes = models.OneToOneField(
        "self",
        on_delete=models.RESTRICT,
        null=True,
        blank=True,
        related_name="superseded_by",
        verbose_name=_("cancels or replaces"),
    )

    class Meta:
        verbose_name = _("director's decision")
        verbose_name_plural = _("director's decisions")
        ordering = ["tournament_id", "round_number", "table_number", "id"]

    def __str__(self) -> str:
        return gettext("%(kind)s, round %(round)s") % {
            "kind": self.get_kind_display(),
            "round": self.round_number,
        }

    @property
    def sets_result(self) -> bool:
        return self.kind in rules.RESULT_KINDS
