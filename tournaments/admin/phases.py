"""A tournament's phases, gironi and the pairs in them: shown read-only, as the services
(services/phases.py) write them."""

from django.contrib import admin

from tournaments.admin.base import ServicesOnlyAdmin
from tournaments.models import Girone, GironeEntry, Phase


@admin.register(Phase)
class PhaseAdmin(ServicesOnlyAdmin[Phase]):
    list_display = ("tournament", "number", "first_round", "last_round", "scope", "girone_count")
    list_filter = ("tournament__club", "scope")
    list_select_related = ("tournament",)


@admin.register(Girone)
class GironeAdmin(ServicesOnlyAdmin[Girone]):
    list_display = ("name", "phase", "number")
    list_select_related = ("phase__tournament",)


@admin.register(GironeEntry)
class GironeEntryAdmin(ServicesOnlyAdmin[GironeEntry]):
    list_display = ("pair", "girone")
    list_select_related = ("girone__phase", "pair__player_one", "pair__player_two")
