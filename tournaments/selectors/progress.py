"""Reads of where a tournament stands, for the rules of `rules.progress`: its rounds' states,
the tables of a round still without a result, and which later round has closed a round. The
services ask these before they write and the pages before they offer a button, so both get the
same answer from the same rule."""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from django.db.models import OuterRef, Subquery

from tournaments.models import Round, Seat, Table, Tournament
from tournaments.rules import progress
from tournaments.rules.individual_changes import late_player_refusal
from tournaments.rules.progress import RoundState


def closing_round() -> Subquery:
    """For a query of rows with a `round` (tables, seats): the number of the first later round
    of the same tournament that has started, or None; annotate it as `closed_by`, so the read
    that needs it costs no query of its own."""
    later = (
        Round.objects.filter(
            tournament_id=OuterRef("round__tournament_id"), number__gt=OuterRef("round__number")
        )
        .exclude(status=Round.Status.SEATING)
        .order_by("number")
        .values("number")[:1]
    )
    return Subquery(later)


def closed_by(round_: Round) -> int | None:
    """The first round after `round_` that has started (it closed `round_`), or None."""
    return (
        Round.objects.filter(tournament_id=round_.tournament_id, number__gt=round_.number)
        .exclude(status=Round.Status.SEATING)
        .order_by("number")
        .values_list("number", flat=True)
        .first()
    )


def closed_by_of(row: Table | Seat) -> int | None:
    """`closed_by` of a table's or a seat's round: as annotated by the read (`closing_round()`),
    else read now."""
    if hasattr(row, "closed_by"):
        return row.closed_by  # type: ignore[no-any-return]
    return closed_by(row.round)


def waiting_tables(round_: Round | int) -> list[int]:
    """The numbers of the round's tables still without a result."""
    round_id = round_ if isinstance(round_, int) else round_.pk
    return list(
        Table.objects.filter(round_id=round_id)
        .exclude(status=Table.Status.DONE)
        .order_by("number")
        .values_list("number", flat=True)
    )


@dataclass(frozen=True)
class Progress:
    """A tournament's rounds as the rules read them; the latest round's tables still without a
    result are read only when a rule asks (while it is played)."""

    finished: bool
    planned: int
    rounds: tuple[RoundState, ...]
    latest: Round | None
    individual: bool = False
    """Players join an individual evening until its last round starts (`individual_changes`)."""

    @property
    def last(self) -> RoundState | None:
        return self.rounds[-1] if self.rounds else None

    @cached_property
    def waiting(self) -> tuple[int, ...]:
        playing = self.latest is not None and self.latest.status == Round.Status.PLAYING
        return tuple(waiting_tables(self.latest)) if playing and self.latest else ()

    def seat_refusal(self) -> str:
        last = self.last
        waiting = self.waiting if last is not None and last.status != progress.DONE else ()
        return progress.seat_refusal(
            finished=self.finished, last=last, planned=self.planned, waiting=waiting
        )

    def finish_refusal(self) -> str:
        return progress.finish_refusal(finished=self.finished, rounds=self.rounds)

    def finish_question(self) -> str:
        played = sum(1 for r in self.rounds if r.status == progress.DONE)
        return progress.finish_question(played=played, planned=self.planned)

    def pairs_entry_refusal(self) -> str:
        if self.individual:
            return late_player_refusal(
                finished=self.finished, rounds=self.rounds, planned=self.planned
            )
        return progress.pairs_entry_refusal(
            finished=self.finished, rounds=self.rounds, planned=self.planned
        )


def progress_of(tournament: Tournament, rounds: Sequence[Round] | None = None) -> Progress:
    """Where `tournament` stands (its `rounds` when already read, in order, the latest last):
    one query, and one more when a rule needs the tables a played round waits for."""
    if rounds is None:
        rounds = list(tournament.round_set.order_by("number"))
    return Progress(
        finished=tournament.is_finished,
        planned=tournament.rounds,
        rounds=tuple(RoundState(r.number, r.status) for r in rounds),
        latest=rounds[-1] if rounds else None,
        individual=tournament.is_individual,
    )


def start_refusal(round_: Round) -> str:
    """Why `round_` cannot start now ("" when it can)."""
    tournament = round_.tournament
    unfinished = (
        tournament.round_set.filter(number__lt=round_.number)
        .exclude(status=Round.Status.DONE)
        .order_by("number")
        .first()
    )
    return progress.start_refusal(
        finished=tournament.is_finished,
        round=RoundState(round_.number, round_.status),
        unfinished=RoundState(unfinished.number, unfinished.status) if unfinished else None,
        waiting=waiting_tables(unfinished) if unfinished else (),
    )
