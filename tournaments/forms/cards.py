"""Suit symbols typed, pasted or tapped into the card boxes, read as the notation's letters.

The entry page's tap keyboard writes `K♣`, a phone pastes `K♣️` or `K♧`, a typist writes `KC`:
the form hands the engine the letters (`KC`) every time, so a stored deal reads the same however
it was entered. Only the suit is read here; whether a text is a card at all is the engine's
question (`scoring.parse_card`), except for a word holding a suit symbol that is no card: that
one is named at once, by the line it is on. Suit letters stay English only (RULES.md: Italian
letters are ambiguous, C would be both cuori and clubs).
"""

import re

from django import forms
from django.utils.translation import gettext as _

from scoring import parse_card
from scoring.cards import CardError

SUIT_LETTERS = {
    "♠": "S", "♤": "S",
    "♥": "H", "♡": "H", "❤": "H",
    "♦": "D", "♢": "D",
    "♣": "C", "♧": "C",
}  # fmt: skip
"""Each way of writing a suit as a symbol: the black and white suit signs, and the heavy heart
a phone's emoji keyboard offers (❤), with the letter the notation writes for it."""
EMOJI_STYLE = "\ufe0f"
"""The variation selector a phone puts after a symbol to draw it as an emoji (`♥️`)."""
_SYMBOL = re.compile("[" + "".join(SUIT_LETTERS) + "]")
_GLUED = re.compile("([" + "".join(SUIT_LETTERS) + "])(?=[^\\s,;])")
_WORD = re.compile(r"[^\s,;]+")


def read_suit_symbols(text: str, line: int | None = None) -> str:
    """`text` with every suit symbol written as its letter (`K♣ 10♥` -> `KC 10H`); cards glued
    together after a symbol are parted (`K♥Q♥J♥` -> `KH QH JH`). Words without a symbol are
    left as typed, for the engine to read. A word with a symbol that is no card raises a
    ValidationError naming it (and `line`, the meld's line, when given)."""
    text = text.replace(EMOJI_STYLE, "")
    if not _SYMBOL.search(text):
        return text
    for word in _WORD.findall(text):
        if _SYMBOL.search(word):
            _check_card(word, line)
    return _SYMBOL.sub(_letter, _GLUED.sub(r"\1 ", text))


def _letter(symbol: re.Match[str]) -> str:
    return SUIT_LETTERS[symbol[0]]


def read_suit_symbols_by_line(text: str) -> str:
    """A melds box, one meld a line, with its symbols read; an error names the meld's line
    (counted as `meld_lines` counts them: blank lines are not melds)."""
    lines, number = [], 0
    for line in text.splitlines():
        if _WORD.search(line):
            number += 1
        lines.append(read_suit_symbols(line, number))
    return "\n".join(lines)


def _check_card(word: str, line: int | None) -> None:
    """Each card of a word with a symbol (`K♥Q♥` holds two) must be one."""
    try:
        for part in _GLUED.sub(r"\1 ", word).split():
            parse_card(_SYMBOL.sub(_letter, part))
    except CardError:
        pass
    else:
        return
    if line is None:
        message = _(
            "“%(word)s” is not a card: write the rank, then the suit, e.g. K♣ or 10♥ "
            "(or KC and 10H), and JK for a joker."
        ) % {"word": word}
    else:
        message = _(
            "Meld %(line)s: “%(word)s” is not a card: write the rank, then the suit, "
            "e.g. K♣ or 10♥ (or KC and 10H), and JK for a joker."
        ) % {"line": line, "word": word}
    raise forms.ValidationError(message, code="not_a_card")
