"""A pair's history round by round (its evening's "round by round", its public page): the
pair, every seat at its tables and the deals there, read with SQL compiled once a process
(`selectors.compiled`). In a round's last minute each accepted deal renders both pairs' evenings
again: the reads Django compiled at every rendering cost more than the database took to run them.
The substitutions, the withdrawals that left a bye and the decisions are read only where the
pair's own row says there are any."""

from collections import defaultdict
from dataclasses import replace
from typing import Any

from django.db.models import Exists, OuterRef, QuerySet

from tournaments.models import (
    Deal,
    DealSide,
    Decision,
    Girone,
    Pair,
    Player,
    Round,
    Seat,
    Substitution,
    Table,
    Tournament,
    TournamentEvent,
)
from tournaments.rules import decisions as rules_decisions
from tournaments.rules.shapes import POSITIONS
from tournaments.rules.sides import SideScore
from tournaments.rules.standings import STANDING_FIELDS
from tournaments.selectors import decisions
from tournaments.selectors.compiled import CompiledRead, joined, joined_columns
from tournaments.selectors.evening import public_seating
from tournaments.selectors.pairs import player_spells, show_seat_line_ups
from tournaments.selectors.public.models import EW, NS, DealLine, PairHistory, PairRef, RoundLine

PAIR_JOINS = (("", Pair), ("player_one", Player), ("player_two", Player))
SEAT_JOINS = (
    ("", Seat),
    ("round", Round),
    ("table", Table),
    ("table__girone", Girone),
    ("pair", Pair),
    ("pair__player_one", Player),
    ("pair__player_two", Player),
)
SIDE_JOINS = (("", DealSide), ("deal", Deal))


def _pair_query(tournament_id: int, number: int) -> "QuerySet[Pair, tuple[Any, ...]]":
    """The pair with its players, and whether anything rarer touches it: a standing decision
    in its tournament, a substitution of one of its players, a withdrawal that left a bye."""
    standing = Decision.objects.filter(
        tournament_id=OuterRef("tournament_id"), superseded_by__isnull=True
    ).exclude(kind=rules_decisions.CANCEL)
    left_bye = TournamentEvent.objects.filter(
        tournament_id=OuterRef("tournament_id"),
        kind=TournamentEvent.Kind.PAIR_WITHDRAWN,
        details__seated="bye",
    )
    return (
        Pair.objects.filter(tournament_id=tournament_id, number=number)
        .annotate(
            any_decision=Exists(standing),
            any_substitution=Exists(Substitution.objects.filter(pair_id=OuterRef("pk"))),
            any_left_bye=Exists(left_bye),
        )
        .values_list(
            *joined_columns(PAIR_JOINS), "any_decision", "any_substitution", "any_left_bye"
        )
    )


PAIR = CompiledRead(_pair_query)
SEATS = CompiledRead(
    lambda pair_id: Seat.objects.filter(
        public_seating("round__"), table__seats__pair_id=pair_id
    ).values_list(*joined_columns(SEAT_JOINS))
)
SIDES = CompiledRead(
    lambda pair_id: DealSide.objects.filter(deal__table__seats__pair_id=pair_id).values_list(
        *joined_columns(SIDE_JOINS)
    )
)


def load_history(tournament: Tournament, number: int) -> PairHistory | None:
    """The pair, every seat at its tables (its own and its opponents', each naming who played
    that round) and the deals there: three queries, one more for each rarer thing the pair's
    row says touches it (substitutions, decisions, a bye left by a withdrawal), and one more in
    an individual tournament with substitutions."""
    found = PAIR.rows(tournament.pk, number)
    if not found:
        return None
    *columns, any_decision, any_substitution, any_left_bye = found[0]
    pair = joined(columns, PAIR_JOINS, Pair)
    pair.tournament = tournament
    seats = [joined(row, SEAT_JOINS, Seat) for row in SEATS.rows(pair.pk)]
    show_seat_line_ups(seats, tournament)  # a substitute's round names the substitute
    at_table: dict[int, dict[str, Seat]] = defaultdict(dict)
    for seat in seats:
        at_table[seat.table_id][seat.position or seat.direction] = seat
    sides: dict[int, dict[int, dict[str, DealSide]]] = defaultdict(lambda: defaultdict(dict))
    for row in SIDES.rows(pair.pk):
        side = joined(row, SIDE_JOINS, DealSide)
        sides[side.deal.table_id][side.deal.number][side.direction] = side
    left = _left_byes(tournament) if any_left_bye else {}
    rounds = []
    for table_id, places in at_table.items():
        own = next(seat for seat in places.values() if seat.pair_id == pair.pk)
        other = next((seat for seat in places.values() if seat.direction != own.direction), None)
        line = _round_line(own, other, sides.get(table_id, {}))
        if own.position:  # an individual table: the partner and both opponents, by seat
            seated = [places[p] for p in POSITIONS if p in places and p != own.position]
            line = replace(
                line,
                position=own.position,
                partner=next(
                    (pair_ref(s.pair) for s in seated if s.direction == own.direction), None
                ),
                opponents=tuple(pair_ref(s.pair) for s in seated if s.direction != own.direction),
            )
        if line.is_bye:
            line = replace(line, left_by=left.get((line.round_number, line.table_number)))
        rounds.append(line)
    rounds.sort(key=lambda line: line.round_number)
    spells = player_spells(pair) if any_substitution else ()
    marks = decisions.marks_by_pair(tournament, deal_marks=True) if any_decision else {}
    return PairHistory(
        pair=pair_ref(pair),
        rounds=tuple(rounds),
        **{name: getattr(pair, name) for name in STANDING_FIELDS},
        withdrawn_from=pair.withdrawn_from,
        joined_from=pair.joined_from,
        spells=tuple((spell.name, spell.first, spell.last) for spell in spells),
        decision_marks=tuple(marks.get(pair.pk, ())),
    )


def pair_ref(pair: Pair) -> PairRef:
    players = [pair.player_one] + ([pair.player_two] if pair.player_two_id else [])
    return PairRef(
        number=pair.number,
        names=pair.names,
        players=tuple((p.first_name, p.last_name) for p in players if p is not None),
    )


def _left_byes(tournament: Tournament) -> dict[tuple[int, int], int]:
    """The tables a withdrawal left to the opponents as a bye (round, table): the number of the
    pair that withdrew (one query)."""
    events = TournamentEvent.objects.filter(
        tournament=tournament, kind=TournamentEvent.Kind.PAIR_WITHDRAWN, details__seated="bye"
    ).values_list("round_number", "table_number", "before")
    return {
        (round_number, table_number): int(before["pair"])
        for round_number, table_number, before in events
        if round_number is not None and table_number is not None and before
    }


def _round_line(own: Seat, other: Seat | None, deals: dict[int, dict[str, DealSide]]) -> RoundLine:
    table, mine = own.table, own.direction
    theirs = EW if mine == NS else NS
    by_direction = {NS: (table.ns_mp, table.ns_vp), EW: (table.ew_mp, table.ew_vp)}
    winner = ""
    if table.winner:
        winner = "us" if table.winner == mine else "them"
    return RoundLine(
        round_number=own.round.number,
        round_status=own.round.status,
        table_number=table.number,
        is_bye=table.is_bye,
        direction=mine,
        opponent=pair_ref(other.pair) if other else None,
        table_status=table.status,
        mp=by_direction[mine][0],
        opponent_mp=by_direction[theirs][0],
        vp=by_direction[mine][1],
        opponent_vp=by_direction[theirs][1],
        winner=winner,
        girone=table.girone.name if table.girone else "",
        deals=tuple(
            DealLine(
                number=number,
                ours=_side_score(sides.get(mine)),
                theirs=_side_score(sides.get(theirs)),
            )
            for number, sides in sorted(deals.items())
        ),
    )


def _side_score(side: DealSide | None) -> SideScore | None:
    return None if side is None else SideScore.of(side)
