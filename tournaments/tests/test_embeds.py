"""Embeds (/embed/…): a published tournament's standings and "find your table", framable only by
the websites the club lists (`frame-ancestors` on these addresses alone; every other page keeps
'none'). In a real Chromium (PostgreSQL and Debian's chromium): the standings render inside a
page of an allowed origin and are refused inside a page of another origin."""

import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test import Client
from pytest_django.live_server_helper import LiveServer

from opendata.models import EmbedSite
from opendata.services import embed_sites_set
from tournaments import services
from tournaments.models import Club, Tournament
from tournaments.tests.conftest import make_tournament
from tournaments.tests.e2e_helpers import CHROMIUM, launch


@pytest.fixture(autouse=True)
def fresh_cache() -> Iterator[None]:
    yield
    cache.clear()


def evening(club: Club, organiser: User) -> Tournament:
    """A published 4-pair evening with table 1 of round 1 played (20 VP to 0)."""
    tournament = make_tournament(club, pairs=4, published=True)
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=3)
    services.round_start(round=prepared.round)
    table = prepared.round.tables.get(number=1)
    sides = [
        {"melded_points": 300, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
         "closed": True},
        {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"},
    ]  # fmt: skip
    for number in (1, 2, 3):
        services.deal_record(
            table=table, number=number, sides=sides, mode="summary", user=organiser,
            version=number - 1,
        )  # fmt: skip
    return tournament


@pytest.mark.django_db
def test_only_the_embeds_may_be_framed_and_only_by_the_clubs_websites(
    club: Club, organiser: User
) -> None:
    tournament = evening(club, organiser)
    embed = f"/embed/{club.slug}/{tournament.slug}/standings/"
    closed = Client().get(embed)  # no website listed yet: nobody may frame it
    assert closed.status_code == 200
    assert "frame-ancestors 'none'" in closed["Content-Security-Policy"]
    embed_sites_set(club=club, text="https://www.myclub.it\nhttp://localhost:8123")
    for address in (embed, f"/embed/{club.slug}/{tournament.slug}/find/"):
        for _reader in (1, 2):  # rendered, then served from the cache: the same header
            response = Client().get(address)
            policy = response["Content-Security-Policy"]
            assert "frame-ancestors http://localhost:8123 https://www.myclub.it" in policy
            assert "script-src 'self'" in policy and "style-src 'self'" in policy
            assert not response.has_header("X-Frame-Options")
    page = Client().get(embed).content.decode()
    assert "Provisional standings" in page and "20" in page
    assert f'href="/t/roma/{tournament.slug}/pairs/' in page and 'target="_blank"' in page
    found = Client().get(f"/embed/{club.slug}/{tournament.slug}/find/").content.decode()
    for pair in tournament.pairs.all():  # each player's line opens their own pair's page
        assert found.count(f'href="/t/roma/{tournament.slug}/pairs/{pair.number}/"') == 2
    # every other page, the public tournament page and the embed of another club's among them
    for address in (f"/t/{club.slug}/{tournament.slug}/", "/", "/login/", "/api/v1/clubs"):
        response = Client().get(address)
        assert "frame-ancestors 'none'" in response["Content-Security-Policy"], address
    assert Client().get(f"/t/{club.slug}/{tournament.slug}/")["X-Frame-Options"] == "DENY"
    # a tournament that is not there answers the embed's own page, framable, 404
    missing = Client().get(f"/embed/{club.slug}/no-such-evening/standings/")
    assert missing.status_code == 404
    assert "frame-ancestors http://localhost:8123" in missing["Content-Security-Policy"]
    # the club's address follows its latest published tournament
    latest = Client().get(f"/embed/{club.slug}/standings/")
    assert latest.status_code == 302 and latest["Location"] == embed
    assert EmbedSite.objects.count() == 2


# --- in Chromium ------------------------------------------------------------------------------


def _site(folder: Path, embed_url: str) -> ThreadingHTTPServer:
    """A club's website: one page framing the embed, served from its own origin."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.html").write_text(
        "<!doctype html><title>Club</title><h1>Our club</h1>"
        f'<iframe id="standings" src="{embed_url}" width="900" height="600"></iframe>',
        encoding="utf-8",
    )
    handler = partial(SimpleHTTPRequestHandler, directory=str(folder))
    handler.log_message = lambda *args: None  # type: ignore[attr-defined]
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.mark.browser
@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="the browser tests run on PostgreSQL only (set DATABASE_URL to a PostgreSQL server)",
)
@pytest.mark.skipif(not CHROMIUM.exists(), reason=f"needs Debian's chromium at {CHROMIUM}")
@pytest.mark.django_db(transaction=True)
def test_an_embed_renders_on_the_clubs_website_and_is_refused_on_another(
    club: Club,
    organiser: User,
    live_server: LiveServer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from playwright.sync_api import expect, sync_playwright

    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    cache.clear()
    tournament = evening(club, organiser)
    embed_url = f"{live_server.url}/embed/{club.slug}/{tournament.slug}/standings/"
    ours, theirs = _site(tmp_path / "ours", embed_url), _site(tmp_path / "theirs", embed_url)
    try:
        ours_url = f"http://127.0.0.1:{ours.server_address[1]}"
        theirs_url = f"http://127.0.0.1:{theirs.server_address[1]}"
        embed_sites_set(club=club, text=ours_url)
        with sync_playwright() as playwright:
            browser = launch(playwright)
            page = browser.new_page()
            refusals: list[str] = []
            page.on("console", lambda message: refusals.append(message.text))
            page.goto(ours_url + "/index.html")
            frame = page.frame_locator("#standings")
            expect(frame.locator("table.standings")).to_be_visible(timeout=15_000)
            expect(frame.locator("h1")).to_have_text("Tuesday evening")
            expect(frame.locator("table.standings tbody tr")).to_have_count(4)
            assert not [text for text in refusals if "frame-ancestors" in text]
            page.screenshot(path=str(tmp_path / "allowed.png"))

            page.goto(theirs_url + "/index.html")
            page.wait_for_timeout(1500)
            assert page.frame_locator("#standings").locator("table.standings").count() == 0
            refused = [text for text in refusals if "frame-ancestors" in text]
            assert refused and ours_url in refused[0], refusals
            browser.close()
    finally:
        for server in (ours, theirs):
            server.shutdown()
            server.server_close()
        connection.close()
