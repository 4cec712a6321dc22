"""Placeholder: being written."""
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/home.html")


def _todo(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse("not yet")


dashboard = tournament_create = tournament_detail = tournament_edit = pairs_add = _todo
tournament_finish = tournament_changes = pair_remove = _todo
