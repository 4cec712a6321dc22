"""The app's own "page not found", also while DEBUG is on (the demo that scripts/serve.sh starts).

With DEBUG off, Django answers a mistyped address or a missing tournament with
templates/404.html and a server error with templates/500.html, in the app's style and the
reader's language. With DEBUG on it would show its technical pages instead: the URL patterns
tried, the settings. A player or a secretary trying the demo should meet the app's page, so this
middleware, installed only while DEBUG is on, answers every 404 with the same page Django's own
view renders in production. A server error keeps Django's technical page while DEBUG is on: it
is a bug, and the traceback is what a developer running the demo needs to fix it.

It sits last in MIDDLEWARE, so the language, the user and the messages are set when the page
renders, and CommonMiddleware still sends /organise to /organise/ before answering 404."""

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.exceptions import MiddlewareNotUsed
from django.http import Http404, HttpRequest, HttpResponse
from django.views.defaults import page_not_found


class NotFoundPageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        if not settings.DEBUG:
            raise MiddlewareNotUsed  # with DEBUG off Django renders 404.html by itself
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        # no URL pattern matched (Django raised Resolver404 before any view): its technical
        # page is the response here, and no view ran to say anything else
        if response.status_code == 404 and getattr(request, "resolver_match", None) is None:
            return page_not_found(request, Http404(request.path))
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> Any:
        """A view that raised Http404 (a tournament that is not published, a pair that is not
        there): the same page, where DEBUG would show the technical one."""
        if isinstance(exception, Http404):
            return page_not_found(request, exception)
        return None
