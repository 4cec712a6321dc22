"""The help page: how an evening runs in the app, one page per language written in that
language's words of the game, chosen by the reader's language, linked from every page's header
and open to everyone."""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from burraco_club.templatetags.languages import bcp47
from burraco_club.views import HELP_TEMPLATES

PAGES = {
    "it": (
        "Come si svolge una serata di torneo",
        "a ogni turno una coppia riposa al tavolo zoppo",
        ["Creare il torneo", "Inserire le coppie", "Sistemare i tavoli", "Inserire i risultati",
         "Correggere un errore", "Pubblicare la classifica", "Chiudere il torneo"],
        ["smazzata", "turno", "tavolo", "classifica", "pozzetto"],
    ),
    "es": (
        "Cómo se juega una noche de torneo",
        "en cada ronda una pareja descansa",
        ["Crear el torneo", "Anotar las parejas", "Sentar a las parejas", "Cargar los resultados",
         "Corregir un error", "Publicar la clasificación", "Cerrar el torneo"],
        ["manos", "ronda", "mesa", "clasificación", "muerto"],
    ),
    "pt-br": (
        "Como funciona uma noite de torneio",
        "em cada rodada uma dupla folga",
        ["Criar o torneio", "Cadastrar as duplas", "Montar as mesas", "Lançar os resultados",
         "Corrigir um erro", "Publicar a classificação", "Encerrar o torneio"],
        ["mão", "rodada", "mesa", "classificação", "morto", "bateu"],
    ),
    "de": (
        "So läuft ein Turnierabend",
        "setzt in jeder Runde ein Paar aus",
        ["Turnier anlegen", "Paare eintragen", "Tische einteilen", "Ergebnisse eingeben",
         "Einen Fehler korrigieren", "Wertung veröffentlichen", "Turnier abschließen"],
        ["Spiele", "Runde", "Tisch", "Wertung", "Ersatz-Talon"],
    ),
    "en": (
        "How a tournament evening runs",
        "one pair sits out each round (the bye)",
        ["Create the tournament", "Add the pairs", "Seat the round", "Enter the results",
         "Correct a mistake", "Publish the standings", "Finish the tournament"],
        ["deal", "round", "table", "standings", "pot"],
    ),
}  # fmt: skip


def test_there_is_a_page_for_every_language_of_the_site() -> None:
    assert set(HELP_TEMPLATES) == {code for code, _ in settings.LANGUAGES} == set(PAGES)


@pytest.mark.parametrize("language", list(PAGES))
def test_the_help_page_is_in_the_readers_language(language: str, anonymous_client: Client) -> None:
    heading, sentence, steps, words = PAGES[language]
    response = anonymous_client.get(reverse("help"), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    page = response.content.decode()
    assert f'<html lang="{bcp47(language)}">' in page
    assert f"<h1>{heading}</h1>" in page
    assert sentence in page
    # the seven steps of an evening, in order: create, pairs, seat, enter, correct, publish,
    # finish
    positions = [page.index(f"<h2>{step}</h2>") for step in steps]
    assert positions == sorted(positions)
    for word in words:
        assert word in page, (language, word)
    others = [PAGES[other][0] for other in PAGES if other != language]
    assert not any(other in page for other in others)


def test_the_language_cookie_chooses_the_page_too(anonymous_client: Client) -> None:
    anonymous_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pt-br"
    page = anonymous_client.get(reverse("help"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Como funciona uma noite de torneio" in page


def test_every_page_header_links_the_help(
    anonymous_client: Client, organiser_client: Client
) -> None:
    link = f'<a href="{reverse("help")}">'
    assert link in anonymous_client.get(reverse("login")).content.decode()
    assert link in organiser_client.get(reverse("dashboard")).content.decode()
    assert link in anonymous_client.get(reverse("help")).content.decode()
