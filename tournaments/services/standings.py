"""Writes of the standings (classifica): every pair's stored totals and rank from the finished
tables, ranked by the tournament's format; the rounds' states; the Danese flags."""

from django.db import connection

from tournaments import movements
from tournaments.models import Pair, Round, Table, Tournament
from tournaments.rules.standings import STANDING_FIELDS
from tournaments.selectors import results


def standings_recompute(*, tournament: Tournament) -> None:
    """Store every pair's totals and rank, from the finished tables.

    Only the pairs whose numbers changed are written: a finished table moves two pairs and
    the ranks between them, and rewriting a whole field of 200 pairs on every save is slow."""
    stored = {
        row[0]: list(row[1:])
        for row in tournament.pairs.order_by("number").values_list("pk", *STANDING_FIELDS)
    }
    records = tournament.play_format.rank(list(stored), results.outcomes(tournament))
    changed = []
    for pk, values in stored.items():
        record = records[pk]
        now = [getattr(record, name) for name in STANDING_FIELDS]
        if now != values:
            changed.append([*now, pk])
    if changed:
        _write_standings(changed)


def _write_standings(rows: list[list[int | None]]) -> None:
    """One plain UPDATE a pair (its standing fields, then its id), sent as one batch:
    `bulk_update` builds a CASE expression per field whose compilation cost a save of a
    48-pair field 30 ms (docs/reliability.md)."""
    meta = Pair._meta
    # the standing fields are plain columns named as the fields (no db_column)
    columns = ", ".join(f"{connection.ops.quote_name(name)} = %s" for name in STANDING_FIELDS)
    sql = f"UPDATE {connection.ops.quote_name(meta.db_table)} SET {columns} WHERE id = %s"
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)


def danese_standings(tournament: Tournament, *, before: int) -> list[int]:
    """The ids of the pairs of round `before`'s field (neither withdrawn nor yet to join),
    best first by the tables of the rounds before it: a withdrawn pair's results still count
    for its opponents, but it is paired no more."""
    pairs = list(tournament.pairs.order_by("number"))
    pair_ids = [pair.pk for pair in pairs]
    records = tournament.play_format.rank(pair_ids, results.outcomes(tournament, before=before))
    field = [pair.pk for pair in pairs if pair.plays_in(before)]
    return sorted(field, key=lambda pid: (records[pid].rank or 0, pair_ids.index(pid)))


def danese_flags_refresh(*, tournament: Tournament) -> None:
    """Flag the Danese rounds whose pairing the current results would now make differently."""
    for round_ in tournament.round_set.filter(movement=Round.Movement.DANESE):
        if round_.tables.filter(is_bye=True).count() > 1:
            continue  # a withdrawal left a table to a bye by the organiser's choice
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


def round_refresh_status(round_: Round) -> None:
    """A started round is done once every table is."""
    if round_.status == Round.Status.SEATING:
        return
    open_tables = round_.tables.exclude(status=Table.Status.DONE).exists()
    status = Round.Status.PLAYING if open_tables else Round.Status.DONE
    if status != round_.status:
        round_.status = status
        round_.save(update_fields=["status"])
