"""What the public pages show, as plain frozen dataclasses: cheap to cache and to pickle, and
free of model instances. Raise `cache.KEY_FORMAT` when one of them changes shape."""

from dataclasses import dataclass

from tournaments.models import Round, Seat, Table
from tournaments.rules import names
from tournaments.rules.glossary import word
from tournaments.rules.sides import SideScore
from tournaments.rules.states import Position
from tournaments.selectors.decisions import Mark
from tournaments.selectors.evening import ClockTimes

NS, EW = Seat.Direction.NS.value, Seat.Direction.EW.value
DIRECTIONS = {NS: "north_south", EW: "east_west"}
SHORT_DIRECTIONS = {NS: "ns", EW: "ew"}
"""The glossary's terms for a direction; the words themselves are read when a page is rendered,
in the reader's language (N-S / E-O in Italian, N-S / L-O in Portuguese), never cached."""


def direction_word(direction: str, *, short: bool) -> str:
    """'N-S', 'E-O', 'Nord-Sud' … for a stored direction, in the active language."""
    term = (SHORT_DIRECTIONS if short else DIRECTIONS).get(direction)
    return word(term) if term else ""


class _Seated:
    """Something seated North-South or East-West: its direction in words."""

    direction: str

    @property
    def direction_short(self) -> str:
        return direction_word(self.direction, short=True)

    @property
    def direction_long(self) -> str:
        return direction_word(self.direction, short=False)


@dataclass(frozen=True)
class PairRef:
    """A pair as the public pages name it: its number, its players (first name, surname)."""

    number: int
    names: str
    players: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings (classifica), from the Pair row's stored totals (the fields
    of `rules.standings.STANDING_FIELDS`)."""

    number: int
    names: str
    player_names: tuple[str, ...]
    vp: int
    mp: int
    rounds_played: int
    byes: int
    matches_won: int
    point_difference: int
    rank: int | None
    withdrawn_from: int | None = None
    """The first round a withdrawn pair no longer plays."""
    joined_from: int = 1
    """The first round a late pair played."""
    decision_marks: tuple[Mark, ...] = ()
    """The arbiter's standing decisions on the pair (or setting its tables' results)."""


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
    ns_partner: PairRef | None = None
    """An individual table: South, North's partner (None for pairs)."""
    ew_partner: PairRef | None = None
    """An individual table: West, East's partner."""
    girone: str = ""
    """The name of the girone the table is in (empty when the whole field plays together)."""

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
    """The movement's stored value ("mitchell"); `movement_name` words it for the reader."""
    tables: tuple[SeatedTable, ...]

    @property
    def movement_name(self) -> str:
        return str(dict(Round.Movement.choices).get(self.movement, self.movement))

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
    hidden: int | None = None
    """The latest round, while its seating is the organiser's alone (not published yet)."""
    clock: ClockTimes | None = None
    """The clock of the round being played, once started."""


@dataclass(frozen=True)
class PlayerPlace(_Seated):
    """A player's place in the current round, for "find your table"."""

    last_name: str
    first_name: str
    pair: PairRef
    table: int | None
    """None: the pair sits out this round."""
    direction: str
    girone: str = ""
    """The girone of the pair's table (empty when the whole field plays together)."""

    @property
    def initial(self) -> str:
        return names.initial(self.last_name)


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
    left_by: int | None = None
    """A bye because the opponents withdrew from this table before it started: their number."""
    girone: str = ""
    """The girone of the table (empty when the whole field plays together)."""
    position: str = ""
    """An individual player's seat (N, S, E, W); "" for a pair."""
    partner: PairRef | None = None
    """An individual player's partner in the round."""
    opponents: tuple[PairRef, ...] = ()
    """An individual player's two opponents, in seat order."""

    @property
    def position_long(self) -> str:
        return str(Position(self.position).label) if self.position else ""

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
    rounds: tuple[RoundLine, ...]
    vp: int
    mp: int
    rounds_played: int
    byes: int
    matches_won: int
    point_difference: int
    rank: int | None
    withdrawn_from: int | None = None
    joined_from: int = 1
    spells: tuple[tuple[str, int, int | None], ...] = ()
    """Who played which rounds, after a substitution: (name, first, last or None)."""
    decision_marks: tuple[Mark, ...] = ()


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
