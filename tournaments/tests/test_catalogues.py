"""The translation catalogues are complete and current: every language has every string of the
code and templates translated (no empty, fuzzy or obsolete entry), the compiled .mo says what
the .po says (a fresh machine needs no gettext tools), and running makemessages would change
nothing (scripts/messages.sh brings them up to date)."""

import re
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
    # and a second run changes no byte: the same entries, translations, flags and order
    # (only the header's date of the run may differ)
    for locale in catalogue_locales():
        fresh_text = (tmp_path / "locale" / locale / "LC_MESSAGES" / "django.po").read_text()
        kept_text = (LOCALE / locale / "LC_MESSAGES" / "django.po").read_text()
        assert _undated(fresh_text) == _undated(kept_text), f"{locale}: run scripts/messages.sh"


def _undated(po_text: str) -> str:
    return re.sub(r'"POT-Creation-Date: [^"]*"', "", po_text)


# --- no English left inside a translation ------------------------------------------------------

_CODE = re.compile(
    r"%\(\w+\)[sdr]|\{\w+\}|<[^>]+>|\"[^\"]*\"|'[a-z_]+'|\b\w+_\w+\b|\b\w+=\w+\b|--\w+"
    r"|\b[A-Z]{2,}\w*\b"
)
"""What a text holds that is not words of a language: placeholders, markup, quoted code
("pot", 'opening'), identifiers (melded_points, published=1), options, acronyms (VP, CSV)."""
_WORD = re.compile(r"[^\W\d_]{3,}")

SAME_IN_EVERY_LANGUAGE = frozenset(
    {
        # the games and the movements, by their names
        "burraco", "burracos", "buraco", "canasta", "mitchell", "danese",
        # brands and products, and the files they write
        "excel", "libreoffice", "single", "sign", "xls", "xlsx", "csv", "whatsapp",
        # words of the web every one of these languages has taken as they are
        "backup", "backups", "browser", "cache", "club", "clubs", "cookies", "link", "links",
        "login", "mail", "server", "site", "spam", "bytes", "null", "token", "tokens",
        "webhook", "webhooks",
        # names in the examples (Mario Rossi / Lucia Bianchi) and the Italian words a note
        # quotes as Italian (cuori, tessera)
        "mario", "rossi", "lucia", "bianchi", "cuori", "tessera", "luca",
        # the sala conti (the scorers' room), named in Italian as the federation's file does
        "sala", "conti",
        # the federations' categories a club's setting names (Serie A, Copa Oro, Copa Plata)
        "serie", "copa", "oro", "plata",
        # the standings' narrow columns on a phone, abbreviated as every one of them does
        "pos", "diff",
        # the Italian column headings a file of pairs may have, quoted as they are
        "cognome", "nome", "circolo", "scadenza",
        # the currency, and the Hort system of sharing a tied prize, named after its author
        "euro", "hort",
        # the bridge federation's club Grand Prix, a name; a club's address in the examples
        "grand", "prix", "figb", "roma",
    }
)  # fmt: skip
"""Words a translation may share with its English msgid whatever the language."""

SAME_IN = {
    # girone, gironi, girone unico: the Italian words the English quotes (issue 24)
    "it": {
        "account", "file", "match", "password", "per", "standard", "slug", "zero",
        "girone", "gironi", "unico",
    },
    "es": {"error", "final", "individual", "noble", "plan", "provisional", "total",
           # a tournament's levels
           "provincial", "federal", "regional", "euros"},
    "pt_BR": {"final", "individual", "total", "ignore", "use", "zero", "provincial", "federal",
              "regional", "euros"},
    "de": {
        # German words spelt as the English ones
        "april", "august", "september", "november", "bonus", "format", "hand", "joker",
        "live", "minute", "name", "partner", "rest", "rotation", "tab", "text", "version",
        "west", "phase", "plan",
        # a QR code is ein QR-Code
        "code",
        # the scoring contract's JSON fields and values, written as the JSON has them
        "melds", "pot", "true", "false",
    },
}  # fmt: skip
"""Words a translation may share with its English msgid in that language: its own words that
English spells the same way. Anything else shared is English left untranslated ("Victory
Points" in a German sentence): translate it, or add the word here if the language says it so."""


def _words(text: str) -> set[str]:
    return {word.lower() for word in _WORD.findall(_CODE.sub(" ", text or ""))}


@pytest.mark.parametrize("locale", [loc for loc in catalogue_locales() if loc != "en"])
def test_no_translation_keeps_english_words_of_its_msgid(locale: str) -> None:
    allowed = SAME_IN_EVERY_LANGUAGE | SAME_IN[locale]
    kept = {}
    for entry in catalogue(locale):
        english = _words(entry.msgid) | _words(entry.msgid_plural)
        translated = _words(entry.msgstr).union(*map(_words, entry.msgstr_plural.values()))
        left = (english & translated) - allowed
        if left:
            kept[entry.msgid[:60]] = sorted(left)
    assert kept == {}, f"{locale}: English words kept in the translation: {kept}"


def test_the_english_check_finds_an_untranslated_word() -> None:
    english = _words("Victory points for a bye")
    assert english & _words("Victory Points für ein Freilos") == {"victory", "points"}
    assert english & _words("Siegpunkte für ein Freilos") == set()
    assert _words("Say published=1 or 'opening' (VP, %(count)s) {side}") == {"say"}
