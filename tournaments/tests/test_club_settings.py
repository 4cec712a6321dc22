"""The club's settings page (/organise/clubs/<id>/): the websites allowed to frame the embeds
(and the code to paste), API tokens (named, shown once, stored hashed, revocable; they read
the club's unpublished tournaments and the deals as JSON), and webhooks (a new one's secret
shown once, a private address refused)."""

import csv
import hashlib
import io
import json
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from opendata.models import ApiToken, EmbedSite, Webhook
from tournaments import services
from tournaments.models import Club, Tournament
from tournaments.tests.conftest import make_tournament

pytestmark = pytest.mark.django_db


def page(client: Client, club: Club) -> str:
    response = client.get(f"/organise/clubs/{club.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def played(club: Club, organiser: User, **options: object) -> Tournament:
    """Round 1 of a 4-pair evening started and table 1's three deals entered."""
    tournament = make_tournament(club, pairs=4, **options)
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


def test_the_dashboard_leads_to_the_clubs_settings_page(
    club: Club, organiser_client: Client
) -> None:
    dashboard = organiser_client.get("/organise/").content.decode()
    assert f'href="/organise/clubs/{club.pk}/"' in dashboard
    assert "Circolo del Burraco Roma: website and data" in page(organiser_client, club)


def test_a_token_is_shown_once_kept_hashed_and_reads_what_the_public_cannot(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    hidden = played(club, organiser, name="Secret evening")
    made = organiser_client.post(f"/organise/clubs/{club.pk}/tokens/", {"name": " Club  website "})
    assert made.status_code == 200
    text = made.content.decode()
    raw = re.search(
        r'id="new-token" class="snippet" type="text" readonly value="(bct_[^"]+)"', text
    )
    assert raw is not None
    assert "The token “Club website” is made. Copy it now: it will not be shown again." in text
    token = ApiToken.objects.get(club=club)
    assert token.name == "Club website" and token.created_by == organiser
    assert token.digest == hashlib.sha256(raw.group(1).encode()).hexdigest()
    assert raw.group(1).startswith(token.prefix) and len(token.prefix) == 8
    # nothing keeps the token itself: not the row, not the page once reloaded
    assert raw.group(1) not in json.dumps(list(ApiToken.objects.values()), default=str)
    assert raw.group(1) not in page(organiser_client, club)
    assert f"<code>{token.prefix}…</code>" in page(organiser_client, club)
    # it reads the unpublished evening, and its deals as the deals CSV has them
    bearer = {"Authorization": f"Bearer {raw.group(1)}"}
    base = f"/api/v1/clubs/{club.slug}/tournaments/{hidden.slug}"
    assert Client().get(f"{base}/standings").status_code == 404
    assert Client().get(f"{base}/standings", headers=bearer).status_code == 200
    deals = json.loads(Client().get(f"{base}/deals", headers=bearer).content)
    file = organiser_client.get(f"/organise/tournaments/{hidden.pk}/deals.csv")
    expected = list(csv.reader(io.StringIO(file.content.decode())))
    assert deals["columns"] == expected[0]
    assert len(deals["rows"]) == len(expected) - 1 == 6  # three deals, two sides each
    for row, line in zip(deals["rows"], expected[1:], strict=True):
        assert [str(row[column]) for column in deals["columns"]] == line
    assert deals["rows"][0]["total"] == 600 and deals["rows"][1]["total"] == 70
    token.refresh_from_db()
    assert token.last_used_at is not None
    # revoked from the page, it reads nothing
    revoked = organiser_client.post(f"/organise/clubs/{club.pk}/tokens/{token.pk}/revoke/")
    assert revoked.status_code == 302
    assert Client().get(f"{base}/standings", headers=bearer).status_code == 401
    assert "revoked on" in page(organiser_client, club)


def test_a_token_needs_a_name(club: Club, organiser_client: Client) -> None:
    response = organiser_client.post(f"/organise/clubs/{club.pk}/tokens/", {"name": "  "})
    assert "Give the token a name: what will use it?" in response.content.decode()
    assert not ApiToken.objects.exists()


def test_the_websites_are_kept_as_origins_and_the_code_to_paste_appears(
    club: Club, organiser_client: Client
) -> None:
    assert "No website is listed yet" in page(organiser_client, club)
    lines = (
        "https://www.myclub.it/classifica\nwww.other.org\n\nhttp://localhost:8123/x\n"
        "https://www.città.it\n"
    )
    response = organiser_client.post(f"/organise/clubs/{club.pk}/sites/", {"sites": lines})
    assert response.status_code == 302
    assert sorted(EmbedSite.objects.values_list("origin", flat=True)) == [
        "http://localhost:8123", "https://www.myclub.it", "https://www.other.org",
        "https://www.xn--citt-3na.it",
    ]  # fmt: skip
    text = page(organiser_client, club)
    assert (
        "&lt;iframe src=&quot;http://testserver/embed/roma/standings/&quot; "
        "title=&quot;Standings&quot;" in text
    )
    assert "http://testserver/embed/roma/find/" in text


def test_a_line_that_is_no_website_is_named_and_nothing_is_saved(
    club: Club, organiser_client: Client
) -> None:
    EmbedSite.objects.create(club=club, origin="https://www.myclub.it")
    response = organiser_client.post(
        f"/organise/clubs/{club.pk}/sites/",
        {"sites": "https://ok.org\nftp://files.org\nnot a site"},
    )
    text = response.content.decode()
    assert response.status_code == 200
    assert (
        "ftp://files.org is not a website&#x27;s address (such as &quot;https://www.myclub.it&quot;)."
        in text
    )
    assert "not a site is not a website&#x27;s address" in text
    assert list(EmbedSite.objects.values_list("origin", flat=True)) == ["https://www.myclub.it"]


def test_a_webhook_shows_its_secret_once_and_an_address_inside_the_network_is_refused(
    club: Club, organiser_client: Client, settings: object
) -> None:
    refused = organiser_client.post(
        f"/organise/clubs/{club.pk}/webhooks/",
        {"url": "http://127.0.0.1:6379/", "events": ["table_complete"]},
    )
    assert (
        "This address cannot be used: 127.0.0.1 is an address of the server&#x27;s own network."
        in refused.content.decode()
    )
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True  # type: ignore[attr-defined]
    none = organiser_client.post(
        f"/organise/clubs/{club.pk}/webhooks/", {"url": "http://127.0.0.1:9/"}
    )
    assert "Choose at least one event to be told of." in none.content.decode()
    made = organiser_client.post(
        f"/organise/clubs/{club.pk}/webhooks/",
        {"url": "http://127.0.0.1:9/hook", "events": ["table_complete", "round_published"]},
    )
    webhook = Webhook.objects.get(club=club)
    assert webhook.events == ["round_published", "table_complete"]
    assert len(webhook.secret) == 64
    assert f'value="{webhook.secret}"' in made.content.decode()
    assert webhook.secret not in page(organiser_client, club)
    deleted = organiser_client.post(f"/organise/clubs/{club.pk}/webhooks/{webhook.pk}/delete/")
    assert deleted.status_code == 302 and not Webhook.objects.exists()
