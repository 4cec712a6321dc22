"""What a club sent the federation: each submission of a tournament's results (after a session
of a two-day event, or the final one), kept as the signed document it was, so that a later one
can say what changed since (`tournaments.rules.submissions`)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.tournaments import Tournament


class FederationSubmission(models.Model):
    class Kind(models.TextChoices):
        SESSION = "session", _("After a session")
        FINAL = "final", _("Final")

    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="submissions",
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    kind = models.CharField(verbose_name=_("kind"), max_length=8, choices=Kind.choices)
    session = models.PositiveSmallIntegerField(verbose_name=_("session"), null=True, blank=True)
    made_at = models.DateTimeField(verbose_name=_("made at"), auto_now_add=True)
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("made by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    payload = models.JSONField(verbose_name=_("signed document"))

    class Meta:
        verbose_name = _("federation submission")
        verbose_name_plural = _("federation submissions")
        ordering = ["tournament_id", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="federation_submission_number_unique"
            )
        ]

    def __str__(self) -> str:
        return str(_("Submission %(number)s") % {"number": self.number})
