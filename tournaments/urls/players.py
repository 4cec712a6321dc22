"""A pair's own pages, opened from its private link (no login: the token is the key)."""

from django.urls import path

from tournaments.views import players, players_evening

P = "p/<str:token>"

urlpatterns = [
    path(f"{P}/", players.link_table, name="link_table"),
    path(f"{P}/check/", players.link_check, name="link_check"),
    path(f"{P}/deals/", players.link_write, name="link_write"),
    path(f"{P}/deals/<int:proposal_id>/accept/", players.link_accept, name="link_accept"),
    path(f"{P}/deals/<int:proposal_id>/dispute/", players.link_dispute, name="link_dispute"),
    path(
        f"{P}/deals/<int:proposal_id>/accept-with-code/",
        players.link_accept_code,
        name="link_accept_code",
    ),
    path(f"{P}/evening/", players_evening.link_evening, name="link_evening"),
    path(f"{P}/email/", players_evening.link_email, name="link_email"),
]
