"""A phone's table page keeps following its table once its own form has nothing left to send:
the browser walk of an individual evening (test_e2e_individual.py) found the passive partner's
phone stuck on round 1 once the other three had finished the table."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, DealProposal, Seat, Table
from tournaments.tests.test_player_entry import HTMX, accept, link, players_table, write
from tournaments.tests.test_views_entry import NS_WINS

POLLING = re.compile(r'<section id="status"[^>]*hx-trigger="every \d+s"')


def status_of(table: Table, direction: str) -> str:
    url = reverse("link_table", args=[link(table, direction)])
    return Client().get(f"{url}?region=status&table={table.pk}", **HTMX).content.decode()


@pytest.mark.django_db
def test_the_status_region_keeps_polling_once_the_table_is_done(club: Club) -> None:
    table = players_table(club, deals_per_round=1)
    assert POLLING.search(status_of(table, "ew"))  # E-W's page shows the form of deal 1
    write(Client(), table, "ns", 1, NS_WINS)
    assert POLLING.search(status_of(table, "ew"))  # deal 1 to accept: still following
    accept(Client(), table, "ew", DealProposal.objects.get(table=table))
    table.refresh_from_db()
    assert table.status == Table.Status.DONE
    # a phone whose page was drawn with a form (N-S's, say, never reloaded) still polls, so
    # that it moves on to round 2's table by itself
    for direction in ("ns", "ew"):
        assert POLLING.search(status_of(table, direction)), direction


@pytest.mark.django_db
def test_the_poll_of_a_done_table_moves_the_page_to_the_next_round(club: Club) -> None:
    table = players_table(club, deals_per_round=1)
    write(Client(), table, "ns", 1, NS_WINS)
    accept(Client(), table, "ew", DealProposal.objects.get(table=table))
    tournament = table.round.tournament
    for other in table.round.tables.exclude(pk=table.pk).filter(is_bye=False):
        write(Client(), other, "ns", 1, NS_WINS)
        accept(Client(), other, "ew", DealProposal.objects.get(table=other))
    services.round_start(
        round=services.round_prepare(tournament=tournament, movement="random", seed=2).round
    )
    seat = Seat.objects.get(table=table, direction="ns")
    url = reverse("link_table", args=[str(seat.pair.token)])
    moved = Client().get(f"{url}?region=status&table={table.pk}", **HTMX)
    assert moved["HX-Refresh"] == "true"
