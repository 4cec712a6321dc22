"""The light read of every phone's poll (`selectors.links.link_state`): its query is compiled
once a process and run with each link's token, and answers as the ORM query it was made from."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments import services
from tournaments.models import Club, Seat, Table
from tournaments.models.tournaments import LINK_ALPHABET, LINK_LENGTH
from tournaments.selectors import links
from tournaments.selectors.links import STATE, LinkState, _state_query
from tournaments.tests.conftest import make_tournament

pytestmark = pytest.mark.django_db


def orm_state(token: str) -> LinkState | None:
    row = _state_query(token).first()
    return LinkState(*row) if row is not None else None


def test_the_compiled_read_answers_as_the_orm_query(club: Club) -> None:
    tournament = make_tournament(club, pairs=6, published=True)
    pairs = list(tournament.pairs.order_by("number"))
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=3)
    assert [links.link_state(p.token) for p in pairs] == [orm_state(p.token) for p in pairs]
    services.round_start(round=prepared.round)
    STATE.forget()
    with CaptureQueriesContext(connection) as captured:
        states = [links.link_state(p.token) for p in pairs]
    assert len(captured.captured_queries) == 6  # one query a link
    assert STATE.compilations() == 1  # compiled once for all six
    assert states == [orm_state(p.token) for p in pairs]
    for pair, state in zip(pairs, states, strict=True):
        assert state is not None
        seat = Seat.objects.select_related("table", "round").get(pair=pair, round=prepared.round)
        assert (state.seat_id, state.tournament_id, state.table_results) == (
            seat.pk,
            tournament.pk,
            seat.table.results_version,
        )
        tournament.refresh_from_db()
        assert (state.results_version, state.language) == (
            tournament.results_version,
            club.language,
        )
    table = Table.objects.filter(round=prepared.round, is_bye=False).first()
    assert table is not None
    Table.objects.filter(pk=table.pk).update(results_version=table.results_version + 7)
    north_south = table.seats.first()
    assert north_south is not None
    state = links.link_state(north_south.pair.token.upper())  # typed in capitals: the same link
    assert state is not None and state.table_results == table.results_version + 7


def test_a_token_that_opens_nothing(club: Club) -> None:
    make_tournament(club, pairs=4, published=True)
    with CaptureQueriesContext(connection) as captured:
        assert links.link_state("not a token") is None  # no query at all
    assert captured.captured_queries == []
    unknown = LINK_ALPHABET[0] * LINK_LENGTH  # shaped as a link, held by nobody
    assert links.link_token(unknown) == unknown and links.link_state(unknown) is None
