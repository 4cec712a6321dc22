"""Reads for the organiser's pages: their tournaments, pairs, rounds, tables and changes, each in
a constant number of queries whatever the field's size."""

from dataclasses import dataclass

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


@dataclass(frozen=True)
class GironeCount:
    """A girone's tables in a round: how many are done of how many are played."""

    name: str
    done: int
    total: int


def girone_counts(tables: list[Table]) -> list[GironeCount]:
    """The round's tables girone by girone, in the gironi's order (none for a round played by
    the whole field), from the tables `round_tables` read with their girone."""
    counts: dict[tuple[int, str], list[int]] = {}
    for table in tables:
        if table.girone is None:
            continue
        count = counts.setdefault((table.girone.number, table.girone.name), [0, 0])
        if not table.is_bye:
            count[0] += table.status == Table.Status.DONE
            count[1] += 1
    return [GironeCount(name, *count) for (_number, name), count in sorted(counts.items())]


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
