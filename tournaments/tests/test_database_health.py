"""A connection kept between requests is checked before a request uses it, on PostgreSQL
without a round trip (burraco_club/postgresql/base.py): a quiet connection is asked nothing,
and one the server has ended is replaced before the request's first query."""

import select
import tempfile
import time

import psycopg
import pytest
from django.db import connection

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the PostgreSQL backend's check"),
    pytest.mark.django_db(transaction=True),
]


def _server_ends(pid: int) -> None:
    """Another connection ends backend `pid`, as a restart or an idle timeout would; back once
    the farewell has reached the app's socket."""
    settings = connection.settings_dict
    with psycopg.connect(
        host=settings["HOST"] or None, port=settings["PORT"] or None, user=settings["USER"],
        dbname=settings["NAME"], autocommit=True,
    ) as other:  # fmt: skip
        other.execute("SELECT pg_terminate_backend(%s)", [pid])
    socket = connection.connection.pgconn.socket
    deadline = time.monotonic() + 5
    while not select.select([socket], [], [], 0.05)[0]:
        assert time.monotonic() < deadline, "the server's farewell never came"


def test_a_quiet_kept_connection_is_usable_and_asked_nothing() -> None:
    connection.ensure_connection()
    with tempfile.TemporaryFile() as trace:
        connection.connection.pgconn.trace(trace.fileno())  # every message to the server
        try:
            assert connection.is_usable()
        finally:
            connection.connection.pgconn.untrace()
        trace.seek(0)
        assert trace.read() == b""


def test_a_connection_the_server_ended_is_replaced_before_the_next_requests_query() -> None:
    connection.ensure_connection()
    ended = connection.connection.info.backend_pid
    _server_ends(ended)
    assert not connection.is_usable()
    connection.close_if_unusable_or_obsolete()  # what Django does as each request starts
    with connection.cursor() as cursor:  # the request's first query: on a new connection
        cursor.execute("SELECT pg_backend_pid()")
        (now,) = cursor.fetchone()
    assert now != ended
    assert connection.is_usable()
