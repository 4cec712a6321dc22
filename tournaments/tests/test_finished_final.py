"""Finished means final: after "Finish" no result, seating or pair changes (a name correction
aside) until the tournament is reopened with a reason; finishing again recomputes the
standings and the season counts it again. Public pages say "provisional" or "final"."""

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Round, Season, Table, Tournament, TournamentEvent
from tournaments.selectors.seasons import season_results
from tournaments.services import ServiceError
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_services_evening import NS_WINS, play_round

FINISHED = (
    "The tournament is finished: its results are final. Reopen it (on the tournament's page, "
    "with a reason) to change them."
)
EW_WINS = list(reversed(NS_WINS))


def finished_evening(club: Club, organiser: User) -> tuple[Tournament, Table]:
    tournament = make_tournament(club, pairs=4, rounds=1, published=True)
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=1).round
    services.round_start(round=round_)
    play_round(round_, organiser)
    services.tournament_finish(tournament=tournament, user=organiser)
    table = round_.tables.get(number=1)
    return tournament, table


def test_a_finished_tournament_refuses_every_change_of_its_results(
    club: Club, organiser: User
) -> None:
    tournament, table = finished_evening(club, organiser)
    table.refresh_from_db()
    ns = table.ns
    assert ns is not None
    attempts: list[Callable[[], object]] = [
        lambda: services.deal_record(
            table=table, number=1, sides=EW_WINS, mode="summary", user=organiser,
            version=table.version,
        ),
        lambda: services.deal_remove(table=table, number=3, user=organiser, version=table.version),
        lambda: services.round_prepare(tournament=tournament),
        lambda: services.round_start(round=table.round),
        lambda: services.round_reseat(round=table.round, movement="random"),
        lambda: services.pairs_add(tournament=tournament, text="Mario Rossi / Lucia Bianchi"),
        lambda: services.pair_withdraw(pair=tournament.pairs.get(number=1)),
        lambda: services.pair_substitute(
            pair=ns, player=ns.player_one, first_name="Luca", last_name="Verdi", from_round=1
        ),
    ]  # fmt: skip
    for attempt in attempts:
        with pytest.raises(ServiceError) as refused:
            attempt()
        assert str(refused.value) == FINISHED
    assert table.deals.count() == 3 and tournament.pairs.count() == 4
    assert not table.round.tournament.changes.filter(action="removed").exists()


def test_after_reopening_a_correction_is_saved_and_finishing_again_makes_it_final(
    club: Club, organiser: User
) -> None:
    tournament, table = finished_evening(club, organiser)
    ns = table.ns
    assert ns is not None
    ns.refresh_from_db()
    assert (ns.vp, ns.rank) == (20, 1)
    with pytest.raises(ServiceError, match="Say why the tournament is reopened"):
        services.tournament_reopen(tournament=tournament, reason="  ", user=organiser)
    services.tournament_reopen(
        tournament=tournament, reason="Table 1: deal 1 was entered the wrong way round",
        user=organiser,
    )  # fmt: skip
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    reopened = tournament.events.get(kind=TournamentEvent.Kind.REOPENED)
    assert reopened.details == {"reason": "Table 1: deal 1 was entered the wrong way round"}
    assert reopened.user == organiser
    table.refresh_from_db()
    for number in (1, 2, 3):
        services.deal_record(
            table=table, number=number, sides=EW_WINS, mode="summary", user=organiser,
            version=table.version,
        )  # fmt: skip
        table.refresh_from_db()
    services.tournament_finish(tournament=tournament, user=organiser)
    ns.refresh_from_db()
    assert (ns.vp, ns.mp) == (0, 210)
    assert tournament.events.filter(kind=TournamentEvent.Kind.FINISHED).count() == 2


def test_the_season_leaves_a_reopened_tournament_out_until_it_is_finished_again(
    club: Club, organiser: User
) -> None:
    tournament, _table = finished_evening(club, organiser)
    season = Season.objects.create(club=club, name="Winter", slug="winter")
    services.season_tournaments_set(season=season, tournaments=[tournament])
    assert season_results(season=season).counted == [tournament]
    services.tournament_reopen(tournament=tournament, reason="a check", user=organiser)
    assert season_results(season=season).counted == []
    services.tournament_finish(tournament=tournament, user=organiser)
    assert [t.pk for t in season_results(season=season).counted] == [tournament.pk]


def test_reopening_needs_a_finished_tournament_and_a_short_reason(
    club: Club, organiser: User
) -> None:
    tournament = make_tournament(club, pairs=2)
    with pytest.raises(ServiceError, match="The tournament is not finished"):
        services.tournament_reopen(tournament=tournament, reason="why not")
    with pytest.raises(ServiceError, match="at most 200 characters; this reason has 201"):
        services.tournament_reopen(tournament=tournament, reason="x" * 201)


def test_the_table_page_of_a_finished_tournament_is_read_only_and_says_why(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    _tournament, table = finished_evening(club, organiser)
    page = organiser_client.get(reverse("table_entry", args=[table.pk])).content.decode()
    assert FINISHED.replace("'", "&#x27;") in page
    assert "Save deal" not in page and "Save the correction" not in page
    assert reverse("deal_remove", args=[table.pk, 3]) not in page and "?edit=1" not in page
    editing = organiser_client.get(reverse("table_entry", args=[table.pk]) + "?edit=1")
    assert "Save the correction" not in editing.content.decode()
    response = organiser_client.post(
        reverse("deal_remove", args=[table.pk, 3]), {"version": table.version}, follow=True
    )
    assert FINISHED.replace("'", "&#x27;") in response.content.decode()
    assert table.deals.count() == 3


def test_reopening_from_the_tournament_page_is_recorded_on_the_changes_page(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament, _table = finished_evening(club, organiser)
    detail = organiser_client.get(reverse("tournament_detail", args=[tournament.pk]))
    assert reverse("tournament_reopen", args=[tournament.pk]) in detail.content.decode()
    empty = organiser_client.post(
        reverse("tournament_reopen", args=[tournament.pk]), {"reason": ""}, follow=True
    )
    assert empty.status_code == 400  # the page again, the message under the field
    assert "Say why the tournament is reopened" in empty.content.decode()
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.FINISHED
    response = organiser_client.post(
        reverse("tournament_reopen", args=[tournament.pk]),
        {"reason": "Deal 2 at table 1 was typed twice"},
        follow=True,
    )
    assert "The tournament is reopened" in response.content.decode()
    changes = organiser_client.get(reverse("tournament_changes", args=[tournament.pk]))
    text = changes.content.decode()
    assert "Reopened to correct results. Reason: Deal 2 at table 1 was typed twice" in text
    assert "Finished: the standings are final." in text


def test_public_pages_say_provisional_while_running_and_final_once_finished(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament, _table = finished_evening(club, organiser)
    pages = [
        reverse("public_tournament", args=[club.slug, tournament.slug]),
        reverse("public_projector", args=[club.slug, tournament.slug]),
    ]
    for page in pages:
        text = anonymous_client.get(page).content.decode()
        assert text.count("Final standings") == 1 and "Provisional standings" not in text
    services.tournament_reopen(tournament=tournament, reason="a check", user=organiser)
    for page in pages:
        text = anonymous_client.get(page).content.decode()
        assert text.count("Provisional standings") == 1 and "Final standings" not in text


def test_a_round_seated_then_finished_tournament_cannot_start_it(club: Club) -> None:
    tournament = make_tournament(club, pairs=2, rounds=2)
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=1).round
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    with pytest.raises(ServiceError, match="The tournament is finished"):
        services.round_start(round=round_)
    assert Round.objects.get(pk=round_.pk).status == Round.Status.SEATING
