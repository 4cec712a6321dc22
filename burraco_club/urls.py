"""The site's URL map: the admin, logging in and out, and the club pages."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from burraco_club.security import LockoutAuthenticationForm
from burraco_club.views import ping

urlpatterns = [
    path("admin/", admin.site.urls),
    path("ping/", ping, name="ping"),
    path(
        "login/",
        auth_views.LoginView.as_view(authentication_form=LockoutAuthenticationForm),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    # the public pages first: they are what most requests ask for during an evening
    path("", include("tournaments.urls.public")),
    path("", include("tournaments.urls.organiser")),
]
