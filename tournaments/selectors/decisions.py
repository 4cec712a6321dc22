"""Reads of the arbiter's decisions: those that stand (neither cancelled nor replaced), the
penalties the standings take, the decision that sets a table's result, and the marks pages show
by table and by pair."""

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import OuterRef, QuerySet, Subquery

from tournaments.models import Decision, Pair, Seat, Tournament
from tournaments.rules import decisions as rules
from tournaments.rules.standings import Penalty
from tournaments.selectors.compiled import CompiledRead, joined, joined_columns


def standing(tournament: Tournament | int) -> QuerySet[Decision]:
    """The decisions that count: not cancelled nor replaced by a later one, cancellations
    apart."""
    return (
        Decision.objects.filter(tournament=tournament, superseded_by__isnull=True)
        .exclude(kind=rules.CANCEL)
        .select_related("pair", "user", "tournament")
    )


def penalties_of(
    tournament: Tournament, *, before: int | None = None, since: int | None = None
) -> list[Penalty]:
    """What the standing decisions take from pairs (late arrivals, penalties), in the rounds
    before `before` and from `since` on, when given."""
    if before is None and since is None:
        taken = [joined(row, DECISION, Decision) for row in PENALTIES.rows(tournament.pk)]
    else:
        rows = _penalty_rows(tournament.pk)
        if before is not None:
            rows = rows.filter(round_number__lt=before)
        if since is not None:
            rows = rows.filter(round_number__gte=since)
        taken = [joined(row, DECISION, Decision) for row in rows]
    partners = partners_of(tournament, taken)
    penalties = []
    for d in taken:
        # a partnership's penalty is taken whole from each of its two players (rules.decisions)
        for pair_id in (d.pair_id, partners.get(d.pk)):
            if pair_id is not None:
                penalties.append(Penalty(pair_id, d.mp, d.vp))
    return penalties


DECISION = [("", Decision)]


def _penalty_rows(tournament_id: int) -> "QuerySet[Decision, tuple[Any, ...]]":
    """The standing decisions that take from a pair, each row a Decision whole (no relation:
    the standings need the pair's id, not its row)."""
    return (
        standing(tournament_id)
        .select_related(None)
        .filter(kind__in=(rules.LATE, rules.PENALTY), pair__isnull=False)
        .order_by("pk")
        .values_list(*joined_columns(DECISION))
    )


PENALTIES = CompiledRead(_penalty_rows)
"""All the tournament's penalties (`_penalty_rows`), read at every table that finishes."""


def partners_of(tournament: Tournament, decisions: Iterable[Decision]) -> dict[int, int]:
    """Decision id -> the partner (pair row) of the player a partnership decision falls on:
    the other seat of the player's direction at that table in that round. One query, and
    none when no decision falls on a partnership."""
    wanted = [d for d in decisions if d.partnership and d.pair_id is not None]
    if not wanted:
        return {}
    seats = Seat.objects.filter(
        round__tournament=tournament, round__number__in={d.round_number for d in wanted}
    ).exclude(position="")
    sides: dict[tuple[int, int, str], list[int]] = defaultdict(list)
    direction_of: dict[tuple[int, int, int], str] = {}
    for round_number, table_number, direction, pair_id in seats.values_list(
        "round__number", "table__number", "direction", "pair_id"
    ):
        sides[(round_number, table_number, direction)].append(pair_id)
        direction_of[(round_number, table_number, pair_id)] = direction
    partners = {}
    for d in wanted:
        where = (d.round_number, d.table_number or 0)
        side = direction_of.get((*where, d.pair_id or 0), "")
        others = [p for p in sides.get((*where, side), []) if p != d.pair_id]
        if others:
            partners[d.pk] = others[0]
    return partners


def result_decision(
    tournament: Tournament | int, round_number: int, table_number: int
) -> Decision | None:
    """The standing decision that sets this table's result, if any."""
    return (
        standing(tournament)
        .filter(kind__in=rules.RESULT_KINDS, round_number=round_number, table_number=table_number)
        .order_by("-id")
        .first()
    )


def deciding_kind() -> Subquery:
    """For a Table queryset: the kind of the standing decision that sets its result, if any
    (read with the table's own row, no query more)."""
    return Subquery(
        Decision.objects.filter(
            tournament=OuterRef("round__tournament"),
            round_number=OuterRef("round__number"),
            table_number=OuterRef("number"),
            kind__in=rules.RESULT_KINDS,
            superseded_by__isnull=True,
        )
        .order_by("-id")
        .values("kind")[:1]
    )


@dataclass(frozen=True)
class Mark:
    """A decision as a page shows it: a mark that opens to its kind, numbers and reason."""

    id: int
    kind: str
    kind_name: str
    round_number: int
    table_number: int | None
    deal_number: int | None
    pair_number: int | None
    """The pair (an individual tournament's player) it falls on."""
    mp: int
    vp: int
    reason: str
    by: str
    at: str
    result: tuple[int, int, int | None, int | None] | None = None
    """A walk-over's, abandonment's or assigned result's table result: N-S MP, E-W MP, N-S VP,
    E-W VP (no VP in a match to a target)."""
    partner_number: int | None = None
    """An individual tournament's decision on a partnership: the partner of `pair_number`."""
    individual: bool = False
    """Whether `pair_number` is a player of an individual tournament."""

    @property
    def summary(self) -> str:
        return self.kind_name


def _mark(decision: Decision, partners: dict[int, int] | None = None) -> Mark:
    """A decision as a mark; `partners` the pair numbers of the partnerships' partners
    (decision id -> number)."""
    return Mark(
        id=decision.pk,
        kind=decision.kind,
        kind_name=str(decision.get_kind_display()),
        round_number=decision.round_number,
        table_number=decision.table_number,
        deal_number=decision.deal_number,
        pair_number=decision.pair.number if decision.pair else None,
        mp=decision.mp,
        vp=decision.vp,
        reason=decision.reason,
        by=decision.user.get_username() if decision.user else "",
        at=decision.at.isoformat(timespec="minutes") if decision.at else "",
        result=(decision.ns_mp or 0, decision.ew_mp or 0, decision.ns_vp, decision.ew_vp)
        if decision.kind in rules.RESULT_KINDS
        else None,
        partner_number=(partners or {}).get(decision.pk),
        individual=decision.tournament.is_individual,
    )


def _marks(tournament: Tournament, decisions: Iterable[Decision]) -> list[Mark]:
    """The decisions as marks, a partnership's partner named (one query more when any)."""
    decisions = list(decisions)
    partner_ids = partners_of(tournament, decisions)
    numbers = {}
    if partner_ids:
        numbers = dict(Pair.objects.filter(pk__in=partner_ids.values()).values_list("pk", "number"))
    partners = {pk: numbers[pair_id] for pk, pair_id in partner_ids.items()}
    return [_mark(d, partners) for d in decisions]


def marks_of(tournament: Tournament) -> list[Mark]:
    return _marks(tournament, standing(tournament))


def marks_at(tournament: Tournament, round_number: int, table_number: int) -> list[Mark]:
    """The standing decisions taken at one table, in the order taken."""
    rows = standing(tournament).filter(round_number=round_number, table_number=table_number)
    return _marks(tournament, rows.order_by("id"))


def marks_by_table(tournament: Tournament) -> dict[tuple[int, int], list[Mark]]:
    """(round number, table number) -> the standing decisions taken at that table."""
    by_table: dict[tuple[int, int], list[Mark]] = defaultdict(list)
    for mark in marks_of(tournament):
        if mark.table_number is not None:
            by_table[(mark.round_number, mark.table_number)].append(mark)
    return dict(by_table)


def marks_by_pair(tournament: Tournament, *, deal_marks: bool = False) -> dict[int, list[Mark]]:
    """Pair id -> the standing decisions that change its score: those on it, and those that set
    the result of a table it sat at (a walk-over's present pair too). `deal_marks`: also those
    on a deal of its table (a time-out), as the pair's own page shows them."""
    by_pair: dict[int, list[Mark]] = defaultdict(list)
    decisions = list(standing(tournament))
    marks = _marks(tournament, decisions)
    partners = partners_of(tournament, decisions)
    table_kinds = rules.RESULT_KINDS | {rules.TIMEOUT} if deal_marks else rules.RESULT_KINDS
    seats: dict[tuple[int, int], list[int]] = defaultdict(list)
    if any(d.kind in table_kinds for d in decisions):
        for round_number, table_number, pair_id in Seat.objects.filter(
            round__tournament=tournament
        ).values_list("round__number", "table__number", "pair_id"):
            seats[(round_number, table_number)].append(pair_id)
    for decision, mark in zip(decisions, marks, strict=True):
        pairs = set()
        if decision.pair_id is not None:
            pairs.add(decision.pair_id)
        if decision.pk in partners:  # a partnership's: both players
            pairs.add(partners[decision.pk])
        if decision.kind in table_kinds and decision.table_number is not None:
            pairs.update(seats[(decision.round_number, decision.table_number)])
        for pair_id in pairs:
            by_pair[pair_id].append(mark)
    return dict(by_pair)


def file_text(mark: Mark) -> str:
    """A decision as the files write it, in the files' own words (English, like their column
    names): "r1 t2 late pair 3 -100 MP: Arrived at 21:08"."""
    parts = [f"r{mark.round_number}"]
    if mark.table_number is not None:
        parts.append(f"t{mark.table_number}")
    parts.append(mark.kind)
    if mark.partner_number is not None:
        parts.append(f"partnership {mark.pair_number} + {mark.partner_number}")
    elif mark.pair_number is not None:
        parts.append(f"{'player' if mark.individual else 'pair'} {mark.pair_number}")
    if mark.deal_number is not None:
        parts.append(f"deal {mark.deal_number}")
    if mark.mp:
        parts.append(f"-{mark.mp} MP")
    if mark.vp:
        parts.append(f"-{mark.vp} VP")
    return f"{' '.join(parts)}: {mark.reason}"


def pair_file_texts(tournament: Tournament) -> dict[int, str]:
    """Pair number -> its standing decisions as the standings file writes them ("; " apart)."""
    numbers = dict(tournament.pairs.values_list("pk", "number"))
    return {
        numbers[pair_id]: "; ".join(file_text(mark) for mark in marks)
        for pair_id, marks in marks_by_pair(tournament).items()
        if pair_id in numbers
    }


def deal_file_texts(tournament: Tournament) -> dict[tuple[int, int, int | None], str]:
    """(round, table, deal) -> the decisions the deals file writes on that deal's rows; deal
    None for those on the whole table (its result set, a penalty)."""
    texts: dict[tuple[int, int, int | None], list[str]] = defaultdict(list)
    for mark in marks_of(tournament):
        if mark.table_number is not None:
            key = (mark.round_number, mark.table_number, mark.deal_number)
            texts[key].append(file_text(mark))
    return {key: "; ".join(lines) for key, lines in texts.items()}
