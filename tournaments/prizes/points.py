"""Points for a club's or a circuit's ranking: a scheme gives each place of an evening its
points, and every player of an entrant is credited with the entrant's points. Pure Python.

Presets (`SchemeKind`):
- `pairs_minus_5`: the winner gets as many points as there are entrants (pairs), each place
  after it 5 fewer, while that stays above nothing (as the Italian bridge federation's club
  Grand Prix does): 12 pairs give 12, 7, 2, then 0.
- `double_minus_2`: the winner gets twice the entrants, each place after it 2 fewer (12 pairs:
  24, 22, 20 … 2).
- `table`: points by place from a table (places past its end get 0).
Each place's points are multiplied by the scheme's category coefficient (1 by default; a
stronger category may count 1.5).

Ties: tied entrants share the points of the places they cover, on average (pairs tied 2nd-3rd
with 7 and 2 get 4.5 each). Points are exact decimals until then and rounded once, half up, to
hundredths (`PRECISION`): 11 / 3 gives 3.67. An entrant that scores 0 is still credited (a row
with 0 points): it played the evening, and a circuit counts the evenings played.

Each player of the entrant gets the entrant's points in full (not half each), as in the bridge
Grand Prix. Players are keyed by `player_key`: the federation's card number when they have one,
so the same person is one player across clubs, else the club's own player id.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from enum import StrEnum
from typing import Any

from tournaments.prizes.ranking import EntrantId, Placed, RankingError, checked, ties_of

PRECISION = Decimal("0.01")


class SchemeKind(StrEnum):
    PAIRS_MINUS_5 = "pairs_minus_5"
    DOUBLE_MINUS_2 = "double_minus_2"
    TABLE = "table"


class SchemeError(ValueError):
    """A points scheme that cannot give points (a stored one, or the caller's)."""


@dataclass(frozen=True, slots=True)
class PointsScheme:
    kind: SchemeKind
    coefficient: Decimal = Decimal(1)
    table: tuple[Decimal, ...] = ()
    """`table` schemes: the points of 1st, 2nd…"""

    def __post_init__(self) -> None:
        if self.coefficient <= 0:
            raise SchemeError(f"the category coefficient must be above 0, not {self.coefficient}")
        if self.kind == SchemeKind.TABLE and not self.table:
            raise SchemeError("a table of points needs the points of 1st place at least")
        if any(points < 0 for points in self.table):
            raise SchemeError("a table of points cannot take points away")

    def place_points(self, place: int, entrants: int) -> Decimal:
        """The points of `place` (1-based) among `entrants`, times the coefficient, exact."""
        if self.kind == SchemeKind.PAIRS_MINUS_5:
            base = Decimal(max(0, entrants - 5 * (place - 1)))
        elif self.kind == SchemeKind.DOUBLE_MINUS_2:
            base = Decimal(max(0, 2 * entrants - 2 * (place - 1)))
        else:
            base = self.table[place - 1] if place <= len(self.table) else Decimal(0)
        return base * self.coefficient

    def data(self) -> dict[str, Any]:
        """JSON-ready, decimals as strings (nothing lost to floats)."""
        return {
            "kind": self.kind.value,
            "coefficient": str(self.coefficient),
            "table": [str(points) for points in self.table],
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> "PointsScheme":
        try:
            return cls(
                kind=SchemeKind(data["kind"]),
                coefficient=Decimal(str(data.get("coefficient", "1"))),
                table=tuple(Decimal(str(points)) for points in data.get("table", ())),
            )
        except (KeyError, TypeError, ValueError, InvalidOperation) as error:
            raise SchemeError(f"the points scheme is not readable: {error!r}") from error


def preset(kind: SchemeKind | str, coefficient: Decimal | str | int = 1) -> PointsScheme:
    """A preset scheme (not a table) with its category coefficient."""
    return PointsScheme(kind=SchemeKind(kind), coefficient=Decimal(str(coefficient)))


def player_key(card_number: str | None, player_id: int) -> str:
    """The key a player is known by across clubs: "card:<number>" (spaces dropped, upper
    case: "it 0123" and "IT0123" are one card) or, without a card, "player:<id>"."""
    card = "".join((card_number or "").split()).upper()
    return f"card:{card}" if card else f"player:{player_id}"


@dataclass(frozen=True, slots=True)
class PlayerPoints:
    player: str
    entrant: EntrantId
    place: int
    """The entrant's place (its position in the ranking: the tie-breaks' order in a tie)."""
    points: Decimal
    tied: tuple[int, int] | None = None
    """The places the tie covered (2, 3), if the entrant was tied."""


def rounded(points: Decimal) -> Decimal:
    return points.quantize(PRECISION, rounding=ROUND_HALF_UP)


def points_for(
    scheme: PointsScheme, ranking: Sequence[Placed], *, entrants: int | None = None
) -> list[PlayerPoints]:
    """Every player's points for one evening's ranking. `entrants` is the number the presets
    count (the pairs that played; by default the ranking's length)."""
    ranking = checked(ranking)
    count = len(ranking) if entrants is None else entrants
    credited: list[PlayerPoints] = []
    for tie in ties_of(ranking):
        places = tie.places()
        total = sum((scheme.place_points(p, count) for p in places), Decimal(0))
        share = rounded(total / len(places))
        for place, placed in zip(places, tie.entrants, strict=True):
            if not placed.players:
                raise RankingError(f"entrant {placed.entrant!r} has no players to credit")
            credited.extend(
                PlayerPoints(
                    player=player,
                    entrant=placed.entrant,
                    place=place,
                    points=share,
                    tied=(tie.first, tie.last) if tie.shared else None,
                )
                for player in placed.players
            )
    return credited
