"""Views of the club pages: short, typed, reading through selectors and writing through services."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/home.html")
