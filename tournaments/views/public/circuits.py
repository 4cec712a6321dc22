"""The public page of a circuit: its ranking of players across its clubs, from the published
tournaments that count for it."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tournaments.selectors.circuits import circuit_standings, public_circuit, scheme_of


@require_GET
def circuit_public(request: HttpRequest, circuit_slug: str) -> HttpResponse:
    circuit = public_circuit(circuit_slug)
    if circuit is None:
        raise Http404
    context = {
        "circuit": circuit,
        "club": circuit.club,
        "scheme": scheme_of(circuit),
        "standings": circuit_standings(circuit, public=True),
        "clubs": circuit.clubs.order_by("name"),
    }
    return render(request, "tournaments/circuits/circuit_public.html", context)
