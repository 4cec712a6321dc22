"""Seating an individual tournament's round (RULES.md "Individual tournaments"): the field's
players seated by `movements.seat_individual_round`, four a table, one to three sitting out at
bye tables of their own; the engine's refusals and the round's repeated opponents in the
organiser's words. `services.rounds` asks here when the tournament is individual."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import movements
from tournaments.models import Pair, Round, Seat, Table, Tournament
from tournaments.movements import IndividualRound, NoIndividualSeating, Refusal
from tournaments.movements.individual import played_in, repeated_opponents
from tournaments.rules import shapes
from tournaments.rules.individual_changes import (
    FieldChange,
    field_changed,
    in_first_field,
    schedule_fallback_text,
)
from tournaments.rules.phases import individual_girone_movement, phase_of
from tournaments.rules.states import POSITION_DIRECTION
from tournaments.selectors.individual import individual_history, individual_round
from tournaments.selectors.phases import plan_of
from tournaments.services.errors import ServiceError
from tournaments.services.promises import numbers_text
from tournaments.services.standings import danese_standings

NS = Seat.Direction.NS.value


def planned_movement(tournament: Tournament, number: int) -> str:
    """Round `number`'s movement as planned: the organiser's, else by the field's size; the
    Danese once a fixed schedule no longer fits the field (`rules.individual_changes`), or
    inside gironi (`rules.phases.individual_girone_movement`)."""
    entrants = list(tournament.pairs.all())
    players = sum(1 for player in entrants if player.plays_in(number))
    planned = shapes.planned_individual_movement(
        list(tournament.movement_plan),
        number,
        players,
        tournament.rounds,
        changed=field_changed(_changes(entrants), number),
    )
    if phase_of(plan_of(tournament), number).in_gironi:
        return individual_girone_movement(planned)
    return planned


def reseat_movement(tournament: Tournament, round_: Round) -> str:
    """The movement that seats `round_` again after its field changed: its own, unless it is a
    fixed schedule the field no longer fits."""
    if round_.movement in shapes.FIXED_SCHEDULES:
        return planned_movement(tournament, round_.number)
    return round_.movement


def _changes(entrants: list[Pair]) -> list[FieldChange]:
    return [FieldChange(player.joined_from, player.withdrawn_from) for player in entrants]


def schedule_fallback(tournament: Tournament, number: int) -> str:
    """What the organiser reads when round `number` would have been seated by the fixed
    schedule that seated the round before, and the players have changed since ("" otherwise,
    and for the rounds after: it is said once)."""
    entrants = list(tournament.pairs.all())
    changes = _changes(entrants)
    before = tournament.round_set.filter(number=number - 1).first()
    if before is None or before.movement not in shapes.FIXED_SCHEDULES:
        return ""  # said once, before the first round the schedule gives way
    if not field_changed(changes, number):
        return ""
    first = sum(1 for change in changes if in_first_field(change))
    scheduled = shapes.scheduled_individual_movement(
        list(tournament.movement_plan), number, first, tournament.rounds
    )
    if scheduled not in shapes.FIXED_SCHEDULES:
        return ""
    players = sum(1 for player in entrants if player.plays_in(number))
    return schedule_fallback_text(scheduled, number, players)


def individual_seating(
    tournament: Tournament, number: int, movement: str, seed: int
) -> tuple[IndividualRound, list[str]]:
    """Round `number` seated by `movement`, with the warnings the organiser reads."""
    entrants = list(tournament.pairs.order_by("number"))
    field = [player for player in entrants if player.plays_in(number)]
    if movement not in shapes.INDIVIDUAL_MOVEMENTS:
        raise ServiceError(
            _(
                "An individual round is seated at random, by the 8-player schedule, the "
                "12-player rotation or the Danese: not by “%(movement)s”."
            )
            % {"movement": _movement_name(movement)}
        )
    history, byes = individual_history(tournament, before=number)
    request = movements.IndividualRequest(
        players=[player.pk for player in field],
        seed=seed,
        history=history,
        byes=byes,
        standings=lambda: danese_standings(tournament, before=number),
        table_order=movements.TableOrder(tournament.danese_table_order),
    )
    try:
        seated = movements.seat_individual_round(movement, request)
    except NoIndividualSeating as refusal:
        raise ServiceError(refusal_text(refusal, movement)) from None
    numbers = {player.pk: player.number for player in entrants}
    warnings = repeat_warnings(seated, numbers)
    fallback = schedule_fallback(tournament, number) if movement == shapes.DANESE else ""
    return seated, [fallback, *warnings] if fallback else warnings


def individual_swapped(round_: Round) -> IndividualRound:
    """A round after two players swapped seats, its repeated opponents filled in."""
    history, _byes = individual_history(round_.tournament, before=round_.number)
    now = individual_round(round_)
    played = played_in(history)
    return IndividualRound(now.tables, now.sitting_out, repeated_opponents(now.tables, played))


def _movement_name(movement: str) -> str:
    return str(Round.Movement(movement).label) if movement in Round.Movement.values else movement


def refusal_text(refusal: NoIndividualSeating, movement: str) -> str:
    """Why the round cannot be seated so, and what to do, in the organiser's words."""
    players = refusal.players
    if refusal.refusal == Refusal.TOO_FEW_PLAYERS:
        return _(
            "An individual round needs at least 4 players at one table: %(players)s play "
            "this round. Add players first."
        ) % {"players": players}
    if refusal.refusal == Refusal.REPEATED_PARTNER:
        return _(
            "Every seating of this round gives some player a partner they have already had, "
            "which an individual tournament never does: seat it at random or by the Danese."
        )
    if refusal.refusal == Refusal.SCHEDULE_SIZE:
        size = shapes.FIXED_SCHEDULES.get(movement, (0, 0))[0]
        return _(
            "“%(movement)s” is for exactly %(size)s players, and %(players)s play this "
            "round: choose the Danese or a random draw."
        ) % {"movement": _movement_name(movement), "size": size, "players": players}
    if refusal.refusal == Refusal.SCHEDULE_FINISHED:
        return _("Every round of the schedule has been played: seat this one by the Danese.")
    return _(
        "The rounds played are not the first rounds of “%(movement)s”: seat this one by the Danese."
    ) % {"movement": _movement_name(movement)}


def repeat_warnings(seated: IndividualRound, numbers: dict[int, int]) -> list[str]:
    """The players who play against each other again (a repeated partner is a refusal)."""
    if not seated.repeated_opponents:
        return []
    meetings = "; ".join(
        numbers_text(sorted(numbers[player] for player in pair))
        for pair in seated.repeated_opponents
    )
    count = len(seated.repeated_opponents)
    return [
        ngettext(
            "Two players play against each other again: %(meetings)s.",
            "%(count)s pairs of players play against each other again: %(meetings)s.",
            count,
        )
        % {"count": count, "meetings": meetings}
    ]


def write_individual_seats(
    round_: Round, seating: IndividualRound, tables: dict[int, Table]
) -> None:
    """Four seats a table by position, and one North-South seat at each bye table for a
    player sitting out (the bye tables in number order)."""
    seats = []
    for place in seating.tables:
        for position, player in zip(shapes.POSITIONS, place.players, strict=True):
            seats.append(
                Seat(
                    round=round_,
                    table=tables[place.number],
                    pair_id=player,
                    direction=POSITION_DIRECTION[position],
                    position=position,
                )
            )
    byes = sorted((table for table in tables.values() if table.is_bye), key=lambda t: t.number)
    for table, player in zip(byes, seating.sitting_out, strict=True):
        seats.append(Seat(round=round_, table=table, pair_id=player, direction=NS))
    Seat.objects.bulk_create(seats)
