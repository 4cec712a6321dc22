"""The Django admin: a window on every record of the clubs, not a second way to score.

Clubs, seasons and players are edited here as in any admin. Tournament settings change only
through `services.tournament_update`, so the admin obeys the rules of the organiser's settings
page (the scoring settings are fixed once round 1 is seated). Everything the services and the
scoring engine write — pairs and their standings, rounds, seatings, tables and their totals,
deals, each side's result, melds and the audit record — is shown read-only: a number typed here
would never reach the table's totals, the standings or the audit record. Results are corrected
on the entry pages, which score them again.
"""

import json
from collections.abc import Sequence
from typing import Any, ClassVar

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest
from django.utils.html import format_html

from tournaments import services
from tournaments.models import (
    Club,
    Deal,
    DealSide,
    Meld,
    Pair,
    Player,
    ResultChange,
    Round,
    Season,
    Seat,
    Table,
    Tournament,
)

admin.site.site_header = "Burraco club administration"
admin.site.site_title = "Burraco club admin"


def _where(table: Table) -> str:
    """Where a table is, as people say it: 'Torneo del martedì · round 2 · table 3'."""
    return f"{table.round.tournament.name} · round {table.round.number} · table {table.number}"


def _json(value: object) -> str:
    return format_html("<pre>{}</pre>", json.dumps(value, indent=2, ensure_ascii=False))


# --- read-only building blocks --------------------------------------------------------------------


def _every_field(model_admin: admin.options.BaseModelAdmin) -> list[str]:
    """All of a model's fields as read-only (the timestamps too, which no form may hold)."""
    names = [field.name for field in model_admin.opts.fields if not field.primary_key]
    return [*model_admin.readonly_fields, *names]


class ServicesOnlyAdmin(admin.ModelAdmin):
    """Rows that only the services write: listed and shown, never added, changed or deleted one
    by one (deleting them with their whole tournament or club is fine)."""

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return _every_field(self)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # Deleting a Tournament asks every related admin this question too: that cascade is
        # allowed, only this model's own pages (delete action, delete view) refuse.
        match = request.resolver_match
        own_prefix = f"{self.opts.app_label}_{self.opts.model_name}_"
        if match is not None and (match.url_name or "").startswith(own_prefix):
            return False
        return super().has_delete_permission(request, obj)


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = True

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return _every_field(self)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


# --- clubs and players ----------------------------------------------------------------------------


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
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

    @admin.display(description="players", ordering="player_count")
    def player_count(self, club: Club) -> int:
        return int(club.player_count)  # type: ignore[attr-defined]

    @admin.display(description="tournaments", ordering="tournament_count")
    def tournament_count(self, club: Club) -> int:
        return int(club.tournament_count)  # type: ignore[attr-defined]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("last_name", "first_name", "card_number", "club")
    list_display_links = ("last_name", "first_name")
    list_filter = ("club",)
    search_fields = ("last_name", "first_name", "card_number")
    list_select_related = ("club",)
    ordering = ("last_name", "first_name")


class SeasonTournamentInline(ReadOnlyInline):
    model = Tournament
    fields = ("name", "date", "variant", "status")
    verbose_name_plural = "tournaments of the season"


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "best_of", "tournament_count")
    list_filter = ("club",)
    search_fields = ("name", "slug", "club__name")
    list_select_related = ("club",)
    prepopulated_fields: ClassVar[dict[str, Sequence[str]]] = {"slug": ("name",)}
    inlines = (SeasonTournamentInline,)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Season]:
        return super().get_queryset(request).annotate(tournament_count=Count("tournaments"))

    @admin.display(description="tournaments", ordering="tournament_count")
    def tournament_count(self, season: Season) -> int:
        return int(season.tournament_count)  # type: ignore[attr-defined]


# --- tournaments ----------------------------------------------------------------------------------


# What services.tournament_update may change; the other fields are the services' to keep.
SCORING_SETTINGS = (
    "variant",
    "format",
    "deals_per_round",
    "house_rules",
    "vp_scale",
    "custom_vp_bands",
    "target_score",
    "bye_vp",
    "bye_mp",
)
UPDATABLE = ("name", "date", "published", "rounds", "movement_plan", *SCORING_SETTINGS)


class TournamentForm(forms.ModelForm):
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
    verbose_name_plural = "pairs and standings"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Pair]:
        return (super().get_queryset(request).select_related("player_one", "player_two")).order_by(
            "rank", "number"
        )


class RoundInline(ReadOnlyInline):
    model = Round
    fields = ("number", "movement", "step", "status", "pairing_outdated")


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
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
        ("Rounds", {"fields": ["rounds", "movement_plan"]}),
        ("Scoring (fixed once round 1 is seated)", {"fields": SCORING_SETTINGS}),
        ("Bookkeeping", {"fields": ["results_version", "created_at"]}),
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
        if obj is not None and obj.status == Tournament.Status.FINISHED:
            return False  # the service refuses every change to a finished tournament
        return super().has_change_permission(request, obj)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        # the season is not among what services.tournament_update changes (yet)
        fixed = ["club", "season", "slug", "status", "results_version", "created_at"]
        if obj is not None and obj.round_set.exists():
            fixed += SCORING_SETTINGS
        return fixed

    def save_model(self, request: HttpRequest, obj: Tournament, form: Any, change: bool) -> None:
        services.tournament_update(tournament=obj, **form.updates())
        obj.refresh_from_db()  # the service saved its own copy

    @admin.display(description="pairs", ordering="pair_count")
    def pair_count(self, tournament: Tournament) -> int:
        return int(tournament.pair_count)  # type: ignore[attr-defined]

    @admin.display(description="rounds done")
    def rounds_done(self, tournament: Tournament) -> str:
        return f"{tournament.rounds_done_count} of {tournament.rounds}"  # type: ignore[attr-defined]


@admin.register(Pair)
class PairAdmin(ServicesOnlyAdmin):
    list_display = (
        "number",
        "names",
        "tournament",
        "rank",
        "vp",
        "mp",
        "rounds_played",
        "byes",
        "matches_won",
        "point_difference",
    )
    list_display_links = ("number", "names")
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


# --- rounds, tables and seats ---------------------------------------------------------------------


class TableInline(ReadOnlyInline):
    model = Table
    fields = ("number", "is_bye", "status", "ns_mp", "ew_mp", "ns_vp", "ew_vp", "winner")


@admin.register(Round)
class RoundAdmin(ServicesOnlyAdmin):
    list_display = ("__str__", "tournament", "movement", "step", "status", "tables_done")
    list_filter = ("tournament__club", "tournament", "movement", "status", "pairing_outdated")
    search_fields = ("tournament__name",)
    list_select_related = ("tournament",)
    inlines = (TableInline,)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Round]:
        playing = Q(tables__is_bye=False)
        return (
            super()
            .get_queryset(request)
            .annotate(
                table_count=Count("tables", filter=playing),
                done_count=Count("tables", filter=playing & Q(tables__status=Table.Status.DONE)),
            )
        )

    @admin.display(description="tables done")
    def tables_done(self, round_: Round) -> str:
        return f"{round_.done_count} of {round_.table_count}"  # type: ignore[attr-defined]


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ("direction", "pair")
    show_change_link = False

    def get_queryset(self, request: HttpRequest) -> QuerySet[Seat]:
        return super().get_queryset(request).select_related("pair__player_one", "pair__player_two")


class DealInline(ReadOnlyInline):
    model = Deal
    fields = ("number", "mode", "entered_by", "updated_at")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Deal]:
        return super().get_queryset(request).select_related("entered_by")


@admin.register(Table)
class TableAdmin(ServicesOnlyAdmin):
    list_display = (
        "__str__",
        "tournament",
        "round_number",
        "ns_pair",
        "ew_pair",
        "status",
        "ns_mp",
        "ew_mp",
        "ns_vp",
        "ew_vp",
        "winner",
    )
    list_filter = ("round__tournament__club", "round__tournament", "round__number", "status")
    search_fields = (
        "round__tournament__name",
        "seats__pair__player_one__last_name",
        "seats__pair__player_two__last_name",
    )
    list_select_related = ("round__tournament",)
    fields = (
        "where",
        "is_bye",
        "status",
        "version",
        ("ns_mp", "ew_mp"),
        ("ns_vp", "ew_vp"),
        "winner",
    )
    readonly_fields = ("where",)
    inlines = (SeatInline, DealInline)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Table]:
        return (
            super()
            .get_queryset(request)
            .select_related("round__tournament")
            .prefetch_related("seats__pair__player_one", "seats__pair__player_two")
        )

    @admin.display(description="where")
    def where(self, table: Table) -> str:
        return _where(table)

    @admin.display(description="tournament", ordering="round__tournament__date")
    def tournament(self, table: Table) -> Tournament:
        return table.round.tournament

    @admin.display(description="round", ordering="round__number")
    def round_number(self, table: Table) -> int:
        return table.round.number

    @admin.display(description="North-South")
    def ns_pair(self, table: Table) -> str:
        return str(table.ns or "")

    @admin.display(description="East-West")
    def ew_pair(self, table: Table) -> str:
        return str(table.ew or "")


@admin.register(Seat)
class SeatAdmin(ServicesOnlyAdmin):
    list_display = ("pair", "direction", "table_where")
    list_filter = ("round__tournament", "round__number", "direction")
    search_fields = (
        "pair__player_one__last_name",
        "pair__player_two__last_name",
        "round__tournament__name",
    )
    list_select_related = ("pair__player_one", "pair__player_two", "table__round__tournament")
    fields = ("table_where", "direction", "pair")
    readonly_fields = ("table_where",)

    @admin.display(description="table", ordering="table__number")
    def table_where(self, seat: Seat) -> str:
        return _where(seat.table)


# --- deals and results ----------------------------------------------------------------------------


class DealSideInline(ReadOnlyInline):
    model = DealSide
    fields = (
        "direction",
        "pair",
        "closed",
        "pot",
        "melded_points",
        "hand_points",
        "burracos",
        "burraco_bonus",
        "closing_bonus",
        "hand_penalty",
        "pot_penalty",
        "total",
    )

    def get_queryset(self, request: HttpRequest) -> QuerySet[DealSide]:
        return super().get_queryset(request).select_related("pair__player_one", "pair__player_two")


@admin.register(Deal)
class DealAdmin(ServicesOnlyAdmin):
    list_display = ("__str__", "table_where", "mode", "totals", "entered_by", "updated_at")
    list_filter = ("mode", "table__round__tournament", "updated_at")
    search_fields = ("table__round__tournament__name", "entered_by__username")
    list_select_related = ("table__round__tournament", "entered_by")
    fields = ("table_where", "number", "mode", "entered_by", "updated_at", "entry_shown")
    readonly_fields = ("table_where", "entry_shown")
    inlines = (DealSideInline,)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Deal]:
        return super().get_queryset(request).prefetch_related("sides")

    @admin.display(description="table", ordering="table__number")
    def table_where(self, deal: Deal) -> str:
        return _where(deal.table)

    @admin.display(description="N-S / E-W")
    def totals(self, deal: Deal) -> str:
        return _totals({"totals": {side.direction: side.total for side in deal.sides.all()}})

    @admin.display(description="entry, as the scoring engine received it")
    def entry_shown(self, deal: Deal) -> str:
        return _json(deal.entry)


class MeldInline(ReadOnlyInline):
    model = Meld
    fields = ("number", "cards", "burraco", "points")
    show_change_link = False


@admin.register(DealSide)
class DealSideAdmin(ServicesOnlyAdmin):
    list_display = (
        "__str__",
        "table_where",
        "pair",
        "closed",
        "pot",
        "melded_points",
        "hand_points",
        "burraco_bonus",
        "closing_bonus",
        "hand_penalty",
        "pot_penalty",
        "total",
    )
    list_filter = ("direction", "closed", "pot", "deal__mode", "deal__table__round__tournament")
    search_fields = (
        "pair__player_one__last_name",
        "pair__player_two__last_name",
        "deal__table__round__tournament__name",
    )
    list_select_related = ("deal__table__round__tournament", "pair__player_one", "pair__player_two")
    inlines = (MeldInline,)
    readonly_fields = ("table_where",)
    fields = (
        "table_where",
        "deal",
        "direction",
        "pair",
        ("closed", "pot"),
        ("melded_points", "hand_points"),
        "burracos",
        ("burraco_bonus", "closing_bonus"),
        ("hand_penalty", "pot_penalty"),
        "total",
        "hand",
    )

    @admin.display(description="table", ordering="deal__table__number")
    def table_where(self, side: DealSide) -> str:
        return _where(side.deal.table)


@admin.register(Meld)
class MeldAdmin(ServicesOnlyAdmin):
    list_display = ("cards", "burraco", "points", "side_where")
    list_filter = ("burraco", "side__deal__table__round__tournament")
    search_fields = ("cards", "side__deal__table__round__tournament__name")
    list_select_related = ("side__deal__table__round__tournament",)

    @admin.display(description="deal")
    def side_where(self, meld: Meld) -> str:
        side = meld.side
        return f"{_where(side.deal.table)} · deal {side.deal.number} {side.get_direction_display()}"


@admin.register(ResultChange)
class ResultChangeAdmin(ServicesOnlyAdmin):
    list_display = (
        "at",
        "tournament",
        "table_where",
        "deal_number",
        "action",
        "user",
        "before_totals",
        "after_totals",
    )
    list_filter = (
        "action",
        ("at", admin.DateFieldListFilter),
        ("user", admin.RelatedOnlyFieldListFilter),
        "tournament",
    )
    search_fields = ("tournament__name", "user__username")
    date_hierarchy = "at"
    list_select_related = ("tournament", "table__round__tournament", "user")
    fields = (
        "at",
        "tournament",
        "table_where",
        "deal_number",
        "action",
        "user",
        "before_shown",
        "after_shown",
    )
    readonly_fields = ("at", "table_where", "before_shown", "after_shown")

    @admin.display(description="table", ordering="table__number")
    def table_where(self, change: ResultChange) -> str:
        return _where(change.table)

    @admin.display(description="before (N-S / E-W)")
    def before_totals(self, change: ResultChange) -> str:
        return _totals(change.before)

    @admin.display(description="after (N-S / E-W)")
    def after_totals(self, change: ResultChange) -> str:
        return _totals(change.after)

    @admin.display(description="before")
    def before_shown(self, change: ResultChange) -> str:
        return _json(change.before) if change.before else "–"

    @admin.display(description="after")
    def after_shown(self, change: ResultChange) -> str:
        return _json(change.after) if change.after else "–"


def _totals(snapshot: dict[str, Any] | None) -> str:
    if not snapshot:
        return "–"
    totals = snapshot.get("totals", {})
    return f"{totals.get(Seat.Direction.NS, '–')} / {totals.get(Seat.Direction.EW, '–')}"
