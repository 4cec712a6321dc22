"""The read-only public JSON API at /api/v1/ (django-ninja): the clubs, their published
tournaments with the standings (the standings CSV's rows, columns and numbers), rounds and
seating, pairs and "find your table", and the seasons' rankings; the deals with an organiser's
token. The OpenAPI schema is at /api/v1/schema/, a browsable page of it at /api/v1/docs/.

django-ninja, not Django REST framework: the answers are typed pydantic schemas (the schema is
made from them, and mypy reads them), it needs no second framework of views, serializers and
settings beside Django's own, and its documentation page serves its scripts from the app itself
(the Content-Security-Policy allows no other). Every answer is read through the selectors the
pages and the CSV files use (reads.py), and a tournament's answers are stored per results
version as the public pages are (stored.py)."""

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from ninja import NinjaAPI

from opendata.api import schemas
from opendata.api.access import TokenRefused
from opendata.api.routes import router
from opendata.api.stored import NotFound

api = NinjaAPI(
    title="Burraco club",
    version="1",
    description=schemas.API_DESCRIPTION,
    urls_namespace="api",
    openapi_url="/schema/",
    docs_url="/docs/",
    docs_decorator=require_safe,  # read-only, the schema and its page too
)
api.add_router("/", router)


@api.exception_handler(TokenRefused)
def token_refused(request: HttpRequest, error: TokenRefused) -> HttpResponse:
    response = api.create_response(request, {"detail": str(error)}, status=401)
    response["WWW-Authenticate"] = 'Bearer realm="burraco-club"'
    return response


def _not_found(request: HttpRequest, error: Http404 | type[Http404]) -> HttpResponse:
    detail = str(error) if isinstance(error, NotFound) else _("Not found.")
    return api.create_response(request, {"detail": detail}, status=404)


api.add_exception_handler(Http404, _not_found)
