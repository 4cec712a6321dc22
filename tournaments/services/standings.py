"""Writes of the standings (classifica): every pair's stored totals and rank from the finished
tables, ranked by the tournament's format; the rounds' states; the Danese flags."""

from collections.abc import Iterable
from functools import partial
from operator import attrgetter

from django.db import connection

from tournaments import movements
from tournaments.models import Pair, Round, Table, Tournament
from tournaments.rules.standings import STANDING_FIELDS
from tournaments.selectors import decisions, results
from tournaments.selectors.compiled import CompiledRead
from tournaments.selectors.individual import individual_history, individual_round


def standings_recompute(*, tournament: Tournament) -> None:
    """Store every pair's totals and rank, from the finished tables.

    Only the pairs whose numbers changed are written: a finished table moves two pairs and
    the ranks between them, and rewriting a whole field of 200 pairs on every save is slow."""
    stored = {row[0]: row[1:] for row in STORED.rows(tournament.pk)}
    records = tournament.play_format.rank(
        list(stored), results.outcomes(tournament), decisions.penalties_of(tournament)
    )
    standing = attrgetter(*STANDING_FIELDS)  # several fields: a tuple, as the rows are
    changed = []
    for pk, values in stored.items():
        now = standing(records[pk])
        if now != values:
            changed.append([*now, pk])
    if changed:
        _write_standings(changed)


STORED = CompiledRead(
    lambda tournament_id: (
        Pair.objects.filter(tournament_id=tournament_id)
        .order_by("number")
        .values_list("pk", *STANDING_FIELDS)
    )
)
"""Every pair's stored standing, by number: read at every table that finishes."""


def _write_standings(rows: list[list[int | None]]) -> None:
    """The changed pairs' standing fields (each row: the fields, then the pair's id). A table
    finishing moves the ranks of every pair between its two, hundreds in a big field: on
    PostgreSQL one UPDATE from one array a field, elsewhere one plain UPDATE a pair sent as
    one batch (`bulk_update` builds a CASE expression per field whose compilation
    cost a save of a 48-pair field 30 ms, docs/reliability.md)."""
    table = connection.ops.quote_name(Pair._meta.db_table)
    # the standing fields are plain integer columns named as the fields (no db_column)
    names = [connection.ops.quote_name(name) for name in STANDING_FIELDS]
    with connection.cursor() as cursor:
        if connection.vendor != "postgresql":
            columns = ", ".join(f"{name} = %s" for name in names)
            cursor.executemany(f"UPDATE {table} SET {columns} WHERE id = %s", rows)
            return
        arrays = ", ".join(["%s::integer[]"] * len(names) + ["%s::bigint[]"])
        columns = ", ".join(f"{name} = new.{name}" for name in names)
        cursor.execute(
            f"UPDATE {table} SET {columns} FROM unnest({arrays}) AS new({', '.join(names)}, id) "
            f"WHERE {table}.id = new.id",
            [_array_text(column) for column in zip(*rows, strict=True)],
        )


def _array_text(values: Iterable[int | None]) -> str:
    """Whole numbers (None: NULL) as PostgreSQL's text of an array, `{3,NULL,7}`: one text the
    database reads, where the driver dumped the list number by number (4,000 of them when a
    table finishes in a 500-pair field)."""
    return "{" + ",".join("NULL" if value is None else str(int(value)) for value in values) + "}"


def danese_standings(tournament: Tournament, *, before: int) -> list[int]:
    """The ids of the pairs of round `before`'s field (neither withdrawn nor yet to join),
    best first by the tables of the rounds before it: a withdrawn pair's results still count
    for its opponents, but it is paired no more."""
    pairs = list(tournament.pairs.order_by("number"))
    pair_ids = [pair.pk for pair in pairs]
    records = tournament.play_format.rank(
        pair_ids,
        results.outcomes(tournament, before=before),
        decisions.penalties_of(tournament, before=before),
    )
    field = [pair.pk for pair in pairs if pair.plays_in(before)]
    return sorted(field, key=lambda pid: (records[pid].rank or 0, pair_ids.index(pid)))


def danese_flags_refresh(*, tournament: Tournament) -> None:
    """Flag the Danese rounds whose pairing the current results would now make differently."""
    if tournament.is_individual:
        _individual_flags_refresh(tournament)
        return
    for round_ in tournament.round_set.filter(movement=Round.Movement.DANESE):
        if round_.tables.filter(is_bye=True).count() > 1:
            continue  # a withdrawal left a table to a bye, or gironi have a bye each
        if round_.tables.filter(girone__isnull=False).exists():
            continue  # paired girone by girone (services/girone_seating.py)
        history, byes = results.history(tournament, before=round_.number)
        wanted = movements.danese(
            danese_standings(tournament, before=round_.number), history=history, byes=byes
        )
        actual = results.seating_of(round_)
        differs = (
            set(map(frozenset, wanted.meetings())) != set(map(frozenset, actual.meetings()))
            or wanted.bye != actual.bye
        )
        if differs != round_.pairing_outdated:
            round_.pairing_outdated = differs
            round_.save(update_fields=["pairing_outdated"])


def _individual_flags_refresh(tournament: Tournament) -> None:
    """The individual Danese's rounds flagged as the pairs' are: the same tables, partners and
    players sitting out, or not."""
    entrants = list(tournament.pairs.order_by("number"))
    for round_ in tournament.round_set.filter(movement=Round.Movement.DANESE):
        if round_.tables.filter(girone__isnull=False).exists():
            continue  # seated girone by girone (services/individual_gironi.py)
        history, byes = individual_history(tournament, before=round_.number)
        request = movements.IndividualRequest(
            players=[player.pk for player in entrants if player.plays_in(round_.number)],
            seed=round_.seed,
            history=history,
            byes=byes,
            standings=partial(danese_standings, tournament, before=round_.number),
            table_order=movements.TableOrder(tournament.danese_table_order),
        )
        try:
            wanted = movements.seat_individual_round("danese", request)
        except movements.NoIndividualSeating:
            continue  # seated by hand around a refusal: nothing to compare
        differs = _shape_of(wanted) != _shape_of(individual_round(round_))
        if differs != round_.pairing_outdated:
            round_.pairing_outdated = differs
            round_.save(update_fields=["pairing_outdated"])


def _shape_of(round_: movements.IndividualRound) -> tuple[set[frozenset[int]], ...]:
    """A round's tables, partnerships and players sitting out, whatever the numbering."""
    return (
        {frozenset(table.players) for table in round_.tables},
        {frozenset(pair) for pair in round_.partnerships()},
        {frozenset(round_.sitting_out)},
    )


def round_refresh_status(round_: Round) -> None:
    """A started round is done once every table is."""
    if round_.status == Round.Status.SEATING:
        return
    open_tables = round_.tables.exclude(status=Table.Status.DONE).exists()
    status = Round.Status.PLAYING if open_tables else Round.Status.DONE
    if status != round_.status:
        round_.status = status
        round_.save(update_fields=["status"])
