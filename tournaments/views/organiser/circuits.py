"""Circuit pages (points across the evenings of one or more clubs): the organiser's list,
creating a circuit with its points scheme, and a circuit's page, where the managing club's
organisers add clubs by their address and each member club's organisers add their own finished
tournaments. Lookups are scoped by `selectors.circuits.circuit_for` (anyone else: 404); writes
go through the services, whose `ServiceError` is shown as a message."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments import selectors
from tournaments.forms.circuits import CircuitForm, ClubJoinForm, EveningForm
from tournaments.models import Tournament
from tournaments.selectors.circuits import (
    addable_tournaments,
    circuit_for,
    circuit_standings,
    circuits_of,
    manages,
    scheme_of,
)
from tournaments.services import (
    ServiceError,
    circuit_club_add,
    circuit_create,
    circuit_evening_add,
    circuit_evening_remove,
)


@login_required
@require_GET
def circuit_list(request: HttpRequest) -> HttpResponse:
    circuits = circuits_of(request.user).prefetch_related("clubs")
    return render(request, "tournaments/circuits/circuit_list.html", {"circuits": circuits})


@login_required
def circuit_new(request: HttpRequest) -> HttpResponse:
    clubs = list(selectors.clubs_of(request.user))
    if not clubs:
        messages.error(
            request, _("You are not an organiser of any club yet: ask the club to add you.")
        )
        return redirect("dashboard")
    form = CircuitForm(request.POST if request.method == "POST" else None, clubs=clubs)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            circuit = circuit_create(
                club=data.get("club") or clubs[0],
                name=data["name"],
                scheme=data["scheme"],
                best_n=data["best_n"],
                user=request.user,
            )
        except ServiceError as error:
            for message in error.messages:
                form.add_error(None, message)
        else:
            messages.success(
                request, _("The circuit “%(name)s” is created.") % {"name": circuit.name}
            )
            return redirect("circuit_detail", circuit_id=circuit.pk)
    return render(request, "tournaments/circuits/circuit_form.html", {"form": form})


@login_required
@require_GET
def circuit_detail(request: HttpRequest, circuit_id: int) -> HttpResponse:
    circuit = circuit_for(request.user, circuit_id)
    addable = addable_tournaments(request.user, circuit)
    context = {
        "circuit": circuit,
        "scheme": scheme_of(circuit),
        "manages": manages(request.user, circuit),
        "my_clubs": set(selectors.clubs_of(request.user).values_list("pk", flat=True)),
        "standings": circuit_standings(circuit),
        "show_cards": True,  # the organisers' own page: card numbers are not public
        "clubs": circuit.clubs.order_by("name"),
        "club_form": ClubJoinForm(),
        "evening_form": EveningForm(tournaments=addable) if addable.exists() else None,
    }
    return render(request, "tournaments/circuits/circuit_detail.html", context)


def _errors(request: HttpRequest, error: ServiceError) -> None:
    for message in error.messages:
        messages.error(request, message)


@login_required
@require_POST
def circuit_club_join(request: HttpRequest, circuit_id: int) -> HttpResponse:
    circuit = circuit_for(request.user, circuit_id)
    if not manages(request.user, circuit):
        raise Http404
    form = ClubJoinForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Write the club's address, e.g. roma."))
    else:
        try:
            club = circuit_club_add(circuit=circuit, slug=form.cleaned_data["slug"])
        except ServiceError as error:
            _errors(request, error)
        else:
            messages.success(request, _("%(club)s joins the circuit.") % {"club": club.name})
    return redirect("circuit_detail", circuit_id=circuit.pk)


@login_required
@require_POST
def circuit_evening_new(request: HttpRequest, circuit_id: int) -> HttpResponse:
    circuit = circuit_for(request.user, circuit_id)
    form = EveningForm(request.POST, tournaments=addable_tournaments(request.user, circuit))
    if not form.is_valid():
        messages.error(request, _("Choose one of your club's finished tournaments."))
    else:
        tournament = form.cleaned_data["tournament"]
        try:
            circuit_evening_add(circuit=circuit, tournament=tournament)
        except ServiceError as error:
            _errors(request, error)
        else:
            messages.success(
                request, _("“%(name)s” counts for the circuit.") % {"name": tournament.name}
            )
    return redirect("circuit_detail", circuit_id=circuit.pk)


@login_required
@require_POST
def circuit_evening_drop(request: HttpRequest, circuit_id: int) -> HttpResponse:
    """Take a tournament out of the circuit: the circuit's managers, or its own club's."""
    circuit = circuit_for(request.user, circuit_id)
    chosen = str(request.POST.get("tournament", "")).strip()
    tournament = (
        Tournament.objects.filter(pk=int(chosen), circuit_evenings__circuit=circuit).first()
        if chosen.isdigit()
        else None
    )
    clubs = selectors.clubs_of(request.user)
    if tournament is None or not (
        manages(request.user, circuit) or clubs.filter(pk=tournament.club_id).exists()
    ):
        messages.error(request, _("That tournament does not count for the circuit."))
    else:
        circuit_evening_remove(circuit=circuit, tournament=tournament)
        messages.success(
            request, _("“%(name)s” no longer counts for the circuit.") % {"name": tournament.name}
        )
    return redirect("circuit_detail", circuit_id=circuit.pk)
