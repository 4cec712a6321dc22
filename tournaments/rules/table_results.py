"""What a table's deals make of it, as both formats (`rules.formats`) give it: the numbers a
Table row stores and the table's state."""

from dataclasses import dataclass

from scoring import MatchState
from tournaments.rules.states import TableStatus

NOT_STARTED, IN_PROGRESS = TableStatus.NOT_STARTED.value, TableStatus.IN_PROGRESS.value
DONE = TableStatus.DONE.value


@dataclass(frozen=True, slots=True)
class TableResult:
    """What a table's deals make of it: the totals, VP or the match's winner, and its state.
    These are the numbers a Table row stores."""

    status: str
    ns_mp: int
    ew_mp: int
    ns_vp: int | None
    ew_vp: int | None
    winner: str
    """Target format: "ns" or "ew" once the match is won, else ""."""
    match: MatchState | None = None
    """Target format: the match as the engine sees it (next openings, totals)."""

    @property
    def done(self) -> bool:
        return self.status == DONE
