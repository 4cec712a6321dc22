"""A deal both pairs accepted while an earlier deal was with the organiser (DealProposal
QUEUED): saved once the deal before it is, through `deal_record` like any other save."""

from django.db import transaction

from scoring import InvalidDeal
from tournaments.models import DealProposal, ResultChange, Table
from tournaments.rules.problem_text import problem_text
from tournaments.selectors.access import User
from tournaments.selectors.proposals import queued_proposal
from tournaments.services.errors import ServiceError


def queued_deal_save(table: Table, number: int, user: User | None) -> None:
    """Deal `number`, accepted by both pairs while an earlier deal was with the organiser
    (DealProposal QUEUED), saved now that the deal before it is, checked again like any save
    (and the deals queued after it in turn); refused, it goes to the organiser as disputed,
    with the reason, and the deals after it keep waiting."""
    from tournaments.services.deals import deal_record  # deal_record calls this in turn

    proposal = queued_proposal(table.pk, number)
    if proposal is None:
        return
    sides, mode = proposal.entry["sides"], proposal.mode
    try:
        with transaction.atomic():
            deal_record(
                table=table,
                number=number,
                sides=sides,
                mode=mode,
                user=user,
                version=table.version,
                action=ResultChange.Action.ACCEPTED,
                note={"written_by": proposal.pair.number, "waited": True},
            )
    except InvalidDeal as error:
        variant = table.round.tournament.variant
        reason = " ".join(problem_text(problem, variant=variant) for problem in error.problems)
    except ServiceError as error:
        reason = " ".join(str(message) for message in error.messages)
    else:
        DealProposal.objects.filter(pk=proposal.pk).update(status=DealProposal.Status.ACCEPTED)
        return
    proposal.status = DealProposal.Status.DISPUTED
    proposal.reason = reason[:500]
    proposal.save(update_fields=["status", "reason"])
    ResultChange.objects.create(
        tournament_id=table.round.tournament_id,
        table=table,
        deal_number=number,
        action=ResultChange.Action.DISPUTED,
        user_id=user.pk if user is not None and user.is_authenticated else None,
        after={
            "number": number,
            "mode": mode,
            "entry": proposal.entry,
            "totals": proposal.totals,
            "pair": proposal.pair.number,
            "why": proposal.reason,
        },
    )
    table.version += 1
    table.save(update_fields=["version"])
