"""A pair's own pages, opened from its private link (no login: the token is the key), under
`p/<str:token>/` (burraco_club/urls.py: the phones' polls and steps are most of an evening's
requests, and one prefix tried first spares each the dozens of patterns before it)."""

from django.urls import path

from tournaments.views import players, players_evening

urlpatterns = [
    path("", players.link_table, name="link_table"),
    path("check/", players.link_check, name="link_check"),
    path("deals/", players.link_write, name="link_write"),
    path("deals/<int:proposal_id>/accept/", players.link_accept, name="link_accept"),
    path("deals/<int:proposal_id>/dispute/", players.link_dispute, name="link_dispute"),
    path(
        "deals/<int:proposal_id>/accept-with-code/",
        players.link_accept_code,
        name="link_accept_code",
    ),
    path("evening/", players_evening.link_evening, name="link_evening"),
    path("email/", players_evening.link_email, name="link_email"),
]
