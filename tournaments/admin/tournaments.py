"""Tournaments (settings through `services.tournament_update`) and their pairs."""

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments import services
from tournaments.admin.base import ReadOnlyInline, ServicesOnlyAdmin
from tournaments.models import (
    Pair,
    Round,
    Substitution,
    Tournament,
)
from tournaments.services.tournaments import SCORING_SETTINGS as SCORING_LABELS
from tournaments.services.tournaments import UPDATABLE

SCORING_SETTINGS = tuple(SCORING_LABELS)


class TournamentForm(forms.ModelForm[Tournament]):
    """Checks a change by running `services.tournament_update` and undoing it, so the admin
    shows the service's own messages (a finished tournament, scoring settings already in use)."""

    class Meta:
        model = Tournament
        fields = UPDATABLE

    def updates(self) -> dict[str, Any]:
        return {name: self.cleaned_data[name] for name in self.changed_data if name in UPDATABLE}

    def clean(self) -> dict[str, Any] | None:
        cleaned = super().clean()
        if self.instance.pk is None or self.errors:
            return cleaned
        try:
            with transaction.atomic():
                services.tournament_update(tournament=self.instance, **self.updates())
                transaction.set_rollback(True)
        except services.ServiceError as error:
            raise ValidationError(list(error.messages)) from None
        return cleaned


class PairInline(ReadOnlyInline):
    """The standings as the services stored them."""

    model = Pair
    fields = ("rank", "vp", "mp", "rounds_played", "byes", "matches_won")  # the row names the pair
    verbose_name_plural = _("pairs and standings")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Pair]:
        return (super().get_queryset(request).select_related("player_one", "player_two")).order_by(
            "rank", "number"
        )


class RoundInline(ReadOnlyInline):
    model = Round
    fields = ("number", "movement", "step", "status", "pairing_outdated")


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin[Tournament]):
    form = TournamentForm
    list_display = (
        "name",
        "date",
        "club",
        "variant",
        "format",
        "status",
        "published",
        "pair_count",
        "rounds_done",
    )
    list_filter = ("club", "season", "variant", "format", "status", "published")
    search_fields = ("name", "slug", "club__name")
    date_hierarchy = "date"
    list_select_related = ("club",)
    inlines = (RoundInline, PairInline)
    fieldsets = (
        (None, {"fields": ["club", "season", "name", "slug", "date", "status", "published"]}),
        (_("Rounds"), {"fields": ["rounds", "movement_plan"]}),
        (_("Scoring (fixed once round 1 is seated)"), {"fields": SCORING_SETTINGS}),
        (_("Bookkeeping"), {"fields": ["results_version", "created_at"]}),
    )

    def get_queryset(self, request: HttpRequest) -> QuerySet[Tournament]:
        return (
            super()
            .get_queryset(request)
            .annotate(
                pair_count=Count("pairs", distinct=True),
                rounds_done_count=Count(
                    "round_set", filter=Q(round_set__status=Round.Status.DONE), distinct=True
                ),
            )
        )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # new tournaments come from the organiser's pages (services.tournament_create)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and obj.is_finished:
            return False  # the service refuses every change to a finished tournament
        return super().has_change_permission(request, obj)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        # the season is not among what services.tournament_update changes (yet)
        fixed = ["club", "season", "slug", "status", "results_version", "created_at"]
        if obj is not None and obj.round_set.exists():
            fixed += SCORING_SETTINGS
        return fixed

    def save_model(self, request: HttpRequest, obj: Tournament, form: Any, change: bool) -> None:
        services.tournament_update(tournament=obj, user=request.user, **form.updates())
        obj.refresh_from_db()  # the service saved its own copy

    @admin.display(description=_("pairs"), ordering="pair_count")
    def pair_count(self, tournament: Tournament) -> int:
        return int(tournament.pair_count)  # type: ignore[attr-defined]

    @admin.display(description=_("rounds done"))
    def rounds_done(self, tournament: Tournament) -> str:
        return gettext("%(done)s of %(total)s") % {
            "done": tournament.rounds_done_count,  # type: ignore[attr-defined]
            "total": tournament.rounds,
        }


@admin.register(Pair)
class PairAdmin(ServicesOnlyAdmin[Pair]):
    list_display = (
        "number",
        "players",
        "tournament",
        "rank",
        "vp",
        "mp",
        "rounds_played",
        "byes",
        "matches_won",
        "point_difference",
    )
    list_display_links = ("number", "players")
    list_filter = ("tournament__club", "tournament")
    search_fields = (
        "player_one__last_name",
        "player_one__first_name",
        "player_one__card_number",
        "player_two__last_name",
        "player_two__first_name",
        "player_two__card_number",
        "tournament__name",
    )
    list_select_related = ("tournament", "player_one", "player_two")
    ordering = ("-tournament__date", "tournament", "rank", "number")

    @admin.display(description=_("players"))
    def players(self, pair: Pair) -> str:
        return pair.names


@admin.register(Substitution)
class SubstitutionAdmin(ServicesOnlyAdmin[Substitution]):
    """Who replaced whom in a pair, from which round (services.pair_substitute)."""

    list_display = ("pair", "player_out", "player_in", "from_round")
    list_filter = ("pair__tournament__club",)
    list_select_related = (
        "pair__tournament",
        "pair__player_one",
        "pair__player_two",
        "player_out",
        "player_in",
    )
    ordering = ("-pair__tournament__date", "pair", "from_round")


# --- rounds, tables and seats ---------------------------------------------------------------------
