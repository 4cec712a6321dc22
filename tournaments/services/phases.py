"""Writes of a tournament's phase plan (fasi) and gironi: the plan set or changed until a
phase starts, the split of the field into gironi (previewed, committed, undone until the
phase's first round is seated, a pair moved by hand), and a late pair placed in a girone.

Who goes where is `rules.phases`'s to say; this module reads the standings and categories,
asks it, and saves the answer."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from django.db import transaction
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from tournaments.models import (
    Girone,
    GironeEntry,
    Pair,
    Phase,
    Round,
    Tournament,
    TournamentEvent,
)
from tournaments.rules import phases as rules
from tournaments.rules.entrant_texts import entrant_text
from tournaments.rules.phases import PhasePlan
from tournaments.rules.progress import finished_refusal
from tournaments.rules.shapes import girone_minimum, girone_unit
from tournaments.selectors import phases as read
from tournaments.selectors.access import User
from tournaments.services.errors import ServiceError
from tournaments.services.events import record
from tournaments.services.versions import results_changed


def _seated(tournament: Tournament) -> int:
    return tournament.round_set.count()


def _done(tournament: Tournament) -> int:
    done = tournament.round_set.filter(status=Round.Status.DONE).order_by("-number").first()
    return done.number if done else 0


@transaction.atomic
def phase_plan_set(
    *,
    tournament: Tournament,
    plan: Sequence[PhasePlan],
    movements: Sequence[str] = (),
    user: User | None = None,
) -> list[PhasePlan]:
    """Set the tournament's phases (and, when given, the movement of each round): the number of
    rounds becomes the plan's. A phase whose first round is seated no longer changes; a phase
    not started whose split changes loses the gironi committed for it. The change log keeps
    the plan before and after (when it changed)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.is_finished:
        raise ServiceError(finished_refusal())
    plan = [replace(phase, number=index) for index, phase in enumerate(plan, 1)]
    if not plan:
        raise ServiceError(_("A tournament has at least one phase."))
    rounds = plan[-1].last_round
    problems = rules.plan_problems(plan, rounds)
    if movements and len(movements) != rounds:
        problems.append(
            _("Give one movement for each of the %(rounds)s rounds.") % {"rounds": rounds}
        )
    seated = _seated(tournament)
    if seated > rounds:
        problems.append(
            _("%(seated)s rounds are seated already: the plan needs at least as many.")
            % {"seated": seated}
        )
    refusal = rules.change_refusal(read.plan_of(tournament), plan, seated)
    if refusal:
        problems.append(refusal)
    if problems:
        raise ServiceError(*problems)
    before = [_plan_record(phase) for phase in read.plan_of(tournament)]
    stored = {phase.number: phase for phase in tournament.phases.all()}
    single = len(plan) == 1 and not plan[0].in_gironi
    for number, row in stored.items():
        wanted = plan[number - 1] if number <= len(plan) and not single else None
        if wanted is None or _split_of(row.as_plan()) != _split_of(wanted):
            row.gironi.all().delete()
        if wanted is None:
            row.delete()
    if not single:
        for phase in plan:
            Phase.objects.update_or_create(
                tournament=tournament,
                number=phase.number,
                defaults={
                    "name": phase.name,
                    "first_round": phase.first_round,
                    "last_round": phase.last_round,
                    "scope": phase.scope,
                    "split": phase.split,
                    "girone_count": phase.girone_count if phase.in_gironi else 0,
                    "carry": phase.carry,
                    "carry_share": phase.carry_share,
                },
            )
    tournament.rounds = rounds
    fields = ["rounds"]
    if movements:
        tournament.movement_plan = list(movements)
        fields.append("movement_plan")
    tournament.save(update_fields=fields)
    results_changed(tournament)
    after = read.plan_of(tournament)
    now = [_plan_record(phase) for phase in after]
    if now != before:
        kind = TournamentEvent.Kind.PHASE_PLAN
        record(tournament, kind, user=user, before={"phases": before}, after={"phases": now})
    return after


def _plan_record(phase: PhasePlan) -> dict[str, object]:
    """A phase as the change log keeps it (`selectors.audit` words it)."""
    return {
        "first": phase.first_round,
        "last": phase.last_round,
        "gironi": phase.girone_count if phase.in_gironi else 0,
        "split": phase.split if phase.in_gironi else "",
        "carry": phase.carry if phase.in_gironi else "",
        "share": phase.carry_share if phase.in_gironi else 100,
    }


def _split_of(phase: PhasePlan) -> tuple[object, ...]:
    return (phase.first_round, phase.scope, phase.split, phase.girone_count)


def _gironi_record(tournament: Tournament, phase_number: int) -> list[dict[str, object]]:
    """A phase's gironi as the change log keeps them: each name with its pairs' numbers."""
    numbers = dict(tournament.pairs.values_list("pk", "number"))
    return [
        {"name": view.name, "pairs": sorted(numbers[pid] for pid in view.pair_ids)}
        for view in read.gironi_of(tournament, phase_number)
    ]


def preset_plan(
    mitchell: int,
    danese: int,
    gironi: int,
    *,
    field_danese: int = 0,
    field_movement: str = "mitchell",
) -> tuple[list[PhasePlan], list[str]]:
    """The ready plan "3 Mitchell + 2 Danese in 2 gironi": a first round drawn at random, then
    Mitchell rounds over the whole field, then Danese rounds inside gironi split by the
    standings in blocks, the gironi carrying their totals whole. With `field_danese`, Danese
    rounds over the whole field ("girone unico") come between, as a phase of their own (the
    referees' exam: 6 Mitchell, 2 Danese girone unico, 3 Danese in gironi). An individual
    event's rounds for the whole field are Danese (`field_movement`, `rules.shapes`)."""
    phases = [PhasePlan(number=1, first_round=1, last_round=mitchell)]
    if field_danese:
        phases.append(
            PhasePlan(number=2, first_round=mitchell + 1, last_round=mitchell + field_danese)
        )
    before = mitchell + field_danese
    phases.append(
        PhasePlan(
            number=len(phases) + 1,
            first_round=before + 1,
            last_round=before + danese,
            scope=rules.GIRONI,
            split=rules.BY_STANDINGS,
            girone_count=gironi,
        )
    )
    movements = (
        ["random"] + [field_movement] * (mitchell - 1) + ["danese"] * (field_danese + danese)
    )
    return phases, movements


@dataclass(frozen=True)
class Placement:
    pair: Pair
    reason: str


@dataclass(frozen=True)
class PlannedGirone:
    name: str
    placements: list[Placement]


def _phase(tournament: Tournament, number: int) -> PhasePlan:
    plan = read.plan_of(tournament)
    if not 1 <= number <= len(plan):
        raise ServiceError(_("There is no phase %(number)s.") % {"number": number})
    return plan[number - 1]


def split_preview(*, tournament: Tournament, phase_number: int) -> list[PlannedGirone]:
    """Who goes to which girone at the start of the phase, and why, saving nothing."""
    phase = _phase(tournament, phase_number)
    refusal = rules.split_refusal(phase, seated=_seated(tournament), done=_done(tournament))
    if refusal:
        raise ServiceError(refusal)
    field = [p for p in tournament.pairs.order_by("number") if p.plays_in(phase.first_round)]
    if phase.split == rules.BY_CATEGORY:
        return _by_category(tournament, field)
    ranked = sorted(field, key=lambda pair: (pair.rank or 0, pair.number))
    if len(ranked) < girone_minimum(tournament) * phase.girone_count:
        values = {"pairs": len(ranked), "gironi": phase.girone_count}
        raise ServiceError(entrant_text(tournament, "split_too_few", **values))
    deal = rules.split_snake if phase.split == rules.SNAKE else rules.split_blocks
    blocks = deal(ranked, phase.girone_count, girone_unit(tournament))
    names = rules.girone_names(phase.girone_count)
    return [
        PlannedGirone(name, [Placement(pair, _standing_reason(pair)) for pair in block])
        for name, block in zip(names, blocks, strict=True)
    ]


def _standing_reason(pair: Pair) -> str:
    if pair.rank is None or not pair.rounds_played:
        return _("pair number %(number)s (no standings yet)") % {"number": pair.number}
    return _("rank %(rank)s on %(vp)s VP, %(mp)s MP") % {
        "rank": pair.rank,
        "vp": number_format(pair.vp, force_grouping=True),
        "mp": number_format(pair.mp, force_grouping=True),
    }


def _by_category(tournament: Tournament, field: list[Pair]) -> list[PlannedGirone]:
    category_of = {pair: pair.category for pair in field}
    missing = rules.uncategorised(field, category_of)
    if missing:
        raise ServiceError(
            _("Give these pairs a category before splitting by category: %(pairs)s.")
            % {"pairs": ", ".join(str(pair.number) for pair in missing)}
        )
    groups = rules.split_by_category(field, category_of, tournament.club.category_list)
    least = girone_minimum(tournament)
    if len(groups) < 2 or any(len(pairs) < least for _name, pairs in groups):
        raise ServiceError(entrant_text(tournament, "category_too_few"))
    reason = _("category %(category)s")
    return [
        PlannedGirone(name, [Placement(p, reason % {"category": name}) for p in pairs])
        for name, pairs in groups
    ]


@transaction.atomic
def split_commit(
    *, tournament: Tournament, phase_number: int, user: User | None = None
) -> list[Girone]:
    """Save the split the preview shows; it can be undone until the phase's first round is
    seated."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    planned = split_preview(tournament=tournament, phase_number=phase_number)
    phase = Phase.objects.get(tournament=tournament, number=phase_number)
    if phase.gironi.exists():
        raise ServiceError(_("The field is split already: undo the split to split it again."))
    gironi = []
    for number, group in enumerate(planned, 1):
        girone = Girone.objects.create(phase=phase, number=number, name=group.name)
        GironeEntry.objects.bulk_create(
            [GironeEntry(girone=girone, pair=p.pair) for p in group.placements]
        )
        gironi.append(girone)
    results_changed(tournament)
    after = {"gironi": _gironi_record(tournament, phase_number)}
    record(tournament, TournamentEvent.Kind.SPLIT, user=user, after=after, phase=phase_number)
    return gironi


@transaction.atomic
def split_undo(*, tournament: Tournament, phase_number: int, user: User | None = None) -> None:
    """Forget a phase's gironi, before its first round is seated."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    phase = _phase(tournament, phase_number)
    if _seated(tournament) >= phase.first_round:
        raise ServiceError(
            _("Round %(round)s is seated: the gironi of phase %(number)s can no longer change.")
            % {"round": phase.first_round, "number": phase_number}
        )
    before = _gironi_record(tournament, phase_number)
    Girone.objects.filter(phase__tournament=tournament, phase__number=phase_number).delete()
    results_changed(tournament)
    if before:
        kind = TournamentEvent.Kind.SPLIT_UNDONE
        record(tournament, kind, user=user, before={"gironi": before}, phase=phase_number)


@transaction.atomic
def girone_move(
    *, tournament: Tournament, phase_number: int, pair: Pair, girone: int, user: User | None = None
) -> None:
    """Move a pair by hand to girone number `girone` of the phase, before its first round is
    seated."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    phase = _phase(tournament, phase_number)
    if _seated(tournament) >= phase.first_round:
        raise ServiceError(
            _("Round %(round)s is seated: the gironi of phase %(number)s can no longer change.")
            % {"round": phase.first_round, "number": phase_number}
        )
    target = Girone.objects.filter(
        phase__tournament=tournament, phase__number=phase_number, number=girone
    ).first()
    if target is None or pair.tournament_id != tournament.pk:
        raise ServiceError(_("Choose a pair of this tournament and one of its gironi."))
    left = GironeEntry.objects.filter(girone__phase=target.phase, pair=pair)
    was = left.values_list("girone__name", flat=True).first() or ""
    left.delete()
    GironeEntry.objects.create(girone=target, pair=pair)
    results_changed(tournament)
    if was != target.name:
        record(
            tournament,
            TournamentEvent.Kind.GIRONE_MOVE,
            user=user,
            before={"pair": pair.number, "girone": was},
            after={"pair": pair.number, "girone": target.name},
            phase=phase_number,
        )


def late_pairs_place(tournament: Tournament, pairs: Sequence[Pair]) -> None:
    """Late pairs entered after a split join a girone of each phase split so far: their
    category's in a split by category, else the smallest (`rules.late_girone`). The organiser
    may move them by hand before the phase's first round is seated."""
    for phase in tournament.phases.filter(scope=rules.GIRONI):
        gironi = list(phase.gironi.order_by("number"))
        if not gironi:
            continue
        names = [girone.name for girone in gironi]
        sizes = [girone.entries.count() for girone in gironi]
        for pair in pairs:
            index = rules.late_girone(names, sizes, split=phase.split, category=pair.category)
            GironeEntry.objects.create(girone=gironi[index], pair=pair)
            sizes[index] += 1


def category_check(tournament: Tournament, categories: Iterable[str]) -> None:
    """Refuse a category that is not one of the club's ("" is none, and allowed)."""
    allowed = set(tournament.club.category_list)
    wrong = sorted({c for c in categories if c and c not in allowed})
    if wrong:
        raise ServiceError(
            _("%(category)s is not one of the club's categories: %(allowed)s.")
            % {"category": wrong[0], "allowed": ", ".join(tournament.club.category_list)}
        )


@transaction.atomic
def pair_categories_set(*, tournament: Tournament, categories: dict[int, str]) -> int:
    """Give pairs (by number) their category, one of the club's ("" for none), before the
    field is split by it; returns how many changed."""
    if tournament.is_finished:
        raise ServiceError(finished_refusal())
    category_check(tournament, categories.values())
    changed = 0
    for pair in tournament.pairs.filter(number__in=list(categories)):
        if pair.category != categories[pair.number]:
            pair.category = categories[pair.number]
            pair.save(update_fields=["category"])
            changed += 1
    if changed:
        results_changed(tournament)
    return changed
