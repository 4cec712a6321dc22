"""The words of each game in each language: complete, and the ones club players use."""

import pytest
from django.utils import translation

from scoring.rules import VARIANT_SLUGS
from tournaments.rules.glossary import LANGUAGE_WORDS, glossary_problems, language_of, words_for


def test_every_language_has_every_word_and_every_game_a_name() -> None:
    assert glossary_problems() == []
    for variant in VARIANT_SLUGS:
        for language in LANGUAGE_WORDS:
            assert words_for(variant, language)["game"]


@pytest.mark.parametrize(
    ("variant", "language", "term", "word"),
    [
        ("classico", "it", "clean_burraco", "burraco pulito"),  # Italian Burraco in Italian
        ("classico", "it", "semi_clean_burraco", "burraco semipulito"),
        ("reale", "it", "royal_burraco", "burraco reale"),
        ("reale", "it", "noble_burraco", "burraco nobile"),
        ("classico", "it", "wildcard", "pinella"),
        ("classico", "it", "pot", "pozzetto"),
        ("classico", "it", "deal", "smazzata"),
        ("classico", "it", "round", "turno"),
        ("classico", "it", "bye_table", "tavolo zoppo"),
        ("classico", "it", "ew", "E-O"),
        ("spanish", "es", "clean_burraco", "canasta limpia"),  # Spanish Buraco in Spanish
        ("spanish", "es", "dirty_burraco", "canasta sucia"),
        ("spanish", "es", "wild_burraco", "canasta de comodines"),
        ("spanish", "es", "pot", "muerto"),
        ("spanish", "es", "closing", "cierre"),
        ("spanish", "es", "deal", "mano"),
        ("spanish", "es", "pairs", "parejas"),  # never the Italian "coppie"
        ("spanish", "es", "round", "ronda"),  # never the Italian "turno"
        ("spanish", "es", "ew", "E-O"),
        ("brazilian", "pt-br", "clean_burraco", "canastra limpa"),
        ("brazilian", "pt-br", "dirty_burraco", "canastra suja"),
        ("brazilian", "pt-br", "royal_burraco", "canastra real"),
        ("brazilian", "pt-br", "pot", "morto"),
        ("brazilian", "pt-br", "closing", "batida"),
        ("brazilian", "pt-br", "round", "rodada"),
        ("brazilian", "pt-br", "ew", "L-O"),
        ("two-player", "de", "clean_burraco", "Burraco sauber"),
        ("two-player", "de", "dirty_burraco", "Burraco schmutzig"),
        ("two-player", "de", "pot", "Ersatz-Talon"),
        ("two-player", "de", "ew", "O-W"),
        ("spanish", "it", "game", "Buraco spagnolo"),  # a Spanish evening read in Italian
        ("spanish", "it", "burraco", "canasta"),  # still says which game it is
        ("classico", "es", "pot", "pozzetto"),  # and an Italian one read in Spanish
        ("two-player", "it", "pairs", "giocatori"),  # one player a side
    ],
)
def test_the_words_of_each_game(variant: str, language: str, term: str, word: str) -> None:
    assert words_for(variant, language)[term] == word


def test_kinds_and_the_active_language() -> None:
    with translation.override("pt-br"):
        assert words_for("brazilian").kind("clean") == "canastra limpa"
    with translation.override("es"):
        assert words_for("spanish").kind("wild") == "canasta de comodines"
    assert language_of("pt-BR") == "pt-br"
    assert language_of("it-CH") == "it"
    assert language_of("fr") == "en"
