"""CSV exports (and their Excel twins) and print pages of a tournament.

Exports: the standings, from the same `StandingsTable` the page shows (the public's copy of a
published tournament's is in views/public), and every deal side of a tournament with each
component of its score. Print pages: a round's seating list, one blank score sheet per table of
a round, the standings, and the pair slips (each pair's private link and code, handed to it
alone: the only printed page that shows a pair's link). Organiser views look objects up with
`selectors.for_organiser` (another club's answers 404) behind `@login_required`.

Print pages stand alone (no site header) with static/css/print.css; `?print=1` asks
static/js/print.js to open the print dialog by itself, so a page has no inline script.
"""

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournaments import deal_exports, exports, federation, selectors
from tournaments.cycles import collector_paused
from tournaments.models import Pair, Round, Tournament
from tournaments.rules.sheet import sheet_of
from tournaments.selectors.individual import balance_report as individual_balance
from tournaments.selectors.phases import pairs_with_girone, with_latest_girone
from tournaments.tables import StandingsTable


@login_required
@require_GET
def standings_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    return exports.standings_csv_response(tournament, selectors.standings_for(tournament))


@login_required
@require_GET
def deal_results_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = selectors.for_organiser(
        request.user, Tournament, pk=tournament_id, related=["club"]
    )
    filename = exports.export_filename(tournament.club.slug, tournament.slug, what="deals")
    with collector_paused():  # 12,000 rows at 500 pairs
        columns, rows = deal_exports.deal_file(tournament)
        return exports.rows_csv_response(columns, rows, filename)


@login_required
@require_GET
def standings_xlsx(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    return exports.standings_xlsx_response(tournament, selectors.standings_for(tournament))


@login_required
@require_GET
def deal_results_xlsx(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = selectors.for_organiser(
        request.user, Tournament, pk=tournament_id, related=["club"]
    )
    with collector_paused():  # 12,000 rows at 500 pairs
        return deal_exports.deal_results_xlsx_response(tournament)


@login_required
@require_GET
def federation_file(request: HttpRequest, tournament_id: int, extension: str) -> HttpResponse:
    """The final standings with each player's card number, for the federation (federation.py);
    a tournament still running has no final standings to send, so it goes back to its page."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    if not tournament.is_finished:
        messages.error(
            request,
            _("The federation file holds the final standings: finish the tournament first."),
        )
        return redirect("tournament_detail", tournament.pk)
    pairs = with_latest_girone(selectors.standings_for(tournament))
    if extension == "xlsx":
        return federation.federation_xlsx_response(tournament, pairs)
    return federation.federation_csv_response(tournament, pairs)


# --- print pages ---------------------------------------------------------------------------------


def _print_context(request: HttpRequest, tournament: Tournament, **extra: Any) -> dict[str, Any]:
    return {
        "tournament": tournament,
        "autoprint": request.GET.get("print") == "1",
        **extra,
    }


def _round(request: HttpRequest, round_id: int) -> Round:
    round_ = selectors.for_organiser(request.user, Round, pk=round_id)
    round_.tournament  # noqa: B018 (one query now, not one per use)
    return round_


@dataclass(frozen=True)
class SeatedTable:
    """A table as the print pages show it: its number and pairs, read once."""

    number: int
    ns: Pair | None
    ew: Pair | None
    is_bye: bool
    ns_partner: Pair | None = None
    """An individual table's second player of each side (South, West); None for pairs."""
    ew_partner: Pair | None = None
    girone: str = ""
    """The name of the table's girone (empty when the whole field plays together)."""


def _seated_tables(round_: Round) -> list[SeatedTable]:
    return [
        SeatedTable(
            t.number,
            t.ns,
            t.ew,
            t.is_bye,
            t.ns_partner,
            t.ew_partner,
            t.girone.name if t.girone else "",
        )
        for t in selectors.round_tables(round_)
    ]


@dataclass(frozen=True)
class GironeSeating:
    """One girone's part of the printed seating: its tables, then its bye."""

    name: str
    tables: list[SeatedTable]
    byes: list[SeatedTable]


def _by_girone(tables: list[SeatedTable]) -> list[GironeSeating]:
    """The seating girone by girone, in the order the tables are numbered (none for a round
    played by the whole field)."""
    if not any(table.girone for table in tables):
        return []
    names = list(dict.fromkeys(t.girone for t in sorted(tables, key=lambda t: t.number)))
    return [
        GironeSeating(
            name,
            [t for t in tables if t.girone == name and not t.is_bye],
            [t for t in tables if t.girone == name and t.is_bye],
        )
        for name in names
    ]


@login_required
@require_GET
def print_seating(request: HttpRequest, round_id: int) -> HttpResponse:
    """The seating list of a round, to pin up: table, North-South, East-West, the bye, and the
    QR code of the tournament's public standings. A round in gironi is listed girone by girone
    under a heading each, or (`?order=room`) in one list by table number with the girone."""
    round_ = _round(request, round_id)
    tournament = round_.tournament
    tables = _seated_tables(round_)
    whole_room = request.GET.get("order") == "room"
    context = _print_context(
        request,
        tournament,
        round=round_,
        tables=[t for t in tables if not t.is_bye],
        byes=[t for t in tables if t.is_bye],
        gironi=[] if whole_room else _by_girone(tables),
        in_gironi=any(t.girone for t in tables),
        whole_room=whole_room,
        phone_url=request.build_absolute_uri(
            reverse("public_tournament", args=[tournament.club.slug, tournament.slug])
        ),
    )
    return render(request, "tournaments/print/seating.html", context)


@login_required
@require_GET
def print_score_sheets(request: HttpRequest, round_id: int) -> HttpResponse:
    """One blank score sheet per table of a round, one a printed page: a row per deal and, for
    each side, a column per field the entry form asks, in its order (rules/sheet.py), then the
    deal's total (and the match's running total); last, who closed. What is the same on every
    sheet (all but the table's number and pairs) is rendered once, then put in each."""
    round_ = _round(request, round_id)
    tournament = round_.tournament
    sheet = sheet_of(tournament.play_format)
    context = _print_context(
        request,
        tournament,
        round=round_,
        tables=[t for t in _seated_tables(round_) if not t.is_bye],
        sheet=sheet,
        deal_numbers=range(1, sheet.rows + 1),
        side_columns=len(sheet.side_fields) + len(sheet.computed),
    )
    shared = {**context, "words": tournament.words}
    for part in ("sheet-meta", "sheet-columns", "sheet-rest"):
        name = f"tournaments/print/score_sheets.html#{part}"
        context[part.replace("-", "_")] = render_to_string(name, shared, request)
    return render(request, "tournaments/print/score_sheets.html", context)


@login_required
@require_GET
def print_standings(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The standings to print, from the same StandingsTable as the page and the CSV."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    table = StandingsTable.for_tournament(tournament, selectors.standings_for(tournament))
    last_done = (
        selectors.rounds_of(tournament).filter(status=Round.Status.DONE).order_by("number").last()
    )
    context = _print_context(request, tournament, standings=table, last_done=last_done)
    return render(request, "tournaments/print/standings.html", context)


@dataclass(frozen=True)
class Slip:
    """One pair's slip: its private link (for the QR code, and typed short) and its code."""

    pair: Pair
    url: str
    host: str
    path: str
    code: str


@login_required
@require_GET
def print_slips(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The pair slips, to cut and hand to each pair at check-in (or `?pair=N`: one pair's, after
    a new link): the pair's names, the QR code of its private link, the address typed short and
    its pair code. Withdrawn pairs get none unless asked for by number."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    asked = request.GET.get("pair", "")
    pairs = list(pairs_with_girone(tournament))
    if asked:
        pairs = [pair for pair in pairs if str(pair.number) == asked]
    else:
        pairs = [pair for pair in pairs if pair.withdrawn_from is None]
    slips = []
    for pair in pairs:
        path = reverse("link_table", args=[pair.token])
        slips.append(
            Slip(
                pair=pair,
                url=request.build_absolute_uri(path),
                host=request.get_host(),
                path=path,
                code=f"{pair.code[:3]} {pair.code[3:]}",
            )
        )
    context = _print_context(request, tournament, slips=slips, one=bool(asked))
    return render(request, "tournaments/print/slips.html", context)


@login_required
@require_GET
def balance_report(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """An individual tournament's balance report, on screen and printed: how many times each
    player partnered and opposed each other, and sat out."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    if not tournament.is_individual:
        raise Http404(_("Only an individual tournament has a balance report."))
    context = _print_context(request, tournament, report=individual_balance(tournament))
    return render(request, "tournaments/print/balance.html", context)
