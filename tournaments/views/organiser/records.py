"""The organiser's choice of who may see a player's record (a form on the record's page)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import services
from tournaments.forms.records import RecordChoiceForm
from tournaments.models import Player
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
