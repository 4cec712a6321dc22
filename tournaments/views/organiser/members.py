"""The club's copy of the federation's member list (/organise/clubs/<id>/members/): uploaded,
counted, searched; and the warnings the pages that enter players show about their cards
(`cards_checked`)."""

from collections.abc import Iterable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments import selectors, services
from tournaments.forms.members import MemberListForm, MemberSearchForm
from tournaments.models import Club, Pair, Player
from tournaments.rules.cards import card_problem
from tournaments.selectors.members import card_warnings, member_list_of, members_found
from tournaments.services import ServiceError


def entered_warnings(club: Club, players: Iterable[Player | None]) -> list[str]:
    """What the member list (and the club's records) say about the players just entered:
    warnings, nothing refused for them (selectors.members.card_warnings)."""
    entered = [player for player in players if player is not None]
    return card_warnings(club, entered, today=timezone.localdate())


def cards_checked(request: HttpRequest, club: Club, players: Iterable[Player | None]) -> None:
    """The warnings of `entered_warnings`, shown on the next page."""
    for warning in entered_warnings(club, players):
        messages.warning(request, warning)


def pairs_checked(request: HttpRequest, club: Club, pairs: Iterable[Pair]) -> None:
    """`cards_checked` for the players of the pairs just entered."""
    cards_checked(request, club, [p for pair in pairs for p in (pair.player_one, pair.player_two)])


@login_required
@require_http_methods(["GET", "POST"])
def club_members(request: HttpRequest, club_id: int) -> HttpResponse:
    """GET: the list's size and date, and a member looked for (?q=). POST: a new list."""
    club = selectors.for_organiser(request.user, Club, pk=club_id)
    form = MemberListForm()
    if request.method == "POST":
        form = MemberListForm(request.POST, request.FILES)
        if form.is_valid():
            try:
                done = services.members_import(
                    club=club, content=form.cleaned_data["file"].read(), user=request.user
                )
            except ServiceError as error:
                for message in error.messages:
                    form.add_error(None, message)
            else:
                messages.success(
                    request,
                    _(
                        "The member list is saved: %(total)s members, %(added)s new, "
                        "%(updated)s changed, %(removed)s no longer in the list."
                    )
                    % {
                        "total": done.total,
                        "added": done.added,
                        "updated": done.updated,
                        "removed": done.removed,
                    },
                )
                return redirect("club_members", club_id=club.pk)
    search = MemberSearchForm(request.GET or None)
    text = search.cleaned_data["q"] if search.is_valid() else ""
    today = timezone.localdate()
    context = {
        "club": club,
        "form": form,
        "search": search,
        "searched": text,
        "found": [
            {
                "member": member,
                "problem": card_problem(
                    member, card=member.card_number, club_name=club.name, today=today
                ),
            }
            for member in members_found(club, text)
        ],
        "member_list": member_list_of(club),
    }
    return render(request, "tournaments/members.html", context)
