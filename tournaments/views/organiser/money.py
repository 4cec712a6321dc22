"""The money of the evening for the organiser (the treasurer): the entry fee, each entrant's
payment ticked as it is handed over (one tick saved at once with htmx, like the check-in), the
totals in and out, and the list as a CSV. Writes go through `services.money`."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from tournaments import selectors
from tournaments.exports import export_filename, rows_csv_response
from tournaments.models import Tournament
from tournaments.models.tournaments import FEE_PER_CHOICES
from tournaments.rules.money import cents_of
from tournaments.selectors.money import euros, owed_by, till_of
from tournaments.services import ServiceError
from tournaments.services.money import entry_fee_set, fee_paid_set
from tournaments.views.organiser.setup import HtmxHttpRequest

PAGE = "tournaments/money.html"


def _context(tournament: Tournament, **more: Any) -> dict[str, Any]:
    owed = owed_by(tournament)
    totals = till_of(tournament, owed)
    fee = tournament.entry_fee_cents
    return {
        "tournament": tournament,
        "owed": [(row, euros(row.cents)) for row in owed],
        "totals": totals,
        "amounts": {
            "due": euros(totals.due),
            "collected": euros(totals.collected),
            "outstanding": euros(totals.outstanding),
            "prizes": euros(totals.prizes),
            "balance": euros(totals.balance),
        },
        "fee_text": f"{fee // 100}.{fee % 100:02d}" if fee % 100 else str(fee // 100),
        "per_choices": FEE_PER_CHOICES,
        **more,
    }


@login_required
@vary_on_headers("HX-Request")
def money(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """GET: the fee, the list and the totals. POST `fee` and `per`: set the fee; POST `pair`
    and `paid` (htmx: one tick, answered with the list and the totals)."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    if request.method != "POST":
        return render(request, PAGE, _context(tournament))
    error = ""
    try:
        if "fee" in request.POST:
            cents = cents_of(str(request.POST.get("fee", "")))
            per = str(request.POST.get("per", ""))
            entry_fee_set(tournament=tournament, cents=cents, per=per, user=request.user)
            messages.success(request, _("The entry fee is saved."))
            return redirect("money", tournament_id=tournament.pk)
        number = str(request.POST.get("pair", ""))
        pair = tournament.pairs.filter(number=int(number)).first() if number.isdigit() else None
        if pair is None:
            raise ServiceError(_("No such pair."))
        fee_paid_set(pair=pair, paid=request.POST.get("paid") == "1", user=request.user)
    except ServiceError as problem:
        error = " ".join(problem.messages)
        if not request.htmx:
            messages.error(request, error)
            return redirect("money", tournament_id=tournament.pk)
    tournament.refresh_from_db()
    if request.htmx:
        return render(request, f"{PAGE}#money-list", _context(tournament, error=error))
    return redirect("money", tournament_id=tournament.pk)


@login_required
@require_GET
def money_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The fees as a CSV for the treasurer: `pair_number` (`player_number`), `names`, `due`,
    `paid` (yes/no), `paid_at`."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    number = "player_number" if tournament.is_individual else "pair_number"
    rows = [
        [
            row.pair.number,
            row.pair.names,
            f"{row.cents // 100}.{row.cents % 100:02d}",
            "yes" if row.paid else "no",
            row.pair.fee_paid_at.isoformat(timespec="minutes") if row.pair.fee_paid_at else "",
        ]
        for row in owed_by(tournament)
    ]
    filename = export_filename(tournament.club.slug, tournament.slug, what="fees")
    return rows_csv_response([number, "names", "due", "paid", "paid_at"], rows, filename)
