"""The export's values of a table (`QuickBody.as_values`: what the CSV and xlsx files write)
are django-tables2's own, cell for cell, on every demo tournament: pairs and individual
evenings, a match format, gironi, withdrawn pairs and the arbiter's decisions, as the
organiser's file and the public one read them."""

from io import StringIO
from typing import Any

import django_tables2 as tables
import pytest
from django.core.management import call_command

from tournaments import selectors
from tournaments.models import Club, Tournament
from tournaments.tables import StandingsTable
from tournaments.tests.conftest import make_tournament

pytestmark = pytest.mark.django_db


def both(table: Any) -> tuple[list[list[Any]], list[list[Any]]]:
    return list(table.as_values()), list(tables.Table.as_values(table))


def test_every_demo_tournament_exports_as_django_tables2_would() -> None:
    call_command("seed_demo", stdout=StringIO())
    checked = 0
    for tournament in Tournament.objects.select_related("club").order_by("pk"):
        pairs = selectors.standings_for(tournament)
        for table in (
            StandingsTable.for_export(tournament, pairs),
            StandingsTable.for_tournament(tournament, pairs),
        ):
            ours, theirs = both(table)
            assert ours == theirs, tournament.name
            assert len(ours) == len(pairs) + 1
            checked += 1
        excluded = list(StandingsTable.for_export(tournament, pairs).as_values(["players"]))
        assert excluded == list(
            tables.Table.as_values(StandingsTable.for_export(tournament, pairs), ["players"])
        )
    assert checked >= 8  # the demo's four tournaments or more, each as file and as page


def test_numbers_stay_numbers_and_an_unranked_pair_is_empty(club: Club) -> None:
    tournament = make_tournament(club, pairs=4)
    table = StandingsTable.for_export(tournament, selectors.standings_for(tournament))
    ours, theirs = both(table)
    assert ours == theirs
    first = dict(zip(ours[0], ours[1], strict=True))
    assert first["VP"] == 0 and isinstance(first["VP"], int)
    assert first["Rank"] is None  # nothing played: an empty cell in the file (as django-tables2)
