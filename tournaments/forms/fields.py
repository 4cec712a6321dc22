"""Form fields the organiser's forms share: whole numbers whose errors name what is asked, and
help texts that speak the reader's language (lazy, so that each request reads its own)."""

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.datastructures import MultiValueDict
from django.utils.functional import Promise, lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import RULE_SETS
from tournaments.rules.glossary import words_for


def whole(what: str | Promise, **options: Any) -> forms.IntegerField:
    """A whole-number field whose errors name what is asked: "Write the number of rounds…",
    "Write the target score from 100 to 100000."; in the reader's language (lazy)."""
    example = options.pop("example", 3)
    messages = {
        "invalid": format_lazy(
            _("Write {what} as a whole number, e.g. {example}."), what=what, example=example
        ),
        "required": format_lazy(_("Write {what}."), what=what),
    }
    low, high = options.get("min_value"), options.get("max_value")
    if low is not None and high is not None:
        messages["min_value"] = messages["max_value"] = format_lazy(
            _("Write {what} from {low} to {high}."), what=what, low=low, high=high
        )
    return forms.IntegerField(
        error_messages=messages,
        widget=forms.NumberInput(attrs={"class": "number", "inputmode": "numeric"}),
        **options,
    )


def _targets_now() -> str:
    """Each variant's usual target, the games named in the reader's language."""
    by_target: dict[int, list[str]] = {}
    for slug, rules in RULE_SETS.items():
        by_target.setdefault(rules.match_target, []).append(words_for(slug)["game"])
    parts = [f"{target} ({', '.join(names)})" for target, names in by_target.items()]
    return gettext(
        "Target format only. Leave it empty for the variant's usual target: %(targets)s."
    ) % {"targets": "; ".join(parts)}


targets_text = lazy(_targets_now, str)


SETTINGS_HELP = {
    "name": _("The name players see on the public pages, e.g. “Friday evening”."),
    "date": _("The evening the tournament is played."),
    "club": _("The club that runs the tournament: its organisers can manage it."),
    "variant": _(
        "The game the tables play: it sets the bonuses, the pot, the closing and the words "
        "on the score sheets."
    ),
    "format": _(
        "Deals: every table plays the same number of deals and the match points become "
        "victory points. Target: every table plays a match until one pair reaches the target."
    ),
    "rounds": _("How many rounds the evening has; each round the pairs change tables."),
    "bye_vp": _(
        "With an odd number of pairs one pair sits out each round (the bye): "
        "the victory points it is given."
    ),
    "bye_mp": _("The match points the pair that sits out is given for that round."),
    "closing_bonus": _("The points for the pair that closes the deal."),
    "clean_bonus": _("The points for each clean burraco (seven cards, no wild card)."),
    "dirty_bonus": _("The points for each dirty burraco (with a wild card or a joker)."),
    "movement": _("How the pairs move from table to table in this round."),
}
"""Help under each settings field, for the fields whose definition gives none."""


def add_help(form: forms.Form, texts: dict[str, Any] = SETTINGS_HELP) -> None:
    """Give each field of `form` that has no help its text from `texts`."""
    for name, field in form.fields.items():
        key = "movement" if name.startswith("movement_") else name
        if not field.help_text and key in texts:
            field.help_text = texts[key]


def ticked(data: Mapping[str, Any], name: str) -> bool:
    """Whether a tick box is ticked in posted data, as Django reads it."""
    return bool(forms.CheckboxInput().value_from_datadict(data, MultiValueDict(), name))


def with_values(data: Mapping[str, Any], values: Mapping[str, object]) -> Mapping[str, Any]:
    """A copy of posted data with some values replaced (a QueryDict's copy can be changed)."""
    copy = data.copy() if hasattr(data, "copy") else dict(data)
    for name, value in values.items():
        copy[name] = str(value)
    return copy
