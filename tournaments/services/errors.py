"""The errors services raise: what the organiser asked for that cannot be done, in the words of
the game. Nothing is saved when one is raised."""

from tournaments.models import Table


class ServiceError(Exception):
    """Something the organiser asked for that cannot be done, said in the words of the game."""

    def __init__(self, *messages: str) -> None:
        self.messages = messages
        super().__init__(" ".join(messages))


class StaleTable(ServiceError):
    """The table changed since the form was opened: the second saver sees what changed."""

    def __init__(self, table: Table, changes: list[str]) -> None:
        self.table = table
        self.changes = changes
        super().__init__(
            f"Table {table.number} was changed by someone else while you were typing, so your "
            "entry was not saved. " + " ".join(changes) + " Check the deal and save it again."
        )
