"""What the phases and gironi say of the entrants, as a pairs evening says it and as an
individual one does (`rules.entrant_texts` merges them into `ENTRANT_TEXTS`): a field of players
is split into gironi of whole tables, four players a table."""

from typing import Any

from django.utils.translation import gettext_lazy as _

PHASE_TEXTS: dict[str, tuple[Any, Any]] = {
    "split_too_few": (
        _("%(pairs)s pairs cannot make %(gironi)s gironi of at least two pairs."),
        _("%(pairs)s players cannot make %(gironi)s gironi of at least four players."),
    ),
    "girone_too_few": (
        _("Girone %(name)s has fewer than two pairs to play round %(round)s."),
        _("Girone %(name)s has fewer than four players to play round %(round)s."),
    ),
    "category_too_few": (
        _("Each category needs at least two pairs, and there must be two."),
        _("Each category needs at least four players, and there must be two."),
    ),
    "plan_legend": (
        _("A ready plan: Mitchell rounds for the whole field, then Danese rounds inside gironi"),
        _(
            "A ready plan: rounds for the whole field (the first drawn at random, then the "
            "Danese), then Danese rounds inside gironi of whole tables"
        ),
    ),
    "plan_first_rounds": (_("Mitchell rounds"), _("Rounds for the whole field")),
    "plan_too_short": (
        _("Give at least one Mitchell round and one Danese round."),
        _("Give at least one round for the whole field and one Danese round in gironi."),
    ),
    "swap_gironi": (
        _("Pairs %(a)s and %(b)s play in different gironi: they cannot swap seats."),
        _("Players %(a)s and %(b)s play in different gironi: they cannot swap seats."),
    ),
}
