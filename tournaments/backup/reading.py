"""Reading a backup file into unsaved rows, every value checked against its field (values.py):
anything not in the file's shape is a ServiceError that says where."""

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from django.utils import timezone

from tournaments.backup.decisions import DecisionIn, read_decisions
from tournaments.backup.fields import (
    CHANGE_FIELDS,
    DEAL_FIELDS,
    EVENT_FIELDS,
    EW,
    FORMAT,
    MELD_FIELDS,
    NS,
    PAIR_CHECK_IN_FIELDS,
    PAIR_FIELDS,
    PAIR_PLAY_FIELDS,
    PLAYER_FIELDS,
    PROPOSAL_FIELDS,
    PROPOSAL_LATER_FIELDS,
    ROUND_EVENING_FIELDS,
    ROUND_FIELDS,
    SIDE_FIELDS,
    SIDE_NAMES,
    SUBSTITUTION_FIELDS,
    TABLE_ENTRY_FIELDS,
    TABLE_FIELDS,
    TOURNAMENT_ENTRY_FIELDS,
    TOURNAMENT_EVENING_FIELDS,
    TOURNAMENT_FIELDS,
    TOURNAMENT_LATER_FIELDS,
    TOURNAMENT_PRIZE_FIELDS,
    TOURNAMENT_SHAPE_FIELDS,
    VERSION,
    Row,
)
from tournaments.backup.values import (
    as_list,
    as_object,
    bad,
    field_row,
    field_value,
    field_values,
    new_row,
    present,
    username,
    whole_number,
)
from tournaments.models import (
    Club,
    Deal,
    DealProposal,
    DealSide,
    Meld,
    Pair,
    Player,
    ResultChange,
    Round,
    Seat,
    Substitution,
    Table,
    Tournament,
    TournamentEvent,
)
from tournaments.rules.shapes import POSITIONS
from tournaments.rules.states import POSITION_DIRECTION
from tournaments.services import ServiceError


def backup_club_slug(*, data: object) -> str:
    """The slug of the club a backup came from, once the file is known to be a backup."""
    check_format(data)
    assert isinstance(data, dict)
    club = data.get("club")
    slug = club.get("slug") if isinstance(club, dict) else None
    if not isinstance(slug, str) or not slug:
        raise bad("the file", "does not say which club it comes from")
    return slug


def check_format(data: object) -> None:
    if not isinstance(data, dict):
        raise ServiceError("The file is not a tournament backup: it holds no JSON object.")
    if data.get("format") != FORMAT:
        raise ServiceError(
            f"The file is not a tournament backup (its format is {data.get('format')!r}, "
            f"not {FORMAT!r})."
        )
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise ServiceError(
            f"The file is a tournament backup of version {version!r}; this site reads version "
            f"{VERSION} only."
        )


# The file, read and checked, as unsaved rows: written only once every check has passed.


@dataclass
class _PairIn:
    row: Pair
    players: list[Row | None]
    substitutions: list[tuple[int, Row, Row]] = field(default_factory=list)
    """(from round, player out, player in), in the order they were made."""
    placed_substitutions: list[tuple[int, Player, Player]] = field(default_factory=list)
    """The same with the club's players, once placed (restore._place_players)."""


@dataclass
class _SideIn:
    row: DealSide
    pair: int
    melds: list[Meld]


@dataclass
class DealIn:
    row: Deal
    updated_at: datetime
    user: str | None
    sides: list[_SideIn]


@dataclass
class ProposalIn:
    row: DealProposal
    pair: int
    answers: int | None
    """The place in its table's list of the version it answers."""
    created_at: datetime
    where: str


@dataclass
class _TableIn:
    row: Table
    where: str
    seats: dict[str, int] = field(default_factory=dict)
    """Direction -> its pair; at an individual table, its first player (North, East)."""
    places: dict[str, int] = field(default_factory=dict)
    """Where each seated pair (or player, by position) sits: direction or position -> id."""
    deals: list[DealIn] = field(default_factory=list)
    proposals: list[ProposalIn] = field(default_factory=list)


@dataclass
class _RoundIn:
    row: Round
    tables: list[_TableIn]


@dataclass
class ChangeIn:
    row: ResultChange
    at: datetime
    place: tuple[int, int]
    user: str | None
    pair: int | None
    where: str


@dataclass
class _EventIn:
    row: TournamentEvent
    at: datetime
    user: str | None


@dataclass
class Backup:
    tournament: Tournament
    season: Row | None
    pairs: dict[int, _PairIn]
    rounds: list[_RoundIn]
    changes: list[ChangeIn]
    events: list[_EventIn]
    decisions: list[DecisionIn] = field(default_factory=list)

    def deals(self) -> Iterable[DealIn]:
        return (deal for round_ in self.rounds for table in round_.tables for deal in table.deals)

    def proposals(self) -> Iterable[ProposalIn]:
        return (p for round_ in self.rounds for table in round_.tables for p in table.proposals)


def read(data: Row, club: Club) -> Backup:
    head = as_object(data.get("tournament"), "the tournament")
    names = (
        *TOURNAMENT_FIELDS,
        *present(head, TOURNAMENT_LATER_FIELDS),
        *present(head, TOURNAMENT_ENTRY_FIELDS),
        *present(head, TOURNAMENT_EVENING_FIELDS),
        *present(head, TOURNAMENT_SHAPE_FIELDS),
        *present(head, TOURNAMENT_PRIZE_FIELDS),
    )
    tournament = Tournament(club=club, **field_values(Tournament, head, names, "the tournament"))
    season = head.get("season")
    if season is not None and not isinstance(as_object(season, "the season").get("slug"), str):
        raise bad("the season", 'needs its "slug"')
    pairs: dict[int, _PairIn] = {}
    for row in as_list(data, "pairs", "the file"):
        row = as_object(row, "a pair")
        number = whole_number(row, "number", "a pair")
        where = f"pair {number}"
        if number in pairs:
            raise bad(where, "appears twice")
        players: list[Row | None] = []
        for key in ("player_one", "player_two"):
            player = row.get(key)
            if player is None and key == "player_two":
                players.append(None)
                continue
            players.append(
                field_values(Player, as_object(player, f"{where}, {key}"), PLAYER_FIELDS, where)
            )
        optional = present(row, (*PAIR_PLAY_FIELDS, *PAIR_CHECK_IN_FIELDS))
        values = field_values(Pair, row, (*PAIR_FIELDS, *optional), where)
        pairs[number] = _PairIn(Pair(**values), players, _substitutions(row, where))
    rounds = [_read_round(row, pairs) for row in as_list(data, "rounds", "the file")]
    if len({round_.row.number for round_ in rounds}) != len(rounds):
        raise bad("the file", "lists a round number twice")
    places = {(r.row.number, t.row.number) for r in rounds for t in r.tables}
    changes = [_read_change(row, places, pairs) for row in as_list(data, "changes", "the file")]
    events = (
        [_read_event(row) for row in as_list(data, "events", "the file")]
        if "events" in data
        else []
    )
    decisions = read_decisions(data, pairs)
    return Backup(tournament, season, pairs, rounds, changes, events, decisions)


def _read_change(row: object, places: set[tuple[int, int]], pairs: dict[int, _PairIn]) -> ChangeIn:
    row = as_object(row, "an audit record")
    values = field_values(ResultChange, row, CHANGE_FIELDS, "an audit record")
    place = (
        whole_number(row, "round", "an audit record"),
        whole_number(row, "table", "an audit record"),
    )
    if place not in places:
        raise bad("an audit record", f"names round {place[0]}, table {place[1]}, not in the file")
    where = (
        f"the audit record of round {place[0]}, table {place[1]}, deal {values['deal_number']} "
        f"({values['action']}, {row['at']})"
    )
    pair = row.get("pair")
    if pair is not None and (isinstance(pair, bool) or not isinstance(pair, int)):
        raise bad(where, 'should name the pair whose link made it by its number in "pair"')
    if pair is not None and pair not in pairs:
        raise bad(where, f"names pair {pair}, which is not in the file")
    for key in ("before", "after"):
        if values[key] is not None and not isinstance(values[key], dict):
            raise bad(where, f'should have a JSON object or null in "{key}"')
    user = username(row, "user", where)
    return ChangeIn(new_row(ResultChange, values), values["at"], place, user, pair, where)


def _read_event(row: object) -> _EventIn:
    row = as_object(row, "a change of the tournament")
    values = field_values(TournamentEvent, row, EVENT_FIELDS, "a change of the tournament")
    where = f"the change of the tournament of {row['at']} ({values['kind']})"
    if not isinstance(values["details"], dict):
        raise bad(where, 'should have a JSON object in "details"')
    if values["before"] is not None and not isinstance(values["before"], dict):
        raise bad(where, 'should have a JSON object or null in "before"')
    if values["after"] is not None and not isinstance(values["after"], dict | list):
        raise bad(where, 'should have a JSON object, a list or null in "after"')
    return _EventIn(TournamentEvent(**values), values["at"], username(row, "user", where))


def _substitutions(row: Row, where: str) -> list[tuple[int, Row, Row]]:
    """A pair's substitutions (none in a file written before they were kept)."""
    if "substitutions" not in row:
        return []
    found = []
    for change in as_list(row, "substitutions", where):
        change = as_object(change, f"{where}, a substitution")
        values = field_values(Substitution, change, SUBSTITUTION_FIELDS, f"{where}, a substitution")
        people = [
            field_values(
                Player, as_object(change.get(key), f"{where}, {key}"), PLAYER_FIELDS, where
            )
            for key in ("player_out", "player_in")
        ]
        found.append((values["from_round"], people[0], people[1]))
    return found


def _read_round(row: object, pairs: dict[int, _PairIn]) -> _RoundIn:
    row = as_object(row, "a round")
    where = f"round {whole_number(row, 'number', 'a round')}"
    names = (*ROUND_FIELDS, *present(row, ROUND_EVENING_FIELDS))
    round_ = _RoundIn(Round(**field_values(Round, row, names, where)), [])
    if "seating_published_at" not in row:  # a file of before: its seating was public
        round_.row.seating_published_at = timezone.now()
    seated: set[int] = set()
    for table_row in as_list(row, "tables", where):
        table_row = as_object(table_row, f"{where}, a table")
        table_where = f"{where}, table {whole_number(table_row, 'number', f'{where}, a table')}"
        names = (*TABLE_FIELDS, *present(table_row, TABLE_ENTRY_FIELDS))
        table = _TableIn(field_row(Table, table_row, names, table_where), table_where)
        if any(t.row.number == table.row.number for t in round_.tables):
            raise bad(table_where, "appears twice")
        for seat in as_list(table_row, "seats", table_where):
            seat = as_object(seat, f"{table_where}, a seat")
            direction = field_value(
                Seat._meta.get_field("direction"), seat, f"{table_where}, a seat"
            )
            pair = whole_number(seat, "pair", f"{table_where}, a seat")
            position = seat.get("position", "")
            if position not in ("", *POSITIONS) or (
                position and POSITION_DIRECTION[position] != direction
            ):
                raise bad(table_where, f"seats pair {pair} at an unknown place {position!r}")
            if pair not in pairs:
                raise bad(table_where, f"seats pair {pair}, which is not in the file")
            if pair in seated:
                raise bad(where, f"seats pair {pair} twice")
            if (position or direction) in table.places:
                raise bad(table_where, f"seats two pairs {SIDE_NAMES[direction]}")
            seated.add(pair)
            table.places[position or direction] = pair
        table.seats = {
            direction: table.places.get(first, table.places.get(direction, 0))
            for direction, first in ((NS, "N"), (EW, "E"))
        }
        wanted = {NS} if table.row.is_bye else {NS, EW}
        if "N" in table.places:
            wanted = set(POSITIONS)  # an individual table: four players
        else:
            table.seats = {d: pair for d, pair in table.seats.items() if d in table.places}
        if set(table.places) != wanted:
            kind = "a bye seats one pair, North-South" if table.row.is_bye else "seats two pairs"
            raise bad(table_where, f"should be a table that {kind}")
        for deal_row in as_list(table_row, "deals", table_where):
            table.deals.append(_read_deal(deal_row, table))
        if len({deal.row.number for deal in table.deals}) != len(table.deals):
            raise bad(table_where, "lists a deal number twice")
        if "proposals" in table_row:
            for proposal_row in as_list(table_row, "proposals", table_where):
                table.proposals.append(_read_proposal(proposal_row, table))
        if (table.deals or table.proposals) and (
            table.row.is_bye or round_.row.status == Round.Status.SEATING
        ):
            why = "is a bye" if table.row.is_bye else "is in a round not started"
            raise bad(table_where, f"{why}, yet it has deals")
        table.deals.sort(key=lambda deal: deal.row.number)
        round_.tables.append(table)
    return round_


def _read_deal(row: object, table: _TableIn) -> DealIn:
    row = as_object(row, f"{table.where}, a deal")
    where = f"{table.where}, deal {whole_number(row, 'number', f'{table.where}, a deal')}"
    values = field_values(Deal, row, DEAL_FIELDS, where)
    deal = DealIn(
        new_row(Deal, values), values["updated_at"], username(row, "entered_by", where), []
    )
    for side_row in as_list(row, "sides", where):
        side_row = as_object(side_row, f"{where}, a side")
        side = field_row(DealSide, side_row, SIDE_FIELDS, f"{where}, a side")
        side_where = f"{where}, {SIDE_NAMES[side.direction]} side"
        pair = whole_number(side_row, "pair", side_where)
        if pair != table.seats[side.direction]:
            raise bad(
                side_where,
                f"names pair {pair}, but pair {table.seats[side.direction]} sits there",
            )
        melds = [
            field_row(Meld, as_object(meld, f"{side_where}, a meld"), MELD_FIELDS, side_where)
            for meld in as_list(side_row, "melds", side_where)
        ]
        if len({meld.number for meld in melds}) != len(melds):
            raise bad(side_where, "lists a meld number twice")
        deal.sides.append(_SideIn(side, pair, melds))
    if sorted(side.row.direction for side in deal.sides) != sorted((NS, EW)):
        raise bad(where, "should have two sides, one North-South and one East-West")
    deal.sides.sort(key=lambda side: (NS, EW).index(side.row.direction))
    return deal


def _read_proposal(row: object, table: _TableIn) -> ProposalIn:
    """A deal as a pair wrote it: by the pair seated on its side, answering an earlier version
    of the same deal by the other side, its totals the two sides' numbers."""
    row = as_object(row, f"{table.where}, a deal written by the players")
    names = (*PROPOSAL_FIELDS, *present(row, PROPOSAL_LATER_FIELDS))
    values = field_values(DealProposal, row, names, f"{table.where}, a deal written")
    where = f"{table.where}, deal {values['number']} as {SIDE_NAMES[values['direction']]} wrote it"
    if values["number"] < 1:
        raise bad(where, "should have a deal number from 1")
    pair = whole_number(row, "pair", where)
    side = values["direction"]
    at_side = {p for key, p in table.places.items() if POSITION_DIRECTION.get(key, key) == side}
    if pair not in at_side:  # at an individual table, either partner writes
        raise bad(
            where, f"names pair {pair}, but pair {table.seats[values['direction']]} sits there"
        )
    totals = values["totals"]
    if (
        not isinstance(totals, dict)
        or sorted(totals) != sorted((NS, EW))
        or not all(type(total) is int for total in totals.values())
    ):
        raise bad(where, 'should have the two sides\' totals in "totals", {"ns": …, "ew": …}')
    answers = row.get("answers")
    if answers is not None:
        if isinstance(answers, bool) or not isinstance(answers, int):
            raise bad(where, 'should name the version it answers by its place in "answers"')
        if not 0 <= answers < len(table.proposals):
            raise bad(where, f"answers version {answers}, which is not written before it")
        answered = table.proposals[answers].row
        if answered.number != values["number"] or answered.direction == values["direction"]:
            raise bad(where, "answers a version that is not the other side's of the same deal")
    proposal = DealProposal(**values, key=f"imported-{len(table.proposals) + 1}")
    return ProposalIn(proposal, pair, answers, values["created_at"], where)
