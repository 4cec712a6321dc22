"""The federation's member list a club imports: who holds which card, their club, until when.

Read when a player is entered with a card number (rules/cards.py says what is wrong with it);
replaced whole at each import (services/members.py)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.clubs import Club


class FederationMember(models.Model):
    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="federation_members"
    )
    card_number = models.CharField(_("federation card number"), max_length=30)
    last_name = models.CharField(_("last name"), max_length=60)
    first_name = models.CharField(_("first name"), max_length=60, blank=True)
    birth_year = models.PositiveSmallIntegerField(_("year of birth"), null=True, blank=True)
    member_club = models.CharField(
        _("the card's club"),
        max_length=120,
        blank=True,
        help_text=_("The club the federation's list gives the card to."),
    )
    valid_until = models.DateField(_("valid until"), null=True, blank=True)
    imported_at = models.DateTimeField(_("imported at"))

    class Meta:
        verbose_name = _("federation member")
        verbose_name_plural = _("federation members")
        ordering = ["last_name", "first_name", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "card_number"], name="federation_member_card_unique_per_club"
            )
        ]

    def __str__(self) -> str:
        return f"{self.full_name} ({self.card_number})"

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()
