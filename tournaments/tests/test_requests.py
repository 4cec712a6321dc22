"""Requests and proxies: the login lockout reads only the X-Forwarded-For entries our own
proxies added, a body past the limit and a NUL character are refused before anything reads or
looks them up (with the headers of every answer), a malformed link costs no query, organiser
pages and downloads are never stored by a browser or a proxy, no log line writes a pair's
link, and a forgotten password is reset by e-mail, sent outside the request."""

import io
import logging
import re
import socket
import threading
import time
from collections.abc import Iterator
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.management import call_command
from django.db import connection
from django.test import Client, RequestFactory, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from burraco_club import reset_mail
from burraco_club.models import PasswordResetRequest
from burraco_club.security import client_address
from tournaments.models import Club
from tournaments.rules import limits
from tournaments.tests.conftest import PASSWORD, make_tournament
from tournaments.tests.test_player_entry import link, players_table


@pytest.mark.parametrize(
    ("forwarded", "proxies", "address"),
    [
        # one proxy of ours: it appended the address it saw; the client chose the rest
        ("6.6.6.6, 203.0.113.7", 1, "203.0.113.7"),
        # two proxies of ours: the second from the right is what the outer one saw
        ("6.6.6.6, 203.0.113.7, 10.0.0.2", 2, "203.0.113.7"),
        # fewer entries than proxies: the header was not made by our proxies, use the socket
        ("203.0.113.7", 2, "192.0.2.1"),
        # no header at all
        ("", 1, "192.0.2.1"),
    ],
)
def test_the_lockout_counts_the_address_our_proxies_saw(
    forwarded: str, proxies: int, address: str
) -> None:
    request = RequestFactory().post("/login/", REMOTE_ADDR="192.0.2.1")
    if forwarded:
        request.META["HTTP_X_FORWARDED_FOR"] = forwarded
    with override_settings(LOGIN_TRUST_X_FORWARDED_FOR=True, TRUSTED_PROXY_COUNT=proxies):
        assert client_address(request) == address


def test_without_trusting_proxies_the_socket_address_counts() -> None:
    request = RequestFactory().post("/login/", REMOTE_ADDR="192.0.2.1")
    request.META["HTTP_X_FORWARDED_FOR"] = "6.6.6.6"
    assert client_address(request) == "192.0.2.1"


@pytest.mark.django_db
def test_a_forged_left_most_entry_does_not_escape_the_lockout(organiser: User) -> None:
    with override_settings(LOGIN_TRUST_X_FORWARDED_FOR=True, LOGIN_FAILURES_PER_ADDRESS=3):
        for number in range(3):
            Client().post(
                "/login/",
                {"username": f"nobody{number}", "password": "wrong"},
                HTTP_X_FORWARDED_FOR=f"10.9.9.{number}, 203.0.113.7",
            )
        page = Client().post(
            "/login/",
            {"username": "anna", "password": PASSWORD},
            HTTP_X_FORWARDED_FOR="10.9.9.99, 203.0.113.7",
        )
    assert "Too many failed logins" in page.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("headers", "said"),
    [
        ({}, "This request is too large (209,715,200 bytes; at most 1,000,000)."),
        # refused before LocaleMiddleware, in the reader's language all the same
        (
            {"HTTP_ACCEPT_LANGUAGE": "es-AR"},
            "Esta solicitud es demasiado grande (209.715.200 bytes; como mucho 1.000.000).",
        ),
        (
            {"HTTP_ACCEPT_LANGUAGE": "fr", "HTTP_COOKIE": "django_language=de"},
            "Diese Anfrage ist zu groß (209.715.200 Bytes; höchstens 1.000.000).",
        ),
    ],
)
def test_a_body_past_the_limit_is_refused_before_it_is_read(
    headers: dict[str, str], said: str
) -> None:
    with override_settings(MAX_REQUEST_BYTES=1_000_000):
        response = Client().generic(
            "POST",
            "/login/",
            b"x" * 100,
            content_type="multipart/form-data; boundary=x",
            CONTENT_LENGTH=str(200 * 1024 * 1024),
            **headers,  # type: ignore[arg-type]
        )
    assert response.status_code == 413
    assert response.content.decode() == said


@pytest.mark.django_db
def test_organiser_pages_and_downloads_are_not_stored(club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(club, pairs=4, published=True)
    for url in (
        reverse("dashboard"),
        reverse("tournament_detail", args=[tournament.pk]),
        reverse("standings_csv", args=[tournament.pk]),
        reverse("public_standings_csv", args=[club.slug, tournament.slug]),
        reverse("login"),
    ):
        response = organiser_client.get(url)
        assert response.status_code == 200, url
        directives = {d.strip() for d in response["Cache-Control"].split(",")}
        assert {"private", "no-store"} <= directives, url
    public = Client().get(reverse("public_tournament", args=[club.slug, tournament.slug]))
    assert "no-store" not in public.get("Cache-Control", "")


@pytest.mark.django_db
def test_a_forgotten_password_is_reset_by_email(organiser: User) -> None:
    client = Client()
    login_page = client.get(reverse("login")).content.decode()
    assert reverse("password_reset") in login_page
    response = client.post(reverse("password_reset"), {"email": "anna@example.com"})
    assert response["Location"] == reverse("password_reset_done")
    assert mail.outbox == [], "the request does not wait for the mail server"
    assert reset_mail.send_due() == 1
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["anna@example.com"]
    assert message.subject == "Choose a new password for Burraco club"
    link = re.search(r"http://testserver(/password-reset/\S+/\S+/)", str(message.body))
    assert link is not None, message.body
    form = client.get(link[1], follow=True)
    assert "Choose a new password" in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "a new burraco password", "new_password2": "a new burraco password"},
    )
    assert done["Location"] == reverse("password_reset_complete")
    assert Client().login(username="anna", password="a new burraco password")
    # an address with no account gets the same page and no mail
    client.post(reverse("password_reset"), {"email": "nobody@example.com"})
    assert reset_mail.send_due() == 1
    assert len(mail.outbox) == 1
    assert reset_mail.send_due() == 0, "each request is handled once"


# --- the NUL character, malformed links, the 413's headers ----------------------------------------


@pytest.fixture
def local_cache(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A cache in this process's memory: what a refusal costs is then counted in queries
    alone (the database cache of the SQLite run would count its own queries). The links'
    clock stands still, so that their counts of the minute never start again mid-test."""
    from tournaments.views import player_links

    monkeypatch.setattr(player_links, "time", SimpleNamespace(time=lambda: 1_800_000_000.0))
    caches = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    with override_settings(CACHES=caches):
        yield


FORM = "application/x-www-form-urlencoded"
NUL_REQUESTS = [
    # the two: a login with a NUL after the name, a link of NULs
    ("post", "/login/", "username=organiser%00&password=x", {"content_type": FORM}),
    ("get", "/p/" + "%00" * 26 + "/", {}, {}),
    ("get", "/p/" + "a" * 25 + "%00/", {}, {}),
    # in the query, in a cookie, in the password-reset form
    ("get", "/t/roma/?sort=%00", {}, {}),
    ("get", "/login/", {}, {"HTTP_COOKIE": "sessionid=abcdefgh\x00ijklmnop"}),
    ("post", "/password-reset/", "email=anna%40example.com%00", {"content_type": FORM}),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "url", "data", "headers"), NUL_REQUESTS)
def test_a_nul_character_is_refused_before_any_query(
    method: str,
    url: str,
    data: object,
    headers: dict[str, str],
    club: Club,
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    with django_assert_num_queries(0):
        response = getattr(Client(), method)(url, data, **headers)
    assert response.status_code == 400
    assert "This request could not be read" in response.content.decode()
    assert response["Content-Security-Policy"] and response["X-Frame-Options"] == "DENY"


@pytest.mark.django_db
def test_a_nul_in_a_multipart_login_is_refused_by_the_form(organiser: User) -> None:
    """A form sent as multipart is not read before its view (a file may hold any byte, and an
    upload view may read it its own way): Django's fields refuse a NUL there, never a 500."""
    client = Client()
    response = client.post("/login/", {"username": "anna\x00", "password": PASSWORD})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_a_nul_in_an_uploaded_file_is_the_files_business(organiser_client: Client) -> None:
    """A file sent as multipart may hold any byte (a spreadsheet holds many NULs)."""
    upload = io.BytesIO(b"PK\x03\x04\x00\x00binary")
    upload.name = "pairs.xlsx"
    response = organiser_client.post("/login/", {"username": "anna", "file": upload})
    assert response.status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize(
    "token",
    [
        "short",
        "a" * 25,  # one character missing
        "a" * 27,  # one too many
        "aaaaaaaaaaaaaaaaaaaaaaaa.a",  # not of the link's alphabet
        "aaaaaaaaaaaaaaaaaaaaaaaaaé",
        "aaaaaaaaaaaaaaaaaaaaaaaaa1",  # 1 is left out of the alphabet (read as l)
    ],
)
def test_a_malformed_link_is_not_found_without_a_query(
    token: str, club: Club, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    # a reader who asked for a language we speak, and one who asked for none (whose page
    # would speak the club's language, were the link one)
    for client in (Client(), Client(HTTP_ACCEPT_LANGUAGE="fr")):
        for name in ("link_table", "link_evening"):
            with django_assert_num_queries(0):
                response = client.get(reverse(name, args=[token]))
            assert response.status_code == 404
        with django_assert_num_queries(0):
            assert client.post(reverse("link_write", args=[token])).status_code == 404
    assert "This link opens no table" in Client().get(f"/p/{token}/").content.decode()


@pytest.mark.django_db
def test_a_link_refused_for_too_many_requests_costs_no_query(
    club: Club,
    local_cache: None,
    monkeypatch: pytest.MonkeyPatch,
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    monkeypatch.setattr(limits, "LINK_REQUESTS_PER_MINUTE", 2)
    token = link(players_table(club), "ns")
    phone = Client()
    assert [phone.get(reverse("link_table", args=[token])).status_code for _ in range(2)] == [
        200,
        200,
    ]
    for url, htmx in [
        (reverse("link_table", args=[token]), False),
        (reverse("link_evening", args=[token]), True),  # its poll
    ]:
        with django_assert_num_queries(0):
            refused = phone.get(url, headers={"HX-Request": "true"} if htmx else {})
        assert refused.status_code == 429
        assert "Too many requests from this link" in refused.content.decode()
        assert reverse("link_table", args=[token]) in refused.content.decode()


@pytest.mark.django_db
def test_a_link_speaks_its_clubs_language_to_a_reader_who_asked_for_none(club: Club) -> None:
    club.language = "es"
    club.save()
    token = link(players_table(club), "ns")
    page = Client(HTTP_ACCEPT_LANGUAGE="fr").get(reverse("link_table", args=[token]))
    assert page.status_code == 200
    assert '<html lang="es"' in page.content.decode()
    evening = Client(HTTP_ACCEPT_LANGUAGE="fr").get(reverse("link_evening", args=[token]))
    assert '<html lang="es"' in evening.content.decode()


@pytest.fixture
def site_log() -> Iterator[io.StringIO]:
    """What the site's own log handler (settings.LOGGING's console) writes."""
    (handler,) = [h for h in logging.getLogger().handlers if h.get_name() == "console"]
    assert isinstance(handler, logging.StreamHandler)
    written = io.StringIO()
    before = handler.setStream(written)
    yield written
    handler.setStream(before)


@pytest.mark.django_db
def test_no_log_line_writes_a_pairs_link(
    club: Club, local_cache: None, monkeypatch: pytest.MonkeyPatch, site_log: io.StringIO
) -> None:
    monkeypatch.setattr(limits, "LINK_REQUESTS_PER_MINUTE", 1)
    token = link(players_table(club), "ns")
    phone = Client()
    phone.get(reverse("link_table", args=[token]))
    assert phone.get(reverse("link_table", args=[token])).status_code == 429
    assert phone.get(reverse("link_table", args=["B" * 22])).status_code == 404
    written = site_log.getvalue()
    assert "Too Many Requests: /p/[redacted]/" in written
    assert "Not Found: /p/[redacted]/" in written
    assert token not in written and "B" * 22 not in written


def test_every_handler_of_the_sites_logs_hides_the_links() -> None:
    from burraco_club.logs import HideLinkTokens

    handlers = {
        handler.get_name(): handler
        for name in ("", "django", "django.request", "django.server")
        for handler in logging.getLogger(name).handlers
        if handler.get_name()  # the test runner's own handlers have none
    }
    # the site's console, Django's (while DEBUG is on), runserver's
    assert set(handlers) == {"console", "django.console", "django.server"}
    for handler in handlers.values():
        assert any(isinstance(f, HideLinkTokens) for f in handler.filters), handler


@pytest.mark.django_db
def test_a_body_too_large_is_answered_with_every_security_header() -> None:
    with override_settings(MAX_REQUEST_BYTES=1_000):
        response = Client().generic(
            "POST",
            "/login/",
            b"x" * 100,
            content_type="application/x-www-form-urlencoded",
            CONTENT_LENGTH="5000",
        )
    assert response.status_code == 413
    assert response["Content-Security-Policy"].startswith("default-src 'self'")
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"
    assert {"private", "no-store"} <= {d.strip() for d in response["Cache-Control"].split(",")}


# --- the password reset, outside the request ------------------------------------------------------


class Clock:
    """The site's clock (django.utils.timezone.now), stopped at the time it is, moved by hand."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.now = timezone.now()
        monkeypatch.setattr(timezone, "now", lambda: self.now)

    def move(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def reset(client: Client, email: str, address: str = "10.0.0.1") -> tuple[int, str]:
    response = client.post(reverse("password_reset"), {"email": email}, REMOTE_ADDR=address)
    return response.status_code, response.content.decode()


def shapes(queries: CaptureQueriesContext) -> list[str]:
    """The statements run, without the values they were given."""
    return [re.sub(r"'[^']*'|\b\d+(\.\d+)?\b", "?", query["sql"]) for query in queries]


@pytest.mark.django_db
def test_a_reset_does_the_same_work_whether_an_account_has_the_address_or_not(
    organiser: User,
) -> None:
    done = {}
    for email in ("anna@example.com", "nobody@example.com"):
        with CaptureQueriesContext(connection) as queries:
            response = Client().post(reverse("password_reset"), {"email": email})
        assert response["Location"] == reverse("password_reset_done")
        done[email] = shapes(queries)
        assert not any("auth_user" in sql for sql in done[email]), done[email]
    assert done["anna@example.com"] == done["nobody@example.com"]
    assert len(done["anna@example.com"]) == 2  # the throttle's count, the request stored
    assert mail.outbox == []
    assert PasswordResetRequest.objects.count() == 2


@pytest.fixture
def silent_mail_server() -> Iterator[int]:
    """A mail server that takes the connection and never says a word (for 3 s, then hangs up)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    held: list[socket.socket] = []

    def hold() -> None:
        server.settimeout(0.2)
        until = time.monotonic() + 3
        while time.monotonic() < until:
            try:
                held.append(server.accept()[0])
            except TimeoutError:
                continue
        for peer in held:
            peer.close()

    keeper = threading.Thread(target=hold, daemon=True)
    keeper.start()
    yield int(server.getsockname()[1])
    keeper.join()
    server.close()


@pytest.mark.django_db
def test_a_mail_server_that_never_answers_holds_no_request(
    organiser: User, silent_mail_server: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    smtp = {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": silent_mail_server,
        "EMAIL_USE_TLS": False,
        "EMAIL_TIMEOUT": 0.5,
    }
    with override_settings(**smtp):
        started = time.monotonic()
        response = Client().post(reverse("password_reset"), {"email": "anna@example.com"})
        assert response.status_code == 302
        assert time.monotonic() - started < 0.4, "the request did not wait for the mail server"
        started = time.monotonic()
        assert reset_mail.send_due() == 1
        assert time.monotonic() - started < 2.5, "the sender waited EMAIL_TIMEOUT, not forever"
    (request,) = PasswordResetRequest.objects.all()
    assert request.done_at is None and request.attempts == 1
    assert "timed out" in request.error
    assert request.next_try_at > timezone.now() + timedelta(seconds=55)
    assert reset_mail.send_due() == 0, "not tried again before the minute"
    clock = Clock(monkeypatch)
    clock.now = request.next_try_at
    assert reset_mail.send_due() == 1  # the mail server answers now (the test's mailbox)
    (message,) = mail.outbox
    assert message.to == ["anna@example.com"]
    request.refresh_from_db()
    assert request.done_at is not None and request.mails_sent == 1 and request.error == ""


@pytest.mark.django_db
def test_a_mail_that_keeps_failing_is_given_up_after_the_last_try(
    organiser: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = Clock(monkeypatch)
    with override_settings(EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
                           EMAIL_HOST="127.0.0.1", EMAIL_PORT=1, EMAIL_USE_TLS=False):  # fmt: skip
        Client().post(reverse("password_reset"), {"email": "anna@example.com"})
        waits = []
        for _ in range(7):
            assert reset_mail.send_due() == 1
            request = PasswordResetRequest.objects.get()
            if request.done_at is None:
                waits.append((request.next_try_at - clock.now).total_seconds() / 60)
                clock.now = request.next_try_at
    assert waits == [1, 5, 15, 30, 60, 120]
    assert request.done_at is not None and request.attempts == 7 and request.mails_sent == 0
    assert reset_mail.send_due() == 0


@pytest.mark.django_db
def test_resets_are_limited_per_address_and_per_client(
    organiser: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = Clock(monkeypatch)
    client = Client()
    refused = (
        "Too many links asked for this address or from this connection in the last hour. "
        "Wait an hour, then ask again, or ask another organiser of your club."
    )
    # three an hour for one address, known or not, whoever asks
    for email in ("anna@example.com", "nobody@example.com"):
        for number in range(3):
            assert reset(client, email, address=f"10.0.1.{number}")[0] == 302
        status, page = reset(client, email.upper(), address="10.0.1.9")
        assert status == 429 and refused in page
    # ten an hour from one client, whatever the addresses
    for number in range(8):
        assert reset(client, f"someone{number}@example.com", address="10.0.0.7")[0] == 302
    assert reset(client, "anna.again@example.com", address="10.0.0.7")[0] == 302
    assert reset(client, "other@example.com", address="10.0.0.7")[0] == 302
    status, page = reset(client, "eleventh@example.com", address="10.0.0.7")
    assert status == 429 and refused in page
    assert reset(client, "eleventh@example.com", address="10.0.0.8")[0] == 302
    assert PasswordResetRequest.objects.count() == 17
    clock.move(3601)  # an hour later
    assert reset(client, "anna@example.com", address="10.0.0.7")[0] == 302


@pytest.mark.django_db(transaction=True)
def test_a_server_process_sends_the_mail_by_itself(organiser: User) -> None:
    sender = reset_mail._Sender()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reset_mail, "_sender", sender)
        # the request stored first, then the process's sender started: SQLite's shared
        # in-memory test database refuses a write while another thread reads the same table
        Client().post(reverse("password_reset"), {"email": "anna@example.com"})
        assert mail.outbox == []  # nobody sent it in the request
        sender.start()
        try:
            for _ in range(100):
                if mail.outbox:
                    break
                time.sleep(0.05)
        finally:
            sender.stop()
    (message,) = mail.outbox
    assert message.to == ["anna@example.com"]


@pytest.mark.django_db
def test_the_command_sends_what_is_due(organiser: User, capsys: pytest.CaptureFixture[str]) -> None:
    Client().post(reverse("password_reset"), {"email": "anna@example.com"})
    call_command("send_reset_mails")
    assert capsys.readouterr().out == "1 password-reset request(s) handled.\n"
    assert [message.to for message in mail.outbox] == [["anna@example.com"]]


@pytest.mark.django_db
def test_messages_are_stored_only_by_a_request_that_adds_or_shows_one(club: Club) -> None:
    """A request that neither adds nor shows a message makes no storage for them (a phone's
    poll, 14,000 a minute at a national round's end); one that adds a message has it shown on
    the next page, once."""
    from django.utils.functional import SimpleLazyObject, empty

    table = players_table(club)
    phone = Client()
    evening = reverse("link_evening", args=[link(table, "ns")])
    polled = phone.get(evening, HTTP_HX_REQUEST="true")
    assert polled.status_code == 200
    kept = polled.wsgi_request._messages  # type: ignore[attr-defined]
    assert type(kept) is SimpleLazyObject and kept._wrapped is empty  # type: ignore[attr-defined]
    assert "messages" not in polled.cookies
    sent = phone.post(reverse("link_email", args=[link(table, "ns")]), {"email": ""})
    assert sent.status_code == 302
    shown = phone.get(evening).content.decode()
    assert "Choose who you are, and give an address." in shown
    assert "Choose who you are" not in phone.get(evening).content.decode()
