"""Every organiser's page, the players' own pages, the print pages and every file cost the same
number of queries for a small field and a larger one, read cold (the shared cache emptied):
a query per pair, table, round or deal cannot come back unnoticed. (The public pages are pinned
the same way, at 10 and 200 pairs, in test_public_pages.py.)

Counted: the statements on the app's tables, without the transaction's own and without the
database cache's (absent on Redis), so that the numbers are the same on every set-up."""

import json
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tournaments import services
from tournaments.backup import tournament_export
from tournaments.models import Club, Pair, Round, Table, Tournament
from tournaments.selectors.audit_log import AuditLog, audit_lines
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_services_evening import play_round

SKIPPED = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT")


@dataclass(frozen=True)
class Field:
    tournament: Tournament
    last_round: Round
    table: Table
    pair: Pair


def played(club: Club, organiser: User, *, pairs: int, rounds: int, name: str) -> Field:
    """A published evening of `pairs` pairs, `rounds` rounds played (three deals a table)."""
    tournament = make_tournament(club, pairs=pairs, rounds=rounds, published=True, name=name)
    for number in range(1, rounds + 1):
        movement = "random" if number == 1 else "danese"
        prepared = services.round_prepare(tournament=tournament, movement=movement, seed=number)
        services.round_start(round=prepared.round)
        play_round(prepared.round, organiser)
    tournament.refresh_from_db()
    last = tournament.round_set.order_by("-number").first()
    assert last is not None and last.number == rounds
    table = last.tables.filter(is_bye=False).order_by("number").first()
    assert table is not None
    return Field(tournament, last, table, tournament.pairs.order_by("number")[2])


Address = Callable[[Field], str]
PAGES: dict[str, tuple[bool, Address, int]] = {
    # name: (read by the organiser, address, queries)
    "organiser's tournament page": (
        True, lambda f: f"/organise/tournaments/{f.tournament.pk}/", 8,
    ),
    "round board": (True, lambda f: f"/organise/rounds/{f.last_round.pk}/", 9),
    "change log": (True, lambda f: f"/organise/tournaments/{f.tournament.pk}/changes/", 8),
    "change log, a kind": (
        True, lambda f: f"/organise/tournaments/{f.tournament.pk}/changes/?kind=entered", 6,
    ),
    "table page": (True, lambda f: f"/organise/tables/{f.table.pk}/", 10),
    "players' table page": (False, lambda f: f"/p/{f.pair.token}/", 7),
    "my evening": (False, lambda f: f"/p/{f.pair.token}/evening/", 6),
    "print seating": (True, lambda f: f"/organise/rounds/{f.last_round.pk}/print/seating/", 8),
    "print score sheets": (
        True, lambda f: f"/organise/rounds/{f.last_round.pk}/print/score-sheets/", 7,
    ),
    "print standings": (
        True, lambda f: f"/organise/tournaments/{f.tournament.pk}/print/standings/", 6,
    ),
    "print slips": (True, lambda f: f"/organise/tournaments/{f.tournament.pk}/print/slips/", 5),
    "standings.csv": (True, lambda f: f"/organise/tournaments/{f.tournament.pk}/standings.csv", 9),
    "deals.csv": (True, lambda f: f"/organise/tournaments/{f.tournament.pk}/deals.csv", 6),
    "standings.xlsx": (
        True, lambda f: f"/organise/tournaments/{f.tournament.pk}/standings.xlsx", 9,
    ),
    "deals.xlsx": (True, lambda f: f"/organise/tournaments/{f.tournament.pk}/deals.xlsx", 7),
    "public standings.csv": (
        False, lambda f: f"/t/{f.tournament.club.slug}/{f.tournament.slug}/standings.csv", 6,
    ),
    "public standings.xlsx": (
        False, lambda f: f"/t/{f.tournament.club.slug}/{f.tournament.slug}/standings.xlsx", 6,
    ),
}  # fmt: skip
FINISHED: dict[str, tuple[bool, Address, int]] = {
    "federation.csv": (
        True, lambda f: f"/organise/tournaments/{f.tournament.pk}/federation.csv", 8,
    ),
    "federation.xlsx": (
        True, lambda f: f"/organise/tournaments/{f.tournament.pk}/federation.xlsx", 8,
    ),
}  # fmt: skip
BACKUP_QUERIES = 13


def statements(captured: CaptureQueriesContext) -> list[str]:
    return [
        query["sql"]
        for query in captured.captured_queries
        if not query["sql"].startswith(SKIPPED) and "burraco_cache" not in query["sql"]
    ]


def counted(client: Client, address: str) -> list[str]:
    """A cold read's statements (the session already warm)."""
    client.get(address)
    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        response = client.get(address)
    assert response.status_code == 200, address
    if getattr(response, "streaming", False):
        b"".join(response.streaming_content)  # type: ignore[attr-defined]
    return statements(captured)


def measure(pages: dict[str, tuple[bool, Address, int]], fields: list[Field],
            organiser: User) -> dict[str, list[int]]:  # fmt: skip
    organiser_client, player = Client(), Client()
    organiser_client.force_login(organiser)
    found: dict[str, list[int]] = {}
    for name, (as_organiser, address, _) in pages.items():
        for field in fields:
            client = organiser_client if as_organiser else player
            found.setdefault(name, []).append(len(counted(client, address(field))))
    return found


@pytest.mark.django_db
def test_every_page_and_file_costs_the_same_queries_for_6_and_for_14_pairs(
    club: Club, organiser: User
) -> None:
    fields = [
        played(club, organiser, pairs=6, rounds=2, name="Small evening"),
        played(club, organiser, pairs=14, rounds=3, name="Larger evening"),
    ]
    assert [f.tournament.pairs.count() for f in fields] == [6, 14]
    found = measure(PAGES, fields, organiser)
    for field in fields:
        services.tournament_finish(tournament=field.tournament)
    found |= measure(FINISHED, fields, organiser)
    expected = {name: [queries, queries] for name, (_, _, queries) in (PAGES | FINISHED).items()}
    assert found == expected


@pytest.mark.django_db
def test_a_backup_reads_the_same_queries_for_6_and_for_14_pairs(
    club: Club, organiser: User
) -> None:
    counts = []
    for pairs, rounds in ((6, 2), (14, 3)):
        field = played(club, organiser, pairs=pairs, rounds=rounds, name=f"Evening {pairs}")
        with CaptureQueriesContext(connection) as captured:
            json.dumps(tournament_export(tournament=field.tournament), default=str)
        counts.append(len(statements(captured)))
    assert counts == [BACKUP_QUERIES, BACKUP_QUERIES]


@pytest.mark.django_db
def test_the_change_log_page_reads_a_page_of_the_whole_log_in_its_order(
    club: Club, organiser: User
) -> None:
    """The page reads one page of lines; they are the whole log's lines at those places."""
    tournament = played(club, organiser, pairs=8, rounds=2, name="Evening").tournament
    every = audit_lines(tournament)
    assert len(every) == 2 * 4 * 3 + 5  # the deals entered, then 5 changes of the evening
    log = AuditLog(tournament)
    assert log.count() == len(every)
    assert log[0:10] == every[0:10]
    assert log[10:25] == every[10:25]
    assert log[len(every) - 3 : len(every) + 5] == every[-3:]
    entered = audit_lines(tournament, kind="entered", round_number=2)
    assert AuditLog(tournament, kind="entered", round_number=2)[0:100] == entered
    assert len(entered) == 4 * 3  # four tables, three deals each
    with CaptureQueriesContext(connection) as captured:
        log[0:10]  # the latest deals: no change of the evening among them
    assert len(statements(captured)) == 2  # the page's keys, its result changes
    with CaptureQueriesContext(connection) as captured:
        log[20:30]
    assert len(statements(captured)) == 3  # the keys, the result changes, the events
