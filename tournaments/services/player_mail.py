"""A player's e-mail address, kept only with their consent: given at the organiser's desk
(with "consent given" ticked) or by the player from their pair's link, removed by the player
from the link in every message (a signed token: `removal_token`), or by the organiser."""

from django.core import signing
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Player
from tournaments.services.errors import ServiceError

REMOVAL_SALT = "burraco.player-email-removal"


def removal_token(player: Player) -> str:
    """Signed (the site's secret) for this player and this address: a later address needs
    a later message's link."""
    return signing.dumps([player.pk, player.email], salt=REMOVAL_SALT, compress=True)


def player_for_removal(token: str) -> Player | None:
    """The player whose address the token removes, while it is still that address."""
    try:
        player_id, email = signing.loads(token, salt=REMOVAL_SALT)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    player = Player.objects.select_related("club").filter(pk=player_id).first()
    if player is None or not player.email or player.email != email:
        return None
    return player


@transaction.atomic
def player_email_set(*, player: Player, email: str, consent: bool) -> None:
    """Keep the address with the moment of consent; nothing is kept without consent."""
    email = email.strip()
    if not email:
        player_email_remove(player=player)
        return
    if not consent:
        raise ServiceError(
            _("Without the player's consent no address is kept: tick “consent given”.")
        )
    try:
        validate_email(email)
    except ValidationError:
        raise ServiceError(_("“%(email)s” is not an e-mail address.") % {"email": email}) from None
    player.email = email
    player.email_consent_at = timezone.now()
    player.save(update_fields=["email", "email_consent_at"])


@transaction.atomic
def player_email_remove(*, player: Player) -> None:
    """Forget the address and the consent: nothing more is sent (messages waiting are
    cancelled when their turn comes)."""
    player.email = ""
    player.email_consent_at = None
    player.save(update_fields=["email", "email_consent_at"])
