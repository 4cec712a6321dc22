"""The public pages' reads, cached: a published tournament's standings, the seating of its
current round (turno), a pair's history round by round, and each pair's VP and rank after every
finished round.

Every read goes through the shared cache (`django.core.cache.cache`: Redis, or the database
cache; never a per-process memory) under a key made of the tournament's pk, the time it was
created and its `results_version`. The services raise `results_version` in the same transaction
as every change of results, seating or pairs, so after a save in any process the next read in
every process asks for a key nobody has stored yet and loads the new rows: nothing is deleted
by hand, and no process can keep serving what another one replaced. (The creation time keeps
a database made again from scratch, whose pks and versions start over, from meeting an older
run's entries in a shared Redis.)

Standings are the Pair rows' stored totals: nothing here scores a deal. The rank after each
round is `standings.rank_pairs` over the finished tables of rounds 1..k, worked out once per
version for the whole field. Each read issues a fixed number of queries whatever the field's
size, and caches plain frozen dataclasses (no model instances).
"""

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from django.core.cache import cache
from django.db import transaction
from django.db.models import QuerySet, Subquery

from scoring.rules import KIND_ORDER
from tournaments import selectors
from tournaments.models import Club, DealSide, Pair, Round, Seat, Table, Tournament
from tournaments.standings import TableOutcome, rank_pairs

CACHE_SECONDS = 6 * 60 * 60
"""Entries are never stale (a new version is a new key); this only frees the space of old ones."""
KEY_FORMAT = 1
"""Raise it when a cached dataclass changes shape, so no process unpickles an older one."""

NS, EW = Seat.Direction.NS.value, Seat.Direction.EW.value
DIRECTIONS = {NS: "North-South", EW: "East-West"}
SHORT_DIRECTIONS = {NS: "N-S", EW: "E-W"}

T = TypeVar("T")


# --- what the pages show ------------------------------------------------------------------------


class _Seated:
    """Something seated North-South or East-West: its direction in words."""

    direction: str

    @property
    def direction_short(self) -> str:
        return SHORT_DIRECTIONS.get(self.direction, "")

    @property
    def direction_long(self) -> str:
        return DIRECTIONS.get(self.direction, "")


@dataclass(frozen=True)
class PairRef:
    """A pair as the public pages name it: its number, its players (first name, surname)."""

    number: int
    names: str
    players: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings (classifica), from the Pair row's stored totals."""

    rank: int | None
    number: int
    names: str
    player_names: tuple[str, ...]
    vp: int
    mp: int
    rounds_played: int
    matches_won: int
    point_difference: int
    byes: int


@dataclass(frozen=True)
class SeatedTable:
    """A table of the current round; a bye (tavolo zoppo) has only `ns`, the pair sitting out."""

    number: int
    is_bye: bool
    status: str
    ns: PairRef | None
    ew: PairRef | None
    ns_mp: int
    ew_mp: int
    ns_vp: int | None
    ew_vp: int | None
    winner: str

    @property
    def done(self) -> bool:
        return self.status == Table.Status.DONE

    @property
    def started(self) -> bool:
        return self.status != Table.Status.NOT_STARTED


@dataclass(frozen=True)
class Seating:
    """Who sits where in the tournament's latest round."""

    round_number: int
    round_status: str
    movement: str
    tables: tuple[SeatedTable, ...]

    @property
    def playing_tables(self) -> tuple[SeatedTable, ...]:
        return tuple(table for table in self.tables if not table.is_bye)

    @property
    def bye(self) -> PairRef | None:
        return next((table.ns for table in self.tables if table.is_bye), None)

    @property
    def tables_done(self) -> int:
        return sum(table.done for table in self.playing_tables)

    @property
    def is_seating(self) -> bool:
        return self.round_status == Round.Status.SEATING

    @property
    def is_playing(self) -> bool:
        return self.round_status == Round.Status.PLAYING

    @property
    def is_done(self) -> bool:
        return self.round_status == Round.Status.DONE


@dataclass(frozen=True)
class Board:
    """What the tournament page and the projector show: standings and the current seating."""

    standings: tuple[StandingRow, ...]
    seating: Seating | None


@dataclass(frozen=True)
class PlayerPlace(_Seated):
    """A player's place in the current round, for "find your table"."""

    last_name: str
    first_name: str
    pair: PairRef
    table: int | None
    """None: the pair sits out this round."""
    direction: str

    @property
    def initial(self) -> str:
        return (self.last_name[:1] or "?").upper()


@dataclass(frozen=True)
class SideScore:
    """One side's deal (smazzata) as the scoring engine stored it."""

    melded_points: int
    burracos: tuple[str, ...]
    burraco_bonus: int
    closing_bonus: int
    hand_penalty: int
    pot_penalty: int
    total: int

    @property
    def bonuses(self) -> int:
        return self.burraco_bonus + self.closing_bonus

    @property
    def penalties(self) -> int:
        return self.hand_penalty + self.pot_penalty

    @property
    def burracos_text(self) -> str:
        """The burracos by kind, the most valuable kind first: "1 clean, 2 dirty"."""
        counts = Counter(self.burracos)
        kinds = [k for k in KIND_ORDER if k in counts] + sorted(set(counts) - set(KIND_ORDER))
        return ", ".join(f"{counts[kind]} {kind}" for kind in kinds)


@dataclass(frozen=True)
class DealLine:
    number: int
    ours: SideScore | None
    theirs: SideScore | None


@dataclass(frozen=True)
class RoundLine(_Seated):
    """A pair's round: its table and direction, the opponent, the result and every deal."""

    round_number: int
    round_status: str
    table_number: int
    is_bye: bool
    direction: str
    opponent: PairRef | None
    table_status: str
    mp: int
    opponent_mp: int
    vp: int | None
    opponent_vp: int | None
    winner: str
    """Target format: "us", "them", or empty while the match is on."""
    deals: tuple[DealLine, ...]

    @property
    def done(self) -> bool:
        return self.table_status == Table.Status.DONE

    @property
    def started(self) -> bool:
        return self.table_status != Table.Status.NOT_STARTED


@dataclass(frozen=True)
class PairHistory:
    """A pair's stored totals and its rounds, in order."""

    pair: PairRef
    rank: int | None
    vp: int
    mp: int
    rounds_played: int
    matches_won: int
    point_difference: int
    byes: int
    rounds: tuple[RoundLine, ...]


@dataclass(frozen=True)
class RoundPoint:
    """A pair's totals and rank once round `round_number` was over."""

    round_number: int
    vp: int
    mp: int
    matches_won: int
    point_difference: int
    rank: int


@dataclass(frozen=True)
class Progress:
    """Every pair's totals and rank after each finished round, kept compact for the cache:
    pair number -> one (round, vp, mp, matches won, point difference, rank) row a round."""

    field_size: int
    rounds: tuple[int, ...]
    by_pair: dict[int, tuple[tuple[int, int, int, int, int, int], ...]]

    def of(self, number: int) -> tuple[RoundPoint, ...]:
        return tuple(RoundPoint(*row) for row in self.by_pair.get(number, ()))


@dataclass(frozen=True)
class PairPage:
    history: PairHistory
    points: tuple[RoundPoint, ...]
    field_size: int


# --- the tournament and the club, read fresh on every request ------------------------------------


def public_tournament(club_slug: str, tournament_slug: str) -> Tournament | None:
    """The tournament with its club (one query), published or not: the view decides who sees
    an unpublished one. Never cached: its `results_version` is what the cache keys are made of."""
    return (
        Tournament.objects.select_related("club")
        .filter(club__slug=club_slug, slug=tournament_slug)
        .first()
    )


@dataclass(frozen=True)
class Version:
    """What a reader needs to know of a tournament before serving a stored page."""

    published: bool
    results_version: int


VERSION_SECONDS = 60
"""How long the current version of a tournament is remembered without asking the database.
Saves forget it at once; only a change made behind the services' back (a tournament deleted
in the admin) can go unseen, and for at most this long."""


def version_key(club_slug: str, tournament_slug: str) -> str:
    return f"public:{KEY_FORMAT}:version:{club_slug}:{tournament_slug}"


def page_key(club_slug: str, tournament_slug: str, variant: str) -> str:
    return f"public:{KEY_FORMAT}:page:{club_slug}:{tournament_slug}:{variant}"


def current_version(club_slug: str, tournament_slug: str) -> Version | None:
    """The tournament's version from the database (one query), remembered for a while. `add`,
    not `set`: a save that has just forgotten the version wins over a reader who read the
    database a moment before it."""
    tournament = public_tournament(club_slug, tournament_slug)
    if tournament is None:
        return None
    version = Version(tournament.published, tournament.results_version)
    cache.add(version_key(club_slug, tournament_slug), version, VERSION_SECONDS)
    return version


def forget_version(club_slug: str, tournament_slug: str) -> None:
    """Called by every change of results, seating or pairs (services.results_changed): now,
    and again once the change is committed, so no reader keeps the old version past it."""
    key = version_key(club_slug, tournament_slug)
    cache.delete(key)
    transaction.on_commit(lambda: cache.delete(key))


def public_club(club_slug: str) -> Club | None:
    return Club.objects.filter(slug=club_slug).first()


def club_tournaments(club: Club, *, with_unpublished: bool = False) -> QuerySet[Tournament]:
    """The club's tournaments for its public page, newest first."""
    tournaments = club.tournaments.order_by("-date", "-id")
    return tournaments if with_unpublished else tournaments.filter(published=True)


# --- the cache ----------------------------------------------------------------------------------


def cache_key(tournament: Tournament, part: str) -> str:
    """(pk, created_at, results_version): a save anywhere makes a new key for everyone."""
    return (
        f"public:{KEY_FORMAT}:{tournament.pk}:{tournament.created_at.timestamp():.6f}:"
        f"{tournament.results_version}:{part}"
    )


def _cached(tournament: Tournament, part: str, load: Callable[[], T]) -> T:
    """The entry for this version, loaded and stored on a miss. The caller read the version
    before the rows are loaded, so an entry can hold rows newer than its version (a save that
    landed in between; the next version reloads anyway), never older ones."""
    key = cache_key(tournament, part)
    found = cache.get(key)
    if found is None:
        found = load()
        cache.set(key, found, CACHE_SECONDS)
    return found  # type: ignore[no-any-return]


# --- the reads ----------------------------------------------------------------------------------


def board(tournament: Tournament) -> Board:
    """Standings and current seating: one cache read; two queries when the cache is cold."""
    return _cached(tournament, "board", lambda: _load_board(tournament))


def standings(tournament: Tournament) -> tuple[StandingRow, ...]:
    return board(tournament).standings


def current_seating(tournament: Tournament) -> Seating | None:
    return board(tournament).seating


def pair_page(tournament: Tournament, number: int) -> PairPage | None:
    """A pair's history and its VP and rank after each finished round, or None if the
    tournament has no pair of that number. One cache read for both parts; five queries when
    both are cold."""
    history_key, progress_key = (
        cache_key(tournament, f"pair:{number}"),
        cache_key(tournament, "progress"),
    )
    found = cache.get_many([history_key, progress_key])
    missing: dict[str, Any] = {}
    history = found.get(history_key)
    if history is None:
        history = _load_history(tournament, number)
        if history is None:
            return None
        missing[history_key] = history
    progress = found.get(progress_key)
    if progress is None:
        progress = missing[progress_key] = _load_progress(tournament)
    if missing:
        cache.set_many(missing, CACHE_SECONDS)
    return PairPage(history=history, points=progress.of(number), field_size=progress.field_size)


def player_places(seating: Seating | None) -> list[PlayerPlace]:
    """Every player of the current round by surname, then first name: pair, table, direction."""
    if seating is None:
        return []
    places = [
        PlayerPlace(
            last_name=last,
            first_name=first,
            pair=pair,
            table=None if table.is_bye else table.number,
            direction="" if table.is_bye else direction,
        )
        for table in seating.tables
        for direction, pair in ((NS, table.ns), (EW, table.ew))
        if pair is not None
        for first, last in pair.players
    ]
    places.sort(key=lambda p: (p.last_name.casefold(), p.first_name.casefold(), p.pair.number))
    return places


# --- loading from the database ------------------------------------------------------------------


def _pair_ref(pair: Pair) -> PairRef:
    players = [pair.player_one] + ([pair.player_two] if pair.player_two_id else [])
    return PairRef(
        number=pair.number,
        names=pair.names,
        players=tuple((p.first_name, p.last_name) for p in players if p is not None),
    )


def _load_board(tournament: Tournament) -> Board:
    rows = tuple(
        StandingRow(
            rank=pair.rank,
            number=pair.number,
            names=pair.names,
            player_names=tuple(
                player.full_name for player in (pair.player_one, pair.player_two) if player
            ),
            vp=pair.vp,
            mp=pair.mp,
            rounds_played=pair.rounds_played,
            matches_won=pair.matches_won,
            point_difference=pair.point_difference,
            byes=pair.byes,
        )
        for pair in selectors.standings_for(tournament)
    )
    return Board(standings=rows, seating=_load_seating(tournament))


def _load_seating(tournament: Tournament) -> Seating | None:
    """The latest round's seats with their tables, pairs and players: one query."""
    latest = tournament.round_set.order_by("-number").values("number")[:1]
    seats = (
        Seat.objects.filter(round__tournament=tournament, round__number=Subquery(latest))
        .select_related("round", "table", "pair__player_one", "pair__player_two")
        .order_by("table__number", "direction")
    )
    by_table: dict[int, dict[str, Seat]] = defaultdict(dict)
    round_: Round | None = None
    for seat in seats:
        by_table[seat.table_id][seat.direction] = seat
        round_ = seat.round
    if round_ is None:
        return None
    tables = []
    for places in by_table.values():
        table = next(iter(places.values())).table
        ns, ew = places.get(NS), places.get(EW)
        tables.append(
            SeatedTable(
                number=table.number,
                is_bye=table.is_bye,
                status=table.status,
                ns=_pair_ref(ns.pair) if ns else None,
                ew=_pair_ref(ew.pair) if ew else None,
                ns_mp=table.ns_mp,
                ew_mp=table.ew_mp,
                ns_vp=table.ns_vp,
                ew_vp=table.ew_vp,
                winner=table.winner,
            )
        )
    tables.sort(key=lambda t: (t.is_bye, t.number))
    return Seating(
        round_number=round_.number,
        round_status=round_.status,
        movement=round_.get_movement_display(),
        tables=tuple(tables),
    )


def _load_history(tournament: Tournament, number: int) -> PairHistory | None:
    """The pair, every seat at its tables (its own and its opponents') and the deals there:
    three queries."""
    pair = tournament.pairs.select_related("player_one", "player_two").filter(number=number).first()
    if pair is None:
        return None
    seats = Seat.objects.filter(table__seats__pair=pair).select_related(
        "round", "table", "pair__player_one", "pair__player_two"
    )
    at_table: dict[int, dict[str, Seat]] = defaultdict(dict)
    for seat in seats:
        at_table[seat.table_id][seat.direction] = seat
    sides: dict[int, dict[int, dict[str, DealSide]]] = defaultdict(lambda: defaultdict(dict))
    for side in DealSide.objects.filter(deal__table__seats__pair=pair).select_related("deal"):
        sides[side.deal.table_id][side.deal.number][side.direction] = side
    rounds = []
    for table_id, places in at_table.items():
        own = next(seat for seat in places.values() if seat.pair_id == pair.pk)
        other = next((seat for seat in places.values() if seat.pair_id != pair.pk), None)
        rounds.append(_round_line(own, other, sides.get(table_id, {})))
    rounds.sort(key=lambda line: line.round_number)
    return PairHistory(
        pair=_pair_ref(pair),
        rank=pair.rank,
        vp=pair.vp,
        mp=pair.mp,
        rounds_played=pair.rounds_played,
        matches_won=pair.matches_won,
        point_difference=pair.point_difference,
        byes=pair.byes,
        rounds=tuple(rounds),
    )


def _round_line(own: Seat, other: Seat | None, deals: dict[int, dict[str, DealSide]]) -> RoundLine:
    table, mine = own.table, own.direction
    theirs = EW if mine == NS else NS
    by_direction = {NS: (table.ns_mp, table.ns_vp), EW: (table.ew_mp, table.ew_vp)}
    winner = ""
    if table.winner:
        winner = "us" if table.winner == mine else "them"
    return RoundLine(
        round_number=own.round.number,
        round_status=own.round.status,
        table_number=table.number,
        is_bye=table.is_bye,
        direction=mine,
        opponent=_pair_ref(other.pair) if other else None,
        table_status=table.status,
        mp=by_direction[mine][0],
        opponent_mp=by_direction[theirs][0],
        vp=by_direction[mine][1],
        opponent_vp=by_direction[theirs][1],
        winner=winner,
        deals=tuple(
            DealLine(
                number=number,
                ours=_side_score(sides.get(mine)),
                theirs=_side_score(sides.get(theirs)),
            )
            for number, sides in sorted(deals.items())
        ),
    )


def _side_score(side: DealSide | None) -> SideScore | None:
    if side is None:
        return None
    return SideScore(
        melded_points=side.melded_points,
        burracos=tuple(side.burracos),
        burraco_bonus=side.burraco_bonus,
        closing_bonus=side.closing_bonus,
        hand_penalty=side.hand_penalty,
        pot_penalty=side.pot_penalty,
        total=side.total,
    )


def _load_progress(tournament: Tournament) -> Progress:
    """Each pair's totals and rank after every finished round k, ranked by `rank_pairs` over
    the finished tables of rounds 1..k: two queries."""
    numbers = dict(tournament.pairs.values_list("id", "number"))
    seats = (
        Seat.objects.filter(round__tournament=tournament, table__status=Table.Status.DONE)
        .exclude(round__status=Round.Status.SEATING)
        .select_related("round", "table")
        .order_by("round__number", "table__number", "direction")
    )
    by_table: dict[int, dict[str, Seat]] = defaultdict(dict)
    finished_rounds: set[int] = set()
    for seat in seats:
        by_table[seat.table_id][seat.direction] = seat
        if seat.round.status == Round.Status.DONE:
            finished_rounds.add(seat.round.number)
    outcomes: dict[int, list[TableOutcome]] = defaultdict(list)
    for places in by_table.values():
        ns, ew = places[NS], places.get(EW)
        table = ns.table
        outcomes[ns.round.number].append(
            TableOutcome(
                ns=ns.pair_id,
                ew=ew.pair_id if ew else None,
                ns_mp=table.ns_mp,
                ew_mp=table.ew_mp,
                ns_vp=table.ns_vp or 0,
                ew_vp=table.ew_vp or 0,
                winner=table.winner,
            )
        )
    pair_ids = list(numbers)
    by_pair: dict[int, list[tuple[int, int, int, int, int, int]]] = {
        n: [] for n in numbers.values()
    }
    for last in sorted(finished_rounds):
        so_far: Iterable[TableOutcome] = (
            outcome for k, listed in outcomes.items() if k <= last for outcome in listed
        )
        records = rank_pairs(pair_ids, so_far, by_matches=tournament.is_target)
        for pid, record in records.items():
            by_pair[numbers[pid]].append(
                (
                    last,
                    record.vp,
                    record.mp,
                    record.matches_won,
                    record.point_difference,
                    record.rank or 0,
                )
            )
    return Progress(
        field_size=len(numbers),
        rounds=tuple(sorted(finished_rounds)),
        by_pair={number: tuple(rows) for number, rows in by_pair.items()},
    )
