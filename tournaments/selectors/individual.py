"""Reads of an individual tournament's rounds (RULES.md "Individual tournaments"): the rounds
played as the individual movements see them, built from the seats' positions (North, South,
East, West; a player sitting out has a bye table of their own), the players' rounds out, and
the arbiter's balance report."""

from collections import defaultdict
from dataclasses import dataclass

from tournaments.models import Pair, Round, Seat, Tournament
from tournaments.movements import (
    Balance,
    IndividualRound,
    IndividualTable,
    PlayerBalance,
    balance_of,
)

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


@dataclass(frozen=True)
class BalanceRow:
    """One player's line of the arbiter's balance report, with the counts against each other
    player in the report's order."""

    player: Pair
    summary: PlayerBalance
    partnered: tuple[int, ...]
    opposed: tuple[int, ...]


@dataclass(frozen=True)
class BalanceReport:
    rows: list[BalanceRow]
    balance: Balance


def balance_report(tournament: Tournament) -> BalanceReport:
    """How many times each player has partnered and opposed each other, and sat out, over the
    rounds seated so far, players in number order (RULES.md "Individual tournaments")."""
    players = list(tournament.pairs.select_related("player_one").order_by("number"))
    history, _byes = individual_history(tournament)
    balance = balance_of(history, [player.pk for player in players])
    rows = [
        BalanceRow(player, summary, balance.partnered[i], balance.opposed[i])
        for i, (player, summary) in enumerate(zip(players, balance.rows, strict=True))
    ]
    return BalanceReport(rows, balance)
