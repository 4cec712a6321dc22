"""The one background sender behind the webhooks' deliveries and the players' messages.

A change commits its rows to send with itself and then calls `wake()` (in `on_commit`): this
process's sender, a daemon thread of its own, looks at once, so no request waits for a receiver
or a mail server. Any number of processes and servers may send: a row is claimed with one
UPDATE of `leased_until` before it is sent, so one of them sends it at a time. `manage.py
deliver_webhooks` runs the same loop (`run_once`) as a process of its own, which also picks up
what a restarted server left due.

An outbox knows its model (with `status`, `next_attempt_at` and `leased_until`), the status of a
row still to send, how long a claim lasts, the setting that lets a process run its own sender,
and `handle`, which sends one claimed row and records what happened (including when to try
again). Everything else, claiming, waiting and waking, is here once.
"""

import logging
import threading
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import close_old_connections, connection, models
from django.db.models import Min, Q
from django.utils import timezone

IDLE_SECONDS = 60.0
"""A sender looks for due rows at least this often, even when nobody wakes it."""
RETRY_AFTER_FAILURE = 5.0
"""Seconds before a sender looks again after its own loop failed (a database outage)."""


def _free() -> Q:
    return Q(leased_until__isnull=True) | Q(leased_until__lt=timezone.now())


class Outbox:
    def __init__(
        self,
        *,
        model: type[models.Model],
        pending: str,
        handle: Callable[[int], None],
        lease_seconds: Callable[[], float],
        dispatcher_setting: str,
        thread_name: str,
        logger: logging.Logger,
    ) -> None:
        self.model = model
        self.pending = pending
        self.handle = handle
        self.lease_seconds = lease_seconds
        self.dispatcher_setting = dispatcher_setting
        self.thread_name = thread_name
        self.logger = logger
        self._sender: _Sender | None = None
        self._lock = threading.Lock()

    @property
    def _rows(self) -> Any:
        return self.model._default_manager

    def deliver_due(self, limit: int = 50) -> int:
        """Send every due row this process can claim (at most `limit`); how many were tried."""
        due = self._rows.filter(
            _free(), status=self.pending, next_attempt_at__lte=timezone.now()
        ).order_by("next_attempt_at", "id")
        tried = 0
        for pk in list(due.values_list("pk", flat=True)[:limit]):
            lease = timezone.now() + timedelta(seconds=self.lease_seconds())
            claimed = self._rows.filter(_free(), pk=pk, status=self.pending).update(
                leased_until=lease
            )
            if not claimed:
                continue  # another process has it
            self.handle(pk)
            tried += 1
        return tried

    def next_due(self) -> datetime | None:
        """When the next row still to send is due (None: nothing pending)."""
        found = self._rows.filter(status=self.pending).aggregate(at=Min("next_attempt_at"))["at"]
        return found if isinstance(found, datetime) else None

    def seconds_to_next(self, ceiling: float = IDLE_SECONDS) -> float:
        due = self.next_due()
        if due is None:
            return ceiling
        return min(ceiling, max((due - timezone.now()).total_seconds(), 0.0))

    def run_once(self) -> float:
        """Send what is due; the seconds to wait before looking again. Never raises: a failure
        is logged, and the next round tries again."""
        close_old_connections()
        try:
            while self.deliver_due():
                pass
            return self.seconds_to_next()
        except Exception:
            self.logger.exception("the %s failed; trying again shortly", self.thread_name)
            return RETRY_AFTER_FAILURE
        finally:
            connection.close()

    def wake(self) -> None:
        """Once a change with rows to send is committed: start this process's sender if it is
        not running (and the dispatcher setting allows one), and have it look now."""
        if not getattr(settings, self.dispatcher_setting):
            return
        with self._lock:
            if self._sender is None or not self._sender.is_alive():
                self._sender = _Sender(self)
                self._sender.start()
            self._sender.woken.set()

    def stop(self, timeout: float = 10.0) -> None:
        """Stop this process's sender (the tests, before their database goes)."""
        with self._lock:
            sender, self._sender = self._sender, None
        if sender is not None:
            sender.stopping = True
            sender.woken.set()
            sender.join(timeout)


class _Sender(threading.Thread):
    """A process's sender: sleeps until a row is due or a change wakes it."""

    def __init__(self, outbox: Outbox) -> None:
        super().__init__(name=outbox.thread_name, daemon=True)
        self.outbox = outbox
        self.woken = threading.Event()
        self.stopping = False

    def run(self) -> None:
        while not self.stopping:
            wait = self.outbox.run_once()
            self.woken.wait(wait)
            self.woken.clear()
