"""Reads compiled once a process (`selectors.compiled`): each answers as the ORM query it was
made from, whatever the arguments, and a link's holder is the seat `select_related` would give,
with its round, tournament, club, table, pair and players, on SQLite and on PostgreSQL."""

import datetime
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.models import OuterRef
from django.test.utils import CaptureQueriesContext

from tournaments import services
from tournaments.models import Club, Pair, Seat, Tournament
from tournaments.selectors import links
from tournaments.selectors.compiled import CompiledRead
from tournaments.selectors.evening import hidden_round_of, public_seating
from tournaments.selectors.progress import closing_round
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_decisions import evening, play, tables
from tournaments.tests.test_services_evening import NS_WINS, play_round

pytestmark = pytest.mark.django_db


def _tournaments(club_slug: str, variant: str) -> Any:
    return (
        Tournament.objects.filter(club__slug=club_slug, variant=variant)
        .order_by("pk")
        .values_list("pk", "name", "date", "created_at", "movement_plan", "club__name")
    )


TOURNAMENTS = CompiledRead(_tournaments)


def test_a_compiled_read_answers_as_its_orm_query_with_dates_and_json(club: Club) -> None:
    first = make_tournament(club, pairs=0, name="Martedì", variant="classico")
    make_tournament(club, pairs=0, name="Giovedì", variant="reale")
    make_tournament(club, pairs=0, name="Venerdì", variant="classico")
    TOURNAMENTS.forget()
    rows = TOURNAMENTS.rows(club.slug, "classico")
    assert rows == list(_tournaments(club.slug, "classico"))
    assert [row[1] for row in rows] == ["Martedì", "Venerdì"]
    assert rows[0][2] == datetime.date(2026, 11, 17)  # a date, as the ORM converts it
    assert isinstance(rows[0][3], datetime.datetime) and rows[0][3] == first.created_at
    assert rows[0][4] == first.movement_plan  # JSON, read back as the ORM reads it
    assert TOURNAMENTS.rows(club.slug, "reale") == list(_tournaments(club.slug, "reale"))
    assert TOURNAMENTS.rows("no-such-club", "classico") == []
    assert TOURNAMENTS.compilations() == 1  # one compilation for every call


PAIR_NUMBER = CompiledRead(
    lambda tournament_id, number: Pair.objects.filter(
        tournament_id=tournament_id, number=number
    ).values_list("pk", "number", "player_one__last_name")
)


def test_whole_numbers_are_passed_as_the_orm_passes_them_a_small_integer_too(club: Club) -> None:
    tournament = make_tournament(club, pairs=3)
    for number in (1, 3, 4):  # a pair's number is a small integer field
        expected = list(
            Pair.objects.filter(tournament_id=tournament.pk, number=number).values_list(
                "pk", "number", "player_one__last_name"
            )
        )
        assert PAIR_NUMBER.rows(tournament.pk, number) == expected
    assert PAIR_NUMBER.rows(tournament.pk, 2)[0][2] == "Surname2a"


def test_an_argument_that_is_not_a_parameter_of_the_query_is_refused() -> None:
    ignores_its_argument = CompiledRead(lambda slug: Tournament.objects.values_list("pk"))
    with pytest.raises(ValueError, match="argument 0 is not a parameter"):
        ignores_its_argument.rows("club")
    with pytest.raises(TypeError, match="not float"):
        TOURNAMENTS.rows("club", 1.5)  # type: ignore[arg-type]


def orm_holder(token: str) -> Seat | None:
    return (
        Seat.objects.select_related(
            "round__tournament__club", "table", "pair__player_one", "pair__player_two"
        )
        .annotate(
            closed_by=closing_round(),
            hidden_round=hidden_round_of(OuterRef("round__tournament_id")),
        )
        .filter(public_seating("round__"), pair__token=token)
        .order_by("-round__number")
        .first()
    )


def fields(instance: Any) -> dict[str, Any]:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def assert_same_holder(token: str) -> None:
    expected = orm_holder(token)
    holder = links.holder_for_link(token)
    assert holder is not None and expected is not None and holder.seat is not None
    seat = holder.seat
    assert fields(seat) == fields(expected)
    for path in ("round", "round.tournament", "round.tournament.club", "table", "pair"):
        mine, theirs = seat, expected
        for name in path.split("."):
            mine, theirs = getattr(mine, name), getattr(theirs, name)
        assert fields(mine) == fields(theirs), path
    for name in ("player_one", "player_two"):
        mine, theirs = getattr(seat.pair, name), getattr(expected.pair, name)
        assert (mine and fields(mine)) == (theirs and fields(theirs)), name
    assert (seat.closed_by, seat.hidden_round) == (  # type: ignore[attr-defined]
        expected.closed_by,  # type: ignore[attr-defined]
        expected.hidden_round,  # type: ignore[attr-defined]
    )
    assert holder.entrant is seat.pair and seat.pair.tournament is seat.round.tournament


def test_a_links_holder_is_the_seat_select_related_reads_in_one_query(
    club: Club, organiser: User
) -> None:
    tournament = make_tournament(club, pairs=5, published=True)  # a bye table too
    pairs = list(tournament.pairs.order_by("number"))
    assert links.holder_for_link(pairs[0].token) == links.LinkHolder(pairs[0], None)
    first = services.round_prepare(tournament=tournament, movement="random", seed=4).round
    services.round_start(round=first)
    for pair in pairs:
        assert_same_holder(pair.token)
    play_round(first, organiser)
    services.round_prepare(tournament=tournament, movement="random", seed=5)
    for pair in pairs:
        assert_same_holder(pair.token)  # round 1 closed by nothing yet, round 2 seated
    links.HOLDER.forget()
    with CaptureQueriesContext(connection) as captured:
        holder = links.holder_for_link(pairs[2].token.upper())  # typed in capitals: the same
    assert len(captured.captured_queries) == 1
    assert holder is not None and holder.seat is not None
    assert holder.seat.round.number == 2 and holder.seat.round.tournament.club == club
    assert holder.seat.pair.player_two is not None
    assert holder.seat.pair.player_two.last_name == pairs[2].player_two.last_name  # type: ignore[union-attr]
    assert links.holder_for_link("a" * 26) is None and links.holder_for_link("nope") is None


def test_an_individual_players_holder_has_no_second_player(club: Club) -> None:
    tournament = services.tournament_create(
        club=club, name="Singolo", date=datetime.date(2026, 11, 19), variant="classico",
        entrants="players", rounds=2, published=True,
    )  # fmt: skip
    services.pairs_add(
        tournament=tournament, text="\n".join(f"Nome{n} Cognome{n}" for n in range(1, 9))
    )
    services.round_start(
        round=services.round_prepare(tournament=tournament, movement="random", seed=1).round
    )
    for player in tournament.pairs.all():
        assert_same_holder(player.token)
        holder = links.holder_for_link(player.token)
        assert holder is not None and holder.seat is not None
        assert holder.seat.pair.player_two is None and holder.seat.position != ""


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL prepares statements")
def test_postgresql_plans_a_phones_poll_once_a_connection(club: Club) -> None:
    tournament = make_tournament(club, pairs=4, published=True)
    services.round_prepare(tournament=tournament, movement="random", seed=1)
    token = tournament.pairs.get(number=1).token
    for _ in range(3):
        assert links.link_state(token) is not None
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT generic_plans + custom_plans FROM pg_prepared_statements"
            " WHERE statement LIKE %s",
            ['%"results_version"%"language"%'],
        )
        runs = [row[0] for row in cursor.fetchall()]
    assert len(runs) == 1 and runs[0] >= 1  # prepared at its second run, then run as prepared


# --- the round's end: the reads of every save at a table, compiled once a process -------------


@pytest.mark.django_db(transaction=True)  # committed rows, seen from another connection
def test_a_locking_read_needs_a_transaction_and_locks_its_own_rows_only(club: Club) -> None:
    from django.db import transaction
    from django.db.transaction import TransactionManagementError

    from tournaments.models import Table
    from tournaments.selectors.table import LOCKED, locked_table

    tournament, round_ = evening(club)
    table = tables(round_)[0]
    with pytest.raises(TransactionManagementError, match="needs a transaction"):
        locked_table(table.pk)
    with transaction.atomic():
        locked = locked_table(table.pk)
        expected = (
            Table.objects.select_related("round__tournament__club")
            .annotate(closed_by=closing_round())
            .get(pk=table.pk)
        )
        assert locked == expected and locked.round.tournament.club == club
        assert (locked.closed_by, locked.decided) == (None, None)  # type: ignore[attr-defined]
        assert locked.round.tournament.name == tournament.name
        if connection.vendor == "postgresql":
            sql = LOCKED._compiled(connection.vendor, (int,))[0]
            assert sql.endswith('FOR UPDATE OF "tournaments_table"')
            assert _locked_elsewhere("tournaments_table", table.pk)  # held until the commit
            assert not _locked_elsewhere("tournaments_round", round_.pk)  # its round is not
    if connection.vendor == "postgresql":
        assert not _locked_elsewhere("tournaments_table", table.pk)


def _locked_elsewhere(db_table: str, pk: int) -> bool:
    """Whether another connection finds the row locked (FOR UPDATE NOWAIT fails)."""
    import psycopg

    settings = connection.settings_dict
    with psycopg.connect(
        host=settings["HOST"], port=settings["PORT"] or 5432, user=settings["USER"],
        dbname=settings["NAME"], autocommit=False,
    ) as other:  # fmt: skip
        try:
            other.execute(f"SELECT id FROM {db_table} WHERE id = %s FOR UPDATE NOWAIT", [pk])
        except psycopg.errors.LockNotAvailable:
            return True
        return False


def test_the_standings_reads_answer_as_the_orm_with_a_penalty(club: Club, organiser: User) -> None:
    from tournaments.selectors import decisions, results
    from tournaments.services.decisions import decision_take

    tournament, round_ = evening(club)
    first, second = tables(round_)
    play(first, NS_WINS, organiser)
    decision_take(table=first, kind="penalty", pair=first.seats.get(direction="ns").pair,
                  vp=3, reason="Exposed card, twice", user=organiser)  # fmt: skip
    finished = results.finished_tables(tournament)
    rows = results._played_rows(Seat.objects.filter(round__tournament=tournament))
    assert finished.by_round == {1: [played.outcome for played in results._played(list(rows))]}
    assert len(finished.by_round[1]) == 1 and finished.by_round[1][0].ns_vp == 20
    taken = decisions.penalties_of(tournament)
    assert [(p.pair, p.mp, p.vp) for p in taken] == [
        (first.seats.get(direction="ns").pair_id, 0, 3)
    ]
    assert taken == decisions.penalties_of(tournament, before=2)  # the ORM's query, filtered
    assert decisions.PENALTIES.compilations() <= 1 and results.PLAYED.compilations() <= 1
    play(second, NS_WINS, organiser)
    assert len(results.finished_tables(tournament).by_round[1]) == 2


def test_the_standings_are_written_from_array_texts_nulls_too() -> None:
    from tournaments.services.standings import _array_text

    assert _array_text([3, None, 17]) == "{3,NULL,17}"
    assert _array_text([]) == "{}"


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's page fill factor")
def test_a_finished_table_rewrites_the_pairs_standings_in_their_own_pages(
    club: Club, organiser: User
) -> None:
    """Every pair's new standing stays in its page ("HOT": no index touched), as the pairs'
    table keeps a fifth of each page free (migration 0032): at a national round's end that
    UPDATE took 9 ms with full pages, 2 ms so, while the tournament's row is held."""
    _tournament, round_ = evening(club)
    first, _second = tables(round_)
    updates = "SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_xact_user_tables WHERE relname = %s"
    with connection.cursor() as cursor:
        cursor.execute("SELECT reloptions FROM pg_class WHERE relname = %s", [Pair._meta.db_table])
        assert cursor.fetchone() == (["fillfactor=70"],)
        cursor.execute(updates, [Pair._meta.db_table])
        before = cursor.fetchone()
        play(first, NS_WINS, organiser)  # the table finishes: every pair's rank is written
        cursor.execute(updates, [Pair._meta.db_table])
        after = cursor.fetchone()
    written, in_place = after[0] - before[0], after[1] - before[1]
    assert written >= 4 and in_place == written, (written, in_place)


def test_the_public_pages_tournament_answers_as_the_orm(club: Club) -> None:
    from django.db.models import Exists

    from tournaments.models import Session
    from tournaments.selectors.public.cache import public_tournament

    tournament = make_tournament(club, pairs=4, published=True)
    found = public_tournament(club.slug, tournament.slug)
    assert found == tournament and found is not None and found.club == club
    assert (found.in_gironi, found.has_sessions) == (False, False)  # type: ignore[attr-defined]
    assert found.name == tournament.name and found.results_version == tournament.results_version
    assert not Tournament.objects.filter(
        Exists(Session.objects.filter(tournament=OuterRef("pk"))), pk=tournament.pk
    ).exists()
    assert public_tournament(club.slug, "no-such-tournament") is None
    assert public_tournament("no-such-club", tournament.slug) is None


def test_the_proposal_reads_answer_as_the_orm_with_their_pair(club: Club) -> None:
    from django.test import Client

    from tournaments.models import DealProposal
    from tournaments.selectors.proposals import (
        proposal_of_table,
        proposal_sent_with,
        queued_proposal,
    )
    from tournaments.tests.test_player_entry import players_table, write
    from tournaments.tests.test_views_entry import NS_WINS as NS_WINS_FORM

    table = players_table(club)
    assert write(Client(), table, "ns", 1, NS_WINS_FORM, key="key-0042").status_code == 302
    orm = DealProposal.objects.select_related("pair").get(table=table)
    for found in (proposal_of_table(table.pk, orm.pk), proposal_sent_with(table.pk, "key-0042")):
        assert found is not None
        assert [getattr(found, f.attname) for f in DealProposal._meta.concrete_fields] == [
            getattr(orm, f.attname) for f in DealProposal._meta.concrete_fields
        ]
        assert (found.pair.pk, found.pair.number, found.pair.token) == (
            orm.pair.pk, orm.pair.number, orm.pair.token,
        )  # fmt: skip
    other = table.round.tables.exclude(pk=table.pk).first()
    assert other is not None
    assert proposal_of_table(other.pk, orm.pk) is None  # not one of that table's
    assert proposal_sent_with(table.pk, "key-0043") is None
    assert queued_proposal(table.pk, 1) is None  # waiting, not queued
    DealProposal.objects.filter(pk=orm.pk).update(status=DealProposal.Status.QUEUED)
    queued = queued_proposal(table.pk, 1)
    assert queued is not None and queued.pk == orm.pk and queued.status == "queued"
