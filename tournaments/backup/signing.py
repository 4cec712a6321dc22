"""A backup tells the truth: `export_tournament` signs what it writes (an HMAC-SHA256 over the
document, with BACKUP_SIGNING_KEY from the settings) and `import_tournament` refuses a file whose
signature does not match, unless told `--unverified`. A file edited by hand so that its numbers
still agree (a deal changed, its audit record deleted, the table's version lowered) passes the
numbers check; it does not pass this one."""

import hmac
import json
from typing import Any

from django.conf import settings
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

from tournaments.services import ServiceError

ALGORITHM = "hmac-sha256"
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


def _digest(data: dict[str, Any], key: str) -> str:
    body = {name: value for name, value in data.items() if name != "signature"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return salted_hmac(SALT, text, secret=key, algorithm="sha256").hexdigest()


def signed(data: dict[str, Any]) -> dict[str, Any]:
    """The document with its signature."""
    return {**data, "signature": {"algorithm": ALGORITHM, "value": _digest(data, _key())}}


def signature_problem(data: dict[str, Any]) -> str:
    """Why the file's signature does not vouch for it ("" when it does)."""
    signature = data.get("signature")
    if not isinstance(signature, dict) or not isinstance(signature.get("value"), str):
        return _("it carries no signature")
    if signature.get("algorithm") != ALGORITHM:
        return _("its signature is of an unknown kind (%(kind)r)") % {
            "kind": signature.get("algorithm")
        }
    # compared as bytes: compare_digest refuses text that is not ASCII, which a file may hold
    given = signature["value"].encode("utf-8", "replace")
    if not hmac.compare_digest(given, _digest(data, _key()).encode()):
        return _(
            "its signature does not match: it was changed after it was exported, or it was "
            "exported by a site with another backup key"
        )
    return ""
