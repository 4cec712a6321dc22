"""The public pages' read of a phased event's extra rankings, cached per results version: each
girone's ranking (with what it carries from before the split) and each phase's own ranking.
A tournament without gironi reads nothing more (an empty tuple)."""

from dataclasses import dataclass
from functools import partial

from tournaments.models import Tournament
from tournaments.rules.phases import PhasePlan
from tournaments.rules.standings import PairRecord
from tournaments.selectors import phases
from tournaments.selectors.public.cache import cached


@dataclass(frozen=True)
class RankedLine:
    rank: int | None
    number: int
    names: str
    vp: int
    mp: int
    matches_won: int
    point_difference: int
    rounds_played: int


@dataclass(frozen=True)
class Ranking:
    phase: int
    first_round: int
    last_round: int
    girone: str
    """The girone's name; empty for the phase's own ranking of the whole field."""
    lines: tuple[RankedLine, ...]


def _lines(
    records: list[tuple[int, PairRecord]], names: dict[int, tuple[int, str]]
) -> tuple[RankedLine, ...]:
    return tuple(
        RankedLine(
            r.rank,
            *names[pid],
            r.vp,
            r.mp,
            r.matches_won,
            r.point_difference,
            r.rounds_played,
        )
        for pid, r in records
    )


def phase_rankings(tournament: Tournament) -> tuple[Ranking, ...]:
    """Each phase in gironi already split: its gironi's rankings, then its own ranking."""
    return cached(tournament, "phases", lambda: _load(tournament))


def _load(tournament: Tournament) -> tuple[Ranking, ...]:
    if not phases.is_phased(tournament):
        return ()
    names = {
        pair.pk: (pair.number, pair.names)
        for pair in tournament.pairs.select_related("player_one", "player_two")
    }

    def lines(records: list[tuple[int, PairRecord]]) -> tuple[RankedLine, ...]:
        return _lines(records, names)

    rankings = []
    for phase in phases.plan_of(tournament):
        if not phase.in_gironi:
            continue
        gironi = phases.girone_rankings(tournament, phase)
        if not gironi:
            continue
        span = (phase.number, phase.first_round, phase.last_round)
        rankings += [Ranking(*span, g.name, lines(g.records)) for g in gironi]
        rankings.append(Ranking(*span, "", lines(phases.phase_ranking(tournament, phase))))
    return tuple(rankings)


def gironi_now(tournament: Tournament, round_number: int) -> tuple[Ranking, ...]:
    """The gironi's rankings of the phase round `round_number` is in (none when that phase is
    played by the whole field, or not split yet): what the projector shows during it."""
    if not getattr(tournament, "in_gironi", True):
        return ()
    return tuple(
        ranking
        for ranking in phase_rankings(tournament)
        if ranking.girone and ranking.first_round <= round_number <= ranking.last_round
    )


def girone_place(tournament: Tournament, number: int) -> tuple[Ranking, RankedLine] | None:
    """Pair `number`'s girone in the latest phase split so far, and its line in that girone's
    ranking (None: the event was never split, or the pair is in no girone)."""
    if not getattr(tournament, "in_gironi", True):
        return None
    found = None
    for ranking in phase_rankings(tournament):
        if not ranking.girone:
            continue
        line = next((line for line in ranking.lines if line.number == number), None)
        if line is not None:
            found = (ranking, line)  # a later phase's girone replaces an earlier one
    return found


def girone_page(tournament: Tournament, name: str) -> Ranking | None:
    """Girone `name` of the latest phase split into such a girone, ranked (its own public page):
    that girone's pairs and ranking only, read once per results version. None: no such girone."""
    for phase in reversed(phases.plan_of(tournament)):
        if not phase.in_gironi:
            continue
        if name in {view.name for view in phases.gironi_of(tournament, phase.number)}:
            part = f"girone:{phase.number}:{name}"
            return cached(tournament, part, partial(_one, tournament, phase, name))
    return None


def _one(tournament: Tournament, phase: PhasePlan, name: str) -> Ranking | None:
    ranking = phases.one_girone_ranking(tournament, phase, name)
    if ranking is None:
        return None
    pair_ids = [pid for pid, _record in ranking.records]
    pairs = tournament.pairs.filter(pk__in=pair_ids).select_related("player_one", "player_two")
    names = {pair.pk: (pair.number, pair.names) for pair in pairs}
    span = (phase.number, phase.first_round, phase.last_round)
    return Ranking(*span, ranking.name, _lines(ranking.records, names))
