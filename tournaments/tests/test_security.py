"""Site-wide protections: the Content-Security-Policy header and the login lockout (5 failures on
an account or 20 from an address pause logging in for exactly LOGIN_LOCKOUT_SECONDS, counted in
the database)."""

import threading
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client, override_settings
from django.utils import timezone

from burraco_club.models import LoginFailures
from burraco_club.security import CSP, _count_failure
from tournaments.tests.conftest import PASSWORD


class Clock:
    """The site's clock (django.utils.timezone.now), stopped at the time it is, moved by hand."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.now = timezone.now()
        monkeypatch.setattr(timezone, "now", lambda: self.now)

    def move(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    return Clock(monkeypatch)


def login(client: Client, username: str, password: str, address: str = "10.0.0.1") -> str:
    response = client.post(
        "/login/", {"username": username, "password": password}, REMOTE_ADDR=address
    )
    return response.content.decode() if response.status_code == 200 else f"→ {response['Location']}"


LOCKED = "Too many failed logins for this account or from this address"
WRONG = "Please enter a correct username and password"


@pytest.mark.django_db
def test_every_page_carries_a_policy_allowing_only_our_own_scripts_and_styles() -> None:
    response = Client().get("/login/")
    policy = response.headers["Content-Security-Policy"]
    assert policy == CSP
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


def test_five_failed_logins_lock_the_account_for_exactly_fifteen_minutes(
    organiser: User, clock: Clock
) -> None:
    client = Client()
    for number in range(5):
        clock.move(10 if number else 0)
        assert WRONG in login(client, "anna", "wrong")
    # the fifth failure, 40 s after the first, started the pause
    page = login(client, "anna", PASSWORD)
    assert LOCKED in page
    assert "paused for 15 minutes" in page
    assert "_auth_user_id" not in client.session
    # another address cannot log in to that account either, while it is locked
    assert LOCKED in login(Client(), "anna", PASSWORD, address="10.0.0.2")
    clock.move(899)
    assert LOCKED in login(client, "anna", PASSWORD), "899 s after the fifth failure: paused"
    clock.move(2)
    assert login(client, "anna", PASSWORD) == "→ /", "901 s after: open again"


def test_trying_again_while_paused_does_not_make_the_pause_longer(
    organiser: User, clock: Clock
) -> None:
    client = Client()
    for _ in range(5):
        login(client, "anna", "wrong")
    for _ in range(8):
        clock.move(100)
        assert LOCKED in login(client, "anna", "wrong")
    clock.move(101)  # 901 s after the fifth failure
    assert login(client, "anna", PASSWORD) == "→ /"


def test_failures_count_for_the_pause_length_from_the_first(organiser: User, clock: Clock) -> None:
    client = Client()
    for _ in range(4):
        login(client, "anna", "wrong")
    clock.move(901)  # the four failures count no more
    for _ in range(4):
        assert WRONG in login(client, "anna", "wrong")
    assert login(client, "anna", PASSWORD) == "→ /"
    client.logout()
    # four failures, and the fifth 10 minutes later: the pause runs 15 minutes from the fifth
    for _ in range(4):
        login(client, "anna", "wrong")
    clock.move(600)
    login(client, "anna", "wrong")
    clock.move(899)
    assert LOCKED in login(client, "anna", PASSWORD)
    clock.move(2)
    assert login(client, "anna", PASSWORD) == "→ /"


@override_settings(LOGIN_LOCKOUT_SECONDS=1800)
def test_the_pause_is_the_one_the_setting_says(organiser: User, clock: Clock) -> None:
    client = Client()
    for _ in range(5):
        login(client, "anna", "wrong")
    clock.move(1799)
    page = login(client, "anna", PASSWORD)
    assert LOCKED in page and "paused for 30 minutes" in page
    clock.move(2)
    assert login(client, "anna", PASSWORD) == "→ /"


def test_a_good_login_forgets_earlier_failures(organiser: User) -> None:
    client = Client()
    for _ in range(4):
        login(client, "anna", "wrong")
    assert login(client, "anna", PASSWORD) == "→ /"
    client.logout()
    for _ in range(4):
        login(client, "anna", "wrong")
    assert login(client, "anna", PASSWORD) == "→ /"


def test_many_failures_from_one_address_lock_that_address_for_fifteen_minutes(
    organiser: User, clock: Clock
) -> None:
    client = Client()
    for number in range(20):
        login(client, f"someone{number}", "wrong", address="10.9.9.9")
    assert LOCKED in login(client, "anna", PASSWORD, address="10.9.9.9")
    assert login(Client(), "anna", PASSWORD, address="10.0.0.3") == "→ /"
    clock.move(899)
    assert LOCKED in login(Client(), "anna", PASSWORD, address="10.9.9.9")
    clock.move(2)
    assert login(Client(), "anna", PASSWORD, address="10.9.9.9") == "→ /"


def test_nothing_typed_in_the_login_form_is_stored(organiser: User) -> None:
    login(Client(), "anna-with-a-typo", "wrong", address="10.1.2.3")
    keys = list(LoginFailures.objects.values_list("key", flat=True))
    assert len(keys) == 2 and all(len(key.split(":")[1]) == 64 for key in keys)
    assert not any("anna" in key or "10.1.2.3" in key for key in keys)


def test_the_admin_login_is_locked_out_too(organiser: User) -> None:
    organiser.is_staff = True
    organiser.save()
    client = Client()
    for _ in range(5):
        client.post("/admin/login/", {"username": "anna", "password": "wrong"})
    response = client.post("/admin/login/?next=/admin/", {"username": "anna", "password": PASSWORD})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db(transaction=True)
def test_failures_at_the_same_moment_all_count() -> None:
    """Eight processes' failures at once (threads with their own connections): each counts."""
    if connection.vendor != "postgresql":
        pytest.skip("SQLite writes one at a time anyway; PostgreSQL is where they race")
    start = threading.Barrier(8)

    def fail() -> None:
        start.wait()
        try:
            _count_failure("account:race", 5, 900)
        finally:
            connection.close()

    threads = [threading.Thread(target=fail) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert LoginFailures.objects.get(key="account:race").count == 8
