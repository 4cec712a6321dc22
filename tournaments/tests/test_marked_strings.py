"""Every word a person reads in a template is marked for translation.

The scanner removes what is already handled: comments, <script> and <style> (their strings
come from data- attributes the templates render), {% translate %} and {% blocktranslate %}
(with their text), {{ values }} and every other {% tag %}. What is left between the tags, and in
the attributes people read (title, aria-label, placeholder, alt, data-confirm…), must hold no
word of two letters or more, except the short list below.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

TEMPLATES = Path(settings.BASE_DIR) / "templates"

ALLOWED = frozenset(
    {
        # the app's name, a brand: the same in every language (README, <title> of every page)
        "Burraco club",
    }
)
"""Names that stay as they are in every language, wherever they stand in a text."""

CARD_CODE = re.compile(r"^(?:10|[2-9AJQKT])[CDHS]$")
"""Card codes such as KC or 10H: RULES.md keeps the suit letters English in every language."""

_REMOVED = [
    # blocks that fill an attribute no one reads (a CSS class, an address)
    re.compile(
        r"\{%\s*block\s+(?:page_class|body_class|back_url)\s*%\}.*?\{%\s*endblock\s*%\}", re.S
    ),
    re.compile(r"\{#.*?#\}", re.S),
    re.compile(r"\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}", re.S),
    re.compile(r"<!--.*?-->", re.S),
    re.compile(r"<script\b.*?</script>", re.S | re.I),
    re.compile(r"<style\b.*?</style>", re.S | re.I),
    re.compile(r"\{%\s*blocktrans(?:late)?\b.*?\{%\s*endblocktrans(?:late)?\s*%\}", re.S),
    re.compile(r"\{%\s*trans(?:late)?\s.*?%\}", re.S),
    re.compile(r"\{\{.*?\}\}", re.S),
    re.compile(r"\{%.*?%\}", re.S),
]
READ_ATTRIBUTES = re.compile(
    r"""\s(title|aria-label|aria-description|placeholder|alt|data-confirm[\w-]*)\s*=\s*
    (?:"([^"]*)"|'([^']*)')""",
    re.X | re.I,
)
TAG = re.compile(r"<[^>]*>", re.S)
ENTITY = re.compile(r"&#?\w+;")
WORD = re.compile(r"[^\W\d_]{2,}")


def unmarked(source: str) -> list[str]:
    """The texts of a template that a person reads and no i18n tag covers, in order."""
    for pattern in _REMOVED:
        source = pattern.sub(" ", source)
    found = [(match.group(2) or match.group(3) or "") for match in READ_ATTRIBUTES.finditer(source)]
    found += TAG.split(source)
    texts = []
    for text in found:
        text = " ".join(ENTITY.sub(" ", text).split())
        bare = text
        for name in ALLOWED:
            bare = bare.replace(name, " ")
        if not WORD.search(bare) or CARD_CODE.match(text):
            continue
        texts.append(text)
    return texts


ONE_LANGUAGE_TEMPLATES = frozenset(
    f"help/help_{code.replace('-', '_')}.html" for code, _name in settings.LANGUAGES
)
"""The help pages: one template per language, each written whole in its own language (the
view picks it by the reader's language), so its text is the translation, not a msgid.
tests/test_help.py checks that each renders in its language."""


def template_names() -> list[str]:
    return sorted(
        str(path.relative_to(TEMPLATES))
        for path in TEMPLATES.rglob("*")
        if path.suffix in (".html", ".txt")
        and str(path.relative_to(TEMPLATES)) not in ONE_LANGUAGE_TEMPLATES
    )


def test_the_one_language_templates_are_the_help_pages_and_nothing_else() -> None:
    for name in ONE_LANGUAGE_TEMPLATES:
        assert (TEMPLATES / name).exists(), name
    assert "help/_help_base.html" in template_names()  # their frame is scanned like any other


# --- the scanner itself ----------------------------------------------------------------------


def test_the_scanner_finds_an_unmarked_template() -> None:
    source = """{% load i18n %}<h1>Standings</h1>
    <p title="Tap to sort">{% translate "Round" %} {{ round.number }}</p>
    <button aria-label='Close'>×</button>"""
    assert unmarked(source) == ["Tap to sort", "Close", "Standings"]


def test_the_scanner_passes_what_is_marked_or_not_read() -> None:
    source = """{% load i18n %}{# a note for developers #}
    <h1>{% translate "Standings" %}</h1>
    <p title="{% translate 'Tap to sort' %}">{% blocktranslate trimmed with n=round.number %}
      Round {{ n }} of the evening{% endblocktranslate %}</p>
    <!-- layout: two columns -->
    <script>var hello = "world";</script><style>.x { color: red }</style>
    <a class="brand" href="/">Burraco club</a> <span>KC</span> {{ url }}://Burraco club
    <body class="{% block body_class %}projector{% endblock %}"> <span>10H</span> – · → 1.520
    {% if x %}{{ tournament.words.pot|capfirst }}{% endif %}&nbsp;"""
    assert unmarked(source) == []


def test_the_scanner_reads_blocktranslate_plurals_and_context_as_marked() -> None:
    source = """{% load i18n %}{% blocktranslate count counter=n %}1 pair{% plural %}
    {{ counter }} pairs{% endblocktranslate %} {% translate "Table" context "furniture" %}"""
    assert unmarked(source) == []


# --- every template ----------------------------------------------------------------------------


def test_there_are_templates_to_scan() -> None:
    names = template_names()
    assert "base.html" in names and "tournaments/public/tournament.html" in names
    assert len(names) >= 40


@pytest.mark.parametrize(
    "name",
    template_names(),
)
def test_every_visible_text_is_marked_for_translation(name: str) -> None:
    assert unmarked((TEMPLATES / name).read_text(encoding="utf-8")) == [], (
        f"{name}: wrap these in {{% translate %}} or {{% blocktranslate %}}"
    )
