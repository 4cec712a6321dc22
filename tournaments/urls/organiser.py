"""The organiser's pages under /organise/ (every one scoped to their clubs); the home page is
in public.py."""

from django.urls import path

from tournaments.views.organiser import (
    changes,
    checkin,
    circuits,
    decisions,
    entry,
    exports,
    members,
    money,
    pairs,
    phases,
    players,
    prize_files,
    prizes,
    records,
    rounds,
    seasons,
    sessions,
    setup,
    submissions,
)

T = "organise/tournaments/<int:tournament_id>"
R = "organise/rounds/<int:round_id>"
S = "organise/seasons/<int:season_id>"
C = "organise/circuits/<int:circuit_id>"

urlpatterns = [
    path("organise/", setup.dashboard, name="dashboard"),
    # tournaments and pairs
    path("organise/tournaments/new/", setup.tournament_create, name="tournament_create"),
    path(f"{T}/", setup.tournament_detail, name="tournament_detail"),
    path(f"{T}/settings/", setup.tournament_edit, name="tournament_edit"),
    path(f"{T}/pairs/", setup.pairs_add, name="pairs_add"),
    path(f"{T}/finish/", setup.tournament_finish, name="tournament_finish"),
    path(f"{T}/reopen/", setup.tournament_reopen, name="tournament_reopen"),
    path(f"{T}/changes/", changes.tournament_changes, name="tournament_changes"),
    path(f"{T}/changes/<int:change_id>/restore/", changes.deal_restore, name="deal_restore"),
    path(f"{T}/pairs/file/", pairs.entrants_upload, name="entrants_upload"),
    path(f"{T}/publish/", setup.tournament_publish, name="tournament_publish"),
    path("organise/pairs/<int:pair_id>/remove/", setup.pair_remove, name="pair_remove"),
    path("organise/pairs/<int:pair_id>/", pairs.pair_detail, name="pair_detail"),
    path("organise/pairs/<int:pair_id>/rename/", pairs.pair_rename, name="pair_rename"),
    path("organise/pairs/<int:pair_id>/substitute/", pairs.pair_substitute, name="pair_substitute"),
    path("organise/pairs/<int:pair_id>/withdraw/", pairs.pair_withdraw, name="pair_withdraw"),
    path("organise/pairs/<int:pair_id>/category/", pairs.pair_category, name="pair_category"),
    path(
        "organise/pairs/<int:pair_id>/new-link/", pairs.pair_link_reissue, name="pair_link_reissue"
    ),
    path(
        "organise/players/<int:player_id>/record/",
        records.player_record_choice,
        name="player_record_choice",
    ),
    path(
        "organise/pairs/<int:pair_id>/players/<int:player_id>/email/",
        records.player_email,
        name="player_email",
    ),
    # rounds
    path(f"{T}/rounds/next/", rounds.round_prepare, name="round_prepare"),
    path(f"{R}/", rounds.round_board, name="round_board"),
    path(f"{R}/reseat/", rounds.round_reseat, name="round_reseat"),
    path(f"{R}/swap/", rounds.round_swap, name="round_swap"),
    path(f"{R}/start/", rounds.round_start, name="round_start"),
    path(f"{R}/publish/", rounds.round_publish, name="round_publish"),
    path(f"{R}/clock/", rounds.round_clock, name="round_clock"),
    path(f"{T}/check-in/", checkin.check_in, name="check_in"),
    path(f"{T}/phases/", phases.phase_plan, name="phase_plan"),
    path(f"{T}/prizes/", prizes.prize_plan, name="prize_plan"),
    path(f"{T}/prizes/publish/", prizes.prizes_publish, name="prizes_publish"),
    path(f"{T}/prizes.csv", prize_files.prizes_csv, name="prizes_csv"),
    path(f"{T}/money/", money.money, name="money"),
    path(f"{T}/money.csv", money.money_csv, name="money_csv"),
    path(f"{T}/prizes.xlsx", prize_files.prizes_xlsx, name="prizes_xlsx"),
    path(f"{T}/print/ceremony/", prizes.print_ceremony, name="print_ceremony"),
    path(f"{T}/phases/plan/", phases.phase_plan_set, name="phase_plan_set"),
    path(f"{T}/phases/categories/", phases.pair_categories, name="pair_categories"),
    path(f"{T}/phases/<int:phase_number>/split/", phases.phase_split, name="phase_split"),
    path(f"{T}/sessions/", sessions.sessions_plan, name="sessions_plan"),
    path(f"{T}/sessions/one/", sessions.sessions_single, name="sessions_single"),
    path(f"{T}/check-in/absent/", checkin.absent_withdraw, name="absent_withdraw"),
    # tables and deals
    path("organise/tables/<int:table_id>/", entry.table_entry, name="table_entry"),
    path("organise/tables/<int:table_id>/check/", entry.deal_check, name="deal_check"),
    path("organise/tables/<int:table_id>/deals/", entry.deal_save, name="deal_save"),
    path(
        "organise/tables/<int:table_id>/deals/<int:number>/remove/",
        entry.deal_remove,
        name="deal_remove",
    ),
    # the arbiter's decisions (the round clock links to table_decision?kind=timeout&deal=N)
    path(
        "organise/tables/<int:table_id>/decision/",
        decisions.table_decision,
        name="table_decision",
    ),
    path(
        "organise/decisions/<int:decision_id>/cancel/",
        decisions.decision_undo,
        name="decision_cancel",
    ),
    # the players' own entry: a table taken over, a disputed deal decided
    path("organise/tables/<int:table_id>/entry-by/", players.table_entry_by, name="table_entry_by"),
    path(
        "organise/proposals/<int:proposal_id>/choose/",
        players.dispute_choose,
        name="dispute_choose",
    ),
    # exports and print pages
    path(f"{T}/standings.csv", exports.standings_csv, name="standings_csv"),
    path(f"{T}/deals.csv", exports.deal_results_csv, name="deal_results_csv"),
    path(f"{T}/standings.xlsx", exports.standings_xlsx, name="standings_xlsx"),
    path(f"{T}/deals.xlsx", exports.deal_results_xlsx, name="deal_results_xlsx"),
    path(
        f"{T}/federation.csv", exports.federation_file, {"extension": "csv"}, name="federation_csv"
    ),
    path(
        f"{T}/federation.xlsx",
        exports.federation_file,
        {"extension": "xlsx"},
        name="federation_xlsx",
    ),
    path(f"{T}/federation/", submissions.federation_submissions, name="federation_submissions"),
    path(
        f"{T}/federation/make/",
        submissions.federation_submission_make,
        name="federation_submission_make",
    ),
    path(
        f"{T}/federation/officials/", submissions.tournament_officials, name="tournament_officials"
    ),
    *(
        path(
            f"{T}/federation/<int:number>.{extension}",
            submissions.federation_submission_file,
            {"extension": extension},
            name=f"federation_submission_{extension}",
        )
        for extension in ("json", "csv", "xlsx")
    ),
    path(f"{T}/print/standings/", exports.print_standings, name="print_standings"),
    path(f"{T}/print/balance/", exports.balance_report, name="balance_report"),
    path(f"{T}/print/slips/", exports.print_slips, name="print_slips"),
    path(f"{R}/print/seating/", exports.print_seating, name="print_seating"),
    path(f"{R}/print/score-sheets/", exports.print_score_sheets, name="print_score_sheets"),
    # the club's copy of the federation's member list
    path("organise/clubs/<int:club_id>/members/", members.club_members, name="club_members"),
    # seasons
    path("organise/seasons/", seasons.season_list, name="season_list"),
    path("organise/seasons/new/", seasons.season_new, name="season_new"),
    path(f"{S}/", seasons.season_detail, name="season_detail"),
    path(f"{S}/edit/", seasons.season_edit, name="season_edit"),
    path(f"{S}/pairs.csv", seasons.season_csv, {"ranking": "pairs"}, name="season_pairs_csv"),
    path(f"{S}/players.csv", seasons.season_csv, {"ranking": "players"}, name="season_players_csv"),
    path(f"{S}/pairs.xlsx", seasons.season_xlsx, {"ranking": "pairs"}, name="season_pairs_xlsx"),
    path(
        f"{S}/players.xlsx", seasons.season_xlsx, {"ranking": "players"}, name="season_players_xlsx"
    ),
    # circuits (points across clubs)
    path("organise/circuits/", circuits.circuit_list, name="circuit_list"),
    path("organise/circuits/new/", circuits.circuit_new, name="circuit_new"),
    path(f"{C}/", circuits.circuit_detail, name="circuit_detail"),
    path(f"{C}/clubs/", circuits.circuit_club_join, name="circuit_club_join"),
    path(f"{C}/evenings/", circuits.circuit_evening_new, name="circuit_evening_new"),
    path(f"{C}/evenings/remove/", circuits.circuit_evening_drop, name="circuit_evening_drop"),
]
