"""Results that reach the players (issue 26, item 5): an address is kept only with consent (at
the organiser's desk or from the pair's link); a published round sends "your next table", a
finished tournament "your result" with the deals and the record's link; only to those who
consented, through a real SMTP server (aiosmtpd) outside the request, retried when the server
is away, every attempt in the organiser's log; the link in every message removes the address."""

import email
import socket
import time
from collections.abc import Iterator
from email.message import Message
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from opendata.mail import delivery
from opendata.models import PlayerMessage
from tournaments import services
from tournaments.models import Club, Player, Tournament
from tournaments.services import ServiceError
from tournaments.services.player_mail import removal_token
from tournaments.tests.test_exports import assert_login_redirect
from tournaments.tests.test_seasons import ANNA, BRUNO, CARLA, DARIO, evening, play

SITE = "https://burraco.example.org"


class Inbox:
    """What the SMTP server was given: one e-mail message per envelope and recipient."""

    def __init__(self) -> None:
        self.received: list[tuple[list[str], Message]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.received.append((list(envelope.rcpt_tos), email.message_from_bytes(envelope.content)))
        return "250 OK"

    def to(self, address: str) -> list[Message]:
        return [message for rcpt, message in self.received if address in rcpt]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def smtp(settings: Any) -> Iterator[Inbox]:
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_USE_TLS = "127.0.0.1", port, False
    settings.SITE_URL = SITE
    try:
        yield inbox
    finally:
        controller.stop()


def player(club: Club, surname: str) -> Player:
    return Player.objects.get(club=club, last_name=surname)


def consented(club: Club, surname: str, address: str) -> None:
    services.player_email_set(player=player(club, surname), email=address, consent=True)


def body(message: Message) -> str:
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode()


@pytest.fixture
def entered(club: Club) -> Tournament:
    """A published evening of two pairs at a club that speaks English (messages speak the
    club's language)."""
    club.language = "en"
    club.save(update_fields=["language"])
    tournament = evening(club, "Ottobre 1", 1, [f"{ANNA} / {BRUNO}", f"{CARLA} / {DARIO}"])
    return services.tournament_publish(tournament=tournament, published=True)


def test_an_address_is_kept_only_with_consent(club: Club, entered: Tournament) -> None:
    carla = player(club, "Conti")
    with pytest.raises(ServiceError, match="Without the player's consent no address is kept"):
        services.player_email_set(player=carla, email="carla@example.org", consent=False)
    with pytest.raises(ServiceError, match=r"“carla@” is not an e-mail address\."):
        services.player_email_set(player=carla, email="carla@", consent=True)
    carla.refresh_from_db()
    assert (carla.email, carla.email_consent_at) == ("", None)


def test_the_organiser_enters_an_address_with_the_consent_tick(
    club: Club, entered: Tournament, organiser_client: Client, other_client: Client
) -> None:
    pair = entered.pairs.get(number=1)
    anna = player(club, "Alberti")
    url = reverse("player_email", args=[pair.pk, anna.pk])
    assert other_client.post(url, {"email": "anna@example.org", "consent": "on"}).status_code == 404
    assert_login_redirect(Client().post(url, {"email": "anna@example.org", "consent": "on"}))
    page = organiser_client.post(url, {"email": "anna@example.org"}, follow=True)
    assert "Without the player&#x27;s consent no address is kept" in page.content.decode()
    page = organiser_client.post(url, {"email": "anna@example.org", "consent": "on"}, follow=True)
    assert "Saved: Anna Alberti gets their tables and results at anna@example.org." in (
        page.content.decode()
    )
    anna.refresh_from_db()
    assert anna.email == "anna@example.org" and anna.email_consent_at is not None
    # a player of another pair is not this pair's to change
    carla = player(club, "Conti")
    wrong = reverse("player_email", args=[pair.pk, carla.pk])
    assert (
        organiser_client.post(wrong, {"email": "c@example.org", "consent": "on"}).status_code == 404
    )


def test_a_player_leaves_an_address_from_the_pairs_link(
    club: Club, entered: Tournament, organiser: User
) -> None:
    services.round_prepare(tournament=entered, movement="random", seed=1)
    pair = entered.pairs.get(number=1)
    bruno = player(club, "Bassi")
    client = Client()
    evening_page = client.get(reverse("link_evening", args=[pair.token])).content.decode()
    assert "Your next table and your result by e-mail" in evening_page
    url = reverse("link_email", args=[pair.token])
    page = client.post(url, {"player": bruno.pk, "email": "bruno@example.org"}, follow=True)
    assert "Without the player&#x27;s consent no address is kept" in page.content.decode()
    data = {"player": bruno.pk, "email": "bruno@example.org", "consent": "on"}
    page = client.post(url, data, follow=True)
    assert "Saved: your next table and your result go to bruno@example.org." in (
        page.content.decode()
    )
    bruno.refresh_from_db()
    assert bruno.email == "bruno@example.org"
    # a player of the other pair cannot be chosen from this link
    carla = player(club, "Conti")
    client.post(url, {"player": carla.pk, "email": "carla@example.org", "consent": "on"})
    carla.refresh_from_db()
    assert carla.email == ""


def test_only_consenting_players_get_their_table_and_their_result(
    club: Club, entered: Tournament, organiser: User, smtp: Inbox, organiser_client: Client
) -> None:
    services.player_email_set(
        player=player(club, "Alberti"), email="anna@example.org", consent=True
    )
    consented(club, "Conti", "carla@example.org")
    services.club_records_set(club=club, public=True)
    # Anna-Bruno close all three deals, 600 to 70 each: 1800 to 210, 20 VP to 0
    play(entered, organiser, ["AB", "AB", "AB"])
    kinds = sorted(PlayerMessage.objects.values_list("player__last_name", "kind", "status"))
    assert kinds == [
        ("Alberti", "next_table", "pending"),
        ("Alberti", "result", "pending"),
        ("Conti", "next_table", "pending"),
        ("Conti", "result", "pending"),
    ]
    assert smtp.received == []  # nothing is sent inside the request
    assert delivery.deliver_due() == 4
    assert sorted(rcpt[0] for rcpt, _ in smtp.received) == [
        "anna@example.org", "anna@example.org", "carla@example.org", "carla@example.org"
    ]  # fmt: skip
    table, result = sorted(smtp.to("anna@example.org"), key=lambda m: "result" in m["Subject"])
    assert table["Subject"] == "Ottobre 1: your table for round 1"
    seat = entered.round_set.get(number=1).seats.get(pair__number=1)
    direction = "North-South" if seat.direction == "ns" else "East-West"
    text = body(table)
    assert f"Round 1: table 1, {direction}." in text
    assert f"Against pair 2, {CARLA} – {DARIO}." in text
    assert result["Subject"] == "Ottobre 1: your result"
    text = body(result)
    assert "Ottobre 1 is over. Pair 1:" in text
    assert "Place: 1 of 2" in text
    assert "VP: 20 · MP: 1,800" in text
    assert "Deal 1: 600 – 70" in text and "Deal 3: 600 – 70" in text
    anna = player(club, "Alberti")
    assert f"Every evening you played: {SITE}/r/roma/{anna.pk}/" in text
    removal = f"{SITE}/mail/remove/{removal_token(anna)}/"
    assert removal in text
    assert "".join(result["List-Unsubscribe"].split()) == f"<{removal}>"  # unfolded
    assert result["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    carla = next(m for m in smtp.to("carla@example.org") if "result" in m["Subject"])
    assert "Place: 2 of 2" in body(carla) and "VP: 0 · MP: 210" in body(carla)
    assert set(PlayerMessage.objects.values_list("status", flat=True)) == {"sent"}
    # the organiser's log
    log = organiser_client.get(reverse("club_settings", args=[club.pk])).content.decode()
    assert log.count("<td>sent</td>") == 4
    assert "your next table (1)" in log and "your result" in log


def test_a_mail_server_away_is_tried_again_then_the_message_fails(
    club: Club, entered: Tournament, organiser: User, settings: Any, organiser_client: Client
) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_USE_TLS = (
        "127.0.0.1",
        free_port(),
        False,
    )
    settings.MAIL_RETRY_DELAYS = [0.0]
    services.player_email_set(
        player=player(club, "Alberti"), email="anna@example.org", consent=True
    )
    services.round_prepare(tournament=entered, movement="random", seed=1)
    message = PlayerMessage.objects.get()
    assert delivery.deliver_due() == 1
    message.refresh_from_db()
    assert (message.status, message.attempts) == ("pending", 1)
    assert message.log[0]["outcome"] == "error"
    assert "ConnectionRefusedError" in message.log[0]["detail"]
    assert delivery.deliver_due() == 1
    message.refresh_from_db()
    assert (message.status, message.attempts) == ("failed", 2)
    log = organiser_client.get(reverse("club_settings", args=[club.pk])).content.decode()
    assert "failed: ConnectionRefusedError" in log


def test_the_link_in_the_message_removes_the_address_and_what_waits_is_not_sent(
    club: Club, entered: Tournament, smtp: Inbox
) -> None:
    anna = player(club, "Alberti")
    services.player_email_set(player=anna, email="anna@example.org", consent=True)
    services.round_prepare(tournament=entered, movement="random", seed=1)
    url = reverse("player_email_removal", args=[removal_token(anna)])
    client = Client(enforce_csrf_checks=True)
    page = client.get(url)
    assert "Remove anna@example.org?" in page.content.decode()
    anna.refresh_from_db()
    assert anna.email == "anna@example.org"  # opening the link alone removes nothing
    page = client.post(url)  # one click, no CSRF token (a mail program's unsubscribe)
    assert "Your address is removed: nothing more is sent to it." in page.content.decode()
    anna.refresh_from_db()
    assert (anna.email, anna.email_consent_at) == ("", None)
    assert client.get(url).status_code == 404
    assert client.get(reverse("player_email_removal", args=["forged"])).status_code == 404
    assert delivery.deliver_due() == 1
    assert smtp.received == []
    assert PlayerMessage.objects.get().status == "cancelled"


@pytest.mark.django_db(transaction=True)
def test_the_sender_thread_sends_once_the_change_is_committed(
    club: Club, entered: Tournament, smtp: Inbox, settings: Any
) -> None:
    services.player_email_set(
        player=player(club, "Alberti"), email="anna@example.org", consent=True
    )
    services.round_prepare(tournament=entered, movement="random", seed=1)
    # started only now, after the test's writes (SQLite's shared test database)
    settings.MAIL_DISPATCHER = True
    try:
        delivery.wake()
        for _ in range(100):
            if smtp.received:
                break
            time.sleep(0.05)
    finally:
        delivery.stop()
    assert [rcpt for rcpt, _ in smtp.received] == [["anna@example.org"]]


def test_the_check_in_list_leads_to_each_pairs_addresses(
    club: Club, entered: Tournament, organiser_client: Client
) -> None:
    html = organiser_client.get(reverse("check_in", args=[entered.pk])).content.decode()
    pair = entered.pairs.get(number=2)
    assert f'href="{reverse("pair_detail", args=[pair.pk])}#email">E-mail addresses of pair 2' in (
        html
    )


def test_a_message_speaks_the_clubs_language(
    club: Club, entered: Tournament, organiser: User, smtp: Inbox
) -> None:
    club.language = "it"
    club.save(update_fields=["language"])
    consented(club, "Alberti", "anna@example.org")
    play(entered, organiser, ["AB", "AB", "AB"])
    delivery.deliver_due()
    result = next(m for m in smtp.to("anna@example.org") if "risultato" in m["Subject"])
    assert result["Subject"] == "Ottobre 1: il tuo risultato"
    text = body(result)
    assert "Ciao Anna," in text and "Posizione: 1 su 2" in text
