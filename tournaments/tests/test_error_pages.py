"""The pages the site shows when something goes wrong are the site's own, in the reader's
language: a link nobody answers (404), a form whose security check failed (403, CSRF), a
request it cannot read (400), its own error (500), a page an account may not open (403).
Django's defaults are English whatever the reader's language ("Not Found", "Server Error
(500)"); these say what happened and what to do, with nothing saved and no traceback."""

import pytest
from django.contrib.auth.models import User
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import translation
from django.views import defaults

from burraco_club.templatetags.languages import bcp47
from tournaments.models import Club, Tournament
from tournaments.tests.conftest import make_tournament

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
        assert said(language, "Go to the home page") in page
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
