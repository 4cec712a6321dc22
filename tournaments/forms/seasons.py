"""The season form: its name, how many evenings count, and which of the club's tournaments it
groups. It checks the shape of what is chosen; `services.season_create` / `season_update`
decide the rest (one season per tournament, the club's own tournaments only)."""

from collections.abc import Sequence
from typing import Any, cast

from django import forms
from django.db.models import Q

from tournaments.models import Club, Season, Tournament
from tournaments.services.seasons import MAX_BEST_OF


class TournamentChoices(forms.ModelMultipleChoiceField):  # type: ignore[type-arg]
    def label_from_instance(self, obj: Tournament) -> str:
        return f"{obj.name} · {obj.date:%d/%m/%Y} · {obj.get_status_display()}"


class SeasonForm(forms.Form):
    club = forms.ModelChoiceField(
        queryset=Club.objects.none(),
        empty_label=None,
        error_messages={"required": "Choose the club of the season."},
    )
    name = forms.CharField(
        max_length=120,
        error_messages={"required": "Give the season a name, e.g. “Championship 2026-27”."},
    )
    best_of = forms.IntegerField(
        label="Evenings that count",
        required=False,
        min_value=1,
        max_value=MAX_BEST_OF,
        widget=forms.NumberInput(attrs={"class": "number", "inputmode": "numeric"}),
        help_text="Each pair and player counts their best N evenings. Leave it empty to count "
        "them all.",
        error_messages={"invalid": "Write the evenings that count as a whole number, e.g. 8."},
    )
    tournaments = TournamentChoices(
        queryset=Tournament.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="The club's tournaments not in another season. Only finished ones count in "
        "the ranking.",
    )

    def __init__(
        self, data: Any = None, *, clubs: Sequence[Club], season: Season | None = None
    ) -> None:
        initial: dict[str, Any] = {}
        if season is not None:
            initial = {
                "club": season.club,
                "name": season.name,
                "best_of": season.best_of,
                "tournaments": list(season.tournaments.all()),
            }
        super().__init__(data, initial=initial)
        club_ids = [club.pk for club in clubs]
        club_field = cast("forms.ModelChoiceField[Club]", self.fields["club"])
        club_field.queryset = Club.objects.filter(pk__in=club_ids)
        if season is not None or len(clubs) == 1:
            # The club is fixed: the season's own, or the organiser's only club.
            del self.fields["club"]
        free = Q(season=None) | (Q(season=season) if season is not None else Q(pk__in=[]))
        cast(TournamentChoices, self.fields["tournaments"]).queryset = (
            Tournament.objects.filter(club_id__in=club_ids).filter(free).order_by("-date", "-id")
        )
