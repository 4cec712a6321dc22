"""Writes: everything that changes a club's records goes through here, in one transaction.

A deal goes form → `deal_record` → the scoring engine → DealSide and Meld rows → the table's
totals → the pairs' standings. Nothing else computes a score. User errors are `ServiceError`
(or the engine's `InvalidDeal`), with messages ready to show; nothing is saved when one is
raised.
"""

import random
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import F, Max
from django.utils.text import slugify

from scoring import (
    InvalidMatch,
    VpBand,
    VpScale,
    deal_from_json,
    house_rules,
    match_state,
    rule_set,
    score_deal,
)
from scoring.deals import DealResult
from tournaments import movements
from tournaments.models import (
    CUSTOM_SCALE,
    Club,
    Deal,
    DealSide,
    Meld,
    Pair,
    Player,
    ResultChange,
    Round,
    Seat,
    Table,
    Tournament,
)
from tournaments.standings import PairRecord, TableOutcome, rank_pairs

User = AbstractBaseUser | AnonymousUser
NS, EW = Seat.Direction.NS, Seat.Direction.EW


class ServiceError(Exception):
    """Something the organiser asked for that cannot be done, said in the words of the game."""

    def __init__(self, *messages: str) -> None:
        self.messages = messages
        super().__init__(" ".join(messages))


class StaleTable(ServiceError):
    """The table changed since the form was opened: the second saver sees what changed."""

    def __init__(self, table: Table, changes: list[str]) -> None:
        self.table = table
        self.changes = changes
        super().__init__(
            f"Table {table.number} was changed by someone else while you were typing, so your "
            "entry was not saved. " + " ".join(changes) + " Check the deal and save it again."
        )


def results_changed(tournament: Tournament) -> None:
    """Every change public pages show (results, seating, pairs) bumps the tournament's
    results_version; cached standings are keyed by it, so no process ever serves old ones."""
    Tournament.objects.filter(pk=tournament.pk).update(results_version=F("results_version") + 1)
    tournament.refresh_from_db(fields=["results_version"])
    from tournaments.leaderboard import forget_version  # leaderboard reads services' models

    forget_version(tournament.club.slug, tournament.slug)


# --- tournaments and pairs -------------------------------------------------------------------


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
    vp_scale: str = "fibur-3",
    custom_vp_bands: Sequence[Sequence[int | None]] = (),
    target_score: int | None = None,
    bye_vp: int = 14,
    bye_mp: int = 355,
    house_rules_overrides: dict[str, Any] | None = None,
    movement_plan: Sequence[str] = (),
    published: bool = False,
) -> Tournament:
    overrides = house_rules_overrides or {}
    try:
        house_rules(rule_set(variant), overrides)
    except KeyError:
        raise ServiceError(f"Unknown variant {variant!r}.") from None
    except ValueError as error:
        raise ServiceError(f"House rules: {error}.") from None
    if vp_scale == CUSTOM_SCALE:
        vp_scale_from_rows(custom_vp_bands)
    plan = list(movement_plan) or default_movement_plan(rounds)
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
        vp_scale=vp_scale,
        custom_vp_bands=[list(row) for row in custom_vp_bands],
        target_score=target_score,
        bye_vp=bye_vp,
        bye_mp=bye_mp,
        house_rules=overrides,
        movement_plan=plan,
        published=published,
    )


def default_movement_plan(rounds: int) -> list[str]:
    """A random draw, Mitchell rounds, and Danese for the last round once there are three."""
    plan = [Round.Movement.RANDOM.value] + [Round.Movement.MITCHELL.value] * (rounds - 1)
    if rounds >= 3:
        plan[-1] = Round.Movement.DANESE.value
    return plan[:rounds]


def vp_scale_from_rows(rows: Sequence[Sequence[int | None]]) -> VpScale:
    """A custom VP table from [up_to, winner, loser] rows; ServiceError says what is wrong."""
    try:
        bands = tuple(VpBand(row[0], int(row[1] or 0), int(row[2] or 0)) for row in rows)
        return VpScale(CUSTOM_SCALE, "Custom", bands)
    except (ValueError, IndexError, TypeError) as error:
        raise ServiceError(f"The VP table is not usable: {error}.") from None


_SEPARATORS = re.compile(r"\s*(?:/|&|\t|;|,|\s-\s|\s–\s|\+)\s*")


def parse_pair_lines(text: str, *, players_per_pair: int) -> list[list[tuple[str, str]]]:
    """Lines of 'First Last / First Last' into (first, last) names; ServiceError otherwise."""
    pairs, problems = [], []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        names = [name for name in _SEPARATORS.split(line) if name.strip()]
        if len(names) != players_per_pair:
            want = "one player" if players_per_pair == 1 else "two players separated by /"
            problems.append(f"Line {number} ({line}): write {want}.")
            continue
        pairs.append([_split_name(name) for name in names])
    if problems:
        raise ServiceError(*problems)
    return pairs


def _split_name(name: str) -> tuple[str, str]:
    words = name.split()
    if len(words) == 1:
        return "", words[0]
    return " ".join(words[:-1]), words[-1]


@transaction.atomic
def pairs_add(*, tournament: Tournament, text: str) -> list[Pair]:
    """Add pairs, two names a line; players already known to the club are reused."""
    if tournament.status == Tournament.Status.FINISHED:
        raise ServiceError("The tournament is finished: no pairs can be added.")
    if tournament.round_set.exists():
        raise ServiceError("Pairs can only be added before the first round is seated.")
    per_pair = 1 if tournament.rules.one_player_sides_only else 2
    lines = parse_pair_lines(text, players_per_pair=per_pair)
    if not lines:
        raise ServiceError("Write at least one pair, one a line.")
    known = {
        (p.first_name.casefold(), p.last_name.casefold()): p
        for p in Player.objects.filter(club=tournament.club)
    }
    entered = {
        pid
        for pair in tournament.pairs.all()
        for pid in (pair.player_one_id, pair.player_two_id)
        if pid
    }
    next_number = (tournament.pairs.aggregate(n=Max("number"))["n"] or 0) + 1
    created = []
    problems = []
    for names in lines:
        players = []
        for first, last in names:
            player = known.get((first.casefold(), last.casefold()))
            if player is None:
                player = Player.objects.create(
                    club=tournament.club, first_name=first, last_name=last
                )
                known[(first.casefold(), last.casefold())] = player
            if player.pk in entered:
                problems.append(f"{player.full_name} is already in a pair of this tournament.")
            entered.add(player.pk)
            players.append(player)
        if len(players) == 2 and players[0].pk == players[1].pk:
            problems.append(f"A pair needs two different players ({players[0].full_name}).")
            continue
        created.append(
            Pair(
                tournament=tournament,
                number=next_number,
                player_one=players[0],
                player_two=players[1] if len(players) > 1 else None,
            )
        )
        next_number += 1
    if problems:
        raise ServiceError(*problems)
    pairs = Pair.objects.bulk_create(created)
    results_changed(tournament)
    return pairs


@transaction.atomic
def pair_remove(*, pair: Pair) -> None:
    if pair.tournament.round_set.exists():
        raise ServiceError("A pair can only be removed before the first round is seated.")
    pair.delete()
    results_changed(pair.tournament)


# --- rounds ------------------------------------------------------------------------------------


@dataclass
class Prepared:
    round: Round
    warnings: list[str] = field(default_factory=list)


def _history(
    tournament: Tournament, before: int | None = None
) -> tuple[set[frozenset[int]], dict[int, int]]:
    """Meetings and bye counts of the rounds before round `before` (all rounds if None)."""
    tables: dict[int, list[int]] = defaultdict(list)
    bye_tables: set[int] = set()
    seats = Seat.objects.filter(round__tournament=tournament).select_related("table", "round")
    if before is not None:
        seats = seats.filter(round__number__lt=before)
    for seat in seats:
        tables[seat.table_id].append(seat.pair_id)
        if seat.table.is_bye:
            bye_tables.add(seat.table_id)
    meetings = {frozenset(ids) for ids in tables.values() if len(ids) == 2}
    byes: dict[int, int] = defaultdict(int)
    for table_id in bye_tables:
        for pair_id in tables[table_id]:
            byes[pair_id] += 1
    return meetings, dict(byes)


def _seating_of(round_: Round) -> movements.Seating:
    seats = list(round_.seats.select_related("table"))
    by_table: dict[int, dict[str, int]] = defaultdict(dict)
    numbers: dict[int, int] = {}
    bye = None
    for seat in seats:
        if seat.table.is_bye:
            bye = seat.pair_id
            continue
        by_table[seat.table_id][seat.direction] = seat.pair_id
        numbers[seat.table_id] = seat.table.number
    tables = tuple(
        movements.TableSeat(numbers[tid], places[NS], places[EW])
        for tid, places in sorted(by_table.items(), key=lambda item: numbers[item[0]])
    )
    return movements.Seating(tables=tables, bye=bye)


def standings_order(tournament: Tournament) -> list[int]:
    """Pair ids best first, as the stored standings rank them (pair number breaks a draw)."""
    pairs = tournament.pairs.order_by("rank", "number").values_list("id", "rank")
    return [pid for pid, _ in sorted(pairs, key=lambda p: (p[1] is None, p[1] or 0))]


def _seating_for(
    tournament: Tournament, number: int, movement: str, step: int | None, seed: int
) -> tuple[movements.Seating, list[str]]:
    pair_ids = list(tournament.pairs.order_by("number").values_list("id", flat=True))
    if len(pair_ids) < 2:
        raise ServiceError("Add at least two pairs before seating a round.")
    history, byes = _history(tournament, before=number)
    warnings: list[str] = []
    previous = tournament.round_set.filter(number=number - 1).first()
    try:
        if movement == Round.Movement.RANDOM:
            seating = movements.random_draw(pair_ids, seed=seed, byes=byes, history=history)
        elif movement == Round.Movement.MITCHELL:
            step = step or 1
            before = _seating_of(previous) if previous else None
            if before is not None:
                repeats = movements.mitchell_repeats(before, step=step, history=history)
                if repeats:
                    warnings.append(
                        f"Mitchell step {step} repeats {len(repeats)} meeting"
                        f"{'s' if len(repeats) > 1 else ''} already played; "
                        "another step may avoid it."
                    )
            seating = movements.mitchell(
                before, pairs=pair_ids, step=step, seed=seed, history=history, byes=byes
            )
        elif movement == Round.Movement.DANESE:
            seating = movements.danese(
                danese_standings(tournament, before=number), history=history, byes=byes
            )
        elif movement == Round.Movement.ROUND_ROBIN:
            played = tournament.round_set.filter(
                number__lt=number, movement=Round.Movement.ROUND_ROBIN
            ).count()
            seating = movements.round_robin(pair_ids, round_number=played + 1)
        else:
            raise ServiceError(f"Unknown movement {movement!r}.")
    except ValueError as error:
        raise ServiceError(str(error)) from None
    if seating.rematches:
        warnings.append(
            f"This seating repeats {len(seating.rematches)} meeting"
            f"{'s' if len(seating.rematches) > 1 else ''} already played."
        )
    return seating, warnings


@transaction.atomic
def round_prepare(
    *,
    tournament: Tournament,
    movement: str | None = None,
    step: int | None = None,
    seed: int | None = None,
) -> Prepared:
    """Seat the next round by its movement. The seating can still be changed (swap, or prepared
    again) until the round is started."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    last = tournament.round_set.order_by("-number").first()
    if last is not None and last.status == Round.Status.SEATING:
        raise ServiceError(f"Round {last.number} is seated but not started yet.")
    if last is not None and last.status != Round.Status.DONE:
        waiting = [t.number for t in last.tables.exclude(status=Table.Status.DONE)]
        raise ServiceError(
            f"Round {last.number} is not finished: "
            + _tables_text(waiting)
            + " still need a result."
        )
    number = (last.number if last else 0) + 1
    if number > tournament.rounds:
        raise ServiceError(
            f"This tournament has {tournament.rounds} rounds. Raise the number of rounds to add "
            "another."
        )
    if tournament.status == Tournament.Status.FINISHED:
        raise ServiceError("The tournament is finished.")
    plan = tournament.movement_plan or default_movement_plan(tournament.rounds)
    movement = movement or (plan[number - 1] if number <= len(plan) else Round.Movement.DANESE)
    if movement == Round.Movement.MITCHELL:
        step = step or 1
    seed = seed if seed is not None else random.SystemRandom().randrange(1, 2**31)
    seating, warnings = _seating_for(tournament, number, movement, step, seed)
    round_ = Round.objects.create(
        tournament=tournament,
        number=number,
        movement=movement,
        step=step if movement == Round.Movement.MITCHELL else None,
        seed=seed,
    )
    _write_seating(round_, seating)
    results_changed(tournament)
    return Prepared(round_, warnings)


def _tables_text(numbers: list[int]) -> str:
    if len(numbers) == 1:
        return f"table {numbers[0]}"
    return "tables " + ", ".join(str(n) for n in numbers[:-1]) + f" and {numbers[-1]}"


def _write_seating(round_: Round, seating: movements.Seating) -> None:
    round_.tables.all().delete()
    tables = Table.objects.bulk_create(
        [Table(round=round_, number=t.number) for t in seating.tables]
    )
    seats = []
    for table, seat in zip(tables, seating.tables, strict=True):
        seats.append(Seat(round=round_, table=table, pair_id=seat.ns, direction=NS))
        seats.append(Seat(round=round_, table=table, pair_id=seat.ew, direction=EW))
    if seating.bye is not None:
        bye_table = Table.objects.create(round=round_, number=len(seating.tables) + 1, is_bye=True)
        seats.append(Seat(round=round_, table=bye_table, pair_id=seating.bye, direction=NS))
    Seat.objects.bulk_create(seats)


@transaction.atomic
def round_reseat(
    *, round: Round, movement: str, step: int | None = None, seed: int | None = None
) -> Prepared:
    """Seat a round again, with another movement or step, before it starts."""
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    if round_.status != Round.Status.SEATING:
        raise ServiceError(f"Round {round_.number} has started: its seating can no longer change.")
    seed = seed if seed is not None else random.SystemRandom().randrange(1, 2**31)
    if movement == Round.Movement.MITCHELL:
        step = step or 1
    seating, warnings = _seating_for(round_.tournament, round_.number, movement, step, seed)
    round_.movement = movement
    round_.step = step if movement == Round.Movement.MITCHELL else None
    round_.seed = seed
    round_.save(update_fields=["movement", "step", "seed"])
    _write_seating(round_, seating)
    results_changed(round_.tournament)
    return Prepared(round_, warnings)


@transaction.atomic
def round_swap(*, round: Round, pair_a: Pair, pair_b: Pair) -> list[str]:
    """Swap two pairs' seats before the round starts; returns warnings (rematches)."""
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    if round_.status != Round.Status.SEATING:
        raise ServiceError(f"Round {round_.number} has started: its seating can no longer change.")
    if pair_a.pk == pair_b.pk:
        raise ServiceError("Choose two different pairs to swap.")
    seats = {s.pair_id: s for s in round_.seats.filter(pair__in=[pair_a, pair_b])}
    if len(seats) != 2:
        raise ServiceError("Both pairs must be seated in this round.")
    first, second = seats[pair_a.pk], seats[pair_b.pk]
    places = [(first.table_id, first.direction), (second.table_id, second.direction)]
    Seat.objects.filter(pk__in=[first.pk, second.pk]).delete()
    Seat.objects.bulk_create(
        [
            Seat(round=round_, table_id=places[1][0], direction=places[1][1], pair=pair_a),
            Seat(round=round_, table_id=places[0][0], direction=places[0][1], pair=pair_b),
        ]
    )
    results_changed(round_.tournament)
    history, _ = _history(round_.tournament, before=round_.number)
    rematches = movements.rematches_in(_seating_of(round_), history)
    if rematches:
        return [f"This seating now repeats {len(rematches)} meeting(s) already played."]
    return []


@transaction.atomic
def round_start(*, round: Round) -> Round:
    """Start a seated round: the seating is fixed and the bye gets its award."""
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    if round_.status != Round.Status.SEATING:
        raise ServiceError(f"Round {round_.number} has already started.")
    tournament = round_.tournament
    round_.status = Round.Status.PLAYING
    round_.save(update_fields=["status"])
    for table in round_.tables.filter(is_bye=True):
        table.status = Table.Status.DONE
        table.ns_mp = tournament.bye_mp
        table.ns_vp = None if tournament.is_target else tournament.bye_vp
        table.winner = NS if tournament.is_target else ""
        table.save()
    if tournament.status == Tournament.Status.SETUP:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    _round_refresh_status(round_)
    standings_recompute(tournament=tournament)
    results_changed(tournament)
    return round_


@transaction.atomic
def tournament_finish(*, tournament: Tournament) -> Tournament:
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    unfinished = tournament.round_set.exclude(status=Round.Status.DONE)
    if unfinished.exists():
        raise ServiceError(
            f"Round {unfinished.first().number} is not finished yet."  # type: ignore[union-attr]
        )
    if not tournament.round_set.exists():
        raise ServiceError("No round has been played yet.")
    tournament.status = Tournament.Status.FINISHED
    tournament.save(update_fields=["status"])
    results_changed(tournament)
    return tournament


# --- deals --------------------------------------------------------------------------------------


def _snapshot(deal: Deal | None) -> dict[str, Any] | None:
    if deal is None:
        return None
    return {
        "number": deal.number,
        "mode": deal.mode,
        "entry": deal.entry,
        "totals": {side.direction: side.total for side in deal.sides.all()},
    }


@dataclass(frozen=True)
class DealPreview:
    """What a deal is worth and where it leaves the table, before (or as) it is saved."""

    result: DealResult
    sides: list[dict[str, Any]]
    """The two sides as the engine received them (with `score_before` where it matters)."""
    mp: tuple[int, int]
    """The table's totals once this deal is in: N-S, E-W."""
    vp: tuple[int, int] | None
    """Deals format: the VP those totals give (provisional until the table is done)."""
    winner: str
    """Target format: "ns" or "ew" once the match is won, else ""."""


def deal_preview(*, table: Table, number: int, sides: Sequence[dict[str, Any]]) -> DealPreview:
    """Score a deal as deal_record would, saving nothing: the page's live check uses it."""
    deals_now = {d.number: d for d in table.deals.prefetch_related("sides")}
    return _preview(table, number, sides, deals_now)


def _preview(
    table: Table, number: int, sides: Sequence[dict[str, Any]], deals_now: dict[int, Deal]
) -> DealPreview:
    tournament = table.round.tournament
    rules = tournament.rules
    if len(sides) != 2:
        raise ServiceError("A deal at a table has two sides: North-South and East-West.")
    per_deal = {
        n: tuple(
            next(side.total for side in deal.sides.all() if side.direction == direction)
            for direction in (NS, EW)
        )
        for n, deal in deals_now.items()
    }
    before = [sum(per_deal[n][i] for n in per_deal if n < number) for i in (0, 1)]
    data_sides = []
    for index, side in enumerate(sides):
        side = {key: value for key, value in side.items() if key != "score_before"}
        if rules.opening is not None:
            # the opening minimum depends on the running score of the match: target format only
            side["score_before"] = before[index] if tournament.is_target else 0
        data_sides.append(side)
    result = score_deal(deal_from_json({"variant": rules.slug, "sides": data_sides}, rules))
    per_deal[number] = (result.sides[0].total, result.sides[1].total)
    totals = [per_deal[n] for n in sorted(per_deal)]
    mp = (sum(t[0] for t in totals), sum(t[1] for t in totals))
    if not tournament.is_target:
        return DealPreview(result, data_sides, mp, tournament.scale.vp(*mp), "")
    try:
        state = match_state(rules, [list(t) for t in totals], target=tournament.target)
    except InvalidMatch as error:
        raise ServiceError(*error.problems) from None
    winner = "" if state.winner is None else (NS, EW)[state.winner]
    return DealPreview(result, data_sides, mp, None, winner)


@transaction.atomic
def deal_record(
    *,
    table: Table,
    number: int,
    sides: Sequence[dict[str, Any]],
    mode: str,
    user: User,
    version: int,
) -> Deal:
    """Score and save one deal of a table (a new one, or a correction).

    `sides` are the contract's two sides, North-South first, without `score_before` (it is
    the table's running total before this deal). Raises StaleTable when the table changed
    since `version`, InvalidDeal (the engine's messages) or ServiceError; saves nothing then.
    """
    # Lock this table's row only: other tables of the tournament save at the same time.
    table = (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__tournament")
        .get(pk=table.pk)
    )
    tournament = table.round.tournament
    _check_table_open(table, version)
    deals_now = {d.number: d for d in table.deals.prefetch_related("sides")}
    _check_deal_number(table, number, deals_now)
    pairs = {seat.direction: seat.pair_id for seat in table.seats.all()}
    preview = _preview(table, number, sides, deals_now)
    result = preview.result

    old = deals_now.get(number)
    before = _snapshot(old)
    if old is not None:
        old.delete()
    deal = Deal.objects.create(
        table=table,
        number=number,
        mode=mode,
        entry={"sides": [dict(s) for s in sides]},
        entered_by=user if user.is_authenticated else None,
    )
    _save_sides(deal, pairs, preview.sides, result)
    after = {
        "number": number,
        "mode": mode,
        "entry": deal.entry,
        "totals": {NS: result.sides[0].total, EW: result.sides[1].total},
    }
    ResultChange.objects.create(
        tournament=tournament,
        table=table,
        deal_number=number,
        action=ResultChange.Action.CORRECTED if old else ResultChange.Action.ENTERED,
        user=user if user.is_authenticated else None,
        before=before,
        after=after,
    )
    _after_table_change(table)
    return deal


@transaction.atomic
def deal_remove(*, table: Table, number: int, user: User, version: int) -> None:
    """Remove a deal (the last one of a target match, or any one of a deals table)."""
    table = (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__tournament")
        .get(pk=table.pk)
    )
    _check_table_open(table, version)
    deal = table.deals.prefetch_related("sides").filter(number=number).first()
    if deal is None:
        raise ServiceError(f"Table {table.number} has no deal {number}.")
    if table.deals.filter(number__gt=number).exists():
        raise ServiceError("Only the last deal can be removed; correct an earlier one instead.")
    before = _snapshot(deal)
    deal.delete()
    ResultChange.objects.create(
        tournament=table.round.tournament,
        table=table,
        deal_number=number,
        action=ResultChange.Action.REMOVED,
        user=user if user.is_authenticated else None,
        before=before,
        after=None,
    )
    _after_table_change(table)


def _check_table_open(table: Table, version: int) -> None:
    if table.is_bye:
        raise ServiceError("This pair sits out this round: there is nothing to enter.")
    if table.round.status == Round.Status.SEATING:
        raise ServiceError(f"Round {table.round.number} has not started yet.")
    if table.version != version:
        changes = [
            f"{change.get_action_display()}: deal {change.deal_number}"
            + (f" by {change.user}" if change.user else "")
            + (
                f", now N-S {change.after['totals'][NS]}, E-W {change.after['totals'][EW]}"
                if change.after
                else ""
            )
            + "."
            for change in table.changes.select_related("user").order_by("-at", "-id")[:3]
        ]
        raise StaleTable(table, changes)


def _check_deal_number(table: Table, number: int, deals_now: dict[int, Deal]) -> None:
    tournament = table.round.tournament
    if number < 1:
        raise ServiceError("Deal numbers start at 1.")
    if not tournament.is_target and number > tournament.deals_per_round:
        raise ServiceError(
            f"Each table plays {tournament.deals_per_round} deals a round: "
            f"there is no deal {number}."
        )
    if number not in deals_now and number != len(deals_now) + 1:
        raise ServiceError(f"Enter deal {len(deals_now) + 1} first.")


def _save_sides(
    deal: Deal, pairs: dict[str, int], data_sides: list[dict[str, Any]], result: DealResult
) -> None:
    melds = []
    for direction, data, scored in zip((NS, EW), data_sides, result.sides, strict=True):
        side = DealSide.objects.create(
            deal=deal,
            direction=direction,
            pair_id=pairs[direction],
            closed=bool(data.get("closed")),
            pot=str(data.get("pot", "")),
            melded_points=scored.melded_points,
            hand_points=scored.hand_points,
            burracos=list(scored.burracos),
            burraco_bonus=scored.burraco_bonus,
            closing_bonus=scored.closing_bonus,
            hand_penalty=scored.hand_penalty,
            pot_penalty=scored.pot_penalty,
            total=scored.total,
            hand=" ".join(str(card) for card in data.get("hand", [])),
        )
        melds.extend(
            Meld(
                side=side,
                number=number,
                cards=" ".join(card.code for card in meld.cards),
                burraco=meld.burraco or "",
                points=meld.points,
            )
            for number, meld in enumerate(scored.melds, 1)
        )
    Meld.objects.bulk_create(melds)


def _after_table_change(table: Table) -> None:
    was_done = table.status == Table.Status.DONE
    table_recompute(table=table)
    table.version += 1
    table.save()
    round_ = table.round
    _round_refresh_status(round_)
    tournament = round_.tournament
    if was_done or table.status == Table.Status.DONE:
        # Standings count finished tables only: an unfinished one changes nothing there.
        standings_recompute(tournament=tournament)
        if tournament.round_set.filter(number__gt=round_.number).exists():
            danese_flags_refresh(tournament=tournament)
    results_changed(tournament)


def table_recompute(*, table: Table) -> None:
    """The table's MP, VP (deals format) or winner (target format) from its stored deals."""
    tournament = table.round.tournament
    totals = {NS: 0, EW: 0}
    per_deal: dict[int, dict[str, int]] = defaultdict(dict)
    for side in DealSide.objects.filter(deal__table=table).select_related("deal"):
        totals[side.direction] += side.total
        per_deal[side.deal.number][side.direction] = side.total
    table.ns_mp, table.ew_mp = totals[NS], totals[EW]
    played = len(per_deal)
    if tournament.is_target:
        state = match_state(
            tournament.rules,
            [[per_deal[n][NS], per_deal[n][EW]] for n in sorted(per_deal)],
            target=tournament.target,
        )
        table.winner = "" if state.winner is None else (NS, EW)[state.winner]
        table.ns_vp = table.ew_vp = None
        done = state.finished
    else:
        table.ns_vp, table.ew_vp = tournament.scale.vp(totals[NS], totals[EW])
        done = played >= tournament.deals_per_round
    table.status = (
        Table.Status.DONE
        if done
        else Table.Status.IN_PROGRESS
        if played
        else Table.Status.NOT_STARTED
    )


def _round_refresh_status(round_: Round) -> None:
    if round_.status == Round.Status.SEATING:
        return
    open_tables = round_.tables.exclude(status=Table.Status.DONE).exists()
    status = Round.Status.PLAYING if open_tables else Round.Status.DONE
    if status != round_.status:
        round_.status = status
        round_.save(update_fields=["status"])


# --- standings ----------------------------------------------------------------------------------


def _outcomes(tournament: Tournament, before: int | None = None) -> list[TableOutcome]:
    tables = Table.objects.filter(round__tournament=tournament, status=Table.Status.DONE)
    if before is not None:
        tables = tables.filter(round__number__lt=before)
    tables = tables.exclude(round__status=Round.Status.SEATING).prefetch_related("seats")
    outcomes = []
    for table in tables:
        seats = {seat.direction: seat.pair_id for seat in table.seats.all()}
        outcomes.append(
            TableOutcome(
                ns=seats[NS],
                ew=seats.get(EW),
                ns_mp=table.ns_mp,
                ew_mp=table.ew_mp,
                ns_vp=table.ns_vp or 0,
                ew_vp=table.ew_vp or 0,
                winner=table.winner,
            )
        )
    return outcomes


STANDING_FIELDS = ("vp", "mp", "rounds_played", "byes", "matches_won", "point_difference", "rank")


def standings_recompute(*, tournament: Tournament) -> None:
    """Store every pair's totals and rank, from the finished tables.

    Only the pairs whose numbers changed are written: a finished table moves two pairs and
    the ranks between them, and rewriting a whole field of 200 pairs on every save is slow."""
    pairs = list(tournament.pairs.all())
    records = rank_pairs(
        [p.pk for p in pairs], _outcomes(tournament), by_matches=tournament.is_target
    )
    changed = []
    for pair in pairs:
        record: PairRecord = records[pair.pk]
        values = [getattr(record, name) for name in STANDING_FIELDS]
        if values != [getattr(pair, name) for name in STANDING_FIELDS]:
            for name, value in zip(STANDING_FIELDS, values, strict=True):
                setattr(pair, name, value)
            changed.append(pair)
    if changed:
        Pair.objects.bulk_update(changed, STANDING_FIELDS)


def danese_standings(tournament: Tournament, *, before: int) -> list[int]:
    """Pair ids best first from the tables of the rounds before round `before`."""
    pair_ids = list(tournament.pairs.order_by("number").values_list("id", flat=True))
    records = rank_pairs(
        pair_ids, _outcomes(tournament, before=before), by_matches=tournament.is_target
    )
    return sorted(pair_ids, key=lambda pid: (records[pid].rank or 0, pair_ids.index(pid)))


def danese_flags_refresh(*, tournament: Tournament) -> None:
    """Flag the Danese rounds whose pairing the current results would now make differently."""
    for round_ in tournament.round_set.filter(movement=Round.Movement.DANESE):
        history, byes = _history(tournament, before=round_.number)
        wanted = movements.danese(
            danese_standings(tournament, before=round_.number), history=history, byes=byes
        )
        actual = _seating_of(round_)
        differs = (
            set(map(frozenset, wanted.meetings())) != set(map(frozenset, actual.meetings()))
            or wanted.bye != actual.bye
        )
        if differs != round_.pairing_outdated:
            round_.pairing_outdated = differs
            round_.save(update_fields=["pairing_outdated"])


def organiser_clubs(user: User) -> Iterable[Club]:
    if not user.is_authenticated:
        return Club.objects.none()
    return Club.objects.filter(organisers=user)


# --- added by setup pages -----------------------------------------------------------------------

_SCORING_SETTINGS = {
    "variant": "the variant",
    "format": "the format",
    "deals_per_round": "the deals per round",
    "house_rules": "the house rules",
    "vp_scale": "the VP scale",
    "custom_vp_bands": "the VP table",
    "target_score": "the target score",
    "bye_vp": "the bye award",
    "bye_mp": "the bye award",
}
_UPDATABLE = {*_SCORING_SETTINGS, "name", "date", "rounds", "movement_plan", "published"}


@transaction.atomic
def tournament_update(*, tournament: Tournament, **fields: Any) -> Tournament:
    """Change a tournament's settings; `house_rules_overrides` as in `tournament_create`.

    Once a round is seated the scoring settings are fixed (results are scored with them and
    stored), so only the name, date, number of rounds and the movements still to come change.
    """
    if "house_rules_overrides" in fields:
        fields["house_rules"] = dict(fields.pop("house_rules_overrides") or {})
    unknown = set(fields) - _UPDATABLE
    if unknown:
        raise TypeError(f"tournament_update() cannot change {', '.join(sorted(unknown))}")
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status == Tournament.Status.FINISHED:
        raise ServiceError("The tournament is finished: its settings can no longer change.")
    if "custom_vp_bands" in fields:
        fields["custom_vp_bands"] = [list(row) for row in fields["custom_vp_bands"]]
    variant = fields.get("variant", tournament.variant)
    try:
        rules = house_rules(rule_set(variant), fields.get("house_rules", tournament.house_rules))
    except KeyError:
        raise ServiceError(f"Unknown variant {variant!r}.") from None
    except ValueError as error:
        raise ServiceError(f"House rules: {error}.") from None
    changed = {key for key, value in fields.items() if getattr(tournament, key) != value}
    if "house_rules" in changed and rules == tournament.rules:
        changed.discard("house_rules")  # written differently, plays the same
    last = tournament.round_set.order_by("-number").first()
    if last is not None:
        locked = list(dict.fromkeys(v for key, v in _SCORING_SETTINGS.items() if key in changed))
        if locked:
            what = ", ".join(locked[:-1]) + (" and " if len(locked) > 1 else "") + locked[-1]
            raise ServiceError(
                f"Round 1 is already seated, so {what} can no longer change: the results are "
                "scored with them."
            )
    if fields.get("vp_scale", tournament.vp_scale) == CUSTOM_SCALE:
        vp_scale_from_rows(fields.get("custom_vp_bands", tournament.custom_vp_bands))
    rounds = fields.get("rounds", tournament.rounds)
    if rounds < 1:
        raise ServiceError("A tournament needs at least one round.")
    if last is not None and rounds < last.number:
        raise ServiceError(
            f"Round {last.number} is already seated: the tournament needs at least "
            f"{last.number} rounds."
        )
    plan = list(fields.get("movement_plan", tournament.movement_plan))
    fields["movement_plan"] = (plan + default_movement_plan(rounds)[len(plan) :])[:rounds]
    for key, value in fields.items():
        setattr(tournament, key, value)
    tournament.save()
    results_changed(tournament)
    return tournament


# --- added by public pages ----------------------------------------------------------------------


@transaction.atomic
def tournament_publish(*, tournament: Tournament, published: bool) -> Tournament:
    """Show the tournament on the public pages, or hide them again (they answer 404)."""
    Tournament.objects.filter(pk=tournament.pk).update(published=published)
    tournament.published = published
    results_changed(tournament)
    return tournament
