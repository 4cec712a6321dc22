"""Requests and proxies: the login lockout reads only the X-Forwarded-For entries our own
proxies added, a body past the limit is refused before it is read, organiser pages and
downloads are never stored by a browser or a proxy, and a forgotten password is reset by
e-mail."""

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse

from burraco_club.security import client_address
from tournaments.models import Club
from tournaments.tests.conftest import PASSWORD, make_tournament


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
    assert len(mail.outbox) == 1
