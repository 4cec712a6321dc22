"""What may be entered at a table, and what each side's opening needs: one answer for the table
page, the save and the backup check.

`entry_refusal` says why a table takes no deal at all (a bye, a round not started) or no new
one (all deals in, the match over, its round closed); `deal_number_refusal` why a given deal
number cannot be saved; `removal_refusal` why a deal cannot be removed; `closed_result_refusal`
why a correction cannot leave a closed round's table unfinished. `running_before` is each
side's running total before a deal, which the format turns into the score the opening minimum
reads (`opening_needed`); `running_score_matters` says whether a correction must check the
deals after it again.

`closed_by` is the first round after the table's that has started (None while there is none):
such a round is closed (`rules.progress`).
"""

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext as _

from scoring import opening_minimum
from tournaments.rules.formats import PlayFormat
from tournaments.rules.glossary import words_for
from tournaments.rules.progress import closed_text, finished_refusal
from tournaments.rules.states import RoundStatus
from tournaments.rules.table_results import TableResult

SEATING = RoundStatus.SEATING.value

__all__ = [
    "closed_entry_text",
    "closed_result_refusal",
    "deal_number_refusal",
    "entry_refusal",
    "finished_refusal",
    "opening_needed",
    "removal_refusal",
    "running_before",
    "running_score_matters",
    "table_closed",
]


def entry_refusal(
    *,
    is_bye: bool,
    round_number: int,
    round_status: str,
    play_format: PlayFormat,
    played: int,
    result: TableResult | None,
    finished: bool = False,
    closed_by: int | None = None,
    players: bool = False,
) -> str:
    """Why the table takes no new deal now ("" when it does). `result` is what its deals make
    of it so far (None when they make no match, which the caller reports); `players`: said
    to a pair on its phone, not to the organiser."""
    closed = table_closed(
        is_bye=is_bye, round_number=round_number, round_status=round_status, finished=finished
    )
    if closed or result is None:
        return closed
    if closed_by is not None:
        return closed_entry_text(round_number, closed_by)
    refusal = play_format.no_more_deals(played=played, result=result)
    if refusal and players:  # a pair's phone has no Edit button: the organiser corrects
        return _(
            "Your table is done: all its deals are entered. If a deal is wrong, ask the "
            "organiser to correct it."
        )
    return refusal


def closed_entry_text(round_number: int, closed_by: int) -> str:
    """What a closed round's table answers to a new deal or a removal."""
    return " ".join(
        [
            closed_text(round_number, closed_by),
            _("Its deals can still be corrected (Edit), but none added or removed."),
        ]
    )


def removal_refusal(
    *,
    is_bye: bool,
    round_number: int,
    round_status: str,
    finished: bool = False,
    closed_by: int | None = None,
) -> str:
    """Why no deal of the table can be removed now ("" when its last one can): a closed round's
    table keeps every deal, or it would be played again while a later round runs."""
    closed = table_closed(
        is_bye=is_bye, round_number=round_number, round_status=round_status, finished=finished
    )
    if closed:
        return closed
    if closed_by is not None:
        return closed_entry_text(round_number, closed_by)
    return ""


def closed_result_refusal(
    play_format: PlayFormat,
    *,
    round_number: int,
    table_number: int,
    closed_by: int | None,
    result: TableResult,
) -> str:
    """Why a correction cannot leave the table as `result` ("" when it can): a closed round's
    table stays done (in a match to a target: the match stays won), saying what is needed."""
    if closed_by is None or result.done:
        return ""
    words = words_for(play_format.rules.slug)
    needed = play_format.must_stay_done_text(
        table_number=table_number, result=result, ns=words["ns"], ew=words["ew"]
    )
    return f"{closed_text(round_number, closed_by)} {needed}"


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


def deal_number_refusal(
    play_format: PlayFormat,
    number: int,
    saved: Sequence[int],
    *,
    round_number: int = 0,
    closed_by: int | None = None,
) -> str:
    """Why deal `number` cannot be saved at a table holding deals `saved` ("" when it can):
    deals are numbered from 1, within the format's deals a round, and entered in order; a
    closed round's table takes corrections only."""
    problem = play_format.deal_number_problem(number)
    if problem:
        return problem
    if closed_by is not None and number not in saved:
        return closed_entry_text(round_number, closed_by)
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


def later_deals_wait(play_format: PlayFormat) -> bool:
    """Whether the pairs must wait for the organiser's decision on a disputed deal before
    writing the next ones: where a deal depends on the score before it (a match to a target
    may be over, an opening minimum may change). Elsewhere the next deals are written and
    accepted meanwhile, and saved in order once the disputed deal is decided."""
    return play_format.match_target() is not None or running_score_matters(play_format)


def later_deals_wait_text(number: int) -> str:
    """Why the next deal cannot be written while deal `number` is with the organiser."""
    return _(
        "Deal %(number)s is with the organiser. Here every deal depends on the score before it: "
        "write the next deal once the organiser has decided."
    ) % {"number": number}


def running_score_matters(play_format: PlayFormat) -> bool:
    """Whether a deal's validity depends on the running score before it: only where the
    variant has an opening minimum and the format keeps a running score that can pass its
    threshold (a match to a target). There a correction changes what every later deal's
    opening needs, and they are checked again."""
    opening = play_format.rules.opening
    return opening is not None and play_format.score_before(opening.above + 1) > opening.above
