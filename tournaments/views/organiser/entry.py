"""The table page (tavolo): a table's deals and running score, and the form where an organiser
enters the next deal from the paper score sheet, corrects an earlier one or removes the last.

`deal_check` scores what is typed without saving (the live feedback); `deal_save` hands it to
`services.deal_record`. The engine's messages say "side 1" and "side 2": here they read N-S and
E-W and go next to the column (or, in card mode, the meld line) they are about.
"""

import re
from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import replace_url
from django_htmx.middleware import HtmxDetails

from scoring import DealResult, InvalidDeal, RuleSet, analyse_meld, parse_card
from tournaments import services
from tournaments.forms.entry import (
    SIDES,
    CardSideForm,
    DealForm,
    EntryForms,
    card_texts,
    entry_forms,
    initial_from_entry,
    meld_lines,
)
from tournaments.models import Deal, Pair, Table
from tournaments.rules.entry import opening_needed
from tournaments.rules.sides import burracos_text
from tournaments.selectors.table import TablePage, table_page

PAGE = "tournaments/table_entry.html"
NS, EW = "ns", "ew"
LABELS = dict(SIDES)
POT_TEXT = {"taken": "taken", "not_taken": "not taken", "taken_unplayed": "taken, not played"}


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


# --- what the page shows -------------------------------------------------------------------------


def _rows(page: TablePage) -> list[dict[str, Any]]:
    """Every deal with its two sides (N-S first) and each side's running total."""
    rows, running = [], {NS: 0, EW: 0}
    for deal in page.deals:
        sides = []
        for side in sorted(deal.sides.all(), key=lambda s: s.direction != NS):
            running[side.direction] += side.total
            sides.append(
                {
                    "label": LABELS[side.direction],
                    "row": side,
                    "running": running[side.direction],
                    "burracos": burracos_text(side.burracos),
                    "pot": POT_TEXT.get(side.pot, side.pot),
                }
            )
        rows.append({"deal": deal, "sides": sides})
    return rows


def _standing(page: TablePage) -> dict[str, Any]:
    """The table's score now: MP and VP (deals format) or the match (target format)."""
    table, rules, result = page.table, page.rules, page.result
    if result is None:  # deals that make no match: the totals, and what is wrong (no_entry)
        return {"totals": page.running_before(10**6), "target": page.tournament.target}
    match = result.match
    if match is None:
        return {
            "mp": (result.ns_mp, result.ew_mp),
            "vp": (result.ns_vp, result.ew_vp),
            "provisional": table.status != Table.Status.DONE,
            "played": len(page.deals),
        }
    openings = []
    for key, points in zip((NS, EW), match.next_opening, strict=True):
        if points > 0 and not match.finished and rules.opening is not None:
            also = f" or a {rules.word('burraco')}" if rules.opening.canasta_suffices else ""
            openings.append(f"{LABELS[key]} must open with at least {points} points{also}.")
    winner = result.winner or None
    return {
        "totals": match.totals,
        "target": match.target,
        "winner": winner and LABELS[winner],
        "winner_pair": winner and page.pairs[winner],
        "openings": openings,
    }


# --- the engine's messages, placed -------------------------------------------------------------

_PLACE = re.compile(r"^side ([12])(?:, meld (\d+))?")
_CONTRACT_WORDS = {
    "give the opening's points (opening_points) or say it held a canasta (opening_canasta)": (
        "give the opening points, or tick “opened with a canasta”"
    ),
    "say which melds it laid down first ('opening', meld numbers from 0)": (
        "give the lines of the melds it laid down first"
    ),
    "give the pot's cards (pot_cards) or their points (pot_points)": "give the points in the pot",
    '"hand" ': "hand: ",
    '"closing_discard" ': "closing discard: ",
}


def _words(problem: str) -> str:
    """An engine or service message with the sides named N-S and E-W, in the form's words."""
    for contract, words in _CONTRACT_WORDS.items():
        problem = problem.replace(contract, words)
    problem = re.sub(r"\bsides 1 and 2\b", "N-S and E-W", problem)
    problem = re.sub(r"\bside ([12])\b", lambda m: ("N-S", "E-W")[int(m[1]) - 1], problem)
    return problem[:1].upper() + problem[1:]


@dataclass
class MeldLine:
    number: int
    text: str
    reading: str = ""
    problems: list[str] = field(default_factory=list)


@dataclass
class SideView:
    key: str
    label: str
    pair: Pair | None
    form: Any
    opening_needed: int
    problems: list[str] = field(default_factory=list)
    melds: list[MeldLine] = field(default_factory=list)
    result: Any = None


@dataclass
class Feedback:
    sides: list[SideView]
    top: list[str] = field(default_factory=list)
    result: DealResult | None = None
    after: dict[str, Any] = field(default_factory=dict)


def _feedback(
    page: TablePage,
    entry: EntryForms,
    number: int,
    problems: list[str] | tuple[str, ...] = (),
    result: DealResult | None = None,
) -> Feedback:
    """The engine's verdict laid out for the form: each message by the side (or meld line) it
    names, the others on top; in card mode, what each meld line reads as."""
    before = page.running_before(number)
    sides = [
        SideView(key, label, page.pairs[key], entry.sides[key], _opening_needed(page, before[i]))
        for i, (key, label) in enumerate(SIDES)
    ]
    feedback = Feedback(sides=sides, result=result)
    for view in sides:
        if isinstance(view.form, CardSideForm) and view.form.is_bound and view.form.is_valid():
            lines = meld_lines(view.form.cleaned_data["melds"])
            view.melds = [MeldLine(n, line) for n, line in enumerate(lines, 1)]
    if entry.deal.is_bound:
        for hidden in entry.deal.hidden_fields():
            feedback.top.extend(f"{hidden.name.capitalize()}: {e}" for e in hidden.errors)
    for problem in problems:
        place = _PLACE.match(problem)
        view = sides[int(place[1]) - 1] if place else None
        line = int(place[2]) if place and place[2] else 0
        if view is None:
            feedback.top.append(_words(problem))
        elif 0 < line <= len(view.melds):
            view.melds[line - 1].problems.append(_words(problem))
        else:
            view.problems.append(_words(problem))
    for index, view in enumerate(sides):
        view.result = result.sides[index] if result is not None else None
        _read_melds(view.melds, page.rules, view.result.melds if view.result else None)
    return feedback


def _opening_needed(page: TablePage, running: int) -> int:
    return opening_needed(page.play_format, running)


def _read_melds(lines: list[MeldLine], rules: RuleSet, melds: Any) -> None:
    """What the engine made of each meld line: from the scored deal, or, when the deal could
    not be scored as a whole, from the engine's reading of that line alone."""
    word = rules.word("burraco")
    for index, line in enumerate(lines):
        if line.problems:
            continue
        try:
            meld = (
                melds[index]
                if melds
                else analyse_meld([parse_card(code) for code in card_texts(line.text)], rules)
            )
        except ValueError as error:  # CardError or MeldError: in the engine's words
            line.problems.append(str(error))
            continue
        what = f"{meld.burraco} {word}" if meld.burraco else meld.shape
        line.reading = f"{what}, {meld.points} points"


# --- scoring what is typed, without saving -----------------------------------------------------


def _after(preview: services.DealPreview) -> dict[str, Any]:
    """The table's score once this deal is in: MP and VP, or the match."""
    match = preview.table.match
    if match is None:
        return {"mp": preview.mp, "vp": preview.vp}
    winner = LABELS[preview.winner] if preview.winner else None
    return {"mp": preview.mp, "winner": winner, "target": match.target}


def _check(page: TablePage, entry: EntryForms, number: int) -> Feedback:
    if not entry.is_valid():
        return _feedback(page, entry, number)
    try:
        preview = services.deal_preview(
            table=page.table, number=number, sides=entry.contract_sides()
        )
    except InvalidDeal as error:
        return _feedback(page, entry, number, error.problems)
    except services.ServiceError as error:
        return _feedback(page, entry, number, error.messages)
    feedback = _feedback(page, entry, number, result=preview.result)
    feedback.after = _after(preview)
    return feedback


# --- forms and rendering -----------------------------------------------------------------------


def _whole(value: object) -> int | None:
    text = str(value or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) < 6 else None


def _entry(
    page: TablePage, number: int, mode: str, data: Any = None, initial: Any = None
) -> EntryForms:
    before = page.running_before(number)
    opening = {key: _opening_needed(page, before[i]) > 0 for i, (key, _) in enumerate(SIDES)}
    return entry_forms(mode=mode, rules=page.rules, opening=opening, data=data, initial=initial)


def _blank_entry(
    page: TablePage, edit: int | None, mode: str | None
) -> tuple[EntryForms | None, int]:
    """The form for the next deal, or for a correction of deal `edit`, prefilled."""
    deal = next((d for d in page.deals if d.number == edit), None)
    number = deal.number if deal is not None else page.next_number
    if number is None:
        return None, 0
    mode = mode or (deal.mode if deal is not None else "summary")
    initial = initial_from_entry(deal.entry) if deal is not None else {}
    initial.setdefault("deal", {}).update(
        {"number": number, "version": page.table.version, "mode": mode}
    )
    for key, _ in SIDES:
        initial.setdefault(key, {}).setdefault("pot", "taken")
    entry = _entry(page, number, mode, initial=initial)
    first = next(iter(entry.sides[NS].fields.values()))
    first.widget.attrs["autofocus"] = True
    return entry, number


def _posted_entry(page: TablePage, data: Any) -> tuple[EntryForms, int]:
    try:  # read as the deal form reads it, so that both agree on which deal this is
        number = DealForm.base_fields["number"].clean(data.get("number"))
    except ValidationError:
        number = page.next_number or 1
    return _entry(page, number, str(data.get("mode", "summary")), data=data), number


def _context(
    page: TablePage,
    entry: EntryForms | None,
    number: int,
    feedback: Feedback | None = None,
    **extra: Any,
) -> dict[str, Any]:
    editing = number in page.totals
    if entry is not None and feedback is None:
        feedback = _feedback(page, entry, number)
    return {
        "page": page,
        "table": page.table,
        "tournament": page.tournament,
        "rules": page.rules,
        "word": page.rules.word("burraco"),
        "rows": _rows(page),
        "standing": _standing(page),
        "entry": entry,
        "number": number,
        "editing": editing,
        "saved_totals": page.totals.get(number),
        "feedback": feedback,
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
    """The table page; with htmx, only the entry form (the mode switch swaps it)."""
    page = table_page(request.user, table_id)
    mode = request.GET.get("mode")
    entry, number = _blank_entry(
        page, _whole(request.GET.get("edit")), mode if mode in ("summary", "cards") else None
    )
    return _render(request, "entry-form", _context(page, entry, number))


@login_required
@require_POST
@vary_on_headers("HX-Request")
def deal_check(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """Score what is typed without saving: with htmx, only the feedback regions."""
    page = table_page(request.user, table_id)
    entry, number = _posted_entry(page, request.POST)
    feedback = _check(page, entry, number)
    version = entry.deal.cleaned_data.get("version") if entry.deal.is_valid() else None
    if version is not None and version != page.table.version:
        feedback.top.insert(
            0,
            "Someone else changed this table since you opened it: saving will show you "
            "what changed.",
        )
    return _render(request, "check-response", _context(page, entry, number, feedback))


@login_required
@require_POST
@vary_on_headers("HX-Request")
def deal_save(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """Save the deal through services.deal_record; errors re-render the form as typed."""
    page = table_page(request.user, table_id)
    entry, number = _posted_entry(page, request.POST)
    problems: tuple[str, ...] = ()
    if entry.is_valid():
        try:
            deal = services.deal_record(
                table=page.table,
                number=number,
                sides=entry.contract_sides(),
                mode=entry.mode,
                user=request.user,
                version=entry.deal.cleaned_data["version"],
            )
        except services.StaleTable as error:
            return _stale(request, table_id, str(error))
        except InvalidDeal as error:
            problems = error.problems
        except services.ServiceError as error:
            problems = error.messages
        else:
            return _saved(request, table_id, deal)
    feedback = _feedback(page, entry, number, problems)
    return _render(request, "entry-main", _context(page, entry, number, feedback))


def _saved(request: HtmxHttpRequest, table_id: int, deal: Deal) -> HttpResponse:
    sides = {side.direction: side.total for side in deal.sides.all()}
    notice = f"Deal {deal.number} saved: N-S {sides[NS]}, E-W {sides[EW]}."
    url = reverse("table_entry", args=[table_id])
    if not request.htmx:
        messages.success(request, notice)
        return redirect(url)
    page = table_page(request.user, table_id)
    entry, next_number = _blank_entry(page, None, None)
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
    entry, number = _posted_entry(page, data)
    feedback = _check(page, entry, number)
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
        return HttpResponseBadRequest("The form is missing the table's version.")
    notice, error = f"Deal {number} removed.", ""
    try:
        services.deal_remove(table=page.table, number=number, user=request.user, version=version)
    except services.ServiceError as problem:
        notice, error = "", _words(str(problem))
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
