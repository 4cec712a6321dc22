"""The season form: its name, how many evenings count, and which of the club's tournaments it
groups. It checks the shape of what is chosen; `services.season_create` / `season_update`
decide the rest (one season per tournament, the club's own tournaments only)."""

from collections.abc import Sequence
from typing import Any, cast

from django import forms
from django.db.models import Q
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from tournaments.models import Club, Season, Tournament
from tournaments.services.seasons import MAX_BEST_OF


class TournamentChoices(forms.ModelMultipleChoiceField):  # type: ignore[type-arg]
    def label_from_instance(self, obj: Tournament) -> str:
        date = date_format(obj.date, "SHORT_DATE_FORMAT")
        return f"{obj.name} · {date} · {obj.get_status_display()}"


class SeasonForm(forms.Form):
    club = forms.ModelChoiceField(
        queryset=Club.objects.none(),
        label=_("Club"),
        empty_label=None,
        help_text=_("The club whose championship this is."),
        error_messages={"required": _("Choose the club of the season.")},
    )
    name = forms.CharField(
        label=_("Name"),
        max_length=120,
        help_text=_("The name players see above the ranking, e.g. “Championship 2026-27”."),
        error_messages={"required": _("Give the season a name, e.g. “Championship 2026-27”.")},
    )
    best_of = forms.IntegerField(
        label=_("Evenings that count"),
        required=False,
        min_value=1,
        max_value=MAX_BEST_OF,
        widget=forms.NumberInput(attrs={"class": "number", "inputmode": "numeric"}),
        help_text=_(
            "Each pair and player counts their best N evenings. Leave it empty to count them all."
        ),
        error_messages={
            "invalid": _("Write the evenings that count as a whole number, e.g. 8."),
            "min_value": _("Write at least 1 evening, or leave it empty to count them all."),
            "max_value": _("That is more evenings than a season can count: check the number."),
        },
    )
    tournaments = TournamentChoices(
        queryset=Tournament.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=_("Tournaments"),
        help_text=_(
            "The club's tournaments not in another season. Only finished ones count in the ranking."
        ),
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
