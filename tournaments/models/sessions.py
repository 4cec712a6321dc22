"""A tournament's sessions: a run of rounds on one date ("in at most 2 sessions, also on two
different days"). A tournament without Session rows is one session on its own date
(`rules.sessions`): nothing here exists for it, and it behaves as it always did."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.tournaments import Tournament
from tournaments.rules.sessions import SessionPlan


class Session(models.Model):
    """Session `number`: rounds `first_round` to `last_round`, played on `date`."""

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="sessions"
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    first_round = models.PositiveSmallIntegerField(verbose_name=_("first round"))
    last_round = models.PositiveSmallIntegerField(verbose_name=_("last round"))
    date = models.DateField(verbose_name=_("date"))
    starts_at = models.TimeField(verbose_name=_("start time"), null=True, blank=True)

    class Meta:
        verbose_name = _("session")
        verbose_name_plural = _("sessions")
        ordering = ["tournament_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="session_number_unique")
        ]

    def __str__(self) -> str:
        return str(_("Session %(number)s") % {"number": self.number})

    def as_plan(self) -> SessionPlan:
        return SessionPlan(
            number=self.number,
            first_round=self.first_round,
            last_round=self.last_round,
            date=self.date,
            starts_at=self.starts_at,
        )
