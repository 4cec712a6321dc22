"""Writes of what a club keeps for the world outside, one transaction each: API tokens made
(the token shown once) and revoked, webhooks added and removed, and the websites allowed to
frame the club's embeds. Bad input raises `ServiceError` with the message to show."""

import ipaddress
import secrets
import socket
from collections.abc import Sequence
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from opendata.models import ApiToken, EmbedSite, Webhook
from opendata.selectors import TOKEN_PREFIX, forget_embed_origins, token_digest
from tournaments.models import Club
from tournaments.selectors.access import User
from tournaments.services import ServiceError

MAX_EMBED_SITES = 20
MAX_WEBHOOKS = 10


# --- API tokens ---------------------------------------------------------------------------------


def token_create(*, club: Club, name: str, user: User) -> tuple[ApiToken, str]:
    """A new token for the club's software: the row kept (its digest) and the token itself,
    which nothing keeps and the organiser sees once."""
    name = " ".join(name.split())
    if not name:
        raise ServiceError(_("Give the token a name: what will use it?"))
    raw = TOKEN_PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        club=club,
        name=name[:80],
        prefix=raw[: len(TOKEN_PREFIX) + 4],
        digest=token_digest(raw),
        created_by_id=user.pk if user.is_authenticated else None,
    )
    return token, raw


def token_revoke(*, token: ApiToken) -> ApiToken:
    """The token reads nothing from now on (its row stays, to say when it was revoked)."""
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token


# --- webhooks -----------------------------------------------------------------------------------


def private_address_problem(host: str) -> str:
    """Why the app will not send to `host` ("" when it will): an address inside the app's own
    network (loopback, private, link-local…) is refused unless the settings allow it."""
    if settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES:
        return ""
    try:
        found = {info[4][0] for info in socket.getaddrinfo(host, None)}
    except (OSError, UnicodeError):
        return _("no server answers to the name %(host)s") % {"host": host}
    for address in found:
        ip = ipaddress.ip_address(str(address).split("%")[0])
        if not ip.is_global:
            return _("%(host)s is an address of the server's own network") % {"host": host}
    return ""


def _webhook_url(url: str) -> str:
    url = url.strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ServiceError(
            _('The address must begin with "https://" (or "http://") and name a server.')
        )
    if parts.username or parts.password:
        raise ServiceError(_("The address must not hold a user name or a password."))
    problem = private_address_problem(parts.hostname)
    if problem:
        raise ServiceError(_("This address cannot be used: %(why)s.") % {"why": problem})
    return url


@transaction.atomic
def webhook_create(*, club: Club, url: str, events: Sequence[str], user: User) -> Webhook:
    """A new webhook; its signing secret is made here, and shown to the organiser once."""
    known = dict(Webhook.Event.choices)
    chosen = [event for event in known if event in events]
    if not chosen:
        raise ServiceError(_("Choose at least one event to be told of."))
    if club.webhooks.count() >= MAX_WEBHOOKS:
        raise ServiceError(
            _("A club may have at most %(count)s webhooks: remove one first.")
            % {"count": MAX_WEBHOOKS}
        )
    return Webhook.objects.create(
        club=club,
        url=_webhook_url(url),
        events=chosen,
        created_by_id=user.pk if user.is_authenticated else None,
    )


def webhook_delete(*, webhook: Webhook) -> None:
    """The webhook and its deliveries' log go; nothing more is sent to it."""
    webhook.delete()


# --- embeds -------------------------------------------------------------------------------------


def site_origin(line: str) -> str:
    """The origin (scheme://host[:port]) a website's address names, as a frame-ancestors source
    expression; ServiceError when it names none."""
    text = line.strip()
    parts = urlsplit(text if "://" in text else f"https://{text}")
    try:
        port = parts.port
    except ValueError:
        port = None
        text = ""
    try:  # a name with accents (www.città.it) as the header must carry it: ASCII (IDNA)
        host = (parts.hostname or "").encode("idna").decode("ascii")
    except UnicodeError:
        host = ""
    bare = host.removeprefix("*.")  # a wildcard for the subdomains, as CSP allows
    valid_host = bool(bare) and all(c.isascii() and (c.isalnum() or c in ".-") for c in bare)
    if parts.scheme not in ("http", "https") or not valid_host or not text:
        raise ServiceError(
            _('%(line)s is not a website\'s address (such as "https://www.myclub.it").')
            % {"line": line.strip()}
        )
    return f"{parts.scheme}://{host}" + (f":{port}" if port else "")


@transaction.atomic
def embed_sites_set(*, club: Club, text: str) -> list[str]:
    """The websites (one a line) allowed to frame the club's embeds, replacing the list."""
    origins: list[str] = []
    problems: list[str] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            origin = site_origin(line)
        except ServiceError as error:
            problems.extend(error.messages)
            continue
        if origin not in origins:
            origins.append(origin)
    if problems:
        raise ServiceError(*problems)
    if len(origins) > MAX_EMBED_SITES:
        raise ServiceError(
            _("At most %(count)s websites may embed the club's pages.") % {"count": MAX_EMBED_SITES}
        )
    EmbedSite.objects.filter(club=club).exclude(origin__in=origins).delete()
    for origin in origins:
        EmbedSite.objects.get_or_create(club=club, origin=origin)
    # now, and again once committed: no reader keeps the old list past the change
    forget_embed_origins(club.slug)
    transaction.on_commit(lambda: forget_embed_origins(club.slug))
    return origins
