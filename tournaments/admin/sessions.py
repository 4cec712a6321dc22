"""A tournament's sessions: shown read-only, as the services (services/sessions.py) write
them."""

from django.contrib import admin

from tournaments.admin.base import ServicesOnlyAdmin
from tournaments.models import Session


@admin.register(Session)
class SessionAdmin(ServicesOnlyAdmin[Session]):
    list_display = ("tournament", "number", "first_round", "last_round", "date", "starts_at")
    list_filter = ("tournament__club",)
    list_select_related = ("tournament",)
