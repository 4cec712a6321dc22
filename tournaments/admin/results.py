"""Rounds, tables, seats, deals, sides, melds and the audit record: read-only windows on what the
services and the scoring engine wrote."""

from typing import Any

from django.contrib import admin
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.rules import KIND_ORDER
from tournaments.admin.base import ReadOnlyInline, ServicesOnlyAdmin, _json, _where
from tournaments.models import (
    Deal,
    DealSide,
    Meld,
    ResultChange,
    Round,
    Seat,
    Table,
    Tournament,
    TournamentEvent,
)
from tournaments.rules.glossary import words_for
from tournaments.templatetags.game_words import burracos_in, kind_word


class TableInline(ReadOnlyInline):
    model = Table
    fields = ("number", "is_bye", "status", "ns_mp", "ew_mp", "ns_vp", "ew_vp", "winner")


@admin.register(Round)
class RoundAdmin(ServicesOnlyAdmin[Round]):
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

    @admin.display(description=_("tables done"))
    def tables_done(self, round_: Round) -> str:
        return gettext("%(done)s of %(total)s") % {
            "done": round_.done_count,  # type: ignore[attr-defined]
            "total": round_.table_count,  # type: ignore[attr-defined]
        }


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
class TableAdmin(ServicesOnlyAdmin[Table]):
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

    @admin.display(description=_("where"))
    def where(self, table: Table) -> str:
        return _where(table)

    @admin.display(description=_("tournament"), ordering="round__tournament__date")
    def tournament(self, table: Table) -> Tournament:
        return table.round.tournament

    @admin.display(description=_("round"), ordering="round__number")
    def round_number(self, table: Table) -> int:
        return table.round.number

    @admin.display(description=_("North-South"))
    def ns_pair(self, table: Table) -> str:
        return str(table.ns or "")

    @admin.display(description=_("East-West"))
    def ew_pair(self, table: Table) -> str:
        return str(table.ew or "")


@admin.register(Seat)
class SeatAdmin(ServicesOnlyAdmin[Seat]):
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

    @admin.display(description=_("table"), ordering="table__number")
    def table_where(self, seat: Seat) -> str:
        return _where(seat.table)


# --- deals and results ----------------------------------------------------------------------------


def _burracos_in_words(side: DealSide) -> str:
    """A side's burracos in the words of its game: "canasta limpia, canasta sucia ×2"."""
    return burracos_in(side.burracos, side.deal.table.round.tournament.words) or "–"


def _kind_in_words(meld: Meld) -> str:
    """A meld's kind of burraco in the words of its game: "burraco pulito"; "–" if none."""
    if not meld.burraco:
        return "–"
    return kind_word(meld.burraco, meld.side.deal.table.round.tournament.words)


class DealSideInline(ReadOnlyInline):
    model = DealSide
    fields = (
        "direction",
        "pair",
        "closed",
        "pot",
        "melded_points",
        "hand_points",
        "burracos_shown",
        "burraco_bonus",
        "closing_bonus",
        "hand_penalty",
        "pot_penalty",
        "total",
    )
    readonly_fields = ("burracos_shown",)

    def get_queryset(self, request: HttpRequest) -> QuerySet[DealSide]:
        return (
            super()
            .get_queryset(request)
            .select_related(
                "pair__player_one", "pair__player_two", "deal__table__round__tournament"
            )
        )

    @admin.display(description=_("burracos"))
    def burracos_shown(self, side: DealSide) -> str:
        return _burracos_in_words(side)


@admin.register(Deal)
class DealAdmin(ServicesOnlyAdmin[Deal]):
    list_display = ("__str__", "table_where", "mode", "totals", "entered_by", "updated_at")
    list_filter = ("mode", "table__round__tournament", "updated_at")
    search_fields = ("table__round__tournament__name", "entered_by__username")
    list_select_related = ("table__round__tournament", "entered_by")
    fields = ("table_where", "number", "mode", "entered_by", "updated_at", "entry_shown")
    readonly_fields = ("table_where", "entry_shown")
    inlines = (DealSideInline,)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Deal]:
        return super().get_queryset(request).prefetch_related("sides")

    @admin.display(description=_("table"), ordering="table__number")
    def table_where(self, deal: Deal) -> str:
        return _where(deal.table)

    @admin.display(description=_("N-S / E-W"))
    def totals(self, deal: Deal) -> str:
        return _totals({"totals": {side.direction: side.total for side in deal.sides.all()}})

    @admin.display(description=_("entry, as the scoring engine received it"))
    def entry_shown(self, deal: Deal) -> str:
        return _json(deal.entry)


class MeldInline(ReadOnlyInline):
    model = Meld
    fields = ("number", "cards", "burraco_kind", "points")
    readonly_fields = ("burraco_kind",)
    show_change_link = False

    def get_queryset(self, request: HttpRequest) -> QuerySet[Meld]:
        return super().get_queryset(request).select_related("side__deal__table__round__tournament")

    @admin.display(description=_("burraco"))
    def burraco_kind(self, meld: Meld) -> str:
        return _kind_in_words(meld)


@admin.register(DealSide)
class DealSideAdmin(ServicesOnlyAdmin[DealSide]):
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
    readonly_fields = ("table_where", "burracos_shown")
    fields = (
        "table_where",
        "deal",
        "direction",
        "pair",
        ("closed", "pot"),
        ("melded_points", "hand_points"),
        "burracos_shown",
        ("burraco_bonus", "closing_bonus"),
        ("hand_penalty", "pot_penalty"),
        "total",
        "hand",
    )

    @admin.display(description=_("table"), ordering="deal__table__number")
    def table_where(self, side: DealSide) -> str:
        return _where(side.deal.table)

    @admin.display(description=_("burracos"))
    def burracos_shown(self, side: DealSide) -> str:
        return _burracos_in_words(side)


class BurracoKindFilter(admin.SimpleListFilter):
    """The kinds of burraco by their names in the reader's language, not their slugs."""

    title = _("burraco")
    parameter_name = "burraco"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        words = words_for("classico")
        return [(kind, words.kind(kind)) for kind in KIND_ORDER]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Meld]) -> QuerySet[Meld]:
        return queryset.filter(burraco=self.value()) if self.value() else queryset


@admin.register(Meld)
class MeldAdmin(ServicesOnlyAdmin[Meld]):
    list_display = ("cards", "burraco_kind", "points", "side_where")
    list_filter = (BurracoKindFilter, "side__deal__table__round__tournament")
    search_fields = ("cards", "side__deal__table__round__tournament__name")
    list_select_related = ("side__deal__table__round__tournament",)

    @admin.display(description=_("burraco"), ordering="burraco")
    def burraco_kind(self, meld: Meld) -> str:
        return _kind_in_words(meld)

    @admin.display(description=_("deal"))
    def side_where(self, meld: Meld) -> str:
        side = meld.side
        return gettext("%(where)s · deal %(number)s %(direction)s") % {
            "where": _where(side.deal.table),
            "number": side.deal.number,
            "direction": side.get_direction_display(),
        }


@admin.register(ResultChange)
class ResultChangeAdmin(ServicesOnlyAdmin[ResultChange]):
    list_display = (
        "at",
        "tournament",
        "table_where",
        "deal_number",
        "action",
        "user",
        "pair",
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
    list_select_related = ("tournament", "table__round__tournament", "user", "pair")
    fields = (
        "at",
        "tournament",
        "table_where",
        "deal_number",
        "action",
        "user",
        "pair",
        "before_shown",
        "after_shown",
    )
    readonly_fields = ("at", "table_where", "before_shown", "after_shown")

    @admin.display(description=_("table"), ordering="table__number")
    def table_where(self, change: ResultChange) -> str:
        return _where(change.table)

    @admin.display(description=_("before (N-S / E-W)"))
    def before_totals(self, change: ResultChange) -> str:
        return _totals(change.before)

    @admin.display(description=_("after (N-S / E-W)"))
    def after_totals(self, change: ResultChange) -> str:
        return _totals(change.after)

    @admin.display(description=_("before"))
    def before_shown(self, change: ResultChange) -> str:
        return _json(change.before) if change.before else "–"

    @admin.display(description=_("after"))
    def after_shown(self, change: ResultChange) -> str:
        return _json(change.after) if change.after else "–"


def _totals(snapshot: dict[str, Any] | None) -> str:
    if not snapshot:
        return "–"
    totals = snapshot.get("totals", {})
    return f"{totals.get(Seat.Direction.NS, '–')} / {totals.get(Seat.Direction.EW, '–')}"


@admin.register(TournamentEvent)
class TournamentEventAdmin(ServicesOnlyAdmin[TournamentEvent]):
    """What happened to a tournament as a whole (an import, verified or not)."""

    list_display = ("at", "tournament", "kind", "user")
    list_filter = ("kind",)
