"""May this happen now? The tournament's life, as rules over plain values: each refusal is one
function that the service raises and the page asks before it offers the button, so the two can
never disagree.

- **Finished means final**: nothing of a finished tournament's results, seating or pairs
  changes (a name correction aside) until it is reopened (`finished_refusal`).
- **Seating the next round** needs every round so far done, and a round still to play
  (`seat_refusal`); **starting** a seated round needs every earlier round done
  (`start_refusal`); **finishing** needs every round done (`finish_refusal`).
- **A closed round stays closed**: once a later round has started, an earlier round is
  closed (`closed_by` is the first later round that has started). Its tables can be
  corrected, but they never take a new deal, never lose one, and never go back to being
  played; its links stay closed (`rules.entry`, `rules.links`).
"""

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.rules.states import RoundStatus

SEATING, DONE = RoundStatus.SEATING.value, RoundStatus.DONE.value


@dataclass(frozen=True, slots=True)
class RoundState:
    """A round as these rules read it: its number and status (`states.RoundStatus`)."""

    number: int
    status: str


def finished_refusal() -> str:
    """What a finished tournament answers to any change of its results, seating or pairs."""
    return _(
        "The tournament is finished: its results are final. Reopen it (on the tournament's "
        "page, with a reason) to change them."
    )


def numbers_text(numbers: Sequence[int]) -> str:
    """Numbers as a list in words: "4", "2 and 5", "1, 3 and 6"."""
    if len(numbers) == 1:
        return str(numbers[0])
    return _("%(some)s and %(last)s") % {
        "some": ", ".join(str(n) for n in numbers[:-1]),
        "last": numbers[-1],
    }


def unfinished_text(number: int, waiting: Sequence[int]) -> str:
    """Round `number` is still played at the tables `waiting`."""
    if not waiting:
        return _("Round %(number)s is not finished yet.") % {"number": number}
    return ngettext(
        "Round %(number)s is not finished: table %(tables)s still needs a result.",
        "Round %(number)s is not finished: tables %(tables)s still need a result.",
        len(waiting),
    ) % {"number": number, "tables": numbers_text(waiting)}


def seat_refusal(
    *, finished: bool, last: RoundState | None, planned: int, waiting: Sequence[int] = ()
) -> str:
    """Why the next round cannot be seated ("" when it can). `last` is the latest round (None
    before round 1), `planned` the tournament's number of rounds and `waiting` the tables of
    the latest round still without a result."""
    if finished:
        return finished_refusal()
    if last is not None and last.status == SEATING:
        return _("Round %(number)s is seated but not started yet.") % {"number": last.number}
    if last is not None and last.status != DONE:
        return unfinished_text(last.number, waiting)
    if (last.number if last else 0) >= planned:
        return _(
            "This tournament has %(rounds)s rounds. Raise the number of rounds to add another."
        ) % {"rounds": planned}
    return ""


def start_refusal(
    *,
    finished: bool,
    round: RoundState,
    unfinished: RoundState | None = None,
    waiting: Sequence[int] = (),
) -> str:
    """Why a round cannot start ("" when it can). `unfinished` is the first earlier round not
    done (with its `waiting` tables), if any: a round starts only once every earlier one is
    done, so that no earlier table is still played while a later round runs."""
    if finished:
        return finished_refusal()
    if round.status != SEATING:
        return _("Round %(number)s has already started.") % {"number": round.number}
    if unfinished is not None:
        return unfinished_text(unfinished.number, waiting)
    return ""


def finish_refusal(*, finished: bool, rounds: Sequence[RoundState]) -> str:
    """Why the tournament cannot be finished ("" when it can): every round must be done."""
    if finished:
        return _("The tournament is finished already.")
    unfinished = next((r for r in rounds if r.status != DONE), None)
    if unfinished is not None:
        return unfinished_text(unfinished.number, ())
    if not rounds:
        return _("No round has been played yet.")
    return ""


def finish_question(*, played: int, planned: int) -> str:
    """What the organiser confirms to finish the tournament after `played` of its `planned`
    rounds: finishing early is allowed (an evening cut short), but the question says how many
    rounds would never be played."""
    if played >= planned:
        return _("Finish the tournament? The standings become final.")
    unplayed = planned - played
    return ngettext(
        "Finish the tournament now? %(unplayed)s of %(planned)s rounds is unplayed: it will "
        "never be played, and the standings become final as they are after round %(played)s.",
        "Finish the tournament now? %(unplayed)s of %(planned)s rounds are unplayed: they will "
        "never be played, and the standings become final as they are after round %(played)s.",
        unplayed,
    ) % {"unplayed": unplayed, "planned": planned, "played": played}


def closed_text(round_number: int, closed_by: int) -> str:
    """Round `round_number` is closed since round `closed_by` started."""
    return _("Round %(number)s is closed: round %(later)s has started.") % {
        "number": round_number,
        "later": closed_by,
    }


def pairs_entry_refusal(*, finished: bool, rounds: Sequence[RoundState], planned: int) -> str:
    """Why no pair can be entered now ("" when it can): before round 1 is seated a pair plays
    the whole evening; until round 2 is seated it is a late pair (joining round 1 while it is
    only seated, else playing from round 2, so there must be a round 2)."""
    if finished:
        return finished_refusal()
    if len(rounds) > 1:
        return _("Round 2 is seated: a late pair can only join before round 2 is seated.")
    if rounds and rounds[0].status != SEATING and planned < 2:
        return _("Round 1 has started and it is the only round: a late pair would play nothing.")
    return ""
