"""The change log's sentences that name the entrants (`selectors.audit`), as a pairs evening
says them and as an individual one does: the kinds of change, then its lines. A pairs
evening's sentence is the msgid the log always had; `rules.entrant_texts` merges these with the
pages' sentences (`ENTRANT_TEXTS`)."""

from typing import Any

from django.utils.translation import gettext_lazy as _

LOG_TEXTS: dict[str, tuple[Any, Any]] = {
    "kind:pair_added": (_("Pair added"), _("Player added")),
    "kind:pair_removed": (_("Pair removed"), _("Player removed")),
    "kind:pair_withdrawn": (_("Pair withdrawn"), _("Player withdrawn")),
    "kind:pair_joined": (_("Late pair joined"), _("Late player joined")),
    "kind:absent_withdrawn": (_("Absent pairs withdrawn"), _("Absent players withdrawn")),
    "kind:written": (_("Written by a pair"), _("Written by a player")),
    "log_added": (_("Pairs added: %(numbers)s."), _("Players added: %(numbers)s.")),
    "log_removed": (
        _("Pair %(pair)s (%(names)s) removed."),
        _("Player %(pair)s (%(names)s) removed."),
    ),
    "log_renamed": (
        _("Pair %(pair)s: %(before)s is now %(after)s."),
        _("Player %(pair)s: %(before)s is now %(after)s."),
    ),
    "log_withdrew": (
        _("Pair %(pair)s (%(names)s) withdrew: it plays no more from round %(round)s."),
        _("Player %(pair)s (%(names)s) withdrew: they play no more from round %(round)s."),
    ),
    "log_joined": (
        _("Pair %(pair)s (%(names)s) joined late: it plays from round %(round)s."),
        _("Player %(pair)s (%(names)s) joined late: they play from round %(round)s."),
    ),
    "log_substituted": (
        _("Pair %(pair)s: %(substitute)s replaces %(player)s from round %(round)s."),
        _("Player %(pair)s: %(substitute)s replaces %(player)s from round %(round)s."),
    ),
    "log_swapped": (
        _("Pairs %(a)s and %(b)s changed places."),
        _("Players %(a)s and %(b)s changed places."),
    ),
    "log_why_withdrawn": (_("A pair withdrew."), _("A player withdrew.")),
    "log_why_joined": (_("A late pair joined."), _("A late player joined.")),
    "log_link": (
        _("Pair %(pair)s (%(names)s): a new link and pair code; the old ones no longer work."),
        _("Player %(pair)s (%(names)s): a new link and player code; the old ones no longer work."),
    ),
    "log_on": (_("pair %(pair)s"), _("player %(pair)s")),
    "log_code_of": (
        _("the pair code of %(pair_word)s %(number)s"),
        _("the player code of %(pair_word)s %(number)s"),
    ),
    "log_accepted_with_code": (
        _(
            "Deal %(deal)s accepted with the pair code, on the phone of %(writer)s, who wrote "
            "it: %(after)s."
        ),
        _(
            "Deal %(deal)s accepted with the player code, on the phone of %(writer)s, who "
            "wrote it: %(after)s."
        ),
    ),
}
