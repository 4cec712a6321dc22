"""Scoring a deal at its table, saving nothing: the engine's result and the table's result with
it (`score_at_table`, which the save, the live check, the players' phones and the backup's check
all call), and what a change of a deal must keep true beyond the deal itself: every later deal
of the match still valid at its new running score (`check_later_deals`), and a closed round's
table still done (`check_closed_result`)."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import DealResult, InvalidDeal, InvalidMatch, deal_from_json, score_deal
from scoring.problems import Problem
from tournaments.models import DealSide, Table
from tournaments.rules.entry import closed_result_refusal, running_before, running_score_matters
from tournaments.rules.formats import PlayFormat
from tournaments.rules.glossary import words_for
from tournaments.rules.problem_text import problem_text
from tournaments.rules.sheet import written_total_refusal
from tournaments.rules.table_results import TableResult
from tournaments.selectors import results
from tournaments.selectors.progress import closed_by_of
from tournaments.services.errors import ServiceError


@dataclass(frozen=True)
class DealPreview:
    """What a deal is worth and where it leaves the table, before (or as) it is saved."""

    result: DealResult
    sides: list[dict[str, Any]]
    """The two sides as the engine received them (with `score_before` where it matters)."""
    table: TableResult
    """The table once this deal is in: totals, VP (provisional until done) or the winner."""

    @property
    def mp(self) -> tuple[int, int]:
        return self.table.ns_mp, self.table.ew_mp

    @property
    def vp(self) -> tuple[int, int] | None:
        if self.table.ns_vp is None or self.table.ew_vp is None:
            return None
        return self.table.ns_vp, self.table.ew_vp

    @property
    def winner(self) -> str:
        return self.table.winner


def deal_preview(
    *,
    table: Table,
    number: int,
    sides: Sequence[dict[str, Any]],
    written: Mapping[str, int] | None = None,
) -> DealPreview:
    """Score a deal as deal_record would, saving nothing: the page's live check uses it. Raises
    InvalidDeal or ServiceError as the save would (a later deal it would leave short of its
    opening, a closed round's match it would leave unfinished, a total on the sheet
    (`written`) it does not make)."""
    play_format = table.round.tournament.play_format
    stored: list[DealSide] = []
    if running_score_matters(play_format):  # the later deals' entries are read with the totals
        stored = stored_sides(table)
        totals = results.totals_by_deal((s.deal.number, s.direction, s.total) for s in stored)
    else:
        totals = results.deal_totals(table)
    preview = score_at_table(play_format, number, sides, totals)
    check_written_totals(play_format, preview, written)
    check_later_deals(play_format, number, preview, stored)
    check_closed_result(table, preview, closed_by_of(table))
    return preview


def check_written_totals(
    play_format: PlayFormat, preview: DealPreview, written: Mapping[str, int] | None
) -> None:
    """Refuse a deal whose totals disagree with those written on the paper sheet, when the
    organiser typed them (`rules.sheet.written_total_refusal`)."""
    if not written:
        return
    words = words_for(play_format.rules.slug)
    refusals = [
        written_total_refusal(words[key], written.get(key), side.total)
        for key, side in zip(("ns", "ew"), preview.result.sides, strict=True)
    ]
    if any(refusals):
        raise ServiceError(*[refusal for refusal in refusals if refusal])


def score_at_table(
    play_format: PlayFormat,
    number: int,
    sides: Sequence[Mapping[str, Any]],
    deal_totals: Mapping[int, tuple[int, int]],
) -> DealPreview:
    """Score deal `number` of a table whose saved deals total `deal_totals`: the engine's
    result and the table's result with it. The save, the live check and the backup's check of
    a file all score a deal here. Raises InvalidDeal or ServiceError."""
    rules = play_format.rules
    if len(sides) != 2:
        raise ServiceError(_("A deal at a table has two sides: North-South and East-West."))
    running = running_before(deal_totals, number)
    data_sides = []
    for index, side in enumerate(sides):
        side = {key: value for key, value in side.items() if key != "score_before"}
        if rules.opening is not None:
            side["score_before"] = play_format.score_before(running[index])
        data_sides.append(side)
    result = score_deal(deal_from_json({"variant": rules.slug, "sides": data_sides}, rules))
    totals = dict(deal_totals) | {number: (result.sides[0].total, result.sides[1].total)}
    try:
        after = play_format.table_result([totals[n] for n in sorted(totals)])
    except InvalidMatch as error:
        raise ServiceError(*error.messages, problems=error.problems) from None
    return DealPreview(result, data_sides, after)


def stored_sides(table: Table) -> list[DealSide]:
    """Every saved side of the table with its deal: one query (a table has a few deals)."""
    return list(DealSide.objects.filter(deal__table=table).select_related("deal"))


def check_later_deals(
    play_format: PlayFormat, number: int, preview: DealPreview, stored: Sequence[DealSide]
) -> None:
    """A correction of deal `number` changes the running score before every later deal of the
    table: where the opening minimum reads it, each later deal is scored again from its stored
    entry at its new running score, and the correction is refused, naming the first later
    deal that would then break the rules."""
    if not running_score_matters(play_format):
        return
    entries = {side.deal.number: side.deal.entry for side in stored}
    later = sorted(n for n in entries if n > number)
    if not later:
        return
    totals = dict(results.totals_by_deal((s.deal.number, s.direction, s.total) for s in stored))
    totals[number] = (preview.result.sides[0].total, preview.result.sides[1].total)
    variant = play_format.rules.slug
    for after in later:
        before = {n: t for n, t in totals.items() if n < after}
        try:
            score_at_table(play_format, after, entries[after].get("sides", ()), before)
        except InvalidDeal as error:
            raise ServiceError(
                _(
                    "Deal %(later)s would no longer be valid after this correction of deal "
                    "%(number)s, because the running score before it changes:"
                )
                % {"later": after, "number": number},
                *(_later_problem_text(problem, variant) for problem in error.problems),
                _(
                    "Correct deal %(later)s first (it can already say its opening), then deal "
                    "%(number)s."
                )
                % {"later": after, "number": number},
            ) from None


def _later_problem_text(problem: Problem, variant: str) -> str:
    """A later deal's problem in the reader's words, its sides named N-S and E-W."""
    words = words_for(variant)
    text = problem_text(
        problem,
        variant=variant,
        side_name=lambda side: words["ns"] if side == 1 else words["ew"],
        templates={code: str(text) for code, text in SAVED_DEAL_WORDS.items()},
    )
    return text[:1].upper() + text[1:] + "."


SAVED_DEAL_WORDS = {
    "opening.give_points": gettext_lazy("{side} {opening_need}, and its sheet gives no opening"),
    "opening.say_which_melds": gettext_lazy(
        "{side} {opening_need}, and its entry does not say which melds it laid down first"
    ),
}
"""The engine's problems whose words ask the form for a field, said of a deal already saved."""


def check_closed_result(table: Table, preview: DealPreview, closed_by: int | None) -> None:
    """A closed round's table stays done: refused, saying what is needed, when the change would
    leave it unfinished."""
    refusal = closed_result_refusal(
        table.round.tournament.play_format,
        round_number=table.round.number,
        table_number=table.number,
        closed_by=closed_by,
        result=preview.table,
    )
    if refusal:
        raise ServiceError(refusal)
