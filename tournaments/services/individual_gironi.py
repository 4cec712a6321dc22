"""Seating an individual round inside gironi (RULES.md "Individual tournaments": the
movements work inside gironi and phases too): each girone's players seated apart by the
individual movement (`movements.seat_individual_round`), four a table, against the partners
and opponents of the whole event (a partner from before the split is never given again), the
Danese by the girone's own ranking, the players over a table sitting out in turn inside their
girone. `services.rounds` numbers the tables girone after girone, the byes after them."""

from django.utils.translation import gettext as _

from tournaments import movements
from tournaments.models import Tournament
from tournaments.movements import NoIndividualSeating
from tournaments.rules import phases as rules
from tournaments.rules.entrant_texts import entrant_text
from tournaments.rules.phases import PhasePlan
from tournaments.rules.shapes import girone_minimum
from tournaments.selectors import phases as read
from tournaments.selectors.individual import individual_history
from tournaments.services.errors import ServiceError
from tournaments.services.girone_seating import GironeSeating
from tournaments.services.individual_rounds import refusal_text, repeat_warnings


def seat_players_in_gironi(
    tournament: Tournament, phase: PhasePlan, *, number: int, movement: str, seed: int
) -> tuple[list[GironeSeating], list[str]]:
    """Round `number` seated girone by girone, with the repeated opponents of each (named by
    its girone)."""
    refusal = rules.individual_girone_refusal(movement)
    if refusal:
        raise ServiceError(refusal)
    gironi = read.gironi_of(tournament, phase.number)
    if not gironi:
        raise ServiceError(
            _("Split the field into gironi before seating round %(round)s.") % {"round": number}
        )
    players = {player.pk: player for player in tournament.pairs.all()}
    numbers = {pk: player.number for pk, player in players.items()}
    history, byes = individual_history(tournament, before=number)
    ranked: dict[str, list[int]] = {}
    if movement == rules.INDIVIDUAL_GIRONE_MOVEMENTS[1]:  # the Danese: by the girone's ranking
        for ranking in read.girone_rankings(tournament, phase, before=number):
            ranked[ranking.name] = [pid for pid, _record in ranking.records]
    seated, warnings = [], []
    for girone in gironi:
        field = [pid for pid in girone.pair_ids if players[pid].plays_in(number)]
        name = str(_("Girone %(name)s") % {"name": girone.name})
        if len(field) < girone_minimum(tournament):
            values = {"name": girone.name, "round": number}
            raise ServiceError(entrant_text(tournament, "girone_too_few", **values))
        order = [pid for pid in ranked.get(girone.name, []) if pid in field]
        order += [pid for pid in field if pid not in order]  # placed after the ranking was made
        request = movements.IndividualRequest(
            players=field,
            seed=seed + girone.number,
            history=history,
            byes=byes,
            standings=lambda order=order: order,  # type: ignore[misc]
            table_order=movements.TableOrder(tournament.danese_table_order),
        )
        try:
            made = movements.seat_individual_round(movement, request)
        except NoIndividualSeating as error:
            raise ServiceError(f"{name}: {refusal_text(error, movement)}") from None
        seated.append(GironeSeating(girone.id, made))
        warnings += [f"{name}: {warning}" for warning in repeat_warnings(made, numbers)]
    return seated, warnings
