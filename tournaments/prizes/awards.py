"""Paying a prize plan out of the rankings: pure Python, no database.

`award(plan, rankings)` takes the plan and, for each of its groups, the ranking that group is
paid from (`ranking.Placed` in the standings' order; a last-place group takes the final
standings as they are and reads them from the bottom). It answers a `Payout`: the awards, the
places nobody was there to take, the total paid, and the ceremony order.

Money is split in cents: a share that does not divide exactly gives its remaining cents one each
to the better-placed of the tied entrants (by the caller's order), so the total paid is always
the total of the places the tie covers. A tie that reaches past the last paid place shares the
paid places' money among all the tied entrants (the places past the end are worth nothing).
Items cannot be split: a tie that covers an item place is settled by the caller's order, each
entrant taking its own place's prize, and the reason says so.

An award's reason is short English data ("2nd", "tied 2nd-3rd, Hort", "tied 5th-6th, by
tie-breaks (an item cannot be split)", ", moved up from 4th" when an entrant above took a better
prize elsewhere): the pages word it from the award's fields, the reason is for files and logs.
"""

from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from tournaments.prizes.plans import (
    GroupKind,
    Item,
    Money,
    Prize,
    PrizeGroup,
    PrizePlan,
    TieRule,
    prize_worth,
)
from tournaments.prizes.ranking import (
    EntrantId,
    Placed,
    RankingError,
    Tie,
    checked,
    ordinal,
    places_text,
    reversed_ranking,
    ties_of,
)

HOW = {TieRule.EQUAL: "shared equally", TieRule.HORT: "Hort", TieRule.ORDER: "by tie-breaks"}
ITEM_IN_TIE = "by tie-breaks (an item cannot be split)"


@dataclass(frozen=True, slots=True)
class Award:
    entrant: EntrantId
    group: str
    """The prize group's key."""
    place: int
    """The entrant's place in the group's ranking as paid (for a last-place group, counted from
    the bottom: 1 is the last)."""
    prize: Prize
    """An item, or the money this entrant takes (its share, in a tie)."""
    reason: str
    numbers: tuple[int, ...] = ()
    """The numbers its ranking used (VP, MP…), as the caller gave them."""

    @property
    def cents(self) -> int:
        return self.prize.cents if isinstance(self.prize, Money) else 0


@dataclass(frozen=True, slots=True)
class Unawarded:
    """A prize with nobody to take it: the group's ranking is shorter than its prizes."""

    group: str
    place: int
    prize: Prize


@dataclass(frozen=True, slots=True)
class Payout:
    awards: tuple[Award, ...]
    """In the plan's order, each group from its 1st place down."""
    unawarded: tuple[Unawarded, ...]
    total_cents: int
    """The money paid: always the money of the places that had an entrant."""
    currency: str

    @property
    def total(self) -> Money:
        return Money(cents=self.total_cents, currency=self.currency)

    def ceremony(self) -> tuple[Award, ...]:
        """The order the prizes are handed out: the plan's groups from the last listed to the
        first (a plan lists its main group first, so the winner comes last), each group from
        its last paid place up."""
        order: dict[str, int] = {}
        for award in self.awards:
            order.setdefault(award.group, len(order))
        return tuple(sorted(self.awards, key=lambda a: (-order[a.group], -a.place)))

    def of(self, entrant: EntrantId) -> tuple[Award, ...]:
        return tuple(award for award in self.awards if award.entrant == entrant)


def award(plan: PrizePlan, rankings: Mapping[str, Sequence[Placed]]) -> Payout:
    """Pay `plan` from `rankings` (one per group, keyed by the group's key)."""
    missing = [group.key for group in plan.groups if group.key not in rankings]
    if missing:
        raise RankingError(f"no ranking given for the prize groups {', '.join(missing)}")
    ordered = {group.key: _read_order(group, checked(rankings[group.key])) for group in plan.groups}
    left_out: dict[str, set[EntrantId]] = defaultdict(set)
    while True:
        paid = {
            group.key: pay_group(
                group, ordered[group.key], plan.tie_rule, left_out=left_out[group.key]
            )
            for group in plan.groups
        }
        if not plan.one_prize_each or not _leave_all_but_best(plan, paid, left_out):
            break
    awards = tuple(a for group in plan.groups for a in paid[group.key][0])
    return Payout(
        awards=awards,
        unawarded=tuple(u for group in plan.groups for u in paid[group.key][1]),
        total_cents=sum(a.cents for a in awards),
        currency=plan.currency,
    )


def _read_order(group: PrizeGroup, ranking: tuple[Placed, ...]) -> tuple[Placed, ...]:
    return reversed_ranking(ranking) if group.kind == GroupKind.LAST_PLACE else ranking


def _leave_all_but_best(
    plan: PrizePlan,
    paid: Mapping[str, tuple[list[Award], list[Unawarded]]],
    left_out: dict[str, set[EntrantId]],
) -> bool:
    """One prize each: an entrant that won in several groups keeps its best prize and leaves
    the other groups, where the entrants behind it move up. Says whether anyone left (then the
    groups are paid again; nobody comes back to a group it left, so this ends)."""
    position = {group.key: index for index, group in enumerate(plan.groups)}
    won: dict[EntrantId, list[Award]] = defaultdict(list)
    for group in plan.groups:
        for prize in paid[group.key][0]:
            won[prize.entrant].append(prize)
    moved = False
    for entrant, prizes in won.items():
        if len(prizes) < 2:
            continue
        best = max(
            prizes,
            key=lambda a: (prize_worth(a.prize, plan.items_first), -position[a.group]),
        )
        for other in prizes:
            if other is not best:
                left_out[other.group].add(entrant)
                moved = True
    return moved


def pay_group(
    group: PrizeGroup,
    ranking: Sequence[Placed],
    tie_rule: TieRule,
    *,
    left_out: Collection[EntrantId] = frozenset(),
) -> tuple[list[Award], list[Unawarded]]:
    """One group's awards from its ranking (already upside down for a last-place group), with
    the entrants in `left_out` taken out (they took a better prize elsewhere)."""
    original = {placed.entrant: place for place, placed in enumerate(ranking, start=1)}
    playing = [placed for placed in ranking if placed.entrant not in left_out]
    awards: list[Award] = []
    for tie in ties_of(playing):
        if tie.first > len(group.prizes):
            break
        for placed, place, prize, how in _settle(group, tie, tie_rule):
            if isinstance(prize, Money) and prize.cents == 0:
                continue
            reason = _place_words(group.kind, tie.first, tie.last)
            if tie.shared:
                reason = f"tied {reason}, {how}"
            if original[placed.entrant] != place:
                was = original[placed.entrant]
                reason += f", moved up from {_place_words(group.kind, was, was)}"
            awards.append(
                Award(
                    entrant=placed.entrant,
                    group=group.key,
                    place=place,
                    prize=prize,
                    reason=reason,
                    numbers=placed.numbers,
                )
            )
    unawarded = [
        Unawarded(group=group.key, place=place, prize=prize)
        for place, prize in enumerate(group.prizes, start=1)
        if place > len(playing)
    ]
    return awards, unawarded


def _settle(group: PrizeGroup, tie: Tie, tie_rule: TieRule) -> list[tuple[Placed, int, Prize, str]]:
    """Each tied entrant's place and prize, and how the tie was settled."""
    places = list(tie.places())
    covered = [group.prizes[p - 1] if p <= len(group.prizes) else None for p in places]
    if any(isinstance(prize, Item) for prize in covered) or tie_rule == TieRule.ORDER:
        how = HOW[TieRule.ORDER] if tie_rule == TieRule.ORDER else ITEM_IN_TIE
        return [
            (placed, place, prize, how)
            for placed, place, prize in zip(tie.entrants, places, covered, strict=True)
            if prize is not None
        ]
    cents = [prize.cents if isinstance(prize, Money) else 0 for prize in covered]
    if tie_rule == TieRule.HORT:
        kept = [amount // 2 for amount in cents]
        pooled = split(sum(cents) - sum(kept), len(cents))
        shares = [own + extra for own, extra in zip(kept, pooled, strict=True)]
    else:
        shares = split(sum(cents), len(cents))
    return [
        (placed, place, Money(cents=share, currency=_currency(covered)), HOW[tie_rule])
        for placed, place, share in zip(tie.entrants, places, shares, strict=True)
    ]


def _currency(covered: Sequence[Prize | None]) -> str:
    return next(prize.currency for prize in covered if isinstance(prize, Money))


def split(cents: int, ways: int) -> list[int]:
    """`cents` shared `ways` ways, in whole cents: the remaining cents one each to the first
    (the better-placed), so the shares add up to exactly `cents`."""
    share, remainder = divmod(cents, ways)
    return [share + 1 if index < remainder else share for index in range(ways)]


def _place_words(kind: GroupKind, first: int, last: int) -> str:
    if kind != GroupKind.LAST_PLACE:
        return places_text(first, last)

    def from_bottom(place: int) -> str:
        return "last" if place == 1 else f"{ordinal(place)} from last"

    if first == last:
        return from_bottom(first)
    return f"{from_bottom(first)} to {from_bottom(last)}"
