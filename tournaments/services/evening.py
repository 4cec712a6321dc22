"""Writes of the arbiter's evening: a round's seating published, its clock started, paused,
resumed or lengthened, and the pairs' check-in before round 1 (ticked by the organiser or by the
pair's own link, and the absent withdrawn in one step). Each is one transaction and one record in
the change log; `now` is the moment it happens (the tests pass it)."""

import datetime
from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Pair, Round, Tournament, TournamentEvent
from tournaments.rules import evening
from tournaments.rules.entrant_texts import entrant_text
from tournaments.selectors.access import User
from tournaments.services.announcements import ROUND_PUBLISHED, announce
from tournaments.services.errors import ServiceError
from tournaments.services.events import record
from tournaments.services.versions import results_changed

Kind = TournamentEvent.Kind


def _locked(round_: Round) -> Round:
    return (
        Round.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=round_.pk)
    )


def seating_publish_now(round_: Round, *, user: User | None, now: datetime.datetime) -> None:
    """Publish a locked round's seating (inside the caller's transaction): the public pages, the
    pairs' phones and the webhooks' ROUND_PUBLISHED see it from now on."""
    round_.seating_published_at = now
    round_.save(update_fields=["seating_published_at"])
    record(
        round_.tournament,
        Kind.SEATING_PUBLISHED,
        user=user,
        round_number=round_.number,
        after={"at": now.isoformat()},
    )
    results_changed(round_.tournament)
    announce(round_.tournament, ROUND_PUBLISHED, round_number=round_.number)


@transaction.atomic
def seating_publish(
    *, round: Round, user: User | None = None, now: datetime.datetime | None = None
) -> Round:
    """Show a seated round's seating to the players (the projector, "find your table", their
    phones and evening pages)."""
    round_ = _locked(round)
    refusal = evening.publish_refusal(
        finished=round_.tournament.is_finished,
        status=round_.status,
        published=round_.seating_published_at is not None,
    )
    if refusal:
        raise ServiceError(refusal)
    seating_publish_now(round_, user=user, now=now or timezone.now())
    return round_


def _clock_check(round_: Round) -> None:
    refusal = evening.clock_refusal(finished=round_.tournament.is_finished, status=round_.status)
    if refusal:
        raise ServiceError(refusal)


def _minutes_check(minutes: int) -> None:
    refusal = evening.clock_minutes_refusal(minutes)
    if refusal:
        raise ServiceError(refusal)


def _clock_record(round_: Round, action: str, user: User | None, **after: object) -> None:
    ends = round_.clock_ends_at.isoformat() if round_.clock_ends_at else None
    record(
        round_.tournament,
        Kind.CLOCK,
        user=user,
        round_number=round_.number,
        after={"action": action, "ends_at": ends, **after},
    )
    results_changed(round_.tournament)


def round_minutes(tournament: Tournament) -> int:
    """A round clock's usual length: the deals per round times the minutes per deal (a match to
    a target score: the minutes per deal three times over, the usual length of a match)."""
    deals = tournament.deals_per_round if tournament.play_format.slug == "deals" else 3
    return deals * tournament.minutes_per_deal


@transaction.atomic
def clock_start(
    *,
    round: Round,
    minutes: int,
    user: User | None = None,
    now: datetime.datetime | None = None,
) -> Round:
    """Start (or start again) the round's clock: the time is up `minutes` from now."""
    round_ = _locked(round)
    _clock_check(round_)
    _minutes_check(minutes)
    now = now or timezone.now()
    round_.clock_started_at = now
    round_.clock_ends_at = now + datetime.timedelta(minutes=minutes)
    round_.clock_paused_seconds = None
    round_.save(update_fields=["clock_started_at", "clock_ends_at", "clock_paused_seconds"])
    _clock_record(round_, "started", user, minutes=minutes, started_at=now.isoformat())
    return round_


@transaction.atomic
def clock_pause(
    *, round: Round, user: User | None = None, now: datetime.datetime | None = None
) -> Round:
    """Stop the clock where it is: it keeps the seconds left."""
    round_ = _locked(round)
    _clock_check(round_)
    now = now or timezone.now()
    clock = evening.clock_of(
        ends_at=round_.clock_ends_at, paused_seconds=round_.clock_paused_seconds, now=now
    )
    if (refusal := evening.pause_refusal(clock)) or clock is None:
        raise ServiceError(refusal)
    round_.clock_paused_seconds = clock.left
    round_.save(update_fields=["clock_paused_seconds"])
    _clock_record(round_, "paused", user, seconds_left=clock.left)
    return round_


@transaction.atomic
def clock_resume(
    *, round: Round, user: User | None = None, now: datetime.datetime | None = None
) -> Round:
    """Run a paused clock again from the seconds it kept."""
    round_ = _locked(round)
    _clock_check(round_)
    if round_.clock_paused_seconds is None:
        raise ServiceError(_("The clock is not paused."))
    now = now or timezone.now()
    round_.clock_ends_at = now + datetime.timedelta(seconds=round_.clock_paused_seconds)
    round_.clock_paused_seconds = None
    round_.save(update_fields=["clock_ends_at", "clock_paused_seconds"])
    _clock_record(round_, "resumed", user)
    return round_


@transaction.atomic
def clock_add(
    *,
    round: Round,
    minutes: int,
    user: User | None = None,
    now: datetime.datetime | None = None,
) -> Round:
    """Give the round `minutes` more (to a clock whose time is up: from now)."""
    round_ = _locked(round)
    _clock_check(round_)
    _minutes_check(minutes)
    if round_.clock_ends_at is None:
        raise ServiceError(_("Start the clock first."))
    extra = datetime.timedelta(minutes=minutes)
    if round_.clock_paused_seconds is not None:
        round_.clock_paused_seconds += minutes * 60
    else:
        now = now or timezone.now()
        round_.clock_ends_at = max(round_.clock_ends_at, now) + extra
    round_.save(update_fields=["clock_ends_at", "clock_paused_seconds"])
    _clock_record(round_, "extended", user, minutes=minutes)
    return round_


# --- check-in ----------------------------------------------------------------------------------


def _check_in_check(tournament: Tournament) -> None:
    refusal = evening.check_in_refusal(
        finished=tournament.is_finished, rounds_seated=tournament.round_set.count()
    )
    if refusal:
        raise ServiceError(refusal)


@transaction.atomic
def pair_check_in(
    *,
    pair: Pair,
    present: bool = True,
    user: User | None = None,
    by_link: bool = False,
    now: datetime.datetime | None = None,
) -> Pair:
    """Tick a pair present (or not) before round 1 is seated; `by_link`: the pair opened its
    own link. Ticking a pair already ticked changes nothing and records nothing."""
    tournament = Tournament.objects.select_for_update().get(pk=pair.tournament_id)
    pair = Pair.objects.select_for_update().get(pk=pair.pk)
    _check_in_check(tournament)
    if pair.withdrawn_from is not None:
        raise ServiceError(entrant_text(tournament, "has_withdrawn", pair=pair.number))
    if (pair.checked_in_at is not None) == present:
        return pair
    pair.checked_in_at = (now or timezone.now()) if present else None
    pair.save(update_fields=["checked_in_at"])
    record(
        tournament,
        Kind.CHECK_IN,
        user=user,
        after={"pair": pair.number, "present": present, "by": "link" if by_link else "organiser"},
    )
    return pair


def absent_pairs(tournament: Tournament) -> list[Pair]:
    """The pairs not ticked present (and not withdrawn), by number."""
    return list(
        tournament.pairs.filter(checked_in_at__isnull=True, withdrawn_from__isnull=True).order_by(
            "number"
        )
    )


@transaction.atomic
def absent_withdraw(
    *, tournament: Tournament, numbers: Sequence[int], user: User | None = None
) -> list[int]:
    """Withdraw the absent pairs before round 1 is seated: they play no round. `numbers` are
    the pairs the organiser confirmed; the step is refused if the absent are others now (a pair
    checked in meanwhile)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    _check_in_check(tournament)
    absent = absent_pairs(tournament)
    found = [pair.number for pair in absent]
    if not found:
        raise ServiceError(entrant_text(tournament, "all_checked_in"))
    if sorted(numbers) != found:
        raise ServiceError(entrant_text(tournament, "absent_changed"))
    if tournament.pairs.filter(withdrawn_from__isnull=True).count() - len(absent) < 2:
        raise ServiceError(entrant_text(tournament, "too_few_checked_in"))
    Pair.objects.filter(pk__in=[pair.pk for pair in absent]).update(withdrawn_from=1)
    record(
        tournament,
        Kind.ABSENT_WITHDRAWN,
        user=user,
        round_number=1,
        after={"pairs": found, "names": [pair.names for pair in absent]},
    )
    results_changed(tournament)
    return found
