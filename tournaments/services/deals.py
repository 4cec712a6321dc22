"""Writes of deals (smazzate): score one with the engine and save it, correct it, remove it; then
the table's totals, the round's state and the standings follow.

A deal goes form → `deal_record` → the scoring engine (`deal_scores.score_at_table`) → DealSide
and Meld rows (`rules.sides`) → the table's result (the format's `table_result`) → the pairs'
standings. Nothing else computes a score. A correction keeps every later deal of the match
valid, and a closed round's table (a later round has started) keeps its deals and stays done
(`rules.entry`). User errors are `ServiceError` (or the engine's `InvalidDeal`); nothing is
saved when one is raised.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import DealResult
from tournaments.models import (
    Deal,
    DealProposal,
    DealSide,
    Decision,
    Meld,
    Pair,
    ResultChange,
    Seat,
    Table,
)
from tournaments.rules.decisions import decided_result, decided_table_text
from tournaments.rules.entry import (
    deal_number_refusal,
    removal_refusal,
    table_closed,
)
from tournaments.rules.glossary import words_for
from tournaments.rules.sides import meld_values, side_values
from tournaments.rules.table_results import TableResult
from tournaments.selectors import results
from tournaments.selectors.access import User
from tournaments.selectors.decisions import result_decision
from tournaments.selectors.table import locked_table
from tournaments.services.announcements import TABLE_COMPLETE, announce
from tournaments.services.deal_scores import (
    check_closed_result,
    check_later_deals,
    check_written_totals,
    score_at_table,
    stored_sides,
)
from tournaments.services.errors import ServiceError, StaleTable
from tournaments.services.queued_deals import queued_deal_save
from tournaments.services.standings import (
    danese_flags_refresh,
    round_refresh_status,
    standings_recompute,
)
from tournaments.services.versions import results_changed

NS, EW = Seat.Direction.NS.value, Seat.Direction.EW.value


def deal_record(
    *,
    table: Table,
    number: int,
    sides: Sequence[dict[str, Any]],
    mode: str,
    user: User | None,
    version: int,
    pair: Pair | None = None,
    action: str = "",
    note: dict[str, Any] | None = None,
    written: Mapping[str, int] | None = None,
    locked: bool = False,
) -> Deal:
    """Score and save one deal of a table (a new one, or a correction).

    `sides` are the contract's two sides, North-South first, without `score_before` (it is
    the table's running total before this deal). Raises StaleTable when the table changed
    since `version`, InvalidDeal (the engine's messages) or ServiceError; saves nothing then.

    An organiser saves as `user`; a deal the players wrote is saved by the link of `pair` that
    accepted it. `action` names the step in the audit record (entered or corrected unless
    said: accepted, settled) and `note` adds to what it records. Deals the players wrote for
    this number and nobody decided yet are set aside: what is saved here counts.

    `locked`: the caller holds `table` as `selectors.table.locked_table` read it, in its own
    transaction, and lets any refusal from here end that transaction (a phone's accept): the
    table is not read again, and no savepoint is taken (two round trips fewer).
    """
    with transaction.atomic(savepoint=not locked):
        # Lock this table's row only: other tables of the tournament save at the same time.
        table = table if locked else _locked(table)
        tournament = table.round.tournament
        play_format = tournament.play_format
        _check_table_open(table, version)
        stored = stored_sides(table)
        deal_totals = results.totals_by_deal((s.deal.number, s.direction, s.total) for s in stored)
        refusal = deal_number_refusal(
            play_format,
            number,
            list(deal_totals),
            round_number=table.round.number,
            closed_by=table.closed_by,  # type: ignore[attr-defined]
        )
        if refusal:
            raise ServiceError(refusal)
        if table.decided:  # type: ignore[attr-defined]
            kind = Decision.Kind(table.decided).label  # type: ignore[attr-defined]
            raise ServiceError(decided_table_text(table.number, str(kind), organiser=pair is None))
        preview = score_at_table(play_format, number, sides, deal_totals)
        check_written_totals(play_format, preview, written)  # the paper sheet's totals, if typed
        check_later_deals(play_format, number, preview, stored)
        check_closed_result(table, preview, table.closed_by)  # type: ignore[attr-defined]
        result = preview.result

        old_sides = {side.direction: side for side in stored if side.deal.number == number}
        old = next(iter(old_sides.values())).deal if old_sides else None
        before = _snapshot(old, old_sides)
        entry = {"sides": [dict(s) for s in sides]}
        if old is not None and set(old_sides) == {NS, EW}:
            deal = _correct(old, old_sides, mode, entry, user, preview.sides, result)
            deal.table = table
        else:
            if old is not None:  # a deal missing a side (never saved so): written anew
                old.delete()
            deal = Deal.objects.create(
                table=table, number=number, mode=mode, entry=entry, entered_by_id=_user_id(user)
            )
            pairs: dict[str, int] = {}
            for seat in table.seats.all():  # an individual table: North's, East's (first) seat
                pairs.setdefault(seat.direction, seat.pair_id)
            _save_sides(deal, pairs, preview.sides, result)
        after = {
            "number": number,
            "mode": mode,
            "entry": deal.entry,
            "totals": {NS: result.sides[0].total, EW: result.sides[1].total},
            **(note or {}),
        }
        done = ResultChange.Action.CORRECTED if old else ResultChange.Action.ENTERED
        ResultChange.objects.create(
            tournament=tournament,
            table=table,
            deal_number=number,
            action=action or done,
            user_id=_user_id(user),
            pair=pair,
            before=before,
            after=after,
        )
        table.proposals.filter(
            number=number,
            status__in=(
                DealProposal.Status.WAITING,
                DealProposal.Status.DISPUTED,
                DealProposal.Status.QUEUED,
            ),
        ).update(status=DealProposal.Status.REPLACED, decided_at=timezone.now())
        _after_table_change(table, preview.table)
        if old is None:
            queued_deal_save(table, number + 1, user)
        return deal


def _user_id(user: User | None) -> int | None:
    return user.pk if user is not None and user.is_authenticated else None


def _locked(table: Table) -> Table:
    """The table again, its row locked (other tables of the tournament save at the same time),
    with its round, tournament and club, and `closed_by`: the first later round that has
    started, if any (`selectors.progress.closing_round`)."""
    return locked_table(table.pk)


@transaction.atomic
def deal_remove(*, table: Table, number: int, user: User, version: int) -> None:
    """Remove the last deal of a table; never one of a closed round's tables
    (`rules.entry.removal_refusal`)."""
    table = _locked(table)
    refusal = removal_refusal(
        is_bye=table.is_bye,
        round_number=table.round.number,
        round_status=table.round.status,
        finished=table.round.tournament.is_finished,
        closed_by=table.closed_by,  # type: ignore[attr-defined]
    )
    if refusal:
        raise ServiceError(refusal)
    _check_table_open(table, version)
    deal = table.deals.prefetch_related("sides").filter(number=number).first()
    if deal is None:
        raise ServiceError(
            _("Table %(table)s has no deal %(number)s.") % {"table": table.number, "number": number}
        )
    if table.deals.filter(number__gt=number).exists():
        raise ServiceError(_("Only the last deal can be removed; correct an earlier one instead."))
    before = _snapshot(deal)
    deal.delete()
    ResultChange.objects.create(
        tournament=table.round.tournament,
        table=table,
        deal_number=number,
        action=ResultChange.Action.REMOVED,
        user_id=_user_id(user),
        before=before,
        after=None,
    )
    _after_table_change(table)


def _snapshot(
    deal: Deal | None, sides: Mapping[str, DealSide] | None = None
) -> dict[str, Any] | None:
    """A deal as the audit record keeps it (its sides given when already read)."""
    if deal is None:
        return None
    read = sides.values() if sides is not None else deal.sides.all()
    return {
        "number": deal.number,
        "mode": deal.mode,
        "entry": deal.entry,
        "totals": {side.direction: side.total for side in read},
    }


def _correct(
    deal: Deal,
    old_sides: Mapping[str, DealSide],
    mode: str,
    entry: dict[str, Any],
    user: User | None,
    entered: list[dict[str, Any]],
    result: DealResult,
) -> Deal:
    """A saved deal written again in place: the deal's row, its two sides' rows, its melds (a
    deal typed on the score sheet has none)."""
    had_melds = any(side.get("melds") for side in deal.entry.get("sides", ()))
    deal.mode, deal.entry, deal.entered_by_id = mode, entry, _user_id(user)
    deal.save(update_fields=["mode", "entry", "entered_by", "updated_at"])
    melds: list[Meld] = []
    for direction, data, scored in zip((NS, EW), entered, result.sides, strict=True):
        side = old_sides[direction]
        DealSide.objects.filter(pk=side.pk).update(**side_values(data, scored))
        melds.extend(Meld(side_id=side.pk, **values._asdict()) for values in meld_values(scored))
    if had_melds:
        Meld.objects.filter(side__deal=deal).delete()
    if melds:
        Meld.objects.bulk_create(melds)
    return deal


def _check_table_open(table: Table, version: int) -> None:
    closed = table_closed(
        is_bye=table.is_bye,
        round_number=table.round.number,
        round_status=table.round.status,
        finished=table.round.tournament.is_finished,
    )
    if closed:
        raise ServiceError(closed)
    if table.version != version:
        words = words_for(table.round.tournament.variant)
        changes = [
            _change_text(change, words["ns"], words["ew"], words["pair"])
            for change in table.changes.select_related("user", "pair").order_by("-at", "-id")[:3]
        ]
        raise StaleTable(table, changes)


def _change_text(change: ResultChange, ns: str, ew: str, pair_word: str) -> str:
    """One change of a table in a sentence: "Corrected: deal 2 by anna, now N-S 600, E-W 70."
    (by "pair 3" when a pair's link made it)."""
    who = change.user or (f"{pair_word} {change.pair.number}" if change.pair else None)
    values = {
        "action": change.get_action_display(),
        "number": change.deal_number,
        "user": who,
        "ns": ns,
        "ew": ew,
        **(
            {"ns_total": change.after["totals"][NS], "ew_total": change.after["totals"][EW]}
            if change.after
            else {}
        ),
    }
    if who and change.after:
        text = _(
            "%(action)s: deal %(number)s by %(user)s, now %(ns)s %(ns_total)s, %(ew)s %(ew_total)s."
        )
    elif change.after:
        text = _("%(action)s: deal %(number)s, now %(ns)s %(ns_total)s, %(ew)s %(ew_total)s.")
    elif who:
        text = _("%(action)s: deal %(number)s by %(user)s.")
    else:
        text = _("%(action)s: deal %(number)s.")
    return text % values


def _save_sides(
    deal: Deal, pairs: dict[str, int], entered: list[dict[str, Any]], result: DealResult
) -> None:
    rows = [
        DealSide(deal=deal, direction=direction, pair_id=pairs[direction], **side_values(d, s))
        for direction, d, s in zip((NS, EW), entered, result.sides, strict=True)
    ]
    DealSide.objects.bulk_create(rows)
    melds = [
        Meld(side=side, **values._asdict())
        for side, scored in zip(rows, result.sides, strict=True)
        for values in meld_values(scored)
    ]
    if melds:
        Meld.objects.bulk_create(melds)


def _after_table_change(table: Table, result: TableResult | None = None) -> None:
    """The table's result (`result` when the save has it already, else recomputed from its
    deals) and version, then what the tournament makes of it."""
    was_done = table.status == Table.Status.DONE
    if result is None:
        table_recompute(table=table)
    else:
        _set_result(table, result)
    table.version += 1
    table.results_version += 1
    table.save(update_fields=[*RESULT_FIELDS, "version", "results_version"])
    # Saves of one tournament meet here: the round's state, the standings, the Danese flags
    # and the results version are the tournament's. Taking its row first (the version's
    # UPDATE) makes them queue rather than deadlock over the Pair rows; everything before (the
    # engine's work, the deal, the table) runs side by side, and little is left to do while
    # the row is held.
    round_ = table.round
    tournament = round_.tournament
    results_changed(tournament)
    if was_done != (table.status == Table.Status.DONE):
        round_refresh_status(round_)
    if was_done or table.status == Table.Status.DONE:
        # Standings count finished tables only: an unfinished one changes nothing there.
        standings_recompute(tournament=tournament)
        if tournament.round_set.filter(number__gt=round_.number).exists():
            danese_flags_refresh(tournament=tournament)
    if not was_done and table.status == Table.Status.DONE:
        announce(tournament, TABLE_COMPLETE, round_number=round_.number, table_number=table.number)


RESULT_FIELDS = ("status", "ns_mp", "ew_mp", "ns_vp", "ew_vp", "winner")


def table_recompute(*, table: Table) -> None:
    """The table's MP, VP (deals format) or winner (target format) from its stored deals, as
    its tournament's format makes them, or from the arbiter's decision that sets it; raises
    scoring.InvalidMatch when the deals make no match."""
    decided = result_decision(table.round.tournament_id, table.round.number, table.number)
    totals = {} if decided is not None else results.deal_totals(table)
    table_result_set(table=table, decided=decided, totals=totals)


def table_result_set(
    *, table: Table, decided: Decision | None, totals: Mapping[int, tuple[int, int]]
) -> None:
    """`table_recompute` of deals and a decision already read (a backup's check reads every
    table's at once): the decision's result if there is one, else the deals' (deal number ->
    the N-S and E-W totals, `results.deal_totals`); not saved."""
    play_format = table.round.tournament.play_format
    if decided is not None:
        values = (decided.ns_mp or 0, decided.ew_mp or 0, decided.ns_vp, decided.ew_vp)
        _set_result(table, decided_result(*values, by_matches=play_format.by_matches))
        return
    _set_result(table, play_format.table_result(list(totals.values())))


def table_refresh(*, table: Table) -> None:
    """A table's result again (an arbiter's decision set or cancelled it), and what the
    tournament makes of it."""
    _after_table_change(_locked(table))


def _set_result(table: Table, result: TableResult) -> None:
    table.status = result.status
    table.ns_mp, table.ew_mp = result.ns_mp, result.ew_mp
    table.ns_vp, table.ew_vp = result.ns_vp, result.ew_vp
    table.winner = result.winner
