"""The deals the players wrote from their phones, and the arbiter's decisions: read-only windows
(the deals are written, accepted, disputed and settled through `services.players`)."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from tournaments.admin.base import ServicesOnlyAdmin, _json, _where
from tournaments.models import DealProposal, Decision


@admin.register(DealProposal)
class DealProposalAdmin(ServicesOnlyAdmin[DealProposal]):
    list_display = ("created_at", "table_where", "number", "direction", "pair", "status", "totals")
    list_filter = ("status", "table__round__tournament__club", "table__round__tournament")
    search_fields = ("table__round__tournament__name",)
    list_select_related = ("table__round__tournament", "pair__player_one", "pair__player_two")
    fields = (
        "created_at",
        "table_where",
        "number",
        "direction",
        "pair",
        "status",
        "mode",
        "entry_shown",
        "totals",
        "answers",
        "key",
        "decided_at",
    )
    readonly_fields = ("created_at", "table_where", "entry_shown")

    @admin.display(description=_("table"), ordering="table__number")
    def table_where(self, proposal: DealProposal) -> str:
        return _where(proposal.table)

    @admin.display(description=_("entry"))
    def entry_shown(self, proposal: DealProposal) -> str:
        return _json(proposal.entry)


@admin.register(Decision)
class DecisionAdmin(ServicesOnlyAdmin[Decision]):
    """The arbiter's decisions: a read-only window (taken and cancelled through
    `services.decisions`, never deleted one by one)."""

    list_display = ("at", "tournament", "round_number", "table_number", "kind", "pair", "user")
    list_filter = ("kind", "tournament__club", "tournament")
    search_fields = ("tournament__name", "reason")
    list_select_related = ("tournament", "pair__player_one", "pair__player_two", "user")
    fields = (
        "at", "tournament", "kind", "round_number", "table_number", "deal_number", "pair", "mp",
        "vp", "ns_mp", "ew_mp", "ns_vp", "ew_vp", "winner", "reason", "user", "supersedes",
    )  # fmt: skip
