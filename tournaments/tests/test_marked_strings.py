"""Every word a person reads in a template is marked for translation.

The scanner removes what is already handled: comments, <script> and <style> (their strings
come from data- attributes the templates render), {% translate %} and {% blocktranslate %}
(with their text), {{ values }} and every other {% tag %}. What is left between the tags, and in
the attributes people read (title, aria-label, placeholder, alt, data-confirm…), must hold no
word of two letters or more, except the short list below.
"""

from __future__ import annotations

import ast
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


# --- the Python side: what views, services, forms, models and the admin say ------------------

PYTHON_ROOTS = ("burraco_club", "tournaments", "opendata")
PYTHON_SKIPPED = ("tests", "migrations", "management", "backup")
"""Not read on a page: the tests, the migrations (frozen copies of the models), and the command
line's tools (management commands and the backup they import and export), which speak English
like the README's examples."""

SAID_KEYWORDS = frozenset(
    {
        "verbose_name", "verbose_name_plural", "label", "help_text", "empty_label",
        "description", "empty_value_display", "site_header", "site_title", "index_title",
    }
)  # fmt: skip
"""Keyword arguments whose text a person reads: a field's label and help, an admin column's
or action's description, a model's name."""
SAID_ATTRIBUTES = SAID_KEYWORDS
"""The same names as class attributes (an AppConfig's or an inline's verbose_name…)."""
SAID_CALLS = {"ServiceError": 0, "ValidationError": 0, "add_error": 1}
"""Calls whose argument at that position is a message for a person."""
MESSAGE_LEVELS = frozenset({"debug", "info", "success", "warning", "error", "add_message"})
"""`messages.success(request, text)`: the text is the message's second argument (third for
add_message, whose second is the level)."""
CHOICES_BASES = frozenset({"TextChoices", "IntegerChoices", "Choices"})


def _said(node: ast.expr | None) -> str | None:
    """The words of a bare string or f-string (not wrapped in gettext), else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(str(v.value) if isinstance(v, ast.Constant) else "{…}" for v in node.values)
    else:
        return None
    return text if WORD.search(text) else None


def _call_name(call: ast.Call) -> str:
    func = call.func
    return (
        func.id
        if isinstance(func, ast.Name)
        else func.attr
        if isinstance(func, ast.Attribute)
        else ""
    )


def unmarked_python(source: str) -> list[str]:
    """The texts a person reads that the code gives without marking them for translation."""
    found: list[tuple[int, str]] = []

    def flag(node: ast.expr | None, line: int) -> None:
        text = _said(node)
        if text is not None:
            found.append((line, text))

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                if keyword.arg in SAID_KEYWORDS:
                    flag(keyword.value, node.lineno)
                if keyword.arg == "error_messages" and isinstance(keyword.value, ast.Dict):
                    for value in keyword.value.values:
                        flag(value, node.lineno)
            name = _call_name(node)
            if name in SAID_CALLS and len(node.args) > SAID_CALLS[name]:
                flag(node.args[SAID_CALLS[name]], node.lineno)
            on_messages = (
                isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "messages"
            )
            if on_messages and name in MESSAGE_LEVELS:
                position = 2 if name == "add_message" else 1
                if len(node.args) > position:
                    flag(node.args[position], node.lineno)
        elif isinstance(node, ast.Assign):
            if any(isinstance(t, ast.Name) and t.id in SAID_ATTRIBUTES for t in node.targets):
                flag(node.value, node.lineno)
        elif isinstance(node, ast.ClassDef) and any(
            (base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", ""))
            in CHOICES_BASES
            for base in node.bases
        ):
            for item in node.body:
                choice = item.value if isinstance(item, ast.Assign) else None
                if isinstance(choice, ast.Tuple) and len(choice.elts) >= 2:
                    flag(choice.elts[-1], item.lineno)
        elif isinstance(node, ast.FunctionDef) and node.name == "__str__":
            for inner in ast.walk(node):
                if isinstance(inner, ast.Return):
                    flag(inner.value, inner.lineno)
    return [f"line {line}: {text!r}" for line, text in sorted(found)]


FOR_PROGRAMMERS = frozenset({"opendata/api/schemas.py"})
"""The API's OpenAPI descriptions: read by the programmers who write software against it, in
English like the README and the code."""


def python_modules() -> list[str]:
    base = Path(settings.BASE_DIR)
    return sorted(
        str(path.relative_to(base))
        for root in PYTHON_ROOTS
        for path in (base / root).rglob("*.py")
        if not set(path.relative_to(base).parts) & set(PYTHON_SKIPPED)
        and str(path.relative_to(base)) not in FOR_PROGRAMMERS
    )


def test_the_python_scanner_finds_unmarked_texts() -> None:
    source = """
from django.db import models
from django.utils.translation import gettext as _

class Kind(models.TextChoices):
    CLEAN = "clean", "Clean burraco"
    DIRTY = "dirty", _("Dirty burraco")

class Deal(models.Model):
    number = models.IntegerField(verbose_name="deal number", help_text=_("From 1."))

    class Meta:
        verbose_name_plural = "deals"

    def __str__(self):
        return f"Deal {self.number}"

def save(request, form):
    form.add_error("number", "Write the number.")
    messages.success(request, f"Deal {form.number} saved.")
    logger.warning("the cache is down")  # a log line, not for a person
    raise ServiceError("Round 2 has not started.")
"""
    assert unmarked_python(source) == [
        "line 6: 'Clean burraco'",
        "line 10: 'deal number'",
        "line 13: 'deals'",
        "line 16: 'Deal {…}'",
        "line 19: 'Write the number.'",
        "line 20: 'Deal {…} saved.'",
        "line 22: 'Round 2 has not started.'",
    ]


def test_the_python_scanner_passes_what_is_marked_or_not_read() -> None:
    source = """
from django.utils.translation import gettext as _, pgettext_lazy

class Deal(models.Model):
    number = models.IntegerField(verbose_name=_("deal number"))

    class Meta:
        verbose_name = pgettext_lazy("a deal of cards", "deal")

    def __str__(self):
        return f"{self.number}. {self.names}"

def save(request, form):
    form.add_error("closing_discard", _("Nobody closed."))
    messages.success(request, _("Deal %(number)s saved.") % {"number": form.number})
    raise ServiceError(gettext("Round %(number)s has not started.") % {"number": 2})
"""
    assert unmarked_python(source) == []


def test_there_are_python_modules_to_scan() -> None:
    modules = python_modules()
    assert "tournaments/services/deals.py" in modules and "tournaments/models/play.py" in modules
    assert not any("/tests/" in m or "/migrations/" in m for m in modules)


@pytest.mark.parametrize("module", python_modules())
def test_every_text_a_person_reads_in_python_is_marked(module: str) -> None:
    source = (Path(settings.BASE_DIR) / module).read_text(encoding="utf-8")
    assert unmarked_python(source) == [], f"{module}: wrap these in gettext / gettext_lazy"
