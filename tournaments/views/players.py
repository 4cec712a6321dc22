"""A pair's own pages, opened from its private link (/p/<token>/: the QR code on the slip handed
to the pair alone), with no account: its table now (the link follows the pair from table to
table), the deals written, accepted and disputed, the form to write the next deal (the
organiser's score-sheet and card forms, checked live by the engine), the opponents' acceptance
of our deal on this phone with their pair code, and its evening (where it plays, its deals and
running totals).

The token is the only key: every view looks it up first (views/player_links.py), and the pages
are never stored by a browser or a proxy. Writing, accepting
and disputing go through `services.players`; a phone that lost its connection sends the same
step again with the same key (static/js/link_outbox.js), and the service makes it count once.
A step refused answers 409 (the table's state is in the way), 403 (a wrong pair code) or 404
(no such link), with the reason on the page, so that the phone shows it and keeps the step.
"""

import re
import uuid
from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from scoring import InvalidDeal
from scoring.problems import Problem
from tournaments.forms.entry import SIDES, initial_from_entry
from tournaments.models import DealProposal, Seat
from tournaments.rules import limits
from tournaments.rules.entrant_texts import entrant_text
from tournaments.selectors import players as pages
from tournaments.selectors.players import LinkPage
from tournaments.selectors.table import basis_of
from tournaments.selectors.versions import Version
from tournaments.services import ServiceError, players, table_entry
from tournaments.views.player_links import (
    IDLE_REFRESH_SECONDS,
    TABLE_REFRESH_SECONDS,
    HtmxHttpRequest,
    evening_context,
    link_view,
)
from tournaments.views.table_page import (
    Feedback,
    check_typed,
    deal_rows,
    entry_for,
    feedback_for,
    focus_first_error,
    in_words,
    posted_entry,
    standing_of,
)

PAGE = "tournaments/players/table.html"
KEY = re.compile(r"[A-Za-z0-9-]{8,64}")


# --- what the page shows -------------------------------------------------------------------------


def _names(seat: Seat) -> dict[str, Any]:
    words = seat.round.tournament.words
    mine = seat.direction
    theirs = "ew" if mine == "ns" else "ns"
    return {"mine": mine, "theirs": theirs, "my_label": words[mine], "their_label": words[theirs]}


def _form(link: LinkPage, *, mode: str | None, prefill: dict[str, Any] | None) -> tuple[Any, int]:
    """The forms of the next deal: blank, or prefilled with a version already written."""
    page = link.page
    number = (prefill["number"] if prefill else link.next_number) or 1
    mode = mode or (prefill["mode"] if prefill else "summary")
    initial = initial_from_entry(prefill["entry"]) if prefill else {}
    initial.setdefault("deal", {}).update(
        {"number": number, "version": page.table.version, "mode": mode}
    )
    for key in dict(SIDES):
        initial.setdefault(key, {}).setdefault("pot", "taken")
    return entry_for(page, number, mode, initial=initial), number


def _prefill(written: Version | DealProposal) -> dict[str, Any]:
    proposal = written.proposal if isinstance(written, Version) else written
    return {"number": proposal.number, "mode": proposal.mode, "entry": proposal.entry}


def _context(
    request: HttpRequest,
    link: LinkPage,
    *,
    entry: Any = None,
    number: int = 0,
    feedback: Feedback | None = None,
    answering: Version | None = None,
    notice: str = "",
    error: str = "",
    code_error: str = "",
) -> dict[str, Any]:
    """The page of a link. Without a form given, it offers the one that fits: the answer to
    the opponents' deal (?answer=), a change of ours (?change=), or the next deal."""
    mode = request.GET.get("mode")
    mode = mode if mode in ("summary", "cards") else None
    if entry is None:
        asked = request.GET.get("answer")
        if link.theirs is not None and asked == str(link.theirs.proposal.pk):
            answering = link.theirs
            entry, number = _form(link, mode=mode, prefill=_prefill(link.theirs))
        elif link.can_write and (link.mine is None or "change" in request.GET):
            entry, number = _form(
                link, mode=mode, prefill=_prefill(link.mine) if link.mine else None
            )
    if entry is not None and feedback is None:
        feedback = feedback_for(link.page, entry, number)
    page = link.page
    # The page follows the table by itself until the tournament is finished; slower while the
    # link can send nothing (a round over, not started, or taken over: it waits for the next
    # table, or for the table to be given back). A link that moved on to another table since
    # the page was drawn makes the page load afresh (`link_table`).
    poll = ""
    if not page.tournament.is_finished:
        poll = "status" if entry is not None else "main"
    refresh = IDLE_REFRESH_SECONDS if link.refusal else TABLE_REFRESH_SECONDS
    return {
        "link": link,
        "seat": link.seat,
        "token": link.seat.pair.token,
        "page": page,
        "table": page.table,
        "tournament": page.tournament,
        "rules": page.rules,
        "rows": pages.with_code_notes(deal_rows(page), link),
        "standing": standing_of(page),
        "entry": entry,
        "number": number,
        "feedback": feedback,
        "answering": answering,
        "key": uuid.uuid4().hex,
        "notice": notice,
        "error": error,
        "code_error": code_error,
        "code_digits": limits.PAIR_CODE_DIGITS,
        "poll": poll,
        "refresh_seconds": refresh,
        "opponent": page.pairs.get(_names(link.seat)["theirs"]),
        **_partners(link.seat, page.table),
        **evening_context(page.tournament, link.seat.round, link.seat),
        **_names(link.seat),
    }


def _partners(seat: Seat, table: Any) -> dict[str, Any]:
    """At an individual table, the player's partner and the opponent's partner (None at a
    pairs table), from the seats the page read already."""
    if not seat.position:
        return {"my_partner": None, "their_partner": None}
    seats = sorted(table.seats.all(), key=lambda other: other.position)
    mine = [other.pair for other in seats if other.direction == seat.direction]
    theirs = [other.pair for other in seats if other.direction != seat.direction]
    return {
        "my_partner": next((pair for pair in mine if pair.pk != seat.pair_id), None),
        "their_partner": theirs[1] if len(theirs) > 1 else None,
    }


def _render(
    request: HtmxHttpRequest,
    context: dict[str, Any],
    *,
    region: str = "link-main",
    status: int = 200,
) -> HttpResponse:
    name = f"{PAGE}#{region}" if request.htmx else PAGE
    return render(request, name, context, status=status)


def _problems_text(problems: Sequence[Problem | str], variant: str) -> list[str]:
    return [in_words(problem, variant) for problem in problems]


# --- views -------------------------------------------------------------------------------------


@link_view
@require_GET
@vary_on_headers("HX-Request")
def link_table(request: HtmxHttpRequest, seat: Seat) -> HttpResponse:
    """The pair's table. With htmx: the region the page follows by itself (?region=status,
    while a form is being typed, so nothing typed is lost; else the whole page's main part),
    or only the form (the mode switch); when the page shows another table than the pair's now
    (?table=, the next round started), an answer that loads the page afresh."""
    shown = request.GET.get("table")
    if request.htmx and shown is not None and shown != str(seat.table_id):
        response = HttpResponse()
        response["HX-Refresh"] = "true"  # the pair moved on to its next table: the whole page
        return response
    link = pages.link_page(seat)
    context = _context(request, link)
    region = request.GET.get("region")
    if request.htmx and region == "status" and context["poll"]:
        # Only a page that shows a form polls this region, and it keeps its form: it must keep
        # following (the next table, above all) even once this link has nothing left to type
        # here (the partner wrote the deal, the opponents finished the table).
        context["poll"] = "status"
    if request.htmx and region in ("status", "entry-form"):
        return render(request, f"{PAGE}#{region}", context)
    return _render(request, context)


@link_view
@require_POST
@vary_on_headers("HX-Request")
def link_check(request: HtmxHttpRequest, seat: Seat) -> HttpResponse:
    """Score what is typed without saving: with htmx, only the feedback regions."""
    link = pages.link_page(seat)
    entry, number = posted_entry(link.page, request.POST)
    feedback = check_typed(link.page, entry, number)
    context = _context(request, link, entry=entry, number=number, feedback=feedback)
    if request.htmx:
        return render(request, "tournaments/table_entry.html#check-response", context)
    return render(request, PAGE, context)


def _sent_key(request: HttpRequest) -> str | None:
    key = str(request.POST.get("key", ""))
    return key if KEY.fullmatch(key) else None


def _done(request: HtmxHttpRequest, seat: Seat, notice: str) -> HttpResponse:
    """After a step: the page as it is now, with what happened (in card mode still, when the
    step was a deal typed card by card)."""
    if not request.htmx:
        messages.success(request, notice)
        url = reverse("link_table", args=[seat.pair.token])
        if request.POST.get("mode") == "cards":
            url += "?mode=cards"
        return redirect(url)
    return _render(request, _context(request, pages.link_page(seat), notice=notice))


def _refused(
    request: HtmxHttpRequest,
    seat: Seat,
    entry: Any,
    number: int,
    problems: Sequence[Problem | str],
    answering: Version | None = None,
    *,
    status: int = 200,
) -> HttpResponse:
    """The form again as typed, each problem beside what it is about; nothing was saved.
    `status`: 200 for what was typed (the form says what to mend), 409 when the table's state
    refuses the step, 400 for a request not sent whole."""
    link = pages.link_page(seat)
    if answering is None and entry is None:
        error = " ".join(_problems_text(problems, link.page.tournament.variant))
        return _render(request, _context(request, link, error=error), status=status)
    feedback = feedback_for(link.page, entry, number, problems)
    first_error = focus_first_error(entry) if entry is not None else False
    context = _context(
        request, link, entry=entry, number=number, feedback=feedback, answering=answering
    )
    context.update(not_sent=True, first_error=first_error)  # the alert above the form
    return _render(request, context, status=status)


@link_view
@require_POST
@vary_on_headers("HX-Request")
def link_write(request: HtmxHttpRequest, seat: Seat) -> HttpResponse:
    """Write the next deal (or change ours before the opponents answer): it waits for them."""
    tournament = seat.round.tournament
    entry, number = posted_entry(basis_of(seat.table, tournament), request.POST)
    key = _sent_key(request)
    problems: Sequence[Problem | str] = ()
    status = 200
    if key is None:
        problems = [_("The page was not sent whole: open it again and write the deal again.")]
        status = 400
    elif request.POST.get("table") != str(seat.table_id):
        # written at the pair's table of an earlier round (a phone that was offline since):
        # the link now opens its table of this round, where it does not belong
        problems = [
            entrant_text(
                tournament,
                "other_table",
                table_word=tournament.words["table"],
                number=seat.table.number,
            )
        ]
        status = 409
    elif entry.is_valid():
        try:
            sent = players.proposal_write(
                seat=seat,
                number=number,
                sides=entry.contract_sides(),
                mode=entry.mode,
                key=key,
            )
        except InvalidDeal as error:
            problems = error.problems
        except ServiceError as error:
            problems = error.problems or error.messages
            status = 409
        else:
            return _done(request, seat, pages.sent_notice(sent.proposal, seat))
    entry, number = posted_entry(pages.link_page(seat).page, request.POST)  # as the page reads
    return _refused(request, seat, entry, number, problems, status=status)


@link_view
@require_POST
@vary_on_headers("HX-Request")
def link_accept(request: HtmxHttpRequest, seat: Seat, proposal_id: int) -> HttpResponse:
    """Accept the opponents' deal: it is saved and counts."""
    try:
        sent = players.proposal_accept(seat=seat, proposal_id=proposal_id)
    except ServiceError as error:
        return _refused(request, seat, None, 0, error.problems or error.messages, status=409)
    return _done(request, seat, pages.sent_notice(sent.proposal, seat))


@link_view
@require_POST
@vary_on_headers("HX-Request")
def link_accept_code(request: HtmxHttpRequest, seat: Seat, proposal_id: int) -> HttpResponse:
    """The opponents accept our deal on this phone, typing their pair code: it counts, as
    accepted by them. A wrong code answers 403, with the tries left beside the code's box."""
    code = str(request.POST.get("code", ""))[:40]
    try:
        sent = table_entry.proposal_accept_with_code(seat=seat, proposal_id=proposal_id, code=code)
    except table_entry.CodeRefused as error:
        link = pages.link_page(seat)
        said = " ".join(error.messages)
        # beside the code's box; above everything once the box is gone (the table handed over)
        if link.refusal:
            context = _context(request, link, error=said)
        else:
            context = _context(request, link, code_error=said)
        return _render(request, context, status=403)
    except ServiceError as error:
        return _refused(request, seat, None, 0, error.problems or error.messages, status=409)
    return _done(request, seat, pages.sent_notice(sent.proposal, seat))


@link_view
@require_POST
@vary_on_headers("HX-Request")
def link_dispute(request: HtmxHttpRequest, seat: Seat, proposal_id: int) -> HttpResponse:
    """Say the opponents' deal is wrong, with our version: both go to the organiser."""
    link = pages.link_page(seat)
    entry, number = posted_entry(link.page, request.POST)
    answering = link.theirs if link.theirs and link.theirs.proposal.pk == proposal_id else None
    key = _sent_key(request)
    problems: Sequence[Problem | str] = ()
    status = 200
    if key is None:
        problems = [_("The page was not sent whole: open it again and write the deal again.")]
        status = 400
    elif entry.is_valid():
        try:
            sent = players.proposal_dispute(
                seat=seat,
                proposal_id=proposal_id,
                sides=entry.contract_sides(),
                mode=entry.mode,
                key=key,
            )
        except InvalidDeal as error:
            problems = error.problems
        except ServiceError as error:
            problems = error.problems or error.messages
            status = 409
        else:
            return _done(request, seat, pages.sent_notice(sent.proposal, seat))
    if answering is None:
        return _refused(request, seat, None, 0, problems, status=status)
    return _refused(request, seat, entry, number, problems, answering, status=status)
