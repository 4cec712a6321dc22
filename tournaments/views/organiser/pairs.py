"""The organiser's pages for pairs during an evening: a pair's page (its players and who played
which rounds, with the forms to correct a name, bring in a substitute, withdraw it or give it a
new private link and code), and the upload of the entrants from a file. Writes go through the
services; their `ServiceError` is shown on the page."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from django.views.decorators.http import require_GET, require_POST

from tournaments import selectors, services
from tournaments.forms.pairs import EntrantsFileForm, RenameForm, SubstituteForm, WithdrawForm
from tournaments.forms.records import EmailForm
from tournaments.forms.setup import CategoryForm
from tournaments.models import Pair, Player, Round, Tournament
from tournaments.rules import limits
from tournaments.rules.entrant_texts import entrant_text
from tournaments.rules.individual_changes import withdrawal_refusal
from tournaments.selectors.pairs import player_spells, withdrawal_seat
from tournaments.services import ServiceError
from tournaments.views.organiser.members import cards_checked, pairs_checked
from tournaments.views.organiser.setup import pairs_context


def _pair_context(pair: Pair, **forms: Any) -> dict[str, Any]:
    tournament = pair.tournament
    last = tournament.round_set.order_by("-number").first()
    waiting = last is not None and last.status == Round.Status.SEATING
    next_round = (last.number + (0 if waiting else 1)) if last is not None else 1
    finished = tournament.is_finished
    spells = player_spells(pair)
    can_withdraw = not finished and last is not None and pair.withdrawn_from is None
    withdraw_refusal = ""
    if can_withdraw and tournament.is_individual:  # the service's own rule: four must stay
        staying = sum(
            1
            for other in tournament.pairs.all()
            if other.pk != pair.pk and other.plays_in(next_round)
        )
        withdraw_refusal = withdrawal_refusal(number=pair.number, staying=staying)
    typed: RenameForm | None = forms.get("rename_form")
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
        "can_withdraw": can_withdraw and not withdraw_refusal,
        "withdraw_refusal": withdraw_refusal,
        "can_substitute": _can_substitute(pair),
        "rename_forms": [
            typed
            if typed is not None and typed.player_record.pk == player.pk
            else RenameForm(pair=pair, player=player)
            for player in _players(pair)
        ],
        "substitute_form": forms.get("substitute_form")
        or SubstituteForm(
            pair=pair,
            initial={"from_round": min(next_round, tournament.rounds), **forms.get("offer", {})},
        ),
        "withdraw_form": forms.get("withdraw_form") or _withdraw_form(pair, None),
        "email_forms": [(player, EmailForm()) for player in _players(pair)],
        "category_form": forms.get("category_form") or _category_form(pair, None),
    }


def _category_form(pair: Pair, data: Any) -> CategoryForm | None:
    """The pair's category, when its club lists categories and the tournament is running."""
    categories = pair.tournament.club.category_list
    if not categories or pair.tournament.is_finished or pair.tournament.is_individual:
        return None
    return CategoryForm(data, categories=categories, initial={"category": pair.category})


def _withdraw_form(pair: Pair, data: Any) -> WithdrawForm:
    """The withdrawal form; while a round is seated but not started and the pair plays there,
    its choices say who the opponents are and what each way gives them."""
    tournament = pair.tournament
    last = tournament.round_set.order_by("-number").first()
    place = (
        withdrawal_seat(pair, last)
        if last is not None and last.status == Round.Status.SEATING and not tournament.is_individual
        else None
    )  # an individual round is seated again without the player: nothing to choose
    award = tournament.play_format.bye_award_text()
    return WithdrawForm(data, place=place, award=award)


def _players(pair: Pair) -> list[Player]:
    return [player for player in (pair.player_one, pair.player_two) if player is not None]


def _can_substitute(pair: Pair) -> bool:
    return not pair.tournament.is_finished and pair.withdrawn_from is None


def _substitute_offer(request: HttpRequest, pair: Pair) -> dict[str, Any]:
    """The substitute form's fields filled from the address, as the rename's confirmation
    offers it (?substitute=<player>&first_name=…&last_name=…): only a player of the pair."""
    wanted = request.GET.get("substitute", "")
    if not any(str(player.pk) == wanted for player in _players(pair)):
        return {}
    return {
        "player": int(wanted),
        "first_name": request.GET.get("first_name", "")[: limits.NAME_LENGTH],
        "last_name": request.GET.get("last_name", "")[: limits.NAME_LENGTH],
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
    offer = _substitute_offer(request, pair)
    return render(request, "tournaments/pair.html", _pair_context(pair, offer=offer))


def _where(tournaments: list[Tournament]) -> str:
    """The tournaments a name shows in, as a sentence can list them: "Tuesday evening
    (17 November 2026), Friday cup (20 November 2026) and 3 more"."""
    shown = [
        f"{each.name} ({date_format(each.date, 'DATE_FORMAT')})" for each in tournaments[:WHERE]
    ]
    text = ", ".join(shown)
    if len(tournaments) > WHERE:
        more = len(tournaments) - WHERE
        text += " " + ngettext("and %(count)s more", "and %(count)s more", more) % {"count": more}
    return text


WHERE = 5
"""How many tournaments a rename names; beyond, it counts them."""


def _rename_sentences(rename: services.Rename) -> dict[str, str]:
    """What a rename does, in words: before it is confirmed ("ask") and once done ("done")."""
    values = {
        "old": rename.before_name,
        "new": rename.after_name,
        "count": len(rename.tournaments),
        "where": _where(rename.tournaments),
        "card": rename.after_card,
        "old_card": rename.before_card or pgettext("card number", "none"),
    }
    count = len(rename.tournaments)
    if rename.name_changed:
        ask = ngettext(
            "%(old)s will be renamed %(new)s in every tournament of the club (%(count)s "
            "tournament: %(where)s).",
            "%(old)s will be renamed %(new)s in every tournament of the club (%(count)s "
            "tournaments: %(where)s).",
            count,
        )
        done = ngettext(
            "%(old)s is now %(new)s in every tournament of the club (%(count)s tournament: "
            "%(where)s).",
            "%(old)s is now %(new)s in every tournament of the club (%(count)s tournaments: "
            "%(where)s).",
            count,
        )
    else:
        ask = ngettext(
            "The card number of %(old)s will be %(card)s instead of %(old_card)s in every "
            "tournament of the club (%(count)s tournament: %(where)s).",
            "The card number of %(old)s will be %(card)s instead of %(old_card)s in every "
            "tournament of the club (%(count)s tournaments: %(where)s).",
            count,
        )
        done = ngettext(
            "The card number of %(old)s is now %(card)s in every tournament of the club "
            "(%(count)s tournament: %(where)s).",
            "The card number of %(old)s is now %(card)s in every tournament of the club "
            "(%(count)s tournaments: %(where)s).",
            count,
        )
    return {"ask": ask % values, "done": done % values}


@login_required
@require_POST
def pair_rename(request: HttpRequest, pair_id: int) -> HttpResponse:
    """A name corrected, in two steps: the form's values first show whose name changes, from
    what to what and in which tournaments, with the way to a substitute when it is another
    person; only the confirmation (`confirmed`) saves."""
    pair = _pair(request, pair_id)
    players = _players(pair)
    chosen = next((p for p in players if str(p.pk) == request.POST.get("player")), players[0])
    form = RenameForm(request.POST, pair=pair, player=chosen)
    if form.is_valid():
        values = {
            "tournament": pair.tournament,
            "player": form.chosen_player(),
            "first_name": form.cleaned_data["first_name"],
            "last_name": form.cleaned_data["last_name"],
            "card_number": form.cleaned_data["card_number"] or None,  # empty: kept as it is
        }
        try:
            if form.cleaned_data["confirmed"]:
                rename = services.player_rename(**values, user=request.user)
            else:
                rename = services.player_rename_preview(**values)
        except ServiceError as error:
            _problems(form, error)
        else:
            if not rename.changed:
                messages.info(
                    request,
                    _("The name and card number of %(name)s are already so: nothing changed.")
                    % {"name": rename.before_name},
                )
                return redirect("pair_detail", pair_id=pair.pk)
            if form.cleaned_data["confirmed"]:
                messages.success(request, _rename_sentences(rename)["done"])
                cards_checked(request, pair.tournament.club, [rename.player])
                return redirect("pair_detail", pair_id=pair.pk)
            return _rename_confirmation(request, pair, form, rename)
    return render(request, "tournaments/pair.html", _pair_context(pair, rename_form=form))


def _rename_confirmation(
    request: HttpRequest, pair: Pair, form: RenameForm, rename: services.Rename
) -> HttpResponse:
    """The page that asks before a rename: whose name, from what to what, where; and, for a
    different person, the substitute instead."""
    data = {name: form.cleaned_data[name] for name in ("player", "first_name", "last_name")}
    offer = {"substitute": data["player"], **{k: v for k, v in data.items() if k != "player"}}
    confirm = RenameForm(
        initial={**data, "card_number": form.cleaned_data["card_number"], "confirmed": True},
        pair=pair,
        player=rename.player,
    )
    context = {
        "pair": pair,
        "tournament": pair.tournament,
        "rename": rename,
        "sentence": _rename_sentences(rename)["ask"],
        "form": confirm,
        "can_substitute": _can_substitute(pair),
        "substitute_url": f"{reverse('pair_detail', args=[pair.pk])}?{urlencode(offer)}#substitute",
        "finished": pair.tournament.is_finished,
    }
    return render(request, "tournaments/pair_rename_confirm.html", context)


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
                entrant_text(
                    pair.tournament,
                    "substituted_notice",
                    substitute=change.player_in.full_name,
                    pair=pair.number,
                    round=change.from_round,
                ),
            )
            cards_checked(request, pair.tournament.club, [change.player_in])
            return redirect("pair_detail", pair_id=pair.pk)
    return render(request, "tournaments/pair.html", _pair_context(pair, substitute_form=form))


@login_required
@require_POST
def pair_withdraw(request: HttpRequest, pair_id: int) -> HttpResponse:
    pair = _pair(request, pair_id)
    form = _withdraw_form(pair, request.POST)
    if form.is_valid():
        try:
            done = services.pair_withdraw(
                pair=pair, seated=form.cleaned_data["seated"], user=request.user
            )
        except ServiceError as error:
            if pair.withdrawn_from is not None or pair.tournament.is_finished:
                for message in error.messages:  # no form to show it beside
                    messages.error(request, message)
                return redirect("pair_detail", pair_id=pair.pk)
            _problems(form, error)
        else:
            text = entrant_text(
                pair.tournament, "withdrawn_notice", pair=pair.number, round=done.from_round
            )
            if done.seated == services.BYE:
                text += " " + _("Its opponents get the bye award.")
            elif done.seated == services.TOGETHER:
                text += " " + _("The pair that sat out plays its opponents instead.")
            elif done.seated == services.RESEAT:
                again = entrant_text(pair.tournament, "reseated_without", round=done.from_round)
                text += " " + again
            messages.success(request, text)
            for warning in done.warnings:  # what no seating of the pairs left could keep
                messages.warning(request, warning)
            return redirect("pair_detail", pair_id=pair.pk)
    return render(request, "tournaments/pair.html", _pair_context(pair, withdraw_form=form))


@login_required
@require_POST
def pair_category(request: HttpRequest, pair_id: int) -> HttpResponse:
    """Give the pair one of the club's categories (or none): a split by category follows it."""
    pair = _pair(request, pair_id)
    form = _category_form(pair, request.POST)
    if form is None:
        messages.error(request, _("The club lists no categories, or the tournament is finished."))
        return redirect("pair_detail", pair_id=pair.pk)
    if form.is_valid():
        category = form.cleaned_data["category"]
        try:
            services.pair_categories_set(
                tournament=pair.tournament, categories={pair.number: category}
            )
        except ServiceError as error:
            _problems(form, error)
        else:
            text = (
                _("Pair %(pair)s is in category %(category)s.")
                if category
                else _("Pair %(pair)s has no category.")
            )
            messages.success(request, text % {"pair": pair.number, "category": category})
            return redirect("pair_detail", pair_id=pair.pk)
    return render(request, "tournaments/pair.html", _pair_context(pair, category_form=form))


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
            entrant_text(pair.tournament, "reissued", pair=pair.number),
        )
    return redirect("pair_detail", pair_id=pair.pk)


@login_required
@require_POST
def entrants_upload(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The pairs of an uploaded CSV or .xlsx file, all or none."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    form = EntrantsFileForm(request.POST, request.FILES, individual=tournament.is_individual)
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
                entrant_text(tournament, "entered_from", count=len(pairs), name=upload.name),
            )
            pairs_checked(request, tournament.club, pairs)
            return redirect("pairs_add", tournament_id=tournament.pk)
    context = pairs_context(tournament)
    context["file_form"] = form
    return render(request, "tournaments/pairs.html", context)
