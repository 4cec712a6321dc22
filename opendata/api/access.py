"""Who reads: anyone, or the software of a club holding one of its organisers' tokens
(`Authorization: Bearer bct_…`), which also reads that club's unpublished tournaments and the
deals. A token that is not (or no longer) valid is refused (401), never taken for anonymous:
software whose token was revoked must not see the unpublished tournaments vanish in silence.
A login session counts for nothing here: the API reads as the public does, or as a token."""

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja.security import HttpBearer

from opendata.selectors import token_for
from tournaments.models import Tournament


class TokenRefused(Exception):
    """A token that opens nothing: 401, with WWW-Authenticate (api/__init__.py)."""


@dataclass(frozen=True)
class Reader:
    """Who is reading: `club_id` is the club whose token came with the request (else None)."""

    club_id: int | None = None

    def sees(self, tournament: Tournament) -> bool:
        """A published tournament, or any of the token's own club."""
        return tournament.published or tournament.club_id == self.club_id

    def holds_token_of(self, tournament: Tournament) -> bool:
        return self.club_id is not None and tournament.club_id == self.club_id


class OrganiserToken(HttpBearer):
    """Optional bearer token: no Authorization header reads as the public."""

    def __call__(self, request: HttpRequest) -> Any:
        if not request.headers.get("Authorization"):
            return Reader()
        found = super().__call__(request)
        if found is None:  # another scheme than Bearer
            raise TokenRefused(
                _('This API takes an organiser\'s token, sent as "Authorization: Bearer bct_…".')
            )
        return found

    def authenticate(self, request: HttpRequest, token: str) -> Reader:
        found = token_for(token.strip())
        if found is None:
            raise TokenRefused(_("This token is not valid: it was revoked, or never made."))
        request.api_token_id = found.pk  # type: ignore[attr-defined]  # for the request log
        return Reader(club_id=found.club_id)


def reader_of(request: HttpRequest) -> Reader:
    found = getattr(request, "auth", None)
    return found if isinstance(found, Reader) else Reader()
