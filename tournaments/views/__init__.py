"""Views of the club pages: short typed functions that read through selectors and write through
services. setup.py: tournaments, pairs, the audit list; rounds.py: seating and the round board;
entry.py: the table page where deals are entered."""

from tournaments.views.entry import deal_check, deal_remove, deal_save, table_entry
from tournaments.views.rounds import (
    round_board,
    round_prepare,
    round_reseat,
    round_start,
    round_swap,
)
from tournaments.views.setup import (
    dashboard,
    home,
    pair_remove,
    pairs_add,
    tournament_changes,
    tournament_create,
    tournament_detail,
    tournament_edit,
    tournament_finish,
)

__all__ = [
    "dashboard",
    "deal_check",
    "deal_remove",
    "deal_save",
    "home",
    "pair_remove",
    "pairs_add",
    "round_board",
    "round_prepare",
    "round_reseat",
    "round_start",
    "round_swap",
    "table_entry",
    "tournament_changes",
    "tournament_create",
    "tournament_detail",
    "tournament_edit",
    "tournament_finish",
]
