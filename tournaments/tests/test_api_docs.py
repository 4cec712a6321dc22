"""The API's browsable page (/api/v1/docs/, django-ninja's Swagger UI, its scripts served by
the app itself) shows every address in a real Chromium, under the site's
Content-Security-Policy (no inline script, no script from elsewhere)."""

import pytest
from django.db import connection
from pytest_django.live_server_helper import LiveServer

from tournaments.tests.e2e_helpers import CHROMIUM, launch


@pytest.mark.browser
@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="the browser tests run on PostgreSQL only (set DATABASE_URL to a PostgreSQL server)",
)
@pytest.mark.skipif(not CHROMIUM.exists(), reason=f"needs Debian's chromium at {CHROMIUM}")
@pytest.mark.django_db(transaction=True)
def test_the_browsable_page_shows_every_address_under_the_content_security_policy(
    live_server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from playwright.sync_api import expect, sync_playwright

    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            page = browser.new_page()
            violations: list[str] = []
            page.on(
                "console",
                lambda m: (
                    violations.append(m.text) if "Content Security Policy" in m.text else None
                ),
            )
            page.goto(f"{live_server.url}/api/v1/docs/")
            expect(
                page.get_by_text(
                    "/api/v1/clubs/{club_slug}/tournaments/{tournament_slug}/standings", exact=True
                )
            ).to_be_visible(timeout=15_000)
            assert violations == []
            browser.close()
    finally:
        connection.close()
