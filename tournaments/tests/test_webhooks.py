"""Webhooks against a real receiver: a local HTTP server in a thread of the test. A round
seated in a published tournament is delivered signed (HMAC-SHA256 of `<timestamp>.<body>` with
the webhook's secret), by the sender thread, never inside the organiser's request; a receiver
that fails is tried again with growing pauses until it answers 2xx, or the attempts run out;
every attempt is logged with its answer."""

import hashlib
import hmac
import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.contrib.auth.models import User
from django.test import Client

from opendata.models import Webhook, WebhookDelivery
from opendata.webhooks import delivery
from tournaments import services
from tournaments.models import Club, Tournament
from tournaments.tests.conftest import make_tournament

pytestmark = pytest.mark.django_db(transaction=True)


@dataclass
class Hit:
    at: float
    headers: dict[str, str]
    body: bytes


@dataclass
class Receiver:
    """A club's software: answers each delivery as `answers` says, in turn (the last one
    again and again); an answer is a status, or ("slow", seconds, status)."""

    answers: list[object]
    hits: list[Hit] = field(default_factory=list)
    release: threading.Event = field(default_factory=threading.Event)
    url: str = ""

    def wait_for(self, count: int, seconds: float = 20.0) -> list[Hit]:
        until = time.monotonic() + seconds
        while len(self.hits) < count and time.monotonic() < until:
            time.sleep(0.02)
        assert len(self.hits) >= count, f"{len(self.hits)} deliveries of {count}"
        return self.hits


@pytest.fixture
def receiver() -> Iterator[Callable[[list[object]], Receiver]]:
    servers: list[ThreadingHTTPServer] = []

    def start(answers: list[object]) -> Receiver:
        got = Receiver(answers)

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                got.hits.append(Hit(time.monotonic(), dict(self.headers.items()), body))
                answer = got.answers[min(len(got.hits), len(got.answers)) - 1]
                if answer == "wait":
                    got.release.wait(20)
                    answer = 200
                if isinstance(answer, tuple):
                    time.sleep(answer[1])
                    answer = answer[2]
                text = b"boom" if answer >= 500 else b"thanks"  # type: ignore[operator]
                self.send_response(int(answer))  # type: ignore[call-overload]
                self.send_header("Content-Length", str(len(text)))
                self.end_headers()
                self.wfile.write(text)

            def log_message(self, *args: object) -> None:
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        got.url = f"http://127.0.0.1:{server.server_address[1]}/burraco/hook?club=roma"
        return got

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture
def sending(settings: object) -> Iterator[None]:
    """This process sends (its sender thread), to local addresses, with short pauses."""
    settings.WEBHOOK_DISPATCHER = True  # type: ignore[attr-defined]
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True  # type: ignore[attr-defined]
    settings.WEBHOOK_RETRY_DELAYS = [0.4, 0.8]  # type: ignore[attr-defined]
    settings.WEBHOOK_TIMEOUT = 2.0  # type: ignore[attr-defined]
    yield
    delivery.stop()


def signed_right(hit: Hit, secret: str) -> bool:
    """What a receiver checks: the HMAC-SHA256 of `<timestamp>.<body>` with its secret."""
    timestamp = hit.headers["X-Burraco-Timestamp"]
    expected = hmac.new(
        secret.encode(), timestamp.encode() + b"." + hit.body, hashlib.sha256
    ).hexdigest()
    return hmac.compare_digest(hit.headers["X-Burraco-Signature"], f"sha256={expected}")


def published(club: Club) -> Tournament:
    return make_tournament(club, pairs=4, published=True)


def test_a_delivery_is_signed_and_retried_with_growing_pauses_until_answered(
    club: Club, sending: None, receiver: Callable[[list[object]], Receiver]
) -> None:
    got = receiver([500, 503, 200])
    hook = Webhook.objects.create(club=club, url=got.url, events=["round_published"])
    tournament = published(club)
    services.round_prepare(tournament=tournament, movement="random", seed=2)
    hits = got.wait_for(3)
    delivery.stop()
    assert all(signed_right(hit, hook.secret) for hit in hits)
    assert not signed_right(hits[0], "another secret")
    body = json.loads(hits[0].body)
    assert body["event"] == "round_published" and body["round"] == 1 and body["table"] is None
    assert (body["club"], body["tournament"]) == (club.slug, tournament.slug)
    assert body["links"] == {
        "page": f"/t/roma/{tournament.slug}/",
        "api": f"/api/v1/clubs/roma/tournaments/{tournament.slug}/rounds/1",
    }
    # one delivery, sent three times: the same id and body, a fresh timestamp and signature
    assert {hit.headers["X-Burraco-Delivery"] for hit in hits} == {body["id"]}
    assert {hit.body for hit in hits} == {hits[0].body}
    assert all(hit.headers["X-Burraco-Event"] == "round_published" for hit in hits)
    # back-off: at least 0.4 s, then at least 0.8 s between attempts
    assert hits[1].at - hits[0].at >= 0.35 and hits[2].at - hits[1].at >= 0.75
    sent = WebhookDelivery.objects.get()
    assert (sent.status, sent.attempts, str(sent.uuid)) == ("delivered", 3, body["id"])
    assert [(a["status"], a["answer"]) for a in sent.log] == [
        (500, "boom"), (503, "boom"), (200, "thanks"),
    ]  # fmt: skip
    assert sent.next_attempt_at is None


def test_a_receiver_that_never_answers_well_is_given_up_after_the_last_attempt(
    club: Club,
    organiser: User,
    organiser_client: Client,
    sending: None,
    receiver: Callable[[list[object]], Receiver],
    settings: object,
) -> None:
    settings.WEBHOOK_TIMEOUT = 0.3  # type: ignore[attr-defined]
    got = receiver([("slow", 1.0, 200), 502])
    Webhook.objects.create(club=club, url=got.url, events=["round_published"])
    services.round_prepare(tournament=published(club), movement="random", seed=2)
    got.wait_for(3)
    time.sleep(0.3)  # the last attempt's answer recorded
    delivery.stop()
    failed = WebhookDelivery.objects.get()
    assert (failed.status, failed.attempts) == ("failed", 3)
    assert [(a["status"], a["error"]) for a in failed.log] == [
        (None, "timeout"), (502, ""), (502, ""),
    ]  # fmt: skip
    text = organiser_client.get(f"/organise/clubs/{club.pk}/").content.decode()
    assert "failed" in text and "502 boom" in text


def test_it_is_sent_outside_the_organisers_request(
    club: Club,
    organiser: User,
    organiser_client: Client,
    sending: None,
    receiver: Callable[[list[object]], Receiver],
) -> None:
    """The receiver keeps the delivery waiting: the organiser's seating is answered at once."""
    got = receiver(["wait"])
    Webhook.objects.create(club=club, url=got.url, events=["round_published"])
    tournament = published(club)
    started = time.monotonic()
    response = organiser_client.post(
        f"/organise/tournaments/{tournament.pk}/rounds/next/", {"movement": "random"}
    )
    answered = time.monotonic() - started
    assert response.status_code == 302, response.content.decode()[:500]
    got.wait_for(1)
    assert answered < 5  # the receiver is still holding the delivery
    assert WebhookDelivery.objects.get().attempts == 0  # still being sent
    got.release.set()
    time.sleep(0.5)
    delivery.stop()
    assert WebhookDelivery.objects.get().status == "delivered"


def test_table_complete_and_finished_are_told_and_an_unpublished_tournament_tells_nothing(
    club: Club,
    organiser: User,
    sending: None,
    receiver: Callable[[list[object]], Receiver],
    settings: object,
) -> None:
    got = receiver([200])
    # the sender starts once the evenings are played: SQLite's shared in-memory test database
    # refuses a write while another thread reads the same table ("database table is locked")
    settings.WEBHOOK_DISPATCHER = False  # type: ignore[attr-defined]
    Webhook.objects.create(club=club, url=got.url, events=["table_complete", "tournament_finished"])
    hidden = make_tournament(club, pairs=2, name="Secret evening", rounds=1)
    shown = make_tournament(club, pairs=2, name="Open evening", rounds=1, published=True)
    sides = [
        {"melded_points": 300, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
         "closed": True},
        {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"},
    ]  # fmt: skip
    for tournament in (hidden, shown):
        prepared = services.round_prepare(tournament=tournament, movement="random", seed=1)
        services.round_start(round=prepared.round)
        table = prepared.round.tables.get()
        for number in (1, 2, 3):
            services.deal_record(
                table=table, number=number, sides=sides, mode="summary", user=organiser,
                version=number - 1,
            )  # fmt: skip
        services.tournament_finish(tournament=tournament)
    settings.WEBHOOK_DISPATCHER = True  # type: ignore[attr-defined]
    delivery.wake()
    hits = got.wait_for(2)
    time.sleep(0.3)
    delivery.stop()
    told = [json.loads(hit.body) for hit in hits]
    assert [(t["event"], t["tournament"], t["round"], t["table"]) for t in told] == [
        ("table_complete", shown.slug, 1, 1),
        ("tournament_finished", shown.slug, None, None),
    ]
    assert WebhookDelivery.objects.count() == 2  # nothing of the unpublished evening


def test_the_worker_command_sends_what_is_due_when_no_web_process_does(
    club: Club, receiver: Callable[[list[object]], Receiver], settings: object
) -> None:
    from django.core.management import call_command

    from tournaments.services.announcements import (
        ROUND_PUBLISHED,
        TABLE_COMPLETE,
        TOURNAMENT_FINISHED,
    )

    # the events a club may choose are those the services announce
    assert set(Webhook.Event.values) == {ROUND_PUBLISHED, TABLE_COMPLETE, TOURNAMENT_FINISHED}
    settings.WEBHOOK_DISPATCHER = False  # type: ignore[attr-defined]  # the containers' setup
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True  # type: ignore[attr-defined]
    got = receiver([200])
    hook = Webhook.objects.create(club=club, url=got.url, events=["round_published"])
    services.round_prepare(tournament=published(club), movement="random", seed=2)
    time.sleep(0.3)
    assert got.hits == []  # nobody sends in this process
    call_command("deliver_webhooks", "--once")
    (hit,) = got.wait_for(1)
    assert signed_right(hit, hook.secret)
    assert WebhookDelivery.objects.get().status == "delivered"
