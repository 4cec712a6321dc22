"""Sending the deliveries: signed, with a short timeout, outside any request, retried with
back-off, every attempt logged with its answer.

**Signed.** Each attempt carries `X-Burraco-Timestamp` (Unix seconds, when it was sent) and
`X-Burraco-Signature: sha256=<hex>`, the HMAC-SHA256 of `<timestamp>.<body>` with the webhook's
secret: a receiver recomputes it over the bytes it got, compares in constant time, and refuses a
timestamp more than a few minutes old (a replayed delivery). `X-Burraco-Delivery` is the
delivery's id (the same on every attempt: a receiver that got it once ignores the others) and
`X-Burraco-Event` its event.

**Outside the request.** A change commits its deliveries with itself (events.py) and then wakes
this process's sender (`opendata/outbox.py`, shared with the players' mail), a thread of its
own: the organiser's request never waits for a receiver. Any number of processes and servers
may send: a delivery is claimed (`leased_until`, one UPDATE) before it is sent, so it is sent by
one of them at a time. `manage.py deliver_webhooks` runs the same loop as a process of its own
(the containers' worker), which also picks up what a restarted server left due.

**Retried.** An answer other than 2xx, a timeout (WEBHOOK_TIMEOUT) or a refused connection is
tried again after WEBHOOK_RETRY_DELAYS[0] seconds, then [1], …; after the last the delivery has
failed. Redirects are not followed. An address inside the app's own network is refused at each
attempt too (services.private_address_problem), unless the settings allow it.
"""

import hashlib
import hmac
import http.client
import logging
import time
from dataclasses import asdict, dataclass
from datetime import timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.utils import timezone

from opendata.models import WebhookDelivery
from opendata.outbox import Outbox

logger = logging.getLogger("opendata.webhooks")

ANSWER_KEPT = 500
"""Characters of a receiver's answer kept in the log."""
USER_AGENT = "burraco-club-webhooks/1"


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """`sha256=` and the HMAC-SHA256 of `<timestamp>.<body>` with the webhook's secret."""
    message = str(timestamp).encode() + b"." + body
    return "sha256=" + hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class Attempt:
    at: str
    status: int | None
    """The receiver's HTTP status; None when it gave none (timeout, refused, …)."""
    answer: str
    error: str
    """"" when answered; else `timeout`, `connection` or `address` (the page words it)."""
    detail: str
    seconds: float

    @property
    def ok(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


def send(delivery: WebhookDelivery) -> Attempt:
    """One attempt: POST the body, signed now, and note what came back."""
    from opendata.services import private_address_problem  # services import this module's app

    hook = delivery.webhook
    body = delivery.body.encode()
    started = time.monotonic()
    at = timezone.now().isoformat(timespec="seconds")
    parts = urlsplit(hook.url)
    if private_address_problem(parts.hostname or ""):
        return Attempt(at, None, "", "address", parts.hostname or "", 0.0)
    timestamp = int(time.time())
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "X-Burraco-Event": delivery.event,
        "X-Burraco-Delivery": str(delivery.uuid),
        "X-Burraco-Timestamp": str(timestamp),
        "X-Burraco-Signature": signature(hook.secret, timestamp, body),
    }
    kind = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    target = parts.path or "/"
    if parts.query:
        target += "?" + parts.query
    link = kind(parts.hostname or "", parts.port, timeout=settings.WEBHOOK_TIMEOUT)
    try:
        link.request("POST", target, body=body, headers=headers)
        response = link.getresponse()
        answer = response.read(ANSWER_KEPT * 4).decode("utf-8", "replace")[:ANSWER_KEPT]
        status: int | None = response.status
        error = detail = ""
    except TimeoutError:
        status, answer, error, detail = None, "", "timeout", f"{settings.WEBHOOK_TIMEOUT:g}"
    except (OSError, http.client.HTTPException) as failure:
        status, answer, error = None, "", "connection"
        detail = f"{type(failure).__name__}: {failure}"[:ANSWER_KEPT]
    finally:
        link.close()
    return Attempt(at, status, answer, error, detail, round(time.monotonic() - started, 3))


def _recorded(delivery: WebhookDelivery, attempt: Attempt) -> WebhookDelivery:
    delays = settings.WEBHOOK_RETRY_DELAYS
    delivery.attempts += 1
    delivery.log = [*delivery.log, asdict(attempt)]
    delivery.leased_until = None
    if attempt.ok:
        delivery.status, delivery.next_attempt_at = WebhookDelivery.Status.DELIVERED, None
    elif delivery.attempts > len(delays):
        delivery.status, delivery.next_attempt_at = WebhookDelivery.Status.FAILED, None
    else:
        wait = timedelta(seconds=delays[delivery.attempts - 1])
        delivery.next_attempt_at = timezone.now() + wait
    delivery.save(update_fields=["attempts", "log", "leased_until", "status", "next_attempt_at"])
    logger.info(
        "webhook %s %s attempt %s: %s",
        delivery.event,
        delivery.uuid,
        delivery.attempts,
        attempt.status or f"{attempt.error} {attempt.detail}",
        extra={
            "event": "webhook",
            "delivery": str(delivery.uuid),
            "webhook_id": delivery.webhook_id,
            "attempt": delivery.attempts,
            "answer_status": attempt.status,
            "outcome": delivery.status,
        },
    )
    return delivery


def _handle(pk: int) -> None:
    """Send one claimed delivery and record what came back."""
    delivery = WebhookDelivery.objects.select_related("webhook").get(pk=pk)
    _recorded(delivery, send(delivery))


outbox = Outbox(
    model=WebhookDelivery,
    pending=WebhookDelivery.Status.PENDING,
    handle=_handle,
    lease_seconds=lambda: 2 * settings.WEBHOOK_TIMEOUT + 30,
    dispatcher_setting="WEBHOOK_DISPATCHER",
    thread_name="webhook-sender",
    logger=logger,
)
deliver_due = outbox.deliver_due
next_due = outbox.next_due
seconds_to_next = outbox.seconds_to_next
run_once = outbox.run_once
wake = outbox.wake
stop = outbox.stop
