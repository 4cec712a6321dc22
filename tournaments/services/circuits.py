"""Writes of circuits (issue 26): create one with its points scheme, add member clubs by their
slug and tournaments that count, and `points_award`: every player's points for an evening in
each circuit it counts for, written again whenever the evening is finished (also after a
correction: a finished tournament is reopened, corrected and finished again) and removed while
it is reopened, as a season leaves it out. Idempotent: the rows are replaced, never added to.
Nothing is saved when a `ServiceError` is raised."""

from decimal import Decimal

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments.models import Circuit, CircuitEvening, Club, PlayerPoints, Tournament
from tournaments.prizes.points import PointsScheme, player_key, points_for
from tournaments.selectors.access import User
from tournaments.selectors.circuits import evening_ranking, scheme_of
from tournaments.services.errors import ServiceError

MAX_BEST_N = 99


@transaction.atomic
def circuit_create(
    *,
    club: Club,
    name: str,
    scheme: PointsScheme,
    best_n: int | None = None,
    user: User | None = None,
) -> Circuit:
    """A new circuit managed by `club`, which is its first member."""
    name = name.strip()
    if not name:
        raise ServiceError(_("Give the circuit a name, e.g. “Grand Prix 2027”."))
    if best_n is not None and not 1 <= best_n <= MAX_BEST_N:
        raise ServiceError(
            _("The evenings that count must be between 1 and %(most)s, or empty to count them all.")
            % {"most": MAX_BEST_N}
        )
    base = slugify(name)[:70] or "circuit"
    slug, n = base, 2
    while Circuit.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    circuit = Circuit.objects.create(
        club=club,
        name=name,
        slug=slug,
        scheme=scheme.data(),
        best_n=best_n,
        created_by_id=user.pk if user is not None and user.is_authenticated else None,
    )
    circuit.clubs.add(club)
    return circuit


@transaction.atomic
def circuit_club_add(*, circuit: Circuit, slug: str) -> Club:
    """Another club joins the circuit, found by its address (slug)."""
    slug = slug.strip().strip("/").lower()
    club = Club.objects.filter(slug=slug).first() if slug else None
    if club is None:
        raise ServiceError(
            _("No club has the address “%(slug)s”: write it as in the club's page address.")
            % {"slug": slug}
        )
    if circuit.clubs.filter(pk=club.pk).exists():
        raise ServiceError(_("%(club)s is already in the circuit.") % {"club": club.name})
    circuit.clubs.add(club)
    return club


@transaction.atomic
def circuit_evening_add(*, circuit: Circuit, tournament: Tournament) -> CircuitEvening:
    """The finished tournament of a member club counts for the circuit from now on."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)  # as it is now
    if not circuit.clubs.filter(pk=tournament.club_id).exists():
        raise ServiceError(
            _("“%(name)s” is a tournament of a club that is not in the circuit.")
            % {"name": tournament.name}
        )
    if not tournament.is_finished:
        raise ServiceError(
            _("“%(name)s” is not finished: only a finished tournament counts for a circuit.")
            % {"name": tournament.name}
        )
    evening, created = CircuitEvening.objects.get_or_create(circuit=circuit, tournament=tournament)
    if not created:
        raise ServiceError(
            _("“%(name)s” already counts for the circuit.") % {"name": tournament.name}
        )
    _award(circuit, tournament)
    return evening


@transaction.atomic
def circuit_evening_remove(*, circuit: Circuit, tournament: Tournament) -> None:
    """The tournament no longer counts for the circuit: its points there go too."""
    CircuitEvening.objects.filter(circuit=circuit, tournament=tournament).delete()
    PlayerPoints.objects.filter(circuit=circuit, tournament=tournament).delete()


@transaction.atomic
def points_award(*, tournament: Tournament) -> int:
    """Every player's points for the tournament in each circuit it counts for, replacing what
    was there; none while it is not finished. Returns the rows written."""
    tournament = Tournament.objects.get(pk=tournament.pk)  # its status as it is now
    written = 0
    for circuit in Circuit.objects.filter(evenings__tournament=tournament):
        written += _award(circuit, tournament)
    if not tournament.is_finished:
        PlayerPoints.objects.filter(tournament=tournament).delete()
    return written


def _award(circuit: Circuit, tournament: Tournament) -> int:
    PlayerPoints.objects.filter(circuit=circuit, tournament=tournament).delete()
    scheme = scheme_of(circuit)
    if not tournament.is_finished or scheme is None:
        return 0
    ranking, players = evening_ranking(tournament)
    if not ranking:
        return 0
    rows = [
        PlayerPoints(
            circuit=circuit,
            tournament=tournament,
            player=players[credit.player],
            player_key=player_key(players[credit.player].card_number, players[credit.player].pk),
            place=credit.place,
            points=Decimal(credit.points),
        )
        for credit in points_for(scheme, ranking)
    ]
    PlayerPoints.objects.bulk_create(rows)
    return len(rows)
