"""The translation catalogues are complete and current: every language has every string of the
code and templates translated (no empty, fuzzy or obsolete entry), the compiled .mo says what
the .po says (a fresh machine needs no gettext tools), and running makemessages would change
nothing (scripts/messages.sh brings them up to date)."""

import shutil
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

from burraco_club.management.commands.makemessages_all import catalogue_locales

LOCALE = Path(settings.BASE_DIR) / "locale"


def catalogue(locale: str) -> polib.POFile:
    return polib.pofile(str(LOCALE / locale / "LC_MESSAGES" / "django.po"))


@pytest.mark.parametrize("locale", catalogue_locales())
def test_every_entry_is_translated(locale: str) -> None:
    po = catalogue(locale)
    assert len(po) > 500, "the catalogue holds the site's strings"
    untranslated = [entry.msgid for entry in po.untranslated_entries()]
    assert untranslated == [], (
        f"{locale}: {len(untranslated)} untranslated, e.g. {untranslated[:5]}"
    )
    fuzzy = [entry.msgid for entry in po.fuzzy_entries()]
    assert fuzzy == [], f"{locale}: fuzzy entries {fuzzy[:5]}"
    assert not po.metadata_is_fuzzy, f"{locale}: the header is marked fuzzy"
    obsolete = [entry.msgid for entry in po.obsolete_entries()]
    assert obsolete == [], f"{locale}: obsolete entries {obsolete[:5]}"
    assert po.metadata["Language"] == locale


@pytest.mark.parametrize("locale", catalogue_locales())
def test_the_compiled_catalogue_says_what_the_po_says(locale: str) -> None:
    po = catalogue(locale)
    mo = polib.mofile(str(LOCALE / locale / "LC_MESSAGES" / "django.mo"))

    def translations(entries: polib._BaseFile) -> dict[tuple[str | None, str], object]:
        return {
            (entry.msgctxt, entry.msgid): entry.msgstr or tuple(sorted(entry.msgstr_plural.items()))
            for entry in entries
            if entry.msgid and (entry.msgstr or entry.msgstr_plural) and not entry.obsolete
        }

    assert translations(mo) == translations(po), f"{locale}: run scripts/messages.sh"


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="GNU gettext is not installed")
def test_makemessages_would_change_no_catalogue(tmp_path: Path) -> None:
    shutil.copytree(LOCALE, tmp_path / "locale")
    with override_settings(LOCALE_PATHS=[tmp_path / "locale"]):
        call_command("makemessages_all")
    stale = []
    for locale in catalogue_locales():
        fresh = polib.pofile(str(tmp_path / "locale" / locale / "LC_MESSAGES" / "django.po"))
        kept = catalogue(locale)
        fresh_ids = {(e.msgctxt, e.msgid, e.msgid_plural) for e in fresh if not e.obsolete}
        kept_ids = {(e.msgctxt, e.msgid, e.msgid_plural) for e in kept if not e.obsolete}
        if fresh_ids != kept_ids:
            new = sorted(str(i[1]) for i in fresh_ids - kept_ids)[:5]
            gone = sorted(str(i[1]) for i in kept_ids - fresh_ids)[:5]
            stale.append(f"{locale}: not in the catalogue {new}; no longer in the code {gone}")
    assert stale == [], "run scripts/messages.sh and translate: " + " | ".join(stale)
