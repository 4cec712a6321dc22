"""The prize pages' and forms' words that name the entrants, as a pairs evening says them and as
an individual one does (issue 25): the prize list's heading, its plan's help and the plan's
form. A pairs evening's sentence is the msgid it always had; `rules.entrant_texts` merges these
with the pages' sentences (`ENTRANT_TEXTS`)."""

from typing import Any

from django.utils.translation import gettext_lazy as _

PRIZE_TEXTS: dict[str, tuple[Any, Any]] = {
    "entrant": (_("Pair"), _("Player")),
    "no_place_yet": (_("No pair has a place yet."), _("No player has a place yet.")),
    "pool_help": (
        _(
            "The pool is shared on a falling scale among the best pairs. The plan below is "
            "filled in; nothing is saved until you press “Save the prizes”."
        ),
        _(
            "The pool is shared on a falling scale among the best players. The plan below is "
            "filled in; nothing is saved until you press “Save the prizes”."
        ),
    ),
    "tie_equal": (_("Shared equally by the tied pairs"), _("Shared equally by the tied players")),
    "tie_hort": (
        _("Hort: each tied pair keeps half of its own place's prize, the other halves are shared"),
        _(
            "Hort: each tied player keeps half of their own place's prize, the other halves are "
            "shared"
        ),
    ),
    "tie_order": (
        _("The tie-breaks decide: each pair takes its own place's prize"),
        _("The tie-breaks decide: each player takes their own place's prize"),
    ),
    "tie_rule_label": (
        _("When pairs are level on a prize place"),
        _("When players are level on a prize place"),
    ),
    "one_prize_label": (
        _("Only the best prize per pair (the next pair moves up)"),
        _("Only the best prize per player (the next player moves up)"),
    ),
    "percent_label": (_("Pairs paid (%)"), _("Players paid (%)")),
    "percent_invalid": (
        _("Write the share of pairs paid as a whole number, e.g. 30."),
        _("Write the share of players paid as a whole number, e.g. 30."),
    ),
    "percent_min": (_("Pay at least 1% of the pairs."), _("Pay at least 1% of the players.")),
    "percent_max": (
        _("No more than 100% of the pairs can be paid."),
        _("No more than 100% of the players can be paid."),
    ),
    "substituted_notice": (
        _("%(substitute)s plays for pair %(pair)s from round %(round)s."),
        _("%(substitute)s plays for player %(pair)s from round %(round)s."),
    ),
}
