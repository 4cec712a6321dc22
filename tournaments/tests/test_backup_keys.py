"""Keys that can change: a backup is signed with Django's signing, and verified with the
current backup key or any of DJANGO_BACKUP_KEY_FALLBACKS, so changing the key does not mark
every older backup as unverified; the backups signed the earlier way (a salted HMAC in hex)
verify too, with the current key or an older one."""

import json
from typing import Any

import pytest
from django.core import signing
from django.utils.crypto import salted_hmac

from tournaments.backup import tournament_export, tournament_import
from tournaments.backup.signing import SALT, signature_problem
from tournaments.models import Club, Tournament, TournamentEvent
from tournaments.services import ServiceError
from tournaments.tests.test_backup import played, scorer  # noqa: F401  (the fixtures)

OLD, NEW = "the-old-backup-key-" + "o" * 40, "the-new-backup-key-" + "n" * 40
MISMATCH = (
    "its signature does not match: it was changed after it was exported, or it was exported "
    "by a site with another backup key"
)


def signed_the_earlier_way(data: dict[str, Any], key: str) -> dict[str, Any]:
    """A backup as exports wrote them before: `hmac-sha256`, a salted HMAC in hex."""
    body = {name: value for name, value in data.items() if name != "signature"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    value = salted_hmac(SALT, text, secret=key, algorithm="sha256").hexdigest()
    return {**body, "signature": {"algorithm": "hmac-sha256", "value": value}}


def verified(data: dict[str, Any], club: Club) -> bool:
    tournament = tournament_import(data=data, club=club)
    event = TournamentEvent.objects.get(tournament=tournament, kind="imported")
    return bool(event.details["verified"])


def test_a_backup_is_signed_with_djangos_signing(
    played: Tournament,  # noqa: F811
    settings: Any,
) -> None:
    settings.BACKUP_SIGNING_KEY = NEW
    data = tournament_export(tournament=played)
    body = {name: value for name, value in data.items() if name != "signature"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    signer = signing.Signer(key=NEW, salt=SALT, algorithm="sha256")
    assert data["signature"] == {
        "algorithm": "django-signing-sha256",
        "value": signer.signature(text),
    }


def test_after_a_change_of_key_an_old_backup_verifies_with_the_old_key_as_a_fallback(
    played: Tournament,  # noqa: F811
    other_club: Club,
    settings: Any,
) -> None:
    settings.BACKUP_SIGNING_KEY = OLD
    data = tournament_export(tournament=played)
    settings.BACKUP_SIGNING_KEY = NEW  # the key changed…
    assert signature_problem(data) == MISMATCH
    with pytest.raises(ServiceError, match="The file cannot be trusted"):
        tournament_import(data=data, club=other_club)
    settings.BACKUP_KEY_FALLBACKS = ["some-other-key", OLD]  # …and the old one is kept
    assert signature_problem(data) == ""
    assert verified(data, other_club)
    # what is signed now is signed with the new key: it verifies without any fallback
    fresh = tournament_export(tournament=played)
    settings.BACKUP_KEY_FALLBACKS = []
    assert signature_problem(fresh) == ""
    # an edited file is refused whatever the keys
    settings.BACKUP_KEY_FALLBACKS = [OLD]
    data["tournament"]["name"] = "Another evening"
    assert signature_problem(data) == MISMATCH


def test_backups_signed_the_earlier_way_still_verify(
    played: Tournament,  # noqa: F811
    other_club: Club,
    settings: Any,
) -> None:
    settings.BACKUP_SIGNING_KEY = OLD
    earlier = signed_the_earlier_way(tournament_export(tournament=played), OLD)
    assert signature_problem(earlier) == ""  # with the key that signed it
    settings.BACKUP_SIGNING_KEY = NEW
    assert signature_problem(earlier) == MISMATCH
    settings.BACKUP_KEY_FALLBACKS = [OLD]  # and after a change of key, with it as a fallback
    assert signature_problem(earlier) == ""
    assert verified(earlier, other_club)
    value = earlier["signature"]["value"]
    earlier["signature"]["value"] = value[:-1] + ("1" if value.endswith("0") else "0")
    assert signature_problem(earlier) == MISMATCH  # a changed digit: refused…
    earlier["signature"]["value"] = "é" * 64  # …and a signature that is not even hex
    assert signature_problem(earlier) == MISMATCH
