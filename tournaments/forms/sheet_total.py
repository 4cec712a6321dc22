"""The total of each side as written on the paper score sheet: an optional field of the
organiser's score-sheet form, checked against what the engine makes of the deal
(`rules.sheet.written_total_refusal`) before anything is saved."""

from collections.abc import Mapping

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms.fields import WholeNumberField

FIELD = "written_total"
MAX_TOTAL = 20_000


def sheet_total_field() -> WholeNumberField:
    return WholeNumberField(
        min_value=-MAX_TOTAL,
        max_value=MAX_TOTAL,
        required=False,
        label=_("Total on the sheet (optional)"),
        help_text=_(
            "The side's total as written on the paper sheet: the deal is saved only if it makes "
            "the same."
        ),
        # no numeric keypad: a total may need its minus sign
        widget=forms.TextInput(attrs={"autocomplete": "off", "class": "number points"}),
    )


def written_totals(sides: Mapping[str, forms.Form]) -> dict[str, int]:
    """The totals typed from the sheet, by side ("ns", "ew"), where typed (valid forms)."""
    written = {}
    for key, form in sides.items():
        value = form.cleaned_data.get(FIELD) if FIELD in form.fields else None
        if isinstance(value, int):
            written[key] = value
    return written
