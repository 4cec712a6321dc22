"""Writes of rounds (turni): seat the next round by its movement, seat it again, swap two pairs,
start it (the bye takes its award)."""

import random
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import movements
from tournaments.models import Pair, Round, Seat, Table, Tournament, TournamentEvent
from tournaments.rules import limits
from tournaments.rules.entrant_texts import entrant_text
from tournaments.rules.phases import phase_of
from tournaments.rules.progress import finished_refusal
from tournaments.rules.shapes import PAIR_MOVEMENTS
from tournaments.selectors import results
from tournaments.selectors.access import User
from tournaments.selectors.phases import plan_of
from tournaments.selectors.progress import progress_of, start_refusal
from tournaments.services.announcements import ROUND_PUBLISHED, announce
from tournaments.services.errors import ServiceError
from tournaments.services.evening import seating_publish_now
from tournaments.services.events import record
from tournaments.services.girone_seating import (
    GironeSeating,
    check_mitchell,
    seat_in_gironi,
    write_gironi,
)
from tournaments.services.individual_gironi import seat_players_in_gironi
from tournaments.services.individual_rounds import (
    individual_seating,
    individual_swapped,
    planned_movement,
    repeat_warnings,
    write_individual_seats,
)
from tournaments.services.promises import promise_warnings
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


@dataclass(frozen=True)
class Planned:
    """A round's seating as its movement makes it, before it is saved."""

    seating: movements.Seating | movements.IndividualRound
    """An individual tournament's round seats players (`services.individual_rounds`)."""
    step: int | None
    """The Mitchell step used (chosen by the organiser or by the movement)."""
    warnings: list[str]
    """The promises the seating breaks, and for whom, in the organiser's words."""
    gironi: tuple[GironeSeating, ...] = ()
    """In a phase played in gironi: each girone's seating (`seating` is then the first's)."""


def _seating_for(
    tournament: Tournament, number: int, movement: str, step: int | None, seed: int
) -> Planned:
    """Round `number` seated by `movement` (`step`: the Mitchell step chosen, None to let the
    movement choose), with the promises it breaks."""
    if tournament.is_individual:
        phase = phase_of(plan_of(tournament), number)
        if phase.in_gironi:
            parts, warnings = seat_players_in_gironi(
                tournament, phase, number=number, movement=movement, seed=seed
            )
            return Planned(parts[0].seating, None, warnings, tuple(parts))
        players, warnings = individual_seating(tournament, number, movement, seed)
        return Planned(players, None, warnings)
    entrants = list(tournament.pairs.order_by("number"))
    field = [pair for pair in entrants if pair.plays_in(number)]
    pair_ids = [pair.pk for pair in field]
    if len(pair_ids) < 2:
        raise ServiceError(_("Add at least two pairs before seating a round."))
    if movement not in movements.MOVEMENTS or movement not in PAIR_MOVEMENTS:
        raise ServiceError(_("Unknown movement %(movement)r.") % {"movement": movement})
    if step is not None and limits.outside(step, limits.MITCHELL_STEP):
        low, high = limits.MITCHELL_STEP
        raise ServiceError(
            _("The Mitchell step must be from %(low)s to %(high)s tables, not %(step)s.")
            % {"low": low, "high": high, "step": step}
        )
    plan = tournament.movement_plan or default_movement_plan(tournament.rounds)
    phase = phase_of(plan_of(tournament), number)
    if phase.in_gironi:
        parts, warnings = seat_in_gironi(
            tournament, phase, number=number, movement=movement, step=step, seed=seed, plan=plan
        )
        first = parts[0]
        return Planned(first.seating, None, warnings, tuple(parts))
    if movement == Round.Movement.MITCHELL:
        check_mitchell(len(field), step)
    history, byes = results.history(tournament, before=number)  # late pairs' rounds out too
    earlier = list(tournament.round_set.filter(number__lt=number).order_by("number"))
    request = movements.SeatingRequest(
        pairs=pair_ids,
        seed=seed,
        step=step if movement == Round.Movement.MITCHELL else None,
        history=history,
        byes=byes,
        previous=results.seating_of(earlier[-1]) if earlier else None,
        earlier_movements=[round_.movement for round_ in earlier],
        later_movements=plan[number:],
        entrants=[pair.pk for pair in entrants],
        standings=lambda: danese_standings(tournament, before=number),
    )
    try:
        seated = movements.seat_round(movement, request)
    except ValueError as error:
        raise ServiceError(str(error)) from None
    numbers = {pair.pk: pair.number for pair in field}
    warnings = promise_warnings(
        seated.seating,
        numbers,
        history=history,
        byes=byes,
        step=seated.step if request.step is not None else None,
        steps_without_rematch=seated.steps_without_rematch,
    )
    return Planned(seated.seating, seated.step, warnings)


def round_preview(
    *, tournament: Tournament, movement: str, step: int | None = None, seed: int
) -> Planned:
    """The next round as `round_prepare` would seat it with the same choices, saving nothing:
    the page that seats a round shows the promises it breaks before seating."""
    last = tournament.round_set.order_by("-number").first()
    if last is not None and last.status != Round.Status.DONE:
        raise ServiceError(_("Round %(number)s is not finished yet.") % {"number": last.number})
    number = (last.number if last else 0) + 1
    return _seating_for(tournament, number, movement, step, seed)


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
    standing = progress_of(tournament)
    refusal = standing.seat_refusal()
    if refusal:
        raise ServiceError(refusal)
    last = standing.last
    number = (last.number if last else 0) + 1
    plan = tournament.movement_plan or default_movement_plan(tournament.rounds)
    if movement is None and tournament.is_individual:
        movement = planned_movement(tournament, number)
    movement = movement or (plan[number - 1] if number <= len(plan) else Round.Movement.DANESE)
    seed = seed if seed is not None else random.SystemRandom().randrange(1, 2**31)
    planned = _seating_for(tournament, number, movement, step, seed)
    round_ = Round.objects.create(
        tournament=tournament,
        number=number,
        movement=movement,
        step=planned.step if movement == Round.Movement.MITCHELL else None,
        seed=seed,
        seating_published_at=timezone.now() if tournament.seating_at_once else None,
    )
    _write_seating(round_, planned)
    record(
        tournament,
        Kind.ROUND_SEATED,
        user=user,
        round_number=number,
        after=_movement_of(round_),
    )
    results_changed(tournament)
    if round_.seating_published_at is not None:
        announce(tournament, ROUND_PUBLISHED, round_number=number)
    return Prepared(round_, planned.warnings)


def _movement_of(round_: Round) -> dict[str, object]:
    return {"movement": round_.movement, "step": round_.step}


def _write_seating(round_: Round, planned: Planned) -> None:
    """The round's tables and seats, made anew from the seating planned (the byes at the last
    tables: one for a pair, one for each player sitting out of an individual round); in gironi,
    the tables numbered on girone after girone, the byes after them."""
    if planned.gironi:
        write_gironi(round_, planned.gironi)
        return
    seating = planned.seating
    round_.tables.all().delete()
    tables = Table.objects.bulk_create(
        [Table(round=round_, number=t.number) for t in seating.tables]
    )
    if isinstance(seating, movements.IndividualRound):
        out = len(seating.sitting_out)
    else:
        out = int(seating.bye is not None)
    first = len(seating.tables) + 1
    tables += Table.objects.bulk_create(
        [Table(round=round_, number=first + n, is_bye=True) for n in range(out)]
    )
    by_number = {table.number: table for table in tables}
    if isinstance(seating, movements.IndividualRound):
        round_.seats.all().delete()
        write_individual_seats(round_, seating, by_number)
    else:
        _write_seats(round_, seating, by_number)


def _write_seats(round_: Round, seating: movements.Seating, tables: dict[int, Table]) -> None:
    """The round's seats from `seating`, at its existing tables (by number). (A pair's link is
    its own for the evening, `Pair.token`: it opens the pair's new place by itself.)"""
    round_.seats.all().delete()
    seats = []

    def seat(table: Table, pair_id: int, direction: str) -> Seat:
        return Seat(round=round_, table=table, pair_id=pair_id, direction=direction)

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
    planned = _seating_for(round_.tournament, round_.number, movement, step, seed)
    round_.movement = movement
    round_.step = planned.step if movement == Round.Movement.MITCHELL else None
    round_.seed = seed
    round_.save(update_fields=["movement", "step", "seed"])
    _write_seating(round_, planned)
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
    if round_.seating_published_at is not None:
        announce(round_.tournament, ROUND_PUBLISHED, round_number=round_.number)
    return Prepared(round_, planned.warnings)


def _check_changeable(round_: Round) -> None:
    """A round's seating changes only before it starts, in a tournament not finished."""
    if round_.tournament.is_finished:
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
        raise ServiceError(entrant_text(round_.tournament, "swap_different"))
    seats = {seat.pair_id: seat for seat in round_.seats.select_related("table")}
    if pair_a.pk not in seats or pair_b.pk not in seats:
        raise ServiceError(entrant_text(round_.tournament, "swap_both_seated"))
    a, b = seats[pair_a.pk], seats[pair_b.pk]
    if a.table.girone_id != b.table.girone_id:
        values = {"a": pair_a.number, "b": pair_b.number}
        raise ServiceError(entrant_text(round_.tournament, "swap_gironi", **values))
    before = {"a": _place(pair_a, a), "b": _place(pair_b, b)}
    # the seats change places: written anew, as the (table, direction) pairs are unique
    Seat.objects.filter(pk__in=[a.pk, b.pk]).delete()
    Seat.objects.bulk_create(
        [
            Seat(
                round=round_,
                table=b.table,
                pair_id=pair_a.pk,
                direction=b.direction,
                position=b.position,
            ),
            Seat(
                round=round_,
                table=a.table,
                pair_id=pair_b.pk,
                direction=a.direction,
                position=a.position,
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
    numbers = dict(round_.tournament.pairs.values_list("pk", "number"))
    if round_.tournament.is_individual:
        return repeat_warnings(individual_swapped(round_), numbers)
    history, byes = results.history(round_.tournament, before=round_.number)
    return promise_warnings(results.seating_of(round_), numbers, history=history, byes=byes)


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
    refusal = start_refusal(round_)
    if refusal:
        raise ServiceError(refusal)
    tournament = round_.tournament
    if round_.seating_published_at is None:  # starting a round shows its seating
        seating_publish_now(round_, user=user, now=timezone.now())
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
