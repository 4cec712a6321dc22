"""Who may see players' records: the club's default and a player's own choice (shape only)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import Player


class RecordChoiceForm(forms.Form):
    record = forms.ChoiceField(
        label=_("Who may see this record"),
        choices=Player._meta.get_field("record").choices,  # type: ignore[arg-type]
        error_messages={"required": _("Choose who may see the player's record.")},
    )


class ClubRecordsForm(forms.Form):
    records_public = forms.BooleanField(
        label=_("Players' records are public"),
        help_text=_(
            "Each player's page of every evening they played, for anyone. Unticked: only the "
            "club's organisers see it, unless the player chose otherwise."
        ),
        required=False,
    )
