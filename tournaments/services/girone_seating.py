"""Seating a round of a phase played in gironi: each girone seated apart by the round's
movement (`movements.seat_round`), against the history of the whole event (a rematch from an
earlier phase counts) and with its own byes; the tables numbered on across the gironi
(girone A tables 1–6, B 7–12, the byes after them): `write_gironi`."""

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments import movements
from tournaments.models import Pair, Round, Seat, Table, Tournament
from tournaments.rules.entrant_texts import entrant_text
from tournaments.rules.phases import PhasePlan
from tournaments.rules.shapes import POSITIONS
from tournaments.rules.states import POSITION_DIRECTION
from tournaments.selectors import phases as read
from tournaments.selectors import results
from tournaments.services.errors import ServiceError
from tournaments.services.promises import promise_warnings

NS, EW = Seat.Direction.NS, Seat.Direction.EW


@dataclass(frozen=True)
class GironeSeating:
    girone_id: int | None
    seating: movements.Seating | movements.IndividualRound
    """Tables numbered from 1 within the girone (an individual round's: four players a table,
    `services.individual_gironi`)."""


def check_mitchell(pairs: int, step: int | None) -> None:
    """What the Mitchell movement refuses, said in the organiser's words before it is asked (its
    own refusals are plain English for the programmer)."""
    tables = (pairs + 1) // 2  # a bye counts as a table that moves
    if tables < 2:
        raise ServiceError(
            _(
                "A Mitchell needs at least 3 pairs: with %(pairs)s nobody can move. "
                "Choose another movement."
            )
            % {"pairs": pairs}
        )
    if step is not None and step % tables == 0:
        raise ServiceError(
            _(
                "With %(pairs)s pairs a Mitchell step of %(step)s brings East-West back to the "
                "table they started at: choose a step from 1 to %(last)s, or leave it empty."
            )
            % {"pairs": pairs, "step": step, "last": tables - 1}
        )


def seat_in_gironi(
    tournament: Tournament,
    phase: PhasePlan,
    *,
    number: int,
    movement: str,
    step: int | None,
    seed: int,
    plan: list[str],
) -> tuple[list[GironeSeating], list[str]]:
    """Round `number` seated girone by girone, with the promises each seating breaks (each
    warning named by its girone)."""
    gironi = read.gironi_of(tournament, phase.number)
    if not gironi:
        raise ServiceError(
            _("Split the field into gironi before seating round %(round)s.") % {"round": number}
        )
    pairs = {pair.pk: pair for pair in tournament.pairs.all()}
    history, byes = results.history(tournament, before=number)
    earlier = list(
        tournament.round_set.filter(number__lt=number, number__gte=phase.first_round).order_by(
            "number"
        )
    )
    ranked: dict[str, list[int]] = {}
    if movement == Round.Movement.DANESE:
        for ranking in read.girone_rankings(tournament, phase, before=number):
            ranked[ranking.name] = [pid for pid, _record in ranking.records]
    numbers = {pk: pair.number for pk, pair in pairs.items()}
    seated, warnings = [], []
    for girone in gironi:
        field = [pid for pid in girone.pair_ids if _plays(pairs[pid], number)]
        if len(field) < 2:
            values = {"name": girone.name, "round": number}
            raise ServiceError(entrant_text(tournament, "girone_too_few", **values))
        if movement == Round.Movement.MITCHELL:
            check_mitchell(len(field), step)
        order = [pid for pid in ranked.get(girone.name, []) if pid in field]
        request = movements.SeatingRequest(
            pairs=field,
            seed=seed + girone.number,
            step=step if movement == Round.Movement.MITCHELL else None,
            history=history,
            byes=byes,
            previous=results.seating_of(earlier[-1], girone=girone.id) if earlier else None,
            earlier_movements=[round_.movement for round_ in earlier],
            later_movements=plan[number : phase.last_round],
            entrants=list(girone.pair_ids),
            standings=_standings(order),
        )
        try:
            made = movements.seat_round(movement, request)
        except ValueError as error:
            raise ServiceError(f"{girone.name}: {error}") from None
        seated.append(GironeSeating(girone.id, made.seating))
        broken = promise_warnings(
            made.seating,
            numbers,
            history=history,
            byes=byes,
            step=made.step if request.step is not None else None,
            steps_without_rematch=made.steps_without_rematch,
        )
        name = str(_("Girone %(name)s") % {"name": girone.name})
        warnings += [f"{name}: {warning}" for warning in broken]
    return seated, warnings


def _standings(order: list[int]) -> Callable[[], list[int]]:
    return lambda: order


def _plays(pair: Pair, number: int) -> bool:
    return pair.plays_in(number)


def write_gironi(round_: Round, gironi: tuple[GironeSeating, ...]) -> None:
    """Each girone's tables numbered on from the last girone's; then a bye table for each pair
    (or player) sitting out, girone after girone."""
    round_.tables.all().delete()
    tables, seats, offset = [], [], 0
    for part in gironi:
        for table_seats in _girone_tables(part):
            number, places = table_seats
            table = Table(round=round_, number=offset + number, girone_id=part.girone_id)
            tables.append(table)
            seats += [
                (table, entrant, direction, position) for entrant, direction, position in places
            ]
        offset += len(part.seating.tables)
    for part in gironi:
        seating = part.seating
        if isinstance(seating, movements.IndividualRound):
            out = list(seating.sitting_out)
        else:
            out = [seating.bye] if seating.bye is not None else []
        for entrant in out:
            offset += 1
            table = Table(round=round_, number=offset, is_bye=True, girone_id=part.girone_id)
            tables.append(table)
            seats.append((table, entrant, NS, ""))
    Table.objects.bulk_create(tables)
    round_.seats.all().delete()
    Seat.objects.bulk_create(
        [
            Seat(round=round_, table=table, pair_id=entrant, direction=direction, position=position)
            for table, entrant, direction, position in seats
        ]
    )


def _girone_tables(part: GironeSeating) -> list[tuple[int, list[tuple[int, str, str]]]]:
    """A girone's tables (numbered from 1) and who sits where: a pair North-South or East-West,
    or four players by position."""
    seating = part.seating
    if isinstance(seating, movements.IndividualRound):
        return [
            (
                place.number,
                [
                    (player, POSITION_DIRECTION[position], position)
                    for position, player in zip(POSITIONS, place.players, strict=True)
                ],
            )
            for place in seating.tables
        ]
    return [(place.number, [(place.ns, NS, ""), (place.ew, EW, "")]) for place in seating.tables]
