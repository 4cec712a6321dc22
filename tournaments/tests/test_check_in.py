"""Check-in before round 1: the organiser ticks the pairs present (one tick at a time with htmx,
or the whole list), a pair checks itself in by opening its slip's link, and the absent are
withdrawn in one step with a confirmation naming them; all in the change log; nothing of it once
round 1 is seated."""

import datetime
import html as html_lib
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Pair, Tournament, TournamentEvent
from tournaments.services import ServiceError
from tournaments.tests.conftest import make_tournament

NINE = datetime.datetime(2026, 11, 17, 21, 0, tzinfo=datetime.UTC)
HTMX: dict[str, Any] = {"HTTP_HX_REQUEST": "true"}


def text_of(page: str) -> str:
    return html_lib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))).strip()


def pair(tournament: Tournament, number: int) -> Pair:
    return tournament.pairs.get(number=number)


@pytest.mark.django_db
def test_ticking_a_pair_records_the_time_once(club: Club, organiser: User) -> None:
    tournament = make_tournament(club, pairs=4)
    services.pair_check_in(pair=pair(tournament, 2), user=organiser, now=NINE)
    services.pair_check_in(pair=pair(tournament, 2), user=organiser, now=NINE)  # again: nothing
    assert pair(tournament, 2).checked_in_at == NINE
    services.pair_check_in(pair=pair(tournament, 2), present=False, user=organiser)
    assert pair(tournament, 2).checked_in_at is None
    events = TournamentEvent.objects.filter(kind="check_in").order_by("pk")
    assert [e.after for e in events] == [
        {"pair": 2, "present": True, "by": "organiser"},
        {"pair": 2, "present": False, "by": "organiser"},
    ]


@pytest.mark.django_db
def test_the_absent_are_withdrawn_in_one_step(club: Club, organiser: User) -> None:
    tournament = make_tournament(club, pairs=5)
    for number in (1, 3, 4):
        services.pair_check_in(pair=pair(tournament, number), user=organiser)
    with pytest.raises(ServiceError, match=re.escape("The absent pairs changed meanwhile")):
        services.absent_withdraw(tournament=tournament, numbers=[2], user=organiser)
    assert services.absent_withdraw(tournament=tournament, numbers=[2, 5], user=organiser) == [2, 5]
    assert [p.withdrawn_from for p in tournament.pairs.order_by("number")] == [
        None,
        1,
        None,
        None,
        1,
    ]
    event = TournamentEvent.objects.get(kind="absent_withdrawn")
    assert event.after == {
        "pairs": [2, 5],
        "names": [pair(tournament, 2).names, pair(tournament, 5).names],
    }
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=3).round
    seated = set(round_.seats.values_list("pair__number", flat=True))
    assert seated == {1, 3, 4}


@pytest.mark.django_db
def test_check_in_ends_when_round_1_is_seated(club: Club, organiser: User) -> None:
    tournament = make_tournament(club, pairs=4)
    services.round_prepare(tournament=tournament, movement="random", seed=3)
    with pytest.raises(ServiceError, match=re.escape("Round 1 is seated: check-in is over.")):
        services.pair_check_in(pair=pair(tournament, 1), user=organiser)
    with pytest.raises(ServiceError, match=re.escape("Round 1 is seated: check-in is over.")):
        services.absent_withdraw(tournament=tournament, numbers=[1, 2, 3, 4], user=organiser)


@pytest.mark.django_db
def test_fewer_than_two_present_withdraws_nobody(club: Club, organiser: User) -> None:
    tournament = make_tournament(club, pairs=3)
    services.pair_check_in(pair=pair(tournament, 1), user=organiser)
    with pytest.raises(ServiceError, match=re.escape("Fewer than two pairs are checked in")):
        services.absent_withdraw(tournament=tournament, numbers=[2, 3], user=organiser)
    assert not tournament.pairs.filter(withdrawn_from__isnull=False).exists()


@pytest.mark.django_db
def test_a_pair_checks_itself_in_by_opening_its_link(club: Club) -> None:
    tournament = make_tournament(club, pairs=4, result_entry="players")
    token = pair(tournament, 3).token
    page = text_of(Client().get(reverse("link_table", args=[token])).content.decode())
    assert "You are checked in: the organiser knows you are here." in page
    assert pair(tournament, 3).checked_in_at is not None
    event = TournamentEvent.objects.get(kind="check_in")
    assert event.after == {"pair": 3, "present": True, "by": "link"} and event.user is None


@pytest.mark.django_db
def test_a_link_opened_after_round_1_is_seated_checks_nobody_in(club: Club) -> None:
    tournament = make_tournament(club, pairs=4, result_entry="players", seating_at_once=False)
    services.round_prepare(tournament=tournament, movement="random", seed=3)
    page = text_of(
        Client().get(reverse("link_table", args=[pair(tournament, 3).token])).content.decode()
    )
    assert "You are checked in" not in page
    assert "The seating of round 1 is not published yet." in page
    assert pair(tournament, 3).checked_in_at is None


@pytest.mark.django_db
def test_the_check_in_page_ticks_with_htmx_and_names_the_absent(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4)
    url = reverse("check_in", args=[tournament.pk])
    page = text_of(organiser_client.get(url).content.decode())
    assert "0 of 4 pairs checked in." in page
    assert "Withdraw the 4 absent pairs" in page
    response = organiser_client.post(url, {"pair": "2", "present": "1"}, **HTMX)
    part = response.content.decode()
    assert 'id="check-list"' in part and "<html" not in part
    assert "1 of 4 pairs checked in." in text_of(part)
    assert "Not checked in: pairs 1, 3, 4." in text_of(part)
    assert (
        "Withdraw the 3 absent pairs (1, 3, 4)? They play no round this evening."
        in html_lib.unescape(part)
    )
    assert 'hx-disabled-elt="this"' in part
    response = organiser_client.post(
        reverse("absent_withdraw", args=[tournament.pk]), {"absent": ["1", "3", "4"]}, follow=True
    )
    assert "Fewer than two pairs are checked in: nobody could play." in text_of(
        response.content.decode()
    )
    organiser_client.post(url, {"present_pairs": ["2", "3"]})  # the whole list, without htmx
    assert list(
        tournament.pairs.filter(checked_in_at__isnull=False).values_list("number", flat=True)
    ) == [2, 3]
    response = organiser_client.post(
        reverse("absent_withdraw", args=[tournament.pk]), {"absent": ["1", "4"]}, follow=True
    )
    assert "Withdrawn as absent: pairs 1, 4. They play no round." in text_of(
        response.content.decode()
    )


@pytest.mark.django_db
def test_the_check_in_is_the_organisers_alone(
    club: Club, other_client: Client, anonymous_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4)
    url = reverse("check_in", args=[tournament.pk])
    assert other_client.post(url, {"pair": "1", "present": "1"}).status_code == 404
    response = anonymous_client.post(url, {"pair": "1", "present": "1"})
    assert response.status_code == 302 and "/login/" in response["Location"]
    withdraw = reverse("absent_withdraw", args=[tournament.pk])
    assert other_client.post(withdraw, {"absent": ["1"]}).status_code == 404
    assert not tournament.pairs.filter(checked_in_at__isnull=False).exists()


@pytest.mark.django_db
def test_every_kind_of_page_shows_a_button_at_work(club: Club, organiser_client: Client) -> None:
    """static/js/working.js (a pressed button turns and cannot be pressed twice) is on the
    organiser's, the public and the pair's pages; the button that seats a round says what it
    does while it works."""
    tournament = make_tournament(club, pairs=4, published=True, result_entry="players")
    pages = [
        organiser_client.get(reverse("check_in", args=[tournament.pk])),
        Client().get(reverse("public_tournament", args=[club.slug, tournament.slug])),
        Client().get(reverse("link_table", args=[pair(tournament, 1).token])),
    ]
    for response in pages:
        assert "/static/js/working.js" in response.content.decode(), response.request["PATH_INFO"]
    seat = organiser_client.get(reverse("round_prepare", args=[tournament.pk])).content.decode()
    assert 'data-working="Seating round 1…"' in seat
    assert "The seating of 4 pairs is worked out and saved" in text_of(seat)
