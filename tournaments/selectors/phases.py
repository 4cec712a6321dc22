"""Reads of a tournament's phase plan and gironi, and the rankings a phase adds: each girone's
(with what its pairs carry from before the split) and the phase's own. The rankings are read
from the stored table results (`results.finished_tables`), never from the deals."""

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import OuterRef, QuerySet, Subquery

from tournaments.models import GironeEntry, Pair, Phase, Tournament
from tournaments.rules import phases as rules
from tournaments.rules.phases import PhasePlan
from tournaments.rules.standings import PairRecord
from tournaments.selectors import decisions, results
from tournaments.selectors.organiser import pairs_of


def plan_of(tournament: Tournament) -> list[PhasePlan]:
    """The tournament's phases; without a plan stored, one phase over the whole field."""
    stored = [phase.as_plan() for phase in Phase.objects.filter(tournament=tournament)]
    return stored or rules.single_phase(tournament.rounds)


def is_phased(tournament: Tournament) -> bool:
    """Whether the tournament has a phase in gironi (its pages and files show the girone)."""
    return Phase.objects.filter(tournament=tournament, scope=rules.GIRONI).exists()


@dataclass(frozen=True)
class GironeView:
    id: int
    number: int
    name: str
    pair_ids: tuple[int, ...]
    """In pair-number order."""


def gironi_of(tournament: Tournament, phase_number: int) -> list[GironeView]:
    """The gironi of a phase (none before the split is committed), each with its pairs."""
    entries = (
        GironeEntry.objects.filter(
            girone__phase__tournament=tournament, girone__phase__number=phase_number
        )
        .order_by("girone__number", "pair__number")
        .values_list("girone_id", "girone__number", "girone__name", "pair_id")
    )
    pairs: dict[tuple[int, int, str], list[int]] = defaultdict(list)
    for girone_id, number, name, pair_id in entries:
        pairs[(girone_id, number, name)].append(pair_id)
    gironi = [GironeView(key[0], key[1], key[2], tuple(ids)) for key, ids in pairs.items()]
    # a girone left empty by a move by hand is still one of the phase's
    known = {view.id for view in gironi}
    phase = Phase.objects.filter(tournament=tournament, number=phase_number).first()
    if phase is not None:
        for girone in phase.gironi.exclude(pk__in=known):
            gironi.append(GironeView(girone.pk, girone.number, girone.name, ()))
    return sorted(gironi, key=lambda view: view.number)


def split_missing(tournament: Tournament, round_number: int) -> PhasePlan | None:
    """The phase round `round_number` is in, when it is played in gironi not split yet."""
    phase = rules.phase_of(plan_of(tournament), round_number)
    if phase.in_gironi and not gironi_of(tournament, phase.number):
        return phase
    return None


def girone_names_in(tournament: Tournament, round_number: int) -> dict[int, str]:
    """Pair id -> the name of its girone in round `round_number` (empty for the whole field)."""
    phase = rules.phase_of(plan_of(tournament), round_number)
    if not phase.in_gironi:
        return {}
    return {pid: view.name for view in gironi_of(tournament, phase.number) for pid in view.pair_ids}


def latest_girone_names(tournament: Tournament) -> dict[int, str]:
    """Pair id -> its girone in the last phase split so far (empty: never split)."""
    phases = [phase for phase in plan_of(tournament) if phase.in_gironi]
    for phase in reversed(phases):
        names = {
            pid: view.name for view in gironi_of(tournament, phase.number) for pid in view.pair_ids
        }
        if names:
            return names
    return {}


def with_latest_girone(pairs: QuerySet[Pair]) -> QuerySet[Pair]:
    """`pairs` with `girone_name`: each pair's girone in the latest phase split so far (None:
    never split), read in the same query (a single field costs nothing more)."""
    latest = GironeEntry.objects.filter(pair=OuterRef("pk")).order_by("-girone__phase__number")
    return pairs.annotate(girone_name=Subquery(latest.values("girone__name")[:1]))


def pairs_with_girone(tournament: Tournament) -> QuerySet[Pair]:
    """The pairs by number with their players and `girone_name` (`with_latest_girone`)."""
    return with_latest_girone(pairs_of(tournament))


@dataclass(frozen=True)
class GironeRanking:
    name: str
    records: list[tuple[int, PairRecord]]
    """(pair id, its record in this ranking), best first."""


def _ranked(
    records: dict[int, PairRecord], numbers: dict[int, int]
) -> list[tuple[int, PairRecord]]:
    return sorted(records.items(), key=lambda item: (item[1].rank or 0, numbers[item[0]]))


def girone_rankings(
    tournament: Tournament, phase: PhasePlan, *, before: int | None = None
) -> list[GironeRanking]:
    """Each girone of `phase` ranked among itself, carrying what its pairs scored before the
    phase as the phase says (of the rounds before `before`, when given: the Danese inside a
    girone pairs by it)."""
    return _rankings(tournament, phase, gironi_of(tournament, phase.number), before=before)


def one_girone_ranking(tournament: Tournament, phase: PhasePlan, name: str) -> GironeRanking | None:
    """Girone `name` of `phase` ranked as `girone_rankings` ranks it, the others not ranked
    (a girone's own page); None when the phase has no such girone."""
    views = [view for view in gironi_of(tournament, phase.number) if view.name == name]
    return next(iter(_rankings(tournament, phase, views)), None)


def _rankings(
    tournament: Tournament, phase: PhasePlan, views: list[GironeView], *, before: int | None = None
) -> list[GironeRanking]:
    """The gironi `views` of `phase` ranked: the finished tables read once, the field's totals
    before and during the phase added up once for all of them."""
    if not views:
        return []
    numbers = dict(tournament.pairs.values_list("pk", "number"))
    everyone = sorted(numbers, key=numbers.__getitem__)
    by_round = results.finished_tables(tournament, before=before).by_round
    first, last = phase.first_round, phase.last_round
    earlier = [o for n, listed in by_round.items() if n < first for o in listed]
    during = [o for n, listed in by_round.items() if first <= n <= last for o in listed]
    end = last + 1 if before is None else min(before, last + 1)
    penalties_before = decisions.penalties_of(tournament, before=min(first, end))
    penalties_during = decisions.penalties_of(tournament, before=end, since=first)
    play = tournament.play_format
    ranked = rules.gironi_rankings(
        [view.pair_ids for view in views],
        everyone,
        earlier,
        during,
        carry=phase.carry,
        share=phase.carry_share,
        by_matches=play.by_matches,
        order=play.tie_breaks,
        penalties_before=penalties_before,
        penalties_during=penalties_during,
    )
    return [
        GironeRanking(view.name, _ranked(records, numbers))
        for view, records in zip(views, ranked, strict=True)
    ]


def phase_ranking(tournament: Tournament, phase: PhasePlan) -> list[tuple[int, PairRecord]]:
    """The phase's own ranking: every pair of the field on the phase's rounds alone (who did
    best in the final two Danese), best first."""
    numbers = dict(tournament.pairs.values_list("pk", "number"))
    everyone = sorted(numbers, key=numbers.__getitem__)
    by_round = results.finished_tables(tournament).by_round
    during = [o for n, listed in by_round.items() if phase.holds(n) for o in listed]
    penalties = decisions.penalties_of(
        tournament, before=phase.last_round + 1, since=phase.first_round
    )
    play = tournament.play_format
    records = rules.girone_ranking(
        everyone,
        everyone,
        [],
        during,
        carry=rules.ZERO,
        by_matches=play.by_matches,
        order=play.tie_breaks,
        penalties_during=penalties,
    )
    return _ranked(records, numbers)
