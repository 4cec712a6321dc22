"""Texts of Django's own that our catalogues say for it: those of the admin and login pages
that Django's Italian catalogue does not translate yet (the admin's app list headers read aloud
by screen readers, the user page's password settings, the password validator's "too short"),
and the form fields' messages Django's Spanish catalogue says with "usted" ("Introduzca un
número entero") while every other text of the site says "tú" ("Escribe …").

Marking them here puts them in our catalogues, which Django reads before its own
(LOCALE_PATHS); the other languages carry Django's own translations of them. Nothing calls
these lists: they exist to be found by makemessages (as calendar_words.py does for the
months)."""

from django.utils.translation import gettext_noop, ngettext_lazy

ADMIN = [
    gettext_noop("Model name"),
    gettext_noop("Add link"),
    gettext_noop("Change or view list link"),
    gettext_noop("After you’ve created a user, you’ll be able to edit more user options."),
    gettext_noop("Error:"),
    gettext_noop("Set password"),
    gettext_noop(
        "This action will <strong>enable</strong> password-based authentication for this user."
    ),
    gettext_noop("Disable password-based authentication"),
    gettext_noop("Enable password-based authentication"),
    gettext_noop("Forgotten your login credentials?"),
    gettext_noop("In case you’ve forgotten, you are:"),
]
AUTH = [
    gettext_noop("Conflicting form data submitted. Please try again."),
    gettext_noop("Password-based authentication was disabled."),
    gettext_noop("Set password: %s"),
    gettext_noop("Reset password"),
    gettext_noop(
        "Whether the user will be able to authenticate using a password or not. If disabled, "
        "they may still be able to authenticate using other backends, such as Single Sign-On "
        "or LDAP."
    ),
    gettext_noop("Password-based authentication"),
    gettext_noop("Enabled"),
    gettext_noop("Disabled"),
    gettext_noop("Raw passwords are not stored, so there is no way to see the user’s password."),
    gettext_noop("Enable password-based authentication for this user by setting a password."),
    ngettext_lazy(
        "This password is too short. It must contain at least %d character.",
        "This password is too short. It must contain at least %d characters.",
        8,
    ),
]
FORMS = [
    gettext_noop("Select a valid choice. %(value)s is not one of the available choices."),
    gettext_noop("Select a valid choice. That choice is not one of the available choices."),
    gettext_noop("Enter a whole number."),
    gettext_noop("Enter a number."),
    gettext_noop("Enter a valid date."),
]
