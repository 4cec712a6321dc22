"""The change log's words for the money of the evening: the entry fee set, a payment ticked
(`services.money`)."""

from django.utils.translation import gettext as _

from tournaments.models import TournamentEvent
from tournaments.models.tournaments import FEE_PER_CHOICES
from tournaments.prizes.caps import money_words
from tournaments.rules.entrant_texts import shape_text

Kind = TournamentEvent.Kind
MONEY_KINDS = (Kind.ENTRY_FEE, Kind.FEE_PAID)


def money_text(event: TournamentEvent, individual: bool = False) -> str:
    after = event.after or {}
    if event.kind == Kind.ENTRY_FEE:
        per = dict(FEE_PER_CHOICES).get(str(after.get("per", "")), "")
        return _("Entry fee set: %(amount)s, %(per)s.") % {
            "amount": money_words(int(after.get("cents", 0)), "EUR"),
            "per": per,
        }
    entrant = shape_text(individual, "log_on", pair=after.get("pair", ""))
    if after.get("paid"):
        return _("Entry fee paid: %(entrant)s.") % {"entrant": entrant}
    return _("Entry fee back to due: %(entrant)s.") % {"entrant": entrant}
