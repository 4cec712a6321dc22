"""What every admin page of the club shares: records the services write are read-only."""

import json
from typing import Any, TypeVar

from django.contrib import admin
from django.db import models
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.translation import gettext

from tournaments.models import (
    Table,
)

M = TypeVar("M", bound=models.Model)


def _where(table: Table) -> str:
    """Where a table is, as people say it: 'Torneo del martedì · round 2 · table 3'."""
    return gettext("%(tournament)s · round %(round)s · table %(table)s") % {
        "tournament": table.round.tournament.name,
        "round": table.round.number,
        "table": table.number,
    }


def _json(value: object) -> str:
    return format_html("<pre>{}</pre>", json.dumps(value, indent=2, ensure_ascii=False))


# --- read-only building blocks --------------------------------------------------------------------


def _every_field(model_admin: admin.options.BaseModelAdmin[Any]) -> list[str]:
    """All of a model's fields as read-only (the timestamps too, which no form may hold)."""
    names = [field.name for field in model_admin.opts.fields if not field.primary_key]
    return [*model_admin.readonly_fields, *names]


class ServicesOnlyAdmin(admin.ModelAdmin[M]):
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


class ReadOnlyInline(admin.TabularInline[Any, Any]):
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
