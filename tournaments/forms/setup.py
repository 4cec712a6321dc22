"""Forms of the organiser's setup pages: the pairs typed one a line (a tournament's settings:
`forms.settings`; the round pages' forms: `forms.rounds`). They check the shape of what is
typed; the services decide whether it can be done."""

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from tournaments.models import Round

MOVEMENT_CHOICES = Round.Movement.choices


def category_field(categories: Sequence[str], *, label: StrOrPromise) -> forms.ChoiceField:
    """A choice of the club's categories, or none (a split by category needs one on each)."""
    return forms.ChoiceField(
        label=label,
        required=False,
        choices=[("", _("No category")), *((name, name) for name in categories)],
        help_text=_("The gironi of a phase split by category follow it."),
    )


class CategoryForm(forms.Form):
    """A pair's category, on its page."""

    def __init__(self, *args: Any, categories: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["category"] = category_field(categories, label=_("Category"))


class PairsForm(forms.Form):
    text = forms.CharField(
        label=_("Add pairs, one a line"),
        # no placeholder: the help text's example is in the reader's language, names included
        widget=forms.Textarea(attrs={"rows": 6}),
        error_messages={"required": _("Write at least one pair, one a line.")},
        help_text=_(
            "Write the two players of a pair on one line, separated by “/”. A card number may "
            "follow a name in brackets: Mario Rossi (12345)."
        ),
    )

    def __init__(
        self, *args: Any, individual: bool = False, categories: Sequence[str] = (), **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        if categories and not individual:  # the club lists categories (Serie A…, Copa Oro…)
            self.fields["category"] = category_field(categories, label=_("Their category"))
        if individual:  # an individual tournament's entrants are players, one a line
            field = self.fields["text"]
            field.label = _("Add players, one a line")
            field.help_text = _(
                "Write one player a line: first name and surname, and the card number in "
                "brackets if you have it: Mario Rossi (12345)."
            )
            field.error_messages["required"] = _("Write at least one player, one a line.")
