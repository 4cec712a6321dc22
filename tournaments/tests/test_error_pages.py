"""The app's own pages for a mistyped address (404) and a server error (500): in the app's style
and the reader's language, never Django's technical page in front of a user, also in the demo
that scripts/serve.sh starts with DEBUG on (burraco_club/errors.py)."""

import re
from typing import Any

from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.template import loader
from django.test import Client, override_settings
from django.urls import include, path
from pytest_django import DjangoAssertNumQueries

from tournaments.models import Club
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_public_pages import words


def boom(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("the database said no: SECRET-DETAIL")


urlpatterns = [path("boom/", boom), path("", include("burraco_club.urls"))]
"""The site's own URLs and one view that fails (ROOT_URLCONF of the server-error tests)."""


def assert_our_not_found(response: Any, heading: str = "Page not found") -> str:
    assert response.status_code == 404
    page = response.content.decode()
    text = words(page)
    assert f"404 {heading}" in text
    assert '<link rel="stylesheet" href="/static/css/app.css">' in page
    assert '<a class="brand" href="/">Burraco club</a>' in page  # the app's header
    assert 'class="language-switch"' in page
    assert "URLconf" not in page and "DEBUG" not in page  # not Django's technical page
    return text


def test_a_mistyped_address_shows_the_apps_page_not_found(
    anonymous_client: Client, db: None
) -> None:
    text = assert_our_not_found(anonymous_client.get("/t/roma/no-such-evening/standings/"))
    assert "There is no page at this address." in text
    assert "/t/roma/no-such-evening/standings/" in text  # the address as it was typed
    assert "Tournaments playing today" in text and "Help" in text


def test_page_not_found_speaks_the_readers_language(db: None) -> None:
    response = Client(HTTP_ACCEPT_LANGUAGE="it").get("/nessuna-pagina/")
    page = response.content.decode()
    assert '<html lang="it">' in page
    assert_our_not_found(response, heading="Pagina non trovata")


def test_a_tournament_not_published_is_the_same_page_not_found(
    club: Club, anonymous_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4)  # not published: 404 from the view
    response = anonymous_client.get(f"/t/{club.slug}/{tournament.slug}/")
    assert_our_not_found(response)


def test_an_organiser_gets_the_way_back_to_the_tournaments(organiser_client: Client) -> None:
    text = assert_our_not_found(organiser_client.get("/organise/nothing-here/"))
    assert "My tournaments" in text


@override_settings(DEBUG=True)
def test_the_demo_with_debug_on_shows_the_apps_page_too(club: Club, organiser: User) -> None:
    """scripts/serve.sh runs with DEBUG on: a mistyped address and a view's 404 still get the
    app's page, not the technical one; /organise still goes to /organise/ first."""
    client = Client()  # made under DEBUG: its middleware is the demo's
    assert_our_not_found(client.get("/no-such-page/"))
    tournament = make_tournament(club, pairs=4)
    assert_our_not_found(client.get(f"/t/{club.slug}/{tournament.slug}/"))
    redirect = client.get("/organise")
    assert (redirect.status_code, redirect["Location"]) == (301, "/organise/")
    client.force_login(organiser)
    assert "My tournaments" in words(client.get("/organise/no/").content.decode())


@override_settings(ROOT_URLCONF=__name__)
def test_a_server_error_shows_the_apps_own_page(db: None) -> None:
    client = Client(raise_request_exception=False)
    response = client.get("/boom/")
    assert response.status_code == 500
    page = response.content.decode()
    text = words(page)
    assert "500 Something went wrong" in text
    assert "not because of anything you did" in text
    assert '<link rel="stylesheet" href="/static/css/app.css">' in page
    assert "SECRET-DETAIL" not in page and "Traceback" not in page
    assert "style-src 'self'" in response["Content-Security-Policy"]  # no inline style in it
    assert re.search(r"<[^>]+\sstyle=", page) is None


@override_settings(ROOT_URLCONF=__name__)
def test_a_server_error_speaks_the_readers_language(db: None) -> None:
    response = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="de").get("/boom/")
    assert response.status_code == 500
    page = response.content.decode()
    assert '<html lang="de">' in page
    assert "Etwas ist schiefgegangen" in words(page)


def test_the_server_error_page_needs_no_request_and_no_query(
    django_assert_num_queries: DjangoAssertNumQueries, db: None
) -> None:
    """Django renders 500.html with an empty context, and the database may be what failed."""
    with django_assert_num_queries(0):
        page = loader.get_template("500.html").render()
    assert "Something went wrong" in page and 'href="/"' in page
