"""The arbiter's decisions (RULES.md, "Director's decisions"): which kinds there are, what each
needs, and whether one may be taken now. Pure Python over plain values: the service raises what
these functions say and the table page and the round board ask them before offering the form, so
the two never disagree.

- **Late arrival**: the late pair loses the late penalty (100 MP by default) in that round.
- **Walk-over**: the present pair scores the walk-over award (the scale's share, as the bye); the
  absent pair its own award (6 VP on FIBUR 3, 8 on FIBUR 4: the other side of that band), or its
  average so far when that is less. The table's MP are the award's and 0.
- **Abandonment**: the leaving pair scores 0 at its table and plays no later round; its opponents
  score the bye award, and so does every later opponent due to meet it (its seat becomes a bye).
- **Penalty**: MP or VP taken from one pair in one round; the opponents' score does not change.
- **Assigned result**: the arbiter gives the table's MP (the VP follow the scale); no deal counts.
- **Time-out**: a deal unfinished when time was called, scored as it stands without the closing
  bonus; the decision marks the deal, whose entry stays the usual one.
- **Cancel**: a decision no longer counts. A decision is never deleted; a later one on the same
  table's result replaces the earlier.

In an individual tournament (RULES.md "Individual tournaments") a decision on a pair falls on a
player, or on the partnership: the player and their partner at that table in that round, each of
the two then taking all of it (a late penalty of 100 MP is 100 MP off each), as each is
credited the partnership's full result. A decision setting the table's result falls on the
partnership in any case (both partners share the side's result).

MP and VP penalties change only the penalised pair's totals (the table's VP stay as played): our
reading of "the opponents' score does not change".
"""

from collections.abc import Sequence
from typing import Protocol

from django.utils.translation import gettext as _

from scoring import VpScale
from scoring.vp import bye_award
from tournaments.rules.entrant_texts import shape_text
from tournaments.rules.states import EW, NS, RoundStatus
from tournaments.rules.table_results import DONE, TableResult

LATE, WALKOVER, ABANDONMENT = "late", "walkover", "abandonment"
PENALTY, ASSIGNED, TIMEOUT, CANCEL = "penalty", "assigned", "timeout", "cancel"
KINDS = (LATE, WALKOVER, ABANDONMENT, PENALTY, ASSIGNED, TIMEOUT)
"""What the arbiter may decide at a table (CANCEL is taken on a decision, not a table)."""
RESULT_KINDS = frozenset({WALKOVER, ABANDONMENT, ASSIGNED})
"""Decisions that set the table's result: its deals no longer count while one stands."""
PAIR_KINDS = frozenset({LATE, WALKOVER, ABANDONMENT, PENALTY})
"""Decisions that fall on one pair of the table."""
REASON_LENGTH = 500
MAX_POINTS = 10_000
"""The most MP (or VP) a decision gives or takes."""


def decision_refusal(*, finished: bool, round_status: str, is_bye: bool) -> str:
    """Whether the arbiter may take a decision at this table now ("" when so): the tournament
    not finished, the round started, and two pairs at the table."""
    if finished:
        return _("The tournament is finished: reopen it to take a decision.")
    if round_status == RoundStatus.SEATING:
        return _("The round has not started: a decision is taken once it is played.")
    if is_bye:
        return _("A pair that sits out has no opponents: there is nothing to decide here.")
    return ""


def reason_refusal(reason: str) -> str:
    """Every decision carries its reason."""
    if not reason.strip():
        return _("Write the reason for the decision: it is shown with it to every player.")
    if len(reason) > REASON_LENGTH:
        return _("Keep the reason to %(most)s characters.") % {"most": REASON_LENGTH}
    return ""


def pair_refusal(
    kind: str, pair_number: int | None, seated: Sequence[int], *, individual: bool = False
) -> str:
    """A decision on a pair names one of the two pairs at the table (an individual table:
    one of its four players, alone or with their partner)."""
    if kind not in PAIR_KINDS:
        return ""
    if pair_number is None:
        return shape_text(individual, "decision_choose")
    if pair_number not in seated:
        choices = _(" or ").join(str(n) for n in seated)
        return shape_text(individual, "decision_not_at_table", pair=pair_number, pairs=choices)
    return ""


def partnership_refusal(*, individual: bool, partnership: bool) -> str:
    """Only an individual tournament has partnerships apart from its entrants."""
    if partnership and not individual:
        return _("A pairs tournament has no partnerships to choose: choose the pair.")
    return ""


def numbers_refusal(
    kind: str,
    *,
    mp: int | None,
    vp: int | None,
    ns_mp: int | None,
    ew_mp: int | None,
    deal_number: int | None,
    deals: int | None,
    by_matches: bool,
) -> str:
    """What a kind needs of the numbers typed: a penalty some MP or VP (VP only where pairs
    score VP), an assigned result both sides' MP, a time-out its deal."""
    if kind == PENALTY:
        if by_matches and vp:
            return _("A match-format evening has no VP: give the penalty in points.")
        if not (mp or vp):
            return _("Write the MP or the VP the penalty takes.")
        if any(v is not None and not 0 <= v <= MAX_POINTS for v in (mp, vp)):
            return _("A penalty is from 0 to %(most)s.") % {"most": MAX_POINTS}
    if kind == ASSIGNED:
        if ns_mp is None or ew_mp is None:
            return _("Write the MP assigned to both sides of the table.")
        if any(not -MAX_POINTS <= v <= MAX_POINTS for v in (ns_mp, ew_mp)):
            return _("An assigned result is from -%(most)s to %(most)s MP a side.") % {
                "most": MAX_POINTS
            }
        if by_matches and ns_mp == ew_mp:
            return _("A match has a winner: assign more points to one side.")
    if kind == TIMEOUT and (
        deal_number is None or deal_number < 1 or (deals is not None and deal_number > deals)
    ):
        return _("Write the number of the deal unfinished when time was called.")
    return ""


def abandonment_refusal(
    *, pair_number: int, withdrawn_from: int | None, later_started: bool, individual: bool = False
) -> str:
    """A pair leaves once, and while its round is the last one started (the rounds it will not
    play are those seated after)."""
    if withdrawn_from is not None:
        return shape_text(individual, "withdrawn_already", pair=pair_number, round=withdrawn_from)
    if later_started:
        return shape_text(individual, "abandon_later_round")
    return ""


def cancel_refusal(*, kind: str, superseded: bool) -> str:
    """A decision is cancelled once; a cancellation stands."""
    if kind == CANCEL:
        return _("A cancellation cannot itself be cancelled: take the decision again.")
    if superseded:
        return _("This decision was already cancelled or replaced.")
    return ""


def closed_cancel_refusal(*, table_number: int, closed_by: int | None, deals_done: bool) -> str:
    """A result decision on a table of a closed round (a later round has started) is cancelled
    only if its deals leave the table done: a closed round's tables stay done."""
    if closed_by is None or deals_done:
        return ""
    return _(
        "Round %(later)s has started, so table %(table)s must keep a result, and its deals "
        "do not make one: take another decision on its result instead."
    ) % {"later": closed_by, "table": table_number}


def decided_table_text(table_number: int, kind_name: str, *, organiser: bool = True) -> str:
    """Why a table whose result the arbiter set takes no deal; the players, who cannot cancel
    a decision, are told whom to ask."""
    values = {"table": table_number, "kind": kind_name}
    if not organiser:
        return (
            _(
                "The result of table %(table)s was set by the arbiter's decision (%(kind)s): no "
                "deal is entered. Ask the organiser if it is wrong."
            )
            % values
        )
    return (
        _(
            "The result of table %(table)s was set by a decision (%(kind)s): cancel it to enter "
            "deals again."
        )
        % values
    )


def absent_award(default_vp: int, earlier_vp: Sequence[int]) -> int:
    """The absent pair's VP at a walk-over: the award, or its average so far (rounded down)
    when that is less ("a meno che … vantaggioso")."""
    if not earlier_vp:
        return default_vp
    return min(default_vp, sum(earlier_vp) // len(earlier_vp))


class Numbers(Protocol):
    """What the decisions read of a tournament's settings (a Tournament row)."""

    walkover_vp: int | None
    """None: the same share of the scale as the bye (`scoring.vp.bye_award`)."""
    walkover_mp: int | None
    walkover_absent_vp: int | None
    """None: the other side of the walk-over's band (FIBUR 3: 6 VP, FIBUR 4: 8 VP)."""

    @property
    def scale(self) -> VpScale: ...


def walkover_award(settings: Numbers) -> tuple[int, int, int]:
    """A walk-over's (VP, MP) of the present pair and VP of the absent one by the settings:
    left empty, the codes' share of the scale (as the bye's) and the other side of that band."""
    scale_vp, scale_mp = bye_award(settings.scale)
    vp = scale_vp if settings.walkover_vp is None else settings.walkover_vp
    mp = scale_mp if settings.walkover_mp is None else settings.walkover_mp
    absent = settings.walkover_absent_vp
    if absent is None:
        absent = settings.scale.vp(mp, 0)[1]
    return vp, mp, absent


def decided_result(
    ns_mp: int, ew_mp: int, ns_vp: int | None, ew_vp: int | None, *, by_matches: bool
) -> TableResult:
    """A table whose result a decision sets: done, with the decision's numbers (in a match to a
    target, the winner is the side given more points, and there are no VP)."""
    if by_matches:
        return TableResult(DONE, ns_mp, ew_mp, None, None, NS if ns_mp > ew_mp else EW)
    return TableResult(DONE, ns_mp, ew_mp, ns_vp, ew_vp, "")
