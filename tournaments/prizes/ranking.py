"""A ranking as the prize and points engines read it: plain data the caller builds from the
standings, a girone's or a phase's ranking, or its own rule (a special prize).

Entrants come in the standings' order, tie-breaks applied: the caller's order is the order the
tie-breaks gave (or a draw's order, for a tie nothing separated), and it is what "broken by the
tie-breaks" and Hort's places follow. Each entrant carries its rank, and tied entrants share
one (1, 2, 2, 4: a tie covers the places from its first position to its last). A rank says only
who is tied with whom; an entrant's place is its position in the list, so that when an entrant
leaves a group (it took a better prize elsewhere) the ones behind it move up.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import groupby

EntrantId = int | str
"""A pair's (or a player's, in an individual tournament) id: whatever the caller keys them by."""


class RankingError(ValueError):
    """A ranking the caller built wrongly: a programming error, not an organiser's."""


@dataclass(frozen=True, slots=True)
class Placed:
    """One entrant in a ranking, with the numbers the ranking used (VP, MP… in the caller's
    order: the pages show them beside the prize) and its players (for points)."""

    entrant: EntrantId
    rank: int
    numbers: tuple[int, ...] = ()
    players: tuple[str, ...] = ()
    """Player keys (`points.player_key`): a card number when the player has one."""


@dataclass(frozen=True, slots=True)
class Tie:
    """Entrants that share a rank, at consecutive places `first`..`last` (1-based)."""

    first: int
    entrants: tuple[Placed, ...]

    @property
    def last(self) -> int:
        return self.first + len(self.entrants) - 1

    @property
    def shared(self) -> bool:
        return len(self.entrants) > 1

    def places(self) -> range:
        return range(self.first, self.last + 1)


def checked(entries: Iterable[Placed]) -> tuple[Placed, ...]:
    """The ranking as given, after checking what the engines rely on: each entrant once, ranks
    from 1 that never go down."""
    ranking = tuple(entries)
    seen: set[EntrantId] = set()
    previous = 1
    for placed in ranking:
        if placed.entrant in seen:
            raise RankingError(f"entrant {placed.entrant!r} is ranked twice")
        seen.add(placed.entrant)
        if placed.rank < previous:
            raise RankingError(
                f"entrant {placed.entrant!r} has rank {placed.rank} after rank {previous}"
            )
        previous = placed.rank
    return ranking


def ties_of(ranking: Sequence[Placed]) -> list[Tie]:
    """The ranking cut into its ties (a tie of one for an entrant nobody is level with)."""
    ties = []
    position = 1
    for _rank, group in groupby(ranking, key=lambda placed: placed.rank):
        entrants = tuple(group)
        ties.append(Tie(first=position, entrants=entrants))
        position += len(entrants)
    return ties


def reversed_ranking(ranking: Sequence[Placed]) -> tuple[Placed, ...]:
    """The ranking read from the bottom (a last-place prize): the last by the tie-breaks comes
    first, and a tie stays a tie (its rank counted from the bottom)."""
    bottom: list[Placed] = []
    for tie in reversed(ties_of(ranking)):
        rank = len(bottom) + 1
        bottom.extend(
            Placed(entrant=p.entrant, rank=rank, numbers=p.numbers, players=p.players)
            for p in reversed(tie.entrants)
        )
    return tuple(bottom)


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st: the English data form of a place."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    if 10 <= place % 100 <= 20:
        suffix = "th"
    return f"{place}{suffix}"


def places_text(first: int, last: int) -> str:
    """ "2nd" or "2nd-3rd"."""
    return ordinal(first) if first == last else f"{ordinal(first)}-{ordinal(last)}"
