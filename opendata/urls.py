"""The open data's addresses: the API, the embeds, and the club's settings page (organisers)."""

from django.urls import path

from opendata import embeds, views
from opendata.api import api
from opendata.mail import views as mail_views

E = "embed/<slug:club_slug>"

urlpatterns = [
    path("api/v1/", api.urls),
    # embeds: framed by the websites the club lists (frame-ancestors on these alone)
    path(f"{E}/standings/", embeds.club_latest, {"what": "standings"}, name="embed_club_standings"),
    path(f"{E}/find/", embeds.club_latest, {"what": "find"}, name="embed_club_find"),
    path(f"{E}/<slug:tournament_slug>/standings/", embeds.standings, name="embed_standings"),
    path(f"{E}/<slug:tournament_slug>/find/", embeds.find_table, name="embed_find"),
    # the link in every message to a player: removes their address
    path("mail/remove/<str:token>/", mail_views.email_removal, name="player_email_removal"),
    # the club's settings page: websites, API tokens, webhooks
    path("organise/clubs/<int:club_id>/", views.club_settings, name="club_settings"),
    path("organise/clubs/<int:club_id>/sites/", views.embed_sites_save, name="embed_sites_save"),
    path(
        "organise/clubs/<int:club_id>/records/", views.club_records_save, name="club_records_save"
    ),
    path(
        "organise/clubs/<int:club_id>/federation/",
        views.club_federation_save,
        name="club_federation_save",
    ),
    path("organise/clubs/<int:club_id>/tokens/", views.token_create, name="token_create"),
    path(
        "organise/clubs/<int:club_id>/tokens/<int:token_id>/revoke/",
        views.token_revoke,
        name="token_revoke",
    ),
    path("organise/clubs/<int:club_id>/webhooks/", views.webhook_create, name="webhook_create"),
    path(
        "organise/clubs/<int:club_id>/webhooks/<int:webhook_id>/delete/",
        views.webhook_delete,
        name="webhook_delete",
    ),
]
