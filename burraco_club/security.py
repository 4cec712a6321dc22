"""Site-wide protections: a Content-Security-Policy that allows only the app's own scripts and
styles, and a lockout after repeated failed logins (per account and per address), shared by
every server process through the cache.
"""

from collections.abc import Callable
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.forms import AuthenticationForm
from django.core.cache import caches
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.utils import formats, translation
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from burraco_club.i18n import readers_language

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


class RequestLimitsMiddleware:
    """A body larger than MAX_REQUEST_BYTES is refused (413) before anything reads it; the
    organiser's pages, the admin, logging in and every file download are never stored by a
    browser or a proxy (Cache-Control: private, no-store), nor a pair's own pages (its link is
    its key)."""

    PRIVATE_PREFIXES = ("/organise/", "/admin/", "/login/", "/logout/", "/password-reset/", "/p/")

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = int(getattr(settings, "MAX_REQUEST_BYTES", 2_500_000))
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > limit:
            # before LocaleMiddleware: the refusal is said in the reader's language all the same
            with translation.override(readers_language(request) or settings.LANGUAGE_CODE):
                text = _("This request is too large (%(length)s bytes; at most %(limit)s).") % {
                    "length": formats.number_format(length, force_grouping=True),
                    "limit": formats.number_format(limit, force_grouping=True),
                }
            return HttpResponse(text, status=413, content_type="text/plain; charset=utf-8")
        response = self.get_response(request)
        private = request.path.startswith(self.PRIVATE_PREFIXES) or response.has_header(
            "Content-Disposition"
        )
        if private:
            patch_cache_control(response, private=True, no_store=True)
        return response


class ContentSecurityPolicyMiddleware:
    """Only the app's own scripts and styles run: no inline script, no inline style."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", CSP)
        return response


# --- lockout ---------------------------------------------------------------------------------


def lockout_message(minutes: int) -> str:
    """What a locked-out organiser reads, in the reader's language."""
    return ngettext(
        "Too many failed logins for this account or from this address. For safety, logging in "
        "is paused for %(minutes)s minute: wait, then try again (or ask another organiser to "
        "reset your password).",
        "Too many failed logins for this account or from this address. For safety, logging in "
        "is paused for %(minutes)s minutes: wait, then try again (or ask another organiser to "
        "reset your password).",
        minutes,
    ) % {"minutes": minutes}


def _limits() -> tuple[int, int, int]:
    return (
        getattr(settings, "LOGIN_FAILURES_PER_ACCOUNT", 5),
        getattr(settings, "LOGIN_FAILURES_PER_ADDRESS", 20),
        getattr(settings, "LOGIN_LOCKOUT_SECONDS", 15 * 60),
    )


def client_address(request: HttpRequest | None) -> str:
    """The caller's address. Behind proxies (LOGIN_TRUST_X_FORWARDED_FOR, and
    TRUSTED_PROXY_COUNT of them), the address the outermost of our proxies saw: counted from
    the right of X-Forwarded-For, where each of our proxies appends what it saw. Entries
    further left are the client's own words, which anyone can forge, and are never read."""
    if request is None:
        return ""
    if getattr(settings, "LOGIN_TRUST_X_FORWARDED_FOR", False):
        proxies = max(int(getattr(settings, "TRUSTED_PROXY_COUNT", 1)), 1)
        forwarded = str(request.META.get("HTTP_X_FORWARDED_FOR", ""))
        entries = [entry.strip() for entry in forwarded.split(",") if entry.strip()]
        if len(entries) >= proxies:
            return entries[-proxies]
    return str(request.META.get("REMOTE_ADDR", ""))


def _keys(username: str | None, request: HttpRequest | None) -> tuple[str, str]:
    account = (username or "").strip().casefold()[:150]
    return f"login-failures:account:{account}", f"login-failures:address:{client_address(request)}"


def _counts() -> Any:
    """Where failures are counted: the database, whatever the shared cache is (settings)."""
    return caches["lockout"]


def is_locked_out(username: str | None, request: HttpRequest | None) -> bool:
    per_account, per_address, _ = _limits()
    account_key, address_key = _keys(username, request)
    counts = _counts().get_many([account_key, address_key])
    return bool(
        counts.get(account_key, 0) >= per_account or counts.get(address_key, 0) >= per_address
    )


def record_failure(
    sender: object, credentials: dict[str, Any], request: HttpRequest | None = None, **_: Any
) -> None:
    """Receiver of user_login_failed: count the failure for the account and the address."""
    seconds = _limits()[2]
    counts = _counts()
    for key in _keys(credentials.get("username"), request):
        if not counts.add(key, 1, seconds):
            try:
                counts.incr(key)
            except ValueError:  # expired between add and incr
                counts.add(key, 1, seconds)


def clear_failures(sender: object, request: HttpRequest, user: Any, **_: Any) -> None:
    """Receiver of user_logged_in: a good login forgets the account's failures."""
    _counts().delete(_keys(user.get_username(), request)[0])


class LockoutBackend(ModelBackend):
    """Django's own backend, refusing to even check a password while locked out."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> Any:
        if is_locked_out(username, request):
            raise PermissionDenied(lockout_message(_limits()[2] // 60))
        return super().authenticate(request, username=username, password=password, **kwargs)


class LockoutAuthenticationForm(AuthenticationForm):
    """The login form, saying plainly when logging in is paused."""

    def clean(self) -> dict[str, Any]:
        if is_locked_out(self.data.get("username"), self.request):
            minutes = _limits()[2] // 60
            raise forms.ValidationError(lockout_message(minutes), code="locked")
        return super().clean()
