"""Beyond the pages a GET shows: the password-reset e-mail and the pages of its link, the errors
Django's own form fields raise, the print pages of a Spanish and a Brazilian evening, and the
pair page's charts, each in Italian, Spanish, Brazilian Portuguese and German, with no English
word of the site left ("no English left" is told as in test_languages.py: a word of the English
catalogue that is not a word of the language's own catalogue nor of the evening's names)."""

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import translation

from burraco_club import reset_mail
from burraco_club.templatetags.languages import bcp47
from tournaments.models import Club, Round, Tournament
from tournaments.rules.glossary import words_for
from tournaments.tests.conftest import PASSWORD, make_tournament
from tournaments.tests.test_languages import LANGUAGES, WORD, visible_words, words_of
from tournaments.tests.test_public_pages import evening, next_round, play, seat_of

NAMES = (
    "Anna anna example testserver Tuesday evening Circolo del Burraco Roma Name Surname "
    "Italiano Español Português Brasileiro Deutsch English"
)
"""The names the fixtures give (the organiser Anna, make_tournament's players and evening), and
the languages' own names on the switch."""


def english_left(page: str, language: str, *more: str) -> set[str]:
    english = words_of("en", translated=False)
    names = {word.lower() for word in WORD.findall(" ".join([NAMES, *more]))}
    own = words_of(LANGUAGES[language], translated=True) | names
    return (visible_words(page) & english) - own


def said(language: str, msgid: str) -> str:
    with translation.override(language):
        return translation.gettext(msgid)


# --- the password-reset e-mail and its pages --------------------------------------------------

GREETING = {"it": "Ciao Anna,", "es": "Hola Anna:", "pt-br": "Olá Anna,", "de": "Hallo Anna,"}


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_password_reset_mail_and_its_pages_are_in_the_readers_language(
    language: str, organiser: User
) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    form = client.get(reverse("password_reset")).content.decode()
    assert f'<html lang="{bcp47(language)}"' in form
    assert english_left(form, language) == set()
    sent = client.post(reverse("password_reset"), {"email": "anna@example.com"}, follow=True)
    assert english_left(sent.content.decode(), language) == set()

    reset_mail.send_due()  # outside the request, in the language it was asked in
    (message,) = mail.outbox
    assert message.subject == said(language, "Choose a new password for Burraco club")
    body = str(message.body)
    assert body.startswith(GREETING[language])
    assert (
        said(language, "If you did not ask, ignore this e-mail: your password stays as it is.")
        in body
    )
    assert english_left(f"<p>{message.subject}</p><p>{body}</p>", language) == set(), body

    link = re.search(r"http://testserver(/password-reset/\S+/\S+/)", body)
    assert link is not None
    page = client.get(link[1], follow=True)
    assert english_left(page.content.decode(), language) == set()
    # Django's own checks of a new password, in the language (too short, not the same twice)
    refused = client.post(
        page.redirect_chain[-1][0], {"new_password1": "short", "new_password2": "shorter"}
    ).content.decode()
    assert english_left(refused, language) == set(), refused
    with translation.override(language):
        mismatch = translation.gettext("The two password fields didn’t match.")
    assert mismatch.replace("’", "&#x27;") in refused or mismatch in refused
    done = client.post(
        page.redirect_chain[-1][0],
        {"new_password1": "un-nuovo-burraco-2026", "new_password2": "un-nuovo-burraco-2026"},
        follow=True,
    )
    assert english_left(done.content.decode(), language) == set()
    assert Client().login(username="anna", password="un-nuovo-burraco-2026")
    assert not Client().login(username="anna", password=PASSWORD)


# --- Django's own field errors ----------------------------------------------------------------


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_djangos_own_field_errors_are_in_the_readers_language(
    language: str, organiser: User
) -> None:
    """A choice the form does not offer and a field left empty are refused by Django's own
    fields, whose messages Django's catalogues translate once the language is active."""
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(organiser)
    response = client.post(
        reverse("tournament_create"),
        {"name": "", "date": "31/02/2026", "variant": "canasta", "rounds": "tre"},
    )
    assert response.status_code == 200
    page = response.content.decode()
    errors = " ".join(re.findall(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>', page, re.S))
    with translation.override(language):
        required = translation.gettext("This field is required.")
        choice = translation.gettext(
            "Select a valid choice. %(value)s is not one of the available choices."
        ) % {"value": "canasta"}
    assert required in errors and choice.replace("'", "&#x27;") in errors
    if language == "es":  # "tú", as every other text of the site, not Django's "usted"
        assert "Elige una opción válida: canasta no está entre las disponibles." in errors
    assert english_left(errors, language) == set(), errors
    assert not Tournament.objects.filter(name="").exists()


# --- print pages of a Spanish and a Brazilian evening ------------------------------------------


def played_round(club: Club, organiser: User, variant: str) -> Round:
    """Round 1 of a five-pair evening played in full: North-South win both deals of every
    table, 600 each, 1200 match points (two deals keep the Spanish game's opening minimum,
    which starts above 1000, out of the way)."""
    tournament = make_tournament(club, pairs=5, variant=variant, deals_per_round=2)
    round_ = next_round(tournament)
    play(round_, organiser, deals=2)
    return round_


@pytest.mark.parametrize(
    ("variant", "language", "expected"),
    [
        ("spanish", "es", ["Mesa 1", "Ronda 1", "Norte-Sur", "Este-Oeste", "Canasta limpia",
                           "Muerto", "Mano"]),
        ("brazilian", "pt-br", ["Mesa 1", "Rodada 1", "Norte-Sul", "Leste-Oeste",
                                "Canastra limpa", "Morto", "Mão"]),
        ("classico", "es", ["Mesa 1", "Ronda 1", "Burraco limpio", "Pozzetto"]),
        ("spanish", "it", ["Tavolo 1", "Turno 1", "Canasta pulita", "Muerto"]),
    ],
)  # fmt: skip
def test_print_pages_speak_the_readers_language_in_the_words_of_the_game(
    variant: str, language: str, expected: list[str], club: Club, organiser: User
) -> None:
    round_ = played_round(club, organiser, variant)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(organiser)
    pages = {
        name: client.get(reverse(name, args=[pk])).content.decode()
        for name, pk in (
            ("print_seating", round_.pk),
            ("print_score_sheets", round_.pk),
            ("print_standings", round_.tournament_id),
        )
    }
    text = " ".join(" ".join(re.sub(r"<[^>]+>", " ", page).split()) for page in pages.values())
    for word in expected:
        assert word in text, word
    assert "1.200" in pages["print_standings"]  # the winners' MP, grouped as the reader does
    names = " ".join(pair.names for pair in round_.tournament.pairs.all())
    for name, page in pages.items():
        assert f'<html lang="{bcp47(language)}"' in page, name
        assert english_left(page, language, names) == set(), name
    assert ("E-W" not in text and "Burraco Classico" not in text) or variant == "classico"


# --- the pair page's charts --------------------------------------------------------------------


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_charts_of_a_pair_speak_the_readers_language(
    language: str, club: Club, organiser: User
) -> None:
    tournament = evening(club, organiser, pairs=4)
    winner = seat_of(tournament.round_set.get(number=1), "ns", 1)
    page = (
        Client(HTTP_ACCEPT_LANGUAGE=language)
        .get(reverse("public_pair", args=[club.slug, tournament.slug, winner.number]))
        .content.decode()
    )
    svgs = re.findall(r"<svg\b.*?</svg>", page, re.S)
    assert len(svgs) == 2
    totals, rank = svgs
    with translation.override(language):
        words = words_for("classico")
        axis = words["round"].capitalize()
        what = translation.pgettext(
            "inside the chart's title: Pair 3: … after each round", "victory points"
        )
        title = translation.gettext("%(pair)s %(number)s: %(what)s after each round") % {
            "pair": words["pair"].capitalize(),
            "number": winner.number,
            "what": what,
        }
        y_label = translation.gettext("Victory points")
    assert f">{title}</title>" in totals
    assert f">{axis}</text>" in totals and f">{y_label}</text>" in totals
    assert f">{axis}</text>" in rank
    if language == "de":
        assert "Siegpunkte nach jeder Runde" in totals  # a German noun keeps its capital
    names = " ".join(pair.names for pair in tournament.pairs.all())
    for svg in svgs:
        # the titles, descriptions, axis labels and values a screen reader or an eye reads
        said_in_svg = re.sub(r"<(?!/?(?:title|desc|text)\b)[^>]+>", " ", svg)
        assert english_left(said_in_svg, language, names) == set(), said_in_svg
