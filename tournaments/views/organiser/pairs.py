"""The organiser's pages for pairs during an evening: a pair's page (its players and who played
which rounds, with the forms to correct a name, bring in a substitute, withdraw it or give it a
new private link and code), and the upload of the entrants from a file. Writes go through the
services; their `ServiceError` is shown on the page."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from tournaments import selectors, services
from tournaments.forms.pairs import EntrantsFileForm, RenameForm, SubstituteForm, WithdrawForm
from tournaments.models import Pair, Round, Tournament
from tournaments.selectors.pairs import player_spells
from tournaments.services import ServiceError
from tournaments.views.organiser.setup import pairs_context


def _pair_context(pair: Pair, **forms: Any) -> dict[str, Any]:
    tournament = pair.tournament
    last = tournament.round_set.order_by("-number").first()
    waiting = last is not None and last.status == Round.Status.SEATING
    next_round = (last.number + (0 if waiting else 1)) if last is not None else 1
    finished = tournament.status == Tournament.Status.FINISHED
    spells = player_spells(pair)
    return {
        "pair": pair,
        "tournament": tournament,
        "story": {
            "withdrawn_from": pair.withdrawn_from,
            "joined_from": pair.joined_from,
            "spells": [(s.name, s.first, s.last) for s in spells],
        },
        "finished": finished,
        "players_enter": tournament.result_entry == Tournament.ResultEntry.PLAYERS,
        "last_round": last,
        "seated_round": last if waiting else None,
        "can_withdraw": not finished and last is not None and pair.withdrawn_from is None,
        "can_substitute": not finished and pair.withdrawn_from is None,
        "rename_form": forms.get("rename_form")
        or RenameForm(
            pair=pair,
            initial={
                "player": pair.player_one_id,
                "first_name": pair.player_one.first_name,
                "last_name": pair.player_one.last_name,
            },
        ),
        "substitute_form": forms.get("substitute_form")
        or SubstituteForm(pair=pair, initial={"from_round": min(next_round, tournament.rounds)}),
        "withdraw_form": forms.get("withdraw_form") or WithdrawForm(),
    }


def _pair(request: HttpRequest, pair_id: int) -> Pair:
    found = selectors.for_organiser(request.user, Pair, pk=pair_id)
    return Pair.objects.select_related("tournament__club", "player_one", "player_two").get(
        pk=found.pk
    )


def _problems(form: Any, error: ServiceError) -> None:
    for message in error.messages:
        form.add_error(None, message)


@login_required
@require_GET
def pair_detail(request: HttpRequest, pair_id: int) -> HttpResponse:
    pair = _pair(request, pair_id)
    return render(request, "tournaments/pair.html", _pair_context(pair))


@login_required
@require_POST
def pair_rename(request: HttpRequest, pair_id: int) -> HttpResponse:
    pair = _pair(request, pair_id)
    form = RenameForm(request.POST, pair=pair)
    if form.is_valid():
        old = form.chosen_player().full_name
        try:
            player = services.player_rename(
                tournament=pair.tournament,
                player=form.chosen_player(),
                first_name=form.cleaned_data["first_name"],
                last_name=form.cleaned_data["last_name"],
                card_number=form.cleaned_data["card_number"] or None,  # empty: kept as it is
                user=request.user,
            )
        except ServiceError as error:
            _problems(form, error)
        else:
            messages.success(
                request,
                _("%(old)s is now %(new)s, in every tournament of the club.")
                % {"old": old, "new": player.full_name},
            )
            return redirect("pair_detail", pair_id=pair.pk)
    return render(request, "tournaments/pair.html", _pair_context(pair, rename_form=form))


@login_required
@require_POST
def pair_substitute(request: HttpRequest, pair_id: int) -> HttpResponse:
    pair = _pair(request, pair_id)
    form = SubstituteForm(request.POST, pair=pair)
    if form.is_valid():
        try:
            change = services.pair_substitute(
                pair=pair,
                player=form.chosen_player(),
                first_name=form.cleaned_data["first_name"],
                last_name=form.cleaned_data["last_name"],
                card_number=form.cleaned_data["card_number"],
                from_round=form.cleaned_data["from_round"],
                user=request.user,
            )
        except ServiceError as error:
            _problems(form, error)
        else:
            messages.success(
                request,
                _("%(substitute)s plays for pair %(pair)s from round %(round)s.")
                % {
                    "substitute": change.player_in.full_name,
                    "pair": pair.number,
                    "round": change.from_round,
                },
            )
            return redirect("pair_detail", pair_id=pair.pk)
    return render(request, "tournaments/pair.html", _pair_context(pair, substitute_form=form))


@login_required
@require_POST
def pair_withdraw(request: HttpRequest, pair_id: int) -> HttpResponse:
    pair = _pair(request, pair_id)
    form = WithdrawForm(request.POST)
    if form.is_valid():
        try:
            done = services.pair_withdraw(
                pair=pair, seated=form.cleaned_data["seated"], user=request.user
            )
        except ServiceError as error:
            if pair.withdrawn_from is not None or pair.tournament.status == "finished":
                for message in error.messages:  # no form to show it beside
                    messages.error(request, message)
                return redirect("pair_detail", pair_id=pair.pk)
            _problems(form, error)
        else:
            text = _("Pair %(pair)s has withdrawn: it plays no more from round %(round)s.") % {
                "pair": pair.number,
                "round": done.from_round,
            }
            if done.seated == services.BYE:
                text += " " + _("Its opponents get the bye award.")
            elif done.seated == services.RESEAT:
                text += " " + _("Round %(round)s is seated again without it.") % {
                    "round": done.from_round
                }
            messages.success(request, text)
            return redirect("pair_detail", pair_id=pair.pk)
    return render(request, "tournaments/pair.html", _pair_context(pair, withdraw_form=form))


@login_required
@require_POST
def pair_link_reissue(request: HttpRequest, pair_id: int) -> HttpResponse:
    """A new private link and pair code for a pair whose slip was lost or seen: the old ones
    stop at once. Then its new slip, to print."""
    pair = _pair(request, pair_id)
    try:
        services.link_reissue(pair=pair, user=request.user)
    except ServiceError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(
            request,
            _(
                "Pair %(pair)s has a new link and a new pair code: its old slip opens nothing "
                "from now on. Print its new slip and hand it to the pair."
            )
            % {"pair": pair.number},
        )
    return redirect("pair_detail", pair_id=pair.pk)


@login_required
@require_POST
def entrants_upload(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The pairs of an uploaded CSV or .xlsx file, all or none."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    form = EntrantsFileForm(request.POST, request.FILES)
    if form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            pairs = services.entrants_import(
                tournament=tournament,
                content=upload.read(),
                filename=upload.name or "",
                user=request.user,
            )
        except ServiceError as error:
            _problems(form, error)
        else:
            messages.success(
                request,
                ngettext(
                    "%(count)s pair entered from %(name)s.",
                    "%(count)s pairs entered from %(name)s.",
                    len(pairs),
                )
                % {"count": len(pairs), "name": upload.name},
            )
            return redirect("pairs_add", tournament_id=tournament.pk)
    context = pairs_context(tournament)
    context["file_form"] = form
    return render(request, "tournaments/pairs.html", context)
