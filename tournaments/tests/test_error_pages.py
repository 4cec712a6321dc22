"""The pages the site shows when something goes wrong are the site's own, in the reader's
language: a link nobody answers (404), a form whose security check failed (403, CSRF), a
request it cannot read (400), its own error (500), a page an account may not open (403).
Django's defaults are English whatever the reader's language ("Not Found", "Server Error
(500)"); these say what happened and what to do, with nothing saved and no traceback, also
in the demo that scripts/serve.sh starts with DEBUG on (burraco_club/errors.py)."""

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.template import loader
from django.test import Client, RequestFactory, override_settings
from django.urls import include, path, reverse
from django.utils import translation
from django.views import defaults
from pytest_django import DjangoAssertNumQueries

from burraco_club.templatetags.languages import bcp47
from tournaments.models import Club, Tournament
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_public_pages import words

LANGUAGES = ["it", "es", "pt-br", "de", "en"]


def said(language: str, msgid: str) -> str:
    with translation.override(language):
        return translation.gettext(msgid)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_missing_page_says_so_in_the_readers_language(language: str, club: Club) -> None:
    unpublished = make_tournament(club, pairs=4)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    for address in (
        "/no/such/page/",
        reverse("public_tournament", args=[club.slug, unpublished.slug]),  # not published
        reverse("public_club", args=["no-such-club"]),
    ):
        response = client.get(address)
        assert response.status_code == 404, address
        page = response.content.decode()
        assert f'<html lang="{bcp47(language)}"' in page
        assert f"<h1>{said(language, 'Page not found')}</h1>" in page
        assert said(language, "Tournaments playing today") in page  # the way home
        assert 'class="language-switch"' in page  # the reader can still change language
        assert "Not Found" not in page and "The requested resource" not in page
        assert unpublished.name not in page
    if language != "en":
        assert said(language, "Page not found") != "Page not found"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_form_whose_security_check_failed_says_what_to_do(
    language: str, club: Club, organiser: User
) -> None:
    tournament = make_tournament(club, pairs=4)
    client = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(organiser)
    response = client.post(reverse("pairs_add", args=[tournament.pk]), {"pairs": "A B / C D"})
    assert response.status_code == 403
    page = response.content.decode()
    assert f'<html lang="{bcp47(language)}"' in page
    assert f"<h1>{said(language, 'This form has expired')}</h1>" in page
    assert said(language, "Go back, reload the page and send the form again.") in page
    assert "CSRF verification failed" not in page and "Forbidden" not in page
    assert Tournament.objects.get(pk=tournament.pk).pairs.count() == 4  # nothing was saved


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_sites_own_error_and_an_unreadable_request_are_in_the_readers_language(
    language: str,
) -> None:
    """Django renders these without a request (500, 400): the language is still the one the
    middleware activated for it."""
    request = RequestFactory().get("/")
    with translation.override(language):
        error = defaults.server_error(request)
        unreadable = defaults.bad_request(request, exception=ValueError("bad"))
    assert error.status_code == 500 and unreadable.status_code == 400
    for response, heading in (
        (error, "Something went wrong"),
        (unreadable, "This request could not be read"),
    ):
        page = response.content.decode()
        assert f'<html lang="{bcp47(language)}"' in page
        assert f"<h1>{said(language, heading)}</h1>" in page
        assert "Server Error" not in page and "Bad Request" not in page
        assert "Traceback" not in page


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_page_an_account_may_not_open_says_so(language: str) -> None:
    request = RequestFactory().get("/organise/")
    request.user = User(username="anna")
    with translation.override(language):
        response = defaults.permission_denied(request, exception=PermissionError("no"))
    page = response.content.decode()
    assert response.status_code == 403
    assert f"<h1>{said(language, 'Not allowed')}</h1>" in page
    assert "403 Forbidden" not in page


def test_a_staff_member_without_rights_gets_the_sites_own_page_in_the_admin(
    club: Club,
) -> None:
    """The admin's "permission denied" for a staff account that may not see clubs."""
    staff = User.objects.create_user("gino", "gino@example.com", "a-long-test-password-9")
    staff.is_staff = True
    staff.save()
    client = Client(HTTP_ACCEPT_LANGUAGE="it")
    client.force_login(staff)
    response = client.get(f"/admin/tournaments/club/{club.pk}/change/")
    assert response.status_code == 403
    assert f"<h1>{said('it', 'Not allowed')}</h1>" in response.content.decode()


# --- the app's own pages, in its style; also with DEBUG on ----------------------------------


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
