"""Backups of one tournament: everything it holds as one JSON document, and back again.

`tournament_export` writes a tournament as plain JSON: its settings, pairs and their players,
rounds (turni), tables, seats, deals (smazzate) with their entries, sides and melds, the stored
table totals and pair standings, and the audit records. Rows name each other by their numbers
in the tournament (pair 3, round 2 table 1, deal 2), never by database ids; users by username.

`tournament_import` restores such a document as a new tournament of a club, row for row as it
was exported: it does not rescore. It does check the numbers, so that a file edited by hand
cannot bring in scores the engine would not give: every deal's entry is scored again under the
tournament's rules and must give exactly the stored sides and melds, and every table's totals
and every pair's standing must be what the services derive from them. Anything wrong is a
ServiceError that says where, and nothing is saved.
"""

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DataError, IntegrityError, connection, models, transaction
from django.utils import timezone

from scoring import InvalidDeal, InvalidMatch, RuleSet, deal_from_json, score_deal
from scoring.deals import SideResult
from tournaments import services
from tournaments.models import (
    CUSTOM_SCALE,
    Club,
    Deal,
    DealSide,
    Meld,
    Pair,
    Player,
    ResultChange,
    Round,
    Season,
    Seat,
    Table,
    Tournament,
)
from tournaments.services import ServiceError

FORMAT = "burraco_club.tournament"
VERSION = 1

NS, EW = Seat.Direction.NS.value, Seat.Direction.EW.value
SIDE_NAMES = {NS: "N-S", EW: "E-W"}

TOURNAMENT_FIELDS = (
    "name", "slug", "date", "variant", "house_rules", "format", "rounds", "deals_per_round",
    "movement_plan", "vp_scale", "custom_vp_bands", "target_score", "bye_vp", "bye_mp",
    "status", "published", "results_version", "created_at",
)  # fmt: skip
PLAYER_FIELDS = ("first_name", "last_name", "card_number")
STANDING_FIELDS = (
    "vp", "mp", "rounds_played", "matches_won", "point_difference", "byes", "rank",
)  # fmt: skip
PAIR_FIELDS = ("number", *STANDING_FIELDS)
ROUND_FIELDS = ("number", "movement", "step", "seed", "status", "pairing_outdated")
TABLE_TOTALS = ("status", "ns_mp", "ew_mp", "ns_vp", "ew_vp", "winner")
TABLE_LABELS = {
    "status": "state", "ns_mp": "N-S MP", "ew_mp": "E-W MP", "ns_vp": "N-S VP",
    "ew_vp": "E-W VP", "winner": "winner",
}  # fmt: skip
TABLE_FIELDS = ("number", "is_bye", "version", *TABLE_TOTALS)
DEAL_FIELDS = ("number", "mode", "entry", "updated_at")
SIDE_NUMBERS = (
    "closed", "pot", "melded_points", "hand_points", "burracos", "burraco_bonus",
    "closing_bonus", "hand_penalty", "pot_penalty", "total", "hand",
)  # fmt: skip
SIDE_FIELDS = ("direction", *SIDE_NUMBERS)
MELD_FIELDS = ("number", "cards", "burraco", "points")
CHANGE_FIELDS = ("deal_number", "action", "at", "before", "after")

Row = dict[str, Any]


# --- export --------------------------------------------------------------------------------------


def tournament_export(*, tournament: Tournament) -> dict[str, Any]:
    """The whole tournament as JSON-ready data, read in the same few queries at any size."""
    tournament = Tournament.objects.select_related("club", "season").get(pk=tournament.pk)
    in_tournament = {"round__tournament": tournament}
    pairs = tournament.pairs.select_related("player_one", "player_two").order_by("number")
    pair_number = {pair.pk: pair.number for pair in pairs}
    rounds = list(tournament.round_set.order_by("number"))
    round_number = {round_.pk: round_.number for round_ in rounds}
    tables = list(Table.objects.filter(**in_tournament).order_by("round_id", "number"))
    table_place = {table.pk: (round_number[table.round_id], table.number) for table in tables}

    melds_of: dict[int, list[Row]] = defaultdict(list)
    for meld in Meld.objects.filter(side__deal__table__round__tournament=tournament).order_by(
        "side_id", "number"
    ):
        melds_of[meld.side_id].append(_dump(meld, MELD_FIELDS))
    sides_of: dict[int, list[Row]] = defaultdict(list)
    for side in DealSide.objects.filter(deal__table__round__tournament=tournament).order_by(
        "deal_id",
        "-direction",  # North-South first, as the entry has them
    ):
        sides_of[side.deal_id].append(
            {
                **_dump(side, SIDE_FIELDS),
                "pair": pair_number[side.pair_id],
                "melds": melds_of[side.pk],
            }
        )
    deals_of: dict[int, list[Row]] = defaultdict(list)
    for deal in (
        Deal.objects.filter(table__round__tournament=tournament)
        .select_related("entered_by")
        .order_by("table_id", "number")
    ):
        deals_of[deal.table_id].append(
            {
                **_dump(deal, DEAL_FIELDS),
                "entered_by": _username(deal.entered_by),
                "sides": sides_of[deal.pk],
            }
        )
    seats_of: dict[int, list[Row]] = defaultdict(list)
    for seat in Seat.objects.filter(**in_tournament).order_by("table_id", "-direction"):
        seats_of[seat.table_id].append(
            {"direction": seat.direction, "pair": pair_number[seat.pair_id]}
        )
    tables_of: dict[int, list[Row]] = defaultdict(list)
    for table in tables:
        tables_of[table.round_id].append(
            {**_dump(table, TABLE_FIELDS), "seats": seats_of[table.pk], "deals": deals_of[table.pk]}
        )
    season = tournament.season
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": _plain(timezone.now()),
        "club": {"slug": tournament.club.slug, "name": tournament.club.name},
        "tournament": {
            **_dump(tournament, TOURNAMENT_FIELDS),
            "season": None if season is None else {"slug": season.slug, "name": season.name},
        },
        "pairs": [
            {
                **_dump(pair, PAIR_FIELDS),
                "player_one": _dump(pair.player_one, PLAYER_FIELDS),
                "player_two": None
                if pair.player_two is None
                else _dump(pair.player_two, PLAYER_FIELDS),
            }
            for pair in pairs
        ],
        "rounds": [
            {**_dump(round_, ROUND_FIELDS), "tables": tables_of[round_.pk]} for round_ in rounds
        ],
        "changes": [
            {
                "round": table_place[change.table_id][0],
                "table": table_place[change.table_id][1],
                **_dump(change, CHANGE_FIELDS),
                "user": _username(change.user),
            }
            for change in tournament.changes.select_related("user").order_by("at", "id")
        ],
    }


def _dump(row: models.Model, names: Iterable[str]) -> Row:
    return {name: _plain(getattr(row, name)) for name in names}


def _plain(value: object) -> object:
    """Dates and times as ISO 8601; times in UTC with microseconds, so they come back exact."""
    if isinstance(value, datetime):
        return value.astimezone(UTC).isoformat(timespec="microseconds")
    if isinstance(value, date):
        return value.isoformat()
    return value


def _username(user: Any) -> str | None:
    return None if user is None else str(user.get_username())


# --- import: reading the file --------------------------------------------------------------------


def backup_club_slug(*, data: object) -> str:
    """The slug of the club a backup came from, once the file is known to be a backup."""
    _check_format(data)
    assert isinstance(data, dict)
    club = data.get("club")
    slug = club.get("slug") if isinstance(club, dict) else None
    if not isinstance(slug, str) or not slug:
        raise _bad("the file", "does not say which club it comes from")
    return slug


def _check_format(data: object) -> None:
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


def _bad(where: str, what: str) -> ServiceError:
    return ServiceError(f"The file is not a usable tournament backup: {where} {what}.")


def _object(value: object, where: str) -> Row:
    if not isinstance(value, dict):
        raise _bad(where, "should be a JSON object")
    return value


def _list(row: Row, key: str, where: str) -> list[Any]:
    value = row.get(key)
    if not isinstance(value, list):
        raise _bad(where, f'needs "{key}", a list')
    return value


def _number(row: Row, key: str, where: str) -> int:
    value = row.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(where, f'needs "{key}", a whole number')
    return value


def _user(row: Row, key: str, where: str) -> str | None:
    value = row.get(key)
    if value is not None and not isinstance(value, str):
        raise _bad(where, f'should name a user by username in "{key}", or hold null')
    return value


def _values(model: type[models.Model], row: Row, names: Iterable[str], where: str) -> Row:
    """The named fields of `model` from a row of the file, each checked against its field."""
    return {name: _value(model._meta.get_field(name), row, where) for name in names}


def _value(field: Any, row: Row, where: str) -> Any:
    name = field.name
    if name not in row:
        raise _bad(where, f'has no "{name}"')
    value = row[name]
    if value is None:
        if field.null:
            return None
        raise _bad(where, f'cannot leave "{name}" empty')
    if isinstance(field, models.JSONField):
        return value
    if isinstance(field, models.BooleanField):
        if not isinstance(value, bool):
            raise _bad(where, f'should have true or false in "{name}"')
        return value
    if isinstance(field, models.IntegerField):
        low, high = connection.ops.integer_field_range(field.get_internal_type())
        if isinstance(value, bool) or not isinstance(value, int):
            raise _bad(where, f'should have a whole number in "{name}", not {value!r}')
        if (low is not None and value < low) or (high is not None and value > high):
            raise _bad(where, f'has {value} in "{name}", out of range')
        return value
    if isinstance(field, models.DateTimeField | models.DateField):
        return _moment(field, value, where)
    if isinstance(field, models.CharField):
        if not isinstance(value, str):
            raise _bad(where, f'should have text in "{name}", not {value!r}')
        allowed = [str(key) for key, _ in field.flatchoices]
        if allowed and value not in allowed:
            raise _bad(
                where, f'has "{value}" in "{name}", which is not one of {", ".join(allowed)}'
            )
        try:
            field.run_validators(value)
        except ValidationError as error:
            raise _bad(where, f'has "{value}" in "{name}": ' + " ".join(error.messages)) from None
        return value
    raise AssertionError(f"no reader for {field!r}")  # pragma: no cover - a field list typo


def _moment(field: Any, value: object, where: str) -> date | datetime:
    is_time = isinstance(field, models.DateTimeField)
    want = "a date and time with its time zone" if is_time else "a date"
    try:
        if not isinstance(value, str):
            raise ValueError
        moment = datetime.fromisoformat(value) if is_time else date.fromisoformat(value)
    except ValueError:
        raise _bad(
            where, f'should have {want} in "{field.name}" (ISO 8601), not {value!r}'
        ) from None
    if isinstance(moment, datetime) and moment.tzinfo is None:
        raise _bad(where, f'should give the time zone of "{field.name}" ({value})')
    return moment


# The file, read and checked, as unsaved rows: written only once every check has passed.


@dataclass
class _PairIn:
    row: Pair
    players: list[Row | None]


@dataclass
class _SideIn:
    row: DealSide
    pair: int
    melds: list[Meld]


@dataclass
class _DealIn:
    row: Deal
    updated_at: datetime
    user: str | None
    sides: list[_SideIn]


@dataclass
class _TableIn:
    row: Table
    where: str
    seats: dict[str, int] = field(default_factory=dict)
    deals: list[_DealIn] = field(default_factory=list)


@dataclass
class _RoundIn:
    row: Round
    tables: list[_TableIn]


@dataclass
class _ChangeIn:
    row: ResultChange
    at: datetime
    place: tuple[int, int]
    user: str | None


@dataclass
class _Backup:
    tournament: Tournament
    season: Row | None
    pairs: dict[int, _PairIn]
    rounds: list[_RoundIn]
    changes: list[_ChangeIn]

    def deals(self) -> Iterable[_DealIn]:
        return (deal for round_ in self.rounds for table in round_.tables for deal in table.deals)


def _read(data: Row, club: Club) -> _Backup:
    head = _object(data.get("tournament"), "the tournament")
    tournament = Tournament(
        club=club, **_values(Tournament, head, TOURNAMENT_FIELDS, "the tournament")
    )
    season = head.get("season")
    if season is not None and not isinstance(_object(season, "the season").get("slug"), str):
        raise _bad("the season", 'needs its "slug"')
    pairs: dict[int, _PairIn] = {}
    for row in _list(data, "pairs", "the file"):
        row = _object(row, "a pair")
        number = _number(row, "number", "a pair")
        where = f"pair {number}"
        if number in pairs:
            raise _bad(where, "appears twice")
        players: list[Row | None] = []
        for key in ("player_one", "player_two"):
            player = row.get(key)
            if player is None and key == "player_two":
                players.append(None)
                continue
            players.append(
                _values(Player, _object(player, f"{where}, {key}"), PLAYER_FIELDS, where)
            )
        pairs[number] = _PairIn(Pair(**_values(Pair, row, PAIR_FIELDS, where)), players)
    rounds = [_read_round(row, pairs) for row in _list(data, "rounds", "the file")]
    if len({round_.row.number for round_ in rounds}) != len(rounds):
        raise _bad("the file", "lists a round number twice")
    places = {(r.row.number, t.row.number) for r in rounds for t in r.tables}
    changes = []
    for row in _list(data, "changes", "the file"):
        row = _object(row, "an audit record")
        values = _values(ResultChange, row, CHANGE_FIELDS, "an audit record")
        place = (_number(row, "round", "an audit record"), _number(row, "table", "an audit record"))
        if place not in places:
            raise _bad(
                "an audit record", f"names round {place[0]}, table {place[1]}, not in the file"
            )
        user = _user(row, "user", "an audit record")
        changes.append(_ChangeIn(ResultChange(**values), values["at"], place, user))
    return _Backup(tournament, season, pairs, rounds, changes)


def _read_round(row: object, pairs: dict[int, _PairIn]) -> _RoundIn:
    row = _object(row, "a round")
    where = f"round {_number(row, 'number', 'a round')}"
    round_ = _RoundIn(Round(**_values(Round, row, ROUND_FIELDS, where)), [])
    seated: set[int] = set()
    for table_row in _list(row, "tables", where):
        table_row = _object(table_row, f"{where}, a table")
        table_where = f"{where}, table {_number(table_row, 'number', f'{where}, a table')}"
        table = _TableIn(Table(**_values(Table, table_row, TABLE_FIELDS, table_where)), table_where)
        if any(t.row.number == table.row.number for t in round_.tables):
            raise _bad(table_where, "appears twice")
        for seat in _list(table_row, "seats", table_where):
            seat = _object(seat, f"{table_where}, a seat")
            direction = _value(Seat._meta.get_field("direction"), seat, f"{table_where}, a seat")
            pair = _number(seat, "pair", f"{table_where}, a seat")
            if pair not in pairs:
                raise _bad(table_where, f"seats pair {pair}, which is not in the file")
            if pair in seated:
                raise _bad(where, f"seats pair {pair} twice")
            if direction in table.seats:
                raise _bad(table_where, f"seats two pairs {SIDE_NAMES[direction]}")
            seated.add(pair)
            table.seats[direction] = pair
        wanted = {NS} if table.row.is_bye else {NS, EW}
        if set(table.seats) != wanted:
            kind = "a bye seats one pair, North-South" if table.row.is_bye else "seats two pairs"
            raise _bad(table_where, f"should be a table that {kind}")
        for deal_row in _list(table_row, "deals", table_where):
            table.deals.append(_read_deal(deal_row, table))
        if len({deal.row.number for deal in table.deals}) != len(table.deals):
            raise _bad(table_where, "lists a deal number twice")
        if table.deals and (table.row.is_bye or round_.row.status == Round.Status.SEATING):
            why = "is a bye" if table.row.is_bye else "is in a round not started"
            raise _bad(table_where, f"{why}, yet it has deals")
        table.deals.sort(key=lambda deal: deal.row.number)
        round_.tables.append(table)
    return round_


def _read_deal(row: object, table: _TableIn) -> _DealIn:
    row = _object(row, f"{table.where}, a deal")
    where = f"{table.where}, deal {_number(row, 'number', f'{table.where}, a deal')}"
    values = _values(Deal, row, DEAL_FIELDS, where)
    deal = _DealIn(Deal(**values), values["updated_at"], _user(row, "entered_by", where), [])
    for side_row in _list(row, "sides", where):
        side_row = _object(side_row, f"{where}, a side")
        side = DealSide(**_values(DealSide, side_row, SIDE_FIELDS, f"{where}, a side"))
        side_where = f"{where}, {SIDE_NAMES[side.direction]} side"
        pair = _number(side_row, "pair", side_where)
        if pair != table.seats[side.direction]:
            raise _bad(
                side_where,
                f"names pair {pair}, but pair {table.seats[side.direction]} sits there",
            )
        melds = [
            Meld(**_values(Meld, _object(meld, f"{side_where}, a meld"), MELD_FIELDS, side_where))
            for meld in _list(side_row, "melds", side_where)
        ]
        if len({meld.number for meld in melds}) != len(melds):
            raise _bad(side_where, "lists a meld number twice")
        deal.sides.append(_SideIn(side, pair, melds))
    if sorted(side.row.direction for side in deal.sides) != sorted((NS, EW)):
        raise _bad(where, "should have two sides, one North-South and one East-West")
    deal.sides.sort(key=lambda side: (NS, EW).index(side.row.direction))
    return deal


# --- import: checking the numbers ----------------------------------------------------------------


def _rules_of(tournament: Tournament) -> RuleSet:
    if not isinstance(tournament.house_rules, dict):
        raise _bad(
            "the tournament", 'should have its house rules as a JSON object in "house_rules"'
        )
    plan, movements = tournament.movement_plan, set(Round.Movement.values)
    if not isinstance(plan, list) or not all(step in movements for step in plan):
        raise _bad("the tournament", 'should list movements in "movement_plan"')
    if not isinstance(tournament.custom_vp_bands, list):
        raise _bad("the tournament", 'should list bands in "custom_vp_bands"')
    try:
        rules = tournament.rules
    except KeyError:
        raise _bad("the tournament", f"has the unknown variant {tournament.variant!r}") from None
    except (ValueError, TypeError) as error:
        raise _bad("the tournament", f"has house rules this site cannot use ({error})") from None
    if tournament.vp_scale == CUSTOM_SCALE:
        services.vp_scale_from_rows(tournament.custom_vp_bands)
    return rules


def _label(model: type[models.Model], name: str) -> str:
    return str(getattr(model._meta.get_field(name), "verbose_name", name))


def _refused(where: str, what: str, stored: object, wanted: object, source: str) -> ServiceError:
    return ServiceError(
        f"{where[0].upper()}{where[1:]}: the stored {what} ({stored}) is not what {source} "
        f"({wanted}). The file was changed by hand or is damaged; nothing was imported."
    )


ENGINE = "the scoring engine gives for its entry"


def _check_deals(backup: _Backup) -> None:
    """Score every deal's entry again, as `services.deal_record` did, and compare."""
    tournament = backup.tournament
    rules = _rules_of(tournament)
    for round_ in backup.rounds:
        for table in round_.tables:
            running = {NS: 0, EW: 0}
            for deal in table.deals:
                where = f"{table.where}, deal {deal.row.number}"
                _check_deal(tournament, rules, deal, running, where)
                for side in deal.sides:
                    running[side.row.direction] += side.row.total


def _check_deal(
    tournament: Tournament, rules: RuleSet, deal: _DealIn, running: dict[str, int], where: str
) -> None:
    entry = deal.row.entry
    entered = entry.get("sides") if isinstance(entry, dict) else None
    if (
        not isinstance(entered, list)
        or len(entered) != 2
        or not all(isinstance(s, dict) for s in entered)
    ):
        raise ServiceError(
            f"{where[0].upper()}{where[1:]}: the stored entry is not a deal's two sides, so the "
            "scoring engine cannot check its scores; nothing was imported."
        )
    data_sides = []
    for direction, side in zip((NS, EW), entered, strict=True):
        side = {key: value for key, value in side.items() if key != "score_before"}
        if rules.opening is not None:
            side["score_before"] = running[direction] if tournament.is_target else 0
        data_sides.append(side)
    try:
        result = score_deal(deal_from_json({"variant": rules.slug, "sides": data_sides}, rules))
    except InvalidDeal as error:
        raise ServiceError(
            f"{where[0].upper()}{where[1:]}: the scoring engine refuses the stored entry ("
            + "; ".join(error.problems)
            + "), so its scores cannot be checked; nothing was imported."
        ) from None
    for side, data, scored in zip(deal.sides, data_sides, result.sides, strict=True):
        name = SIDE_NAMES[side.row.direction]
        wanted = _as_saved(data, scored)
        for key in SIDE_NUMBERS:
            if getattr(side.row, key) != wanted[key]:
                what = f"{name} {_label(DealSide, key)}"
                raise _refused(where, what, getattr(side.row, key), wanted[key], ENGINE)
        melds = [(m.number, m.cards, m.burraco, m.points) for m in side.melds]
        if len(melds) != len(wanted["melds"]):
            what = f"number of {name} melds"
            raise _refused(where, what, len(melds), len(wanted["melds"]), ENGINE)
        for meld, meld_wanted in zip(melds, wanted["melds"], strict=True):
            if meld != meld_wanted:
                what = f"{name} meld {meld_wanted[0]}"
                raise _refused(where, what, _meld_text(meld), _meld_text(meld_wanted), ENGINE)


def _meld_text(meld: tuple[int, str, str, int]) -> str:
    _, cards, burraco, points = meld
    return f"{cards}: {burraco + ' burraco, ' if burraco else ''}{points} points"


def _as_saved(data: Row, scored: SideResult) -> Row:
    """What `services.deal_record` stores for one side of a deal: keep the two in step."""
    return {
        "closed": bool(data.get("closed")),
        "pot": str(data.get("pot", "")),
        "melded_points": scored.melded_points,
        "hand_points": scored.hand_points,
        "burracos": list(scored.burracos),
        "burraco_bonus": scored.burraco_bonus,
        "closing_bonus": scored.closing_bonus,
        "hand_penalty": scored.hand_penalty,
        "pot_penalty": scored.pot_penalty,
        "total": scored.total,
        "hand": " ".join(str(card) for card in data.get("hand", [])),
        "melds": [
            (number, " ".join(card.code for card in meld.cards), meld.burraco or "", meld.points)
            for number, meld in enumerate(scored.melds, 1)
        ],
    }


def _check_tables(backup: _Backup) -> None:
    """Every table's stored totals, against `services.table_recompute` over its saved deals."""
    tournament = backup.tournament
    untouched: Row = {
        "status": Table.Status.NOT_STARTED, "ns_mp": 0, "ew_mp": 0, "ns_vp": None, "ew_vp": None,
        "winner": "",
    }  # fmt: skip
    for round_ in backup.rounds:
        for table in round_.tables:
            stored = {key: getattr(table.row, key) for key in TABLE_TOTALS}
            if table.row.is_bye and round_.row.status != Round.Status.SEATING:
                wanted = untouched | {
                    "status": Table.Status.DONE,
                    "ns_mp": tournament.bye_mp,
                    "ns_vp": None if tournament.is_target else tournament.bye_vp,
                    "winner": NS if tournament.is_target else "",
                }
            elif table.row.is_bye or (not table.deals and stored == untouched):
                wanted = untouched  # never scored: the table keeps the values it was made with
            else:
                fresh = Table(pk=table.row.pk, round=round_.row, number=table.row.number)
                try:
                    services.table_recompute(table=fresh)
                except InvalidMatch as error:
                    raise ServiceError(
                        f"{table.where[0].upper()}{table.where[1:]}: its deals do not make a "
                        f"match ({'; '.join(error.problems)}); nothing was imported."
                    ) from None
                wanted = {key: getattr(fresh, key) for key in TABLE_TOTALS}
            for key, value in wanted.items():
                if stored[key] != value:
                    what = TABLE_LABELS[key]
                    raise _refused(table.where, what, stored[key], value, "its deals give")


def _check_standings(backup: _Backup) -> None:
    """Every pair's stored standing, against `services.standings_recompute` over the tables."""
    tournament = backup.tournament
    stored = {number: pair.row for number, pair in backup.pairs.items()}
    if any(round_.row.status != Round.Status.SEATING for round_ in backup.rounds):
        services.standings_recompute(tournament=tournament)
        fresh = {pair.number: pair for pair in tournament.pairs.all()}
        wanted = {
            number: {key: getattr(fresh[number], key) for key in STANDING_FIELDS}
            for number in stored
        }
    else:
        # no round started yet: no standing was ever computed
        blank = dict.fromkeys(STANDING_FIELDS, 0) | {"rank": None}
        wanted = dict.fromkeys(stored, blank)
    for number, pair in sorted(stored.items()):
        for key, value in wanted[number].items():
            if getattr(pair, key) != value:
                what = _label(Pair, key)
                raise _refused(f"pair {number}", what, getattr(pair, key), value, "its tables give")


# --- import: writing -----------------------------------------------------------------------------


def tournament_import(
    *, data: dict[str, Any], club: Club, notes: list[str] | None = None
) -> Tournament:
    """Restore a backup as a new tournament of `club`, exactly as exported.

    Players are the club's own, found by federation card number, else by first and last name
    (a player with another card number is another person), else created. Users are found by
    username; those missing leave their deals and audit records without a user. What the
    organiser should know (a changed slug, missing users, …) is added to `notes`.
    """
    notes = [] if notes is None else notes
    _check_format(data)
    try:
        with transaction.atomic():
            return _restore(data, club, notes)
    except (IntegrityError, DataError) as error:
        reason = (str(error).strip().splitlines() or [type(error).__name__])[0]
        raise ServiceError(
            f"The database refused the file's rows ({reason}); nothing was imported."
        ) from None


def _restore(data: Row, club: Club, notes: list[str]) -> Tournament:
    backup = _read(data, club)
    _check_deals(backup)
    tournament = backup.tournament
    _choose_slug(tournament, club, notes)
    tournament.season = _season(backup.season, club, notes)
    created_at = tournament.created_at
    tournament.save()  # auto_now_add stamps "now": put the exported moment back
    Tournament.objects.filter(pk=tournament.pk).update(created_at=created_at)
    tournament.created_at = created_at

    _place_players(backup, club, notes)
    for pair in backup.pairs.values():
        pair.row.tournament = tournament
    Pair.objects.bulk_create([pair.row for pair in backup.pairs.values()])
    for round_ in backup.rounds:
        round_.row.tournament = tournament
    Round.objects.bulk_create([round_.row for round_ in backup.rounds])
    tables = {}
    for round_ in backup.rounds:
        for table in round_.tables:
            table.row.round = round_.row
            tables[(round_.row.number, table.row.number)] = table.row
    Table.objects.bulk_create(tables.values())
    Seat.objects.bulk_create(
        Seat(round=round_.row, table=table.row, pair=backup.pairs[pair].row, direction=direction)
        for round_ in backup.rounds
        for table in round_.tables
        for direction, pair in table.seats.items()
    )
    users = _users(backup, notes)
    deals = []
    for round_ in backup.rounds:
        for table in round_.tables:
            for deal in table.deals:
                deal.row.table = table.row
                deal.row.entered_by = users.get(deal.user or "")
                deals.append(deal)
    Deal.objects.bulk_create(deal.row for deal in deals)
    for deal in deals:  # auto_now stamped them too
        deal.row.updated_at = deal.updated_at
    Deal.objects.bulk_update([deal.row for deal in deals], ["updated_at"], batch_size=500)
    sides = []
    for deal in deals:
        for side in deal.sides:
            side.row.deal = deal.row
            side.row.pair = backup.pairs[side.pair].row
            sides.append(side)
    DealSide.objects.bulk_create(side.row for side in sides)
    for side in sides:
        for meld in side.melds:
            meld.side = side.row
    Meld.objects.bulk_create(meld for side in sides for meld in side.melds)
    for change in backup.changes:
        change.row.tournament = tournament
        change.row.table = tables[change.place]
        change.row.user = users.get(change.user or "")
    ResultChange.objects.bulk_create(change.row for change in backup.changes)
    for change in backup.changes:
        change.row.at = change.at
    ResultChange.objects.bulk_update([c.row for c in backup.changes], ["at"], batch_size=500)

    _check_tables(backup)
    _check_standings(backup)
    return tournament


def _choose_slug(tournament: Tournament, club: Club, notes: list[str]) -> None:
    base = tournament.slug
    taken = set(
        Tournament.objects.filter(club=club, slug__startswith=base).values_list("slug", flat=True)
    )
    if base not in taken:
        return
    limit = Tournament._meta.get_field("slug").max_length or 80
    n = 2
    while (slug := f"{base[: limit - len(str(n)) - 1]}-{n}") in taken:
        n += 1
    notes.append(f"The slug {base} is already taken in {club.name}, so the copy is {slug}.")
    tournament.slug = slug


def _season(season: Row | None, club: Club, notes: list[str]) -> Season | None:
    if season is None:
        return None
    found = Season.objects.filter(club=club, slug=season["slug"]).first()
    if found is None:
        name = season.get("name") or season["slug"]
        notes.append(f"{club.name} has no season {name!r}: the copy is in no season.")
    return found


def _place_players(backup: _Backup, club: Club, notes: list[str]) -> None:
    """Give each pair its players: the club's own when they are known, else new ones."""
    known = list(Player.objects.filter(club=club).order_by("pk"))
    by_card = {player.card_number: player for player in known if player.card_number}
    by_name: dict[tuple[str, str], list[Player]] = defaultdict(list)
    for player in known:
        by_name[(player.first_name.casefold(), player.last_name.casefold())].append(player)
    new: list[Player] = []
    reused: set[int] = set()
    for number, pair in sorted(backup.pairs.items()):
        players: list[Player | None] = []
        for person in pair.players:
            if person is None:
                players.append(None)
                continue
            card = person["card_number"]
            name = (person["first_name"].casefold(), person["last_name"].casefold())
            found: Player | None = by_card.get(card) if card else None
            if found is None:
                found = next((p for p in by_name[name] if not card or not p.card_number), None)
            if found is None:
                found = Player(club=club, **person)
                new.append(found)
                by_name[name].append(found)
                if card:
                    by_card[card] = found
            elif found.pk is not None:
                reused.add(found.pk)
            players.append(found)
        one, two = players
        assert one is not None  # _read insists on the first player
        if one is two:
            raise ServiceError(
                f"Pair {number}: both players are {one.full_name} in {club.name} (same card "
                "number or name), and a pair needs two different players; nothing was imported."
            )
        pair.row.player_one, pair.row.player_two = one, two
    Player.objects.bulk_create(new)
    notes.append(f"Players: {len(reused)} of {club.name}'s own, {len(new)} new.")


def _users(backup: _Backup, notes: list[str]) -> dict[str, Any]:
    deals = [deal.user for deal in backup.deals() if deal.user]
    changes = [change.user for change in backup.changes if change.user]
    model = get_user_model()
    names = set(deals) | set(changes)
    users = {
        str(user.get_username()): user
        for user in model._default_manager.filter(**{f"{model.USERNAME_FIELD}__in": names})
    }
    missing = sorted(names - set(users))
    if missing:
        lost_deals = sum(name in missing for name in deals)
        lost_changes = sum(name in missing for name in changes)
        notes.append(
            f"No user here is called {', '.join(missing)}: {lost_deals} deal(s) and "
            f"{lost_changes} audit record(s) are kept without a user."
        )
    return users
