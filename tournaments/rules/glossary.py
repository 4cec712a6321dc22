"""The words of each game in each language, as data: what a club calls a clean burraco, the pot,
a deal or a round depends on the game (Italian Burraco, Brazilian or Spanish Buraco) and on the
reader's language. Pages take these words from here (`words_for`, `Tournament.words`), never
from branches in templates; whole sentences are translated in the catalogues instead.

A game read in another language keeps its identity: a Spanish evening read in Italian says
"Buraco spagnolo" and "canasta", an Italian one read in Spanish says "burraco" and "pozzetto".

`burraco_gender` is the grammatical gender of the game's burraco word in the language ("m":
burraco; "f": canasta, canastra), so that a sentence can give it its article ("un burraco",
"una canasta").
"""

from __future__ import annotations

LANGUAGE_WORDS: dict[str, dict[str, str]] = {
    # the words of Italian Burraco, as each language's clubs say them
    "it": {
        "burraco": "burraco",
        "burracos": "burraco",
        "clean_burraco": "burraco pulito",
        "dirty_burraco": "burraco sporco",
        "semi_clean_burraco": "burraco semipulito",
        "noble_burraco": "burraco nobile",
        "royal_burraco": "burraco reale",
        "wild_burraco": "burraco di jolly e pinelle",
        "wildcard": "pinella",
        "joker": "jolly",
        "pot": "pozzetto",
        "closing": "chiusura",
        "deal": "smazzata",
        "deals": "smazzate",
        "round": "turno",
        "rounds": "turni",
        "table": "tavolo",
        "bye_table": "tavolo zoppo",
        "pair": "coppia",
        "pairs": "coppie",
        "player": "giocatore",
        "players": "giocatori",
        "ns": "N-S",
        "ew": "E-O",
        "north_south": "Nord-Sud",
        "east_west": "Est-Ovest",
        "burraco_gender": "m",
    },
    "es": {
        "burraco": "burraco",
        "burracos": "burracos",
        "clean_burraco": "burraco limpio",
        "dirty_burraco": "burraco sucio",
        "semi_clean_burraco": "burraco semilimpio",
        "noble_burraco": "burraco noble",
        "royal_burraco": "burraco real",
        "wild_burraco": "burraco de comodines",
        "wildcard": "pinela",
        "joker": "comodín",
        "pot": "pozzetto",
        "closing": "cierre",
        "deal": "mano",
        "deals": "manos",
        "round": "ronda",
        "rounds": "rondas",
        "table": "mesa",
        "bye_table": "mesa de descanso",
        "pair": "pareja",
        "pairs": "parejas",
        "player": "jugador",
        "players": "jugadores",
        "ns": "N-S",
        "ew": "E-O",
        "north_south": "Norte-Sur",
        "east_west": "Este-Oeste",
        "burraco_gender": "m",
    },
    "pt-br": {
        "burraco": "burraco",
        "burracos": "burracos",
        "clean_burraco": "burraco limpo",
        "dirty_burraco": "burraco sujo",
        "semi_clean_burraco": "burraco semilimpo",
        "noble_burraco": "burraco nobre",
        "royal_burraco": "burraco real",
        "wild_burraco": "burraco de curingas",
        "wildcard": "curinga (2)",
        "joker": "coringa",
        "pot": "morto",
        "closing": "batida",
        "deal": "mão",
        "deals": "mãos",
        "round": "rodada",
        "rounds": "rodadas",
        "table": "mesa",
        "bye_table": "mesa de folga",
        "pair": "dupla",
        "pairs": "duplas",
        "player": "jogador",
        "players": "jogadores",
        "ns": "N-S",
        "ew": "L-O",
        "north_south": "Norte-Sul",
        "east_west": "Leste-Oeste",
        "burraco_gender": "m",
    },
    "de": {
        "burraco": "Burraco",
        "burracos": "Burracos",
        "clean_burraco": "Burraco sauber",
        "dirty_burraco": "Burraco schmutzig",
        "semi_clean_burraco": "Burraco halbsauber",
        "noble_burraco": "Burraco edel",
        "royal_burraco": "Burraco königlich",
        "wild_burraco": "Burraco aus Jokern",
        "wildcard": "Pinella (Zweier)",
        "joker": "Joker",
        "pot": "Ersatz-Talon",
        "closing": "Schließen",
        "deal": "Spiel",
        "deals": "Spiele",
        "round": "Runde",
        "rounds": "Runden",
        "table": "Tisch",
        "bye_table": "Freilos-Tisch",
        "pair": "Paar",
        "pairs": "Paare",
        "player": "Spieler",
        "players": "Spieler",
        "ns": "N-S",
        "ew": "O-W",
        "north_south": "Nord-Süd",
        "east_west": "Ost-West",
        "burraco_gender": "m",
    },
    "en": {
        "burraco": "burraco",
        "burracos": "burracos",
        "clean_burraco": "clean burraco",
        "dirty_burraco": "dirty burraco",
        "semi_clean_burraco": "semi-clean burraco",
        "noble_burraco": "noble burraco",
        "royal_burraco": "royal burraco",
        "wild_burraco": "wild-card burraco",
        "wildcard": "wild two (pinella)",
        "joker": "joker",
        "pot": "pot",
        "closing": "closing",
        "deal": "deal",
        "deals": "deals",
        "round": "round",
        "rounds": "rounds",
        "table": "table",
        "bye_table": "bye",
        "pair": "pair",
        "pairs": "pairs",
        "player": "player",
        "players": "players",
        "ns": "N-S",
        "ew": "E-W",
        "north_south": "North-South",
        "east_west": "East-West",
        "burraco_gender": "m",
    },
}

GAME_NAMES: dict[str, dict[str, str]] = {
    "reale": {
        "it": "Burraco Reale",
        "es": "Burraco Real",
        "pt-br": "Burraco Real",
        "de": "Burraco Reale",
        "en": "Burraco Reale",
    },
    "classico": {
        "it": "Burraco Classico",
        "es": "Burraco Clásico",
        "pt-br": "Burraco Clássico",
        "de": "Burraco Classico",
        "en": "Burraco Classico",
    },
    "traditional": {
        "it": "Burraco tradizionale",
        "es": "Burraco tradicional",
        "pt-br": "Burraco tradicional",
        "de": "Burraco (traditionell)",
        "en": "Traditional Burraco",
    },
    "two-player": {
        "it": "Burraco a due",
        "es": "Burraco para dos",
        "pt-br": "Burraco para dois",
        "de": "Burraco zu zweit",
        "en": "Two-player Burraco",
    },
    "brazilian": {
        "it": "Buraco brasiliano",
        "es": "Buraco brasileño",
        "pt-br": "Buraco",
        "de": "Buraco (brasilianisch)",
        "en": "Brazilian Buraco",
    },
    "spanish": {
        "it": "Buraco spagnolo",
        "es": "Buraco",
        "pt-br": "Buraco espanhol",
        "de": "Buraco (spanisch)",
        "en": "Spanish Buraco",
    },
}

_CANASTA = {
    # Buraco's melds of seven are canastas (canastras in Brazil) in every language
    "it": {
        "burraco": "canasta",
        "burracos": "canaste",
        "clean_burraco": "canasta pulita",
        "dirty_burraco": "canasta sporca",
        "royal_burraco": "canasta reale",
        "noble_burraco": "canasta nobile",
        "wild_burraco": "canasta di jolly",
        "burraco_gender": "f",
    },
    "en": {
        "burraco": "canasta",
        "burracos": "canastas",
        "clean_burraco": "clean canasta",
        "dirty_burraco": "dirty canasta",
        "royal_burraco": "royal canasta",
        "noble_burraco": "noble canasta",
        "wild_burraco": "wild-card canasta",
        "burraco_gender": "f",
    },
    "de": {
        "burraco": "Canasta",
        "burracos": "Canastas",
        "clean_burraco": "Canasta sauber",
        "dirty_burraco": "Canasta schmutzig",
        "royal_burraco": "Canasta königlich",
        "noble_burraco": "Canasta edel",
        "wild_burraco": "Canasta aus Jokern",
        "burraco_gender": "f",
    },
}

VARIANT_WORDS: dict[str, dict[str, dict[str, str]]] = {
    "two-player": {
        "it": {"pair": "giocatore", "pairs": "giocatori"},
        "es": {"pair": "jugador", "pairs": "jugadores"},
        "pt-br": {"pair": "jogador", "pairs": "jogadores"},
        "de": {"pair": "Spieler", "pairs": "Spieler"},
        "en": {"pair": "player", "pairs": "players"},
    },
    "brazilian": {
        "it": {
            "burraco": "canastra",
            "burracos": "canastre",
            "clean_burraco": "canastra pulita",
            "dirty_burraco": "canastra sporca",
            "royal_burraco": "canastra reale",
            "noble_burraco": "canastra nobile",
            "pot": "morto",
            "burraco_gender": "f",
        },
        "es": {
            "burraco": "canastra",
            "burracos": "canastras",
            "clean_burraco": "canastra limpia",
            "dirty_burraco": "canastra sucia",
            "royal_burraco": "canastra real",
            "noble_burraco": "canastra noble",
            "pot": "muerto",
            "burraco_gender": "f",
        },
        "pt-br": {
            "burraco": "canastra",
            "burracos": "canastras",
            "clean_burraco": "canastra limpa",
            "dirty_burraco": "canastra suja",
            "royal_burraco": "canastra real",
            "noble_burraco": "canastra de ás a rei",
            "wildcard": "curinga (2)",
            "pot": "morto",
            "burraco_gender": "f",
        },
        "de": {
            "burraco": "Canastra",
            "burracos": "Canastras",
            "clean_burraco": "Canastra sauber",
            "dirty_burraco": "Canastra schmutzig",
            "royal_burraco": "Canastra königlich",
            "noble_burraco": "Canastra edel",
            "pot": "Morto",
            "burraco_gender": "f",
        },
        "en": {
            **_CANASTA["en"],
            "burraco": "canastra",
            "burracos": "canastras",
            "clean_burraco": "clean canastra",
            "dirty_burraco": "dirty canastra",
            "royal_burraco": "royal canastra",
            "noble_burraco": "noble canastra",
            "wild_burraco": "wild-card canastra",
            "pot": "morto",
        },
    },
    "spanish": {
        "it": {**_CANASTA["it"], "pot": "muerto"},
        "es": {
            "burraco": "canasta",
            "burracos": "canastas",
            "clean_burraco": "canasta limpia",
            "dirty_burraco": "canasta sucia",
            "wild_burraco": "canasta de comodines",
            "wildcard": "comodín (2)",
            "pot": "muerto",
            "burraco_gender": "f",
        },
        "pt-br": {
            "burraco": "canastra",
            "burracos": "canastras",
            "clean_burraco": "canastra limpa",
            "dirty_burraco": "canastra suja",
            "wild_burraco": "canastra de curingas",
            "pot": "morto",
            "burraco_gender": "f",
        },
        "de": {**_CANASTA["de"], "pot": "Muerto"},
        "en": {**_CANASTA["en"], "pot": "muerto"},
    },
}

TERMS: frozenset[str] = frozenset(LANGUAGE_WORDS["en"])
KIND_TERMS: dict[str, str] = {
    "clean": "clean_burraco",
    "dirty": "dirty_burraco",
    "semi-clean": "semi_clean_burraco",
    "noble": "noble_burraco",
    "royal": "royal_burraco",
    "wild": "wild_burraco",
}


class Words(dict[str, str]):
    """A game's words in one language: `words["pot"]`, `{{ tournament.words.pot }}`."""

    def kind(self, kind: str) -> str:
        """The name of a kind of burraco ('clean', 'semi-clean', …) in these words."""
        return self[KIND_TERMS[kind]]


def language_of(code: str | None) -> str:
    """The glossary's language for a Django language code ('pt-BR', 'it-ch' …), else English."""
    code = (code or "en").lower()
    if code in LANGUAGE_WORDS:
        return code
    base = code.split("-")[0]
    if base == "pt":
        return "pt-br"
    return base if base in LANGUAGE_WORDS else "en"


def words_for(variant: str, language: str | None = None) -> Words:
    """The words of `variant` (a rule set's slug) in `language` (default: the active one)."""
    if language is None:
        from django.utils.translation import get_language

        language = get_language()
    lang = language_of(language)
    words = Words(LANGUAGE_WORDS[lang])
    words.update(VARIANT_WORDS.get(variant, {}).get(lang, {}))
    words["game"] = GAME_NAMES.get(variant, {}).get(lang, variant)
    return words


def word(term: str, language: str | None = None) -> str:
    """One term of the game's common words (no variant's own) in `language` (default: the
    active one), without copying the whole glossary as `words_for` does: a page of a thousand
    seats asks it a thousand times."""
    if language is None:
        from django.utils.translation import get_language

        language = get_language()
    return LANGUAGE_WORDS[language_of(language)][term]


def glossary_problems() -> list[str]:
    """Every missing or unknown term, so a test can say which game lacks which word."""
    found = []
    for lang, words in LANGUAGE_WORDS.items():
        if set(words) != TERMS:
            found.append(f"{lang}: {sorted(set(words) ^ TERMS)}")
    for variant, by_language in VARIANT_WORDS.items():
        for lang, words in by_language.items():
            if lang not in LANGUAGE_WORDS or not set(words) <= TERMS:
                found.append(f"{variant}/{lang}: {sorted(set(words) - TERMS)}")
    for variant, names in GAME_NAMES.items():
        if set(names) != set(LANGUAGE_WORDS):
            found.append(f"{variant}: game names {sorted(names)}")
    return found
