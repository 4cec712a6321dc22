"""Site-wide protections: a Content-Security-Policy that allows only the app's own scripts and
styles, the limits a request must keep (its size, no NUL character), pages no browser or proxy
stores, a lockout after repeated failed logins (per account and per address, counted in the
database so that every server process shares it whatever becomes of Redis), and the client's
address behind our proxies.

Order in MIDDLEWARE: the headers first (SecurityMiddleware, X-Frame-Options, the policy, the
private pages), so that every answer carries them, the refusals of this module's
RequestLimitsMiddleware (413, 400) included; then the refusals, before anything reads the body,
the session or the database.
"""

import hashlib
from collections.abc import Callable, Iterable
from datetime import timedelta
from typing import Any
from urllib.parse import unquote_plus

from django import forms
from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.forms import AuthenticationForm
from django.core import checks
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import Case, DateTimeField, F, IntegerField, Q, Value, When
from django.http import HttpRequest, HttpResponse
from django.template import loader
from django.utils import formats, timezone, translation
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from burraco_club.i18n import readers_language
from burraco_club.models import LoginFailures

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

NUL = "\x00"


class PrivatePagesMiddleware:
    """The organiser's pages, the admin, logging in and every file download are never stored by
    a browser or a proxy (Cache-Control: private, no-store), nor a pair's own pages (its link is
    its key)."""

    PRIVATE_PREFIXES = ("/organise/", "/admin/", "/login/", "/logout/", "/password-reset/", "/p/")

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        private = request.path.startswith(self.PRIVATE_PREFIXES) or response.has_header(
            "Content-Disposition"
        )
        if private:
            patch_cache_control(response, private=True, no_store=True)
        return response


class RequestLimitsMiddleware:
    """A body larger than MAX_REQUEST_BYTES is refused (413) before anything reads it, and a
    request carrying a NUL character in its address, its query, its cookies or its form (a
    value no person types, which PostgreSQL cannot even compare) is refused (400) before
    anything looks it up. Both refusals are said in the reader's language."""

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
        if _carries_nul(request):
            with translation.override(readers_language(request) or settings.LANGUAGE_CODE):
                page = loader.render_to_string("400.html")
            return HttpResponse(page, status=400)
        return self.get_response(request)


def _carries_nul(request: HttpRequest) -> bool:
    """Whether a NUL character is in the path, the query, a cookie or a form sent as
    application/x-www-form-urlencoded (a file sent as multipart may hold any byte: its text
    fields are checked by the forms that read them)."""
    texts: list[Iterable[str]] = [
        [request.path, unquote_plus(request.META.get("QUERY_STRING", ""))],
        request.COOKIES.keys(),
        request.COOKIES.values(),
    ]
    if request.content_type == "application/x-www-form-urlencoded":
        texts += [request.POST.keys(), (v for values in request.POST.lists() for v in values[1])]
    return any(NUL in text for group in texts for text in group)


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


def _pause_minutes() -> int:
    return -(-_limits()[2] // 60)


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


def digest(kind: str, value: str) -> str:
    """A fixed-length stand-in for what a client typed or where it came from: any character,
    any length, and nothing of it stored as typed."""
    data = f"{kind}\n{value}".encode("utf-8", "surrogatepass")
    return hashlib.sha256(data).hexdigest()


def _keys(username: str | None, request: HttpRequest | None) -> tuple[str, str]:
    account = (username or "").strip().casefold()[:150]
    return (
        "account:" + digest("account", account),
        "address:" + digest("address", client_address(request)),
    )


def is_locked_out(username: str | None, request: HttpRequest | None) -> bool:
    """Whether logging in to this account, or from this address, is paused now: one query."""
    per_account, per_address, _seconds = _limits()
    account_key, address_key = _keys(username, request)
    counts = dict(
        LoginFailures.objects.filter(
            key__in=[account_key, address_key], until__gt=timezone.now()
        ).values_list("key", "count")
    )
    return counts.get(account_key, 0) >= per_account or counts.get(address_key, 0) >= per_address


def _count_failure(key: str, limit: int, seconds: int, *, again: bool = True) -> None:
    """One more failure for `key`, in one statement (so that concurrent failures in any process
    all count): a failure after the row's `until` starts a new count and window; the failure
    that reaches `limit` sets `until` to the end of the pause; later ones leave it alone."""
    now = timezone.now()
    ends = Value(now + timedelta(seconds=seconds), output_field=DateTimeField())
    live = Q(until__gt=now)
    updated = LoginFailures.objects.filter(key=key).update(
        count=Case(When(live, then=F("count") + 1), default=Value(1), output_field=IntegerField()),
        until=Case(
            When(live & Q(count=limit - 1), then=ends),
            When(live, then=F("until")),
            default=ends,
            output_field=DateTimeField(),
        ),
    )
    if updated:
        return
    try:
        with transaction.atomic():
            LoginFailures.objects.create(key=key, count=1, until=now + timedelta(seconds=seconds))
    except IntegrityError:  # another process counted this key's first failure meanwhile
        if again:
            _count_failure(key, limit, seconds, again=False)


def record_failure(
    sender: object, credentials: dict[str, Any], request: HttpRequest | None = None, **_: Any
) -> None:
    """Receiver of user_login_failed: count the failure for the account and the address."""
    per_account, per_address, seconds = _limits()
    LoginFailures.objects.filter(until__lte=timezone.now()).delete()  # what counts no more
    account_key, address_key = _keys(credentials.get("username"), request)
    _count_failure(account_key, per_account, seconds)
    _count_failure(address_key, per_address, seconds)


def clear_failures(sender: object, request: HttpRequest, user: Any, **_: Any) -> None:
    """Receiver of user_logged_in: a good login forgets the account's failures."""
    LoginFailures.objects.filter(key=_keys(user.get_username(), request)[0]).delete()


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
            raise PermissionDenied(lockout_message(_pause_minutes()))
        return super().authenticate(request, username=username, password=password, **kwargs)


class LockoutAuthenticationForm(AuthenticationForm):
    """The login form, saying plainly when logging in is paused."""

    def clean(self) -> dict[str, Any]:
        if is_locked_out(self.data.get("username"), self.request):
            raise forms.ValidationError(lockout_message(_pause_minutes()), code="locked")
        return super().clean()


# --- the client's address behind a proxy -----------------------------------------------------

PROXY_WARNING = (
    "DJANGO_TRUST_X_FORWARDED_FOR is not set. Behind a proxy every client has the proxy's "
    "address, so 20 failed logins from anyone (LOGIN_FAILURES_PER_ADDRESS) pause logging in "
    "for every organiser, and 10 password-reset requests (PASSWORD_RESETS_PER_CLIENT) stop "
    "them for everyone for an hour."
)
PROXY_HINT = (
    "Behind a proxy that appends the client's address to X-Forwarded-For, set "
    "DJANGO_TRUST_X_FORWARDED_FOR=1 (and DJANGO_TRUSTED_PROXY_COUNT); serving the clients "
    "directly, with no proxy, set DJANGO_TRUST_X_FORWARDED_FOR=0."
)


@checks.register(checks.Tags.security, deploy=True)
def check_client_addresses(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """In production, a reminder until the client's address is settled: whether a proxy of ours
    stands in front (DJANGO_TRUST_X_FORWARDED_FOR=1) or none does (=0). Run by
    `manage.py check --deploy`, and logged when a server process starts (burraco_club/wsgi.py)."""
    if settings.DEBUG or getattr(settings, "LOGIN_TRUST_X_FORWARDED_FOR", None) is not None:
        return []
    return [checks.Warning(PROXY_WARNING, hint=PROXY_HINT, id="burraco_club.W001")]
