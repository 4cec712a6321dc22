"""Seating released when ready: a round seated in a tournament that publishes by hand is the
organiser's alone (the round board) until "Publish seating"; then the projector, the tournament
page, "find your table", the pair's link page and its evening show it, and the webhooks hear
ROUND_PUBLISHED. A tournament that publishes at once behaves as before."""

import html as html_lib
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Pair, Round, Tournament, TournamentEvent
from tournaments.rules import evening
from tournaments.services import ServiceError
from tournaments.services.announcements import ROUND_PUBLISHED, announced
from tournaments.tests.conftest import make_tournament

HIDDEN = "The seating of round 1 is not published yet."


def text_of(page: str) -> str:
    return html_lib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))).strip()


@pytest.fixture
def heard() -> Iterator[list[tuple[str, int | None]]]:
    events: list[tuple[str, int | None]] = []

    def listen(sender: Any, event: str, round_number: int | None, **_: Any) -> None:
        events.append((event, round_number))

    announced.connect(listen, weak=False)
    yield events
    announced.disconnect(listen)


def by_hand(club: Club, **options: Any) -> tuple[Tournament, Round]:
    tournament = make_tournament(
        club, pairs=4, published=True, seating_at_once=False, result_entry="players", **options
    )
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=3).round
    return tournament, round_


def pages(tournament: Tournament, pair: Pair) -> dict[str, str]:
    club, slug = tournament.club.slug, tournament.slug
    return {
        name: text_of(Client().get(address).content.decode())
        for name, address in {
            "tournament": reverse("public_tournament", args=[club, slug]),
            "projector": reverse("public_projector", args=[club, slug]),
            "find": reverse("public_find", args=[club, slug]),
            "pair page": reverse("public_pair", args=[club, slug, pair.number]),
            "link": reverse("link_table", args=[pair.token]),
        }.items()
    }


@pytest.mark.parametrize(
    ("status", "published", "public"),
    [
        ("seating", False, False),  # seated, not published: the organiser's alone
        ("seating", True, True),  # published by hand (or at once)
        ("playing", False, True),  # a started round is always public
        ("done", False, True),
    ],
)
def test_seating_public(status: str, published: bool, public: bool) -> None:
    import datetime

    at = datetime.datetime(2026, 11, 17, 21, 0, tzinfo=datetime.UTC) if published else None
    assert evening.seating_public(status=status, published_at=at) is public


@pytest.mark.django_db
def test_an_unpublished_seating_shows_on_no_players_page(
    club: Club, heard: list[tuple[str, int | None]]
) -> None:
    tournament, round_ = by_hand(club)
    assert heard == []
    seat = round_.seats.select_related("pair", "table").filter(table__is_bye=False)[0]
    pair = seat.pair
    shown = pages(tournament, pair)
    for name in ("tournament", "projector", "find", "link"):
        assert HIDDEN in shown[name], name
    assert "Round by round No round seated yet." in shown["pair page"]
    assert "Round 1 seating" not in shown["tournament"]
    assert "Look for your surname" not in shown["find"]
    assert "Your pair has no table yet" in shown["link"]
    evening_page = Client().get(reverse("link_evening", args=[pair.token]))
    assert HIDDEN in text_of(evening_page.content.decode())


@pytest.mark.django_db
def test_publish_shows_it_everywhere_and_fires_the_webhook_once(
    club: Club, organiser: User, organiser_client: Client, heard: list[tuple[str, int | None]]
) -> None:
    tournament, round_ = by_hand(club)
    board = text_of(organiser_client.get(reverse("round_board", args=[round_.pk])).content.decode())
    assert "Only you see this seating." in board and "Publish seating" in board
    response = organiser_client.post(reverse("round_publish", args=[round_.pk]), follow=True)
    assert "The seating of round 1 is published." in text_of(response.content.decode())
    assert heard == [(ROUND_PUBLISHED, 1)]
    round_.refresh_from_db()
    assert round_.seating_published_at is not None
    event = TournamentEvent.objects.get(kind="seating_published")
    assert event.round_number == 1 and event.user == organiser
    seat = round_.seats.select_related("pair", "table").filter(table__is_bye=False)[0]
    shown = pages(tournament, seat.pair)
    for name, text in shown.items():
        assert HIDDEN not in text, name
    assert "Round 1 seating" in shown["tournament"]
    assert "Round 1 seating" in shown["projector"]
    assert "Round 1: the seating is out. Look for your surname." in shown["find"]
    assert f"Round 1 · Table {seat.table.number}" in shown["link"]
    evening_page = text_of(
        Client().get(reverse("link_evening", args=[seat.pair.token])).content.decode()
    )
    assert "Next: Round 1" in evening_page and f"Table {seat.table.number}" in evening_page
    with pytest.raises(ServiceError, match=re.escape("This seating is published already.")):
        services.seating_publish(round=round_)
    services.round_start(round=round_)
    assert heard == [(ROUND_PUBLISHED, 1)]  # starting a published round announces nothing more


@pytest.mark.django_db
def test_starting_an_unpublished_round_publishes_it(
    club: Club, heard: list[tuple[str, int | None]]
) -> None:
    _, round_ = by_hand(club)
    services.round_start(round=round_)
    round_.refresh_from_db()
    assert round_.seating_published_at is not None
    assert heard == [(ROUND_PUBLISHED, 1)]
    kinds = list(TournamentEvent.objects.order_by("pk").values_list("kind", flat=True))
    assert kinds[-2:] == ["seating_published", "round_started"]


@pytest.mark.django_db
def test_reseating_an_unpublished_round_announces_nothing(
    club: Club, heard: list[tuple[str, int | None]]
) -> None:
    _, round_ = by_hand(club)
    services.round_reseat(round=round_, movement="random", seed=9)
    assert heard == []


@pytest.mark.django_db
def test_publish_at_once_is_as_before(club: Club, heard: list[tuple[str, int | None]]) -> None:
    tournament = make_tournament(club, pairs=4, published=True)
    assert tournament.seating_at_once
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=3).round
    assert heard == [(ROUND_PUBLISHED, 1)]
    assert round_.seating_published_at is not None
    find = Client().get(reverse("public_find", args=[club.slug, tournament.slug]))
    assert "Round 1: the seating is out." in text_of(find.content.decode())


@pytest.mark.django_db
def test_round_two_waits_while_round_one_stays_on_the_phone(club: Club, organiser: User) -> None:
    tournament, first = by_hand(club, deals_per_round=1)
    services.round_start(round=first)
    from tournaments.tests.test_services_evening import NS_WINS

    for table in first.tables.filter(is_bye=False):
        services.deal_record(
            table=table, number=1, sides=NS_WINS, mode="summary", user=organiser, version=0
        )
    second = services.round_prepare(tournament=tournament, movement="random", seed=4).round
    seat = first.seats.select_related("pair", "table").filter(table__is_bye=False)[0]
    shown = pages(tournament, seat.pair)
    said = "The seating of round 2 is not published yet."
    for name in ("tournament", "projector", "link"):
        assert said in shown[name], name
    assert said in shown["find"] and "Look for your surname" not in shown["find"]
    assert f"Round 1 · Table {seat.table.number}" in shown["link"]  # still its round 1 table
    services.seating_publish(round=second)
    shown = pages(tournament, seat.pair)
    assert said not in shown["find"] and "Round 2: the seating is out." in shown["find"]


@pytest.mark.django_db
def test_publishing_is_the_organisers_alone(
    club: Club, other_client: Client, anonymous_client: Client
) -> None:
    _, round_ = by_hand(club)
    url = reverse("round_publish", args=[round_.pk])
    assert other_client.post(url).status_code == 404
    response = anonymous_client.post(url)
    assert response.status_code == 302 and "/login/" in response["Location"]
    round_.refresh_from_db()
    assert round_.seating_published_at is None


@pytest.mark.django_db
def test_the_settings_form_offers_publishing_by_hand_for_a_new_tournament(
    organiser_client: Client,
) -> None:
    html = organiser_client.get(reverse("tournament_create")).content.decode()
    assert re.search(r'value="hand"[^>]*checked', html), "by hand is the new tournament's choice"
    assert "When I press “Publish seating” (check it first)" in html


@pytest.mark.django_db
def test_a_backup_keeps_the_publication_the_clock_and_the_check_in(
    club: Club, other_club: Club, organiser: User
) -> None:
    import datetime

    from tournaments.backup import tournament_export, tournament_import

    nine = datetime.datetime(2026, 11, 17, 21, 0, tzinfo=datetime.UTC)
    tournament = make_tournament(club, pairs=4, seating_at_once=False, minutes_per_deal=12)
    services.pair_check_in(pair=tournament.pairs.get(number=2), now=nine)
    first = services.round_prepare(tournament=tournament, movement="random", seed=3).round
    services.round_start(round=first)
    services.clock_start(round=first, minutes=36, now=nine)
    data = tournament_export(tournament=tournament)
    assert data["rounds"][0]["clock_ends_at"] == "2026-11-17T21:36:00.000000+00:00"
    copy = tournament_import(data=data, club=other_club)
    assert (copy.minutes_per_deal, copy.seating_at_once) == (12, False)
    assert copy.pairs.get(number=2).checked_in_at == nine
    round_ = copy.round_set.get(number=1)
    assert round_.clock_ends_at == nine + datetime.timedelta(minutes=36)
    first.refresh_from_db()
    assert round_.seating_published_at == first.seating_published_at
    old = copy_without_evening(data)
    older = tournament_import(data=old, club=other_club, unverified=True)
    assert older.seating_at_once and older.minutes_per_deal == 15
    assert older.round_set.get(number=1).seating_published_at is not None


def copy_without_evening(data: dict[str, Any]) -> dict[str, Any]:
    """The file as written before the evening's fields: none of them."""
    import copy

    old = copy.deepcopy(data)
    for name in ("minutes_per_deal", "seating_at_once"):
        old["tournament"].pop(name)
    for round_ in old["rounds"]:
        for name in (
            "seating_published_at",
            "clock_started_at",
            "clock_ends_at",
            "clock_paused_seconds",
        ):
            round_.pop(name)
    for row in old["pairs"]:
        row.pop("checked_in_at")
    old.pop("signature", None)
    return old


@pytest.mark.django_db
def test_the_settings_form_saves_the_choice_and_the_minutes(
    club: Club, organiser_client: Client
) -> None:
    from tournaments.tests.test_views_setup import settings_data

    organiser_client.post(
        reverse("tournament_create"),
        settings_data(name="By hand", seating_at_once="hand", minutes_per_deal="12"),
    )
    made = Tournament.objects.get(name="By hand")
    assert (made.seating_at_once, made.minutes_per_deal) == (False, 12)
    organiser_client.post(reverse("tournament_create"), settings_data(name="As before"))
    before = Tournament.objects.get(name="As before")  # a form sent without them: as always
    assert (before.seating_at_once, before.minutes_per_deal) == (True, 15)
    organiser_client.post(
        reverse("tournament_edit", args=[made.pk]),
        settings_data(name="By hand", seating_at_once="once", minutes_per_deal="15"),
    )
    made.refresh_from_db()
    assert (made.seating_at_once, made.minutes_per_deal) == (True, 15)
    change = TournamentEvent.objects.filter(tournament=made, kind="settings").last()
    assert change is not None
    assert change.before == {"minutes_per_deal": 12, "seating_at_once": False}
