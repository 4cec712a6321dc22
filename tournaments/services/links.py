"""Writes of the private links (`models.PrivateLink`): every entrant gets its link and a code no
other entrant of its tournament has when it is entered; the organiser issues an entrant a new
pair of them when its slip is lost or seen, and the old ones stop at once (recorded in the
change log, without the link or the code). The check of a code typed on a phone is here too,
in constant time, so that how long a wrong code takes says nothing of the right one."""

import hmac
from collections.abc import Iterable

from django.db import transaction
from django.utils import timezone

from tournaments.models import Pair, Tournament, TournamentEvent
from tournaments.models.tournaments import new_link_token, new_pair_code
from tournaments.rules.entry import finished_refusal
from tournaments.selectors.access import User
from tournaments.services.errors import ServiceError
from tournaments.services.events import record


def codes_issued(tournament: Tournament, entrants: Iterable[Pair]) -> None:
    """Give entrants about to be saved in `tournament` codes that no other entrant of it has
    (their links are unique by themselves: 128 random bits)."""
    taken = set(Pair.objects.filter(tournament=tournament).values_list("code", flat=True))
    for entrant in entrants:
        code = entrant.code
        while not code or code in taken:
            code = new_pair_code()
        entrant.code = code
        taken.add(code)


@transaction.atomic
def link_reissue(*, pair: Pair, user: User | None = None) -> Pair:
    """A new link and a new code for `pair` (a lost slip, or one the others saw): the old link
    opens nothing from now on, and the old code accepts nothing."""
    pair = (
        Pair.objects.select_for_update(of=("self",))
        .select_related("tournament", "player_one", "player_two")
        .get(pk=pair.pk)
    )
    tournament = pair.tournament
    if tournament.is_finished:
        raise ServiceError(finished_refusal())
    pair.code = ""
    codes_issued(tournament, [pair])  # the old code is taken: never issued again here
    pair.token = new_link_token()
    pair.link_issued_at = timezone.now()
    pair.save(update_fields=["token", "code", "link_issued_at"])
    record(
        tournament,
        TournamentEvent.Kind.LINK_ISSUED,
        user=user,
        after={"pair": pair.number, "names": pair.names},
    )
    return pair


def code_matches(entrant: Pair, typed: str) -> bool:
    """Whether `typed` (digits only, see rules.links.pair_code_read) is the entrant's code."""
    return hmac.compare_digest(entrant.code.encode(), typed.encode())
