"""The prize plan form: an amount in euros or an item for each place of the overall prizes, the
first three places of each girone and category (`selectors.prizes.sections_of`), a prize for
the last place, how ties share, one prize per pair, the tournament's level. It
builds the engine's `PrizePlan`; the engine's `PlanError` is shown as the form's error, and
nothing is saved."""

from dataclasses import replace
from decimal import Decimal
from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models.tournaments import PRIZE_LEVEL_CHOICES
from tournaments.prizes.caps import Level
from tournaments.prizes.plans import (
    GroupKind,
    Item,
    Money,
    PlanError,
    Prize,
    PrizeGroup,
    PrizePlan,
    TieRule,
)
from tournaments.rules.entrant_prize_texts import PRIZE_TEXTS
from tournaments.rules.entrant_texts import shape_text
from tournaments.selectors.prizes import Section, group_name

PLACES = 10
"""Rows for the overall prizes: the usual club evening pays far fewer."""
SECTION_PLACES = 3
"""Rows for each girone's or category's prizes."""

TIE_KEYS = ((TieRule.EQUAL, "tie_equal"), (TieRule.HORT, "tie_hort"), (TieRule.ORDER, "tie_order"))
"""Each tie rule and its words' key in `ENTRANT_TEXTS`."""
TIE_CHOICES = [(rule.value, PRIZE_TEXTS[key][0]) for rule, key in TIE_KEYS]


def _in_words(form: forms.Form, individual: bool, texts: tuple[tuple[str, str, str], ...]) -> None:
    """Give `form`'s fields an individual tournament's words where it is one: each (field,
    label or an error's code, `ENTRANT_TEXTS` key)."""
    for name, what, key in texts:
        field, text = form.fields[name], shape_text(individual, key)
        if what == "label":
            field.label = text
        else:
            field.error_messages[what] = text


def _amount(label: Any) -> forms.DecimalField:
    return forms.DecimalField(
        label=label,
        required=False,
        max_digits=9,
        decimal_places=2,
        localize=True,
        widget=forms.TextInput(attrs={"class": "number", "inputmode": "decimal"}),
        error_messages={"invalid": _("Write the amount in euros, e.g. 150 or 75.50.")},
    )


def _item(label: Any) -> forms.CharField:
    return forms.CharField(label=label, required=False, max_length=120)


class PrizePlanForm(forms.Form):
    tie_rule = forms.ChoiceField(
        label=PRIZE_TEXTS["tie_rule_label"][0],
        choices=TIE_CHOICES,
        initial=TieRule.EQUAL.value,
        widget=forms.RadioSelect,
    )
    one_prize_each = forms.BooleanField(
        label=PRIZE_TEXTS["one_prize_label"][0],
        required=False,
        initial=True,
    )
    level = forms.ChoiceField(
        label=_("Level of the tournament"),
        choices=PRIZE_LEVEL_CHOICES,
        initial=Level.CLUB.value,
        help_text=_("The federation limits the prize pool by level: the page warns past them."),
    )
    last_amount = _amount(_("Last place: amount (€)"))
    last_item = _item(_("Last place: or an item"))

    def __init__(
        self,
        *args: Any,
        keep: tuple[PrizeGroup, ...] = (),
        individual: bool = False,
        sections: tuple[Section, ...] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.sections = sections
        """The girone and category groups offered (`selectors.prizes.sections_of`)."""
        for index, section in enumerate(sections):
            for place in range(1, SECTION_PLACES + 1):
                values = {"group": section.name, "place": place}
                self.fields[f"s{index}_amount_{place}"] = _amount(
                    _("%(group)s, place %(place)s: amount (€)") % values
                )
                self.fields[f"s{index}_item_{place}"] = _item(
                    _("%(group)s, place %(place)s: or an item") % values
                )
        tie_rule = cast("forms.ChoiceField", self.fields["tie_rule"])
        tie_rule.choices = [(rule.value, shape_text(individual, key)) for rule, key in TIE_KEYS]
        labels = (
            ("tie_rule", "label", "tie_rule_label"),
            ("one_prize_each", "label", "one_prize_label"),
        )
        _in_words(self, individual, labels)
        self.keep = keep
        """Groups of the stored plan this form does not edit (per girone…): kept as they are."""
        for place in range(1, PLACES + 1):
            self.fields[f"amount_{place}"] = _amount(
                _("Place %(place)s: amount (€)") % {"place": place}
            )
            self.fields[f"item_{place}"] = _item(
                _("Place %(place)s: or an item") % {"place": place}
            )
        self.plan: PrizePlan | None = None

    def place_rows(self) -> list[tuple[int, forms.BoundField, forms.BoundField]]:
        return [(n, self[f"amount_{n}"], self[f"item_{n}"]) for n in range(1, PLACES + 1)]

    def section_rows(self) -> list[tuple[Section, list[tuple[forms.BoundField, forms.BoundField]]]]:
        """Each girone or category group with its places' amount and item fields."""
        return [
            (
                section,
                [
                    (self[f"s{index}_amount_{n}"], self[f"s{index}_item_{n}"])
                    for n in range(1, SECTION_PLACES + 1)
                ],
            )
            for index, section in enumerate(self.sections)
        ]

    def _section_groups(self, data: dict[str, Any]) -> list[PrizeGroup]:
        groups = []
        for index, section in enumerate(self.sections):
            prizes = [
                self._prize(
                    data.get(f"s{index}_amount_{n}"),
                    data.get(f"s{index}_item_{n}", "").strip(),
                    str(_("%(group)s, place %(place)s") % {"group": section.name, "place": n}),
                )
                for n in range(1, SECTION_PLACES + 1)
            ]
            while prizes and prizes[-1] is None:
                prizes.pop()
            if None in prizes:
                raise forms.ValidationError(
                    _("%(group)s: place %(place)s has no prize: give it one, or clear the "
                      "places below it.")
                    % {"group": section.name, "place": prizes.index(None) + 1}
                )  # fmt: skip
            if prizes:
                kept = tuple(p for p in prizes if p is not None)
                groups.append(PrizeGroup(section.key, section.kind, kept, scope=section.scope))
        return groups

    def _prize(self, amount: Decimal | None, item: str, where: str) -> Prize | None:
        if amount is not None and item:
            raise forms.ValidationError(
                _("%(where)s: give an amount or an item, not both.") % {"where": where}
            )
        if amount is not None:
            return Money(cents=int(amount * 100))
        return Item(text=item) if item else None

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        prizes: list[Prize | None] = [
            self._prize(
                data.get(f"amount_{n}"),
                data.get(f"item_{n}", "").strip(),
                str(_("Place %(place)s") % {"place": n}),
            )
            for n in range(1, PLACES + 1)
        ]
        while prizes and prizes[-1] is None:
            prizes.pop()
        if not prizes:
            raise forms.ValidationError(_("Give at least the prize for 1st place."))
        if None in prizes:
            gap = prizes.index(None) + 1
            raise forms.ValidationError(
                _("Place %(place)s has no prize: give it one, or clear the places below it.")
                % {"place": gap}
            )
        last = self._prize(
            data.get("last_amount"), data.get("last_item", "").strip(), str(_("Last place"))
        )
        groups = [
            PrizeGroup(
                key="overall",
                kind=GroupKind.OVERALL,
                prizes=tuple(p for p in prizes if p is not None),
            )
        ]
        if last is not None:
            groups.append(PrizeGroup(key="last-place", kind=GroupKind.LAST_PLACE, prizes=(last,)))
        groups.extend(self._section_groups(data))
        offered = {section.key for section in self.sections}
        groups.extend(group for group in self.keep if group.key not in offered)
        options = {
            "tie_rule": TieRule(data["tie_rule"]),
            "one_prize_each": bool(data.get("one_prize_each")),
        }
        try:
            # checked with each group's name in the reader's language, so the engine's
            # message names it; stored without, as the pages name groups themselves
            PrizePlan(
                groups=tuple(
                    replace(g, label=g.label or group_name(g.kind, g.label, g.scope))
                    for g in groups
                ),
                **options,  # type: ignore[arg-type]
            )
        except PlanError as error:
            raise forms.ValidationError(str(error)) from error
        self.plan = PrizePlan(groups=tuple(groups), **options)  # type: ignore[arg-type]
        return data


def initial_from(
    plan: PrizePlan | None, level: str, sections: tuple[Section, ...] = ()
) -> dict[str, Any]:
    """The form's starting values from a stored or ready plan (amounts in euros)."""
    initial: dict[str, Any] = {"level": level}
    index_of = {section.key: index for index, section in enumerate(sections)}
    if plan is None:
        return initial
    initial["tie_rule"] = plan.tie_rule.value
    initial["one_prize_each"] = plan.one_prize_each
    for group in plan.groups:
        if group.kind == GroupKind.OVERALL:
            for place, prize in enumerate(group.prizes[:PLACES], start=1):
                _fill(initial, prize, f"amount_{place}", f"item_{place}")
        elif group.kind == GroupKind.LAST_PLACE and group.prizes:
            _fill(initial, group.prizes[0], "last_amount", "last_item")
        elif group.key in index_of:
            index = index_of[group.key]
            for place, prize in enumerate(group.prizes[:SECTION_PLACES], start=1):
                _fill(initial, prize, f"s{index}_amount_{place}", f"s{index}_item_{place}")
    return initial


def _fill(initial: dict[str, Any], prize: Prize, amount: str, item: str) -> None:
    if isinstance(prize, Money):
        initial[amount] = Decimal(prize.cents) / 100
    else:
        initial[item] = prize.text


class ReadyPlanForm(forms.Form):
    """A ready plan to start from: the top share of the pairs paid from a pool."""

    pool = forms.DecimalField(
        label=_("Prize pool (€)"),
        min_value=Decimal(1),
        max_digits=9,
        decimal_places=2,
        localize=True,
        widget=forms.TextInput(attrs={"class": "number", "inputmode": "decimal"}),
        error_messages={
            "invalid": _("Write the pool in euros, e.g. 500."),
            "min_value": _("The pool must be at least 1 euro."),
        },
    )
    percent = forms.IntegerField(
        label=PRIZE_TEXTS["percent_label"][0],
        min_value=1,
        max_value=100,
        initial=30,
        widget=forms.NumberInput(attrs={"class": "number", "inputmode": "numeric"}),
        error_messages={
            "invalid": PRIZE_TEXTS["percent_invalid"][0],
            "min_value": PRIZE_TEXTS["percent_min"][0],
            "max_value": PRIZE_TEXTS["percent_max"][0],
        },
    )

    def __init__(self, *args: Any, individual: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _in_words(
            self,
            individual,
            (
                ("percent", "label", "percent_label"),
                ("percent", "invalid", "percent_invalid"),
                ("percent", "min_value", "percent_min"),
                ("percent", "max_value", "percent_max"),
            ),
        )
