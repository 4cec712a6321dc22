"""What the browser walk of individual evenings (test_e2e_individual.py) found on the organiser's
pages, checked without a browser."""

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Club, Tournament
from tournaments.tests.test_views_setup import HTMX, settings_data

BY_SIZE = "12: the rotation; any other number: a random round, then the Danese"


@pytest.mark.django_db
def test_choosing_individual_redraws_the_plan_without_the_pairs_movements(
    club: Club, organiser_client: Client
) -> None:
    """The walk saw "Round 2: Mitchell" on the form of a new individual evening: its rounds
    follow the number of players, so the plan says that instead of offering pairs movements."""
    url = reverse("tournament_create")
    pairs = organiser_client.get(url, {"rounds": "3", "entrants": "pairs"}, headers=HTMX)
    assert pairs.content.decode().count("<select") == 3
    players = organiser_client.get(url, {"rounds": "3", "entrants": "players"}, headers=HTMX)
    page = players.content.decode()
    assert page.strip().startswith('<div id="movement-plan">')
    assert "<select" not in page and BY_SIZE in page


@pytest.mark.django_db
def test_an_individual_evening_created_from_the_form_follows_the_number_of_players(
    club: Club, organiser_client: Client
) -> None:
    data = {
        key: value
        for key, value in settings_data(entrants="players").items()
        if not key.startswith("movement_")  # the page sends none for an individual evening
    }
    response = organiser_client.post(reverse("tournament_create"), data)
    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.is_individual and tournament.movement_plan == []
    edit = organiser_client.get(reverse("tournament_edit", args=[tournament.pk]))
    page = edit.content.decode()
    assert 'name="movement_1"' not in page and BY_SIZE in page
