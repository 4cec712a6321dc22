"""Reads of seasons (campionato sociale): a season groups tournaments and ranks pairs and
players by each one's best evenings.

`season_results` turns the stored rows of the season's finished tournaments into the pure
`rules.standings.Evening` and `Meeting` values (four queries, whatever the number of
evenings), and `season_standings` ranks them with `rules.standings.season_ranking`: nothing is
recomputed from the deals, every number comes from the Pair and Table rows the services stored.

A pair is the same two players in either order (its identity is the frozenset of their ids). A
pair no one replaced is credited with its evening as its standings stored it, and so is each of
its players. Where a substitute played (`rules.credits`), each player is credited with the
rounds they played, and each line-up (the same two players) with the rounds it played together:
an evening counts as played for whoever played at least one round of it. Head-to-head between
players counts the tables where they sat on opposite sides, and only at evenings that count
for both. What an evening and a meeting are worth is the tournament's format's to say
(`evening_points`, `meeting_points`): in a match to a target an evening's "VP" is the matches
won and its "MP" the point difference, and a meeting is worth 1 to the winner.

An individual evening (RULES.md "Individual tournaments") counts for each player with the VP
and MP the player was credited; the pairs' ranking ignores it, and its tables add no
head-to-head (it does not apply to individuals).
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tournaments.models import Pair, Player, Season, Tournament
from tournaments.rules.credits import LineUp
from tournaments.rules.names import sort_key
from tournaments.rules.standings import Entity, Evening, Meeting, SeasonRow, season_ranking
from tournaments.selectors.pairs import pair_changes
from tournaments.selectors.results import played_tables, tables_by_pair


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


def _entity(players: LineUp) -> frozenset[int]:
    return frozenset(players)


def season_results(*, season: Season) -> SeasonResults:
    """Evenings and meetings of the season's finished tournaments, in four queries."""
    tournaments = season_tournaments(season)
    counted = [t for t in tournaments if t.is_finished]
    by_id = {t.pk: t for t in counted}
    results = SeasonResults(tournaments=tournaments, counted=counted)
    if not counted:
        return results
    pairs = list(
        Pair.objects.filter(tournament_id__in=by_id)
        .select_related("player_one", "player_two")
        .order_by("tournament_id", "number")
    )
    changes = pair_changes(pairs)
    results.players.update(changes.players)
    formats = {pk: tournament.play_format for pk, tournament in by_id.items()}
    tables = played_tables(by_id)
    tables_of = tables_by_pair(tables)
    pair_points: dict[tuple[int, frozenset[int]], list[int]] = {}
    player_points: dict[tuple[int, int], list[int]] = {}
    for pair in pairs:
        tournament = by_id[pair.tournament_id]
        play_format = formats[tournament.pk]
        if not changes.of(pair.pk):
            if pair.rounds_played:
                # no one replaced: the evening as the standings stored it
                credited = [(changes.now(pair), play_format.evening_points(pair))]
            else:
                credited = []
        else:
            credited = [
                (stint.line_up, play_format.evening_points(stint.record))
                for stint in changes.stints(
                    pair, tables_of[pair.pk], by_matches=play_format.by_matches
                )
            ]
        for players, (vp, mp) in credited:
            if not tournament.is_individual:  # a pair ranking ignores individual evenings
                _add(pair_points, (tournament.pk, _entity(players)), vp, mp)
            for player in players:
                _add(player_points, (tournament.pk, player), vp, mp)
    results.pair_evenings = [Evening(t, e, vp, mp) for (t, e), (vp, mp) in pair_points.items()]
    results.player_evenings = [Evening(t, p, vp, mp) for (t, p), (vp, mp) in player_points.items()]
    for played in tables:
        outcome = played.outcome
        tournament = by_id[played.tournament]
        if outcome.ew is None or tournament.is_individual:
            continue  # a bye; an individual evening's partnerships are no pairs to meet
        ns = changes.line_up(outcome.ns, played.round_number)
        ew = changes.line_up(outcome.ew, played.round_number)
        ns_points, ew_points = formats[tournament.pk].meeting_points(outcome)
        results.pair_meetings.append(
            Meeting(tournament.pk, _entity(ns), _entity(ew), ns_points, ew_points)
        )
        results.player_meetings.extend(
            Meeting(tournament.pk, a, b, ns_points, ew_points) for a in ns for b in ew
        )
    return results


def _add(points: dict[Any, list[int]], key: Any, vp: int, mp: int) -> None:
    """A credit added to what the key has at an evening (a line-up or a player may have played
    for it in two stints, or two pairs)."""
    total = points.setdefault(key, [0, 0])
    total[0] += vp
    total[1] += mp


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
