"""What may be entered at a table, and what each side's opening needs: one answer for the table
page, the save and the backup check.

`entry_refusal` says why a table takes no deal at all (a bye, a round not started) or no new
one (all deals in, the match over); `deal_number_refusal` why a given deal number cannot be
saved; `running_before` is each side's running total before a deal, which the format turns
into the score the opening minimum reads (`opening_needed`).
"""

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext as _

from scoring import opening_minimum
from tournaments.rules.formats import PlayFormat, TableResult

SEATING = "seating"
"""The round status of a seated round that has not started (Round.Status.SEATING)."""


def finished_refusal() -> str:
    """What a finished tournament answers to any change of its results or seating."""
    return _(
        "The tournament is finished: its results are final. Reopen it (on the tournament's "
        "page, with a reason) to change them."
    )


def entry_refusal(
    *,
    is_bye: bool,
    round_number: int,
    round_status: str,
    play_format: PlayFormat,
    played: int,
    result: TableResult | None,
    finished: bool = False,
) -> str:
    """Why the table takes no new deal now ("" when it does). `result` is what its deals make
    of it so far (None when they make no match, which the caller reports)."""
    closed = table_closed(
        is_bye=is_bye, round_number=round_number, round_status=round_status, finished=finished
    )
    if closed or result is None:
        return closed
    return play_format.no_more_deals(played=played, result=result)


def table_closed(
    *, is_bye: bool, round_number: int, round_status: str, finished: bool = False
) -> str:
    """Why nothing at all can be entered at the table ("" when it can); in a finished
    tournament nothing can be entered, corrected or removed."""
    if finished:
        return finished_refusal()
    if is_bye:
        return _("This pair sits out this round (a bye): there is nothing to enter.")
    if round_status == SEATING:
        return _("Round %(number)s has not started yet.") % {"number": round_number}
    return ""


def deal_number_refusal(play_format: PlayFormat, number: int, saved: Sequence[int]) -> str:
    """Why deal `number` cannot be saved at a table holding deals `saved` ("" when it can):
    deals are numbered from 1, within the format's deals a round, and entered in order."""
    problem = play_format.deal_number_problem(number)
    if problem:
        return problem
    if number not in saved and number != len(saved) + 1:
        return _("Enter deal %(number)s first.") % {"number": len(saved) + 1}
    return ""


def running_before(deal_totals: Mapping[int, tuple[int, int]], number: int) -> tuple[int, int]:
    """Each side's (N-S, E-W) running total from the deals before deal `number`."""
    before = [totals for n, totals in deal_totals.items() if n < number]
    return sum(t[0] for t in before), sum(t[1] for t in before)


def opening_needed(play_format: PlayFormat, running: int) -> int:
    """The points a side's first exposure needs in the next deal (0: no minimum)."""
    return opening_minimum(play_format.rules, play_format.score_before(running))
