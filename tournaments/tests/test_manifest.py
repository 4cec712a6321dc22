"""On a phone's home screen: the public pages and the players' pages link a web app manifest,
in the reader's language, whose icons are there at the sizes it says (and one maskable); it
names no start_url, so the icon opens the page it was added from. Chromium reads it without
an error."""

import json
import struct
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from pytest_django.live_server_helper import LiveServer

from tournaments import services
from tournaments.models import Club
from tournaments.tests.conftest import make_tournament
from tournaments.tests.e2e_helpers import CHROMIUM, launch

STATIC = Path(settings.BASE_DIR) / "static"


def png_size(path: Path) -> str:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", header[16:24])
    return f"{width}x{height}"


@pytest.mark.django_db
def test_the_manifest_names_the_app_in_the_readers_language_with_its_icons() -> None:
    response = Client().get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Burraco club: standings and tables"
    assert manifest["short_name"] == "Burraco club"
    assert (manifest["display"], manifest["scope"], manifest["lang"]) == ("standalone", "/", "en")
    assert "start_url" not in manifest  # the icon opens the page it was added from
    for icon in manifest["icons"]:
        path = STATIC / icon["src"].removeprefix(settings.STATIC_URL).lstrip("/")
        if icon["type"] == "image/png":
            assert png_size(path) == icon["sizes"], icon
        else:
            assert path.exists(), icon
    assert {icon.get("purpose", "any") for icon in manifest["icons"]} == {"any", "maskable"}
    assert png_size(STATIC / "icons" / "apple-touch-icon.png") == "180x180"
    italian = json.loads(
        Client().get("/manifest.webmanifest", headers={"Accept-Language": "it"}).content
    )
    assert italian["lang"] == "it"
    assert italian["name"] == "Burraco club: classifiche e tavoli"


@pytest.mark.django_db
def test_the_public_and_the_players_pages_link_it(club: Club) -> None:
    tournament = make_tournament(club, pairs=4, published=True)
    services.round_prepare(tournament=tournament, movement="random", seed=2)
    pages = [
        "/",
        f"/t/{club.slug}/",
        f"/t/{club.slug}/{tournament.slug}/",
        f"/t/{club.slug}/{tournament.slug}/find/",
        f"/t/{club.slug}/{tournament.slug}/pairs/1/",
        "/p/k7mq2wzx9tbd4hfa8nrc3pjv6e/",  # a pair's page (a wrong link: its "opens no table")
    ]
    for address in pages:
        page = Client().get(address).content.decode()
        assert '<link rel="manifest" href="/manifest.webmanifest">' in page, address
        assert '<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png">' in page
        assert '<meta name="theme-color" content="#0b5f3a">' in page


@pytest.mark.browser
@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="the browser tests run on PostgreSQL only (set DATABASE_URL to a PostgreSQL server)",
)
@pytest.mark.skipif(not CHROMIUM.exists(), reason=f"needs Debian's chromium at {CHROMIUM}")
@pytest.mark.django_db(transaction=True)
def test_chromium_reads_the_manifest_without_an_error(
    club: Club, organiser: User, live_server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from playwright.sync_api import sync_playwright

    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    tournament = make_tournament(club, pairs=4, published=True)
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            page = browser.new_page()
            page.goto(f"{live_server.url}/t/{club.slug}/{tournament.slug}/")
            session = page.context.new_cdp_session(page)
            found = session.send("Page.getAppManifest")
            assert found["url"] == f"{live_server.url}/manifest.webmanifest"
            assert found["errors"] == []
            parsed = json.loads(found["data"])
            assert parsed["short_name"] == "Burraco club"
            browser.close()
    finally:
        connection.close()
