"""The round board when the players enter the results: each table's state, its entrants'
own pages (for the organiser only), whether its entry can switch between the organiser and
the players, and the deals the players disagree on (`rounds.round_board` asks here)."""

from typing import Any

from tournaments.models import Round, Table
from tournaments.rules import limits
from tournaments.rules.entrant_texts import entrant_text
from tournaments.rules.shapes import POSITIONS
from tournaments.selectors import players, progress


def follow_players(round_: Round, tables: list[Table], context: dict[str, Any]) -> None:
    """When the players enter the results: each table's state (entering, waiting for the
    opponents, disputed …), its two pairs' links (for the organiser only), whether its entry
    can be switched between the organiser and the links, why the organiser enters it if the
    players could not, and the deals the pairs disagree on."""
    states = players.table_states(round_, tables)
    labels = dict(players.TableState.choices)
    closed_by = progress.closed_by(round_)
    for table in tables:
        table.round = round_  # read once: the rules below read its round and tournament
        table.entry_state = states[table.pk]  # type: ignore[attr-defined]
        table.entry_state_label = labels[states[table.pk]]  # type: ignore[attr-defined]
        seats = list(table.seats.all())
        table.links = {seat.direction: seat.pair.token for seat in seats}  # type: ignore[attr-defined]
        # an individual table: each of its four players' own page, North, South, East, West
        placed = [seat for seat in seats if seat.position]
        table.seat_links = [  # type: ignore[attr-defined]
            (seat.get_position_display(), seat.pair.token)
            for seat in sorted(placed, key=lambda seat: POSITIONS.index(seat.position))
        ]
        table.switch_refusal = players.switch_refusal(table, closed_by)  # type: ignore[attr-defined]
        table.handed_over_why = _handed_over_why(table)  # type: ignore[attr-defined]
    context["players_enter"] = True
    context["disputes"] = players.disputes_of(round_)
    context["state_counts"] = {
        state: sum(1 for t in tables if not t.is_bye and states[t.pk] == state)
        for state in players.TableState.values
    }


def _handed_over_why(table: Table) -> str:
    """Why the organiser enters a table the players could have entered ("" when it is the
    organiser's own choice, or the players enter it)."""
    if not table.organiser_enters or table.wrong_codes < limits.WRONG_PAIR_CODES_PER_ROUND:
        return ""
    tournament = table.round.tournament
    return entrant_text(tournament, "wrong_codes_board", count=table.wrong_codes)
