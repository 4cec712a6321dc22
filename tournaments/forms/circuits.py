"""The circuit forms: a new circuit with its points scheme (a preset or a table typed as
"100, 80, 60"), the category coefficient and the evenings that count; a club joining by its
address; a tournament that counts. They check the shape of what is typed;
`services.circuit_create` and the others decide the rest."""

import re
from decimal import Decimal
from typing import Any

from django import forms
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from tournaments.models import Club, Tournament
from tournaments.prizes.points import PointsScheme, SchemeError, SchemeKind
from tournaments.services.circuits import MAX_BEST_N

PRESETS = [
    (SchemeKind.PAIRS_MINUS_5.value, _("FIGB club Grand Prix: pairs then 5 fewer")),
    (SchemeKind.DOUBLE_MINUS_2.value, _("2 × pairs, 2 fewer")),
    (SchemeKind.TABLE.value, _("A table of points by place")),
]
NUMBER = re.compile(r"\d{1,5}(?:\.\d{1,2})?")


def table_of(text: str) -> tuple[Decimal, ...]:
    """ "100, 80, 60…" as points by place: commas, semicolons or spaces separate the places
    (a decimal is written with a point: 12.5); the dots of "…" are ignored."""
    parts = [p.strip(".") for p in re.split(r"[,;\s]+", text.replace("…", " "))]
    parts = [p for p in parts if p]
    if not parts or not all(NUMBER.fullmatch(p) for p in parts):
        raise forms.ValidationError(
            _("Write the points of each place as numbers separated by commas, e.g. 100, 80, 60.")
        )
    return tuple(Decimal(p) for p in parts)


class CircuitForm(forms.Form):
    club = forms.ModelChoiceField(
        queryset=Club.objects.none(),
        label=_("Club"),
        empty_label=None,
        help_text=_("The club that manages the circuit; other clubs can join it afterwards."),
    )
    name = forms.CharField(
        label=_("Name"),
        max_length=120,
        help_text=_("The name players see above the ranking, e.g. “Grand Prix 2027”."),
        error_messages={"required": _("Give the circuit a name, e.g. “Grand Prix 2027”.")},
    )
    kind = forms.ChoiceField(
        label=_("Points by place"),
        choices=PRESETS,
        initial=SchemeKind.PAIRS_MINUS_5.value,
        widget=forms.RadioSelect,
        help_text=_(
            "With 12 pairs, the Grand Prix gives 12, 7, 2, then 0; 2 × pairs gives 24, 22, 20 … 2. "
            "Tied pairs share the points of their places, on average."
        ),
    )
    table = forms.CharField(
        label=_("Table of points"),
        required=False,
        max_length=400,
        help_text=_("Only for a table: the points of 1st, 2nd, 3rd… e.g. 100, 80, 60, 50."),
    )
    coefficient = forms.DecimalField(
        label=_("Category coefficient"),
        initial=Decimal(1),
        min_value=Decimal("0.01"),
        max_value=Decimal(10),
        decimal_places=2,
        widget=forms.NumberInput(attrs={"class": "number", "inputmode": "decimal", "step": "0.01"}),
        help_text=_(
            "Every evening's points are multiplied by it: 1 for a club evening, 1.5 for a "
            "stronger one."
        ),
        error_messages={
            "required": _("Write the category coefficient, e.g. 1."),
            "invalid": _("Write the category coefficient as a number, e.g. 1 or 1.5."),
            "min_value": _("The category coefficient must be above 0."),
            "max_value": _("That coefficient is too large: check the number."),
        },
    )
    best_n = forms.IntegerField(
        label=_("Evenings that count"),
        required=False,
        min_value=1,
        max_value=MAX_BEST_N,
        widget=forms.NumberInput(attrs={"class": "number", "inputmode": "numeric"}),
        help_text=_("Each player counts their best N evenings. Leave it empty to count them all."),
        error_messages={
            "invalid": _("Write the evenings that count as a whole number, e.g. 8."),
            "min_value": _("Write at least 1 evening, or leave it empty to count them all."),
            "max_value": _("That is more evenings than a circuit can count: check the number."),
        },
    )

    def __init__(self, *args: Any, clubs: list[Club], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["club"]
        field.queryset = Club.objects.filter(pk__in=[c.pk for c in clubs])  # type: ignore[attr-defined]
        field.initial = clubs[0] if clubs else None
        if len(clubs) == 1:  # the organiser's one club: nothing to choose
            field.widget = forms.HiddenInput()
            field.required = False

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        kind = data.get("kind")
        table: tuple[Decimal, ...] = ()
        if kind == SchemeKind.TABLE.value:
            try:
                table = table_of(data.get("table", ""))
            except forms.ValidationError as error:
                self.add_error("table", error)
                return data
        if kind and data.get("coefficient") is not None:
            try:
                data["scheme"] = PointsScheme(SchemeKind(kind), data["coefficient"], table)
            except SchemeError:
                self.add_error("table", _("A table of points needs the points of 1st place."))
        return data


class ClubJoinForm(forms.Form):
    slug = forms.CharField(
        label=_("The club's address"),
        max_length=60,
        help_text=_("As in the club's public page: for /t/roma/ write roma."),
        error_messages={"required": _("Write the club's address, e.g. roma.")},
    )


class TournamentChoice(forms.ModelChoiceField):  # type: ignore[type-arg]
    def label_from_instance(self, obj: Tournament) -> str:
        date = date_format(obj.date, "SHORT_DATE_FORMAT")
        return f"{obj.name} · {date} · {obj.club.name}"


class EveningForm(forms.Form):
    tournament = TournamentChoice(
        queryset=Tournament.objects.none(),
        label=_("Tournament"),
        help_text=_("Your club's finished tournaments that do not count yet."),
        error_messages={"required": _("Choose the tournament that counts.")},
    )

    def __init__(self, *args: Any, tournaments: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["tournament"].queryset = tournaments  # type: ignore[attr-defined]
