"""Writes of rounds (turni): seat the next round by its movement, seat it again, swap two pairs,
start it (the bye takes its award)."""

import random
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import movements
from tournaments.models import Pair, Round, Seat, Table, Tournament
from tournaments.rules import limits
from tournaments.selectors import results
from tournaments.services.errors import ServiceError
from tournaments.services.standings import (
    danese_standings,
    round_refresh_status,
    standings_recompute,
)
from tournaments.services.tournaments import default_movement_plan
from tournaments.services.versions import results_changed

NS, EW = Seat.Direction.NS, Seat.Direction.EW


@dataclass
class Prepared:
    round: Round
    warnings: list[str] = field(default_factory=list)


def _seating_for(
    tournament: Tournament, number: int, movement: str, step: int | None, seed: int
) -> tuple[movements.Seating, list[str]]:
    pair_ids = list(tournament.pairs.order_by("number").values_list("id", flat=True))
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
) -> Prepared:
    """Seat the next round by its movement. The seating can still be changed (swap, or prepared
    again) until the round is started."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
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
    if tournament.status == Tournament.Status.FINISHED:
        raise ServiceError(_("The tournament is finished."))
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
    results_changed(tournament)
    return Prepared(round_, warnings)


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
    *, round: Round, movement: str, step: int | None = None, seed: int | None = None
) -> Prepared:
    """Seat a round again, with another movement or step, before it starts."""
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    if round_.status != Round.Status.SEATING:
        raise ServiceError(_started_text(round_))
    seed = seed if seed is not None else random.SystemRandom().randrange(1, 2**31)
    if movement == Round.Movement.MITCHELL:
        step = step or 1
    seating, warnings = _seating_for(round_.tournament, round_.number, movement, step, seed)
    round_.movement = movement
    round_.step = step if movement == Round.Movement.MITCHELL else None
    round_.seed = seed
    round_.save(update_fields=["movement", "step", "seed"])
    _write_seating(round_, seating)
    results_changed(round_.tournament)
    return Prepared(round_, warnings)


@transaction.atomic
def round_swap(*, round: Round, pair_a: Pair, pair_b: Pair) -> list[str]:
    """Swap two pairs' seats before the round starts (movements.swap_pairs); returns warnings
    (rematches)."""
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    if round_.status != Round.Status.SEATING:
        raise ServiceError(_started_text(round_))
    if pair_a.pk == pair_b.pk:
        raise ServiceError(_("Choose two different pairs to swap."))
    seated = set(round_.seats.values_list("pair_id", flat=True))
    if not {pair_a.pk, pair_b.pk} <= seated:
        raise ServiceError(_("Both pairs must be seated in this round."))
    history, _byes = results.history(round_.tournament, before=round_.number)
    swapped = movements.swap_pairs(
        results.seating_of(round_), pair_a.pk, pair_b.pk, history=history
    )
    _write_seats(round_, swapped, {table.number: table for table in round_.tables.all()})
    results_changed(round_.tournament)
    if swapped.rematches:
        count = len(swapped.rematches)
        return [
            ngettext(
                "This seating now repeats %(count)s meeting already played.",
                "This seating now repeats %(count)s meetings already played.",
                count,
            )
            % {"count": count}
        ]
    return []


@transaction.atomic
def round_start(*, round: Round) -> Round:
    """Start a seated round: the seating is fixed and the bye gets its award."""
    round_ = Round.objects.select_for_update().get(pk=round.pk)
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
    results_changed(tournament)
    return round_
