"""The organiser's round pages: seating the next round (turno) by a movement, changing the
seating before it starts (swap two pairs, or seat it again), starting it, and the round board
that follows every table while the round is played.

The board reads the round's tables with `selectors.round_tables`, so it costs the same few
queries for 4 tables or 40; its table list refreshes itself every 10 seconds with htmx."""

import random
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers

from tournaments import selectors, services
from tournaments.forms.rounds import MovementForm, PrepareForm, SwapForm
from tournaments.models import Round, Table, Tournament
from tournaments.rules.entrant_texts import entrant_text
from tournaments.rules.evening import clock_refusal, pause_refusal
from tournaments.rules.sessions import SessionPlan, session_of
from tournaments.rules.shapes import field_text, movements_offered
from tournaments.selectors import evening as evening_reads
from tournaments.selectors.decisions import marks_by_table
from tournaments.selectors.pairs import round_field, show_round_line_ups
from tournaments.selectors.phases import split_missing
from tournaments.selectors.progress import progress_of
from tournaments.selectors.sessions import sessions_of, waiting_for
from tournaments.services import ServiceError
from tournaments.services.individual_rounds import planned_movement
from tournaments.views.organiser.board_players import follow_players
from tournaments.views.organiser.setup import HtmxHttpRequest

REFRESH_SECONDS = 10


@login_required
def round_prepare(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """GET: choose the movement of the next round, with the promises the planned seating breaks
    (a pair sitting out again, a rematch) said before seating. POST: seat it and show its
    board; a choice whose warnings the page has not shown yet shows them first, and is seated
    when sent again."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    last = selectors.rounds_of(tournament).last()
    if last is not None and last.status == Round.Status.SEATING:
        messages.info(
            request,
            _("Round %(number)s is seated already: here is its seating.") % {"number": last.number},
        )
        return redirect("round_board", round_id=last.pk)
    number = (last.number if last else 0) + 1
    if split_missing(tournament, number) is not None:  # the phase page splits the field first
        text = _("Split the field into gironi before seating round %(round)s.")
        messages.info(request, text % {"round": number})
        return redirect("phase_plan", tournament_id=tournament.pk)
    plan = tournament.movement_plan or services.default_movement_plan(tournament.rounds)
    planned = plan[number - 1] if number <= len(plan) else Round.Movement.DANESE.value
    if tournament.is_individual:  # the organiser's plan, else the field's size says
        planned = planned_movement(tournament, number)
    offered = movements_offered(tournament)
    alone = tournament.is_individual
    seed = random.SystemRandom().randrange(1, 2**31)
    if request.method != "POST":
        preview = _preview(tournament, planned, None, seed)
        form = PrepareForm(
            initial={"movement": planned, "seed": seed, "previewed": _choice(planned, None)},
            offered=offered,
            individual=alone,
        )
    else:
        form, preview = PrepareForm(request.POST, offered=offered, individual=alone), None
        if form.is_valid():
            movement, step = form.cleaned_data["movement"], form.cleaned_data.get("step")
            seed = form.cleaned_data["seed"] or seed
            if form.cleaned_data["previewed"] != _choice(movement, step):
                preview = _preview(tournament, movement, step, seed)
            if preview is not None and preview.warnings:
                # shown before seating; sent again as it is, it is seated
                data = request.POST.copy()
                data.update({"seed": str(seed), "previewed": _choice(movement, step)})
                form = PrepareForm(data, offered=offered, individual=alone)
                form.is_valid()
            else:
                try:
                    prepared = services.round_prepare(
                        tournament=tournament,
                        movement=movement,
                        step=step,
                        seed=seed,
                        user=request.user,
                    )
                except ServiceError as error:
                    for message in error.messages:
                        form.add_error(None, message)
                else:
                    for warning in prepared.warnings:
                        messages.warning(request, warning)
                    return redirect("round_board", round_id=prepared.round.pk)
    field = round_field(tournament, number)
    return render(
        request,
        "tournaments/round_prepare.html",
        {
            "tournament": tournament,
            "number": number,
            "planned": Round.Movement(planned).label,
            "field": field,
            "pair_count": field.playing,
            "field_line": field_text(tournament, field.playing),
            "form": form,
            "preview": preview,
            "asked_again": request.method == "POST" and preview is not None,
            "opens_session": _opens_session(tournament, number),
        },
    )


def _opens_session(tournament: Tournament, number: int) -> SessionPlan | None:
    """The session round `number` opens, after the first (None otherwise)."""
    session = session_of(sessions_of(tournament), number)
    return session if session and session.number > 1 and session.first_round == number else None


def _choice(movement: str, step: int | None) -> str:
    """A movement and step as the page remembers which one it has shown the warnings of."""
    return f"{movement}:{step or ''}"


def _preview(
    tournament: Tournament, movement: str, step: int | None, seed: int
) -> services.Planned | None:
    """The next round as it would be seated, or None when it cannot be (seating it says why)."""
    try:
        return services.round_preview(
            tournament=tournament, movement=movement, step=step, seed=seed
        )
    except ServiceError:
        return None


def _board_context(round_: Round, girone: str = "", **extra: Any) -> dict[str, Any]:
    """The board's context; with `girone`, the tables of that girone alone (the counts and the
    rest stay the whole room's)."""
    tournament = round_.tournament
    tables = selectors.round_tables(round_)
    show_round_line_ups(tables, tournament, round_.number)
    playing = [t for t in tables if not t.is_bye]
    if round_.status != Round.Status.SEATING:
        marks = marks_by_table(tournament)
        for table in playing:
            table.decision_marks = marks.get((round_.number, table.number), [])  # type: ignore[attr-defined]
    context = {
        "round": round_,
        "tournament": tournament,
        "tables": tables,
        "done_count": sum(t.status == Table.Status.DONE for t in playing),
        "table_count": len(playing),
        "refresh_seconds": REFRESH_SECONDS,
        # a table's page is this, its id and "/": reversed once, not twice a table
        "urls": {"table": reverse("table_entry", args=[0]).removesuffix("0/")},
        **_next_steps(round_),
        **_evening_of(round_),
    }
    if tournament.result_entry == Tournament.ResultEntry.PLAYERS:
        follow_players(round_, tables, context)
    if round_.status == Round.Status.SEATING:
        places = {
            seat.pair_id: _("sits out")
            if table.is_bye
            else _("table %(number)s, %(direction)s")
            % {"number": table.number, "direction": seat.get_direction_display()}
            for table in tables
            for seat in table.seats.all()
        }
        context.setdefault(
            "swap_form",
            SwapForm(
                pairs=selectors.pairs_of(tournament),
                places=places,
                individual=tournament.is_individual,
            ),
        )
        context.setdefault(
            "reseat_form",
            MovementForm(
                initial={"movement": round_.movement},
                offered=movements_offered(tournament),
                individual=tournament.is_individual,
            ),
        )
    gironi = selectors.girone_counts(tables)
    chosen = girone if any(count.name == girone for count in gironi) else ""
    context["gironi"], context["girone_chosen"] = gironi, chosen
    if chosen:
        context["tables"] = [t for t in tables if t.girone and t.girone.name == chosen]
    context.update(extra)
    return context


def _evening_of(round_: Round) -> dict[str, Any]:
    """The seating's publication and the round clock, with the tables out of time."""
    tournament = round_.tournament
    clock = evening_reads.round_clock(round_)
    return {
        "seating_public": evening_reads.is_public(round_),
        "clock": clock,
        "can_pause": clock is not None and not pause_refusal(clock),
        "clock_minutes": services.round_minutes(tournament),
        "clock_refusal": clock_refusal(finished=tournament.is_finished, status=round_.status),
        "out_of_time": evening_reads.tables_out_of_time(round_),
    }


def _next_steps(round_: Round) -> dict[str, Any]:
    """What a done round's board offers next, as the services' rules say (`rules.progress`):
    seating the next round when this is the latest and it can be seated, else finishing the
    tournament when it can be finished."""
    if round_.status != Round.Status.DONE:
        return {"can_seat_next": False, "can_finish": False}
    standing = progress_of(round_.tournament)
    latest = standing.last is not None and standing.last.number == round_.number
    return {
        "can_seat_next": latest and not standing.seat_refusal(),
        "can_finish": latest and not standing.finish_refusal(),
        # paused between sessions: "session 1 is over; session 2 starts on …"
        "next_session": waiting_for(round_.tournament) if latest else None,
    }


def _board_round(request: HtmxHttpRequest, round_id: int) -> Round:
    round_ = selectors.for_organiser(request.user, Round, pk=round_id)
    round_.tournament  # noqa: B018 (one query now, not one per use)
    return round_


@login_required
@vary_on_headers("HX-Request")
def round_board(request: HtmxHttpRequest, round_id: int) -> HttpResponse:
    round_ = _board_round(request, round_id)
    context = _board_context(round_, girone=request.GET.get("girone", ""))
    if request.htmx:
        partial = "seating" if round_.status == Round.Status.SEATING else "tables"
        return render(request, f"tournaments/round_board.html#{partial}", context)
    return render(request, "tournaments/round_board.html", context)


def _seating_changed(
    request: HtmxHttpRequest, round_: Round, *, notes: list[str], problems: list[str], **forms: Any
) -> HttpResponse:
    """After a swap or a new seating: the seating in place (htmx), or the board again."""
    round_.refresh_from_db()
    if request.htmx:
        context = _board_context(round_, notes=notes, problems=problems, **forms)
        partial = "seating" if round_.status == Round.Status.SEATING else "tables"
        return render(request, f"tournaments/round_board.html#{partial}", context)
    if forms:  # a form with its errors, shown beside it
        context = _board_context(round_, problems=problems, **forms)
        return render(request, "tournaments/round_board.html", context)
    for problem in problems:
        messages.error(request, problem)
    for note in notes:
        messages.warning(request, note)
    return redirect("round_board", round_id=round_.pk)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def round_swap(request: HtmxHttpRequest, round_id: int) -> HttpResponse:
    round_ = _board_round(request, round_id)
    form = SwapForm(
        request.POST,
        pairs=selectors.pairs_of(round_.tournament),
        individual=round_.tournament.is_individual,
    )
    if not form.is_valid():
        return _seating_changed(request, round_, notes=[], problems=[], swap_form=form)
    try:
        warnings = services.round_swap(
            round=round_,
            pair_a=form.cleaned_data["pair_a"],
            pair_b=form.cleaned_data["pair_b"],
            user=request.user,
        )
    except ServiceError as error:
        return _seating_changed(request, round_, notes=[], problems=list(error.messages))
    a, b = form.cleaned_data["pair_a"], form.cleaned_data["pair_b"]
    done = entrant_text(round_.tournament, "swapped", a=a.number, b=b.number)
    return _seating_changed(request, round_, notes=[done, *warnings], problems=[])


@login_required
@require_POST
@vary_on_headers("HX-Request")
def round_reseat(request: HtmxHttpRequest, round_id: int) -> HttpResponse:
    round_ = _board_round(request, round_id)
    form = MovementForm(
        request.POST,
        offered=movements_offered(round_.tournament),
        individual=round_.tournament.is_individual,
    )
    if not form.is_valid():
        return _seating_changed(request, round_, notes=[], problems=[], reseat_form=form)
    try:
        prepared = services.round_reseat(
            round=round_,
            movement=form.cleaned_data["movement"],
            step=form.cleaned_data.get("step"),
            user=request.user,
        )
    except ServiceError as error:
        return _seating_changed(
            request, round_, notes=[], problems=list(error.messages), reseat_form=form
        )
    done = _("Round %(number)s is seated again: %(movement)s.") % {
        "number": round_.number,
        "movement": prepared.round.get_movement_display(),
    }
    return _seating_changed(request, round_, notes=[done, *prepared.warnings], problems=[])


@login_required
@require_POST
def round_start(request: HtmxHttpRequest, round_id: int) -> HttpResponse:
    round_ = _board_round(request, round_id)
    try:
        services.round_start(round=round_, user=request.user)
    except ServiceError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(
            request, _("Round %(number)s has started. Good game!") % {"number": round_.number}
        )
    return redirect("round_board", round_id=round_.pk)


@login_required
@require_POST
def round_publish(request: HtmxHttpRequest, round_id: int) -> HttpResponse:
    """Show a seated round's seating to the players."""
    round_ = _board_round(request, round_id)
    try:
        services.seating_publish(round=round_, user=request.user)
    except ServiceError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(
            request,
            _("The seating of round %(number)s is published.") % {"number": round_.number},
        )
    return redirect("round_board", round_id=round_.pk)


@login_required
@require_POST
def round_clock(request: HtmxHttpRequest, round_id: int) -> HttpResponse:
    """Start (with its minutes), pause, resume or lengthen the round's clock."""
    round_ = _board_round(request, round_id)
    action = str(request.POST.get("action", ""))
    minutes = _minutes(request.POST.get("minutes"))
    try:
        if action == "pause":
            services.clock_pause(round=round_, user=request.user)
        elif action == "resume":
            services.clock_resume(round=round_, user=request.user)
        elif action not in ("start", "add"):
            raise ServiceError(_("Choose what to do with the clock."))
        elif minutes is None:
            raise ServiceError(_("Write the minutes as a whole number, e.g. 45."))
        elif action == "start":
            services.clock_start(round=round_, minutes=minutes, user=request.user)
        else:
            services.clock_add(round=round_, minutes=minutes, user=request.user)
    except ServiceError as error:
        for message in error.messages:
            messages.error(request, message)
    return redirect("round_board", round_id=round_.pk)


def _minutes(value: object) -> int | None:
    text = str(value or "").strip()
    return int(text) if text.isdigit() and len(text) <= 4 else None
