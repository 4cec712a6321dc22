"""User errors of the scoring engine: what a club organiser typed that cannot be scored.

They carry one message per problem and are meant to be shown as they are. Anything else raised
from `scoring` is a bug, never a user error.
"""

from collections.abc import Iterable


class ScoringError(Exception):
    """A problem with what was entered, described in the words of the game."""

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems: tuple[str, ...] = tuple(problems) or ("this cannot be scored",)
        self.messages = self.problems
        super().__init__("\n".join(self.problems))


class InvalidDeal(ScoringError):
    """A deal (smazzata) that breaks the rules of its variant, or is not in the contract's shape."""


class InvalidMatch(ScoringError):
    """A sequence of deals that cannot make a match (a deal after the match was won, …)."""
