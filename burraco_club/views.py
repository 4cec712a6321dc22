"""Site-level views."""

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET


@require_GET
def ping(request: HttpRequest) -> HttpResponse:
    """A health check for load balancers: the app answers, through the whole middleware stack."""
    return HttpResponse("ok", content_type="text/plain")
