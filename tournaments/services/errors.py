"""The errors services raise: what the organiser asked for that cannot be done, in the words of
the game. Nothing is saved when one is raised."""

from collections.abc import Sequence

from django.utils.translation import gettext as _

from scoring.problems import Problem
from tournaments.models import Table


class ServiceError(Exception):
    """Something the organiser asked for that cannot be done, said in the words of the game.
    When the engine said why (a deal after the match was won), `problems` has its problems as
    data, for a page to word and place them its own way."""

    def __init__(self, *messages: str, problems: Sequence[Problem] = ()) -> None:
        self.messages = messages
        self.problems = tuple(problems)
        super().__init__(" ".join(messages))


class StaleTable(ServiceError):
    """The table changed since the form was opened: the second saver sees what changed."""

    def __init__(self, table: Table, changes: list[str]) -> None:
        self.table = table
        self.changes = changes
        super().__init__(
            _(
                "Table %(number)s was changed by someone else while you were typing, so your "
                "entry was not saved. %(changes)s Check the deal and save it again."
            )
            % {"number": table.number, "changes": " ".join(changes)}
        )
