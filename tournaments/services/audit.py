"""Writes from the changes page: a removed deal restored, replayed through `deal_record` as it
was entered, and recorded as DEAL_RESTORED."""

from django.db import transaction
from django.utils.translation import gettext as _

from scoring import InvalidDeal
from tournaments.models import ResultChange, Table, TournamentEvent
from tournaments.selectors.access import User
from tournaments.services.deals import deal_record
from tournaments.services.errors import ServiceError
from tournaments.services.events import record


@transaction.atomic
def deal_restore(*, change: ResultChange, user: User) -> None:
    """Enter again the deal that `change` removed, exactly as it was entered. Refused when
    that deal number is taken again at the table, or when the table, its round or the
    tournament takes no entry now (the same checks as any save: a closed round's table takes
    no new deal, `rules.entry.deal_number_refusal`)."""
    if change.action != ResultChange.Action.REMOVED or not change.before:
        raise ServiceError(_("Only a removed deal can be restored."))
    table = Table.objects.select_related("round__tournament").get(pk=change.table_id)
    number = change.before["number"]
    where = {"number": number, "table": table.number, "round": table.round.number}
    if table.deals.filter(number=number).exists():
        raise ServiceError(
            _(
                "Deal %(number)s of table %(table)s in round %(round)s has been entered again "
                "since it was removed: correct it on the table's page instead."
            )
            % where
        )
    try:
        deal = deal_record(
            table=table,
            number=number,
            sides=change.before["entry"]["sides"],
            mode=change.before["mode"],
            user=user,
            version=table.version,
        )
    except InvalidDeal as error:
        raise ServiceError(*error.messages) from None
    except ServiceError as error:
        raise ServiceError(
            _("Deal %(number)s of table %(table)s in round %(round)s cannot be restored:") % where,
            *error.messages,
        ) from None
    record(
        table.round.tournament,
        TournamentEvent.Kind.DEAL_RESTORED,
        user=user,
        round_number=table.round.number,
        table_number=table.number,
        after={
            "number": number,
            "totals": {side.direction: side.total for side in deal.sides.all()},
        },
        change=change.pk,
    )
