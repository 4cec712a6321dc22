"""The arbiter's balance report of an individual tournament: how many times each player has
partnered and opposed each other, and how many rounds each has sat out.

Pure and ready for a page: the two matrices are rows of counts in the players' order (the
diagonal is 0), and each player has a summary row. Nothing here judges: the page says what
the counts mean (a partnership counted twice is a repeated partner, which no movement gives).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from tournaments.movements.individual import IndividualHistory, played_in


@dataclass(frozen=True, slots=True)
class PlayerBalance:
    player: int
    rounds_played: int
    byes: int
    """Rounds sat out (as the history records them)."""
    partners: int
    """Different partners had."""
    opponents: int
    """Different players played against."""
    most_opposed: int
    """The most times this player has played against any one player (0 before a round)."""
    repeated_partners: tuple[int, ...]
    """Players partnered more than once, in the report's order (empty, unless set by hand)."""


@dataclass(frozen=True)
class Balance:
    players: tuple[int, ...]
    """The rows and columns of the matrices, in the order asked for."""
    partnered: tuple[tuple[int, ...], ...]
    """partnered[i][j]: the rounds players i and j were partners."""
    opposed: tuple[tuple[int, ...], ...]
    """opposed[i][j]: the rounds players i and j played against each other."""
    rows: tuple[PlayerBalance, ...]
    rounds: int

    def times_partnered(self, first: int, second: int) -> int:
        return self.partnered[self.players.index(first)][self.players.index(second)]

    def times_opposed(self, first: int, second: int) -> int:
        return self.opposed[self.players.index(first)][self.players.index(second)]

    @property
    def repeated_partnerships(self) -> int:
        """Pairs of players who have partnered more than once."""
        return _pairs_above(self.partnered, 1)

    @property
    def repeated_oppositions(self) -> int:
        """Pairs of players who have played against each other more than once."""
        return _pairs_above(self.opposed, 1)

    def opposed_counts(self) -> dict[int, int]:
        """How many pairs of players have opposed each other 0, 1, 2, ... times."""
        counts: Counter[int] = Counter()
        size = len(self.players)
        for i in range(size):
            for j in range(i + 1, size):
                counts[self.opposed[i][j]] += 1
        return dict(sorted(counts.items()))


def balance_of(history: IndividualHistory, players: Iterable[int] | None = None) -> Balance:
    """The balance report of `history`, its rows in the order of `players` (default: every
    player the history names, by id). A player in `players` who never played has zero rows."""
    played = played_in(history)
    named = {player for round_ in history for player in round_.players()}
    order = tuple(sorted(named) if players is None else players)
    partner_counts: Counter[frozenset[int]] = Counter(
        frozenset(pair) for round_ in history for pair in round_.partnerships()
    )
    partnered = _matrix(order, partner_counts)
    opposed = _matrix(order, played.opposed)
    seated: Counter[int] = Counter(
        player for round_ in history for table in round_.tables for player in table.players
    )
    rows = []
    for i, player in enumerate(order):
        rows.append(
            PlayerBalance(
                player=player,
                rounds_played=seated[player],
                byes=played.byes.get(player, 0),
                partners=sum(1 for count in partnered[i] if count),
                opponents=sum(1 for count in opposed[i] if count),
                most_opposed=max(opposed[i], default=0),
                repeated_partners=tuple(
                    other for j, other in enumerate(order) if partnered[i][j] > 1
                ),
            )
        )
    return Balance(order, partnered, opposed, tuple(rows), len(history))


def _matrix(
    order: tuple[int, ...], counts: Mapping[frozenset[int], int]
) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(0 if a == b else counts.get(frozenset((a, b)), 0) for b in order) for a in order
    )


def _pairs_above(matrix: tuple[tuple[int, ...], ...], limit: int) -> int:
    size = len(matrix)
    return sum(1 for i in range(size) for j in range(i + 1, size) if matrix[i][j] > limit)
