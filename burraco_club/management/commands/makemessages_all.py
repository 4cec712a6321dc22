"""makemessages for every language of the site, always with the same options, so that the
catalogues are the same whoever runs it and the test suite can tell when one is stale."""

from pathlib import Path
from typing import Any

import polib
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.utils.translation import to_locale

PLURAL_FORMS = {
    "pt_BR": "nplurals=2; plural=(n > 1);",
}
"""Every other language of the site has one form for 1 and another for the rest."""
IGNORED = [".venv", "staticfiles", "test-artifacts", "*/tests/*", "bench", "docs", "locale"]
"""Not the product's words: the tests' texts, the benchmarks, the virtualenv."""


def catalogue_locales() -> list[str]:
    """The locale folder names: it, es, pt_BR, de, en."""
    return [to_locale(code) for code, _ in settings.LANGUAGES]


class Command(BaseCommand):
    help = "Update every language's catalogue (locale/<lang>/LC_MESSAGES/django.po)."

    def handle(self, *args: Any, **options: Any) -> None:
        call_command(
            "makemessages",
            locale=catalogue_locales(),
            domain="django",
            ignore_patterns=IGNORED,
            no_location=True,
            no_obsolete=True,
            no_wrap=True,
            verbosity=0,
        )
        for locale in catalogue_locales():
            _settle(Path(settings.LOCALE_PATHS[0]) / locale / "LC_MESSAGES" / "django.po", locale)


def _settle(path: Path, locale: str) -> None:
    """The header says its language and is no longer a draft; English, the language the code
    is written in, translates each entry as itself."""
    po = polib.pofile(str(path), wrapwidth=0)
    po.metadata.update(
        {
            "Project-Id-Version": "burraco_club",
            "Language": locale,
            "Plural-Forms": PLURAL_FORMS.get(locale, "nplurals=2; plural=(n != 1);"),
        }
    )
    po.metadata_is_fuzzy = False
    po.header = (
        f"The words of burraco_club in {locale}: translate each msgstr as a club player would\n"
        "say it; scripts/messages.sh brings this file up to date and compiles it."
    )
    if locale == "en":
        for entry in po:
            if entry.msgid_plural:
                entry.msgstr_plural = {0: entry.msgid, 1: entry.msgid_plural}
            else:
                entry.msgstr = entry.msgid
            if "fuzzy" in entry.flags:
                entry.flags.remove("fuzzy")
    for entry in po.fuzzy_entries():
        # msgmerge's guess from a similar text is not a translation: leave it untranslated, so
        # the catalogue test names it until a person translates it
        entry.msgstr = ""
        entry.msgstr_plural = {index: "" for index in entry.msgstr_plural}
        entry.previous_msgid = entry.previous_msgid_plural = entry.previous_msgctxt = None
        entry.flags.remove("fuzzy")
    po.save(str(path))
