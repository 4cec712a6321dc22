"""Sending the players' messages, as the webhooks' deliveries are sent (webhooks/delivery.py):
outside any request, by a thread of the process (MAIL_DISPATCHER) woken once the change is
committed, or by `manage.py deliver_webhooks`; each message claimed (`leased_until`) so that one
process sends it; a refusal or an unreachable mail server tried again after MAIL_RETRY_DELAYS,
every attempt logged. The address is read when the message is sent: one removed meanwhile
cancels it, and a message is never sent to a player without consent."""

import logging
import smtplib
import threading
import time
from datetime import timedelta

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import close_old_connections, connection
from django.db.models import Min, Q
from django.utils import timezone

from opendata.mail.compose import compose
from opendata.models import PlayerMessage

logger = logging.getLogger("opendata.mail")

IDLE_SECONDS = 60.0
DETAIL_KEPT = 300


def _free() -> Q:
    return Q(leased_until__isnull=True) | Q(leased_until__lt=timezone.now())


def _attempt(message: PlayerMessage) -> tuple[str, str]:
    """Send one message now: (outcome, detail), outcome "sent", "cancelled" or "error"."""
    player = message.player
    if not player.email or player.email_consent_at is None:
        return "cancelled", ""
    composed = compose(message)
    if composed is None:
        return "cancelled", "nothing to say"
    message.subject = composed.subject[:200]
    mail = EmailMessage(
        subject=composed.subject,
        body=composed.body,
        to=[player.email],
        headers={
            "List-Unsubscribe": f"<{composed.removal_url}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )
    try:
        mail.send()
    except (OSError, smtplib.SMTPException) as failure:
        return "error", f"{type(failure).__name__}: {failure}"[:DETAIL_KEPT]
    return "sent", ""


def _recorded(message: PlayerMessage, outcome: str, detail: str, started: float) -> None:
    delays = settings.MAIL_RETRY_DELAYS
    message.attempts += 1
    at = timezone.now().isoformat(timespec="seconds")
    message.log = [
        *message.log,
        {
            "at": at,
            "outcome": outcome,
            "detail": detail,
            "seconds": round(time.monotonic() - started, 3),
        },
    ]
    message.leased_until = None
    message.next_attempt_at = None
    if outcome == "sent":
        message.status = PlayerMessage.Status.SENT
    elif outcome == "cancelled":
        message.status = PlayerMessage.Status.CANCELLED
    elif message.attempts > len(delays):
        message.status = PlayerMessage.Status.FAILED
    else:
        message.next_attempt_at = timezone.now() + timedelta(seconds=delays[message.attempts - 1])
    message.save(
        update_fields=["attempts", "log", "leased_until", "status", "next_attempt_at", "subject"]
    )
    logger.info(
        "player message %s attempt %s: %s",
        message.pk,
        message.attempts,
        outcome,
        extra={"event": "player_message", "message_id": message.pk, "outcome": message.status},
    )


def deliver_due(limit: int = 50) -> int:
    """Send every due message this process can claim (at most `limit`); how many were tried."""
    due = PlayerMessage.objects.filter(
        _free(), status=PlayerMessage.Status.PENDING, next_attempt_at__lte=timezone.now()
    ).order_by("next_attempt_at", "id")
    tried = 0
    for pk in list(due.values_list("pk", flat=True)[:limit]):
        lease = timezone.now() + timedelta(seconds=2 * settings.EMAIL_TIMEOUT + 30)
        claimed = PlayerMessage.objects.filter(
            _free(), pk=pk, status=PlayerMessage.Status.PENDING
        ).update(leased_until=lease)
        if not claimed:
            continue  # another process has it
        message = PlayerMessage.objects.select_related("player", "tournament__club").get(pk=pk)
        started = time.monotonic()
        outcome, detail = _attempt(message)
        _recorded(message, outcome, detail, started)
        tried += 1
    return tried


def seconds_to_next(ceiling: float = IDLE_SECONDS) -> float:
    due = PlayerMessage.objects.filter(status=PlayerMessage.Status.PENDING).aggregate(
        at=Min("next_attempt_at")
    )["at"]
    if due is None:
        return ceiling
    return float(min(ceiling, max((due - timezone.now()).total_seconds(), 0.0)))


def run_once() -> float:
    """Send what is due; the seconds to wait before looking again. Never raises."""
    close_old_connections()
    try:
        while deliver_due():
            pass
        return seconds_to_next()
    except Exception:
        logger.exception("the players' mail sender failed; trying again shortly")
        return 5.0
    finally:
        connection.close()


class Sender(threading.Thread):
    def __init__(self) -> None:
        super().__init__(name="player-mail-sender", daemon=True)
        self.woken = threading.Event()
        self.stopping = False

    def run(self) -> None:
        while not self.stopping:
            wait = run_once()
            self.woken.wait(wait)
            self.woken.clear()


_sender: Sender | None = None
_lock = threading.Lock()


def wake() -> None:
    """Once a change with messages is committed: start this process's sender if it is not
    running (MAIL_DISPATCHER), and have it look now."""
    global _sender
    if not settings.MAIL_DISPATCHER:
        return
    with _lock:
        if _sender is None or not _sender.is_alive():
            _sender = Sender()
            _sender.start()
        _sender.woken.set()


def stop(timeout: float = 10.0) -> None:
    """Stop this process's sender (the tests, before their database goes)."""
    global _sender
    with _lock:
        sender, _sender = _sender, None
    if sender is not None:
        sender.stopping = True
        sender.woken.set()
        sender.join(timeout)
