"""Django's PostgreSQL backend, with a connection's health checked without a round trip.

A connection kept between requests (CONN_MAX_AGE) is checked before a request first uses it
(CONN_HEALTH_CHECKS): Django sends `SELECT 1` and waits for the answer, one more round trip in
every request that reads anything: at a national round's end, 14,000 polls a minute each paid
two round trips where one reads what they show. Here the check first looks at the connection's
socket without waiting: between requests nothing is sent, so a quiet socket is a connection the
server has not closed. A server that restarted, or ended the connection (an idle timeout,
`pg_terminate_backend`), has sent its farewell and closed its end: the socket is readable, and
Django's own check runs then, finds the connection dead, and a new one is opened before the
request's first query. What this does not see, as `SELECT 1` would: a network cut without a
word from the server (no such thing between the app and a database on the same host or LAN;
the request then fails as it would have failed mid-request anyway).
"""

import select

from django.db.backends.postgresql import base
from psycopg import pq


class DatabaseWrapper(base.DatabaseWrapper):
    def is_usable(self) -> bool:
        connection = self.connection
        if connection is None or connection.closed or connection.broken:
            return False
        if connection.pgconn.transaction_status == pq.TransactionStatus.IDLE:
            readable, _, _ = select.select([connection.pgconn.socket], [], [], 0)
            if not readable:
                return True  # nothing came from the server since the last answer
        return bool(super().is_usable())
