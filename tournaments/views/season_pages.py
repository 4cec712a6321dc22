"""What the organiser's and the public season pages share: the page's context and the CSV
rankings (and their Excel twins), from the same Table classes."""

from typing import Any

from django.http import Http404, HttpResponse
from django.utils.translation import gettext_lazy as _

from tournaments import exports
from tournaments.models import Season
from tournaments.selectors.seasons import SeasonStandings, season_standings
from tournaments.spreadsheets import xlsx_response
from tournaments.tables import SeasonPairsTable, SeasonPlayersTable

RANKINGS = {"pairs": SeasonPairsTable, "players": SeasonPlayersTable}
SHEET_TITLES = {"pairs": _("Pairs"), "players": _("Players")}


def season_context(standings: SeasonStandings) -> dict[str, Any]:
    return {
        "season": standings.season,
        "standings": standings,
        "pairs_table": SeasonPairsTable(standings.pairs),
        "players_table": SeasonPlayersTable(standings.players),
        "unfinished": [t for t in standings.tournaments if t not in standings.counted],
        "format_notes": [
            note
            for note in dict.fromkeys(t.play_format.season_note for t in standings.counted)
            if note
        ],
    }


def ranking_csv(season: Season, ranking: str) -> HttpResponse:
    table_class = RANKINGS.get(ranking)
    if table_class is None:
        raise Http404
    standings = season_standings(season=season)
    table = table_class(getattr(standings, ranking))
    filename = exports.export_filename(season.club.slug, season.slug, what=f"season_{ranking}")
    return exports.table_csv_response(table, filename)


def ranking_xlsx(season: Season, ranking: str) -> HttpResponse:
    """The ranking's Excel twin: the page's headers, and the season's tournaments with dates."""
    table_class = RANKINGS.get(ranking)
    if table_class is None:
        raise Http404
    standings = season_standings(season=season)
    table = table_class(getattr(standings, ranking))
    filename = exports.export_filename(
        season.club.slug, season.slug, what=f"season_{ranking}", extension="xlsx"
    )
    sheets = [
        exports.table_sheet(table, str(SHEET_TITLES[ranking])),
        exports.season_sheet(season, standings.tournaments, standings.counted),
    ]
    return xlsx_response(sheets, filename)
