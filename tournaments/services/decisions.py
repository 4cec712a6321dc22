"""Writes of the arbiter's decisions (RULES.md, "Director's decisions"): `decision_take` at a
table, `decision_cancel` of one taken. The numbers come from the tournament's settings when the
decision is taken and are stored with it; every decision carries its reason, who took it and
when, lands in the change log and is never deleted (a later one cancels or replaces it). What
may be decided when is `rules.decisions`'s to say; the table's result and the standings follow
here, and the results version moves so public pages show it."""

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Decision, Pair, Seat, Table, Tournament, TournamentEvent
from tournaments.rules import decisions as rules
from tournaments.selectors import results
from tournaments.selectors.access import User
from tournaments.selectors.decisions import result_decision
from tournaments.selectors.progress import closing_round
from tournaments.services.deals import table_refresh
from tournaments.services.errors import ServiceError
from tournaments.services.events import record
from tournaments.services.pair_changes import BYE, pair_withdraw
from tournaments.services.standings import standings_recompute
from tournaments.services.versions import results_changed

NS, EW = Seat.Direction.NS.value, Seat.Direction.EW.value


@transaction.atomic
def decision_take(
    *,
    table: Table,
    kind: str,
    reason: str,
    user: User | None,
    pair: Pair | None = None,
    mp: int | None = None,
    vp: int | None = None,
    ns_mp: int | None = None,
    ew_mp: int | None = None,
    deal_number: int | None = None,
    partnership: bool = False,
) -> Decision:
    """Take a decision at a table. `pair` is the pair it falls on (late, absent, leaving,
    penalised; in an individual tournament the player, and with `partnership` their partner at
    the table too); `mp`/`vp` a penalty's; `ns_mp`/`ew_mp` an assigned result's;
    `deal_number` a time-out's. Raises ServiceError, saving nothing, when it may not be
    taken."""
    table = (
        Table.objects.select_related("round__tournament__club")
        .annotate(closed_by=closing_round())
        .get(pk=table.pk)
    )
    round_ = table.round
    tournament = Tournament.objects.select_for_update().get(pk=round_.tournament_id)
    refusal = rules.decision_refusal(
        finished=tournament.is_finished, round_status=round_.status, is_bye=table.is_bye
    )
    if kind not in rules.KINDS:
        refusal = refusal or _("Choose what the arbiter decides.")
    # a pair a side, or (an individual table) each of the four players: on a player or the
    # partnership, a decision names one of them
    seated = sorted(
        table.seats.select_related("pair"), key=lambda s: (s.direction != NS, s.position)
    )
    individual = tournament.is_individual
    partnership = partnership and kind in rules.PAIR_KINDS
    partner = _partner_of(seated, pair) if partnership and pair is not None else None
    play_format = tournament.play_format
    by_matches = play_format.by_matches
    problems = [
        refusal,
        rules.reason_refusal(reason),
        rules.pair_refusal(
            kind,
            pair.number if pair else None,
            [seat.pair.number for seat in seated],
            individual=individual,
        ),
        rules.partnership_refusal(individual=individual, partnership=partnership),
        rules.numbers_refusal(
            kind,
            mp=mp,
            vp=vp,
            ns_mp=ns_mp,
            ew_mp=ew_mp,
            deal_number=deal_number,
            deals=tournament.deals_per_round if not by_matches else None,
            by_matches=by_matches,
        ),
    ]
    leaving = [p for p in (pair, partner) if p is not None]
    if kind == rules.ABANDONMENT and leaving and not any(problems):
        for one in leaving:
            one.refresh_from_db(fields=["withdrawn_from"])
            problems.append(
                rules.abandonment_refusal(
                    pair_number=one.number,
                    withdrawn_from=one.withdrawn_from,
                    later_started=table.closed_by is not None,
                    individual=individual,
                )
            )
    problems = [p for p in problems if p]
    if problems:
        raise ServiceError(*dict.fromkeys(problems))
    decision = Decision(
        tournament=tournament,
        kind=kind,
        round_number=round_.number,
        table_number=table.number,
        pair=pair if kind in rules.PAIR_KINDS else None,
        partnership=partnership and partner is not None,
        reason=reason.strip(),
        user_id=user.pk if user is not None and user.is_authenticated else None,
    )
    pair_is_ns = pair is not None and any(
        seat.pair_id == pair.pk and seat.direction == NS for seat in seated
    )
    if kind == rules.LATE:
        decision.mp = tournament.late_penalty_mp
    elif kind == rules.PENALTY:
        decision.mp, decision.vp = mp or 0, vp or 0
    elif kind == rules.TIMEOUT:
        decision.deal_number = deal_number
    elif kind == rules.WALKOVER:
        present_vp, present_mp, absent_default = rules.walkover_award(tournament)
        earlier = [
            outcome.ns_vp if outcome.ns == pair.pk else outcome.ew_vp
            for outcome in results.outcomes(tournament, before=round_.number)
            if pair is not None and pair.pk in (outcome.ns, outcome.ew)
        ]
        absent_vp = rules.absent_award(absent_default, earlier)
        mine, theirs = (0, absent_vp), (present_mp, present_vp)
        _set_sides(decision, mine, theirs, pair_is_ns)
    elif kind == rules.ABANDONMENT:
        _set_sides(decision, (0, 0), (play_format.bye_mp, play_format.bye_vp), pair_is_ns)
    elif kind == rules.ASSIGNED:
        decision.ns_mp, decision.ew_mp = ns_mp, ew_mp
        if not by_matches:
            decision.ns_vp, decision.ew_vp = tournament.scale.vp(ns_mp or 0, ew_mp or 0)
    decision.supersedes = _replaced(tournament, decision)
    decision.save()
    _record(tournament, decision, user, partner)
    if kind == rules.ABANDONMENT:
        for one in leaving:
            pair_withdraw(pair=one, seated=BYE, user=user)
    _after(table, decision)
    return decision


def _partner_of(seated: list[Seat], pair: Pair) -> Pair | None:
    """The player's partner at an individual table (the other seat of their direction); None
    at a pairs table or for a player not seated here."""
    mine = next((seat for seat in seated if seat.pair_id == pair.pk and seat.position), None)
    if mine is None:
        return None
    return next(
        (
            seat.pair
            for seat in seated
            if seat.position and seat.direction == mine.direction and seat.pk != mine.pk
        ),
        None,
    )


def _set_sides(
    decision: Decision, mine: tuple[int, int], theirs: tuple[int, int], pair_is_ns: bool
) -> None:
    """The table's (MP, VP) for the pair the decision falls on and for its opponents."""
    ns, ew = (mine, theirs) if pair_is_ns else (theirs, mine)
    decision.ns_mp, decision.ns_vp = ns
    decision.ew_mp, decision.ew_vp = ew


def _replaced(tournament: Tournament, decision: Decision) -> Decision | None:
    """The standing decision the new one replaces: the one setting the same table's result, or
    the time-out of the same deal."""
    if decision.kind in rules.RESULT_KINDS:
        return result_decision(tournament, decision.round_number, decision.table_number or 0)
    if decision.kind == rules.TIMEOUT:
        return (
            Decision.objects.filter(
                tournament=tournament,
                kind=rules.TIMEOUT,
                round_number=decision.round_number,
                table_number=decision.table_number,
                deal_number=decision.deal_number,
                superseded_by__isnull=True,
            )
            .order_by("-id")
            .first()
        )
    return None


@transaction.atomic
def decision_cancel(*, decision: Decision, reason: str, user: User | None) -> Decision:
    """Cancel a standing decision: a later decision, with its own reason, takes its place (the
    first stays on the record). Cancelling an abandonment gives the table back its deals; the
    pair stays withdrawn from later rounds (the pairs page says so)."""
    decision = Decision.objects.select_for_update().get(pk=decision.pk)
    tournament = Tournament.objects.select_for_update().get(pk=decision.tournament_id)
    problems = [
        rules.cancel_refusal(
            kind=decision.kind, superseded=Decision.objects.filter(supersedes=decision).exists()
        ),
        rules.reason_refusal(reason),
    ]
    if tournament.is_finished:
        problems.insert(0, _("The tournament is finished: reopen it to take a decision."))
    table = _table_of(tournament, decision)
    if table is not None and decision.kind in rules.RESULT_KINDS:
        totals = list(results.deal_totals(table).values())
        problems.append(
            rules.closed_cancel_refusal(
                table_number=table.number,
                closed_by=table.closed_by,  # type: ignore[attr-defined]
                deals_done=tournament.play_format.table_result(totals).done,
            )
        )
    problems = [p for p in problems if p]
    if problems:
        raise ServiceError(*problems)
    cancel = Decision.objects.create(
        tournament=tournament,
        kind=rules.CANCEL,
        round_number=decision.round_number,
        table_number=decision.table_number,
        deal_number=decision.deal_number,
        pair=decision.pair,
        partnership=decision.partnership,
        reason=reason.strip(),
        user_id=user.pk if user is not None and user.is_authenticated else None,
        supersedes=decision,
    )
    _record(tournament, cancel, user)
    if table is not None:
        _after(table, decision)
    else:
        standings_recompute(tournament=tournament)
        results_changed(tournament)
    return cancel


def _table_of(tournament: Tournament, decision: Decision) -> Table | None:
    """The table a decision was taken at, with `closed_by` (the later round started, if any)."""
    if decision.table_number is None:
        return None
    return (
        Table.objects.filter(
            round__tournament=tournament,
            round__number=decision.round_number,
            number=decision.table_number,
        )
        .select_related("round__tournament__club")
        .annotate(closed_by=closing_round())
        .first()
    )


def _after(table: Table, decision: Decision) -> None:
    """The table's result when the decision sets it; the standings and the results version in
    every case."""
    if decision.kind in rules.RESULT_KINDS:
        table_refresh(table=table)
        return
    tournament = table.round.tournament
    results_changed(tournament)
    standings_recompute(tournament=tournament)


def _record(
    tournament: Tournament, decision: Decision, user: User | None, partner: Pair | None = None
) -> None:
    after = {
        "kind": decision.kind,
        "pair": decision.pair.number if decision.pair else None,
        "partner": partner.number if partner is not None and decision.partnership else None,
        "deal": decision.deal_number,
        "mp": decision.mp,
        "vp": decision.vp,
        "ns_mp": decision.ns_mp,
        "ew_mp": decision.ew_mp,
        "ns_vp": decision.ns_vp,
        "ew_vp": decision.ew_vp,
    }
    before = None
    if decision.supersedes is not None:
        before = {"decision": decision.supersedes.pk, "kind": decision.supersedes.kind}
    record(
        tournament,
        TournamentEvent.Kind.DECISION,
        user=user,
        round_number=decision.round_number,
        table_number=decision.table_number,
        before=before,
        after={k: v for k, v in after.items() if v not in (None, 0)} | {"kind": decision.kind},
        reason=decision.reason,
        decision=decision.pk,
    )
