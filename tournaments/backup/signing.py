"""A backup tells the truth: `export_tournament` signs what it writes and `import_tournament`
refuses a file whose signature does not match, unless told `--unverified`. A file edited by
hand so that its numbers still agree (a deal changed, its audit record deleted, the table's
version lowered) passes the numbers check; it does not pass this one.

**Keys that can change.** A backup is signed with Django's signing (`django.core.signing.
Signer`, SHA-256, salted) over the document, with BACKUP_SIGNING_KEY, and verified with that key
or any of BACKUP_KEY_FALLBACKS (DJANGO_BACKUP_KEY_FALLBACKS): after a change of key, put the old
one there and every backup it signed still verifies. Backups made before (`hmac-sha256`: a
salted HMAC in hex) verify the same way, with the current key or any older one."""

import json
from typing import Any

from django.conf import settings
from django.core import signing
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext as _

from tournaments.services.errors import ServiceError

ALGORITHM = "django-signing-sha256"
"""What exports write: `Signer(key, salt=SALT, algorithm="sha256").signature(document)`."""
LEGACY_ALGORITHM = "hmac-sha256"
"""What exports wrote before: `salted_hmac(SALT, document, key, "sha256").hexdigest()`."""
SALT = "burraco_club.backup"


def _key() -> str:
    key = str(getattr(settings, "BACKUP_SIGNING_KEY", "") or "")
    if not key:
        raise ServiceError(
            _(
                "Backups are signed with a key from the settings, and this site has none: set "
                "DJANGO_BACKUP_KEY (or DJANGO_SECRET_KEY)."
            )
        )
    return key


def _fallbacks() -> list[str | bytes]:
    return [str(key) for key in getattr(settings, "BACKUP_KEY_FALLBACKS", []) if key]


def _signer() -> signing.Signer:
    return signing.Signer(key=_key(), fallback_keys=_fallbacks(), salt=SALT, algorithm="sha256")


def _document(data: dict[str, Any]) -> str:
    """What is signed: the file without its signature, as canonical JSON."""
    body = {name: value for name, value in data.items() if name != "signature"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def signed(data: dict[str, Any]) -> dict[str, Any]:
    """The document with its signature."""
    value = _signer().signature(_document(data))
    return {**data, "signature": {"algorithm": ALGORITHM, "value": value}}


def _verifies(algorithm: str, value: str, document: str) -> bool:
    if algorithm == ALGORITHM:
        try:
            _signer().unsign(f"{document}{signing.Signer().sep}{value}")
        except signing.BadSignature:
            return False
        return True
    # the files exported before, signed the earlier way, with this key or an older one
    return any(
        constant_time_compare(
            value, salted_hmac(SALT, document, secret=key, algorithm="sha256").hexdigest()
        )
        for key in [_key(), *_fallbacks()]
    )


def signature_problem(data: dict[str, Any]) -> str:
    """Why the file's signature does not vouch for it ("" when it does)."""
    signature = data.get("signature")
    if not isinstance(signature, dict) or not isinstance(signature.get("value"), str):
        return _("it carries no signature")
    algorithm = signature.get("algorithm")
    if algorithm not in (ALGORITHM, LEGACY_ALGORITHM):
        return _("its signature is of an unknown kind (%(kind)r)") % {"kind": algorithm}
    if not _verifies(str(algorithm), signature["value"], _document(data)):
        return _(
            "its signature does not match: it was changed after it was exported, or it was "
            "exported by a site with another backup key"
        )
    return ""
