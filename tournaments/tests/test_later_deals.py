"""Corrections keep later deals valid: in a match where the opening minimum reads the running
score (Buraco España above 1000), correcting a deal changes what every later deal's opening
needs; a correction that would leave one short is refused, naming it, and every state the app
accepts comes back from its own backup."""

from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from scoring import InvalidDeal
from tournaments import services
from tournaments.backup import tournament_export, tournament_import
from tournaments.models import Club, Table, Tournament
from tournaments.services import ServiceError
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_backup import normalised


def side(melded: int, *, closed: bool = False, opening: int | None = None) -> dict[str, Any]:
    """A Buraco España side on the score sheet: a closing side holds a clean canasta."""
    made: dict[str, Any] = {"melded_points": melded, "hand_points": 0 if closed else 40}
    made |= {"burracos": {"clean": 1} if closed else {}, "pot": "taken"}
    if closed:
        made["closed"] = True
    if opening is not None:
        made["opening_points"] = opening
    return made


EW_SMALL = side(100)  # E-W 100 - 40 = 60
AT_1000 = [side(700, closed=True), EW_SMALL]  # N-S 700 + 200 + 100 = 1000
AT_1005 = [side(705, closed=True), EW_SMALL]  # N-S 1005: above 1000
NO_OPENING = [side(300), side(200, closed=True)]  # N-S melds 300 and says no opening


def match_table(club: Club) -> Table:
    tournament = make_tournament(
        club, pairs=2, rounds=1, variant="spanish", format="target", name="Match"
    )
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=1).round
    services.round_start(round=round_)
    return round_.tables.get()


def record(table: Table, number: int, sides: list[dict[str, Any]], user: User | None) -> None:
    table.refresh_from_db()
    services.deal_record(
        table=table, number=number, sides=sides, mode="summary", user=user, version=table.version
    )


def totals(table: Table) -> list[tuple[int, str, int]]:
    return sorted(table.deals.values_list("number", "sides__direction", "sides__total"))


def comes_back(tournament: Tournament, club: Club) -> None:
    """The tournament's backup imports as it was exported."""
    exported = tournament_export(tournament=tournament)
    restored = tournament_import(data=exported, club=club)
    assert normalised(tournament_export(tournament=restored)) == normalised(exported)


def test_a_correction_that_would_leave_a_later_deal_short_of_its_opening_is_refused(
    club: Club, other_club: Club, organiser: User
) -> None:
    """Issue 20: deal 2 saved at exactly 1000 without an opening; deal 1 then corrected to 1005
    was accepted, and the tournament's own backup could no longer be imported."""
    table = match_table(club)
    record(table, 1, AT_1000, organiser)
    record(table, 2, NO_OPENING, organiser)
    saved = totals(table)
    with pytest.raises(ServiceError) as refused:
        record(table, 1, AT_1005, organiser)
    assert refused.value.messages == (
        "Deal 2 would no longer be valid after this correction of deal 1, because the running "
        "score before it changes:",
        "N-S had 1005 points before this deal, so its first exposure (opening) needed at least "
        "75 points or a canasta, and its sheet gives no opening.",
        "Correct deal 2 first (it can already say its opening), then deal 1.",
    )
    assert totals(table) == saved
    comes_back(table.round.tournament, other_club)
    # deal 2 says its opening first (at 1000 it needs none, and may say it), then deal 1 follows
    record(table, 2, [NO_OPENING[0] | {"opening_points": 80}, NO_OPENING[1]], organiser)
    record(table, 1, AT_1005, organiser)
    assert (1, "ns", 1005) in totals(table)
    comes_back(table.round.tournament, other_club)


def test_the_table_page_says_so_before_the_correction_is_saved(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    table = match_table(club)
    record(table, 1, AT_1000, organiser)
    record(table, 2, NO_OPENING, organiser)
    table.refresh_from_db()
    data = {
        "number": "1", "version": str(table.version), "mode": "summary", "closed": "ns",
        "ns-melded_points": "705", "ns-burracos_clean": "1", "ns-pot": "taken",
        "ew-melded_points": "100", "ew-hand_points": "40", "ew-pot": "taken",
    }  # fmt: skip
    for view in ("deal_check", "deal_save"):
        page = organiser_client.post(reverse(view, args=[table.pk]), data).content.decode()
        assert "Deal 2 would no longer be valid after this correction of deal 1" in page, view
    assert (1, "ns", 1000) in totals(table)


def test_a_backup_of_the_issue_example_made_by_the_commands_imports_again(
    club: Club, other_club: Club, organiser: User, tmp_path: Path
) -> None:
    table = match_table(club)
    record(table, 1, AT_1000, organiser)
    record(table, 2, NO_OPENING, organiser)
    with pytest.raises(ServiceError):
        record(table, 1, AT_1005, organiser)
    path = tmp_path / "match.json"
    tournament = table.round.tournament
    call_command("export_tournament", "roma", tournament.slug, "-o", str(path), stdout=StringIO())
    out = StringIO()
    call_command("import_tournament", str(path), "--club", "madrid", stdout=out)
    assert out.getvalue().startswith(f"Imported {tournament} into Club de Buraco Madrid")


# --- any sequence the app accepts comes back from its backup ------------------------------------

built = st.builds(
    lambda ns, ew, closer, ns_open, ew_open: [
        side(ns, closed=closer == "ns", opening=ns_open),
        side(ew, closed=closer == "ew", opening=ew_open),
    ],
    st.sampled_from([0, 100, 300, 600, 700, 705, 900]),
    st.sampled_from([0, 100, 300, 700, 900]),
    st.sampled_from(["ns", "ew", ""]),
    st.sampled_from([None, None, 50, 80]),
    st.sampled_from([None, None, 50, 80]),
)
sheets = st.one_of(
    # the sheets that bring a side's running score to 1000 or just past it, and a deal that
    # says no opening: where a correction can leave a later deal short
    st.sampled_from([AT_1000, AT_1005, NO_OPENING, [side(0), side(600, closed=True)]]),
    built,
)
steps = st.lists(
    st.one_of(
        st.tuples(st.just("next"), sheets),
        st.tuples(st.just("correct"), st.integers(min_value=1, max_value=4), sheets),
        st.tuples(st.just("remove")),
    ),
    min_size=1,
    max_size=12,
)


@pytest.mark.django_db
@settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=steps)
@example(steps=[("next", AT_1000), ("next", NO_OPENING), ("correct", 1, AT_1005)])
def test_every_state_a_match_accepts_comes_back_from_its_backup(
    club: Club, other_club: Club, organiser: User, steps: list[tuple[Any, ...]]
) -> None:
    """Saves, corrections and removals in any order, some refused: whatever the app keeps, its
    backup imports again, deal by deal as the engine scores it at its running score."""
    point = transaction.savepoint()
    try:
        table = match_table(club)
        for step in steps:
            table.refresh_from_db()
            saved = table.deals.count()
            try:
                if step[0] == "next":
                    record(table, saved + 1, step[1], organiser)
                elif step[0] == "correct":
                    record(table, min(step[1], max(saved, 1)), step[2], organiser)
                elif saved:
                    services.deal_remove(
                        table=table, number=saved, user=organiser, version=table.version
                    )
            except (ServiceError, InvalidDeal):
                pass  # refused: nothing saved
        comes_back(table.round.tournament, other_club)
    finally:
        transaction.savepoint_rollback(point)
