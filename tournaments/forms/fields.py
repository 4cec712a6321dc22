"""Form fields the organiser's forms share: whole numbers read as the reader writes them, whose
errors name what is asked, and help texts that speak the reader's language (lazy, so that each
request reads its own)."""

import re
from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils import formats
from django.utils.datastructures import MultiValueDict
from django.utils.functional import Promise, lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import RULE_SETS, rule_set
from tournaments.rules.glossary import words_for

_DIGITS = re.compile(r"[0-9]+")
GROUP_SPACES = (" ", "\u00a0", "\u202f")
"""Spaces that group thousands in every language: 1 250 (typed, or copied from a page)."""
MINUS_SIGNS = ("-", "\u2212")


class NotWhole(ValueError):
    """What was typed is not a whole number the reader's language can read. `mark` is the dot
    or comma it holds (a decimal separator, or a thousands separator out of place), "" when it
    is not a number at all."""

    def __init__(self, mark: str = "") -> None:
        super().__init__(mark)
        self.mark = mark


def read_whole(text: str) -> int:
    """A whole number as the reader writes it: 1250; 1.250 where the reader's language groups
    thousands with a dot (Italian, Spanish, German, Portuguese), 1,250 where with a comma
    (English); 1 250 in any. The groups must be whole (1.25 and 12.50 are refused: a decimal,
    or a dot out of place), and a minus sign may stand in front. Raises NotWhole."""
    text = text.strip()
    sign = 1
    if text[:1] in MINUS_SIGNS:
        sign, text = -1, text[1:].lstrip()
    if _DIGITS.fullmatch(text):
        return sign * int(text)  # the caller bounds the length (WholeNumberField.longest)
    thousands = formats.get_format("THOUSAND_SEPARATOR")
    for separator in dict.fromkeys((thousands, *GROUP_SPACES)):
        grouped = rf"[0-9]{{1,3}}(?:{re.escape(separator)}[0-9]{{3}})+"
        if re.fullmatch(grouped, text):
            return sign * int(text.replace(separator, ""))
    raise NotWhole(next((mark for mark in text if mark in ".,"), ""))


class WholeNumberField(forms.IntegerField):
    """A whole number typed in a text box (a number box would let the browser read "1.250" as
    a decimal): read by `read_whole`; a dot or comma it cannot read as thousands gets the
    `separator` message, with the mark as `%(mark)s`."""

    widget = forms.TextInput
    longest = 4000
    """The most characters read (beyond, it is no number: Python reads at most 4300 digits)."""

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        if isinstance(value, int):
            return value
        text = str(value).strip()
        if not text:
            return None
        try:
            if len(text) > self.longest:
                raise NotWhole()
            return read_whole(text)
        except NotWhole as error:
            if error.mark and "separator" in self.error_messages:
                raise forms.ValidationError(
                    self.error_messages["separator"], code="separator", params={"mark": error.mark}
                ) from None
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid") from None


def whole(what: str | Promise, **options: Any) -> forms.IntegerField:
    """A whole-number field whose errors name what is asked: "Write the number of rounds…",
    "Write the target score from 100 to 100000."; in the reader's language (lazy). It reads
    the reader's thousands (2.005 in Italian, 2,005 in English)."""
    example = options.pop("example", 3)
    messages = {
        "invalid": format_lazy(
            _("Write {what} as a whole number, e.g. {example}."), what=what, example=example
        ),
        "separator": format_lazy(
            _("Write {what} as a whole number without “%(mark)s”, e.g. {example}."),
            what=what,
            example=example,
        ),
        "required": format_lazy(_("Write {what}."), what=what),
    }
    low, high = options.get("min_value"), options.get("max_value")
    if low is not None and high is not None:
        messages["min_value"] = messages["max_value"] = format_lazy(
            _("Write {what} from {low} to {high}."), what=what, low=low, high=high
        )
    return WholeNumberField(
        error_messages=messages,
        widget=forms.TextInput(
            attrs={"class": "number", "inputmode": "numeric", "autocomplete": "off"}
        ),
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


def house_rule_overrides(
    variant: str, existing: Mapping[str, Any], values: Mapping[str, int]
) -> dict[str, Any]:
    """The house rules to store: the club's other changes kept, the form's rules only where
    they differ from the variant's standard values."""
    base = rule_set(variant)
    overrides = {key: value for key, value in existing.items() if key != "closing_bonus"}
    bonuses = {
        kind: bonus
        for kind, bonus in dict(overrides.pop("burraco_bonuses", None) or {}).items()
        if kind not in {"clean", "dirty"}
    }
    if values["closing_bonus"] != base.closing_bonus:
        overrides["closing_bonus"] = values["closing_bonus"]
    for kind in ("clean", "dirty"):
        if values[f"{kind}_bonus"] != base.burraco_bonuses.get(kind):
            bonuses[kind] = values[f"{kind}_bonus"]
    if bonuses:
        overrides["burraco_bonuses"] = bonuses
    return overrides
