"""Site-level views."""

from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import views as auth_views
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import check_for_language, get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from burraco_club import reset_mail


@require_GET
def ping(request: HttpRequest) -> HttpResponse:
    """A health check for load balancers: the app answers, through the whole middleware stack."""
    return HttpResponse("ok", content_type="text/plain")


@require_GET
def language_choose(request: HttpRequest, language: str) -> HttpResponse:
    """The language switch: a plain link on every page, remembered in Django's language cookie.

    A link, not Django's set_language form, because the public pages are one rendering shared
    by every reader and so carry no CSRF token; choosing a language changes nothing but the
    reader's own cookie."""
    if language not in dict(settings.LANGUAGES) or not check_for_language(language):
        raise Http404("No such language.")
    after = request.GET.get("next", "")
    if not url_has_allowed_host_and_scheme(
        after, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        after = "/"
    response = HttpResponseRedirect(after)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        samesite="Lax",
    )
    return response


HELP_TEMPLATES: dict[str, str] = {
    code: f"help/help_{code.replace('-', '_')}.html" for code, _name in settings.LANGUAGES
}
"""One help page per language (templates/help/), written in that language as its clubs speak:
not a translation catalogue's sentences, so each reads as a whole."""


@require_GET
def help_page(request: HttpRequest) -> HttpResponse:
    """How an evening runs in the app, in the reader's language (English for any other)."""
    template = HELP_TEMPLATES.get((get_language() or "").lower(), "help/help_en.html")
    return render(request, template)


class PasswordResetView(auth_views.PasswordResetView):
    """Django's "forgot your password?" page, the mail left to the sender
    (burraco_club/reset_mail.py): the request stores the address and answers, the same work
    whether an account has it or not, and a few an hour per address and per client."""

    def form_valid(self, form: Any) -> HttpResponse:
        if not reset_mail.request_reset(self.request, form.cleaned_data["email"]):
            form.add_error(
                None,
                forms.ValidationError(
                    _(
                        "Too many links asked for this address or from this connection in "
                        "the last hour. Wait an hour, then ask again, or ask another organiser "
                        "of your club."
                    ),
                    code="throttled",
                ),
            )
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return HttpResponseRedirect(self.get_success_url())
