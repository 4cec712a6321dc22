"""Writes of the money of the evening: the entry fee (how much, by each player or once a pair)
and each entrant's payment, ticked as it is handed over (at check-in or later). Recorded in the
change log. `rules.money` says what is owed; `selectors.money` adds it up."""

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Pair, Tournament, TournamentEvent
from tournaments.rules.money import PER_PAIR, PER_PLAYER, fee_problem
from tournaments.selectors.access import User
from tournaments.services.errors import ServiceError
from tournaments.services.events import record

Kind = TournamentEvent.Kind


@transaction.atomic
def entry_fee_set(
    *, tournament: Tournament, cents: int | None, per: str, user: User | None = None
) -> Tournament:
    """Set the entry fee; a payment already ticked stays ticked."""
    problem = fee_problem(cents)
    if per not in (PER_PLAYER, PER_PAIR):
        problem = problem or _("Choose who pays the fee: each player, or each pair once.")
    if problem:
        raise ServiceError(problem)
    assert cents is not None
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    before = {"cents": tournament.entry_fee_cents, "per": tournament.fee_per}
    after = {"cents": cents, "per": per}
    if before != after:
        tournament.entry_fee_cents, tournament.fee_per = cents, per
        tournament.save(update_fields=["entry_fee_cents", "fee_per"])
        record(tournament, Kind.ENTRY_FEE, user=user, before=before, after=after)
    return tournament


@transaction.atomic
def fee_paid_set(
    *,
    pair: Pair,
    paid: bool = True,
    user: User | None = None,
    now: datetime.datetime | None = None,
) -> Pair:
    """Tick a pair's (or a player's) entry fee paid, or back to due. Ticking it as it is
    changes nothing and records nothing."""
    tournament = Tournament.objects.select_for_update().get(pk=pair.tournament_id)
    if not tournament.entry_fee_cents:
        raise ServiceError(_("Set the entry fee first."))
    pair = Pair.objects.select_for_update().get(pk=pair.pk)
    if (pair.fee_paid_at is not None) == paid:
        return pair
    pair.fee_paid_at = (now or timezone.now()) if paid else None
    pair.save(update_fields=["fee_paid_at"])
    record(tournament, Kind.FEE_PAID, user=user, after={"pair": pair.number, "paid": paid})
    return pair
