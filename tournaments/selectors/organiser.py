"""Reads for the organiser's pages: their tournaments, pairs, rounds, tables and changes, each in
a constant number of queries whatever the field's size."""

from django.db.models import Count, Prefetch, QuerySet

from tournaments.models import (
    Deal,
    Pair,
    ResultChange,
    Round,
    Seat,
    Table,
    Tournament,
)
from tournaments.selectors.access import User


def tournaments_for(user: User) -> QuerySet[Tournament]:
    return Tournament.objects.filter(club__organisers=user.pk).select_related("club")


def seats_prefetch() -> Prefetch:  # type: ignore[type-arg]
    return Prefetch(
        "seats",
        queryset=Seat.objects.select_related("pair__player_one", "pair__player_two"),
    )


def round_tables(round_: Round) -> list[Table]:
    """Every table of a round with its pairs and players: three queries whatever the size."""
    tables = round_.tables.select_related("girone").prefetch_related(seats_prefetch())
    return list(tables.order_by("number"))


def table_deals(table: Table) -> list[Deal]:
    """A table's deals with their sides (a page shows a card-mode deal from its entry, so
    the stored melds are not read)."""
    return list(table.deals.prefetch_related("sides").order_by("number"))


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
        Tournament.objects.filter(club__organisers=user.pk)
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
