"""The changes page's read: every result change (`ResultChange`) and every change of the
tournament as a whole (`TournamentEvent`) as one list, newest first, filtered by kind, round
and table, each line said in words (`selectors.audit`). The page reads one page of lines, in
a fixed number of queries whatever the length of the log (`AuditLog`)."""

from collections.abc import Iterable, Iterator
from typing import overload

from django.db.models import IntegerField, QuerySet, Value

from tournaments.models import Deal, ResultChange, Tournament, TournamentEvent
from tournaments.rules.entrant_texts import entrant_words
from tournaments.selectors.audit import Action, AuditLine, Kind, change_line, event_line


def audit_lines(
    tournament: Tournament,
    *,
    kind: str = "",
    round_number: int | None = None,
    table_number: int | None = None,
) -> list[AuditLine]:
    """Every change of the tournament newest first, filtered (the change log's page reads one
    page of them: `selectors.audit_log`); two queries whatever the filters."""
    changes, events = audit_rows(tournament, kind, round_number, table_number)
    return lines_of(tournament, changes.select_related(*BY), events.select_related("user"))


def lines_of(
    tournament: Tournament, changes: Iterable[ResultChange], events: Iterable[TournamentEvent]
) -> list[AuditLine]:
    """The lines of these result changes (each with its user, pair and table's round) and
    events (each with its user), newest first: `audit_lines` of rows read, the backup's import
    of the rows it has just written (`backup.checks.check_pages`)."""
    alone = tournament.is_individual
    words = entrant_words(tournament.words, alone)
    restorable = restorable_of(tournament)
    lines = [change_line(change, words, restorable, individual=alone) for change in changes]
    lines += [event_line(event, words, individual=alone) for event in events]
    return sorted(lines, key=lambda line: line.at, reverse=True)


BY = ("user", "pair", "table__round")
"""What a result change's line reads with it."""


def audit_rows(
    tournament: Tournament, kind: str, round_number: int | None, table_number: int | None
) -> tuple[QuerySet[ResultChange], QuerySet[TournamentEvent]]:
    """The result changes and the tournament's events the filters keep."""
    changes, events = tournament.changes.all(), tournament.events.all()
    if kind in Action.values:
        changes, events = changes.filter(action=kind), events.none()
    elif kind in Kind.values:
        changes, events = changes.none(), events.filter(kind=kind)
    if round_number is not None:
        changes = changes.filter(table__round__number=round_number)
        events = events.filter(round_number=round_number)
    if table_number is not None:
        changes = changes.filter(table__number=table_number)
        events = events.filter(table_number=table_number)
    return changes, events


def restorable_of(tournament: Tournament, tables: set[int] | None = None) -> set[int]:
    """The removals a restore can undo: the latest of each deal whose number is free again
    (of the `tables` given, or of every table)."""
    deals = Deal.objects.filter(table__round__tournament=tournament)
    removals = tournament.changes.filter(action=Action.REMOVED)
    if tables is not None:
        deals, removals = deals.filter(table_id__in=tables), removals.filter(table_id__in=tables)
    taken = set(deals.values_list("table_id", "number"))
    latest: dict[tuple[int, int], int] = {}
    for pk, table_id, number in removals.values_list("pk", "table_id", "deal_number"):
        latest[(table_id, number)] = max(pk, latest.get((table_id, number), 0))
    return {pk for key, pk in latest.items() if key not in taken}


class AuditLog:
    """The filtered log as the paginator reads it: its length (two counts) and a slice of its
    lines, newest first (one query for the slice's keys, one each for its rows, and two for
    which of its removals can be restored), never the whole log."""

    def __init__(
        self,
        tournament: Tournament,
        *,
        kind: str = "",
        round_number: int | None = None,
        table_number: int | None = None,
    ) -> None:
        self.tournament = tournament
        self.changes, self.events = audit_rows(tournament, kind, round_number, table_number)

    def count(self) -> int:
        return self.changes.count() + self.events.count()

    def __len__(self) -> int:
        return self.count()

    def __iter__(self) -> Iterator[AuditLine]:
        return iter(self[0 : len(self)])

    @overload
    def __getitem__(self, index: int) -> AuditLine: ...
    @overload
    def __getitem__(self, index: slice) -> list[AuditLine]: ...
    def __getitem__(self, index: int | slice) -> AuditLine | list[AuditLine]:
        if isinstance(index, int):
            return self[index : index + 1][0]
        # ties in time as audit_lines leaves them: the result changes first, each newest first
        source = {"source": Value(0, output_field=IntegerField())}
        changes = self.changes.order_by().annotate(**source).values_list("at", "source", "pk")  # type: ignore[misc]
        source = {"source": Value(1, output_field=IntegerField())}
        events = self.events.order_by().annotate(**source).values_list("at", "source", "pk")  # type: ignore[misc]
        keys = list(changes.union(events, all=True).order_by("-at", "source", "-pk")[index])
        change_keys = [pk for _, from_, pk in keys if from_ == 0]
        event_keys = [pk for _, from_, pk in keys if from_ == 1]
        found_changes = ResultChange.objects.select_related(*BY).in_bulk(change_keys)
        found_events = TournamentEvent.objects.select_related("user").in_bulk(event_keys)
        alone = self.tournament.is_individual
        words = entrant_words(self.tournament.words, alone)
        removed = {c.table_id for c in found_changes.values() if c.action == Action.REMOVED}
        restorable = restorable_of(self.tournament, removed) if removed else set()
        return [
            change_line(found_changes[pk], words, restorable, individual=alone)
            if from_ == 0
            else event_line(found_events[pk], words, individual=alone)
            for _, from_, pk in keys
        ]
