"""The audit record of every result change: saved, corrected or removed by an organiser, or a
step of a deal the players wrote, by a pair's link."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.models.play import Table
from tournaments.models.tournaments import Pair, Tournament


class ResultChange(models.Model):
    """The audit record: every result saved, corrected or removed, and every step of a deal the
    players wrote (written, accepted, disputed), by whom — an organiser, or a pair's link — and
    when."""

    class Action(models.TextChoices):
        ENTERED = "entered", _("Entered")
        CORRECTED = "corrected", _("Corrected")
        REMOVED = "removed", _("Removed")
        WRITTEN = "written", _("Written by a pair")
        ACCEPTED = "accepted", _("Accepted by the opponents")
        DISPUTED = "disputed", _("Disputed by the opponents")
        SETTLED = "settled", _("Settled by the organiser")

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="changes"
    )
    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="changes"
    )
    deal_number = models.PositiveSmallIntegerField(verbose_name=_("deal number"))
    action = models.CharField(verbose_name=_("action"), max_length=10, choices=Action.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("user"),
    )
    pair = models.ForeignKey(
        Pair,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by the link of"),
        help_text=_("The pair whose link did it (players' entry)."),
    )
    at = models.DateTimeField(verbose_name=_("when"), auto_now_add=True)
    before = models.JSONField(verbose_name=_("before"), null=True, blank=True)
    after = models.JSONField(verbose_name=_("after"), null=True, blank=True)

    class Meta:
        verbose_name = _("result change")
        verbose_name_plural = _("result changes")
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return gettext("%(action)s: deal %(number)s at %(table)s") % {
            "action": self.get_action_display(),
            "number": self.deal_number,
            "table": self.table,
        }
