"""The table page (tavolo): a table's deals and running score, and the form where an organiser
enters the next deal from the paper score sheet, corrects an earlier one or removes the last.

`deal_check` scores what is typed without saving (the live feedback); `deal_save` hands it to
`services.deal_record`. The engine's messages say "side 1" and "side 2": here they read N-S and
E-W and go next to the column (or, in card mode, the meld line) they are about.
"""

from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import replace_url
from django_htmx.middleware import HtmxDetails

from scoring import InvalidDeal
from scoring.problems import Problem
from tournaments import services
from tournaments.forms.decisions import kind_help_for
from tournaments.forms.entry import SIDES, EntryForms, initial_from_entry
from tournaments.forms.sheet_total import written_totals
from tournaments.models import Deal
from tournaments.selectors.table import TablePage, table_page, table_to_save
from tournaments.templatetags.numbers import points_text
from tournaments.views.organiser.decisions import decision_form
from tournaments.views.table_page import (
    Feedback,
    check_typed,
    deal_rows,
    entry_for,
    feedback_for,
    focus_first_error,
    in_words,
    posted_entry,
    side_names,
    standing_of,
)

PAGE = "tournaments/table_entry.html"
NS, EW = "ns", "ew"


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


# --- forms and rendering -----------------------------------------------------------------------


def _whole(value: object) -> int | None:
    text = str(value or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) < 6 else None


def _blank_entry(
    page: TablePage, edit: int | None, mode: str | None
) -> tuple[EntryForms | None, int]:
    """The form for the next deal, or for a correction of deal `edit`, prefilled."""
    if page.locked:
        return None, 0
    deal = next((d for d in page.deals if d.number == edit), None)
    number = deal.number if deal is not None else page.next_number
    if number is None:
        return None, 0
    mode = mode or (deal.mode if deal is not None else "summary")
    initial = initial_from_entry(deal.entry) if deal is not None else {}
    initial.setdefault("deal", {}).update(
        {"number": number, "version": page.table.version, "mode": mode}
    )
    for key in dict(SIDES):
        initial.setdefault(key, {}).setdefault("pot", "taken")
    entry = entry_for(page, number, mode, initial=initial, sheet_total=True)
    first = next(iter(entry.sides[NS].fields.values()))
    first.widget.attrs["autofocus"] = True
    return entry, number


def _context(
    page: TablePage,
    entry: EntryForms | None,
    number: int,
    feedback: Feedback | None = None,
    **extra: Any,
) -> dict[str, Any]:
    editing = number in page.totals
    if entry is not None and feedback is None:
        feedback = feedback_for(page, entry, number)
    return {
        "page": page,
        "table": page.table,
        "tournament": page.tournament,
        "rules": page.rules,
        "word": page.rules.word("burraco"),
        "rows": deal_rows(page),
        "standing": standing_of(page),
        "entry": entry,
        "number": number,
        "editing": editing,
        "saved_totals": page.totals.get(number),
        "feedback": feedback,
        "decision_form": None
        if page.no_decision
        else decision_form(page, initial=extra.pop("decision_initial", None)),
        "kind_help": kind_help_for(page.tournament),
        **extra,
    }


def _render(
    request: HtmxHttpRequest, partial: str, context: dict[str, Any], status: int = 200
) -> HttpResponse:
    name = f"{PAGE}#{partial}" if request.htmx else PAGE
    return render(request, name, context, status=status)


# --- views -------------------------------------------------------------------------------------


@login_required
@require_GET
@vary_on_headers("HX-Request")
def table_entry(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """The table page; with htmx, only the entry form (the mode switch swaps it).
    `?kind=timeout&deal=3` preselects the arbiter's decision form (the round clock links
    `table_entry?kind=timeout&deal=N#decisions` at the end of time)."""
    page = table_page(request.user, table_id)
    mode = request.GET.get("mode")
    entry, number = _blank_entry(
        page, _whole(request.GET.get("edit")), mode if mode in ("summary", "cards") else None
    )
    chosen = {"kind": request.GET.get("kind"), "deal_number": _whole(request.GET.get("deal"))}
    context = _context(page, entry, number, decision_initial=chosen)
    return _render(request, "entry-form", context)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def deal_check(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """Score what is typed without saving: with htmx, only the feedback regions."""
    page = table_page(request.user, table_id)
    entry, number = posted_entry(page, request.POST, sheet_total=True)
    feedback = check_typed(page, entry, number)
    version = entry.deal.cleaned_data.get("version") if entry.deal.is_valid() else None
    if version is not None and version != page.table.version:
        feedback.top.insert(
            0,
            _(
                "Someone else changed this table since you opened it: saving will show you "
                "what changed."
            ),
        )
    return _render(request, "check-response", _context(page, entry, number, feedback))


@login_required
@require_POST
@vary_on_headers("HX-Request")
def deal_save(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """Save the deal through services.deal_record; errors re-render the form as typed."""
    basis = table_to_save(request.user, table_id)
    entry, number = posted_entry(basis, request.POST, sheet_total=True)
    problems: Sequence[Problem | str] = ()
    if entry.is_valid():
        try:
            deal = services.deal_record(
                table=basis.table,
                number=number,
                sides=entry.contract_sides(),
                mode=entry.mode,
                user=request.user,
                version=entry.deal.cleaned_data["version"],
                written=written_totals(entry.sides),
            )
        except services.StaleTable as error:
            return _stale(request, table_id, str(error))
        except InvalidDeal as error:
            problems = error.problems
        except services.ServiceError as error:
            problems = error.problems or error.messages
        else:
            return _saved(request, table_id, deal)
    page = table_page(request.user, table_id)  # the whole page, to show the form again
    entry, number = posted_entry(page, request.POST, sheet_total=True)
    feedback = feedback_for(page, entry, number, problems)
    first_error = focus_first_error(entry)
    context = _context(page, entry, number, feedback, not_saved=True, first_error=first_error)
    return _render(request, "entry-main", context)


def _saved(request: HtmxHttpRequest, table_id: int, deal: Deal) -> HttpResponse:
    sides = {side.direction: side.total for side in deal.sides.all()}
    names = side_names(deal.table.round.tournament.variant)
    notice = _("Deal %(number)s saved: %(ns)s %(ns_total)s, %(ew)s %(ew_total)s.") % {
        "number": deal.number,
        "ns": names[NS],
        "ns_total": points_text(sides[NS]),
        "ew": names[EW],
        "ew_total": points_text(sides[EW]),
    }
    # the next deal is typed the way this one was: card mode stays chosen after a save
    url = reverse("table_entry", args=[table_id])
    if deal.mode == "cards":
        url += "?mode=cards"
    if not request.htmx:
        messages.success(request, notice)
        return redirect(url)
    page = table_page(request.user, table_id)
    entry, next_number = _blank_entry(page, None, deal.mode)
    response = render(
        request, f"{PAGE}#entry-main", _context(page, entry, next_number, notice=notice)
    )
    return replace_url(response, url)


def _stale(request: HtmxHttpRequest, table_id: int, message: str) -> HttpResponse:
    """Keep what was typed, show what changed, and carry the table's new version so that
    the organiser can check and save again, deliberately."""
    page = table_page(request.user, table_id)
    data = request.POST.copy()
    data["version"] = str(page.table.version)
    entry, number = posted_entry(page, data, sheet_total=True)
    feedback = check_typed(page, entry, number)
    context = _context(page, entry, number, feedback, stale=message)
    return _render(request, "entry-main", context, status=200 if request.htmx else 409)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def deal_remove(request: HtmxHttpRequest, table_id: int, number: int) -> HttpResponse:
    """Remove a deal (the page offers it for the last one)."""
    page = table_page(request.user, table_id)
    version = _whole(request.POST.get("version"))
    if version is None:
        return HttpResponseBadRequest(_("The form is missing the table's version."))
    notice, error = _("Deal %(number)s removed.") % {"number": number}, ""
    try:
        services.deal_remove(table=page.table, number=number, user=request.user, version=version)
    except services.ServiceError as problem:
        notice, error = "", in_words(str(problem))
    if not request.htmx:
        if error:
            messages.error(request, error)
        else:
            messages.success(request, notice)
        return redirect("table_entry", table_id=table_id)
    page = table_page(request.user, table_id)
    entry, next_number = _blank_entry(page, None, None)
    context = _context(page, entry, next_number, notice=notice, error=error)
    return replace_url(
        render(request, f"{PAGE}#entry-main", context), reverse("table_entry", args=[table_id])
    )
