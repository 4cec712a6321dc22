"""Writes of rounds (turni): seat the next round by its movement, seat it again, swap two pairs,
start it (the bye takes its award)."""

import random
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import movements
from tournaments.models import Pair, Round, Seat, Table, Tournament, TournamentEvent
from tournaments.rules import limits
from tournaments.rules.entry import finished_refusal
from tournaments.selectors import results
from tournaments.selectors.access import User
from tournaments.services.announcements import ROUND_PUBLISHED, announce
from tournaments.services.errors import ServiceError
from tournaments.services.events import record
from tournaments.services.standings import (
    danese_standings,
    round_refresh_status,
    standings_recompute,
)
from tournaments.services.tournaments import default_movement_plan
from tournaments.services.versions import results_changed

NS, EW = Seat.Direction.NS, Seat.Direction.EW
Kind = TournamentEvent.Kind


@dataclass
class Prepared:
    round: Round
    warnings: list[str] = field(default_factory=list)


def _seating_for(
    tournament: Tournament, number: int, movement: str, step: int | None, seed: int
) -> tuple[movements.Seating, list[str]]:
    field = [pair for pair in tournament.pairs.order_by("number") if pair.plays_in(number)]
    pair_ids = [pair.pk for pair in field]
    if len(pair_ids) < 2:
        raise ServiceError(_("Add at least two pairs before seating a round."))
    if movement not in movements.MOVEMENTS:
        raise ServiceError(_("Unknown movement %(movement)r.") % {"movement": movement})
    if step is not None and limits.outside(step, limits.MITCHELL_STEP):
        low, high = limits.MITCHELL_STEP
        raise ServiceError(
            _("The Mitchell step must be from %(low)s to %(high)s tables, not %(step)s.")
            % {"low": low, "high": high, "step": step}
        )
    history, byes = results.history(tournament, before=number)
    for pair in field:
        # a late pair's missed rounds count as rounds out: it does not sit out again first
        if pair.joined_from > 1:
            byes[pair.pk] = byes.get(pair.pk, 0) + pair.joined_from - 1
    earlier = list(tournament.round_set.filter(number__lt=number).order_by("number"))
    request = movements.SeatingRequest(
        pairs=pair_ids,
        seed=seed,
        step=step or 1,
        history=history,
        byes=byes,
        previous=results.seating_of(earlier[-1]) if earlier else None,
        earlier_movements=[round_.movement for round_ in earlier],
        standings=lambda: danese_standings(tournament, before=number),
    )
    try:
        seated = movements.seat_round(movement, request)
    except ValueError as error:
        raise ServiceError(str(error)) from None
    warnings = list(seated.warnings)
    seating = seated.seating
    if seating.rematches:
        count = len(seating.rematches)
        warnings.append(
            ngettext(
                "This seating repeats %(count)s meeting already played.",
                "This seating repeats %(count)s meetings already played.",
                count,
            )
            % {"count": count}
        )
    return seating, warnings


@transaction.atomic
def round_prepare(
    *,
    tournament: Tournament,
    movement: str | None = None,
    step: int | None = None,
    seed: int | None = None,
    user: User | None = None,
) -> Prepared:
    """Seat the next round by its movement. The seating can still be changed (swap, or prepared
    again) until the round is started."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status == Tournament.Status.FINISHED:
        raise ServiceError(finished_refusal())
    last = tournament.round_set.order_by("-number").first()
    if last is not None and last.status == Round.Status.SEATING:
        raise ServiceError(
            _("Round %(number)s is seated but not started yet.") % {"number": last.number}
        )
    if last is not None and last.status != Round.Status.DONE:
        waiting = [t.number for t in last.tables.exclude(status=Table.Status.DONE)]
        raise ServiceError(
            ngettext(
                "Round %(number)s is not finished: table %(tables)s still needs a result.",
                "Round %(number)s is not finished: tables %(tables)s still need a result.",
                len(waiting),
            )
            % {"number": last.number, "tables": _numbers_text(waiting)}
        )
    number = (last.number if last else 0) + 1
    if number > tournament.rounds:
        raise ServiceError(
            _("This tournament has %(rounds)s rounds. Raise the number of rounds to add another.")
            % {"rounds": tournament.rounds}
        )
    plan = tournament.movement_plan or default_movement_plan(tournament.rounds)
    movement = movement or (plan[number - 1] if number <= len(plan) else Round.Movement.DANESE)
    if movement == Round.Movement.MITCHELL:
        step = step or 1
    seed = seed if seed is not None else random.SystemRandom().randrange(1, 2**31)
    seating, warnings = _seating_for(tournament, number, movement, step, seed)
    round_ = Round.objects.create(
        tournament=tournament,
        number=number,
        movement=movement,
        step=step if movement == Round.Movement.MITCHELL else None,
        seed=seed,
    )
    _write_seating(round_, seating)
    record(
        tournament,
        Kind.ROUND_SEATED,
        user=user,
        round_number=number,
        after=_movement_of(round_),
    )
    results_changed(tournament)
    announce(tournament, ROUND_PUBLISHED, round_number=number)
    return Prepared(round_, warnings)


def _movement_of(round_: Round) -> dict[str, object]:
    return {"movement": round_.movement, "step": round_.step}


def _numbers_text(numbers: list[int]) -> str:
    """Table numbers as a list in words: "4", "2 and 5", "1, 3 and 6"."""
    if len(numbers) == 1:
        return str(numbers[0])
    return _("%(some)s and %(last)s") % {
        "some": ", ".join(str(n) for n in numbers[:-1]),
        "last": numbers[-1],
    }


def _write_seating(round_: Round, seating: movements.Seating) -> None:
    """The round's tables and seats, made anew from `seating` (the bye at the last table)."""
    links = dict(round_.seats.values_list("pair_id", "token"))
    round_.tables.all().delete()
    tables = Table.objects.bulk_create(
        [Table(round=round_, number=t.number) for t in seating.tables]
    )
    if seating.bye is not None:
        tables.append(
            Table.objects.create(round=round_, number=len(seating.tables) + 1, is_bye=True)
        )
    _write_seats(round_, seating, {table.number: table for table in tables}, links)


def _write_seats(
    round_: Round,
    seating: movements.Seating,
    tables: dict[int, Table],
    links: dict[int, str] | None = None,
) -> None:
    """The round's seats from `seating`, at its existing tables (by number). A pair keeps its
    link for the round (`Seat.token`) when it changes places, so a printed QR code still
    opens its page."""
    if links is None:
        links = dict(round_.seats.values_list("pair_id", "token"))
    round_.seats.all().delete()
    seats = []

    def seat(table: Table, pair_id: int, direction: str) -> Seat:
        made = Seat(round=round_, table=table, pair_id=pair_id, direction=direction)
        made.token = links.get(pair_id) or made.token
        return made

    for place in seating.tables:
        seats.append(seat(tables[place.number], place.ns, NS))
        seats.append(seat(tables[place.number], place.ew, EW))
    if seating.bye is not None:
        bye_table = next(table for table in tables.values() if table.is_bye)
        seats.append(seat(bye_table, seating.bye, NS))
    Seat.objects.bulk_create(seats)


def _started_text(round_: Round) -> str:
    return _("Round %(number)s has started: its seating can no longer change.") % {
        "number": round_.number
    }


@transaction.atomic
def round_reseat(
    *,
    round: Round,
    movement: str,
    step: int | None = None,
    seed: int | None = None,
    user: User | None = None,
    why: str = "",
) -> Prepared:
    """Seat a round again, with another movement or step, before it starts (`why`, for the
    audit record, when a service does it: a pair withdrew or joined)."""
    round_ = (
        Round.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=round.pk)
    )
    _check_changeable(round_)
    before = _movement_of(round_)
    seed = seed if seed is not None else random.SystemRandom().randrange(1, 2**31)
    if movement == Round.Movement.MITCHELL:
        step = step or 1
    seating, warnings = _seating_for(round_.tournament, round_.number, movement, step, seed)
    round_.movement = movement
    round_.step = step if movement == Round.Movement.MITCHELL else None
    round_.seed = seed
    round_.save(update_fields=["movement", "step", "seed"])
    _write_seating(round_, seating)
    extra: dict[str, Any] = {"why": why} if why else {}
    record(
        round_.tournament,
        Kind.ROUND_RESEATED,
        user=user,
        round_number=round_.number,
        before=before,
        after=_movement_of(round_),
        **extra,
    )
    results_changed(round_.tournament)
    announce(round_.tournament, ROUND_PUBLISHED, round_number=round_.number)
    return Prepared(round_, warnings)


def _check_changeable(round_: Round) -> None:
    """A round's seating changes only before it starts, in a tournament not finished."""
    if round_.tournament.status == Tournament.Status.FINISHED:
        raise ServiceError(finished_refusal())
    if round_.status != Round.Status.SEATING:
        raise ServiceError(_started_text(round_))


@transaction.atomic
def round_swap(*, round: Round, pair_a: Pair, pair_b: Pair, user: User | None = None) -> list[str]:
    """Swap two pairs' seats (table and direction, or the bye) before the round starts;
    returns warnings (rematches)."""
    round_ = (
        Round.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=round.pk)
    )
    _check_changeable(round_)
    if pair_a.pk == pair_b.pk:
        raise ServiceError(_("Choose two different pairs to swap."))
    seats = {seat.pair_id: seat for seat in round_.seats.select_related("table")}
    if pair_a.pk not in seats or pair_b.pk not in seats:
        raise ServiceError(_("Both pairs must be seated in this round."))
    a, b = seats[pair_a.pk], seats[pair_b.pk]
    before = {"a": _place(pair_a, a), "b": _place(pair_b, b)}
    # the seats change places: written anew, as the (table, direction) pairs are unique; each
    # pair keeps its link (Seat.token), so a QR code printed already still opens its page
    Seat.objects.filter(pk__in=[a.pk, b.pk]).delete()
    Seat.objects.bulk_create(
        [
            Seat(
                round=round_, table=b.table, pair_id=pair_a.pk, direction=b.direction, token=a.token
            ),
            Seat(
                round=round_, table=a.table, pair_id=pair_b.pk, direction=a.direction, token=b.token
            ),
        ]
    )
    record(
        round_.tournament,
        Kind.SEATS_SWAPPED,
        user=user,
        round_number=round_.number,
        before=before,
        after={"a": _place(pair_a, b), "b": _place(pair_b, a)},
    )
    results_changed(round_.tournament)
    history, _byes = results.history(round_.tournament, before=round_.number)
    rematches = movements.rematches_in(results.seating_of(round_), history)
    if rematches:
        count = len(rematches)
        return [
            ngettext(
                "This seating now repeats %(count)s meeting already played.",
                "This seating now repeats %(count)s meetings already played.",
                count,
            )
            % {"count": count}
        ]
    return []


def _place(pair: Pair, seat: Seat) -> dict[str, object]:
    """Where a pair sits, for the audit record: its number, the table (None: the bye) and
    the direction."""
    return {
        "pair": pair.number,
        "table": None if seat.table.is_bye else seat.table.number,
        "direction": seat.direction,
    }


@transaction.atomic
def round_start(*, round: Round, user: User | None = None) -> Round:
    """Start a seated round: the seating is fixed and the bye gets its award."""
    round_ = (
        Round.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=round.pk)
    )
    if round_.tournament.status == Tournament.Status.FINISHED:
        raise ServiceError(finished_refusal())
    if round_.status != Round.Status.SEATING:
        raise ServiceError(_("Round %(number)s has already started.") % {"number": round_.number})
    tournament = round_.tournament
    round_.status = Round.Status.PLAYING
    round_.save(update_fields=["status"])
    award = tournament.play_format.bye_result()
    for table in round_.tables.filter(is_bye=True):
        table.status = award.status
        table.ns_mp, table.ns_vp, table.winner = award.ns_mp, award.ns_vp, award.winner
        table.save()
    if tournament.status == Tournament.Status.SETUP:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    round_refresh_status(round_)
    standings_recompute(tournament=tournament)
    record(tournament, Kind.ROUND_STARTED, user=user, round_number=round_.number)
    results_changed(tournament)
    return round_
