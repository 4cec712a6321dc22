"""Forms of the organiser's round pages: the movement of a round (and, on the page that seats
it, the draw's seed and the choice whose warnings were shown), and a swap of two pairs. They
check the shape of what is typed; the services decide whether it can be done."""

from collections.abc import Mapping, Sequence
from typing import Any, cast

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.forms.fields import whole as _whole
from tournaments.forms.setup import MOVEMENT_CHOICES
from tournaments.models import Pair
from tournaments.rules import limits


class MovementForm(forms.Form):
    movement = forms.ChoiceField(
        label=_("Movement"),
        choices=MOVEMENT_CHOICES,
        help_text=_("How the pairs move from table to table in this round."),
    )
    step = _whole(
        _("the Mitchell step"),
        label=_("Mitchell step"),
        min_value=limits.MITCHELL_STEP[0],
        max_value=limits.MITCHELL_STEP[1],
        required=False,
        example=1,
        help_text=_(
            "Mitchell only: how many tables the East-West pairs move on. Left empty, the "
            "first step that brings no rematch."
        ),
    )

    def __init__(
        self, *args: Any, offered: Sequence[str] = (), individual: bool = False, **kwargs: Any
    ) -> None:
        """`offered`: the movements the tournament's shape seats by (`rules.shapes`); an
        individual tournament's players move alone, and no Mitchell seats them (no step)."""
        super().__init__(*args, **kwargs)
        if individual:
            self.fields["movement"].help_text = _(
                "How the players move from table to table in this round."
            )
            del self.fields["step"]
        if offered:
            field = cast("forms.ChoiceField", self.fields["movement"])
            field.choices = [
                (value, label) for value, label in MOVEMENT_CHOICES if value in offered
            ]


class PrepareForm(MovementForm):
    """The movement of the next round, with the draw's seed and the choice whose warnings the
    page has shown already (so that seating it does not ask twice)."""

    seed = forms.IntegerField(required=False, widget=forms.HiddenInput, min_value=1)
    previewed = forms.CharField(required=False, widget=forms.HiddenInput)


class SwapForm(forms.Form):
    pair_a = forms.ModelChoiceField(
        label=_("Swap pair"),
        help_text=_("The first pair: it takes the other pair's table and direction."),
        queryset=Pair.objects.none(),
        empty_label=_("Choose a pair"),
        error_messages={
            "required": _("Choose the first pair."),
            "invalid_choice": _("Choose a pair of this tournament."),
        },
    )
    pair_b = forms.ModelChoiceField(
        label=_("with pair"),
        help_text=_("The second pair: it takes the first pair's place."),
        queryset=Pair.objects.none(),
        empty_label=_("Choose a pair"),
        error_messages={
            "required": _("Choose the second pair."),
            "invalid_choice": _("Choose a pair of this tournament."),
        },
    )

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        *,
        pairs: QuerySet[Pair],
        places: Mapping[int, str] | None = None,
        individual: bool = False,
    ) -> None:
        """`places`: where each pair sits now, by pair id ("table 2, North-South");
        `individual`: the entrants are players alone, and the labels say so."""
        super().__init__(data)
        places = places or {}
        self.individual = individual
        if individual:
            for name, title, help_text, required in (
                (
                    "pair_a",
                    _("Swap player"),
                    _("The first player: they take the other player's table and seat."),
                    _("Choose the first player."),
                ),
                (
                    "pair_b",
                    _("with player"),
                    _("The second player: they take the first player's place."),
                    _("Choose the second player."),
                ),
            ):
                chosen = cast("forms.ModelChoiceField[Pair]", self.fields[name])
                chosen.label, chosen.help_text = title, help_text
                chosen.empty_label = _("Choose a player")
                chosen.error_messages = {
                    "required": required,
                    "invalid_choice": _("Choose a player of this tournament."),
                }

        def label(pair: Pair) -> str:
            place = places.get(pair.pk)
            return f"{pair.number}. {pair.names}" + (f" ({place})" if place else "")

        for name in ("pair_a", "pair_b"):
            field = cast("forms.ModelChoiceField[Pair]", self.fields[name])
            field.queryset = pairs
            field.label_from_instance = label  # type: ignore[assignment,method-assign]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("pair_a") and data.get("pair_a") == data.get("pair_b"):
            raise forms.ValidationError(
                gettext("Choose two different players to swap.")
                if self.individual
                else gettext("Choose two different pairs to swap.")
            )
        return data
