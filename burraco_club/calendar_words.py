"""The names of months and weekdays as each language writes them inside a date.

Django's own catalogues capitalise them in Italian and Brazilian Portuguese ("23 Novembre
2026", "Segunda-feira"), while both languages write them in lower case ("23 novembre 2026",
"segunda-feira"). Marking the same messages here puts them in our catalogues, which Django
reads before its own (LOCALE_PATHS), so dates read as the reader writes them. Nothing calls
these lists: they exist to be found by makemessages.
"""

from django.utils.translation import gettext_noop, pgettext_lazy

MONTHS = [
    gettext_noop("January"),
    gettext_noop("February"),
    gettext_noop("March"),
    gettext_noop("April"),
    gettext_noop("May"),
    gettext_noop("June"),
    gettext_noop("July"),
    gettext_noop("August"),
    gettext_noop("September"),
    gettext_noop("October"),
    gettext_noop("November"),
    gettext_noop("December"),
]
MONTHS_IN_A_DATE = [
    pgettext_lazy("alt. month", "January"),
    pgettext_lazy("alt. month", "February"),
    pgettext_lazy("alt. month", "March"),
    pgettext_lazy("alt. month", "April"),
    pgettext_lazy("alt. month", "May"),
    pgettext_lazy("alt. month", "June"),
    pgettext_lazy("alt. month", "July"),
    pgettext_lazy("alt. month", "August"),
    pgettext_lazy("alt. month", "September"),
    pgettext_lazy("alt. month", "October"),
    pgettext_lazy("alt. month", "November"),
    pgettext_lazy("alt. month", "December"),
]
WEEKDAYS = [
    gettext_noop("Monday"),
    gettext_noop("Tuesday"),
    gettext_noop("Wednesday"),
    gettext_noop("Thursday"),
    gettext_noop("Friday"),
    gettext_noop("Saturday"),
    gettext_noop("Sunday"),
]
