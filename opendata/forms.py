"""The club settings page's forms: the websites that may frame the embeds, a new API token, a
new webhook. They check shape only; the services decide the rest."""

from django import forms
from django.utils.translation import gettext_lazy as _

from opendata.models import Webhook


class EmbedSitesForm(forms.Form):
    sites = forms.CharField(
        label=_("Websites that may show the club's standings"),
        help_text=_('One a line, such as "https://www.myclub.it". Empty: no website may.'),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "autocomplete": "off", "spellcheck": "false"}),
    )


class TokenForm(forms.Form):
    name = forms.CharField(
        label=_("Name of the new token"),
        help_text=_("What will use it, such as “the club's website”."),
        max_length=80,
        error_messages={"required": _("Give the token a name: what will use it?")},
    )


class WebhookForm(forms.Form):
    url = forms.CharField(
        label=_("Address"),
        help_text=_('Where the club\'s software listens, such as "https://www.myclub.it/burraco".'),
        max_length=500,
        widget=forms.URLInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
    events = forms.MultipleChoiceField(
        label=_("Tell it when"),
        choices=Webhook.Event.choices,
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": _("Choose at least one event to be told of.")},
    )
