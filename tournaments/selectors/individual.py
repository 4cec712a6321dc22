"""Reads of an individual tournament's rounds (RULES.md "Individual tournaments"): the rounds
played as the individual movements see them, built from the seats' positions (North, South,
East, West; a player sitting out has a bye table of their own), and the players' rounds out."""

from collections import defaultdict

from tournaments.models import Round, Seat, Tournament
from tournaments.movements import IndividualRound, IndividualTable

POSITIONS = ("N", "S", "E", "W")


def rounds_of(seats: list[Seat]) -> dict[int, IndividualRound]:
    """Round number -> the round as the movements see it, from its seats (with their
    tables and rounds read)."""
    places: dict[int, dict[int, dict[str, int]]] = defaultdict(lambda: defaultdict(dict))
    out: dict[int, list[int]] = defaultdict(list)
    for seat in seats:
        number = seat.round.number
        if seat.table.is_bye:
            out[number].append(seat.pair_id)
        elif seat.position:
            places[number][seat.table.number][seat.position] = seat.pair_id
    rounds = {}
    for number in sorted(set(places) | set(out)):
        tables = tuple(
            IndividualTable(table, *(seated[p] for p in POSITIONS))
            for table, seated in sorted(places[number].items())
            if len(seated) == len(POSITIONS)
        )
        rounds[number] = IndividualRound(tables, tuple(sorted(out[number])))
    return rounds


def individual_history(
    tournament: Tournament, *, before: int | None = None
) -> tuple[list[IndividualRound], dict[int, int]]:
    """The rounds before round `before` (all if None), first first, and each player's rounds
    out: the rounds sat out plus, for a late player, the rounds missed before joining (as
    `results.history` counts a late pair's)."""
    seats = Seat.objects.filter(round__tournament=tournament).select_related("table", "round")
    if before is not None:
        seats = seats.filter(round__number__lt=before)
    rounds = rounds_of(list(seats))
    byes: dict[int, int] = defaultdict(int)
    for round_ in rounds.values():
        for player in round_.sitting_out:
            byes[player] += 1
    late = tournament.pairs.filter(joined_from__gt=1).values_list("pk", "joined_from")
    for player, joined_from in late:
        missed = joined_from - 1 if before is None else min(joined_from, before) - 1
        if missed:
            byes[player] += missed
    return [rounds[number] for number in sorted(rounds)], dict(byes)


def individual_round(round_: Round) -> IndividualRound:
    """One round's stored seating as the movements see it."""
    seats = list(round_.seats.select_related("table", "round"))
    return rounds_of(seats).get(round_.number, IndividualRound(()))
