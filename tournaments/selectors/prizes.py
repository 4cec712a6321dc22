"""A tournament's prize plan and its prize list, read from what is stored: the plan as the
organiser saved it (`Tournament.prize_plan`, `plans.plan_data` form) and the rankings from the
stored standings. The prize engine (`tournaments.prizes.awards`) pays the plan out of them; the
pages only show what it answered.

Ties: pairs level on the standings' first number (VP; matches won in a match format) are tied
for a prize, whatever separated them further. Their order inside the tie is the stored
standings' order (the tie-breaks, then the pair number): Hort's own places and "broken by the
tie-breaks" follow it, and equal shares give any odd cent to the better placed.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.models import Pair, Tournament
from tournaments.prizes.awards import Award, Payout, Unawarded, award
from tournaments.prizes.caps import Level, PrizeSetting, cap_warnings
from tournaments.prizes.plans import GroupKind, PlanError, PrizePlan, plan_from_data
from tournaments.prizes.ranking import Placed
from tournaments.rules.phases import girone_names
from tournaments.selectors import phases

FEDERATION = "FIBur"


def plan_of(tournament: Tournament) -> PrizePlan | None:
    """The stored plan, or None when the tournament has none (or a stored one no longer
    reads: the page then asks for it again)."""
    if not tournament.prize_plan:
        return None
    try:
        return plan_from_data(tournament.prize_plan)
    except PlanError:
        return None


def warnings_for(tournament: Tournament, plan: PrizePlan) -> list[str]:
    """The level's limits the plan breaks (`caps.cap_warnings`)."""
    setting = PrizeSetting(federation=FEDERATION, level=Level(tournament.prize_level))
    return cap_warnings(plan, setting)


def _ranked_pairs(tournament: Tournament) -> list[Pair]:
    return list(
        tournament.pairs.filter(rank__isnull=False)
        .select_related("player_one", "player_two")
        .order_by("rank", "number")
    )


def _placed(entries: list[tuple[int, int, int, int]]) -> list[Placed]:
    """(pair id, first number, vp, mp) in the standings' order: ties by the first number."""
    ranking: list[Placed] = []
    for position, (pair_id, first, vp, mp) in enumerate(entries, start=1):
        level = bool(ranking) and entries[position - 2][1] == first
        rank = ranking[-1].rank if level else position
        ranking.append(Placed(entrant=pair_id, rank=rank, numbers=(vp, mp)))
    return ranking


def rankings_for(tournament: Tournament, plan: PrizePlan) -> dict[str, list[Placed]]:
    """Each group's ranking: overall and last place from the final standings, a girone from
    its girone's ranking in the last phase played in gironi; a group with nothing stored to
    rank it (a phase, category or special prize) gets an empty ranking, so its prizes are
    listed as not awarded."""
    by_matches = tournament.play_format.by_matches
    pairs = _ranked_pairs(tournament)
    overall = _placed([(p.pk, p.matches_won if by_matches else p.vp, p.vp, p.mp) for p in pairs])
    gironi: dict[str, list[Placed]] = {}
    if any(group.kind == GroupKind.GIRONE for group in plan.groups):
        in_gironi = [phase for phase in phases.plan_of(tournament) if phase.in_gironi]
        if in_gironi:
            for girone in phases.girone_rankings(tournament, in_gironi[-1]):
                gironi[girone.name] = _placed(
                    [
                        (pk, r.matches_won if by_matches else r.vp, r.vp, r.mp)
                        for pk, r in girone.records
                    ]
                )
    rankings: dict[str, list[Placed]] = {}
    for group in plan.groups:
        if group.kind in (GroupKind.OVERALL, GroupKind.LAST_PLACE):
            rankings[group.key] = overall
        elif group.kind == GroupKind.GIRONE:
            rankings[group.key] = gironi.get(group.scope, [])
        elif group.kind == GroupKind.PHASE:  # the phase's rounds alone
            rankings[group.key] = _phase_placed(tournament, group.scope, by_matches)
        elif group.kind == GroupKind.CATEGORY:  # the standings among the category's entrants
            rankings[group.key] = _placed(
                [
                    (p.pk, p.matches_won if by_matches else p.vp, p.vp, p.mp)
                    for p in pairs
                    if p.category == group.scope
                ]
            )
        else:
            rankings[group.key] = []
    return rankings


def _phase_placed(tournament: Tournament, scope: str, by_matches: bool) -> list[Placed]:
    plan = phases.plan_of(tournament)
    if not scope.isdigit() or not 1 <= int(scope) <= len(plan):
        return []
    ranked = phases.phase_ranking(tournament, plan[int(scope) - 1])
    played = [(pk, r) for pk, r in ranked if r.rounds_played]
    return _placed([(pk, r.matches_won if by_matches else r.vp, r.vp, r.mp) for pk, r in played])


@dataclass(frozen=True)
class Section:
    """A prize group the plan form offers besides the overall places: the last phase alone, one
    per girone of the last phase played in gironi, one per category the entrants were given."""

    kind: GroupKind
    scope: str

    @property
    def key(self) -> str:
        return f"{self.kind.value}-{self.scope}"

    @property
    def name(self) -> str:
        return group_name(self.kind, "", self.scope)


def sections_of(tournament: Tournament) -> list[Section]:
    """The groups the tournament could pay besides the overall places: the last phase's rounds
    alone (an event in phases), its last gironi phase's gironi (as split, else as planned: A,
    B…), and the categories its entrants have, in the club's order."""
    sections = []
    plan = phases.plan_of(tournament)
    if len(plan) > 1:  # the last phase alone: "the best in the final two Danese"
        sections.append(Section(GroupKind.PHASE, str(plan[-1].number)))
    in_gironi = [phase for phase in plan if phase.in_gironi]
    if in_gironi:
        last = in_gironi[-1]
        split = [view.name for view in phases.gironi_of(tournament, last.number)]
        names = split or girone_names(last.girone_count)
        sections += [Section(GroupKind.GIRONE, name) for name in names]
    used = set(tournament.pairs.exclude(category="").values_list("category", flat=True))
    order = [c for c in tournament.club.category_list if c in used]
    order += sorted(used - set(order))
    sections += [Section(GroupKind.CATEGORY, category) for category in order]
    return sections


@dataclass(frozen=True)
class PrizeLine:
    """One prize as the pages show it: the award and the pair that takes it."""

    award: Award
    pair: Pair
    group_name: str
    tied: bool


@dataclass(frozen=True)
class PrizeList:
    plan: PrizePlan
    payout: Payout
    lines: list[PrizeLine]
    """In the plan's order, each group from its first place down."""
    ceremony: list[PrizeLine]
    """The order they are handed out: the last prize first, the winner last."""
    unawarded: tuple[Unawarded, ...]


def prize_list(tournament: Tournament, plan: PrizePlan | None = None) -> PrizeList | None:
    """The prizes the stored standings pay by the stored plan (None without a plan)."""
    plan = plan or plan_of(tournament)
    if plan is None:
        return None
    payout = award(plan, rankings_for(tournament, plan))
    pairs = {p.pk: p for p in tournament.pairs.select_related("player_one", "player_two")}
    names = {group.key: group_name(group.kind, group.label, group.scope) for group in plan.groups}

    def line(a: Award) -> PrizeLine:
        return PrizeLine(
            award=a, pair=pairs[int(a.entrant)], group_name=names[a.group], tied="tied" in a.reason
        )

    return PrizeList(
        plan=plan,
        payout=payout,
        lines=[line(a) for a in payout.awards],
        ceremony=[line(a) for a in payout.ceremony()],
        unawarded=payout.unawarded,
    )


def group_name(kind: GroupKind, label: str, scope: str) -> str:
    """A group's name in the reader's language (an organiser's own label first)."""
    if label:
        return label
    if kind == GroupKind.OVERALL:
        return _("Overall")
    if kind == GroupKind.LAST_PLACE:
        return _("Last place")
    if kind == GroupKind.GIRONE:
        return _("Girone %(name)s") % {"name": scope}
    if kind == GroupKind.CATEGORY:
        return _("Category %(name)s") % {"name": scope}
    if kind == GroupKind.PHASE:
        return _("Best in phase %(number)s alone") % {"number": scope}
    return scope or str(kind)
