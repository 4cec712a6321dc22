"""Circuits, the evenings that count for them and the players' points: shown read-only, as
the services (services/circuits.py) write them (a point typed here would disagree with the
standings it comes from)."""

from django.contrib import admin

from tournaments.admin.base import ServicesOnlyAdmin
from tournaments.models import Circuit, CircuitEvening, PlayerPoints


@admin.register(Circuit)
class CircuitAdmin(ServicesOnlyAdmin[Circuit]):
    list_display = ("name", "slug", "club", "best_n")
    list_filter = ("club",)
    list_select_related = ("club",)
    search_fields = ("name", "slug")


@admin.register(CircuitEvening)
class CircuitEveningAdmin(ServicesOnlyAdmin[CircuitEvening]):
    list_display = ("circuit", "tournament")
    list_filter = ("circuit",)
    list_select_related = ("circuit", "tournament")


@admin.register(PlayerPoints)
class PlayerPointsAdmin(ServicesOnlyAdmin[PlayerPoints]):
    list_display = ("circuit", "tournament", "player", "place", "points")
    list_filter = ("circuit",)
    list_select_related = ("circuit", "tournament", "player")
