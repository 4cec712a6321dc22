"""Exports (CSV), printing and seasons: the organiser's under /organise/, the public CSV of a
published tournament's standings under /t/, the public season page under /s/."""

from django.urls import path

from tournaments.views import exports, seasons

T = "organise/tournaments/<int:tournament_id>"
R = "organise/rounds/<int:round_id>"
S = "organise/seasons/<int:season_id>"
PUBLIC_S = "s/<slug:club_slug>/<slug:season_slug>"

urlpatterns = [
    # CSV exports of a tournament
    path(f"{T}/standings.csv", exports.standings_csv, name="standings_csv"),
    path(f"{T}/deals.csv", exports.deal_results_csv, name="deal_results_csv"),
    path(
        "t/<slug:club_slug>/<slug:tournament_slug>/standings.csv",
        exports.public_standings_csv,
        name="public_standings_csv",
    ),
    # print pages
    path(f"{T}/print/standings/", exports.print_standings, name="print_standings"),
    path(f"{R}/print/seating/", exports.print_seating, name="print_seating"),
    path(f"{R}/print/score-sheets/", exports.print_score_sheets, name="print_score_sheets"),
    # seasons
    path("organise/seasons/", seasons.season_list, name="season_list"),
    path("organise/seasons/new/", seasons.season_new, name="season_new"),
    path(f"{S}/", seasons.season_detail, name="season_detail"),
    path(f"{S}/edit/", seasons.season_edit, name="season_edit"),
    path(f"{S}/pairs.csv", seasons.season_csv, {"ranking": "pairs"}, name="season_pairs_csv"),
    path(f"{S}/players.csv", seasons.season_csv, {"ranking": "players"}, name="season_players_csv"),
    path(f"{PUBLIC_S}/", seasons.season_public, name="season_public"),
    path(
        f"{PUBLIC_S}/pairs.csv",
        seasons.season_public_csv,
        {"ranking": "pairs"},
        name="season_public_pairs_csv",
    ),
    path(
        f"{PUBLIC_S}/players.csv",
        seasons.season_public_csv,
        {"ranking": "players"},
        name="season_public_players_csv",
    ),
]
