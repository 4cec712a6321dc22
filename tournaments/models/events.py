"""The audit record of what happens to a tournament as a whole."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.tournaments import Tournament


class TournamentEvent(models.Model):
    """The audit record of what happens to a tournament as a whole (not to one deal's score,
    which `ResultChange` records): settings, pairs, seating, rounds, publishing, finishing and
    reopening, and where an imported copy came from. `before` and `after` hold what changed;
    `details` anything else (a reason, whether a backup's signature was verified)."""

    class Kind(models.TextChoices):
        IMPORTED = "imported", _("Imported from a backup")
        SETTINGS = "settings", _("Settings changed")
        PAIR_ADDED = "pair_added", _("Pair added")
        PAIR_RENAMED = "pair_renamed", _("Name corrected")
        PAIR_REMOVED = "pair_removed", _("Pair removed")
        PAIR_WITHDRAWN = "pair_withdrawn", _("Pair withdrawn")
        PAIR_JOINED = "pair_joined", _("Late pair joined")
        SUBSTITUTED = "substituted", _("Player substituted")
        SEATS_SWAPPED = "seats_swapped", _("Seats swapped")
        ROUND_SEATED = "round_seated", _("Round seated")
        ROUND_RESEATED = "round_reseated", _("Round seated again")
        ROUND_STARTED = "round_started", _("Round started")
        PUBLISHED = "published", _("Published")
        UNPUBLISHED = "unpublished", _("Unpublished")
        FINISHED = "finished", _("Finished")
        REOPENED = "reopened", _("Reopened")
        DEAL_RESTORED = "deal_restored", _("Deal restored")
        DECISION = "decision", _("Director's decision")
        TABLE_ENTRY = "table_entry", _("Who enters a table's results changed")
        LINK_ISSUED = "link_issued", _("New link and code issued")
        SEATING_PUBLISHED = "seating_published", _("Seating published")
        CLOCK = "clock", _("Round clock")
        CHECK_IN = "check_in", _("Check-in")
        ABSENT_WITHDRAWN = "absent_withdrawn", _("Absent pairs withdrawn")
        PHASE_PLAN = "phase_plan", _("Phase plan changed")
        SPLIT = "split", _("Field split into gironi")
        SPLIT_UNDONE = "split_undone", _("Split into gironi undone")
        GIRONE_MOVE = "girone_move", _("Pair moved to another girone")
        ENTRY_FEE = "entry_fee", _("Entry fee set")
        FEE_PAID = "fee_paid", _("Entry fee paid")

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="events"
    )
    kind = models.CharField(verbose_name=_("kind"), max_length=20, choices=Kind.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("user"),
    )
    at = models.DateTimeField(verbose_name=_("when"), auto_now_add=True)
    round_number = models.PositiveSmallIntegerField(
        verbose_name=_("round number"), null=True, blank=True
    )
    table_number = models.PositiveSmallIntegerField(
        verbose_name=_("table number"), null=True, blank=True
    )
    before = models.JSONField(verbose_name=_("before"), null=True, blank=True)
    after = models.JSONField(verbose_name=_("after"), null=True, blank=True)
    details = models.JSONField(verbose_name=_("details"), default=dict, blank=True)

    class Meta:
        verbose_name = _("tournament event")
        verbose_name_plural = _("tournament events")
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.tournament}"
