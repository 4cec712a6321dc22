"""The arbiter's decision on the organiser's pages: the table page offers it (the round clock
links to `table_decision?kind=timeout&deal=N`), a refused one says why in the form with nothing
saved (plain POST and htmx), a taken one shows as a mark that opens to its reason."""

import re

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Decision, Table, Tournament, TournamentEvent
from tournaments.rules.decisions import walkover_award
from tournaments.tests.conftest import make_tournament


@pytest.fixture(autouse=True)
def fresh_cache(db: None) -> None:
    cache.clear()  # a shared Redis outlives each test's database: no other test's stored page


@pytest.fixture
def table(club: Club) -> Table:
    tournament = make_tournament(club, pairs=4)
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=11)
    services.round_start(round=prepared.round)
    found = prepared.round.tables.order_by("number").first()
    assert found is not None
    return found


def pair_numbers(table: Table) -> tuple[int, int]:
    assert table.ns is not None and table.ew is not None
    return table.ns.number, table.ew.number


def test_the_table_page_offers_the_decision(organiser_client: Client, table: Table) -> None:
    page = organiser_client.get(reverse("table_entry", args=[table.pk])).content.decode()
    assert "Director’s decisions" in page or "Director's decisions" in page
    assert 'id="decision-form"' in page
    assert reverse("table_decision", args=[table.pk]) in page


def test_the_clocks_link_preselects_the_time_out(organiser_client: Client, table: Table) -> None:
    url = reverse("table_decision", args=[table.pk]) + "?kind=timeout&deal=3"
    page = " ".join(organiser_client.get(url).content.decode().split())
    assert re.search(r'<input type="radio" name="kind" value="timeout"[^>]* checked>', page)
    assert 'name="deal_number" value="3"' in page


def test_the_table_page_preselects_the_time_out_for_the_clock(
    organiser_client: Client, table: Table
) -> None:
    url = reverse("table_entry", args=[table.pk]) + "?kind=timeout&deal=2"
    page = " ".join(organiser_client.get(url).content.decode().split())
    assert re.search(r'<input type="radio" name="kind" value="timeout"[^>]* checked>', page)
    assert 'name="deal_number" value="2"' in page


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_a_decision_without_reason_says_so_and_saves_nothing(
    organiser_client: Client, table: Table, htmx: bool
) -> None:
    ns, _ew = pair_numbers(table)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    version = Tournament.objects.get(pk=table.round.tournament_id).results_version
    response = organiser_client.post(
        reverse("table_decision", args=[table.pk]),
        {"kind": "late", "pair": ns, "reason": " "},
        **headers,  # type: ignore[arg-type]
    )
    assert response.status_code == (200 if htmx else 400)
    text = response.content.decode()
    assert "Write the reason for the decision: it is shown with it to every player." in text
    assert Decision.objects.count() == 0
    assert Tournament.objects.get(pk=table.round.tournament_id).results_version == version


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_a_decision_on_a_pair_of_another_table_is_refused(
    organiser_client: Client, table: Table, htmx: bool
) -> None:
    other = table.round.tables.exclude(pk=table.pk).get()
    wrong = pair_numbers(other)[0]
    ns, ew = pair_numbers(table)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = organiser_client.post(
        reverse("table_decision", args=[table.pk]),
        {"kind": "late", "pair": wrong, "reason": "Late"},
        **headers,  # type: ignore[arg-type]
    )
    assert response.status_code == (200 if htmx else 400)
    expected = f"Pair {wrong} does not play at this table: choose pair {ns} or {ew}."
    assert expected in response.content.decode()
    assert Decision.objects.count() == 0


def test_a_decision_taken_shows_as_a_mark_with_its_reason(
    organiser_client: Client, table: Table
) -> None:
    ns, _ew = pair_numbers(table)
    response = organiser_client.post(
        reverse("table_decision", args=[table.pk]),
        {"kind": "late", "pair": ns, "reason": "Arrived at 21:08"},
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("table_entry", args=[table.pk])
    decision = Decision.objects.get()
    assert (decision.kind, decision.pair.number, decision.mp) == ("late", ns, 100)  # type: ignore[union-attr]
    page = organiser_client.get(response["Location"]).content.decode()
    assert "Decision recorded: Late arrival, table 1." in page
    assert '<details class="decision-mark" data-decision="late">' in page
    assert "Arrived at 21:08" in page
    board = organiser_client.get(reverse("round_board", args=[table.round_id])).content.decode()
    assert "Arrived at 21:08" in board
    changes = reverse("tournament_changes", args=[table.round.tournament_id])
    assert "Arrived at 21:08" in organiser_client.get(changes).content.decode()
    assert TournamentEvent.objects.filter(kind="decision").count() == 1


def test_htmx_success_sends_the_browser_back_to_the_board(
    organiser_client: Client, table: Table
) -> None:
    ns, _ew = pair_numbers(table)
    response = organiser_client.post(
        reverse("table_decision", args=[table.pk]),
        {"kind": "penalty", "pair": ns, "vp": 1, "reason": "Slow play", "back": "board"},
        HTTP_HX_REQUEST="true",
    )
    assert response["HX-Redirect"] == reverse("round_board", args=[table.round_id])


def test_a_cancel_needs_its_reason(organiser_client: Client, table: Table, organiser: User) -> None:
    ns, _ew = pair_numbers(table)
    from tournaments.services.decisions import decision_take

    late = decision_take(table=table, kind="late", pair=table.ns, reason="Late", user=organiser)
    url = reverse("decision_cancel", args=[late.pk])
    response = organiser_client.post(url, {"reason": ""}, follow=True)
    assert "Write the reason for the decision" in response.content.decode()
    assert Decision.objects.count() == 1
    organiser_client.post(url, {"reason": "Clock was fast"})
    assert Decision.objects.filter(kind="cancel", supersedes=late).exists()
    assert ns


def test_another_clubs_organiser_gets_404(other_client: Client, table: Table) -> None:
    url = reverse("table_decision", args=[table.pk])
    assert other_client.get(url).status_code == 404
    assert other_client.post(url, {"kind": "late", "reason": "x"}).status_code == 404
    assert Decision.objects.count() == 0


def test_the_club_sets_the_decisions_numbers_even_once_seated(
    club: Club, organiser_client: Client, table: Table
) -> None:
    from tournaments.tests.test_views_setup import settings_data

    tournament = table.round.tournament
    url = reverse("tournament_edit", args=[tournament.pk])
    form = organiser_client.get(url).context["form"]
    assert form["late_penalty_mp"].value() == 100
    response = organiser_client.post(
        url,
        settings_data(
            name="Tuesday evening", date="2026-11-17", late_penalty_mp="50", walkover_vp="15",
            walkover_mp="505", walkover_absent_vp="",
        ),
    )  # fmt: skip
    assert response.status_code == 302, response.content.decode()[:2000]
    tournament.refresh_from_db()
    assert (tournament.late_penalty_mp, tournament.walkover_vp, tournament.walkover_mp) == (
        50, 15, 505,
    )  # fmt: skip
    # 505 MP is where 15-5 begins: the absent pair's default is the other side, 5 VP
    assert walkover_award(tournament) == (15, 505, 5)


def test_the_public_standings_and_pair_page_show_the_mark(
    club: Club, organiser: User, anonymous_client: Client, table: Table
) -> None:
    from tournaments.services.decisions import decision_take

    tournament = table.round.tournament
    services.tournament_publish(tournament=tournament, published=True)
    decision_take(
        table=table, kind="penalty", pair=table.ns, vp=2, reason="Slow play", user=organiser
    )
    ns, _ew = pair_numbers(table)
    page = anonymous_client.get(
        reverse("public_tournament", args=[club.slug, tournament.slug])
    ).content.decode()
    assert '<details class="decision-mark" data-decision="penalty">' in page
    assert "Slow play" in page and "−2 VP." in page
    pair_page = anonymous_client.get(
        reverse("public_pair", args=[club.slug, tournament.slug, ns])
    ).content.decode()
    assert "Slow play" in pair_page


def test_a_time_out_shows_on_both_pairs_public_pages(
    club: Club, organiser: User, anonymous_client: Client, table: Table
) -> None:
    """Found in the issue 22 walk: the time-out deal was on the table page, the board and the
    deals file, but the two pairs' public pages gave no sign that deal 3 lost its closing."""
    from tournaments.services.decisions import decision_take

    tournament = table.round.tournament
    services.tournament_publish(tournament=tournament, published=True)
    decision_take(table=table, kind="timeout", deal_number=3, reason="Time called", user=organiser)
    for number in pair_numbers(table):
        pair_page = anonymous_client.get(
            reverse("public_pair", args=[club.slug, tournament.slug, number])
        ).content.decode()
        assert '<details class="decision-mark" data-decision="timeout">' in pair_page
        assert "Deal 3 scored as it stood, without closing bonus." in pair_page
        assert "Time called" in pair_page
    # the standings still mark only what changes a pair's score (the deals file has the rest)
    standings = anonymous_client.get(
        reverse("public_tournament", args=[club.slug, tournament.slug])
    ).content.decode()
    assert 'data-decision="timeout"' not in standings


def test_a_walk_overs_mark_opens_to_the_tables_numbers(
    club: Club, organiser: User, anonymous_client: Client, table: Table
) -> None:
    """Found in the issue 22 walk: a walk-over's mark on the standings said only "Pair 8. Round
    2, table 2.", so the absent pair's 5 VP (its average, less than 6) was nowhere explained."""
    from tournaments.services.decisions import decision_take

    tournament = table.round.tournament
    services.tournament_publish(tournament=tournament, published=True)
    decision_take(table=table, kind="walkover", pair=table.ns, reason="Absent", user=organiser)
    page = anonymous_client.get(
        reverse("public_tournament", args=[club.slug, tournament.slug])
    ).content.decode()
    result = "The table's result: N-S 0 MP and 6 VP, E-W 355 MP and 14 VP."
    assert page.count(result) == 2  # the absent pair's mark and the present pair's


def test_the_change_log_writes_a_decisions_mp_as_the_pages_do(
    organiser_client: Client, organiser: User, table: Table
) -> None:
    """Found in the issue 22 walk: the change log wrote "MP 1200 – 900" and "−1000 MP" where
    every other page writes 1,200 (1.200 in Italian)."""
    from tournaments.services.decisions import decision_take

    decision_take(
        table=table, kind="assigned", ns_mp=1200, ew_mp=900, reason="Lost sheet", user=organiser
    )
    decision_take(table=table, kind="penalty", pair=table.ew, mp=1000, reason="Cards shown",
                  user=organiser)  # fmt: skip
    page = organiser_client.get(
        reverse("tournament_changes", args=[table.round.tournament_id])
    ).content.decode()
    assert "MP 1,200 – 900, VP 13 – 7" in page
    assert "−1,000 MP" in page


def test_the_pairs_own_evening_page_shows_the_decisions_mark(
    organiser: User, anonymous_client: Client, table: Table
) -> None:
    """Found in the issue 22 walk: a late pair's phone showed 6,125 MP over rounds adding up to
    6,225, with no word of the 100 MP it lost."""
    from tournaments.services.decisions import decision_take

    assert table.ns is not None
    decision_take(table=table, kind="late", pair=table.ns, reason="8 minutes late", user=organiser)
    page = anonymous_client.get(reverse("link_evening", args=[table.ns.token])).content.decode()
    assert '<details class="decision-mark" data-decision="late">' in page
    assert "−100 MP." in page and "8 minutes late" in page


def test_the_table_page_shows_the_result_a_decision_set(
    organiser_client: Client, organiser: User, table: Table
) -> None:
    """Found in the issue 22 walk: a table with an assigned result (1,200 – 900, 13–7) or a
    walk-over said "MP: N-S 0 · E-W 0, VP 10–10 final" on its page, while the board and the
    standings had the decision's numbers."""
    from tournaments.services.decisions import decision_take

    decision_take(
        table=table, kind="assigned", ns_mp=1200, ew_mp=900, reason="Lost sheet", user=organiser
    )
    page = organiser_client.get(reverse("table_entry", args=[table.pk])).content.decode()
    assert "<strong>1,200</strong> · E-W <strong>900</strong>" in page
    assert "<strong>13–7</strong>" in page and "<strong>10–10</strong>" not in page


def test_a_pairs_phone_at_a_decided_table_shows_its_result_and_no_cancel(
    organiser: User, anonymous_client: Client, table: Table
) -> None:
    """Found in the issue 22 walk: the phones of a walk-over's table told the players to
    "cancel" the decision to enter deals, which only the organiser can do."""
    from tournaments.services.decisions import decision_take

    assert table.ns is not None
    Tournament.objects.filter(pk=table.round.tournament_id).update(result_entry="players")
    decision_take(table=table, kind="walkover", pair=table.ew, reason="Absent", user=organiser)
    page = anonymous_client.get(reverse("link_table", args=[table.ns.token])).content.decode()
    assert "<strong>355</strong> · E-W <strong>0</strong>" in page
    assert "<strong>14–6</strong>" in page
    assert (
        "The result of table 1 was set by the arbiter&#x27;s decision (Walk-over (a pair absent)): "
        "no deal is entered. Ask the organiser if it is wrong."
    ) in page
    assert "cancel it" not in page
