"""Matches played to a target (2000 in Spanish Buraco, 3000 in Brazilian, 2005 in Italy).

Deals are added until a side's running total reaches the target; if several reach it in the
same deal the higher total wins, and an exact tie plays another deal. `match_state` also says
what opening each side needs in its next deal (Spanish Buraco: 75 points or a canasta once the
side's running score is above 1000).
"""

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.errors import InvalidMatch
from scoring.problems import Problem
from scoring.rules import RuleSet


@dataclass(frozen=True, slots=True)
class MatchState:
    target: int
    totals: tuple[int, ...]
    """Each side's running total after the deals given."""
    deals_played: int
    winner: int | None
    """The index (from 0) of the side that won, or None while the match goes on."""
    next_opening: tuple[int, ...]
    """The opening minimum each side needs in its next deal (0: none)."""

    @property
    def finished(self) -> bool:
        return self.winner is not None


def opening_minimum(rules: RuleSet, score_before: int) -> int:
    """The card points the first exposure of a deal needs, given the side's running score."""
    if rules.opening is None or score_before <= rules.opening.above:
        return 0
    return rules.opening.points


def match_state(
    rules: RuleSet,
    deal_totals: Sequence[Sequence[int]],
    *,
    target: int | None = None,
    sides: int = 2,
) -> MatchState:
    """Where a match stands after the deals played, each given as its sides' totals."""
    target = rules.match_target if target is None else target
    if target <= 0:
        raise InvalidMatch([Problem("match.target", params={"target": target})])
    totals = [0] * sides
    winner: int | None = None
    for number, deal in enumerate(deal_totals, 1):
        if len(deal) != sides:
            params = {"deal": number, "scores": len(deal), "sides": sides}
            raise InvalidMatch([Problem("match.scores", params=params)])
        if winner is not None:
            params = {
                "winner": winner + 1,
                "after": number - 1,
                "total": totals[winner],
                "target": target,
                "deal": number,
            }
            raise InvalidMatch([Problem("match.already_won", params=params)])
        totals = [total + score for total, score in zip(totals, deal, strict=True)]
        best = max(totals)
        if best >= target and totals.count(best) == 1:
            winner = totals.index(best)
    return MatchState(
        target=target,
        totals=tuple(totals),
        deals_played=len(deal_totals),
        winner=winner,
        next_opening=tuple(opening_minimum(rules, total) for total in totals),
    )
