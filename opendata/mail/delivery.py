"""Sending the players' messages, as the webhooks' deliveries are sent (webhooks/delivery.py),
by the one background sender (`opendata/outbox.py`): outside any request, by a thread of the
process (MAIL_DISPATCHER) woken once the change is committed, or by `manage.py
deliver_webhooks`; each message claimed (`leased_until`) so that one process sends it; a
refusal or an unreachable mail server tried again after MAIL_RETRY_DELAYS, every attempt
logged. The address is read when the message is sent: one removed meanwhile cancels it, and a
message is never sent to a player without consent."""

import logging
import smtplib
import time
from datetime import timedelta

from django.conf import settings
from django.core.mail import EmailMessage
from django.utils import timezone

from opendata.mail.compose import compose
from opendata.models import PlayerMessage
from opendata.outbox import Outbox

logger = logging.getLogger("opendata.mail")

DETAIL_KEPT = 300


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


def _handle(pk: int) -> None:
    """Send one claimed message and record what happened."""
    message = PlayerMessage.objects.select_related("player", "tournament__club").get(pk=pk)
    started = time.monotonic()
    outcome, detail = _attempt(message)
    _recorded(message, outcome, detail, started)


outbox = Outbox(
    model=PlayerMessage,
    pending=PlayerMessage.Status.PENDING,
    handle=_handle,
    lease_seconds=lambda: 2 * settings.EMAIL_TIMEOUT + 30,
    dispatcher_setting="MAIL_DISPATCHER",
    thread_name="player-mail-sender",
    logger=logger,
)
deliver_due = outbox.deliver_due
seconds_to_next = outbox.seconds_to_next
run_once = outbox.run_once
wake = outbox.wake
stop = outbox.stop
