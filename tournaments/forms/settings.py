"""The form of a tournament's settings: game, format, rounds and movements, the VP scale (a club's
own table checked as typed), the bye's award, the tie-breaks' order and the house rules. It checks
the shape of what is typed; the services decide whether it can be done."""

from collections.abc import Mapping
from typing import Any, cast

from django import forms
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import VP_SCALES, rule_set
from scoring.vp import bye_award
from tournaments.forms.decisions import DecisionNumbersForm
from tournaments.forms.evening import (
    EveningSettings,
    ShapeSettings,
    evening_initial,
    evening_values,
    shape_initial,
    shape_values,
)
from tournaments.forms.fields import add_help, house_rule_overrides, ticked, with_values
from tournaments.forms.fields import targets_text as _targets_text
from tournaments.forms.fields import whole as _whole
from tournaments.forms.plan_fields import MAX_ROUNDS, rounds_in, with_default_movements
from tournaments.forms.setup import MOVEMENT_CHOICES
from tournaments.models import (
    CUSTOM_SCALE,
    VARIANT_CHOICES,
    VP_SCALE_CHOICES,
    Club,
    Round,
    Tournament,
)
from tournaments.rules import limits
from tournaments.rules.entrant_texts import ENTRANT_TEXTS, shape_text
from tournaments.rules.shapes import PLAYERS
from tournaments.rules.standings import MP_FIRST
from tournaments.rules.vp_tables import (
    chosen_scale,
    deals_warning,
    parse_rows,
    rows_of,
    rows_text,
    scale_for_deals,
)
from tournaments.services import ServiceError, default_movement_plan, vp_scale_from_rows

FORMAT_CHOICES = [
    (Tournament.Format.DEALS.value, _("Deals: each table plays a fixed number of deals (VP)")),
    (Tournament.Format.TARGET.value, _("Target: each table plays a match to a target score")),
]
# Rules the form offers as house rules; anything else a club set stays as it is.
HOUSE_RULE_FIELDS = ("closing_bonus", "clean_bonus", "dirty_bonus")
SHAPED_TEXTS = (
    ("result_entry", "help_text", "result_entry_help"),
    ("tie_break_order", "label", "level_ranked_by"),
    ("tie_break_order", "help_text", "tie_break_help"),
    ("bye_follows_scale", "label", "bye_follows_label"),
    ("rounds", "help_text", "rounds_help"),
    ("seating_at_once", "help_text", "seating_publish_help"),
)
"""(field, attribute, `ENTRANT_TEXTS` key): the settings' words that name the entrants."""


FIBUR_3_TEXT = rows_text(rows_of(VP_SCALES["fibur-3"]))


class TournamentForm(DecisionNumbersForm, EveningSettings, ShapeSettings):
    """A tournament's settings. One movement select per round: their number follows `rounds`
    (the page asks for them again when it changes)."""

    name = forms.CharField(
        label=_("Name"),
        max_length=120,
        error_messages={"required": _("Give the tournament a name, e.g. “Tuesday evening”.")},
    )
    date = forms.DateField(
        label=_("Date"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        error_messages={"invalid": _("Write the date as day, month and year.")},
    )
    club = forms.ModelChoiceField(label=_("Club"), queryset=Club.objects.none(), empty_label=None)
    result_entry = forms.ChoiceField(
        label=_("Who enters the results"),
        choices=Tournament.ResultEntry.choices,
        initial=Tournament.ResultEntry.ORGANISER.value,
        required=False,
        widget=forms.RadioSelect,
        help_text=ENTRANT_TEXTS["result_entry_help"][0],
    )
    variant = forms.ChoiceField(label=_("Variant"), choices=VARIANT_CHOICES, initial="classico")
    format = forms.ChoiceField(
        label=_("Format"),
        choices=FORMAT_CHOICES,
        initial=Tournament.Format.DEALS.value,
        widget=forms.RadioSelect,
    )
    rounds = _whole(
        _("the number of rounds"),
        label=_("Rounds"),
        initial=3,
        min_value=1,
        max_value=MAX_ROUNDS,
    )
    deals_per_round = _whole(
        _("the deals per round"),
        label=_("Deals per round"),
        initial=3,
        min_value=1,
        max_value=12,
        help_text=_("Deals format only."),
    )
    vp_scale = forms.ChoiceField(
        label=_("Victory-point (VP) scale"),
        choices=VP_SCALE_CHOICES,
        initial="fibur-3",
        help_text=_("Deals format only. FIBUR 3 for 3 deals a table, FIBUR 4 for 4."),
    )
    custom_vp_bands = forms.CharField(
        label=_("Custom VP table"),
        required=False,
        initial=FIBUR_3_TEXT,
        widget=forms.Textarea(attrs={"rows": 11, "spellcheck": "false"}),
        help_text=_(
            "Used only with the custom scale. One band a line, as the table is printed: the MP "
            "difference, winner VP, loser VP, e.g. “55–150, 11, 9”; the last line “1505 and "
            "more, 20, 0”. A band begins at its printed lower bound, and a difference between two "
            "printed bands (52 between 50 and 55) counts in the lower band."
        ),
    )
    target_score = _whole(
        _("the target score"),
        label=_("Target score"),
        required=False,
        min_value=limits.TARGET_SCORE[0],
        max_value=limits.TARGET_SCORE[1],
        example=2005,
        help_text=_targets_text(),
    )
    tie_break_order = forms.ChoiceField(
        label=ENTRANT_TEXTS["level_ranked_by"][0],
        choices=Tournament.TieBreaks.choices,
        initial=MP_FIRST,
        required=False,
        widget=forms.RadioSelect,
        help_text=ENTRANT_TEXTS["tie_break_help"][0],
    )
    bye_follows_scale = forms.BooleanField(
        label=ENTRANT_TEXTS["bye_follows_label"][0],
        required=False,
        initial=True,
    )
    bye_vp = _whole(
        _("the VP of a bye"),
        label=_("Bye: victory points"),
        required=False,
        min_value=limits.BYE_VP[0],
        max_value=limits.BYE_VP[1],
        example=14,
    )
    bye_mp = _whole(
        _("the MP of a bye"),
        label=_("Bye: match points"),
        required=False,
        example=355,
        min_value=limits.BYE_MP[0],
        max_value=limits.BYE_MP[1],
    )
    closing_bonus = _whole(
        _("the closing bonus"),
        label=_("Closing bonus"),
        example=100,
        min_value=limits.RULE_VALUE[0],
        max_value=limits.RULE_VALUE[1],
    )
    clean_bonus = _whole(
        _("the clean burraco bonus"),
        label=_("Clean burraco bonus"),
        example=200,
        min_value=limits.RULE_VALUE[0],
        max_value=limits.RULE_VALUE[1],
    )
    dirty_bonus = _whole(
        _("the dirty burraco bonus"),
        label=_("Dirty burraco bonus"),
        example=100,
        min_value=limits.RULE_VALUE[0],
        max_value=limits.RULE_VALUE[1],
    )

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        *,
        clubs: list[Club],
        tournament: Tournament | None = None,
        seated: list[Round] | None = None,
        follow_deals: bool = False,
    ) -> None:
        # follow_deals: the deals just changed; a federation scale follows them (scale_for_deals)
        self.tournament = tournament
        self.seated = seated or []
        initial = self._initial_from(tournament)
        self.plan_rounds = rounds_in(data, default=initial["rounds"])
        if data is not None:
            # A round the plan did not have yet gets its default movement.
            data = with_default_movements(data, self.plan_rounds)
        self.scale_followed = ""  # the scale's name when it just followed the deals per round
        if data is not None and not seated and follow_deals:
            slug = scale_for_deals(str(data.get("vp_scale", "")), data.get("deals_per_round"))
            if slug != data.get("vp_scale"):
                data = with_values(data, {"vp_scale": slug})
                self.scale_followed = str(dict(VP_SCALE_CHOICES)[slug])
        shown = data if data is not None and not seated else initial
        scale = chosen_scale(shown.get("vp_scale"), shown.get("custom_vp_bands"), strict=not seated)
        self.scale_award = None if scale is None else bye_award(scale)
        """(VP, MP) the chosen scale gives a bye, or None while its table is not readable."""
        self.scale_warning = deals_warning(scale, shown.get("deals_per_round"))
        """Why the chosen scale may not fit the deals per round ("" when it does)."""
        if data is not None and not seated and ticked(data, "bye_follows_scale"):
            # the numbers the scale gives, shown while they follow it
            award = self.scale_award
            if award is not None:
                data = with_values(data, {"bye_vp": award[0], "bye_mp": award[1]})
        super().__init__(data, initial=initial)
        self.fields["date"].initial = initial.get("date") or timezone.localdate()
        if tournament is not None or len(clubs) <= 1:
            del self.fields["club"]
        else:
            club_field = cast("forms.ModelChoiceField[Club]", self.fields["club"])
            club_field.queryset = Club.objects.filter(pk__in=[c.pk for c in clubs])
            club_field.initial = clubs[0].pk
        if self.locked:
            for name in (*self.scoring_fields, *HOUSE_RULE_FIELDS):
                self.fields[name].disabled = True
        self._show_award()
        for name, attribute, key in SHAPED_TEXTS:  # a pairs evening's words, or a player's
            setattr(self.fields[name], attribute, shape_text(self.is_individual, key))
        plan = initial["movement_plan"]
        defaults = default_movement_plan(self.plan_rounds)
        played = {r.number: r.movement for r in self.seated}
        for number in range(1, self.plan_rounds + 1):
            field = forms.ChoiceField(
                label=gettext("Round %(number)s") % {"number": number},
                choices=MOVEMENT_CHOICES,
                initial=played.get(number)
                or (plan[number - 1] if number <= len(plan) else defaults[number - 1]),
                disabled=number in played,
            )
            self.fields[f"movement_{number}"] = field
        add_help(self)

    scoring_fields = (
        "entrants",
        "variant",
        "format",
        "deals_per_round",
        "vp_scale",
        "custom_vp_bands",
        "target_score",
        "bye_follows_scale",
        "bye_vp",
        "bye_mp",
        "tie_break_order",
    )

    @property
    def locked(self) -> bool:
        """Once a round is seated the scoring settings no longer change."""
        return bool(self.seated)

    @property
    def is_individual(self) -> bool:
        """Whether the form is for an individual tournament (as typed, or as saved): its rounds
        follow the field's size, so the page shows no plan of pairs movements."""
        return bool(self["entrants"].value() == PLAYERS)

    def movement_fields(self) -> list[forms.BoundField]:
        return [self[f"movement_{n}"] for n in range(1, self.plan_rounds + 1)]

    def _show_award(self) -> None:
        """The bye's numbers: while they follow the scale they show its award and are not typed
        (the page asks for them again when the scale changes)."""
        award = self.scale_award
        help_text = (
            gettext("This scale gives %(vp)s VP and %(mp)s MP. Untick it to give other numbers.")
            % {"vp": award[0], "mp": award[1]}
            if award is not None
            else gettext("The award is worked out from your VP table once it is complete.")
        )
        self.fields["bye_follows_scale"].help_text = help_text
        if self["bye_follows_scale"].value():
            for name in ("bye_vp", "bye_mp"):
                # shown, not typed: no range to check (a 30-VP table's bye gets 21)
                self.fields[name].widget.attrs["readonly"] = True
                self.fields[name].validators = []

    @staticmethod
    def _initial_from(tournament: Tournament | None) -> dict[str, Any]:
        standard = rule_set("classico")
        if tournament is None:
            vp, mp = bye_award(VP_SCALES["fibur-3"])
            return {
                "rounds": 3,
                **evening_initial(None),
                **shape_initial(None),
                "vp_scale": "fibur-3",
                "custom_vp_bands": FIBUR_3_TEXT,
                "deals_per_round": 3,
                "bye_follows_scale": True,
                "bye_vp": vp,
                "bye_mp": mp,
                "tie_break_order": MP_FIRST,
                "movement_plan": default_movement_plan(3),
                "closing_bonus": standard.closing_bonus,
                "clean_bonus": standard.burraco_bonuses["clean"],
                "dirty_bonus": standard.burraco_bonuses["dirty"],
            }
        return {
            "name": tournament.name,
            "date": tournament.date,
            "variant": tournament.variant,
            "format": tournament.format,
            "rounds": tournament.rounds,
            "deals_per_round": tournament.deals_per_round,
            **evening_initial(tournament),
            **shape_initial(tournament),
            "vp_scale": tournament.vp_scale,
            "custom_vp_bands": rows_text(tournament.custom_vp_bands)
            if tournament.custom_vp_bands
            else FIBUR_3_TEXT,
            "target_score": tournament.target_score,
            "bye_follows_scale": tournament.bye_vp is None and tournament.bye_mp is None,
            "bye_vp": tournament.play_format.bye_vp,
            "bye_mp": tournament.play_format.bye_mp,
            "tie_break_order": tournament.tie_break_order,
            **DecisionNumbersForm.numbers_of(tournament),
            "movement_plan": tournament.movement_plan or default_movement_plan(tournament.rounds),
            "result_entry": tournament.result_entry,
            "closing_bonus": tournament.rules.closing_bonus,
            "clean_bonus": tournament.rules.burraco_bonuses.get("clean", 0),
            "dirty_bonus": tournament.rules.burraco_bonuses.get("dirty", 0),
        }

    def clean_custom_vp_bands(self) -> list[list[int | None]]:
        if self.cleaned_data.get("vp_scale") != CUSTOM_SCALE:
            return []
        rows, problems = parse_rows(self.cleaned_data.get("custom_vp_bands", ""))
        if problems:
            raise forms.ValidationError(problems)
        try:
            # a table set now must make sense; a locked one is kept as it was accepted
            vp_scale_from_rows(rows, strict=not self.locked)
        except ServiceError as error:
            raise forms.ValidationError(list(error.messages)) from None
        return rows

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        rounds = data.get("rounds")
        if rounds is not None:
            data["movement_plan"] = [
                data.get(f"movement_{n}") or default_movement_plan(rounds)[n - 1]
                for n in range(1, rounds + 1)
            ]
        if data.get("bye_follows_scale"):
            data["bye_vp"] = data["bye_mp"] = None  # stored empty: it follows the scale
        else:
            for name in ("bye_vp", "bye_mp"):
                if data.get(name) is None and name not in self.errors:
                    self.add_error(name, self.fields[name].error_messages["required"])
        return data

    def service_fields(self) -> dict[str, Any]:
        """The settings as the tournament services take them (the club apart)."""
        data = self.cleaned_data
        existing = self.tournament.house_rules if self.tournament else {}
        return {
            "name": data["name"],
            "date": data["date"],
            "variant": data["variant"],
            "format": data["format"],
            "rounds": data["rounds"],
            "deals_per_round": data["deals_per_round"],
            **evening_values(data, self.tournament),
            **shape_values(data, self.tournament),
            "vp_scale": data["vp_scale"],
            "custom_vp_bands": data["custom_vp_bands"],
            "target_score": data["target_score"],
            "bye_vp": data["bye_vp"],
            "bye_mp": data["bye_mp"],
            "tie_break_order": data.get("tie_break_order")
            or (self.tournament.tie_break_order if self.tournament else MP_FIRST),
            **self.decision_numbers(),
            "movement_plan": data["movement_plan"],
            "result_entry": data.get("result_entry")
            or (self.tournament.result_entry if self.tournament else "organiser"),
            "house_rules_overrides": house_rule_overrides(
                data["variant"], existing, {name: data[name] for name in HOUSE_RULE_FIELDS}
            ),
        }
