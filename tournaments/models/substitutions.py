"""A player of a pair replaced by another from a round on (split from `models.tournaments`)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.clubs import Player
from tournaments.models.tournaments import Pair


class Substitution(models.Model):
    """A player of a pair replaced by another from a round on: the pair keeps its number and
    its results, and shows the players of now; this says who played which rounds."""

    pair = models.ForeignKey(
        Pair, verbose_name=_("pair"), on_delete=models.CASCADE, related_name="substitutions"
    )
    player_out = models.ForeignKey(
        Player, verbose_name=_("player replaced"), on_delete=models.RESTRICT, related_name="+"
    )
    player_in = models.ForeignKey(
        Player, verbose_name=_("substitute"), on_delete=models.RESTRICT, related_name="+"
    )
    from_round = models.PositiveSmallIntegerField(verbose_name=_("from round"))

    class Meta:
        verbose_name = _("substitution")
        verbose_name_plural = _("substitutions")
        ordering = ["pair_id", "from_round", "id"]

    def __str__(self) -> str:
        return f"{self.player_out} → {self.player_in} ({self.from_round})"
