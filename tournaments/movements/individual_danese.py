"""The individual Danese, and the random draw (the Danese of a shuffled order).

The players, ranked by the current standings, fill the tables in order of four: ranks 1-4 at
table 1, 5-8 at table 2, and so on; at each table the top two partner the next two (1 + 2 v
3 + 4, the default) or the first partners the fourth (1 + 4 v 2 + 3, a setting). Nobody ever
has the same partner twice, and repeated opponents are as few as the search below can make them.

The round is built in three steps, each exact for what it decides:

1. **Who sits out** (a field that is not a multiple of four): the lowest-ranked players among
   those with the fewest rounds out, so no player sits out twice while another has not. Only if
   that leaves no seating without a repeated partner (a tiny field late in the evening) is the
   next fair choice tried, moving up the ranking.
2. **The partnerships**: the pairs' Danese search (`pair_in_order`) on the order the setting
   asks for (1, 2, 3, 4, ... or 1, 4, 2, 3, 5, 8, 6, 7, ...) with "partnered before" as the
   rematch. It is exact: the partnerships never repeat whenever any seating allows it, and each
   player takes the nearest-ranked partner that leaves the rest a seating (the swap "with the
   nearest ranks that allow it"). If none exists, `NoIndividualSeating` says so.
3. **The tables**: the partnerships, ordered by the ranks of their two players, meet 1st v 2nd,
   3rd v 4th, ... by the same search with "any of the four has played against one of the other
   two" as the rematch: the fewest tables with a repeated opponent these partnerships allow.
   Then a local search, for each table with a repeated opponent, splits its four players the
   other ways or seats the eight players of it and a table at most `NEARBY_TABLES` away in every
   other way (315), taking the move that lowers the repeated opponents most, never repeating a
   partner, until no move helps. (Repeated opponents count the pairs of players meeting again,
   then their past meetings.) Over 200 seeded evenings this gives about an eighth of the
   repeated opponents of a plain greedy seating (`tests/test_individual_movements.py`).

Tables are numbered by the ranks they hold (table 1 the best); North-South is the better-ranked
partnership (North its better player), East-West the other (East its better player).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from itertools import combinations, islice

from tournaments.movements.danese_pairing import DEFAULT_NODE_BUDGET, pair_in_order
from tournaments.movements.individual import (
    IndividualHistory,
    IndividualRound,
    IndividualTable,
    NoIndividualSeating,
    Played,
    Refusal,
    check_players,
    played_in,
    repeated_opponents,
    sitting_out_choices,
)

Partnership = tuple[int, int]
Four = tuple[int, int, int, int]
"""A table as (North, South, East, West) before it is numbered."""

#: Tables apart (in table order) that the local search exchanges players between.
NEARBY_TABLES = 3
#: Passes of the local search over the tables with a repeated opponent.
MAX_PASSES = 20
#: Choices of who sits out tried before the round is refused (only a tiny field needs more
#: than the first).
MAX_SITTING_OUT_CHOICES = 500


class TableOrder(StrEnum):
    """Who partners whom among the four players of a Danese table, by rank at the table."""

    ONE_TWO = "1+2v3+4"
    """The top two partner each other against the next two (the default)."""
    ONE_FOUR = "1+4v2+3"
    """The first and the fourth partner each other against the second and the third."""


def individual_danese(
    standings: Sequence[int],
    *,
    history: IndividualHistory = (),
    byes: Mapping[int, int] | None = None,
    table_order: TableOrder = TableOrder.ONE_TWO,
    node_budget: int = DEFAULT_NODE_BUDGET,
) -> IndividualRound:
    """The Danese round of the players in `standings` (best first): see the module.

    `byes` counts each player's rounds out (byes taken, and a late player's missed rounds);
    None reads the byes taken from `history`. A late player enters by being in `standings`
    (the caller puts them where they rank, or last), a withdrawn one leaves by not being there.
    `NoIndividualSeating` (REPEATED_PARTNER) when no seating with a fair bye avoids a repeated
    partner; (TOO_FEW_PLAYERS) under four players.
    """
    ranked = check_players(standings)
    played = played_in(history)
    rounds_out = played.byes if byes is None else byes
    partner_history = [pair for round_ in history for pair in round_.partnerships()]
    choices = sitting_out_choices(ranked, rounds_out, len(ranked) % 4)
    for sitting_out in islice(choices, MAX_SITTING_OUT_CHOICES):
        out = set(sitting_out)
        playing = [player for player in ranked if player not in out]
        partnerships = _partnerships(playing, partner_history, table_order, node_budget)
        if partnerships is not None:
            break
    else:
        raise NoIndividualSeating(
            Refusal.REPEATED_PARTNER,
            f"no seating of these {len(ranked)} players gives everyone a partner they have "
            "not had yet",
            players=len(ranked),
        )
    rank = {player: index for index, player in enumerate(ranked)}
    fours = _tables(partnerships, rank, played, node_budget)
    fours = fewer_repeats(fours, played)
    tables = _numbered(fours, rank)
    sat_out = tuple(sorted(sitting_out, key=rank.__getitem__))
    return IndividualRound(tables, sat_out, repeated_opponents(tables, played))


def individual_random(
    players: Iterable[int],
    *,
    seed: int,
    history: IndividualHistory = (),
    byes: Mapping[int, int] | None = None,
) -> IndividualRound:
    """A seeded random draw: the players shuffled, then seated as the Danese seats standings
    (so the draw's first four share table 1, 1st + 2nd drawn v 3rd + 4th). Those who sit out
    are the last drawn among the players with the fewest rounds out. The draw depends only on
    the set of players and the seed. Later in an evening it still never repeats a partner, and
    it keeps repeated opponents as few as the Danese does."""
    order = sorted(check_players(players))
    random.Random(seed).shuffle(order)
    return individual_danese(order, history=history, byes=byes)


def _partnerships(
    playing: list[int],
    partner_history: list[Partnership],
    table_order: TableOrder,
    node_budget: int,
) -> list[Partnership] | None:
    """The partnerships closest to the setting's order, or None if any must repeat."""
    order = playing
    if table_order is TableOrder.ONE_FOUR:
        order = []
        for start in range(0, len(playing), 4):
            first, second, third, fourth = playing[start : start + 4]
            order += [first, fourth, second, third]
    seating = pair_in_order(order, history=partner_history, node_budget=node_budget)
    if seating.rematches:
        return None
    return [(table.ns, table.ew) for table in seating.tables]


def _tables(
    partnerships: list[Partnership], rank: Mapping[int, int], played: Played, node_budget: int
) -> list[Four]:
    """The partnerships in ranking order meet 1st v 2nd, 3rd v 4th, ... with the fewest tables
    where someone meets an opponent again."""
    units = sorted(partnerships, key=lambda pair: _standing(pair, rank))
    unit_of = {player: index for index, pair in enumerate(units) for player in pair}
    met: dict[int, set[int]] = {}
    for index, pair in enumerate(units):
        met[index] = {
            unit_of[other]
            for player in pair
            for other in played.opponents.get(player, ())
            if other in unit_of and unit_of[other] != index
        }
    seating = pair_in_order(range(len(units)), history=met, node_budget=node_budget)
    return [(*units[table.ns], *units[table.ew]) for table in seating.tables]


def _standing(players: Iterable[int], rank: Mapping[int, int]) -> tuple[int, int]:
    """How high a partnership or a table stands: the sum of its ranks, then its best."""
    ranks = [rank[player] for player in players]
    return (sum(ranks), min(ranks))


def table_cost(four: Four, played: Played) -> tuple[int, int]:
    """Repeated opponents at a table: the pairs who have met before, and their past meetings."""
    north, south, east, west = four
    times = [
        played.times_opposed(mine, theirs) for mine in (north, south) for theirs in (east, west)
    ]
    return (sum(1 for count in times if count), sum(times))


class _Seats:
    """The local search's view of the history: a table's cost as one number (repeated pairs
    first, then past meetings among them) and whether its partnerships are new."""

    PAIR = 10_000
    """A repeated pair weighs more than any number of past meetings at two tables."""

    def __init__(self, played: Played) -> None:
        against: dict[int, dict[int, int]] = {}
        for pair, times in played.opposed.items():
            first, second = pair
            against.setdefault(first, {})[second] = times
            against.setdefault(second, {})[first] = times
        self.against = against
        self.partners = played.partners
        self.none: dict[int, int] = {}
        self.nobody: frozenset[int] = frozenset()

    def cost(self, four: Four) -> int:
        north, south, east, west = four
        cost = 0
        for mine in (self.against.get(north, self.none), self.against.get(south, self.none)):
            for times in (mine.get(east, 0), mine.get(west, 0)):
                if times:
                    cost += self.PAIR + times
        return cost

    def new_partners(self, four: Four) -> bool:
        north, south, east, west = four
        partners = self.partners
        return south not in partners.get(north, self.nobody) and west not in partners.get(
            east, self.nobody
        )


def _two_table_seatings() -> list[tuple[Four, Four]]:
    """Every way to seat eight places (0-7) at two tables of two partnerships: 315 ways."""
    seatings = []
    for group in combinations(range(1, 8), 3):
        first = (0, *group)
        second = tuple(place for place in range(8) if place not in first)
        for one in _all_splits(first):
            for other in _all_splits(second):
                seatings.append((one, other))
    return seatings


def _all_splits(four: tuple[int, ...]) -> tuple[Four, Four, Four]:
    a, b, c, d = four
    return ((a, b, c, d), (a, c, b, d), (a, d, b, c))


_TWO_TABLES = _two_table_seatings()


def _regroupings(first: Four, second: Four) -> Iterable[tuple[Four, Four]]:
    """Every other way to seat the eight players of two tables."""
    places = (*first, *second)
    for one, other in _TWO_TABLES:
        yield (
            (places[one[0]], places[one[1]], places[one[2]], places[one[3]]),
            (places[other[0]], places[other[1]], places[other[2]], places[other[3]]),
        )


def _splits(four: Four) -> Iterable[Four]:
    """The other two ways to split a table's four players into two partnerships."""
    north, south, east, west = four
    yield (north, east, south, west)
    yield (north, west, south, east)


def fewer_repeats(fours: list[Four], played: Played) -> list[Four]:
    """Local search: while a table has a repeated opponent, take the move (partners at the
    table re-split, or the eight players of the table and one at most `NEARBY_TABLES` away
    seated otherwise) that lowers the repeated opponents most, never repeating a partner."""
    seats = _Seats(played)
    tables = list(fours)
    costs = [seats.cost(four) for four in tables]
    for _ in range(MAX_PASSES):
        improved = False
        for index in range(len(tables)):
            if costs[index]:
                improved |= _improve(tables, costs, index, seats)
        if not improved:
            break
    return tables


def _improve(tables: list[Four], costs: list[int], index: int, seats: _Seats) -> bool:
    """Make the move for table `index` that lowers the repeated opponents most, if any does."""
    best_gain = 0
    best_move: list[tuple[int, Four]] = []
    for split in _splits(tables[index]):
        gain = costs[index] - seats.cost(split)
        if gain > best_gain and seats.new_partners(split):
            best_gain, best_move = gain, [(index, split)]
    low = max(0, index - NEARBY_TABLES)
    for other in range(low, min(len(tables), index + NEARBY_TABLES + 1)):
        if other == index:
            continue
        before = costs[index] + costs[other]
        for first, second in _regroupings(tables[index], tables[other]):
            if before - best_gain <= 0:
                break  # nothing left to gain at these two tables
            if not (seats.new_partners(first) and seats.new_partners(second)):
                continue
            gain = before - seats.cost(first) - seats.cost(second)
            if gain > best_gain:
                best_gain, best_move = gain, [(index, first), (other, second)]
    for position, four in best_move:
        tables[position], costs[position] = four, seats.cost(four)
    return bool(best_move)


def _numbered(fours: list[Four], rank: Mapping[int, int]) -> tuple[IndividualTable, ...]:
    """Tables in order of the ranks they hold; at each, the better partnership sits North-South
    and the better player of each partnership sits North (or East)."""
    tables = []
    for four in fours:
        pairs = sorted((four[:2], four[2:]), key=lambda pair: _standing(pair, rank))
        seats = [player for pair in pairs for player in sorted(pair, key=rank.__getitem__)]
        tables.append(seats)
    tables.sort(key=lambda seats: _standing(seats, rank))
    return tuple(IndividualTable(number, *seats) for number, seats in enumerate(tables, start=1))
