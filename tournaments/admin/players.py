"""The deals the players wrote from their phones: a read-only window (they are written,
accepted, disputed and settled through `services.players`)."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from tournaments.admin.base import ServicesOnlyAdmin, _json, _where
from tournaments.models import DealProposal


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
