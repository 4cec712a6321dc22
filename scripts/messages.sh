#!/usr/bin/env bash
# Bring the translation catalogues up to date with the code and compile them (needs GNU gettext:
# Debian's `gettext` package). Run after adding or changing a marked string, translate what
# is new in locale/<lang>/LC_MESSAGES/django.po, run again, and commit the .po and .mo files.
# The test suite fails while a catalogue is stale or an entry is untranslated
# (tournaments/tests/test_catalogues.py).
source "$(dirname "$0")/_venv.sh"
ensure_venv requirements-dev.txt
.venv/bin/python manage.py makemessages_all
.venv/bin/python manage.py compilemessages --ignore=.venv --ignore=staticfiles -v 0
