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
