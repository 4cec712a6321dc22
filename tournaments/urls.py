"""The club pages: the organiser's pages under /organise/ (every one scoped to their clubs)."""

from django.urls import path

from tournaments import views

urlpatterns = [
    path("", views.home, name="home"),
    path("organise/", views.dashboard, name="dashboard"),
    path("organise/tournaments/new/", views.tournament_create, name="tournament_create"),
    path(
        "organise/tournaments/<int:tournament_id>/",
        views.tournament_detail,
        name="tournament_detail",
    ),
    path(
        "organise/tournaments/<int:tournament_id>/settings/",
        views.tournament_edit,
        name="tournament_edit",
    ),
    path("organise/tournaments/<int:tournament_id>/pairs/", views.pairs_add, name="pairs_add"),
    path(
        "organise/tournaments/<int:tournament_id>/rounds/next/",
        views.round_prepare,
        name="round_prepare",
    ),
    path(
        "organise/tournaments/<int:tournament_id>/finish/",
        views.tournament_finish,
        name="tournament_finish",
    ),
    path(
        "organise/tournaments/<int:tournament_id>/changes/",
        views.tournament_changes,
        name="tournament_changes",
    ),
    path("organise/pairs/<int:pair_id>/remove/", views.pair_remove, name="pair_remove"),
    path("organise/rounds/<int:round_id>/", views.round_board, name="round_board"),
    path("organise/rounds/<int:round_id>/reseat/", views.round_reseat, name="round_reseat"),
    path("organise/rounds/<int:round_id>/swap/", views.round_swap, name="round_swap"),
    path("organise/rounds/<int:round_id>/start/", views.round_start, name="round_start"),
    path("organise/tables/<int:table_id>/", views.table_entry, name="table_entry"),
    path("organise/tables/<int:table_id>/check/", views.deal_check, name="deal_check"),
    path("organise/tables/<int:table_id>/deals/", views.deal_save, name="deal_save"),
    path(
        "organise/tables/<int:table_id>/deals/<int:number>/remove/",
        views.deal_remove,
        name="deal_remove",
    ),
]
