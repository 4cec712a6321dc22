"""Individual tournaments (singoli): the shape of a round and what the rounds played say.

In an individual tournament the entrants are players and the partnership changes every round.
A round seats four players at each table: North and South are partners, East and West are
partners, and the two partnerships play each other as two pairs would. When the players are not
a multiple of four, one to three sit out the round (and score the bye award).

This module holds the types every individual movement shares and the reading of the history
(who partnered whom, who opposed whom, who sat out). The movements themselves are in
`individual_danese` (the random draw and the Danese), `individual_schedules` (the complete
8-player schedule and the 12-player rotation) and `individual_registry` (every movement by its
name); `individual_balance` is the arbiter's balance report. Pure standard-library Python on
integer player ids, like the pairs' movements.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from typing import TypeAlias


class Position(StrEnum):
    """A seat at an individual table: North and South partner, East and West partner."""

    NORTH = "N"
    SOUTH = "S"
    EAST = "E"
    WEST = "W"


@dataclass(frozen=True, slots=True)
class IndividualTable:
    """One table of an individual round: its 1-based number and the player in each seat."""

    number: int
    north: int
    south: int
    east: int
    west: int

    def __post_init__(self) -> None:
        if self.number < 1:
            raise ValueError(f"table numbers start at 1, got table {self.number}")
        if len(set(self.players)) != 4:
            raise ValueError(f"table {self.number} needs four different players: {self.players}")

    @property
    def players(self) -> tuple[int, int, int, int]:
        """North, South, East, West."""
        return (self.north, self.south, self.east, self.west)

    @property
    def partnerships(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """North-South, then East-West."""
        return ((self.north, self.south), (self.east, self.west))

    @property
    def oppositions(self) -> tuple[frozenset[int], ...]:
        """The four pairs of players who play against each other at this table."""
        return tuple(
            frozenset((mine, theirs))
            for mine in (self.north, self.south)
            for theirs in (self.east, self.west)
        )

    def position_of(self, player: int) -> Position:
        return tuple(Position)[self.players.index(player)]

    def partner_of(self, player: int) -> int:
        north, south, east, west = self.players
        return {north: south, south: north, east: west, west: east}[player]

    def opponents_of(self, player: int) -> tuple[int, int]:
        if player in (self.north, self.south):
            return (self.east, self.west)
        if player in (self.east, self.west):
            return (self.north, self.south)
        raise KeyError(player)


@dataclass(frozen=True, slots=True)
class IndividualRound:
    """An individual round: its tables, the players sitting out, and what it repeats.

    `repeated_opponents` are the pairs of players who play against each other at a table and
    have already done so in an earlier round (table order); a movement fills it in. A round
    never repeats a partnership unless a fixed schedule was set up so by hand."""

    tables: tuple[IndividualTable, ...]
    sitting_out: tuple[int, ...] = ()
    repeated_opponents: tuple[frozenset[int], ...] = ()

    def __post_init__(self) -> None:
        numbers: set[int] = set()
        seen: set[int] = set()
        for table in self.tables:
            if table.number in numbers:
                raise ValueError(f"table {table.number} appears twice in the round")
            numbers.add(table.number)
            for player in table.players:
                if player in seen:
                    raise ValueError(f"player {player} is seated twice")
                seen.add(player)
        for player in self.sitting_out:
            if player in seen:
                raise ValueError(f"player {player} sits out but is also seated")
            seen.add(player)

    def players(self) -> tuple[int, ...]:
        """Every player of the round: table by table N, S, E, W, then those sitting out."""
        return (*(player for table in self.tables for player in table.players), *self.sitting_out)

    def partnerships(self) -> tuple[tuple[int, int], ...]:
        return tuple(pair for table in self.tables for pair in table.partnerships)

    def oppositions(self) -> tuple[frozenset[int], ...]:
        return tuple(pair for table in self.tables for pair in table.oppositions)

    def table_of(self, player: int) -> IndividualTable | None:
        """The player's table, None if the player sits out (or is not in the round)."""
        for table in self.tables:
            if player in table.players:
                return table
        return None


#: The rounds played so far, first round first.
IndividualHistory: TypeAlias = Sequence[IndividualRound]


class Refusal(StrEnum):
    """Why a movement cannot seat an individual round: the service says it in the
    organiser's words (these movements stay free of translations)."""

    TOO_FEW_PLAYERS = "too_few_players"
    """Fewer than four players: not even one table."""
    REPEATED_PARTNER = "repeated_partner"
    """Every seating (with a fair bye) gives some player a partner they have already had."""
    SCHEDULE_SIZE = "schedule_size"
    """A fixed schedule was asked for a field of another size."""
    SCHEDULE_HISTORY = "schedule_history"
    """The rounds played are not the schedule's first rounds, whatever the numbering."""
    SCHEDULE_FINISHED = "schedule_finished"
    """Every round of the schedule has been played."""


class NoIndividualSeating(ValueError):
    """A movement cannot seat this round; `refusal` says why, the message says it in English."""

    def __init__(self, refusal: Refusal, message: str, *, players: int) -> None:
        super().__init__(message)
        self.refusal = refusal
        self.players = players


@dataclass(frozen=True)
class Played:
    """What the history says, player by player."""

    partners: Mapping[int, frozenset[int]]
    """Every partner each player has had."""
    opposed: Mapping[frozenset[int], int]
    """How many times each two players have played against each other."""
    opponents: Mapping[int, frozenset[int]]
    """Everyone each player has played against."""
    byes: Mapping[int, int]
    """Rounds sat out, by player (as the history records them)."""

    def partnered(self, first: int, second: int) -> bool:
        return second in self.partners.get(first, ())

    def times_opposed(self, first: int, second: int) -> int:
        return self.opposed.get(frozenset((first, second)), 0)


def played_in(history: IndividualHistory) -> Played:
    partners: defaultdict[int, set[int]] = defaultdict(set)
    opposed: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    for round_ in history:
        for first, second in round_.partnerships():
            partners[first].add(second)
            partners[second].add(first)
        opposed.update(round_.oppositions())
        byes.update(round_.sitting_out)
    opponents: defaultdict[int, set[int]] = defaultdict(set)
    for first, second in opposed:
        opponents[first].add(second)
        opponents[second].add(first)
    return Played(_frozen(partners), dict(opposed), _frozen(opponents), dict(byes))


def _frozen(sets: Mapping[int, set[int]]) -> dict[int, frozenset[int]]:
    return {player: frozenset(others) for player, others in sets.items()}


def repeated_opponents(
    tables: Iterable[IndividualTable], played: Played
) -> tuple[frozenset[int], ...]:
    """The oppositions at `tables` already played, in table order."""
    return tuple(pair for table in tables for pair in table.oppositions if pair in played.opposed)


def check_players(players: Iterable[int]) -> list[int]:
    """The players of a round as a list: at least four, none listed twice."""
    field = list(players)
    if len(set(field)) != len(field):
        twice = sorted(player for player, n in Counter(field).items() if n > 1)
        raise ValueError(f"players listed twice: {twice}")
    if len(field) < 4:
        raise NoIndividualSeating(
            Refusal.TOO_FEW_PLAYERS,
            f"an individual round needs at least 4 players, got {len(field)}",
            players=len(field),
        )
    return field


def sitting_out_choices(
    ranked: Sequence[int], byes: Mapping[int, int], count: int
) -> Iterable[tuple[int, ...]]:
    """The sets of `count` players of `ranked` (best first) who may sit out, best choice first.

    Fair means no player sits out twice while another has not: every player who sits out has
    sat out no more often than any player who plays. The first choice is the lowest-ranked
    players among those with the fewest rounds out; later choices (tried when the first leaves
    no seating without a repeated partner) move up the ranking, still fairly."""
    if count == 0:
        yield ()
        return
    order = sorted(ranked, key=lambda player: byes.get(player, 0))  # stable: rank kept
    level = byes.get(order[count - 1], 0)
    below = [player for player in order if byes.get(player, 0) < level]
    tied = [player for player in reversed(ranked) if byes.get(player, 0) == level]
    for chosen in combinations(tied, count - len(below)):
        yield (*below, *chosen)
