"""How the pages show cards: with their suit's symbol and colour, so that `KC` is visibly ♣.

`{{ card|card_face }}` writes one card (a `Card` or its code, any case, letters or symbols) as
`<span class="card-face suit-clubs">K♣</span>` (static/css/entry.css colours hearts and
diamonds red, clubs and spades black); `{{ line|card_line }}` a line of typed cards, each as
its face (a word that is no card stays as typed, marked); `{{ message|card_words }}` a sentence
(an engine problem) with each card code in it written as its face. The stored deals and the
CSV exports keep the letters; only the page shows the symbols.
"""

from __future__ import annotations

import re

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

from scoring import parse_card
from scoring.cards import SUIT_NAMES, Card, CardError

register = template.Library()

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
_WORD = re.compile(r"[^\s,;]+")
_CODE_IN_TEXT = re.compile(r"(?<![\w'\"“‘])(?:(?:10|[2-9AJQK])[SHDC]|JK)(?![\w'\"”’])")
"""A card code as the engine writes it in a sentence (upper case, `10H`, `JK`); not a code in
quotes, which is what someone typed, shown back as typed."""


def face(card: Card) -> SafeString:
    if card.is_joker:
        return mark_safe('<span class="card-face joker">JK</span>')
    rank = RANK_TEXT.get(card.rank, str(card.rank))
    return format_html(
        '<span class="card-face suit-{}">{}{}</span>',
        SUIT_NAMES[card.suit],
        rank,
        SUIT_SYMBOLS[card.suit],
    )


def _read(value: object) -> Card | None:
    if isinstance(value, Card):
        return value
    try:
        return parse_card(str(value))
    except CardError:
        return None


@register.filter
def card_face(value: object) -> SafeString:
    """One card with its symbol and colour; a text that is no card, escaped as it is."""
    card = _read(value)
    if card is None:
        return format_html('<span class="card-face unknown">{}</span>', value)
    return face(card)


@register.filter
def card_line(text: object) -> SafeString:
    """A line of cards as typed (`3c 4♣ JK`), each as its face, one space apart."""
    words = _WORD.findall(str(text or ""))
    return mark_safe(" ".join(card_face(word) for word in words))


@register.filter
def card_words(text: object) -> SafeString:
    """A sentence with every card code in it (`meld 2 (5H 2S 7H 2D)`) shown as its face, the
    rest escaped."""
    text = str(text or "")
    parts, end = [], 0
    for found in _CODE_IN_TEXT.finditer(text):
        parts.append(conditional_escape(text[end : found.start()]))
        parts.append(card_face(found[0]))
        end = found.end()
    parts.append(conditional_escape(text[end:]))
    return mark_safe("".join(parts))
