"""The club's championship (campionato sociale): a season groups tournaments and ranks pairs and
players by each one's best evenings.

Writes: `season_create`, `season_update` and `season_tournaments_set`, keyword-only and in one
transaction, raising `ServiceError` for what the organiser can fix. Reads: `season_results`
turns the stored rows of the season's finished tournaments into the pure `standings.Evening`
and `standings.Meeting` values (three queries, whatever the number of evenings), and
`season_standings` ranks them with `standings.season_ranking`: nothing is recomputed from the
deals, every number comes from the Pair and Table rows the services stored.

A pair is the same two players in either order (its identity is the frozenset of their ids);
a player is credited with the VP and MP of whatever pair they played in. Head-to-head between
players counts the tables where they sat on opposite sides. In a match-format (target)
tournament an evening's "VP" is the matches won and its "MP" the point difference, as that
tournament ranks its pairs, and a meeting is worth 1 to the winner.

The two ranking tables live here, beside what fills them: the season page and its CSV export
use the same Table class.
"""

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import django_tables2 as tables
from django.db import transaction
from django.utils.text import slugify

from tournaments.models import Club, Pair, Player, Season, Seat, Table, Tournament
from tournaments.services import ServiceError
from tournaments.standings import Entity, Evening, Meeting, SeasonRow, season_ranking

MAX_BEST_OF = 99
NS, EW = Seat.Direction.NS, Seat.Direction.EW


# --- writes --------------------------------------------------------------------------------------


def _check(name: str, best_of: int | None) -> str:
    name = name.strip()
    if not name:
        raise ServiceError("Give the season a name, e.g. “Championship 2026-27”.")
    if best_of is not None and not 1 <= best_of <= MAX_BEST_OF:
        raise ServiceError(
            f"The evenings that count must be between 1 and {MAX_BEST_OF}, or empty to count "
            "them all."
        )
    return name


@transaction.atomic
def season_create(
    *,
    club: Club,
    name: str,
    best_of: int | None = None,
    tournaments: Iterable[Tournament] = (),
) -> Season:
    """A new season of the club, with its tournaments (each may belong to one season only)."""
    name = _check(name, best_of)
    base = slugify(name)[:70] or "season"
    slug, n = base, 2
    while Season.objects.filter(club=club, slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    season = Season.objects.create(club=club, name=name, slug=slug, best_of=best_of)
    season_tournaments_set(season=season, tournaments=tournaments)
    return season


@transaction.atomic
def season_update(
    *,
    season: Season,
    name: str,
    best_of: int | None,
    tournaments: Iterable[Tournament] | None = None,
) -> Season:
    """Rename a season, change how many evenings count and (unless None) its tournaments.

    The slug stays as it was, so a public address already shared keeps working."""
    season.name = _check(name, best_of)
    season.best_of = best_of
    season.save(update_fields=["name", "best_of"])
    if tournaments is not None:
        season_tournaments_set(season=season, tournaments=tournaments)
    return season


@transaction.atomic
def season_tournaments_set(*, season: Season, tournaments: Iterable[Tournament]) -> Season:
    """The season's tournaments become exactly these: the club's own, none in another season."""
    ids = {t.pk for t in tournaments}
    chosen = list(
        # lock the tournaments only: the season is a nullable join PostgreSQL cannot lock
        Tournament.objects.select_for_update(of=("self",))
        .filter(pk__in=ids)
        .select_related("season")
        .order_by("date", "id")
    )
    problems = []
    for tournament in chosen:
        if tournament.club_id != season.club_id:
            problems.append(f"“{tournament.name}” is a tournament of another club.")
        elif tournament.season_id is not None and tournament.season_id != season.pk:
            problems.append(
                f"“{tournament.name}” already counts for the season “{tournament.season}”: "
                "a tournament belongs to one season only. Take it out of that season first."
            )
    if problems:
        raise ServiceError(*problems)
    Tournament.objects.filter(season=season).exclude(pk__in=ids).update(season=None)
    Tournament.objects.filter(pk__in=ids).update(season=season)
    return season


# --- reads ---------------------------------------------------------------------------------------


@dataclass
class SeasonResults:
    """The season's finished evenings as the pure ranking wants them, with the names to show."""

    tournaments: list[Tournament]
    """Every tournament of the season, by date."""
    counted: list[Tournament]
    """Those that count: the finished ones."""
    pair_evenings: list[Evening] = field(default_factory=list)
    player_evenings: list[Evening] = field(default_factory=list)
    pair_meetings: list[Meeting] = field(default_factory=list)
    player_meetings: list[Meeting] = field(default_factory=list)
    players: dict[int, Player] = field(default_factory=dict)


def season_tournaments(season: Season) -> list[Tournament]:
    return list(season.tournaments.order_by("date", "id"))


def _pair_entity(pair: Pair) -> frozenset[int]:
    return frozenset(pid for pid in (pair.player_one_id, pair.player_two_id) if pid is not None)


def _evening_points(pair: Pair, tournament: Tournament) -> tuple[int, int]:
    """What an evening is worth to a pair, as its tournament ranked it."""
    if tournament.is_target:
        return pair.matches_won, pair.point_difference
    return pair.vp, pair.mp


def _meeting_points(table: Table, tournament: Tournament) -> tuple[int, int]:
    """What each side took from the other at a table: the VP, or 1 for the match's winner."""
    if tournament.is_target:
        return int(table.winner == NS), int(table.winner == EW)
    return table.ns_vp or 0, table.ew_vp or 0


def season_results(*, season: Season) -> SeasonResults:
    """Evenings and meetings of the season's finished tournaments, in three queries."""
    tournaments = season_tournaments(season)
    counted = [t for t in tournaments if t.status == Tournament.Status.FINISHED]
    by_id = {t.pk: t for t in counted}
    results = SeasonResults(tournaments=tournaments, counted=counted)
    if not counted:
        return results
    pairs = (
        Pair.objects.filter(tournament_id__in=by_id, rounds_played__gt=0)
        .select_related("player_one", "player_two")
        .order_by("tournament_id", "number")
    )
    entity_of: dict[int, frozenset[int]] = {}
    for pair in pairs:
        tournament = by_id[pair.tournament_id]
        entity = _pair_entity(pair)
        entity_of[pair.pk] = entity
        vp, mp = _evening_points(pair, tournament)
        results.pair_evenings.append(Evening(tournament.pk, entity, vp, mp))
        for player in (pair.player_one, pair.player_two):
            if player is not None:
                results.players[player.pk] = player
                results.player_evenings.append(Evening(tournament.pk, player.pk, vp, mp))
    seats = Seat.objects.filter(
        round__tournament_id__in=by_id, table__is_bye=False, table__status=Table.Status.DONE
    ).select_related("table", "round")
    at_table: dict[int, dict[str, int]] = defaultdict(dict)
    tables_by_id: dict[int, tuple[Table, Tournament]] = {}
    for seat in seats:
        at_table[seat.table_id][seat.direction] = seat.pair_id
        tables_by_id[seat.table_id] = (seat.table, by_id[seat.round.tournament_id])
    for table_id, places in sorted(at_table.items()):
        ns, ew = entity_of.get(places.get(NS, 0)), entity_of.get(places.get(EW, 0))
        if ns is None or ew is None:
            continue
        table, tournament = tables_by_id[table_id]
        ns_points, ew_points = _meeting_points(table, tournament)
        results.pair_meetings.append(Meeting(ns, ew, ns_points, ew_points))
        results.player_meetings.extend(
            Meeting(a, b, ns_points, ew_points) for a in sorted(ns) for b in sorted(ew)
        )
    return results


@dataclass
class SeasonStandings:
    season: Season
    tournaments: list[Tournament]
    counted: list[Tournament]
    pairs: list[dict[str, Any]]
    players: list[dict[str, Any]]


def _name(player: Player) -> str:
    return player.full_name


def _sort_key(player: Player) -> tuple[str, str, int]:
    return (player.last_name.casefold(), player.first_name.casefold(), player.pk)


def _rows(ranking: Sequence[SeasonRow], label: str, name_of: Any) -> list[dict[str, Any]]:
    return [
        {
            "rank": row.rank,
            label: name_of(row.entity),
            "evenings_played": row.evenings,
            "evenings_counted": row.counted,
            "vp": row.vp,
            "mp": row.mp,
            "entity": row.entity,
        }
        for row in ranking
    ]


def season_standings(*, season: Season) -> SeasonStandings:
    """The pairs' and the players' season rankings, best first, as rows for the tables."""
    results = season_results(season=season)
    players = results.players

    def pair_name(entity: Entity) -> str:
        members = sorted((players[pid] for pid in entity), key=_sort_key)  # type: ignore[union-attr]
        return " – ".join(_name(p) for p in members)

    def player_name(entity: Entity) -> str:
        return _name(players[entity])  # type: ignore[index]

    pairs = season_ranking(results.pair_evenings, results.pair_meetings, best_of=season.best_of)
    singles = season_ranking(
        results.player_evenings, results.player_meetings, best_of=season.best_of
    )
    return SeasonStandings(
        season=season,
        tournaments=results.tournaments,
        counted=results.counted,
        pairs=_rows(pairs, "pair", pair_name),
        players=_rows(singles, "player", player_name),
    )


def published_season(*, club_slug: str, season_slug: str) -> Season | None:
    """A season the public may see: at least one finished tournament, and every finished one
    (the ones its ranking counts) published."""
    season = (
        Season.objects.filter(club__slug=club_slug, slug=season_slug).select_related("club").first()
    )
    if season is None:
        return None
    finished = season.tournaments.filter(status=Tournament.Status.FINISHED)
    if not finished.exists() or finished.filter(published=False).exists():
        return None
    return season


# --- tables --------------------------------------------------------------------------------------

_NUM = {"td": {"class": "num"}, "th": {"class": "num"}}


class _SeasonTable(tables.Table):  # type: ignore[misc]  # django-tables2 has no types
    rank = tables.Column("Rank", attrs=_NUM)
    evenings_played = tables.Column("Evenings played", attrs=_NUM)
    evenings_counted = tables.Column("Evenings counted", attrs=_NUM)
    vp = tables.Column("VP", attrs=_NUM)
    mp = tables.Column("MP", attrs=_NUM)

    class Meta:
        orderable = False
        template_name = "django_tables2/table.html"
        attrs: ClassVar[dict[str, str]] = {"class": "standings season"}
        empty_text = "No finished tournament in this season yet."


class SeasonPairsTable(_SeasonTable):
    """The pairs' season ranking: a pair is the same two players, in either order."""

    pair = tables.Column("Pair")

    class Meta(_SeasonTable.Meta):
        sequence = ("rank", "pair", "evenings_played", "evenings_counted", "vp", "mp")


class SeasonPlayersTable(_SeasonTable):
    """The players' season ranking: each credited with the VP and MP of their pair."""

    player = tables.Column("Player")

    class Meta(_SeasonTable.Meta):
        sequence = ("rank", "player", "evenings_played", "evenings_counted", "vp", "mp")
