"""Reads: what pages and exports show, in a constant number of queries, and the one place that
scopes an organiser's lookups to their own clubs (anything else answers 404)."""

from typing import TypeVar

from django.db.models import Count, Model, Prefetch, QuerySet
from django.http import Http404

from tournaments.models import (
    Club,
    Deal,
    DealSide,
    Pair,
    ResultChange,
    Round,
    Season,
    Seat,
    Table,
    Tournament,
)
from tournaments.services import User

M = TypeVar("M", bound=Model)

CLUB_PATHS: dict[type[Model], str] = {
    Club: "",
    Tournament: "club__",
    Pair: "tournament__club__",
    Round: "tournament__club__",
    Table: "round__tournament__club__",
    Season: "club__",
}


def for_organiser(user: User, model: type[M], **lookup: object) -> M:
    """The object if it belongs to one of the user's clubs; 404 otherwise (never 403, so
    another club's organiser cannot even learn that it exists)."""
    if not user.is_authenticated:
        raise Http404
    path = CLUB_PATHS[model]
    found = model._default_manager.filter(**{f"{path}organisers": user}, **lookup).first()
    if found is None:
        raise Http404
    return found


def clubs_of(user: User) -> QuerySet[Club]:
    if not user.is_authenticated:
        return Club.objects.none()
    return Club.objects.filter(organisers=user)


def tournaments_for(user: User) -> QuerySet[Tournament]:
    return Tournament.objects.filter(club__organisers=user).select_related("club")


def seats_prefetch() -> Prefetch:  # type: ignore[type-arg]
    return Prefetch(
        "seats",
        queryset=Seat.objects.select_related("pair__player_one", "pair__player_two"),
    )


def round_tables(round_: Round) -> list[Table]:
    """Every table of a round with its pairs and players: three queries whatever the size."""
    return list(round_.tables.prefetch_related(seats_prefetch()).order_by("number"))


def table_deals(table: Table) -> list[Deal]:
    """A table's deals with their sides and melds."""
    return list(
        table.deals.prefetch_related(
            Prefetch("sides", queryset=DealSide.objects.prefetch_related("melds"))
        ).order_by("number")
    )


def table_changes(table: Table) -> QuerySet[ResultChange]:
    return table.changes.select_related("user").order_by("-at", "-id")


def standings_for(tournament: Tournament) -> QuerySet[Pair]:
    """The stored standings, best first."""
    return tournament.pairs.select_related("player_one", "player_two").order_by("rank", "number")


def rounds_of(tournament: Tournament) -> QuerySet[Round]:
    return tournament.round_set.order_by("number")


# --- setup and round pages


def dashboard_tournaments(user: User) -> QuerySet[Tournament]:
    """The user's clubs' tournaments, newest first, each with `pair_count`."""
    if not user.is_authenticated:
        return Tournament.objects.none()
    return (
        Tournament.objects.filter(club__organisers=user)
        .select_related("club")
        .annotate(pair_count=Count("pairs", distinct=True))
        .order_by("-date", "-id")
    )


def pairs_of(tournament: Tournament) -> QuerySet[Pair]:
    """The tournament's pairs by number, with their players."""
    return tournament.pairs.select_related("player_one", "player_two").order_by("number")


def tournament_changes(tournament: Tournament) -> QuerySet[ResultChange]:
    """The audit list of a tournament, newest first, with who and where."""
    return tournament.changes.select_related("user", "table__round").order_by("-at", "-id")
