"""Every page in every language: with Accept-Language it, es, pt-BR or de, each public page, the
login and every organiser page that answers a GET is in that language, with no English word of
the interface left; the language comes from the reader's choice, else the browser, else the
club, else Italian; numbers are written as the reader writes them.

How "no English left" is told: the English catalogue holds every word the interface says in
English. A word of a rendered page that is one of those, and is not also a word of the
language's own catalogue (Italian says "no" and "per" too) nor a word of the club's data
(names), is English that was not translated, or text that was never marked."""

import datetime
import html
import re
from functools import cache
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from burraco_club.templatetags.languages import bcp47
from tournaments import services
from tournaments.models import Club, Season, Tournament
from tournaments.selectors import public as leaderboard
from tournaments.tests.test_url_permissions import ALL, ORGANISER, Route, address

LOCALE = Path(settings.BASE_DIR) / "locale"
LANGUAGES = {"it": "it", "es": "es", "pt-br": "pt_BR", "de": "de"}
WORD = re.compile(r"[^\W\d_]{3,}")
PAIRS = """Mario Rossi / Giulia Bianchi
Luca Ferrari / Paola Esposito
Marco Romano / Chiara Colombo
Sara Ricci / Andrea Marino
Elena Greco / Davide Bruno"""


@cache
def words_of(locale: str, translated: bool) -> frozenset[str]:
    po = polib.pofile(str(LOCALE / locale / "LC_MESSAGES" / "django.po"))
    texts = []
    for entry in po:
        if translated:
            texts += [entry.msgstr, *entry.msgstr_plural.values()]
        else:
            texts += [entry.msgid, entry.msgid_plural]
    found = set()
    for text in texts:
        # the placeholders are not words of the language
        text = re.sub(r"%\(\w+\)[sd]|\{\w+\}|<[^>]+>", " ", text or "")
        found |= {word.lower() for word in WORD.findall(text)}
    return frozenset(found)


def visible_words(page: str) -> set[str]:
    """The words a reader sees or hears: the text, and the titles, labels and placeholders."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S | re.I)
    page = re.sub(r"<!--.*?-->", " ", page, flags=re.S)
    said = re.findall(r'\b(?:title|aria-label|placeholder|alt|data-confirm)="([^"]*)"', page)
    text = re.sub(r"<[^>]+>", " ", page)
    # an address or path shown to type in or copy is not a word
    text = re.sub(r"https?://\S+|(?<![\w/])/[\w./-]+", " ", text)
    return {word.lower() for word in WORD.findall(html.unescape(" ".join([text, *said])))}


@pytest.fixture
def evening(club: Club, organiser: User) -> dict[str, object]:
    """A published evening of five pairs with Italian names, round 1 played in part."""
    tournament = services.tournament_create(
        club=club,
        name="Torneo del martedì",
        date=datetime.date(2026, 11, 17),
        variant="classico",
        rounds=3,
        deals_per_round=2,
        result_entry="players",  # the pairs' own pages, and the board that follows them
    )
    services.pairs_add(tournament=tournament, text=PAIRS)
    season = Season.objects.create(club=club, name="Inverno", slug="inverno")
    Tournament.objects.filter(pk=tournament.pk).update(season=season, published=True)
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=2)
    services.round_start(round=prepared.round)
    table = prepared.round.tables.filter(is_bye=False).first()
    assert table is not None
    sides = [
        {"melded_points": 700, "hand_points": 0, "burracos": {"clean": 5}, "pot": "taken",
         "closed": True},
        {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"},
    ]  # fmt: skip
    services.deal_record(
        table=table, number=1, sides=sides, mode="summary", user=organiser, version=0
    )
    tournament.refresh_from_db()
    return {
        "tournament_id": tournament.pk,
        "pair_id": tournament.pairs.first().pk,  # type: ignore[union-attr]
        "round_id": prepared.round.pk,
        "table_id": table.pk,
        "number": 1,
        "season_id": season.pk,
        "club_slug": club.slug,
        "tournament_slug": tournament.slug,
        "season_slug": season.slug,
        "token": table.seats.get(direction="ns").pair.token,
    }


def data_words(evening: dict[str, object]) -> set[str]:
    # the club's names, and the languages' own names in the switch ("English" is a name there)
    languages = " ".join(name for _code, name in settings.LANGUAGES) + " English Brasileiro"
    names = [PAIRS, "Circolo del Burraco Roma Torneo del martedì Inverno Anna anna", languages]
    return {word.lower() for word in WORD.findall(" ".join(names))}


def pages(evening: dict[str, object]) -> list[tuple[Route, str]]:
    found = []
    for route in ALL:
        if route.defaults or any(key not in evening for key in route.keys):
            continue
        if route.name in {"logout", "language_choose"} or "password_reset_confirm" in route.name:
            continue
        found.append((route, address(route, evening)))
    return found


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_page_speaks_the_readers_language(
    language: str, evening: dict[str, object], organiser: User
) -> None:
    english = words_of("en", translated=False)
    own = words_of(LANGUAGES[language], translated=True) | data_words(evening)
    organiser_client = Client(HTTP_ACCEPT_LANGUAGE=language)
    organiser_client.force_login(organiser)
    visitor = Client(HTTP_ACCEPT_LANGUAGE=language)
    leftovers: dict[str, list[str]] = {}
    rendered = 0
    for route, url in pages(evening):
        client = organiser_client if route in ORGANISER or route.name == "dashboard" else visitor
        response = client.get(url)
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            continue
        page = response.content.decode()
        assert f'<html lang="{bcp47(language)}"' in page, route.name
        rendered += 1
        left = sorted((visible_words(page) & english) - own)
        if left:
            leftovers[route.name] = left
    assert rendered >= 25, f"only {rendered} pages rendered"
    assert leftovers == {}, f"English left in {language}: {leftovers}"


@pytest.mark.parametrize(
    ("headers", "cookie", "club_language", "expected"),
    [
        ({}, None, "it", "it"),  # nothing said: the club's language
        ({}, None, "es", "es"),  # a Spanish club's page for a phone that asks for nothing
        ({"HTTP_ACCEPT_LANGUAGE": "pt-BR,pt;q=0.9"}, None, "es", "pt-br"),  # the browser first
        ({"HTTP_ACCEPT_LANGUAGE": "de-DE"}, "es", "it", "es"),  # the reader's choice first
        ({"HTTP_ACCEPT_LANGUAGE": "fr-FR"}, None, "it", "it"),  # a language we lack: Italian
        ({"HTTP_ACCEPT_LANGUAGE": "fr-FR"}, None, "es", "es"),  # ... at a Spanish club: Spanish
        ({"HTTP_ACCEPT_LANGUAGE": "*"}, None, "de", "de"),  # "any language": the club's
        ({"HTTP_ACCEPT_LANGUAGE": "fr,en;q=0.5"}, None, "es", "en"),  # the first we speak
        ({}, "xx", "es", "es"),  # a cookie naming no language of ours: as if there were none
        ({"HTTP_ACCEPT_LANGUAGE": "pt-PT,pt;q=0.9"}, None, "it", "pt-br"),  # Portugal: Brazil's
        ({"HTTP_ACCEPT_LANGUAGE": "pt"}, None, "it", "pt-br"),
        ({"HTTP_ACCEPT_LANGUAGE": "es-AR,es;q=0.9"}, None, "it", "es"),  # Argentina
        ({"HTTP_ACCEPT_LANGUAGE": "es-419"}, None, "it", "es"),  # Latin America
        ({"HTTP_ACCEPT_LANGUAGE": "de-CH"}, None, "it", "de"),  # Switzerland
        ({"HTTP_ACCEPT_LANGUAGE": "de-AT,en;q=0.8"}, None, "it", "de"),  # Austria
        ({"HTTP_ACCEPT_LANGUAGE": "it-CH"}, None, "de", "it"),  # Italian Switzerland
        ({"HTTP_ACCEPT_LANGUAGE": "en-US"}, None, "it", "en"),
    ],
)
def test_the_language_comes_from_choice_browser_club_then_italian(
    headers: dict[str, str],
    cookie: str | None,
    club_language: str,
    expected: str,
    evening: dict[str, object],
) -> None:
    Club.objects.filter(slug=evening["club_slug"]).update(language=club_language)
    leaderboard.forget_club_language(str(evening["club_slug"]))  # as the admin's save does
    client = Client(HTTP_ACCEPT_LANGUAGE=headers.get("HTTP_ACCEPT_LANGUAGE", ""))
    if cookie:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = cookie
    page = client.get(reverse("public_club", args=[evening["club_slug"]]))
    assert f'<html lang="{bcp47(expected)}"' in page.content.decode()


def test_the_switch_remembers_the_choice_and_returns_to_the_page(
    evening: dict[str, object],
) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="it")
    page = reverse("public_tournament", args=[evening["club_slug"], evening["tournament_slug"]])
    response = client.get(reverse("language_choose", args=["es"]), {"next": page})
    assert response.status_code == 302 and response["Location"] == page
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "es"
    assert '<html lang="es"' in client.get(page).content.decode()
    elsewhere = client.get(reverse("language_choose", args=["de"]), {"next": "https://evil.test/"})
    assert elsewhere["Location"] == "/"
    assert client.get(reverse("language_choose", args=["fr"])).status_code == 404


def test_numbers_are_written_as_the_reader_writes_them(evening: dict[str, object]) -> None:
    page = reverse("public_tournament", args=[evening["club_slug"], evening["tournament_slug"]])
    for language, thousands in [("it", "1.800"), ("es", "1.800"), ("de", "1.800"), ("en", "1,800")]:
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        assert thousands in client.get(page).content.decode(), language
        pairs = "".join(
            client.get(f"{page}pairs/{number}/").content.decode() for number in range(1, 6)
        )
        assert "−30" in pairs and "-30" not in pairs, language  # cards left in hand: a real minus


@pytest.mark.parametrize(
    ("language", "written"),
    [
        ("it", "17 novembre 2026"),
        ("es", "17 de noviembre de 2026"),
        ("pt-br", "17 de novembro de 2026"),
        ("de", "17. November 2026"),
    ],
)
def test_dates_are_written_as_the_reader_writes_them(
    language: str, written: str, evening: dict[str, object]
) -> None:
    """The month in lower case in Italian and Portuguese (Django's own catalogues capitalise it)."""
    page = reverse("public_tournament", args=[evening["club_slug"], evening["tournament_slug"]])
    shown = Client(HTTP_ACCEPT_LANGUAGE=language).get(page).content.decode()
    assert written in shown, language


def test_the_switch_names_each_language_in_itself(evening: dict[str, object]) -> None:
    """A German who landed on the Italian page looks for "Deutsch", not "Tedesco". (On a phone
    the names give way to their two letters, IT ES PT DE EN: test_e2e_widths.py.)"""
    page = Client(HTTP_ACCEPT_LANGUAGE="it").get(reverse("home")).content.decode()
    for name in ("Italiano", "Español", "Português Brasileiro", "Deutsch", "English"):
        assert f'aria-label="{name}"' in page, name  # what a screen reader says
        assert f'<span class="language-name">{name}</span>' in page, name  # what a laptop shows
    assert "Inglese" not in page and "Tedesco" not in page


@pytest.mark.parametrize(
    ("language", "written"),
    [
        ("it", r"(lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica) \d{1,2} [a-z]+"),
        ("es", r"(lunes|martes|miércoles|jueves|viernes|sábado|domingo) \d{1,2} de [a-z]+"),
        ("pt-br", r"(segunda-feira|terça-feira|quarta-feira|quinta-feira|sexta-feira|sábado|"
                  r"domingo), \d{1,2} de [a-zç]+"),
        ("de", r"(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d{1,2}\. "
               r"[A-Z][a-zä]+"),
        ("en", r"(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} [A-Z][a-z]+"),
    ],
)  # fmt: skip
def test_todays_date_on_the_home_page_is_written_as_the_reader_writes_it(
    language: str, written: str, db: None
) -> None:
    """The weekday and the day of the month in each language's order ("martes 24 de
    noviembre", "Dienstag, 24. November"), not one fixed pattern for all."""
    page = Client(HTTP_ACCEPT_LANGUAGE=language).get(reverse("home")).content.decode()
    today = re.search(r'id="today-heading">.*?<span class="muted">(.*?)</span>', page, re.S)
    assert today is not None
    assert re.fullmatch(written, today[1]), today[1]
