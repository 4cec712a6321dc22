"""The arbiter's decisions from the organiser's pages: the form for a table (on its table page,
and on its own page reached from the round board or from the round clock at the end of time,
`?kind=timeout&deal=3`), and the cancellation of one taken. Writes go through
`services.decisions`; a refusal shows in the form, nothing saved."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from tournaments import selectors
from tournaments.forms.decisions import CancelForm, DecisionForm, kind_help_for
from tournaments.models import Decision, Pair, Table
from tournaments.rules import decisions as rules
from tournaments.selectors.table import TablePage, table_page
from tournaments.services.decisions import decision_cancel, decision_take
from tournaments.services.errors import ServiceError

PAGE = "tournaments/table_decision.html"
BOARD = "board"
"""`?back=board`: after the decision, back to the round board rather than the table page."""


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def decision_form(page: TablePage, data: Any = None, initial: Any = None) -> DecisionForm:
    """The form for the table's two pairs, or (an individual table) its four players and the
    round's two partnerships."""
    table, words = page.table, page.tournament.words
    pairs = [p for p in (page.pairs["ns"], page.pairs["ew"]) if p is not None]
    sides = [(table.ns, table.ns_partner), (table.ew, table.ew_partner)]
    partnerships = [(one, two) for one, two in sides if one is not None and two is not None]
    if not page.tournament.is_individual or not partnerships:
        return DecisionForm(data, pairs=pairs, words=words, initial=initial)
    players = [player for side in partnerships for player in side]
    return DecisionForm(
        data, pairs=players, words=words, initial=initial, partnerships=partnerships,
        round_number=table.round.number, individual=True,
    )  # fmt: skip


def _back_url(page: TablePage, back: str) -> str:
    if back == BOARD:
        return reverse("round_board", args=[page.table.round_id])
    return reverse("table_entry", args=[page.table.pk])


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def table_decision(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """GET: the table's decisions and the form (`kind` and `deal` preselect one); POST: take
    it. With htmx a refused decision re-renders the form in place."""
    page = table_page(request.user, table_id)
    back = request.POST.get("back") or request.GET.get("back") or ""
    if request.method == "GET":
        initial = {
            "kind": request.GET.get("kind") if request.GET.get("kind") in rules.KINDS else None,
            "deal_number": request.GET.get("deal"),
        }
        return _render(request, page, decision_form(page, initial=initial), back)
    form = decision_form(page, request.POST)
    if form.is_valid():
        decision = _take(request, page, form)
        if decision is not None:
            notice = _("Decision recorded: %(kind)s, table %(table)s.") % {
                "kind": decision.get_kind_display(),
                "table": page.table.number,
            }
            messages.success(request, notice)
            url = _back_url(page, back)
            return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    return _render(request, page, form, back, status=200 if request.htmx else 400)


def _take(request: HttpRequest, page: TablePage, form: DecisionForm) -> Decision | None:
    data = form.cleaned_data
    kind, number = data["kind"], data.get("pair")
    pair = None
    if number is not None:
        pair = Pair.objects.filter(tournament=page.tournament, number=number).first()
        seated = [p.number for p in page.pairs.values() if p is not None]
        if page.tournament.is_individual:
            seated = [seat.pair.number for seat in page.table.seats.all()]
        if pair is None or number not in seated:
            individual = page.tournament.is_individual
            refusal = rules.pair_refusal(rules.LATE, number, seated, individual=individual)
            form.add_error("pair", refusal)
            return None
    try:
        return decision_take(
            table=page.table,
            kind=kind,
            pair=pair,
            reason=data["reason"],
            user=request.user,
            mp=data.get("mp"),
            vp=data.get("vp"),
            ns_mp=data.get("ns_mp"),
            ew_mp=data.get("ew_mp"),
            deal_number=data.get("deal_number"),
            partnership=data.get("partnership", False),
        )
    except ServiceError as error:
        for message in error.messages:
            form.add_error(None, message)
        return None


def _render(
    request: HtmxHttpRequest, page: TablePage, form: DecisionForm, back: str, status: int = 200
) -> HttpResponse:
    context = {
        "page": page,
        "table": page.table,
        "tournament": page.tournament,
        "decision_form": form,
        "kind_help": kind_help_for(page.tournament),
        "back": back,
    }
    name = f"{PAGE}#decision-form" if request.htmx else PAGE
    return render(request, name, context, status=status)


@login_required
@require_POST
def decision_undo(request: HttpRequest, decision_id: int) -> HttpResponse:
    """Cancel a standing decision, with its reason: a later decision takes its place."""
    decision = selectors.for_organiser(request.user, Decision, pk=decision_id)
    table_id = (
        Table.objects.filter(
            round__tournament=decision.tournament_id,
            round__number=decision.round_number,
            number=decision.table_number or 0,
        )
        .values_list("pk", flat=True)
        .first()
    )
    form = CancelForm(request.POST)
    if form.is_valid():
        try:
            decision_cancel(
                decision=decision, reason=form.cleaned_data["reason"], user=request.user
            )
        except ServiceError as error:
            for message in error.messages:
                messages.error(request, message)
        else:
            messages.success(
                request, _("Decision cancelled: %(kind)s.") % {"kind": decision.get_kind_display()}
            )
    else:
        for text in form.errors.get("reason", []):
            messages.error(request, str(text))
    if table_id is None:
        return redirect("tournament_changes", tournament_id=decision.tournament_id)
    return redirect("table_entry", table_id=table_id)
