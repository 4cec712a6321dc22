"""Two organisers saving the same table at the same time, on two real PostgreSQL connections:
one wins, the other is told what changed, and nothing is lost silently."""

import threading
import time
from collections.abc import Callable
from typing import Any

import psycopg
import pytest
from django.contrib.auth.models import User
from django.db import connection, connections
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tournaments import services
from tournaments.models import Club, Deal, DealSide, ResultChange, Table
from tournaments.tests.conftest import make_tournament

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="needs PostgreSQL (set DATABASE_URL)"
    ),
]

ANNA = [
    {
        "melded_points": 300,
        "hand_points": 0,
        "burracos": {"clean": 1},
        "pot": "taken",
        "closed": True,
    },
    {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"},
]  # N-S 600, E-W 70
BRUNO = [
    {"melded_points": 80, "hand_points": 40, "burracos": {}, "pot": "not_taken"},
    {
        "melded_points": 250,
        "hand_points": 0,
        "burracos": {"dirty": 1},
        "pot": "taken",
        "closed": True,
    },
]  # N-S 80 - 40 - 100 = -60; E-W 250 + 100 + 100 = 450


def started_table(club: Club) -> Table:
    tournament = make_tournament(club, pairs=2)
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=1)
    services.round_start(round=prepared.round)
    return prepared.round.tables.get()


def totals_of(table: Table) -> dict[str, int]:
    return dict(DealSide.objects.filter(deal__table=table).values_list("direction", "total"))


def run_together(jobs: dict[str, Callable[[], Any]], hold_table: Table) -> dict[str, Any]:
    """Run each job in its own thread, on its own database connection, all released at once
    while a third connection holds the table's row lock, so that they really overlap."""
    settings = connection.settings_dict
    locker = psycopg.connect(
        dbname=settings["NAME"],
        user=settings["USER"],
        host=settings["HOST"],
        port=settings["PORT"] or 5432,
        password=settings["PASSWORD"] or None,
    )
    locker.execute("SELECT id FROM tournaments_table WHERE id = %s FOR UPDATE", [hold_table.pk])
    outcomes: dict[str, Any] = {}
    start = threading.Barrier(len(jobs) + 1)
    # a thread starts with the site's default language, not the one this test reads
    language = translation.get_language()

    def work(name: str, job: Callable[[], Any]) -> None:
        start.wait()
        try:
            with translation.override(language):
                outcomes[name] = job()
        except Exception as error:  # the outcome is what the test looks at
            outcomes[name] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=work, args=item) for item in jobs.items()]
    for thread in threads:
        thread.start()
    start.wait()
    time.sleep(0.5)
    assert all(thread.is_alive() for thread in threads), "the savers should wait for the lock"
    locker.rollback()
    locker.close()
    for thread in threads:
        thread.join(timeout=30)
    return outcomes


@pytest.mark.django_db(transaction=True)
def test_two_saves_of_the_same_version_one_wins_the_other_is_stale(
    club: Club, organiser: User
) -> None:
    table = started_table(club)
    version = table.version

    def saver(sides: list[dict[str, Any]]) -> Callable[[], Deal]:
        def save() -> Deal:
            return services.deal_record(
                table=table, number=1, sides=sides, mode="summary", user=organiser, version=version
            )

        return save

    outcomes = run_together({"anna": saver(ANNA), "bruno": saver(BRUNO)}, table)
    won = [name for name, outcome in outcomes.items() if isinstance(outcome, Deal)]
    lost = [name for name, outcome in outcomes.items() if isinstance(outcome, services.StaleTable)]
    assert len(won) == 1 and len(lost) == 1, outcomes
    winner, loser = won[0], lost[0]
    expected = {"anna": {"ns": 600, "ew": 70}, "bruno": {"ns": -60, "ew": 450}}
    assert totals_of(table) == expected[winner]  # the saved deal is the winner's entry
    stale = outcomes[loser]
    assert stale.changes and "Entered: deal 1" in stale.changes[0]
    assert "was changed by someone else while you were typing" in str(stale)
    table.refresh_from_db()
    assert table.version == version + 1
    assert Deal.objects.filter(table=table).count() == 1

    # The loser reads the new version and saves deliberately: the winner's entry is kept in
    # the audit record as the "before" of the correction.
    services.deal_record(
        table=table,
        number=1,
        sides=ANNA if loser == "anna" else BRUNO,
        mode="summary",
        user=organiser,
        version=table.version,
    )
    assert totals_of(table) == expected[loser]
    correction = ResultChange.objects.get(action=ResultChange.Action.CORRECTED)
    assert correction.before and correction.before["totals"] == expected[winner]
    assert correction.after and correction.after["totals"] == expected[loser]


@pytest.mark.django_db(transaction=True)
def test_two_browsers_saving_at_once_through_the_page(club: Club, organiser: User) -> None:
    table = started_table(club)
    form = {
        "number": "1",
        "version": str(table.version),
        "mode": "summary",
        "ns-pot": "taken",
        "ew-pot": "taken",
    }
    anna = {
        **form,
        "closed": "ns",
        **{"ns-melded_points": "300", "ns-burracos_clean": "1"},
        **{"ew-melded_points": "100", "ew-hand_points": "30"},
    }
    bruno = {
        **form,
        "closed": "ew",
        **{"ns-melded_points": "80", "ns-hand_points": "40", "ns-pot": "not_taken"},
        **{"ew-melded_points": "250", "ew-burracos_dirty": "1"},
    }

    def poster(data: dict[str, str]) -> Callable[[], Any]:
        def post() -> Any:
            client = Client()
            client.force_login(organiser)
            return client.post(reverse("deal_save", args=[table.pk]), data, HTTP_HX_REQUEST="true")

        return post

    outcomes = run_together({"anna": poster(anna), "bruno": poster(bruno)}, table)
    pages = {name: response.content.decode() for name, response in outcomes.items()}
    assert {response.status_code for response in outcomes.values()} == {200}
    saved = [name for name, page in pages.items() if "Deal 1 saved" in page]
    refused = [name for name, page in pages.items() if "Not saved." in page]
    assert len(saved) == 1 and len(refused) == 1, pages
    expected = {"anna": {"ns": 600, "ew": 70}, "bruno": {"ns": -60, "ew": 450}}
    assert totals_of(table) == expected[saved[0]]
    page = pages[refused[0]]
    assert "Entered: deal 1 by anna" in page
    table.refresh_from_db()
    assert f'name="version" value="{table.version}"' in page  # ready to save deliberately
    value = "300" if refused[0] == "anna" else "80"
    assert f'name="ns-melded_points" value="{value}"' in page  # what was typed is kept
