"""Public pages: a published tournament's standings, projector view, pairs and tables."""

from django.urls import path

urlpatterns: list = []  # type: ignore[type-arg]
