"""The one background sender (`opendata/outbox.py`) behind the webhooks and the players' mail:
a row is handled once even when it is asked for twice, a row claimed by another process is
left alone, what is not due yet waits, and a failing send never stops the loop."""

import logging
from datetime import timedelta

import pytest
from django.utils import timezone

from opendata.mail import delivery as mail
from opendata.models import Webhook, WebhookDelivery
from opendata.outbox import IDLE_SECONDS, RETRY_AFTER_FAILURE, Outbox
from opendata.webhooks import delivery as webhooks
from tournaments.models import Club

pytestmark = pytest.mark.django_db


def _outbox(handled: list[int], *, fail: bool = False) -> Outbox:
    def handle(pk: int) -> None:
        handled.append(pk)
        if fail:
            raise RuntimeError("the receiver's software crashed")
        WebhookDelivery.objects.filter(pk=pk).update(
            status=WebhookDelivery.Status.DELIVERED, leased_until=None
        )

    return Outbox(
        model=WebhookDelivery,
        pending=WebhookDelivery.Status.PENDING,
        handle=handle,
        lease_seconds=lambda: 60.0,
        dispatcher_setting="WEBHOOK_DISPATCHER",
        thread_name="test-sender",
        logger=logging.getLogger("test.outbox"),
    )


def _deliveries(*, due_in: list[float], leased: tuple[int, ...] = ()) -> list[int]:
    club = Club.objects.create(name="Circolo Prova", slug="circolo-prova")
    hook = Webhook.objects.create(club=club, url="http://127.0.0.1:9/", events=["round_published"])
    now = timezone.now()
    made = []
    for index, seconds in enumerate(due_in):
        row = WebhookDelivery.objects.create(
            webhook=hook,
            event="round_published",
            body="{}",
            next_attempt_at=now + timedelta(seconds=seconds),
            leased_until=now + timedelta(seconds=30) if index in leased else None,
        )
        made.append(row.pk)
    return made


def test_due_rows_are_handled_once_and_claimed_ones_left_alone() -> None:
    first, second, claimed, _later = _deliveries(due_in=[-5, -1, -3, 120], leased=(2,))
    handled: list[int] = []
    outbox = _outbox(handled)
    assert outbox.deliver_due() == 2
    assert handled == [first, second]  # the oldest first; the claimed and the later rows wait
    assert outbox.deliver_due() == 0  # nothing is sent twice
    assert WebhookDelivery.objects.get(pk=claimed).status == WebhookDelivery.Status.PENDING
    assert outbox.seconds_to_next() == 0.0  # the claimed row is due: look again as it lapses
    WebhookDelivery.objects.filter(pk=claimed).update(status=WebhookDelivery.Status.FAILED)
    assert outbox.seconds_to_next() == IDLE_SECONDS  # only the later one is left: sleep
    assert 110 <= outbox.seconds_to_next(ceiling=500) <= 120


def test_nothing_pending_sleeps_the_idle_time() -> None:
    assert _outbox([]).seconds_to_next() == IDLE_SECONDS
    assert _outbox([]).next_due() is None


@pytest.mark.django_db(transaction=True)  # run_once closes its connection, as a thread's loop does
def test_a_failing_send_is_logged_and_the_loop_goes_on(caplog: pytest.LogCaptureFixture) -> None:
    _deliveries(due_in=[-1])
    handled: list[int] = []
    with caplog.at_level(logging.ERROR, logger="test.outbox"):
        assert _outbox(handled, fail=True).run_once() == RETRY_AFTER_FAILURE
    assert len(handled) == 1
    assert "the test-sender failed; trying again shortly" in caplog.text


def test_the_webhooks_and_the_mail_have_their_own_sender() -> None:
    assert webhooks.outbox is not mail.outbox
    assert webhooks.outbox.thread_name == "webhook-sender"
    assert mail.outbox.thread_name == "player-mail-sender"
    assert webhooks.outbox.dispatcher_setting == "WEBHOOK_DISPATCHER"
    assert mail.outbox.dispatcher_setting == "MAIL_DISPATCHER"


def test_no_sender_starts_where_the_setting_says_no(settings: object) -> None:
    settings.WEBHOOK_DISPATCHER = False  # type: ignore[attr-defined]
    outbox = _outbox([])
    outbox.wake()
    assert outbox._sender is None
