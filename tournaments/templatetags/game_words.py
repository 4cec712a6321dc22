"""The words of the game in templates, from the glossary (`tournament.words`): a kind of burraco
by its slug, and a side's burracos counted by kind, in the reader's language and the
tournament's game ("burraco pulito ×2", "canasta limpia").

    {% load game_words %}
    {{ kind|kind_word:tournament.words }}
    {{ score.burracos|burracos_in:tournament.words }}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from django import template

from scoring.rules import KIND_ORDER
from tournaments.rules.glossary import KIND_TERMS, Words
from tournaments.templatetags.numbers import points_text

register = template.Library()


@register.filter
def kind_word(kind: str, words: Words) -> str:
    """{{ "clean"|kind_word:tournament.words }}: "burraco pulito", "canasta limpia"."""
    return words.kind(kind) if kind in KIND_TERMS else kind


@register.filter
def burracos_in(kinds: Iterable[str] | None, words: Words) -> str:
    """A side's burracos by kind, the most valuable first: "burraco pulito, burraco sporco ×2";
    empty when it has none. The count follows the name, so no language needs a plural of it
    ("canasta sucia ×2", not "2 canasta sucia")."""
    counts = Counter(kinds or ())
    ordered = [k for k in KIND_ORDER if k in counts] + sorted(set(counts) - set(KIND_ORDER))
    return ", ".join(
        kind_word(kind, words)
        if counts[kind] == 1
        else f"{kind_word(kind, words)} ×{points_text(counts[kind])}"
        for kind in ordered
    )
