"""The words of each game in each language: complete, and the ones club players use."""

import pytest
from django.utils import translation

from scoring.rules import VARIANT_SLUGS
from tournaments.rules.glossary import LANGUAGE_WORDS, glossary_problems, language_of, words_for
from tournaments.templatetags.game_words import burracos_in


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
        ("brazilian", "it", "clean_burraco", "canastra pulita"),  # Brazil's canastra, whole
        ("brazilian", "de", "dirty_burraco", "Canastra schmutzig"),
        ("brazilian", "de", "burracos", "Canastras"),
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


@pytest.mark.parametrize(
    ("variant", "language", "written"),
    [
        ("classico", "it", "burraco pulito, burraco sporco ×2"),
        ("spanish", "es", "canasta limpia, canasta sucia ×2"),
        ("brazilian", "pt-br", "canastra limpa, canastra suja ×2"),
        ("brazilian", "it", "canastra pulita, canastra sporca ×2"),  # Brazil's word, whole
        ("two-player", "de", "Burraco sauber, Burraco schmutzig ×2"),
    ],
)
def test_a_sides_burracos_are_counted_after_their_name(
    variant: str, language: str, written: str
) -> None:
    """The count follows the kind's name, so no language needs its plural ("2 canasta sucia"
    would be wrong in every one of them), as the table page and the pair page both write it."""
    assert burracos_in(["dirty", "clean", "dirty"], words_for(variant, language)) == written
    assert burracos_in([], words_for(variant, language)) == ""
