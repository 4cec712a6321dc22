"""Writes of a tournament's settings and life: create, change the settings, publish, finish."""

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import VpScale, house_rules, rule_set
from tournaments.models import CUSTOM_SCALE, Club, Round, Tournament, TournamentEvent
from tournaments.rules import limits
from tournaments.rules.evening import MINUTES_PER_DEAL
from tournaments.rules.progress import finished_refusal
from tournaments.rules.shapes import INDIVIDUAL_MOVEMENTS, PAIR_MOVEMENTS, PAIRS, PLAYERS
from tournaments.rules.standings import MP_FIRST, TIE_BREAK_ORDERS
from tournaments.rules.vp_tables import scale_from_rows
from tournaments.selectors.access import User
from tournaments.selectors.progress import progress_of
from tournaments.services.announcements import TOURNAMENT_FINISHED, announce
from tournaments.services.circuits import points_award
from tournaments.services.errors import ServiceError
from tournaments.services.events import record
from tournaments.services.standings import standings_recompute
from tournaments.services.versions import results_changed

Kind = TournamentEvent.Kind
REASON_LENGTH = 200  # the longest reason a reopening keeps


@transaction.atomic
def tournament_create(
    *,
    club: Club,
    name: str,
    date: date,
    variant: str,
    format: str = Tournament.Format.DEALS,
    rounds: int = 3,
    deals_per_round: int = 3,
    minutes_per_deal: int = 15,
    seating_at_once: bool = True,
    vp_scale: str = "fibur-3",
    custom_vp_bands: Sequence[Sequence[int | None]] = (),
    target_score: int | None = None,
    bye_vp: int | None = None,
    bye_mp: int | None = None,
    tie_break_order: str = MP_FIRST,
    late_penalty_mp: int = 100,
    walkover_vp: int | None = None,
    walkover_mp: int | None = None,
    walkover_absent_vp: int | None = None,
    house_rules_overrides: dict[str, Any] | None = None,
    movement_plan: Sequence[str] = (),
    published: bool = False,
    result_entry: str = Tournament.ResultEntry.ORGANISER,
    entrants: str = PAIRS,
    danese_table_order: str = Tournament.DaneseTableOrder.ONE_TWO,
) -> Tournament:
    overrides = house_rules_overrides or {}
    settings_ranges_check(
        target_score=target_score,
        bye_vp=bye_vp,
        bye_mp=bye_mp,
        house_rules=overrides,
        late_penalty_mp=late_penalty_mp,
        walkover_vp=walkover_vp,
        walkover_mp=walkover_mp,
        walkover_absent_vp=walkover_absent_vp,
    )
    try:
        house_rules(rule_set(variant), overrides)
    except KeyError:
        raise ServiceError(_("Unknown variant %(variant)r.") % {"variant": variant}) from None
    except ValueError as error:
        raise ServiceError(_("House rules: %(error)s.") % {"error": error}) from None
    if vp_scale == CUSTOM_SCALE:
        vp_scale_from_rows(custom_vp_bands)
    _check_tie_breaks(tie_break_order)
    _check_shape(entrants, danese_table_order)
    plan = plan_for(entrants, list(movement_plan) or default_movement_plan(rounds), rounds)
    base = slugify(f"{name} {date:%Y-%m-%d}")[:70] or "tournament"
    slug, n = base, 2
    while Tournament.objects.filter(club=club, slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return Tournament.objects.create(
        club=club,
        name=name,
        slug=slug,
        date=date,
        variant=variant,
        format=format,
        rounds=rounds,
        deals_per_round=deals_per_round,
        minutes_per_deal=minutes_per_deal,
        seating_at_once=seating_at_once,
        vp_scale=vp_scale,
        custom_vp_bands=[list(row) for row in custom_vp_bands],
        target_score=target_score,
        bye_vp=bye_vp,
        bye_mp=bye_mp,
        tie_break_order=tie_break_order,
        late_penalty_mp=late_penalty_mp,
        walkover_vp=walkover_vp,
        walkover_mp=walkover_mp,
        walkover_absent_vp=walkover_absent_vp,
        house_rules=overrides,
        movement_plan=plan,
        published=published,
        result_entry=result_entry,
        entrants=entrants,
        danese_table_order=danese_table_order,
    )


def _check_shape(entrants: str, table_order: str) -> None:
    if entrants not in Tournament.Entrants.values:
        raise ServiceError(_("Choose the entrants: pairs, or players ranked alone."))
    if table_order not in Tournament.DaneseTableOrder.values:
        raise ServiceError(_("Choose how the four players of a Danese table partner."))


def plan_for(entrants: str, plan: list[str], rounds: int) -> list[str]:
    """The movement plan to store. An individual tournament whose plan is the pairs' default
    (the organiser chose nothing) stores none: its rounds follow the field's size
    (`rules.shapes.individual_plan`)."""
    individual = entrants == PLAYERS
    if individual and plan == default_movement_plan(rounds):
        return []
    offered = INDIVIDUAL_MOVEMENTS if individual else PAIR_MOVEMENTS
    wrong = [movement for movement in plan if movement not in offered]
    if wrong:
        name = Round.Movement(wrong[0]).label if wrong[0] in Round.Movement.values else wrong[0]
        raise ServiceError(
            _(
                "An individual tournament seats its rounds at random, by the 8-player schedule, "
                "the 12-player rotation or the Danese: not by “%(movement)s”."
            )
            % {"movement": name}
            if individual
            else _("“%(movement)s” seats the players of an individual tournament, not pairs.")
            % {"movement": name}
        )
    return plan


def default_movement_plan(rounds: int) -> list[str]:
    """A random draw, Mitchell rounds, and Danese for the last round once there are three."""
    plan = [Round.Movement.RANDOM.value] + [Round.Movement.MITCHELL.value] * (rounds - 1)
    if rounds >= 3:
        plan[-1] = Round.Movement.DANESE.value
    return plan[:rounds]


def vp_scale_from_rows(rows: Sequence[Sequence[int | None]], *, strict: bool = True) -> VpScale:
    """A custom VP table from its stored rows (`rules.vp_tables`); ServiceError says what is
    wrong. `strict` (an organiser setting the table) also refuses a table no referee would
    publish; a table stored before is read as it was accepted."""
    try:
        return scale_from_rows(rows, strict=strict)
    except (ValueError, IndexError, TypeError) as error:
        raise ServiceError(_("The VP table is not usable: %(error)s.") % {"error": error}) from None


def _check_tie_breaks(order: str) -> None:
    if order not in TIE_BREAK_ORDERS:
        raise ServiceError(
            _("Choose the order of the tie-breaks: MP before head-to-head, or after it.")
        )


@transaction.atomic
def tournament_finish(*, tournament: Tournament, user: User | None = None) -> Tournament:
    """Finish the tournament: the standings, recomputed from every finished table, become
    final; its season and its circuits count it. Nothing of its results changes until reopened."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    refusal = progress_of(tournament).finish_refusal()
    if refusal:
        raise ServiceError(refusal)
    tournament.status = Tournament.Status.FINISHED
    tournament.save(update_fields=["status"])
    standings_recompute(tournament=tournament)
    points_award(tournament=tournament)  # its circuits' points, again after a correction
    record(tournament, Kind.FINISHED, user=user)
    results_changed(tournament)
    announce(tournament, TOURNAMENT_FINISHED)
    return tournament


@transaction.atomic
def tournament_reopen(
    *, tournament: Tournament, reason: str, user: User | None = None
) -> Tournament:
    """Reopen a finished tournament to correct its results (a reason, kept in the audit record):
    it runs again, "provisional", out of its season and circuits, until it is finished again."""
    reason = " ".join(reason.split())
    if not reason:
        raise ServiceError(
            _("Say why the tournament is reopened (for example, which result is wrong).")
        )
    if len(reason) > REASON_LENGTH:
        raise ServiceError(
            _("Say why in at most %(most)s characters; this reason has %(length)s.")
            % {"most": REASON_LENGTH, "length": len(reason)}
        )
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not tournament.is_finished:
        raise ServiceError(_("The tournament is not finished: there is nothing to reopen."))
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    points_award(tournament=tournament)  # out of its circuits until finished again
    record(tournament, Kind.REOPENED, user=user, reason=reason)
    results_changed(tournament)
    return tournament


SCORING_SETTINGS = {
    "variant": gettext_lazy("the variant"),
    "format": gettext_lazy("the format"),
    "deals_per_round": gettext_lazy("the deals per round"),
    "house_rules": gettext_lazy("the house rules"),
    "vp_scale": gettext_lazy("the VP scale"),
    "custom_vp_bands": gettext_lazy("the VP table"),
    "target_score": gettext_lazy("the target score"),
    "bye_vp": gettext_lazy("the bye award"),
    "bye_mp": gettext_lazy("the bye award"),
    "tie_break_order": gettext_lazy("the order of the tie-breaks"),
    "entrants": gettext_lazy("the entrants (pairs or players)"),
}
DECISION_SETTINGS = ("late_penalty_mp", "walkover_vp", "walkover_mp", "walkover_absent_vp")
"""The numbers of the arbiter's decisions: a decision stores the numbers it gave, so these may
change at any time without changing a decision already taken."""
UPDATABLE = (
    "name",
    "date",
    "published",
    "rounds",
    "movement_plan",
    "result_entry",
    "minutes_per_deal",
    "seating_at_once",
    "danese_table_order",
    *SCORING_SETTINGS,
    *DECISION_SETTINGS,
)
"""What `tournament_update` may change; the other fields are the services' to keep."""


RANGED = ("target_score", "bye_vp", "bye_mp", "house_rules", *DECISION_SETTINGS)


def settings_ranges_check(
    *,
    target_score: int | None = None,
    bye_vp: int | None = None,
    bye_mp: int | None = None,
    house_rules: Mapping[str, Any] | None = None,
    late_penalty_mp: int | None = None,
    walkover_vp: int | None = None,
    walkover_mp: int | None = None,
    walkover_absent_vp: int | None = None,
) -> None:
    """Numbers no evening goes beyond (rules.limits), whatever the way in: the settings page,
    the admin or a backup."""
    problems = []
    for what, value, bounds in (
        (_("The target score"), target_score, limits.TARGET_SCORE),
        (_("The bye's victory points"), bye_vp, limits.BYE_VP),
        (_("The bye's match points"), bye_mp, limits.BYE_MP),
        (_("The late arrival's match points"), late_penalty_mp, limits.BYE_MP),
        (_("The walk-over's victory points"), walkover_vp, limits.BYE_VP),
        (_("The walk-over's match points"), walkover_mp, limits.BYE_MP),
        (_("The absent pair's victory points"), walkover_absent_vp, limits.BYE_VP),
    ):
        if value is not None and limits.outside(value, bounds):
            problems.append(
                _("%(what)s must be from %(low)s to %(high)s, not %(value)s.")
                % {"what": what, "low": bounds[0], "high": bounds[1], "value": value}
            )
    for where, value in limits.house_rule_numbers(house_rules or {}):
        if limits.outside(value, limits.RULE_VALUE):
            low, high = limits.RULE_VALUE
            problems.append(
                _("House rules: %(where)s must be from %(low)s to %(high)s, not %(value)s.")
                % {"where": where, "low": low, "high": high, "value": value}
            )
    if problems:
        raise ServiceError(*problems)


@transaction.atomic
def tournament_update(
    *, tournament: Tournament, user: User | None = None, **fields: Any
) -> Tournament:
    """Change a tournament's settings; `house_rules_overrides` as in `tournament_create`.

    Once a round is seated the scoring settings are fixed (results are scored with them and
    stored), so only the name, date, number of rounds and the movements still to come change.
    """
    if "house_rules_overrides" in fields:
        fields["house_rules"] = dict(fields.pop("house_rules_overrides") or {})
    unknown = set(fields) - set(UPDATABLE)
    if unknown:
        raise TypeError(f"tournament_update() cannot change {', '.join(sorted(unknown))}")
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.is_finished:
        raise ServiceError(finished_refusal())
    if fields.get("result_entry", tournament.result_entry) not in Tournament.ResultEntry.values:
        raise ServiceError(_("Choose who enters the results: the organiser or the players."))
    if "custom_vp_bands" in fields:
        fields["custom_vp_bands"] = [list(row) for row in fields["custom_vp_bands"]]
    settings_ranges_check(**{key: fields[key] for key in RANGED if key in fields})
    variant = fields.get("variant", tournament.variant)
    try:
        rules = house_rules(rule_set(variant), fields.get("house_rules", tournament.house_rules))
    except KeyError:
        raise ServiceError(_("Unknown variant %(variant)r.") % {"variant": variant}) from None
    except ValueError as error:
        raise ServiceError(_("House rules: %(error)s.") % {"error": error}) from None
    changed = {key for key, value in fields.items() if getattr(tournament, key) != value}
    if "house_rules" in changed and rules == tournament.rules:
        changed.discard("house_rules")  # written differently, plays the same
    last = tournament.round_set.order_by("-number").first()
    if last is not None:
        locked = list(
            dict.fromkeys(str(v) for key, v in SCORING_SETTINGS.items() if key in changed)
        )
        if locked:
            what = (
                _("%(some)s and %(last)s") % {"some": ", ".join(locked[:-1]), "last": locked[-1]}
                if len(locked) > 1
                else locked[0]
            )
            raise ServiceError(
                _(
                    "Round 1 is already seated, so %(what)s can no longer change: the results "
                    "are scored with them."
                )
                % {"what": what}
            )
    if fields.get("vp_scale", tournament.vp_scale) == CUSTOM_SCALE:
        # a table set now must make sense; one accepted before is kept as it is
        strict = bool({"vp_scale", "custom_vp_bands"} & changed)
        vp_scale_from_rows(fields.get("custom_vp_bands", tournament.custom_vp_bands), strict=strict)
    if "tie_break_order" in fields:
        _check_tie_breaks(fields["tie_break_order"])
    minutes = fields.get("minutes_per_deal", tournament.minutes_per_deal)
    if not MINUTES_PER_DEAL[0] <= minutes <= MINUTES_PER_DEAL[1]:
        raise ServiceError(
            _("The minutes per deal must be from %(low)s to %(high)s, not %(minutes)s.")
            % {"low": MINUTES_PER_DEAL[0], "high": MINUTES_PER_DEAL[1], "minutes": minutes}
        )
    rounds = fields.get("rounds", tournament.rounds)
    if rounds < 1:
        raise ServiceError(_("A tournament needs at least one round."))
    if last is not None and rounds < last.number:
        raise ServiceError(
            _(
                "Round %(number)s is already seated: the tournament needs at least "
                "%(number)s rounds."
            )
            % {"number": last.number}
        )
    if rounds != tournament.rounds and tournament.phases.exists():
        raise ServiceError(
            _(
                "This tournament is played in phases: change its number of rounds on the "
                "“Phases and gironi” page."
            )
        )
    entrants = fields.get("entrants", tournament.entrants)
    _check_shape(entrants, fields.get("danese_table_order", tournament.danese_table_order))
    if "entrants" in changed and tournament.pairs.exists():
        raise ServiceError(
            _(
                "Pairs or players can change only while nobody is entered: remove the "
                "entrants first."
            )
        )
    plan = list(fields.get("movement_plan", tournament.movement_plan))
    if entrants != PLAYERS or plan:
        plan = (plan + default_movement_plan(rounds)[len(plan) :])[:rounds]
    fields["movement_plan"] = plan_for(entrants, plan, rounds)
    before = {key: _plain(getattr(tournament, key)) for key in fields}
    for key, value in fields.items():
        setattr(tournament, key, value)
    tournament.save()
    after = {key: _plain(getattr(tournament, key)) for key in fields}
    altered = [key for key in fields if before[key] != after[key]]
    if altered:
        record(
            tournament,
            Kind.SETTINGS,
            user=user,
            before={key: before[key] for key in altered},
            after={key: after[key] for key in altered},
        )
    results_changed(tournament)
    return tournament


def _plain(value: Any) -> Any:
    """A setting as the audit record's JSON keeps it (a date as ISO 8601)."""
    return value.isoformat() if isinstance(value, date) else value


@transaction.atomic
def tournament_publish(
    *, tournament: Tournament, published: bool, user: User | None = None
) -> Tournament:
    """Show the tournament on the public pages, or hide them again (they answer 404)."""
    was = Tournament.objects.select_for_update().values_list("published", flat=True)
    if was.get(pk=tournament.pk) != published:
        Tournament.objects.filter(pk=tournament.pk).update(published=published)
        record(tournament, Kind.PUBLISHED if published else Kind.UNPUBLISHED, user=user)
    tournament.published = published
    results_changed(tournament)
    return tournament
