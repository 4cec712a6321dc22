"""Password-reset e-mails, sent outside the request that asks for them.

**The request** (`request_reset`) checks the throttle (PASSWORD_RESETS_PER_ADDRESS requests an
hour for one address, PASSWORD_RESETS_PER_CLIENT from one client, counted whether an account
has the address or not) and stores the address as asked: one query and one insert, the same
work whether an account has it or not, so that neither the answer nor its time tells. Nothing
in it waits for the mail server.

**The sender** (`send_due`) looks the accounts up, writes each its link in the language the
request was made in, and sends it with EMAIL_TIMEOUT, so that a mail server that never answers
holds no one. A failure is tried again later (after 1, 5, 15, 30 minutes, then 1 and 2 hours)
and given up, logged, after the last. Each server process runs it in a thread of its own
(`start_sender`, from burraco_club/wsgi.py): woken when a request is stored, and every minute
for the retries and for what a stopped process left; a request is claimed before it is sent, so
two processes never send it twice. `manage.py send_reset_mails` runs it once by hand (or from
cron). The requests live in the database (burraco_club.models.PasswordResetRequest), so a
restart loses none; handled ones are kept a day, for the throttle, then deleted.
"""

import logging
import threading
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.tokens import default_token_generator
from django.core.mail import EmailMultiAlternatives, get_connection
from django.db import connections, transaction
from django.db.models import Count, Min, Q
from django.http import HttpRequest
from django.template import loader
from django.utils import timezone, translation
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from burraco_club.models import PasswordResetRequest
from burraco_club.security import client_address, digest

logger = logging.getLogger("burraco_club.reset_mail")

WINDOW = timedelta(hours=1)
"""The throttle counts the requests of the last hour."""
KEEP = timedelta(days=1)
RETRY_MINUTES = (1, 5, 15, 30, 60, 120)
"""Minutes to wait after each failed try; after the last, the request is given up."""
POLL_SECONDS = 60.0
"""How often a sender looks for due requests without being woken."""
SUBJECT = "registration/password_reset_subject.txt"
BODY = "registration/password_reset_email.html"


def _limits() -> tuple[int, int]:
    return (
        int(getattr(settings, "PASSWORD_RESETS_PER_ADDRESS", 3)),
        int(getattr(settings, "PASSWORD_RESETS_PER_CLIENT", 10)),
    )


# --- the request ---------------------------------------------------------------------------------


def request_reset(request: HttpRequest, email: str) -> bool:
    """Store a reset asked for `email` (sent later by the sender); False, storing nothing, past
    the throttle for the address or the client."""
    now = timezone.now()
    address = email.strip().lower()
    client = digest("client", client_address(request))
    per_address, per_client = _limits()
    counts = PasswordResetRequest.objects.filter(created_at__gt=now - WINDOW).aggregate(
        address=Count("pk", filter=Q(email=address)),
        client=Count("pk", filter=Q(client=client)),
    )
    if counts["address"] >= per_address or counts["client"] >= per_client:
        return False
    PasswordResetRequest.objects.create(
        email=address,
        client=client,
        language=translation.get_language() or settings.LANGUAGE_CODE,
        domain=request.get_host(),
        secure=request.is_secure(),
        created_at=now,
        next_try_at=now,
    )
    transaction.on_commit(_sender.wake)
    return True


# --- the sender ----------------------------------------------------------------------------------


def send_due() -> int:
    """Handle every request due now, one claim at a time; how many were handled."""
    handled = 0
    while (row := _claim()) is not None:
        _handle(row)
        handled += 1
    PasswordResetRequest.objects.filter(
        done_at__isnull=False, created_at__lt=timezone.now() - KEEP
    ).delete()
    return handled


def _claim() -> PasswordResetRequest | None:
    """The next due request, claimed for this process (None when there is none): the claim
    lasts longer than a try can (each step of the mail server's answer may take
    EMAIL_TIMEOUT), and lapses if the process stops in the middle."""
    now = timezone.now()
    free = Q(claimed_until__isnull=True) | Q(claimed_until__lte=now)
    due = PasswordResetRequest.objects.filter(free, done_at__isnull=True, next_try_at__lte=now)
    claim = now + timedelta(seconds=max(300.0, 20 * float(settings.EMAIL_TIMEOUT or 10)))
    for row in due.order_by("next_try_at", "pk")[:20]:
        if due.filter(pk=row.pk).update(claimed_until=claim):
            return row
    return None


def _handle(row: PasswordResetRequest) -> None:
    users = list(PasswordResetForm().get_users(row.email))
    try:
        with translation.override(row.language):
            mails = [_mail(user, row) for user in users]
        if mails:
            with get_connection(fail_silently=False) as connection:
                connection.send_messages(mails)
    except Exception as error:
        _failed(row, error)
        return
    PasswordResetRequest.objects.filter(pk=row.pk).update(
        done_at=timezone.now(), claimed_until=None, mails_sent=len(mails), error=""
    )


def _failed(row: PasswordResetRequest, error: Exception) -> None:
    now = timezone.now()
    attempts = row.attempts + 1
    said = f"{type(error).__name__}: {error}"[:1000]
    if attempts > len(RETRY_MINUTES):
        logger.error(
            "password-reset request %s given up after %d tries: %s", row.pk, attempts, said
        )
        PasswordResetRequest.objects.filter(pk=row.pk).update(
            attempts=attempts, done_at=now, claimed_until=None, error=said
        )
        return
    wait = RETRY_MINUTES[attempts - 1]
    logger.warning(
        "password-reset mail not sent (request %s, try %d), trying again in %d minutes: %s",
        row.pk,
        attempts,
        wait,
        said,
    )
    PasswordResetRequest.objects.filter(pk=row.pk).update(
        attempts=attempts,
        next_try_at=now + timedelta(minutes=wait),
        claimed_until=None,
        error=said,
    )


def _mail(user: Any, row: PasswordResetRequest) -> EmailMultiAlternatives:
    """The mail Django's own PasswordResetForm writes, with the domain the request came to."""
    email = str(getattr(user, get_user_model().get_email_field_name()))
    context = {
        "email": email,
        "domain": row.domain,
        "site_name": row.domain,
        "uid": urlsafe_base64_encode(force_bytes(user.pk)),
        "user": user,
        "token": default_token_generator.make_token(user),
        "protocol": "https" if row.secure else "http",
    }
    subject = "".join(loader.render_to_string(SUBJECT, context).splitlines())
    body = loader.render_to_string(BODY, context)
    return EmailMultiAlternatives(subject, body, settings.DEFAULT_FROM_EMAIL, [email])


def _next_due_seconds() -> float:
    """Seconds until the next retry is due, POLL_SECONDS at most."""
    due: datetime | None = PasswordResetRequest.objects.filter(done_at__isnull=True).aggregate(
        first=Min("next_try_at")
    )["first"]
    if due is None:
        return POLL_SECONDS
    return min(POLL_SECONDS, max(0.0, (due - timezone.now()).total_seconds()) + 0.05)


class _Sender:
    """A server process's sending thread (a daemon: it never holds a stopping process)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._event = threading.Event()
        self._thread: threading.Thread | None = None
        self._enabled = False
        self._stopping = False

    def start(self) -> None:
        with self._lock:
            self._enabled = True
            if self._thread is not None and self._thread.is_alive():
                return
            self._thread = threading.Thread(
                target=self._run, name="password-reset-mail", daemon=True
            )
            self._thread.start()

    def wake(self) -> None:
        """After a request is stored: send it now (only where a sender runs, not in a
        management command or the tests, which call send_due themselves)."""
        if self._enabled:
            self.start()  # again, if it died
            self._event.set()

    def stop(self) -> None:
        """End the thread (for the tests' own senders: a server's runs as long as it does)."""
        with self._lock:
            self._enabled, self._stopping, thread = False, True, self._thread
        self._event.set()
        if thread is not None:
            thread.join(timeout=10)

    def _run(self) -> None:
        while not self._stopping:
            self._event.clear()
            wait = POLL_SECONDS
            try:
                send_due()
                wait = _next_due_seconds()
            except Exception as error:  # the database away, say: one line, not a traceback
                logger.warning(
                    "the password-reset sender failed, trying again in a minute: %s", error
                )
            finally:
                connections.close_all()  # this thread's own connections
            self._event.wait(wait)


_sender = _Sender()


def start_sender() -> None:
    """Run this process's sender (a server process: burraco_club/wsgi.py)."""
    _sender.start()
