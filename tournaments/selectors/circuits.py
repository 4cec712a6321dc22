"""Reads of circuits: an evening's ranking as the points engine reads it, the circuits an
organiser may open, and a circuit's ranking of players from the stored `PlayerPoints` rows
(`prizes.circuit.circuit_ranking`: each player's best N evenings).

Players are one row across clubs by `prizes.points.player_key`, read from each player's card
number as it is now (a card typed in after an evening joins that evening's row): the same card
in two clubs is one player; a player without a card is their own club's player only."""

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Q, QuerySet
from django.http import Http404

from tournaments.models import Circuit, Pair, Player, PlayerPoints, Substitution, Tournament
from tournaments.prizes.circuit import EveningPoints, circuit_ranking
from tournaments.prizes.points import PointsScheme, SchemeError, player_key
from tournaments.prizes.ranking import Placed
from tournaments.selectors.access import User, clubs_of


def evening_ranking(tournament: Tournament) -> tuple[list[Placed], dict[str, Player]]:
    """The entrants that played, in the stored standings' order, tied when level on the first
    number (VP; matches won in a match format), each with its players' keys: whoever played at
    least one round for it (a player replaced from round 2 on too, as a season counts the
    evening for them); and the players by key. An individual evening's entrants are its
    players, each ranked alone."""
    by_matches = tournament.play_format.by_matches
    pairs = list(
        Pair.objects.filter(tournament=tournament, rank__isnull=False, rounds_played__gt=0)
        .select_related("player_one", "player_two")
        .order_by("rank", "number")
    )
    replaced: dict[int, list[Player]] = defaultdict(list)
    for change in Substitution.objects.filter(pair__in=pairs, from_round__gt=1).select_related(
        "player_out"
    ):
        replaced[change.pair_id].append(change.player_out)  # played the rounds before it
    ranking: list[Placed] = []
    players: dict[str, Player] = {}
    previous: int | None = None
    for position, pair in enumerate(pairs, start=1):
        first = pair.matches_won if by_matches else pair.vp
        rank = ranking[-1].rank if ranking and first == previous else position
        previous = first
        keys = []
        for player in (pair.player_one, pair.player_two, *replaced[pair.pk]):
            if player is None:
                continue
            key = player_key(player.card_number, player.pk)
            if key not in players:  # one player, one credit an evening
                players[key] = player
                keys.append(key)
        numbers = (pair.vp, pair.mp)
        ranking.append(Placed(entrant=pair.pk, rank=rank, numbers=numbers, players=tuple(keys)))
    return ranking, players


def scheme_of(circuit: Circuit) -> PointsScheme | None:
    try:
        return PointsScheme.from_data(circuit.scheme)
    except SchemeError:
        return None


def circuits_of(user: User) -> QuerySet[Circuit]:
    """The circuits the user's clubs manage or belong to."""
    clubs = clubs_of(user)
    return (
        Circuit.objects.filter(Q(club__in=clubs) | Q(clubs__in=clubs))
        .select_related("club")
        .distinct()
        .order_by("-id")
    )


def circuit_for(user: User, circuit_id: int) -> Circuit:
    """A circuit the user's club manages or belongs to; 404 to anyone else."""
    circuit = circuits_of(user).filter(pk=circuit_id).first()
    if circuit is None:
        raise Http404
    return circuit


def manages(user: User, circuit: Circuit) -> bool:
    return clubs_of(user).filter(pk=circuit.club_id).exists()


def addable_tournaments(user: User, circuit: Circuit) -> QuerySet[Tournament]:
    """The user's clubs' finished tournaments that may count for the circuit (their club is a
    member) and do not yet."""
    return (
        Tournament.objects.filter(
            club__in=clubs_of(user).filter(circuits=circuit),
            status=Tournament.Status.FINISHED,
        )
        .exclude(circuit_evenings__circuit=circuit)
        .select_related("club")
        .order_by("-date", "-id")
    )


@dataclass
class CircuitLine:
    rank: int
    name: str
    clubs: list[str]
    card: str
    evenings_played: int
    evenings_counted: int
    total: Decimal
    best: Decimal


@dataclass
class CircuitStandings:
    circuit: Circuit
    tournaments: list[Tournament]
    """The evenings that count, by date (the public page: the published ones)."""
    rows: list[CircuitLine] = field(default_factory=list)
    best_n: int | None = None


def circuit_standings(circuit: Circuit, *, public: bool = False) -> CircuitStandings:
    """The circuit's ranking from its stored points (public: published finished tournaments)."""
    evenings = Tournament.objects.filter(circuit_evenings__circuit=circuit).select_related("club")
    if public:
        evenings = evenings.filter(published=True, status=Tournament.Status.FINISHED)
    tournaments = list(evenings.order_by("date", "id"))
    rows = PlayerPoints.objects.filter(circuit=circuit, tournament__in=tournaments).select_related(
        "player__club"
    )
    results = []
    people: dict[str, list[Player]] = defaultdict(list)
    for row in rows.order_by("tournament__date", "tournament_id", "id"):
        key = player_key(row.player.card_number, row.player_id)
        people[key].append(row.player)
        results.append(EveningPoints(evening=row.tournament_id, player=key, points=row.points))
    standings = CircuitStandings(circuit=circuit, tournaments=tournaments, best_n=circuit.best_n)
    if not results:
        return standings
    best_n = circuit.best_n or len(tournaments)
    for line in circuit_ranking(results, best_n):
        players = people[line.player]
        standings.rows.append(
            CircuitLine(
                rank=line.rank,
                name=players[-1].full_name,
                clubs=sorted({p.club.name for p in players}),
                card=players[-1].card_number if line.player.startswith("card:") else "",
                evenings_played=line.evenings_played,
                evenings_counted=len(line.counted),
                total=line.total,
                best=line.best,
            )
        )
    return standings


def public_circuit(slug: str) -> Circuit | None:
    return Circuit.objects.filter(slug=slug).select_related("club").first()
