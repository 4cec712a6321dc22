"""Reads of a pair's story during an evening: who played which rounds for it (after a
substitution) — for the organiser's pair page and the public one, and, as plain ids
(`pair_changes`), for the federation's file and the season's rankings; and where a club's
player shows (the tournaments a name correction changes)."""

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.db.models import Q

from tournaments.models import Pair, Player, Round, Seat, Substitution, Table, Tournament
from tournaments.rules.credits import Change, LineUp, Stint, line_up, stints
from tournaments.rules.standings import TableOutcome


@dataclass(frozen=True)
class Spell:
    """A player's rounds for a pair: from `first` to `last` (None: to the end)."""

    name: str
    first: int
    last: int | None


def player_spells(pair: Pair) -> tuple[Spell, ...]:
    """Who played which rounds for the pair, in order of their first round; empty when no
    player was replaced (its two players played every round). One query."""
    substitutions = list(
        pair.substitutions.select_related("player_out", "player_in").order_by("from_round", "id")
    )
    if not substitutions:
        return ()
    spells: list[Spell] = []
    start: dict[int, int] = {}
    for change in substitutions:
        first = start.pop(change.player_out_id, pair.joined_from)
        if first <= change.from_round - 1:
            spells.append(Spell(change.player_out.full_name, first, change.from_round - 1))
        start[change.player_in_id] = change.from_round
    for player in (pair.player_one, pair.player_two):
        if player is not None:
            spells.append(Spell(player.full_name, start.get(player.pk, pair.joined_from), None))
    return tuple(sorted(spells, key=lambda spell: (spell.first, spell.name)))


def player_tournaments(player: Player) -> list[Tournament]:
    """Every tournament that shows the player's name: as a player of a pair, or as one who
    played some rounds for it before or after a substitution. The latest first."""
    shown = (
        Q(pairs__player_one=player)
        | Q(pairs__player_two=player)
        | Q(pairs__substitutions__player_out=player)
        | Q(pairs__substitutions__player_in=player)
    )
    ids = Tournament.objects.filter(shown).values("pk")
    return list(Tournament.objects.filter(pk__in=ids).select_related("club"))


@dataclass
class PairChanges:
    """The substitutions of some pairs, as `rules.credits` reads them."""

    players: dict[int, Player] = field(default_factory=dict)
    """Every player of those pairs, by id: the players of now, the replaced and the substitutes."""
    changes: dict[int, list[Change]] = field(default_factory=dict)
    """Pair id -> its substitutions in the order they were made."""
    now_of: dict[int, LineUp] = field(default_factory=dict)

    def of(self, pair_id: int) -> list[Change]:
        return self.changes.get(pair_id, [])

    def now(self, pair: Pair) -> LineUp:
        return self.now_of[pair.pk]

    def line_up(self, pair_id: int, round_number: int) -> LineUp:
        """The pair's players in that round."""
        return line_up(self.now_of[pair_id], self.of(pair_id), round_number)

    def stints(
        self, pair: Pair, tables: Iterable[tuple[int, TableOutcome]], *, by_matches: bool
    ) -> list[Stint]:
        """The pair's tables (round, outcome) in runs of one line-up (`rules.credits`)."""
        return stints(pair.pk, self.now(pair), self.of(pair.pk), tables, by_matches=by_matches)


def pair_changes(pairs: Sequence[Pair]) -> PairChanges:
    """Who played for each of `pairs` (their players selected): one query."""
    result = PairChanges()
    for pair in pairs:
        players = [p for p in (pair.player_one, pair.player_two) if p is not None]
        result.now_of[pair.pk] = tuple(p.pk for p in players)
        result.players.update((p.pk, p) for p in players)
    changes: dict[int, list[Change]] = defaultdict(list)
    substitutions = (
        Substitution.objects.filter(pair_id__in=[pair.pk for pair in pairs])
        .select_related("player_out", "player_in")
        .order_by("pair_id", "from_round", "id")
    )
    for change in substitutions:
        changes[change.pair_id].append(
            Change(change.from_round, change.player_out_id, change.player_in_id)
        )
        result.players[change.player_out_id] = change.player_out
        result.players[change.player_in_id] = change.player_in
    result.changes = dict(changes)
    return result


def show_round_line_ups(tables: Iterable[Table], tournament: Tournament, round_number: int) -> None:
    """An individual table names the players who played its round: where a substitute played
    it (or the player came back after one), the seat's entry shows the names of then. Pairs
    show their players of now (README "Pairs that change"). Tables read with their seats'
    pairs (`organiser.seats_prefetch`); one query, two where someone was replaced."""
    if not tournament.is_individual:
        return
    pairs = [seat.pair for table in tables for seat in table.seats.all()]
    if not Substitution.objects.filter(pair__in=[pair.pk for pair in pairs]).exists():
        return
    changes = pair_changes(pairs)
    for pair in pairs:
        then = changes.line_up(pair.pk, round_number)
        if then != changes.now(pair):
            pair.names_in_round = " – ".join(  # type: ignore[attr-defined]
                changes.players[player].full_name for player in then
            )


def show_seat_line_ups(seats: Sequence[Seat], tournament: Tournament) -> None:
    """`show_round_line_ups` for seats of several rounds (a player's evening, read with their
    rounds and their pairs' players): an individual seat's pair names who played that seat's
    round where a substitute played it. One query, none for a pairs tournament."""
    if not tournament.is_individual:
        return
    changes = pair_changes([seat.pair for seat in seats])
    if not changes.changes:
        return
    for seat in seats:
        then = changes.line_up(seat.pair_id, seat.round.number)
        if then != changes.now(seat.pair):
            seat.pair.names_in_round = " – ".join(  # type: ignore[attr-defined]
                changes.players[player].full_name for player in then
            )


def players_then(tournament: Tournament, round_number: int) -> dict[int, Player]:
    """Who played round `round_number` for each of an individual tournament's players that a
    substitute replaces after it, by pair id (a substitute brought in for a later round does not
    play this one): one query, none for a pairs tournament, whose pairs show their players of
    now (README "Pairs that change")."""
    if not tournament.is_individual:
        return {}
    later = (
        Substitution.objects.filter(pair__tournament=tournament, from_round__gt=round_number)
        .select_related("player_out")
        .order_by("pair_id", "from_round", "id")
    )
    then: dict[int, Player] = {}
    for change in later:  # the first change after the round: its player out played the round
        then.setdefault(change.pair_id, change.player_out)
    return then


@dataclass(frozen=True)
class RoundField:
    """The pairs of a round: those who play it, and those who withdrew before it."""

    playing: int
    withdrawn: int


def round_field(tournament: Tournament, number: int) -> RoundField:
    """Who plays round `number` (`Pair.plays_in`) and who has withdrawn by then: one query."""
    pairs = list(tournament.pairs.only("joined_from", "withdrawn_from"))
    return RoundField(
        playing=sum(1 for pair in pairs if pair.plays_in(number)),
        withdrawn=sum(
            1 for pair in pairs if pair.withdrawn_from is not None and pair.withdrawn_from <= number
        ),
    )


@dataclass(frozen=True)
class WithdrawalSeat:
    """A pair leaving a round seated but not started: its table, its opponents, the pair that
    already sits out that round (if any), and whether those two may play each other instead
    (they have not met yet), so that nobody sits idle who could play."""

    table_number: int
    opponents: Pair | None
    sitting_out: Pair | None
    together: bool


def withdrawal_seat(pair: Pair, round_: Round) -> WithdrawalSeat | None:
    """Where `pair` sits in `round_` (seated, not started), read for its withdrawal; None when
    it sits out there or is not seated. One answer for the page's choices and the service."""
    seats = list(round_.seats.select_related("table", "pair__player_one", "pair__player_two"))
    mine = next((s for s in seats if s.pair_id == pair.pk), None)
    if mine is None or mine.table.is_bye:
        return None
    opponents = next(
        (s.pair for s in seats if s.table_id == mine.table_id and s.pk != mine.pk), None
    )
    sitting_out = next((s.pair for s in seats if s.table.is_bye), None)
    together = (
        opponents is not None
        and sitting_out is not None
        and not Table.objects.filter(round__tournament_id=round_.tournament_id, is_bye=False)
        .filter(seats__pair=opponents)
        .filter(seats__pair=sitting_out)
        .exists()
    )
    return WithdrawalSeat(mine.table.number, opponents, sitting_out, together)
