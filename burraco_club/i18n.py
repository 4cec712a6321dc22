"""Which language a page speaks when the reader has said nothing we speak: the club's.

Django's LocaleMiddleware takes the reader's choice (the language cookie the switch sets), else
the first language of the browser's Accept-Language that the site speaks, else LANGUAGE_CODE
(Italian). Between the last two comes the club's own language: a phone or a projector that
sends no Accept-Language, or asks only for languages the site does not speak (a French phone),
at a Spanish club's page gets Spanish.

A pair's link (/p/<token>/) is not looked up here: its views set the club's language themselves
once they have looked the link up (tournaments/views/players.py), so that a link costs one query
and a malformed or refused one none."""

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header


def readers_language(request: HttpRequest) -> str | None:
    """The language the reader asked for, if the site speaks it: the switch's cookie, else the
    first of the browser's languages the site has ("pt-PT" and "pt" get Brazilian Portuguese,
    "es-AR" Spanish, "de-CH" German); None when the reader asked for nothing we speak."""
    asked = [request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")]
    for code, _quality in parse_accept_lang_header(request.headers.get("Accept-Language", "")):
        if code == "*":
            break  # "any language": the reader leaves it to us
        asked.append(code)
    for code in asked:
        if not code:
            continue
        try:
            return translation.get_supported_language_variant(code)
        except LookupError:
            continue
    return None


def use_club_language(request: HttpRequest, language: str) -> None:
    """Speak the club's language, unless the reader asked for one the site speaks."""
    if not language or readers_language(request) is not None:
        return
    translation.activate(language)
    request.LANGUAGE_CODE = translation.get_language()


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
        if getattr(view, "speaks_club_language", False) or readers_language(request) is not None:
            return  # a public page's reader cache sets it itself, from the version it reads
        use_club_language(request, _club_language(kwargs))


def _club_language(kwargs: dict[str, Any]) -> str:
    from tournaments.models import Tournament
    from tournaments.selectors.public import club_language

    found: list[str]
    if "club_slug" in kwargs:  # a public page: from the shared cache, as the page itself
        return club_language(kwargs["club_slug"])
    if "tournament_id" in kwargs:
        found = list(
            Tournament.objects.filter(pk=kwargs["tournament_id"]).values_list(
                "club__language", flat=True
            )
        )
    else:
        return ""
    return found[0] if found else ""
