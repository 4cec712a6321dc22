"""Site-wide protections: the Content-Security-Policy header and the login lockout."""

import pytest
from django.contrib.auth.models import User
from django.core.cache import caches
from django.test import Client

from burraco_club.security import CSP
from tournaments.tests.conftest import PASSWORD


@pytest.fixture(autouse=True)
def _empty_cache(db: None) -> None:
    caches["lockout"].clear()


def login(client: Client, username: str, password: str, address: str = "10.0.0.1") -> str:
    response = client.post(
        "/login/", {"username": username, "password": password}, REMOTE_ADDR=address
    )
    return response.content.decode() if response.status_code == 200 else f"→ {response['Location']}"


@pytest.mark.django_db
def test_every_page_carries_a_policy_allowing_only_our_own_scripts_and_styles() -> None:
    response = Client().get("/login/")
    policy = response.headers["Content-Security-Policy"]
    assert policy == CSP
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


def test_five_failed_logins_lock_the_account_for_a_while(organiser: User) -> None:
    client = Client()
    for _ in range(5):
        assert "Please enter a correct username and password" in login(client, "anna", "wrong")
    page = login(client, "anna", PASSWORD)
    assert "Too many failed logins for this account or from this address" in page
    assert "paused for 15 minutes" in page
    assert "_auth_user_id" not in client.session
    # another address cannot log in to that account either, while it is locked
    assert "Too many failed logins" in login(Client(), "anna", PASSWORD, address="10.0.0.2")
    caches["lockout"].clear()  # the lockout expires
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


def test_many_failures_from_one_address_lock_that_address(organiser: User) -> None:
    client = Client()
    for number in range(20):
        login(client, f"someone{number}", "wrong", address="10.9.9.9")
    assert "Too many failed logins" in login(client, "anna", PASSWORD, address="10.9.9.9")
    assert login(Client(), "anna", PASSWORD, address="10.0.0.3") == "→ /"


def test_the_admin_login_is_locked_out_too(organiser: User) -> None:
    organiser.is_staff = True
    organiser.save()
    client = Client()
    for _ in range(5):
        client.post("/admin/login/", {"username": "anna", "password": "wrong"})
    response = client.post("/admin/login/?next=/admin/", {"username": "anna", "password": PASSWORD})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session
