"""The numbers of the arbiter's decisions (RULES.md, "Director's decisions"), among a
tournament's settings: the codes' by default, the club's to change. A decision stores the
numbers it gave, so changing these changes no decision already taken."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class DecisionNumbers(models.Model):
    late_penalty_mp = models.PositiveIntegerField(
        _("late arrival: match points lost"),
        default=100,
        help_text=_("A pair 5 to 10 minutes late loses these MP in that round (the codes: 100)."),
    )
    walkover_vp = models.PositiveSmallIntegerField(
        _("walk-over: victory points of the present pair"),
        null=True,
        blank=True,
        default=None,
        help_text=_("Empty: as the bye award of the VP scale (FIBUR 3: 14 VP, FIBUR 4: 12 VP)."),
    )
    walkover_mp = models.IntegerField(
        _("walk-over: match points of the present pair"),
        null=True,
        blank=True,
        default=None,
        help_text=_("Empty: as the bye award of the VP scale (FIBUR 3: 355 MP, FIBUR 4: 305 MP)."),
    )
    walkover_absent_vp = models.PositiveSmallIntegerField(
        _("walk-over: victory points of the absent pair"),
        null=True,
        blank=True,
        default=None,
        help_text=_(
            "Empty: the other side of that band (FIBUR 3: 6 VP, FIBUR 4: 8 VP), or the pair's "
            "average so far when that is less."
        ),
    )

    class Meta:
        abstract = True
