"""The site's URL map: the admin, logging in and out, and the club pages."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from burraco_club.manifest import web_manifest
from burraco_club.security import LockoutAuthenticationForm
from burraco_club.views import PasswordResetView, help_page, language_choose, ping

urlpatterns = [
    # a pair's own pages first: its phones' polls and steps are most of an evening's requests
    path("p/<str:token>/", include("tournaments.urls.players")),
    path("ping/", ping, name="ping"),
    path("admin/", admin.site.urls),
    # the web app manifest: the public and the players' pages on a phone's home screen
    path("manifest.webmanifest", web_manifest, name="web_manifest"),
    # the language switch on every page
    path("language/<str:language>/", language_choose, name="language_choose"),
    # how an evening runs, in the reader's language (linked from every page's header)
    path("help/", help_page, name="help"),
    path(
        "login/",
        auth_views.LoginView.as_view(authentication_form=LockoutAuthenticationForm),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    # a forgotten password, reset by e-mail (Django's own flow, the mail sent outside the
    # request: burraco_club/reset_mail.py; the console prints it unless EMAIL_HOST is set)
    path("password-reset/", PasswordResetView.as_view(), name="password_reset"),
    path(
        "password-reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "password-reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "password-reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    # the public pages first: they are what most requests ask for during an evening
    path("", include("tournaments.urls.public")),
    path("", include("tournaments.urls.organiser")),
    # the JSON API, the embeds and the club's settings page (opendata/)
    path("", include("opendata.urls")),
]
