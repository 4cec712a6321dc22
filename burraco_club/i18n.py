"""Which language a page speaks when the reader has said nothing: the club's.

Django's LocaleMiddleware takes the reader's choice (the language cookie the switch sets), else
the browser's Accept-Language, else LANGUAGE_CODE (Italian). Between the last two comes the
club's own language: a phone or a projector that sends no Accept-Language at a Spanish club's
page gets Spanish."""

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation


class ClubLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self,
        request: HttpRequest,
        view: Callable[..., HttpResponse],
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
    ) -> None:
        if settings.LANGUAGE_COOKIE_NAME in request.COOKIES:
            return
        if request.headers.get("Accept-Language", "").strip():
            return
        language = _club_language(kwargs)
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = translation.get_language()


def _club_language(kwargs: dict[str, Any]) -> str:
    from tournaments.models import Club, Seat, Tournament

    found: list[str]
    if "club_slug" in kwargs:
        found = list(
            Club.objects.filter(slug=kwargs["club_slug"]).values_list("language", flat=True)
        )
    elif "tournament_id" in kwargs:
        found = list(
            Tournament.objects.filter(pk=kwargs["tournament_id"]).values_list(
                "club__language", flat=True
            )
        )
    elif "token" in kwargs:  # a pair's link
        found = list(
            Seat.objects.filter(token=kwargs["token"]).values_list(
                "round__tournament__club__language", flat=True
            )
        )
    else:
        return ""
    return found[0] if found else ""
