"""Reads of a player's record: every finished evening they played, with their partners, their
pair's place and what the evening gave it, read from the stored Pair rows (nothing recomputed).

A player is one Player row of a club; across clubs, the rows with the same federation card
number are the same person. Each club's evenings are shown only where the reader may see that
club's row (`rules.records`: public, or the reader organises the club), and an unpublished
tournament only to its club's organisers. Seven queries at most, whatever the number of
evenings (the last: the circuits' points each evening gave).
"""

import datetime
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, Q

from tournaments.models import Club, Pair, Player, Tournament
from tournaments.models.circuits import PlayerPoints
from tournaments.rules.records import record_visible
from tournaments.selectors.access import User, clubs_of
from tournaments.selectors.pairs import pair_changes


@dataclass(frozen=True)
class RecordEvening:
    """One evening of the player: their pair's place and points, and who partnered them."""

    tournament: Tournament
    club: Club
    date: datetime.date
    pair_number: int
    partners: tuple[str, ...]
    rank: int | None
    field_size: int
    vp: int
    mp: int
    by_matches: bool
    """A match to a target: `vp` is the matches won and `mp` the point difference."""
    part: bool
    """The player played only some rounds of it (a substitution)."""
    points: tuple[tuple[str, Decimal], ...] = ()
    """The points the evening gave the player in each circuit it counts for (circuit, points)."""


@dataclass(frozen=True)
class Partner:
    name: str
    evenings: int


@dataclass
class PlayerRecord:
    player: Player
    evenings: list[RecordEvening] = field(default_factory=list)
    """The oldest first."""
    partners: list[Partner] = field(default_factory=list)
    """The most evenings first."""
    clubs: list[Club] = field(default_factory=list)


def reader_club_ids(user: User) -> frozenset[int]:
    """The clubs the reader organises (none for an anonymous reader, without a query)."""
    if not user.is_authenticated:
        return frozenset()
    return frozenset(clubs_of(user).values_list("pk", flat=True))


def is_visible(player: Player, organised: Collection[int]) -> bool:
    """Whether the reader (organising the clubs `organised`) may see the player's record; the
    player's club is read with it."""
    return record_visible(
        club_public=player.club.records_public,
        choice=player.record,
        organises=player.club_id in organised,
    )


def record_player(*, club_slug: str, player_id: int) -> Player | None:
    return Player.objects.select_related("club").filter(pk=player_id, club__slug=club_slug).first()


def player_record(*, player: Player, organised: Collection[int]) -> PlayerRecord:
    """The player's evenings in every club where the reader may see them (the player's own club
    is the caller's to check with `is_visible`), and their partners."""
    same = [player]
    if player.card_number:
        others = Player.objects.select_related("club").filter(card_number=player.card_number)
        same += [p for p in others.exclude(pk=player.pk) if is_visible(p, organised)]
    ids = {p.pk for p in same}
    played = (
        Q(player_one__in=ids)
        | Q(player_two__in=ids)
        | Q(substitutions__player_out__in=ids)
        | Q(substitutions__player_in__in=ids)
    )
    shown = Q(tournament__published=True) | Q(tournament__club__in=list(organised))
    pair_ids = Pair.objects.filter(played, shown, tournament__status=Tournament.Status.FINISHED)
    pairs = list(
        Pair.objects.filter(pk__in=pair_ids.values("pk"))
        .select_related("tournament__club", "player_one", "player_two")
        .order_by("tournament__date", "tournament_id")
    )
    changes = pair_changes(pairs)
    points = _circuit_points(ids, {pair.tournament_id for pair in pairs})
    sizes = dict(
        Pair.objects.filter(tournament_id__in={p.tournament_id for p in pairs})
        .values_list("tournament_id")
        .annotate(n=Count("pk"))
        .values_list("tournament_id", "n")
    )
    record = PlayerRecord(player=player, clubs=list(dict.fromkeys(p.club for p in same)))
    counts: Counter[int] = Counter()
    for pair in pairs:
        tournament = pair.tournament
        last = pair.withdrawn_from - 1 if pair.withdrawn_from else tournament.rounds
        line_ups = [
            set(changes.line_up(pair.pk, number)) for number in range(pair.joined_from, last + 1)
        ]
        if not any(line_up & ids for line_up in line_ups):
            continue  # replaced before they played a round
        # partners: whoever sat beside them, not a substitute who came in after they left
        beside = set().union(*(line_up for line_up in line_ups if line_up & ids))
        partners = sorted(beside - ids, key=lambda pk: changes.players[pk].sort_name)
        counts.update(partners)
        play_format = tournament.play_format
        vp, mp = play_format.evening_points(pair)
        record.evenings.append(
            RecordEvening(
                tournament=tournament,
                club=tournament.club,
                date=tournament.date,
                pair_number=pair.number,
                partners=tuple(changes.players[pk].full_name for pk in partners),
                rank=pair.rank,
                field_size=sizes.get(tournament.pk, 0),
                vp=vp,
                mp=mp,
                by_matches=play_format.by_matches,
                part=not all(line_up & ids for line_up in line_ups),
                points=tuple(points.get(tournament.pk, ())),
            )
        )
    record.partners = [
        Partner(changes.players[pk].full_name, n)
        for pk, n in sorted(
            counts.items(), key=lambda kv: (-kv[1], changes.players[kv[0]].sort_name)
        )
    ]
    return record


def _circuit_points(
    player_ids: Collection[int], tournament_ids: Collection[int]
) -> dict[int, list[tuple[str, Decimal]]]:
    """Tournament id -> (circuit, points) the players were credited there (one query)."""
    rows = PlayerPoints.objects.filter(
        player_id__in=list(player_ids), tournament_id__in=list(tournament_ids)
    ).values_list("tournament_id", "circuit__name", "points")
    found: dict[int, list[tuple[str, Decimal]]] = {}
    for tournament_id, circuit, value in rows.order_by("circuit__name"):
        found.setdefault(tournament_id, []).append((circuit, value))
    return found
