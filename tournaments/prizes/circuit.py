"""A circuit's (or a club season's) ranking of players from their evenings' points: each
player's best N evenings count. Pure Python.

Players are keyed by `points.player_key`, so a player with a card number is one player across
the clubs of a circuit. Ranking: the total of the best N evenings, then the number of evenings
played (more first: a circuit rewards coming), then the best single evening; players equal on
all three share the rank (1, 2, 2, 4) and are listed by key.
"""

from collections import defaultdict
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from decimal import Decimal

from tournaments.prizes.ranking import RankingError


@dataclass(frozen=True, slots=True)
class EveningPoints:
    evening: Hashable
    """The evening's (the tournament's) id: one result per player per evening."""
    player: str
    points: Decimal


@dataclass(frozen=True, slots=True)
class CircuitRow:
    rank: int
    player: str
    total: Decimal
    """The best `best_n` evenings' points."""
    evenings_played: int
    best: Decimal
    counted: tuple[Hashable, ...]
    """The evenings that count, best first (an equal one: the one given first)."""


def circuit_ranking(results: Iterable[EveningPoints], best_n: int) -> list[CircuitRow]:
    if best_n < 1:
        raise RankingError(f"a circuit counts at least one evening, not {best_n}")
    by_player: dict[str, list[EveningPoints]] = defaultdict(list)
    seen: set[tuple[Hashable, str]] = set()
    for result in results:
        if (result.evening, result.player) in seen:
            raise RankingError(
                f"player {result.player} has two results for evening {result.evening!r}"
            )
        seen.add((result.evening, result.player))
        by_player[result.player].append(result)
    rows = []
    for player, evenings in by_player.items():
        best_first = sorted(evenings, key=lambda e: e.points, reverse=True)
        counted = best_first[:best_n]
        rows.append(
            CircuitRow(
                rank=0,
                player=player,
                total=sum((e.points for e in counted), Decimal(0)),
                evenings_played=len(evenings),
                best=best_first[0].points,
                counted=tuple(e.evening for e in counted),
            )
        )
    rows.sort(key=lambda row: (_standing(row), row.player))
    ranked: list[CircuitRow] = []
    for position, row in enumerate(rows, start=1):
        level = ranked and _standing(ranked[-1]) == _standing(row)
        rank = ranked[-1].rank if level else position
        ranked.append(
            CircuitRow(
                rank=rank,
                player=row.player,
                total=row.total,
                evenings_played=row.evenings_played,
                best=row.best,
                counted=row.counted,
            )
        )
    return ranked


def _standing(row: CircuitRow) -> tuple[Decimal, int, Decimal]:
    return (-row.total, -row.evenings_played, -row.best)
