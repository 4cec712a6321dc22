"""Check-in before round 1: the organiser ticks the pairs present on a list of big checkboxes
(each tick saved at once with htmx; without it, the whole list with one button), sees which
pairs checked themselves in by opening their slip's link, and withdraws the absent in one step,
with a confirmation naming them."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.vary import vary_on_headers

from tournaments import selectors, services
from tournaments.models import Tournament
from tournaments.rules.entrant_texts import entrant_text
from tournaments.rules.evening import check_in_refusal
from tournaments.services import ServiceError
from tournaments.views.organiser.setup import HtmxHttpRequest

PAGE = "tournaments/check_in.html"


def _context(tournament: Tournament, **more: Any) -> dict[str, Any]:
    pairs = list(tournament.pairs.select_related("player_one", "player_two").order_by("number"))
    absent = [p for p in pairs if p.checked_in_at is None and p.withdrawn_from is None]
    return {
        "tournament": tournament,
        "pairs": pairs,
        "absent": absent,
        "absent_numbers": ", ".join(str(p.number) for p in absent),
        "present_count": sum(p.checked_in_at is not None for p in pairs),
        "refusal": check_in_refusal(
            finished=tournament.is_finished, rounds_seated=tournament.round_set.count()
        ),
        **more,
    }


@login_required
@vary_on_headers("HX-Request")
def check_in(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """GET: the list. POST `pair` and `present` (htmx: one tick, answered with the list's
    summary and row) or `present_pairs` (the whole list, without htmx)."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    if request.method != "POST":
        return render(request, PAGE, _context(tournament))
    pairs = {p.number: p for p in tournament.pairs.all()}
    error = ""
    try:
        if "pair" in request.POST:
            number = str(request.POST.get("pair", ""))
            pair = pairs.get(int(number)) if number.isdigit() else None
            if pair is None:
                raise ServiceError(_("No such pair."))
            present = request.POST.get("present") == "1"
            services.pair_check_in(pair=pair, present=present, user=request.user)
        else:
            ticked = set(request.POST.getlist("present_pairs"))
            for pair in pairs.values():
                if pair.withdrawn_from is None:
                    services.pair_check_in(
                        pair=pair, present=str(pair.number) in ticked, user=request.user
                    )
    except ServiceError as failure:
        error = " ".join(failure.messages)
    if request.htmx:
        return render(request, f"{PAGE}#check-list", _context(tournament, error=error))
    if error:
        messages.error(request, error)
    return redirect("check_in", tournament_id=tournament.pk)


@login_required
def absent_withdraw(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """Withdraw the pairs still absent (the numbers the confirmation named)."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    if request.method != "POST":
        return redirect("check_in", tournament_id=tournament.pk)
    numbers = [int(n) for n in request.POST.getlist("absent") if n.isdigit()]
    try:
        withdrawn = services.absent_withdraw(
            tournament=tournament, numbers=numbers, user=request.user
        )
    except ServiceError as error:
        for message in error.messages:
            messages.error(request, message)
        return redirect("check_in", tournament_id=tournament.pk)
    messages.success(
        request,
        entrant_text(tournament, "absent_withdrawn", numbers=", ".join(str(n) for n in withdrawn)),
    )
    return redirect("tournament_detail", tournament_id=tournament.pk)
