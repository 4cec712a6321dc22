"""Public pages (no login): the home page, a club's published tournaments, a tournament's
standings, projector view, pairs, "find your table" and standings file (CSV and Excel); a
season's page and rankings; a circuit's ranking; a player's record."""

from django.urls import path

from tournaments.views.public import circuits, exports, front, pages, prizes, records, seasons

T = "t/<slug:club_slug>/<slug:tournament_slug>"
S = "s/<slug:club_slug>/<slug:season_slug>"

urlpatterns = [
    path("", front.home, name="home"),
    path("t/<slug:club_slug>/", front.club_page, name="public_club"),
    path(f"{T}/", pages.tournament_page, name="public_tournament"),
    path(f"{T}/gironi/<str:name>/", pages.girone_standings, name="public_girone"),
    path(f"{T}/projector/", pages.projector, name="public_projector"),
    path(f"{T}/pairs/<int:number>/", pages.pair_page, name="public_pair"),
    path(f"{T}/find/", pages.find_table, name="public_find"),
    path(f"{T}/prizes/", prizes.prizes_page, name="public_prizes"),
    path(f"{T}/prizes.csv", prizes.prizes_csv, name="public_prizes_csv"),
    path(f"{T}/standings.csv", exports.public_standings_csv, name="public_standings_csv"),
    path(f"{T}/standings.xlsx", exports.public_standings_xlsx, name="public_standings_xlsx"),
    path("r/<slug:club_slug>/<int:player_id>/", records.player_record, name="player_record"),
    path(f"{S}/", seasons.season_public, name="season_public"),
    path(
        f"{S}/pairs.csv",
        seasons.season_public_csv,
        {"ranking": "pairs"},
        name="season_public_pairs_csv",
    ),
    path(
        f"{S}/players.csv",
        seasons.season_public_csv,
        {"ranking": "players"},
        name="season_public_players_csv",
    ),
    path(
        f"{S}/pairs.xlsx",
        seasons.season_public_xlsx,
        {"ranking": "pairs"},
        name="season_public_pairs_xlsx",
    ),
    path(
        f"{S}/players.xlsx",
        seasons.season_public_xlsx,
        {"ranking": "players"},
        name="season_public_players_xlsx",
    ),
    path("circuits/<slug:circuit_slug>/", circuits.circuit_public, name="circuit_public"),
]
