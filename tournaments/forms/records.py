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


class EmailForm(forms.Form):
    """A player's address for their tables and results, with their consent (the service
    refuses an address without it)."""

    email = forms.CharField(
        label=_("E-mail address"),
        max_length=254,
        required=False,
        widget=forms.EmailInput(attrs={"autocomplete": "email", "spellcheck": "false"}),
    )
    consent = forms.BooleanField(
        label=_("Consent given: send me my next table and my result by e-mail"),
        required=False,
    )


class LinkEmailForm(EmailForm):
    """From the pair's own link: which of the pair's players leaves the address."""

    player = forms.TypedChoiceField(label=_("Who"), coerce=int)

    def __init__(self, *args: object, players: list[tuple[int, str]], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["player"].choices = players  # type: ignore[attr-defined]
        self.order_fields(["player", "email", "consent"])


class ClubFederationForm(forms.Form):
    federation_code = forms.CharField(
        label=_("Association code"),
        max_length=30,
        required=False,
        help_text=_("The club's code at the federation: every submission names it."),
    )
