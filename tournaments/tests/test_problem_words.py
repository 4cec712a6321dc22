"""Every problem the scoring engine can raise, said on the table page in every language.

The engine names each problem by a code (scoring.problem_messages) and words it in English; the
table page looks each code up in the reader's catalogue and puts in the game's own words from
the glossary (`views.organiser.table_page.in_words`). Each case of the engine's own table of
problems (scoring/tests/test_problems.py: one case a code) is raised here and said in Italian,
Spanish, Brazilian Portuguese and German: the sentence differs from the English, and no English
word of the interface is left in it (the contract's own field names, written in quotes or with
an underscore, are code and stay as they are). The custom VP table's problems, which the
settings form shows, are said in the reader's language too."""

import re

import pytest
from django.utils import translation

from scoring import InvalidDeal, InvalidMatch, house_rules, match_state, rule_set
from scoring.contract import score_deal_json
from scoring.problems import Problem
from scoring.rules import VARIANT_SLUGS
from scoring.tests.test_problems import CASES, Case
from tournaments.rules.glossary import words_for
from tournaments.rules.vp_tables import scale_from_rows
from tournaments.tests.test_languages import LANGUAGES, words_of
from tournaments.views.table_page import in_words

WORD = re.compile(r"[^\W\d_]{3,}")
CODE = re.compile(
    r"\"[^\"]*\"|'[^']*'|\b\w+_\w+\b|\b(?:10|[2-9AJQKT])[CDHS]\b|\bJK\b|"
    + "|".join(rf"\b{re.escape(slug)}\b" for slug in VARIANT_SLUGS)
)
"""What a problem quotes as code: a contract field ("pot", 'opening', melded_points), a card,
the variants' slugs the contract takes."""


def problem_of(case: Case) -> Problem:
    rules = None
    if case.house is not None:  # a club's house rules over the variant's own
        rules = house_rules(rule_set(variant_of(case)), case.house)
    with pytest.raises(InvalidDeal) as caught:
        score_deal_json(case.data, rules)
    return next(p for p in caught.value.problems if p.code == case.code)


def variant_of(case: Case) -> str:
    data = case.data
    return str(data.get("variant", "classico")) if isinstance(data, dict) else "classico"


def english_left(text: str, language: str) -> set[str]:
    """The words of `text` that are English words of the interface and not the language's own
    (nor the game's words of any game in that language: "canasta" is Spanish and Italian)."""
    games = {
        word.lower()
        for variant in ("classico", "reale", "spanish", "brazilian", "two-player")
        for word in WORD.findall(" ".join(words_for(variant, language).values()))
    }
    own = words_of(LANGUAGES[language], translated=True) | games
    english = words_of("en", translated=False)
    words = {word.lower() for word in WORD.findall(CODE.sub(" ", text))}
    return (words & english) - own


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("case", CASES, ids=[case.code for case in CASES])
def test_every_problem_of_the_engine_is_said_in_the_readers_language(
    case: Case, language: str
) -> None:
    problem = problem_of(case)
    variant = variant_of(case)
    with translation.override("en"):
        english = in_words(problem, variant)
    with translation.override(language):
        said = in_words(problem, variant)
    assert said != english, f"{case.code} is not translated into {language}: {said}"
    assert english_left(said, language) == set(), f"{case.code} in {language}: {said}"


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_match_already_won_is_said_in_the_readers_language(language: str) -> None:
    with pytest.raises(InvalidMatch) as caught:
        match_state(rule_set("spanish"), [[2100, 0], [10, 0]], target=2000)
    (problem,) = caught.value.problems
    with translation.override(language):
        said = in_words(problem, "spanish")
        north_south = words_for("spanish")["ns"]
    assert said.startswith(said[:1].upper())
    assert north_south in said and "2100" in said
    assert english_left(said, language) == set(), said


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("it", "la fascia 0–60 deve finire prima che cominci la successiva (55)"),
        ("es", "el tramo 0–60 debe terminar antes de que empiece el siguiente (55)"),
        ("pt-br", "(55)"),
        ("de", "die Stufe 0–60 muss enden, bevor die nächste beginnt (55)"),
        ("en", "the band 0–60 must end before the next begins (55)"),
    ],
)
def test_a_custom_vp_table_that_makes_no_scale_is_refused_in_the_readers_language(
    language: str, expected: str
) -> None:
    with translation.override(language), pytest.raises(ValueError) as caught:
        scale_from_rows([[0, 60, 12, 8], [55, None, 20, 0]])
    assert expected in str(caught.value)
    if language != "en":
        assert english_left(str(caught.value), language) == set(), caught.value
