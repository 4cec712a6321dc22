"""Reads of seasons (campionato sociale): a season groups tournaments and ranks pairs and
players by each one's best evenings.

`season_results` turns the stored rows of the season's finished tournaments into the pure
`rules.standings.Evening` and `Meeting` values (three queries, whatever the number of
evenings), and `season_standings` ranks them with `rules.standings.season_ranking`: nothing is
recomputed from the deals, every number comes from the Pair and Table rows the services stored.

A pair is the same two players in either order (its identity is the frozenset of their ids);
a player is credited with the VP and MP of whatever pair they played in. Head-to-head between
players counts the tables where they sat on opposite sides. What an evening and a meeting are
worth is the tournament's format's to say (`evening_points`, `meeting_points`): in a match to a
target an evening's "VP" is the matches won and its "MP" the point difference, and a meeting is
worth 1 to the winner.
"""

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tournaments.models import Pair, Player, Season, Seat, Table, Tournament
from tournaments.rules.names import sort_key
from tournaments.rules.standings import Entity, Evening, Meeting, SeasonRow, season_ranking
from tournaments.selectors.results import outcome_of

NS, EW = Seat.Direction.NS, Seat.Direction.EW


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


def season_results(*, season: Season) -> SeasonResults:
    """Evenings and meetings of the season's finished tournaments, in three queries."""
    tournaments = season_tournaments(season)
    counted = [t for t in tournaments if t.is_finished]
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
        vp, mp = tournament.play_format.evening_points(pair)
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
        ns_points, ew_points = tournament.play_format.meeting_points(outcome_of(table, places))
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
    return (*sort_key(player.last_name, player.first_name), player.pk)


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
