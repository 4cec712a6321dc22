"""Writes for the federation: a submission of a tournament's results (after a session of a
two-day event, or the final one), signed as a backup is (`backup.signing`) and kept as sent;
the event's officials (arbiter, sala conti) and the club's association code it names."""

from django.contrib.auth.models import User as Account
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments.backup.signing import signed
from tournaments.models import Club, FederationSubmission, Round, Tournament
from tournaments.rules.sessions import SessionPlan
from tournaments.selectors.access import User
from tournaments.selectors.sessions import sessions_of
from tournaments.selectors.submissions import submission_document
from tournaments.services.errors import ServiceError

OFFICIAL_LENGTH = 120
CODE_LENGTH = 30


def _session_ready(tournament: Tournament, number: int) -> SessionPlan:
    """Session `number`, once every one of its rounds is done; otherwise why not."""
    plan = sessions_of(tournament)
    if not plan:
        raise ServiceError(
            _("This tournament is played in one session: make the final submission.")
        )
    session = next((s for s in plan if s.number == number), None)
    if session is None:
        raise ServiceError(_("This tournament has no session %(number)s.") % {"number": number})
    done = set(
        Round.objects.filter(
            tournament=tournament,
            number__range=(session.first_round, session.last_round),
            status=Round.Status.DONE,
        ).values_list("number", flat=True)
    )
    waiting = [n for n in range(session.first_round, session.last_round + 1) if n not in done]
    if waiting:
        raise ServiceError(
            _(
                "Session %(number)s is not over: round %(round)s is not finished yet. Its "
                "submission is made once all its rounds are."
            )
            % {"number": number, "round": waiting[0]}
        )
    return session


@transaction.atomic
def submission_make(
    tournament: Tournament, *, session: int | None = None, user: User | None = None
) -> FederationSubmission:
    """Submission 1, 2, …: the final one once the tournament is finished, a session's once its
    rounds are all done. The document is signed and stored as it is sent."""
    tournament = Tournament.objects.select_for_update().select_related("club").get(pk=tournament.pk)
    plan = None
    if session is None:
        if not tournament.is_finished:
            raise ServiceError(
                _("The final submission holds the final standings: finish the tournament first.")
            )
    else:
        plan = _session_ready(tournament, session)
    made = tournament.submissions.aggregate(last=Max("number"))["last"] or 0
    author = user if isinstance(user, Account) else None
    who = (author.get_full_name() or author.get_username()) if author is not None else ""
    document = submission_document(tournament, number=made + 1, session=plan, made_by=who)
    return FederationSubmission.objects.create(
        tournament=tournament,
        number=made + 1,
        kind=FederationSubmission.Kind.SESSION if plan else FederationSubmission.Kind.FINAL,
        session=plan.number if plan else None,
        made_by=author,
        payload=signed(document),
    )


def tournament_officials_set(*, tournament: Tournament, arbiter: str, scorer: str) -> None:
    """The arbiter and the sala conti the submissions name; at any time, finished or not."""
    arbiter, scorer = arbiter.strip(), scorer.strip()
    if len(arbiter) > OFFICIAL_LENGTH or len(scorer) > OFFICIAL_LENGTH:
        raise ServiceError(
            _("A name of the arbiter or the sala conti is at most %(length)s characters.")
            % {"length": OFFICIAL_LENGTH}
        )
    if (tournament.arbiter, tournament.scorer) != (arbiter, scorer):
        tournament.arbiter, tournament.scorer = arbiter, scorer
        tournament.save(update_fields=["arbiter", "scorer"])


def club_federation_code_set(*, club: Club, code: str) -> None:
    """The club's association code at the federation, on every submission."""
    code = code.strip()
    if len(code) > CODE_LENGTH:
        raise ServiceError(
            _("The association code is at most %(length)s characters.") % {"length": CODE_LENGTH}
        )
    if club.federation_code != code:
        club.federation_code = code
        club.save(update_fields=["federation_code"])
