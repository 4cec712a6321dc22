"""Forms of the organiser's setup pages: the pairs typed one a line (a tournament's settings:
`forms.settings`; the round pages' forms: `forms.rounds`). They check the shape of what is
typed; the services decide whether it can be done."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import Round

MOVEMENT_CHOICES = Round.Movement.choices


class PairsForm(forms.Form):
    text = forms.CharField(
        label=_("Add pairs, one a line"),
        # no placeholder: the help text's example is in the reader's language, names included
        widget=forms.Textarea(attrs={"rows": 6}),
        error_messages={"required": _("Write at least one pair, one a line.")},
        help_text=_("Write the two players of a pair on one line, separated by “/”."),
    )

    def __init__(self, *args: Any, individual: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if individual:  # an individual tournament's entrants are players, one a line
            field = self.fields["text"]
            field.label = _("Add players, one a line")
            field.help_text = _("Write one player a line: first name and surname.")
            field.error_messages["required"] = _("Write at least one player, one a line.")
