"""Placeholder: being written."""
from django.http import HttpRequest, HttpResponse


def _todo(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse("not yet")


table_entry = deal_check = deal_save = deal_remove = _todo
