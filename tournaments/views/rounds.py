"""Placeholder: being written."""
from django.http import HttpRequest, HttpResponse


def _todo(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse("not yet")


round_board = round_prepare = round_reseat = round_start = round_swap = _todo
