"""A tournament's prize plan and the publishing of its prize list. The plan is stored as
`plans.plan_data` (money in cents), checked by the engine before it is saved; publishing asks
`rules.prizes` first. Nothing is saved when a `ServiceError` is raised."""

from django.db import transaction

from tournaments.models import Tournament, TournamentEvent
from tournaments.prizes.caps import Level
from tournaments.prizes.plans import PrizePlan, plan_data
from tournaments.rules.prizes import publish_refusal
from tournaments.selectors.access import User
from tournaments.services.errors import ServiceError
from tournaments.services.events import record
from tournaments.services.versions import results_changed


@transaction.atomic
def prize_plan_set(
    *, tournament: Tournament, plan: PrizePlan, level: Level, user: User | None = None
) -> Tournament:
    """Store the plan (already checked: a `PrizePlan` cannot be built wrong) and the level its
    pool is measured against."""
    before = {"prize_plan": tournament.prize_plan, "prize_level": tournament.prize_level}
    tournament.prize_plan = plan_data(plan)
    tournament.prize_level = level.value
    tournament.save(update_fields=["prize_plan", "prize_level"])
    record(
        tournament,
        TournamentEvent.Kind.SETTINGS,
        user=user,
        before=before,
        after={"prize_plan": tournament.prize_plan, "prize_level": tournament.prize_level},
    )
    results_changed(tournament)
    return tournament


@transaction.atomic
def prizes_publish(
    *, tournament: Tournament, published: bool, user: User | None = None
) -> Tournament:
    """Show the prize list on the public pages, or hide it again (the page answers 404)."""
    # the row as it is now, locked: a finish or a plan saved meanwhile counts
    now = Tournament.objects.select_for_update().only("status", "prize_plan").get(pk=tournament.pk)
    if published:
        refusal = publish_refusal(finished=now.is_finished, has_plan=bool(now.prize_plan))
        if refusal:
            raise ServiceError(refusal)
    if tournament.prizes_published != published:
        tournament.prizes_published = published
        tournament.save(update_fields=["prizes_published"])
        record(
            tournament,
            TournamentEvent.Kind.SETTINGS,
            user=user,
            before={"prizes_published": not published},
            after={"prizes_published": published},
        )
        results_changed(tournament)
    return tournament
