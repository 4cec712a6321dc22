"""A pair's own pages, opened from its round's link (/p/<token>/: a QR code on the seating and on
its table's score sheet), with no account: its table, the deals written, accepted and disputed,
the form to write the next deal (the organiser's score-sheet and card forms, checked live by the
engine), and its evening (this round, the next, its deals and running totals).

The token is the only key. Every view looks it up (a wrong or old link gets a plain page that
says so, never an error), counts the link's requests (too many in a minute answer 429), and the
pages are never stored by a browser or a proxy. Writing, accepting and disputing go through
`services.players`; a phone that lost its connection sends the same step again with the same
key (static/js/link_outbox.js), and the service makes it count once.
"""

import re
import time
import uuid
from collections.abc import Callable, Sequence
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from scoring import InvalidDeal
from scoring.problems import Problem
from tournaments.forms.entry import SIDES, initial_from_entry
from tournaments.models import DealProposal, Seat
from tournaments.rules import limits
from tournaments.selectors import players as links
from tournaments.selectors.players import LinkPage, Version
from tournaments.selectors.public import pair_history, release
from tournaments.selectors.table import basis_of
from tournaments.services import ServiceError, players
from tournaments.views.organiser.table_page import (
    Feedback,
    check_typed,
    deal_rows,
    entry_for,
    feedback_for,
    in_words,
    posted_entry,
    standing_of,
)

PAGE = "tournaments/players/table.html"
REFRESH_SECONDS = 5
KEY = re.compile(r"[A-Za-z0-9-]{8,64}")


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


LinkView = Callable[..., HttpResponse]


def _too_many(token: str) -> bool:
    """Count this link's requests in the current minute; True past the limit. The count lives
    in the shared cache: while the cache is unreachable nothing is counted (a phone at the
    table is never refused because Redis is down)."""
    count = _counted(f"link-requests:{token}:{int(time.time() // 60)}", 90)
    return count is not None and count > limits.LINK_REQUESTS_PER_MINUTE


def _counted(key: str, seconds: int) -> int | None:
    """Add one to a count kept `seconds` in the shared cache and give it; None when the cache
    lost the key or is unreachable (nothing is counted then)."""
    try:
        cache.add(key, 0, seconds)
        return cache.incr(key)
    except ValueError:
        return None


def link_view(view: LinkView) -> LinkView:
    """Look the link up (a plain 'this link opens nothing' page, 404, for a wrong one) and count
    its requests (429 past the limit), then call `view(request, seat, ...)`."""

    @wraps(view)
    def wrapper(request: HtmxHttpRequest, token: str, *args: Any, **kwargs: Any) -> HttpResponse:
        seat = links.seat_for_link(token)
        if seat is None:
            return render(request, "tournaments/players/missing.html", status=404)
        if _too_many(token):
            response = render(
                request,
                "tournaments/players/slow_down.html",
                {"seat": seat, "tournament": seat.round.tournament},
                status=429,
            )
            response["Retry-After"] = "60"
            return response
        return view(request, seat, *args, **kwargs)

    return wrapper


# --- what the page shows -------------------------------------------------------------------------


def _names(seat: Seat) -> dict[str, Any]:
    words = seat.round.tournament.words
    mine = seat.direction
    theirs = "ew" if mine == "ns" else "ns"
    return {"mine": mine, "theirs": theirs, "my_label": words[mine], "their_label": words[theirs]}


def _form(link: LinkPage, *, mode: str | None, prefill: dict[str, Any] | None) -> tuple[Any, int]:
    """The forms of the next deal: blank, or prefilled with a version already written."""
    page = link.page
    number = (prefill["number"] if prefill else page.next_number) or 1
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
    poll = ""
    if not link.refusal:
        poll = "status" if entry is not None else "main"
    return {
        "link": link,
        "seat": link.seat,
        "page": page,
        "table": page.table,
        "tournament": page.tournament,
        "rules": page.rules,
        "rows": deal_rows(page),
        "standing": standing_of(page),
        "entry": entry,
        "number": number,
        "feedback": feedback,
        "answering": answering,
        "key": uuid.uuid4().hex,
        "notice": notice,
        "error": error,
        "poll": poll,
        "refresh_seconds": REFRESH_SECONDS,
        "opponent": page.pairs.get(_names(link.seat)["theirs"]),
        **_names(link.seat),
    }


def _render(
    request: HtmxHttpRequest, context: dict[str, Any], *, region: str = "link-main"
) -> HttpResponse:
    name = f"{PAGE}#{region}" if request.htmx else PAGE
    return render(request, name, context)


def _problems_text(problems: Sequence[Problem | str], variant: str) -> list[str]:
    return [in_words(problem, variant) for problem in problems]


# --- views -------------------------------------------------------------------------------------


@link_view
@require_GET
@vary_on_headers("HX-Request")
def link_table(request: HtmxHttpRequest, seat: Seat) -> HttpResponse:
    """The pair's table. With htmx: the region the page follows by itself (?region=status,
    while a form is being typed, so nothing typed is lost; else the whole page's main part),
    or only the form (the mode switch)."""
    link = links.link_page(seat)
    context = _context(request, link)
    region = request.GET.get("region")
    if request.htmx and region in ("status", "entry-form"):
        return render(request, f"{PAGE}#{region}", context)
    return _render(request, context)


@link_view
@require_POST
@vary_on_headers("HX-Request")
def link_check(request: HtmxHttpRequest, seat: Seat) -> HttpResponse:
    """Score what is typed without saving: with htmx, only the feedback regions."""
    link = links.link_page(seat)
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
    """After a step: the page as it is now, with what happened."""
    if not request.htmx:
        messages.success(request, notice)
        return redirect("link_table", token=seat.token)
    return _render(request, _context(request, links.link_page(seat), notice=notice))


def _refused(
    request: HtmxHttpRequest,
    seat: Seat,
    entry: Any,
    number: int,
    problems: Sequence[Problem | str],
    answering: Version | None = None,
) -> HttpResponse:
    """The form again as typed, each problem beside what it is about; nothing was saved."""
    link = links.link_page(seat)
    if answering is None and entry is None:
        error = " ".join(_problems_text(problems, link.page.tournament.variant))
        return _render(request, _context(request, link, error=error))
    feedback = feedback_for(link.page, entry, number, problems)
    context = _context(
        request, link, entry=entry, number=number, feedback=feedback, answering=answering
    )
    return _render(request, context)


@link_view
@require_POST
@vary_on_headers("HX-Request")
def link_write(request: HtmxHttpRequest, seat: Seat) -> HttpResponse:
    """Write the next deal (or change ours before the opponents answer): it waits for them."""
    tournament = seat.round.tournament
    entry, number = posted_entry(basis_of(seat.table, tournament), request.POST)
    key = _sent_key(request)
    problems: Sequence[Problem | str] = ()
    if key is None:
        problems = [_("The page was not sent whole: open it again and write the deal again.")]
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
        else:
            words = tournament.words
            notice = _("Deal %(number)s sent. Now %(their_side)s accepts it on their phone.") % {
                "number": sent.proposal.number,
                "their_side": words[_names(seat)["theirs"]],
            }
            return _done(request, seat, notice)
    entry, number = posted_entry(links.link_page(seat).page, request.POST)  # as the page reads
    return _refused(request, seat, entry, number, problems)


@link_view
@require_POST
@vary_on_headers("HX-Request")
def link_accept(request: HtmxHttpRequest, seat: Seat, proposal_id: int) -> HttpResponse:
    """Accept the opponents' deal: it is saved and counts."""
    try:
        sent = players.proposal_accept(seat=seat, proposal_id=proposal_id)
    except ServiceError as error:
        return _refused(request, seat, None, 0, error.problems or error.messages)
    notice = _("Deal %(number)s accepted: it counts.") % {"number": sent.proposal.number}
    return _done(request, seat, notice)


@link_view
@require_POST
@vary_on_headers("HX-Request")
def link_dispute(request: HtmxHttpRequest, seat: Seat, proposal_id: int) -> HttpResponse:
    """Say the opponents' deal is wrong, with our version: both go to the organiser."""
    link = links.link_page(seat)
    entry, number = posted_entry(link.page, request.POST)
    answering = link.theirs if link.theirs and link.theirs.proposal.pk == proposal_id else None
    key = _sent_key(request)
    problems: Sequence[Problem | str] = ()
    if key is None:
        problems = [_("The page was not sent whole: open it again and write the deal again.")]
    elif entry.is_valid():
        try:
            players.proposal_dispute(
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
        else:
            notice = _(
                "Both versions of deal %(number)s are with the organiser, who decides which counts."
            ) % {"number": number}
            return _done(request, seat, notice)
    if answering is None:
        return _refused(request, seat, None, 0, problems)
    return _refused(request, seat, entry, number, problems, answering)


@vary_on_headers("HX-Request")
def link_evening(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The pair's evening: where it plays now and next, its running totals and rank, its deals
    round by round. The phone polls its part every few seconds: while nothing it shows has
    changed (see `_evening_fresh`), the poll is answered as last rendered after one light read
    and the link's count, without looking the seat up whole."""
    if request.method == "GET" and request.htmx:
        state = links.link_state(token)
        if state is not None and not _too_many(token):
            stored = cache.get(_evening_key(state.seat_id))
            if stored is not None and _evening_fresh(stored, state):
                return HttpResponse(stored[3])
    return _evening_page(request, token)


@link_view
@require_GET
def _evening_page(request: HtmxHttpRequest, seat: Seat) -> HttpResponse:
    tournament = seat.round.tournament
    context = {
        "seat": seat,
        "tournament": tournament,
        "club": tournament.club,
        "places": links.places_of(seat),
        "history": pair_history(tournament, seat.pair.number),
        "refresh_seconds": REFRESH_SECONDS,
    }
    if not request.htmx:
        return render(request, "tournaments/players/evening.html", context)
    # the part the phone polls: shared by the pair's phones, so without a CSRF token
    response = render(request, "tournaments/players/evening.html#evening", context)
    made = (seat.table.version, tournament.results_version, time.time(), response.content)
    cache.set(_evening_key(seat.pk), made, EVENING_SECONDS)
    return response


EVENING_SECONDS = 3600


def _evening_key(seat_id: int) -> str:
    return f"link-evening:{release()}:{seat_id}:{get_language()}"


def _evening_fresh(stored: tuple[Any, ...], state: links.LinkState) -> bool:
    """A pair's evening as last rendered is shown again while its own table has not changed
    and either nothing in the tournament has, or it is younger than LINK_EVENING_PAUSE
    seconds, or the tournament's phones have had their share of new renderings this second:
    the pair's deals are always its table's latest, its rank and the field's totals a little
    late while results pour in, and 500 phones polling every five seconds in a round's last
    minute never render more than LINK_EVENING_RENDERS a second between them."""
    table_version, results_version, rendered_at, _body = stored
    if table_version != state.table_version:
        return False
    if results_version == state.results_version:
        return True
    if time.time() - rendered_at < settings.LINK_EVENING_PAUSE:
        return True
    return not _render_slot(state.tournament_id)


def _render_slot(tournament_id: int) -> bool:
    """One of this second's LINK_EVENING_RENDERS renderings of the tournament's evenings (a
    count in the shared cache; while the cache is unreachable, every poll may render)."""
    count = _counted(f"link-evening-renders:{tournament_id}:{int(time.time())}", 5)
    return count is None or count <= settings.LINK_EVENING_RENDERS
