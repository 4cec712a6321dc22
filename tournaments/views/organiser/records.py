"""The organiser's choice of who may see a player's record (a form on the record's page), and
a player's e-mail address given at the desk with their consent (a form on the pair's page)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import services
from tournaments.forms.records import EmailForm, RecordChoiceForm
from tournaments.models import Pair, Player
from tournaments.selectors import for_organiser
from tournaments.services import ServiceError
from tournaments.views.public.records import record_url


@login_required
@require_POST
def player_record_choice(request: HttpRequest, player_id: int) -> HttpResponse:
    player = for_organiser(request.user, Player, related=["club"], pk=player_id)
    form = RecordChoiceForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose who may see the player's record."))
        return redirect(record_url(player))
    try:
        services.player_record_set(player=player, choice=form.cleaned_data["record"])
    except ServiceError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request,
            _("Saved: %(name)s's record is %(choice)s.")
            % {"name": player.full_name, "choice": player.get_record_display()},
        )
    return redirect(record_url(player))


@login_required
@require_POST
def player_email(request: HttpRequest, pair_id: int, player_id: int) -> HttpResponse:
    """The address a player gives at the desk, with the "consent given" tick (or an empty
    address: forgotten)."""
    pair = for_organiser(request.user, Pair, related=["player_one", "player_two"], pk=pair_id)
    player = next((p for p in (pair.player_one, pair.player_two) if p and p.pk == player_id), None)
    if player is None:
        raise Http404("No such player in this pair.")
    form = EmailForm(request.POST)
    form.is_valid()
    try:
        services.player_email_set(
            player=player,
            email=form.cleaned_data.get("email", ""),
            consent=bool(form.cleaned_data.get("consent")),
        )
    except ServiceError as error:
        messages.error(request, " ".join(error.messages))
    else:
        if player.email:
            messages.success(
                request,
                _("Saved: %(name)s gets their tables and results at %(email)s.")
                % {"name": player.full_name, "email": player.email},
            )
        else:
            messages.success(
                request, _("%(name)s's address is removed.") % {"name": player.full_name}
            )
    return redirect(reverse("pair_detail", args=[pair.pk]) + "#email")
