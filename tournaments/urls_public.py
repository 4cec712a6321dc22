"""Public pages: a club's published tournaments, a tournament's standings, projector view,
pairs and "find your table" (no login); and the organiser's Publish / Unpublish switch."""

from django.urls import path

from tournaments.views import public

urlpatterns = [
    path("t/<slug:club_slug>/", public.club_page, name="public_club"),
    path(
        "t/<slug:club_slug>/<slug:tournament_slug>/",
        public.tournament_page,
        name="public_tournament",
    ),
    path(
        "t/<slug:club_slug>/<slug:tournament_slug>/projector/",
        public.projector,
        name="public_projector",
    ),
    path(
        "t/<slug:club_slug>/<slug:tournament_slug>/pairs/<int:number>/",
        public.pair_page,
        name="public_pair",
    ),
    path(
        "t/<slug:club_slug>/<slug:tournament_slug>/find/",
        public.find_table,
        name="public_find",
    ),
    path(
        "organise/tournaments/<int:tournament_id>/publish/",
        public.tournament_publish,
        name="tournament_publish",
    ),
]
