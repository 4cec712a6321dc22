"""The engine's problems in the reader's language and in the words of the tournament's game.

The engine words each problem in English by its code (`scoring.problem_messages`, marked for
the catalogues); here every template and piece is looked up in the active language's catalogue,
and the variant's own words (its name, its burraco, its pot) are replaced with the reader's
from the glossary, so a Spanish evening read in Italian says "canasta" and "muerto" in Italian
sentences."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from scoring.problem_messages import Template
from scoring.problems import DEFAULT_TEXTS, Problem, render
from tournaments.rules.glossary import KIND_TERMS, Words, words_for


def feminine_phrases() -> dict[str, str]:
    """The phrases that give the burraco word its article, as said of a feminine one (canasta,
    canastra): "una canasta di qualsiasi tipo", not "un canasta". The catalogues' entries
    without this context say them of a masculine one (burraco)."""
    from django.utils.translation import pgettext

    return {
        "phrase.or_a_burraco": pgettext(
            "the game's burraco word is feminine (canasta)", "{need} or a {burraco_word}"
        ),
        "phrase.any_kind": pgettext(
            "the game's burraco word is feminine (canasta)", "a {burraco} of any kind"
        ),
        "phrase.a_kind_burraco": pgettext(
            "the game's burraco word is feminine (canasta)", "a {kind_burraco}"
        ),
        "phrase.or_other_kinds": pgettext(
            "the game's burraco word is feminine (canasta)", "{text} (or a {others} one)"
        ),
        "phrase.no_burraco": pgettext(
            "the game's burraco word is feminine (canasta)", "no {burraco}"
        ),
    }


def reader_templates() -> dict[str, Template]:
    """Every template key of the engine in the active language."""
    from django.utils.translation import gettext

    texts: dict[str, Template] = {}
    for key, english in DEFAULT_TEXTS.items():
        if isinstance(english, tuple):
            singular, plural, count = english
            texts[key] = (gettext(singular), gettext(plural), count)
        else:
            texts[key] = gettext(english)
    return texts


def problem_text(
    problem: Problem,
    *,
    variant: str,
    side_name: Callable[[int], str] | None = None,
    templates: Mapping[str, Template] | None = None,
    field_names: Mapping[str, str] | None = None,
) -> str:
    """`problem` said in the active language for a tournament of `variant`. `templates`
    words some codes the reader's own way (already translated), over the catalogue's."""
    words: Words = words_for(variant)
    texts = reader_templates()
    texts.update({f"kind_burraco.{kind}": words[term] for kind, term in KIND_TERMS.items()})
    texts.update(kind_adjectives(words))
    if words["burraco_gender"] == "f":
        texts.update(feminine_phrases())
    texts.update(templates or {})
    return render(
        problem,
        side_name=side_name,
        templates=texts,
        field_names=field_names,
        words={
            "variant_name": words["game"],
            "burraco_word": words["burraco"],
            "pot_word": words["pot"],
        },
    )


def kind_adjectives(words: Words) -> dict[str, str]:
    """Each kind's word alone, as the game's whole name says it, so that it agrees with the
    game's burraco: "limpio" for a Spanish burraco, "limpia" for a canasta, "sauber" in German
    ("burraco limpio" less "burraco"); none where the name does not hold the burraco's word."""
    burraco = words["burraco"].lower()
    found = {}
    for kind, term in KIND_TERMS.items():
        whole = words[term]
        if whole.lower().startswith(burraco + " "):
            found[f"kind.{kind}"] = whole[len(burraco) + 1 :]
        elif whole.lower().endswith(" " + burraco):
            found[f"kind.{kind}"] = whole[: -len(burraco) - 1]
    return found
