"""Clubs, their players and seasons: edited here as in any admin."""

from collections.abc import Sequence
from typing import Any, ClassVar

from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from tournaments.admin.base import ReadOnlyInline
from tournaments.models import (
    Club,
    FederationMember,
    Player,
    Season,
    Tournament,
)
from tournaments.selectors.public import forget_club_language


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin[Club]):
    list_display = ("name", "city", "slug", "player_count", "tournament_count")
    search_fields = ("name", "city", "slug")
    prepopulated_fields: ClassVar[dict[str, Sequence[str]]] = {"slug": ("name",)}
    filter_horizontal = ("organisers",)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Club]:
        return (
            super()
            .get_queryset(request)
            .annotate(
                player_count=Count("players", distinct=True),
                tournament_count=Count("tournaments", distinct=True),
            )
        )

    def save_model(self, request: HttpRequest, obj: Club, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        # the public pages keep a club's language a minute: a change is seen at once
        for slug in {form.initial.get("slug"), obj.slug} - {None}:
            forget_club_language(slug)

    @admin.display(description=_("players"), ordering="player_count")
    def player_count(self, club: Club) -> int:
        return int(club.player_count)  # type: ignore[attr-defined]

    @admin.display(description=_("tournaments"), ordering="tournament_count")
    def tournament_count(self, club: Club) -> int:
        return int(club.tournament_count)  # type: ignore[attr-defined]


@admin.register(FederationMember)
class FederationMemberAdmin(admin.ModelAdmin[FederationMember]):
    """The federation's list as the club imported it (replaced whole at the next import)."""

    list_display = ("card_number", "last_name", "first_name", "birth_year", "member_club",
                    "valid_until", "club")  # fmt: skip
    list_filter = ("club",)
    search_fields = ("last_name", "first_name", "card_number")
    list_select_related = ("club",)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin[Player]):
    list_display = ("last_name", "first_name", "card_number", "club")
    list_display_links = ("last_name", "first_name")
    list_filter = ("club",)
    search_fields = ("last_name", "first_name", "card_number")
    list_select_related = ("club",)
    ordering = ("sort_name", "pk")  # De Luca under D, whatever the case and accents


class SeasonTournamentInline(ReadOnlyInline):
    model = Tournament
    fields = ("name", "date", "variant", "status")
    verbose_name_plural = _("tournaments of the season")


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin[Season]):
    list_display = ("name", "club", "best_of", "tournament_count")
    list_filter = ("club",)
    search_fields = ("name", "slug", "club__name")
    list_select_related = ("club",)
    prepopulated_fields: ClassVar[dict[str, Sequence[str]]] = {"slug": ("name",)}
    inlines = (SeasonTournamentInline,)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Season]:
        return super().get_queryset(request).annotate(tournament_count=Count("tournaments"))

    @admin.display(description=_("tournaments"), ordering="tournament_count")
    def tournament_count(self, season: Season) -> int:
        return int(season.tournament_count)  # type: ignore[attr-defined]
