"""What the browser walk of individual evenings (test_e2e_individual.py) found on the organiser's
pages, checked without a browser."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Pair
from tournaments.tests.test_individual_tournaments import PLAYERS_12, individual


@pytest.mark.django_db
def test_the_arbiter_may_choose_any_of_the_four_players_of_an_individual_table(
    club: Club, organiser: User
) -> None:
    tournament = individual(club, PLAYERS_12)
    round_ = services.round_prepare(tournament=tournament, seed=1).round
    services.round_start(round=round_)
    table = round_.tables.get(number=2)  # North 2, South 3, East 5, West 7
    client = Client()
    client.force_login(organiser)
    html = client.get(reverse("table_decision", args=[table.pk])).content.decode()
    offered = re.findall(r'name="pair" value="(\d+)"', html)
    assert offered == ["2", "3", "5", "7"]  # the seats' order: N, S, E, W
    # the form takes South's penalty: it falls on player 3 alone
    response = client.post(
        reverse("table_decision", args=[table.pk]),
        {"kind": "penalty", "pair": "3", "mp": "50", "reason": "Slow play"},
    )
    assert response.status_code == 302, re.findall(r"<li>([^<]+)</li>", response.content.decode())
    mp = dict(Pair.objects.filter(tournament=tournament).values_list("number", "mp"))
    assert (mp[2], mp[3]) == (0, -50)
