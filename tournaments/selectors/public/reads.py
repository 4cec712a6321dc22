"""The public pages' reads, cached: a published tournament's standings, the seating of its
current round (turno), a pair's history round by round, and each pair's VP and rank after every
finished round.

Every read goes through the shared cache, keyed by the tournament's results version (see
`cache`).

Standings are the Pair rows' stored totals: nothing here scores a deal. The rank after each
round is `standings.rank_pairs` over the finished tables of rounds 1..k, worked out once per
version for the whole field. Each read issues a fixed number of queries whatever the field's
size, and caches plain frozen dataclasses (no model instances).
"""

from collections import defaultdict
from typing import Any

from django.core.cache import cache
from django.db.models import Subquery

from tournaments.models import Club, Seat, Tournament
from tournaments.rules import decisions as rules_decisions
from tournaments.rules.names import sort_key
from tournaments.rules.standings import STANDING_FIELDS, Penalty
from tournaments.selectors import decisions, organiser, results
from tournaments.selectors.evening import public_seating, rounds_now
from tournaments.selectors.pairs import players_then
from tournaments.selectors.public.cache import CACHE_SECONDS, cache_key, cached
from tournaments.selectors.public.history import load_history
from tournaments.selectors.public.models import (
    EW,
    NS,
    Board,
    PairHistory,
    PairPage,
    PairRef,
    PlayerPlace,
    Progress,
    SeatedTable,
    Seating,
    StandingRow,
)


def public_club(club_slug: str) -> Club | None:
    return Club.objects.filter(slug=club_slug).first()


def board(tournament: Tournament) -> Board:
    """Standings and current seating: one cache read; two queries when the cache is cold."""
    return cached(tournament, "board", lambda: _load_board(tournament))


def standings(tournament: Tournament) -> tuple[StandingRow, ...]:
    return board(tournament).standings


def current_seating(tournament: Tournament) -> Seating | None:
    return board(tournament).seating


def pair_page(tournament: Tournament, number: int) -> PairPage | None:
    """A pair's history and its VP and rank after each finished round, or None if the
    tournament has no pair of that number. One cache read for both parts; five queries when
    both are cold."""
    history_key, progress_key = (
        cache_key(tournament, f"pair:{number}"),
        cache_key(tournament, "progress"),
    )
    found = cache.get_many([history_key, progress_key])
    missing: dict[str, Any] = {}
    history = found.get(history_key)
    if history is None:
        history = load_history(tournament, number)
        if history is None:
            return None
        missing[history_key] = history
    progress = found.get(progress_key)
    if progress is None:
        progress = missing[progress_key] = _load_progress(tournament)
    if missing:
        cache.set_many(missing, CACHE_SECONDS)
    return PairPage(history=history, points=progress.of(number), field_size=progress.field_size)


def pair_history(tournament: Tournament, number: int) -> PairHistory | None:
    """A pair's stored totals and its rounds (its evening, without the field's ranking after
    every round): one cache read; three queries when it is cold."""
    return cached(tournament, f"pair:{number}", lambda: load_history(tournament, number))


def player_places(seating: Seating | None) -> list[PlayerPlace]:
    """Every player of the current round by surname, then first name: pair, table, direction."""
    if seating is None:
        return []
    places = [
        PlayerPlace(
            last_name=last,
            first_name=first,
            pair=pair,
            table=None if table.is_bye else table.number,
            direction="" if table.is_bye else direction,
            girone=table.girone,
        )
        for table in seating.tables
        for direction, pair in (
            (NS, table.ns),
            (EW, table.ew),
            (NS, table.ns_partner),
            (EW, table.ew_partner),
        )
        if pair is not None
        for first, last in pair.players
    ]
    places.sort(key=lambda p: (*sort_key(p.last_name, p.first_name), p.pair.number))
    return places


def _load_board(tournament: Tournament) -> Board:
    marks = decisions.marks_by_pair(tournament)
    fields = ["pk", "number", *_PLAYERS, *STANDING_FIELDS, "withdrawn_from", "joined_from"]
    rows = []
    # plain values, not Pair and Player rows: a 500-pair field is 1,500 model instances less
    for pair in organiser.standings_for(tournament).values(*fields):
        ref = _pair_ref_of(pair)
        rows.append(
            StandingRow(
                number=pair["number"],
                names=ref.names,
                player_names=tuple(f"{first} {last}".strip() for first, last in ref.players),
                **{name: pair[name] for name in STANDING_FIELDS},
                withdrawn_from=pair["withdrawn_from"],
                joined_from=pair["joined_from"],
                decision_marks=tuple(marks.get(pair["pk"], ())),
            )
        )
    hidden, clock = rounds_now(tournament)
    return Board(
        standings=tuple(rows), seating=_load_seating(tournament), hidden=hidden, clock=clock
    )


_PLAYERS = (
    "player_one__first_name",
    "player_one__last_name",
    "player_two_id",
    "player_two__first_name",
    "player_two__last_name",
)
"""A pair's players as `.values()` reads them."""


def _pair_ref_of(row: dict[str, Any], prefix: str = "") -> PairRef:
    """A pair's reference from its values (`_PLAYERS` under `prefix`), as `history.pair_ref`
    makes it from a Pair row."""
    players = [(row[f"{prefix}player_one__first_name"], row[f"{prefix}player_one__last_name"])]
    if row[f"{prefix}player_two_id"] is not None:
        players.append(
            (row[f"{prefix}player_two__first_name"], row[f"{prefix}player_two__last_name"])
        )
    return PairRef(
        number=row[f"{prefix}number"],
        names=" – ".join(f"{first} {last}".strip() for first, last in players),
        players=tuple(players),
    )


def round_seating(tournament: Tournament, number: int) -> Seating | None:
    """Round `number`'s seating and table results (None if it is not seated): one cache read;
    one query when it is cold."""
    return cached(tournament, f"round:{number}", lambda: _load_seating(tournament, number))


def _load_seating(tournament: Tournament, number: int | None = None) -> Seating | None:
    """The seats of round `number` (else the latest round) with their tables, pairs and
    players (an individual one's: who played that round): one query, two if individual."""
    latest = tournament.round_set.filter(public_seating()).order_by("-number").values("number")
    which: Any = Subquery(latest[:1]) if number is None else number
    table_fields = ("number", "is_bye", "status", "ns_mp", "ew_mp", "ns_vp", "ew_vp", "winner")
    seats = (
        Seat.objects.filter(round__tournament=tournament, round__number=which)
        .filter(public_seating("round__"))
        .order_by("table__number", "direction")
        .values(
            "table_id",
            "direction",
            "position",
            "round__number",
            "round__status",
            "round__movement",
            "pair__number",
            "pair_id",
            *(f"pair__{name}" for name in _PLAYERS),
            *(f"table__{name}" for name in table_fields),
            "table__girone__name",
        )
    )
    by_table: dict[int, dict[str, dict[str, Any]]] = defaultdict(dict)
    round_: dict[str, Any] | None = None
    for seat in seats:  # plain values: 3,000 model instances less for a 500-pair round
        # an individual table's seats by position (N, S, E, W)
        by_table[seat["table_id"]][seat["position"] or seat["direction"]] = seat
        round_ = seat
    if round_ is None:
        return None
    then = players_then(tournament, round_["round__number"])
    for seat in (seat for places in by_table.values() for seat in places.values()):
        player = then.get(seat["pair_id"])
        if player is not None:  # a substitute of a later round: who plays this one
            seat["pair__player_one__first_name"] = player.first_name
            seat["pair__player_one__last_name"] = player.last_name
    tables = []
    for places in by_table.values():
        table = next(iter(places.values()))
        ns, ew = places.get("N", places.get(NS)), places.get("E", places.get(EW))
        south, west = places.get("S"), places.get("W")
        tables.append(
            SeatedTable(
                ns=_pair_ref_of(ns, "pair__") if ns else None,
                ew=_pair_ref_of(ew, "pair__") if ew else None,
                ns_partner=_pair_ref_of(south, "pair__") if south else None,
                ew_partner=_pair_ref_of(west, "pair__") if west else None,
                **{name: table[f"table__{name}"] for name in table_fields},
                girone=table["table__girone__name"] or "",
            )
        )
    tables.sort(key=lambda t: (t.is_bye, t.number))
    return Seating(
        round_number=round_["round__number"],
        round_status=round_["round__status"],
        movement=round_["round__movement"],
        tables=tuple(tables),
    )


def _load_progress(tournament: Tournament) -> Progress:
    """Each pair's totals and rank after every finished round k, ranked by the tournament's
    format over the finished tables of rounds 1..k: two queries."""
    numbers = dict(tournament.pairs.values_list("id", "number"))
    finished = results.finished_tables(tournament)
    by_round, finished_rounds = finished.by_round, finished.done_rounds
    play_format = tournament.play_format
    pair_ids = list(numbers)
    by_pair: dict[int, list[tuple[int, int, int, int, int, int]]] = {
        n: [] for n in numbers.values()
    }
    penalties = decisions.standing(tournament).filter(
        kind__in=(rules_decisions.LATE, rules_decisions.PENALTY), pair__isnull=False
    )
    taken = [(d.round_number, Penalty(d.pair_id, d.mp, d.vp)) for d in penalties]  # type: ignore[arg-type]
    for last in sorted(finished_rounds):
        so_far = [outcome for k, listed in by_round.items() if k <= last for outcome in listed]
        records = play_format.rank(pair_ids, so_far, [p for k, p in taken if k <= last])
        for pid, record in records.items():
            by_pair[numbers[pid]].append(
                (
                    last,
                    record.vp,
                    record.mp,
                    record.matches_won,
                    record.point_difference,
                    record.rank or 0,
                )
            )
    return Progress(
        field_size=len(numbers),
        rounds=tuple(sorted(finished_rounds)),
        by_pair={number: tuple(rows) for number, rows in by_pair.items()},
    )
