"""The settings of the arbiter's evening in the tournament's form: the round clock's minutes per
deal, whether a round's seating is shown to the players at once or when the organiser publishes
it, and the event's officials (arbiter, sala conti); and the tournament's shape: pairs, or
players ranked alone (individual), with the individual Danese's table setting."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import Tournament
from tournaments.rules.entrant_refusal_texts import REFUSAL_TEXTS
from tournaments.rules.evening import MINUTES_PER_DEAL
from tournaments.rules.shapes import PAIRS

HAND, ONCE = "hand", "once"


class EveningSettings(forms.Form):
    minutes_per_deal = forms.IntegerField(
        label=_("Minutes per deal"),
        required=False,
        min_value=MINUTES_PER_DEAL[0],
        max_value=MINUTES_PER_DEAL[1],
        help_text=_("The round clock: deals per round times this (the federations use 15)."),
    )
    seating_at_once = forms.ChoiceField(
        label=_("Seating shown to the players"),
        choices=[
            (HAND, _("When I press “Publish seating” (check it first)")),
            (ONCE, _("At once, as soon as the round is seated")),
        ],
        required=False,
        widget=forms.RadioSelect,
        help_text=REFUSAL_TEXTS["seating_publish_help"][0],
    )

    arbiter = forms.CharField(
        label=_("Arbiter"),
        max_length=120,
        required=False,
        help_text=_("The tournament director's name, as the federation knows it."),
    )
    scorer = forms.CharField(
        label=_("Scorer (sala conti)"),
        max_length=120,
        required=False,
        help_text=_("Who keeps the scores; both names go on the submissions to the federation."),
    )


def officials_values(data: dict[str, Any]) -> dict[str, str]:
    """The arbiter and the sala conti, for `services.tournament_officials_set`."""
    return {name: data.get(name) or "" for name in ("arbiter", "scorer")}


def evening_initial(tournament: Tournament | None) -> dict[str, Any]:
    """What the form shows: a new tournament's seating waits for "Publish seating" (a seating
    drawn by a movement is best checked by the organiser before the room sees it)."""
    if tournament is None:
        return {"minutes_per_deal": 15, "seating_at_once": HAND}
    return {
        "minutes_per_deal": tournament.minutes_per_deal,
        "seating_at_once": ONCE if tournament.seating_at_once else HAND,
        "arbiter": tournament.arbiter,
        "scorer": tournament.scorer,
    }


def evening_values(data: dict[str, Any], tournament: Tournament | None) -> dict[str, Any]:
    """The values for the services. Left out (a form sent by a script, or a page of before
    these settings) they stay as the tournament has them, or as they always were: 15 minutes,
    the seating at once."""
    chosen = data.get("seating_at_once")
    return {
        "minutes_per_deal": data.get("minutes_per_deal")
        or (tournament.minutes_per_deal if tournament else 15),
        "seating_at_once": chosen == ONCE
        if chosen
        else (tournament.seating_at_once if tournament else True),
    }


class ShapeSettings(forms.Form):
    entrants = forms.ChoiceField(
        label=_("Entrants"),
        choices=Tournament.Entrants.choices,
        required=False,
        widget=forms.RadioSelect,
        help_text=_(
            "Individual: players are entered one a line, partners change every round and each "
            "player is ranked alone (8 players: the complete schedule; 12: the rotation; any "
            "other number: a random round, then the Danese)."
        ),
    )
    danese_table_order = forms.ChoiceField(
        label=_("Individual Danese: who partners whom at a table"),
        choices=Tournament.DaneseTableOrder.choices,
        required=False,
        help_text=_("The four players of a table by rank: 1 and 2 partner, or 1 and 4."),
    )


def shape_initial(tournament: Tournament | None) -> dict[str, Any]:
    if tournament is None:
        return {"entrants": PAIRS, "danese_table_order": Tournament.DaneseTableOrder.ONE_TWO}
    return {
        "entrants": tournament.entrants,
        "danese_table_order": tournament.danese_table_order,
    }


def shape_values(data: dict[str, Any], tournament: Tournament | None) -> dict[str, Any]:
    """Left out (a form sent by a script, a page of before these settings), they stay."""
    kept = shape_initial(tournament)
    return {name: data.get(name) or kept[name] for name in kept}
