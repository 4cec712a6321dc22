"""A message's text, made when it is sent, in the club's language, from the stored rows (the
pair's history the public pair page reads): "your next table", or "your result" with the deals
and, where the record is public, a link to it. Every message ends with the link that removes
the address (and says so in the List-Unsubscribe headers, one click in a mail program)."""

from dataclasses import dataclass

from django.conf import settings
from django.db.models import Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from opendata.models import PlayerMessage
from tournaments.models import Pair
from tournaments.selectors.public import pair_history
from tournaments.selectors.records import is_visible
from tournaments.services.player_mail import removal_token


@dataclass(frozen=True)
class Composed:
    subject: str
    body: str
    removal_url: str


def _site(path: str) -> str:
    return str(settings.SITE_URL).rstrip("/") + path


def compose(message: PlayerMessage) -> Composed | None:
    """The message's subject and text; None when there is nothing to say (the player is in
    no pair of the tournament any more, or the round has no table of theirs)."""
    player, tournament = message.player, message.tournament
    club = tournament.club
    pair = (
        Pair.objects.filter(Q(player_one=player) | Q(player_two=player), tournament=tournament)
        .order_by("-pk")
        .first()
    )
    if pair is None:
        return None
    with translation.override(club.language):
        history = pair_history(tournament, pair.number)
        if history is None:
            return None
        removal_url = _site(reverse("player_email_removal", args=[removal_token(player)]))
        context = {
            "player": player,
            "tournament": tournament,
            "club": club,
            "pair": pair,
            "history": history,
            "words": tournament.words,
            "removal_url": removal_url,
            "page_url": _site(reverse("public_tournament", args=[club.slug, tournament.slug])),
        }
        if message.kind == PlayerMessage.Kind.NEXT_TABLE:
            line = next((r for r in history.rounds if r.round_number == message.round_number), None)
            if line is None or line.is_bye:
                return None
            subject = _("%(tournament)s: your table for round %(number)s") % {
                "tournament": tournament.name,
                "number": message.round_number,
            }
            body = render_to_string("opendata/mail/next_table.txt", {**context, "line": line})
        else:
            player.club = club
            record = reverse("player_record", args=[club.slug, player.pk])
            subject = _("%(tournament)s: your result") % {"tournament": tournament.name}
            context["field_size"] = tournament.pairs.count()
            context["record_url"] = _site(record) if is_visible(player, ()) else ""
            body = render_to_string("opendata/mail/result.txt", context)
    return Composed(subject, body, removal_url)
