"""User errors of the scoring engine: what a club organiser typed that cannot be scored.

They carry one `Problem` per thing wrong (where, a stable code, its parameters; see
`scoring.problems`) and `messages`, the same in English. Anything else raised from `scoring` is
a bug, never a user error.
"""

from collections.abc import Iterable

from scoring.problems import Problem, render


class ScoringError(Exception):
    """A problem with what was entered, described in the words of the game."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems) or (Problem("deal.unscorable"),)
        self.messages: tuple[str, ...] = tuple(render(problem) for problem in self.problems)
        super().__init__("\n".join(self.messages))


class InvalidDeal(ScoringError):
    """A deal (smazzata) that breaks the rules of its variant, or is not in the contract's shape."""


class InvalidMatch(ScoringError):
    """A sequence of deals that cannot make a match (a deal after the match was won, …)."""
