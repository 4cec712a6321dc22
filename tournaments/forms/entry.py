"""The deal entry forms: what a score sheet (summary mode) or the cards (card mode) say.

They check only the shape of what is typed: whole numbers in range (read as the reader writes
them, forms/fields.py), cards as text, and the pot's points against what the pot became
(`sheet.pot_points_refusal`: none for a pot taken, what 11 cards can hold for one not taken,
where the variant charges an untaken pot its cards). The scoring engine decides whether the
deal is legal and what it is worth; `EntryForms.contract_sides` hands it the contract's two
sides (SCORING.md), North-South first. `initial_from_entry` turns a stored
`Deal.entry` back into form values, for a correction.
"""

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import RuleSet
from tournaments.forms import sheet_total as sheet_total_module
from tournaments.forms.cards import read_suit_symbols, read_suit_symbols_by_line
from tournaments.forms.fields import WholeNumberField
from tournaments.rules import sheet
from tournaments.rules.glossary import words_for
from tournaments.rules.sheet import kind_field

SIDES = (("ns", "N-S"), ("ew", "E-W"))  # the keys; pages name the sides from the glossary
MODES = (("summary", _("Score sheet")), ("cards", _("Cards")))
POT_CHOICES = sheet.POT_CHOICES
MAX_POINTS = 5000
MAX_COUNT = 10
_CARD_SEPARATORS = re.compile(r"[\s,;]+")


def card_texts(text: str) -> list[str]:
    """The card codes in a line as typed, split at spaces or commas; the engine reads them."""
    return [token for token in _CARD_SEPARATORS.split(text) if token]


def meld_lines(text: str) -> list[str]:
    """The non-empty lines of a melds box: meld 1 is the first of them."""
    return [line.strip() for line in text.splitlines() if card_texts(line)]


def _number_attrs(size: str = "points") -> dict[str, str]:
    return {
        "inputmode": "numeric",
        "autocomplete": "off",
        "class": f"number {size}",
        "placeholder": "0",
    }


class _NumberField(WholeNumberField):
    """A whole number typed on a score sheet, read as the reader writes it (1.250 in Italian):
    empty means 0; a minus sign, a decimal or a dot out of place is explained."""

    longest = 12  # 1.250.000 has 9: a longer one is not a score

    def __init__(self, *, maximum: int, empty_is_zero: bool = True, **kwargs: Any) -> None:
        self.empty_is_zero = empty_is_zero
        size = "count" if maximum == MAX_COUNT else "points"
        super().__init__(
            min_value=0,
            max_value=maximum,
            required=False,
            widget=forms.TextInput(attrs=_number_attrs(size)),
            error_messages={
                "invalid": _("Write a whole number, e.g. 120."),
                "separator": _("Write a whole number without “%(mark)s”, e.g. 1250."),
                "min_value": _("Write the number without a minus sign."),
                "max_value": gettext("That is more than %(maximum)s: check the number.")
                % {"maximum": maximum},
            },
            **kwargs,
        )

    def to_python(self, value: Any) -> int | None:
        number = super().to_python(value)
        if number is None and self.empty_is_zero:
            return 0
        return number


class DealForm(forms.Form):
    """The deal as a whole: which deal, the table's version when the form was opened, the
    mode, who closed (and, in card mode, the closing discard)."""

    # hidden: a label names one only in the message of a form sent broken or stale
    number = forms.IntegerField(
        label=_("deal number"), min_value=1, max_value=99, widget=forms.HiddenInput
    )
    version = forms.IntegerField(
        label=_("version"), min_value=0, max_value=2**31 - 1, widget=forms.HiddenInput
    )
    mode = forms.ChoiceField(label=_("mode"), choices=MODES, widget=forms.HiddenInput)
    closed = forms.ChoiceField(
        label=_("Who closed the deal?"),
        choices=(("ns", "N-S"), ("ew", "E-W"), ("", _("nobody"))),
        required=False,
        widget=forms.RadioSelect,
        help_text=_("The pair that went out; nobody if the deal ended without a closing."),
    )

    def __init__(self, *args: Any, mode: str, variant: str = "classico", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        words = words_for(variant)
        closed = self.fields["closed"]
        assert isinstance(closed, forms.ChoiceField)
        closed.choices = list(sheet.closed_field(variant).choices)
        closed.error_messages["invalid_choice"] = gettext("Choose %(ns)s, %(ew)s or nobody.") % {
            "ns": words["ns"],
            "ew": words["ew"],
        }
        if mode == "cards":
            self.fields["closing_discard"] = forms.CharField(
                label=gettext("Card discarded to close (if you know it)"),
                help_text=gettext("The card the closing pair discarded last, e.g. 7H."),
                required=False,
                max_length=8,
                widget=forms.TextInput(attrs={"class": "card-code", "autocomplete": "off"}),
            )

    def clean_closing_discard(self) -> str:
        return read_suit_symbols(self.cleaned_data.get("closing_discard", "")).strip()

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("closing_discard") and not data.get("closed"):
            self.add_error(
                "closing_discard", gettext("Nobody closed, so leave the closing discard empty.")
            )
        return data


class _SideForm(forms.Form):
    """What both modes ask of a side: the pot, what an untaken pot held where its cards are
    charged, and the opening where the variant's minimum applies to this side."""

    pot = forms.ChoiceField(
        choices=POT_CHOICES,
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Say what became of the pot."),
            "invalid_choice": _("Choose taken, not taken or taken but not played."),
        },
    )

    def __init__(self, *args: Any, rules: RuleSet, opening: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.opening = opening
        self.words = words = words_for(rules.slug)
        pot = self.fields["pot"]
        assert isinstance(pot, forms.ChoiceField)
        pot.label = words["pot"].capitalize()
        pot.help_text = gettext("Whether this side took the %(pot)s and played it.") % {
            "pot": words["pot"]
        }
        pot.choices = sheet.pot_choices(rules)
        if len(pot.choices) == 2:
            pot.error_messages["invalid_choice"] = gettext("Choose taken or not taken.")
            if self.initial.get("pot") == "taken_unplayed":  # the same as taken here
                self.initial = {**self.initial, "pot": "taken"}
        if rules.pot_penalty_in_cards:
            self.fields["pot_points"] = _NumberField(
                maximum=MAX_POINTS,
                empty_is_zero=False,
                label=gettext("Points in the %(pot)s (when not taken)") % {"pot": words["pot"]},
                help_text=gettext("The value of the cards of the %(pot)s this side left.")
                % {"pot": words["pot"]},
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if "pot_points" in self.fields and "pot" in data and "pot_points" not in self.errors:
            side = self.words[self.prefix or "ns"]
            refusal = sheet.pot_points_refusal(
                self.rules, side, data["pot"], data.get("pot_points")
            )
            if refusal:
                self.add_error("pot_points", refusal)
        return data

    def common(self, closed: bool) -> dict[str, Any]:
        data = self.cleaned_data
        side: dict[str, Any] = {"pot": data["pot"], "closed": closed}
        points = data.get("pot_points")
        if self.rules.pot_penalty_in_cards and data["pot"] == "not_taken" and points is not None:
            side["pot_points"] = points
        if self.opening:
            if data.get("opening_points") is not None:
                side["opening_points"] = data["opening_points"]
            if data.get("opening_canasta"):
                side["opening_canasta"] = True
        return side


class SummarySideForm(_SideForm):
    """One side as the score sheet gives it, field by field in the printed sheet's order
    (rules/sheet.py): points, the opening where it applies, a count of burracos per kind,
    the pot, the points left in hand."""

    def __init__(self, *args: Any, rules: RuleSet, opening: bool, **kwargs: Any) -> None:
        super().__init__(*args, rules=rules, opening=opening, **kwargs)
        self.sheet_fields = sheet.side_fields(rules, opening=opening)
        for item in self.sheet_fields:
            if item.kind == sheet.MARK:
                self.fields[item.name] = forms.BooleanField(
                    required=False, label=item.label, help_text=item.help
                )
            elif item.kind in (sheet.POINTS, sheet.COUNT):
                self.fields[item.name] = _NumberField(
                    maximum=MAX_COUNT if item.kind == sheet.COUNT else MAX_POINTS,
                    empty_is_zero=item.name not in ("opening_points", "pot_points"),
                    label=item.label,
                    help_text=item.help,
                )
            else:
                self.fields[item.name].label = item.label
        self.order_fields([item.name for item in self.sheet_fields])

    def side(self, closed: bool) -> dict[str, Any]:
        data = self.cleaned_data
        burracos = {kind: data[kind_field(kind)] for kind in self.rules.kinds()}
        return {
            "melded_points": data["melded_points"],
            "hand_points": data["hand_points"],
            "burracos": {kind: count for kind, count in burracos.items() if count},
            **self.common(closed),
        }


class CardSideForm(_SideForm):
    """One side card by card: a meld a line, and the cards left in hand; where the opening
    applies, the lines of the melds laid down first or, since a meld grows after it is laid
    down, the first exposure's points (and whether it held a canasta), as the score sheet
    asks them."""

    melds = forms.CharField(
        label=_("Melds, one a line"),
        help_text=_("One meld a line, its cards separated by spaces: 7H 8H 9H, or KC KD KS."),
        required=False,
        max_length=3000,
        widget=forms.Textarea(
            attrs={
                "rows": 6,
                "spellcheck": "false",
                "autocapitalize": "characters",
                "autocomplete": "off",
                "placeholder": "3C 4C 5C 6C 7C 8C 9C JK\nKH KD KS",
            }
        ),
    )
    hand = forms.CharField(
        label=_("Cards left in hand"),
        help_text=_("The cards still in hand when the deal ended, separated by spaces."),
        required=False,
        max_length=300,
        widget=forms.TextInput(
            attrs={"spellcheck": "false", "autocapitalize": "characters", "autocomplete": "off"}
        ),
    )

    def __init__(self, *args: Any, rules: RuleSet, opening: bool, **kwargs: Any) -> None:
        super().__init__(*args, rules=rules, opening=opening, **kwargs)
        self.unplayed_pot_note = sheet.unplayed_pot_note(rules)
        hand = self.fields["hand"]
        hand.help_text = sheet.with_note(str(hand.help_text), self.unplayed_pot_note)
        if opening:
            self.fields["opening_melds"] = forms.CharField(
                label=gettext("Lines of the melds laid down first (e.g. 1 3)"),
                help_text=gettext(
                    "The numbers of the lines above that made the opening; or, if those melds "
                    "have grown since, the opening's points below."
                ),
                required=False,
                max_length=60,
                widget=forms.TextInput(attrs={"autocomplete": "off", "inputmode": "numeric"}),
            )
            for item in sheet.side_fields(rules, opening=True):
                if item.name == "opening_points":
                    self.fields[item.name] = _NumberField(
                        maximum=MAX_POINTS,
                        empty_is_zero=False,
                        label=item.label,
                        help_text=item.help,
                    )
                elif item.name == "opening_canasta":
                    self.fields[item.name] = forms.BooleanField(
                        required=False, label=item.label, help_text=item.help
                    )
        self.order_fields(["melds", "hand", "pot"])

    def clean_melds(self) -> str:
        """Suit symbols (tapped on the page's keyboard, typed or pasted) read as letters."""
        return read_suit_symbols_by_line(self.cleaned_data.get("melds", ""))

    def clean_hand(self) -> str:
        return read_suit_symbols(self.cleaned_data.get("hand", ""))

    def clean_opening_melds(self) -> list[int] | None:
        text = self.cleaned_data.get("opening_melds", "")
        if not text:
            return None
        tokens = card_texts(text)
        if not all(
            token.isascii() and token.isdigit() and 0 < int(token) <= 99 for token in tokens
        ):
            raise forms.ValidationError(gettext("Write the line numbers of the melds, e.g. 1 3."))
        return [int(token) for token in tokens]

    def side(self, closed: bool, closing_discard: str = "") -> dict[str, Any]:
        data = self.cleaned_data
        side = {
            "melds": [card_texts(line) for line in meld_lines(data["melds"])],
            "hand": card_texts(data["hand"]),
            **self.common(closed),
        }
        if closed and closing_discard:
            side["closing_discard"] = closing_discard
        if self.opening and data.get("opening_melds"):
            side["opening"] = [number - 1 for number in data["opening_melds"]]
        return side


@dataclass
class EntryForms:
    """The deal form and one side form per direction, bound or not, as one unit."""

    mode: str
    deal: DealForm
    sides: dict[str, SummarySideForm | CardSideForm]

    def is_valid(self) -> bool:
        valid = [form.is_valid() for form in (self.deal, *self.sides.values())]
        return all(valid)

    def fields(self) -> Iterator[forms.BoundField]:
        for form in (self.deal, *self.sides.values()):
            yield from form

    def contract_sides(self) -> list[dict[str, Any]]:
        """The contract's two sides (North-South first), from valid forms."""
        closed = self.deal.cleaned_data.get("closed") or ""
        discard = self.deal.cleaned_data.get("closing_discard") or ""
        result = []
        for key, form in self.sides.items():
            if isinstance(form, CardSideForm):
                result.append(form.side(closed == key, discard))
            else:
                result.append(form.side(closed == key))
        return result


def entry_forms(
    *,
    mode: str,
    rules: RuleSet,
    opening: Mapping[str, bool],
    data: Mapping[str, Any] | None = None,
    initial: Mapping[str, Mapping[str, Any]] | None = None,
    sheet_total: bool = False,
) -> EntryForms:
    """The forms of one deal in `mode`; `opening` says which sides must give their opening;
    `sheet_total` asks the sheet's totals too (forms/sheet_total.py).

    `initial` holds the deal form's values under "deal" and each side's under "ns"/"ew"."""
    mode = mode if mode in dict(MODES) else "summary"
    side_class = CardSideForm if mode == "cards" else SummarySideForm
    initial = initial or {}
    entry = EntryForms(
        mode=mode,
        deal=DealForm(data, initial=initial.get("deal"), mode=mode, variant=rules.slug),
        sides={
            key: side_class(
                data,
                prefix=key,
                initial=initial.get(key),
                rules=rules,
                opening=opening.get(key, False),
            )
            for key in dict(SIDES)
        },
    )
    for form in entry.sides.values() if sheet_total and mode == "summary" else ():
        form.fields[sheet_total_module.FIELD] = sheet_total_module.sheet_total_field()
    return entry


def initial_from_entry(entry: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Form values that show a stored deal (Deal.entry) again, for a correction.

    What both modes share (pot, who closed) carries over to the other mode; the rest only
    to the mode the deal was entered in."""
    initial: dict[str, dict[str, Any]] = {"deal": {"closed": ""}}
    sides = entry.get("sides") or []
    for key, side in zip(dict(SIDES), sides, strict=False):
        values: dict[str, Any] = {"pot": side.get("pot", "taken")}
        for name in ("pot_points", "opening_points", "opening_canasta"):
            if name in side:
                values[name] = side[name]
        if side.get("closed"):
            initial["deal"]["closed"] = key
            if side.get("closing_discard"):
                initial["deal"]["closing_discard"] = side["closing_discard"]
        if "melds" in side or "hand" in side:
            values["melds"] = "\n".join(" ".join(meld) for meld in side.get("melds", []))
            values["hand"] = " ".join(side.get("hand", []))
            if side.get("opening") is not None:
                values["opening_melds"] = " ".join(str(i + 1) for i in side["opening"])
        if "melded_points" in side:
            values["melded_points"] = side["melded_points"]
            values["hand_points"] = side.get("hand_points", 0)
            for kind, count in (side.get("burracos") or {}).items():
                values[kind_field(kind)] = count
        initial[key] = values
    return initial
