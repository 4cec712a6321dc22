"""A tournament's prize plan on its pages (issue 26, item 1): the organiser's plan form, the
prize list the engine pays from the stored standings once the tournament is finished, the
"publish prizes" switch with its public page, and the printable ceremony list.

The evening: 8 pairs, finished, its standings as the standings service stores them (rank, VP,
MP on each pair). Pairs 5 and 1 are level on 52 VP for 2nd and 3rd; the tie-breaks (MP) put
pair 5 first.

Plan: 1st EUR 200, 2nd EUR 125, 3rd EUR 80, 4th EUR 50, last place EUR 10, ties by Hort.
Hand computation of the Hort tie over 2nd-3rd: pair 5 keeps half of 2nd's 125.00 = 62.50, pair
1 half of 3rd's 80.00 = 40.00; the other halves, 62.50 + 40.00 = 102.50, are pooled and shared:
51.25 each. Pair 5 takes 62.50 + 51.25 = 113.75, pair 1 40.00 + 51.25 = 91.25 (together the
205.00 of the two places). Total paid: 200 + 113.75 + 91.25 + 50 + 10 = 465.00.
"""

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Club, Tournament
from tournaments.selectors.prizes import prize_list
from tournaments.tests.conftest import make_tournament

# (pair number, VP, MP), in the order of the final standings
STANDINGS = [
    (3, 60, 900),
    (5, 52, 300),  # level with pair 5 on VP: 2nd by MP
    (1, 52, 250),
    (7, 45, 100),
    (2, 40, 50),
    (4, 35, -200),
    (6, 30, -600),
    (8, 20, -800),
]

PLAN = {
    "amount_1": "200",
    "amount_2": "125",
    "amount_3": "80",
    "amount_4": "50",
    "last_amount": "10",
    "tie_rule": "hort",
    "level": "club",
}


def finished_evening(club: Club) -> Tournament:
    tournament = make_tournament(club, pairs=8)
    for rank, (number, vp, mp) in enumerate(STANDINGS, start=1):
        tournament.pairs.filter(number=number).update(vp=vp, mp=mp, rank=rank, rounds_played=3)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()
    return tournament


@pytest.fixture
def evening(club: Club) -> Tournament:
    return finished_evening(club)


def _plan_url(tournament: Tournament) -> str:
    return reverse("prize_plan", args=[tournament.pk])


def _public_url(tournament: Tournament) -> str:
    return reverse("public_prizes", args=[tournament.club.slug, tournament.slug])


def test_a_hort_tie_over_2nd_and_3rd_pays_what_the_hand_computation_says(
    evening: Tournament, organiser_client: Client
) -> None:
    response = organiser_client.post(_plan_url(evening), PLAN)
    assert response.status_code == 302
    evening.refresh_from_db()
    prizes = prize_list(evening)
    assert prizes is not None
    paid = [(line.group_name, line.pair.number, line.award.cents) for line in prizes.lines]
    assert paid == [
        ("Overall", 3, 200_00),
        ("Overall", 5, 113_75),  # keeps 62.50 of 2nd, half of the pooled 102.50
        ("Overall", 1, 91_25),  # keeps 40.00 of 3rd, half of the pooled 102.50
        ("Overall", 7, 50_00),
        ("Last place", 8, 10_00),
    ]
    assert prizes.payout.total_cents == 465_00
    page = organiser_client.get(_plan_url(evening)).content.decode()
    assert "EUR 113.75" in page and "EUR 91.25" in page
    assert page.count("tied: shared by Hort") == 2
    assert "EUR 465.00" in page


def test_the_same_tie_shared_equally_gives_each_pair_half_of_the_two_places(
    evening: Tournament, organiser_client: Client
) -> None:
    organiser_client.post(_plan_url(evening), {**PLAN, "tie_rule": "equal"})
    evening.refresh_from_db()
    prizes = prize_list(evening)
    assert prizes is not None
    # (125 + 80) / 2 = 102.50 each
    assert [line.award.cents for line in prizes.lines[1:3]] == [102_50, 102_50]


def test_the_plan_is_stored_in_cents_and_shown_again_in_euros(
    evening: Tournament, organiser_client: Client
) -> None:
    organiser_client.post(_plan_url(evening), {**PLAN, "amount_5": "12.50", "item_6": "Wine"})
    evening.refresh_from_db()
    overall = evening.prize_plan["groups"][0]["prizes"]
    assert overall == [
        {"cents": 200_00},
        {"cents": 125_00},
        {"cents": 80_00},
        {"cents": 50_00},
        {"cents": 12_50},
        {"item": "Wine", "value_cents": None},
    ]
    assert evening.prize_plan["tie_rule"] == "hort"
    form = organiser_client.get(_plan_url(evening)).context["form"]
    assert form["amount_5"].value() == pytest.approx(12.5)
    assert form["item_6"].value() == "Wine"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # the engine's own words: a prize must be worth something
        ({"amount_2": "0"}, "Prize 2 of “Overall” must be more than nothing."),
        # a hole in the places
        ({"amount_3": ""}, "Place 3 has no prize: give it one, or clear the places below it."),
        # one place, two prizes
        ({"item_2": "A bottle"}, "Place 2: give an amount or an item, not both."),
        # nothing at all
        (
            {"amount_1": "", "amount_2": "", "amount_3": "", "amount_4": "", "last_amount": ""},
            "Give at least the prize for 1st place.",
        ),
    ],
)
def test_a_wrong_plan_is_refused_in_words_of_the_game_and_nothing_is_saved(
    evening: Tournament, organiser_client: Client, change: dict[str, str], message: str
) -> None:
    response = organiser_client.post(_plan_url(evening), {**PLAN, **change})
    assert response.status_code == 200
    assert message in response.content.decode()
    evening.refresh_from_db()
    assert evening.prize_plan == {}


def test_a_pool_above_the_club_level_limit_is_warned_but_saved(
    evening: Tournament, organiser_client: Client
) -> None:
    organiser_client.post(_plan_url(evening), {**PLAN, "amount_1": "900"})
    page = organiser_client.get(_plan_url(evening)).content.decode()
    # 900 + 125 + 80 + 50 + 10 = 1,165 over FIBur's 1,000 for a club tournament
    assert (
        "The prize pool, EUR 1,165.00, is above the EUR 1,000.00 that FIBur allows a tournament "
        "of level “club”."
    ) in page
    organiser_client.post(_plan_url(evening), {**PLAN, "amount_1": "900", "level": "federal"})
    page = organiser_client.get(_plan_url(evening)).content.decode()
    assert "is above the" not in page


def test_a_ready_plan_fills_the_form_without_saving(
    evening: Tournament, organiser_client: Client
) -> None:
    response = organiser_client.get(_plan_url(evening), {"pool": "500", "percent": "30"})
    form = response.context["form"]
    # 30% of 8 pairs pays 2 places; 500 on weights 2 and 1: 333 and 166, the odd 1 to 1st
    assert [form[f"amount_{n}"].value() for n in (1, 2, 3)] == [334, 166, None]
    evening.refresh_from_db()
    assert evening.prize_plan == {}


def test_the_public_prize_page_is_hidden_until_the_prizes_are_published(
    evening: Tournament, organiser_client: Client, anonymous_client: Client
) -> None:
    publish = reverse("prizes_publish", args=[evening.pk])
    organiser_client.post(_plan_url(evening), PLAN)
    assert anonymous_client.get(_public_url(evening)).status_code == 404
    organiser_client.post(publish, {"published": "1"})
    page = anonymous_client.get(_public_url(evening))
    assert page.status_code == 200
    assert "EUR 113.75" in page.content.decode()
    organiser_client.post(publish, {"published": "0"})
    assert anonymous_client.get(_public_url(evening)).status_code == 404


def test_prizes_cannot_be_published_before_the_tournament_is_finished(
    club: Club, organiser_client: Client, anonymous_client: Client
) -> None:
    running = make_tournament(club, pairs=8)
    organiser_client.post(_plan_url(running), PLAN)
    response = organiser_client.post(
        reverse("prizes_publish", args=[running.pk]), {"published": "1"}, follow=True
    )
    assert "The prizes can be published once the tournament is finished." in (
        response.content.decode()
    )
    running.refresh_from_db()
    assert running.prizes_published is False
    assert anonymous_client.get(_public_url(running)).status_code == 404


def test_the_ceremony_list_hands_out_the_last_prize_first_and_the_winner_last(
    evening: Tournament, organiser_client: Client
) -> None:
    organiser_client.post(_plan_url(evening), PLAN)
    response = organiser_client.get(reverse("print_ceremony", args=[evening.pk]))
    lines = [(line.number, line.prize) for line in response.context["ceremony"]]
    assert lines == [
        (8, "EUR 10.00"),  # the last place, the group listed last
        (7, "EUR 50.00"),
        (1, "EUR 91.25"),
        (5, "EUR 113.75"),
        (3, "EUR 200.00"),
    ]
    page = response.content.decode()
    assert page.index("Name8a") < page.index("Name7a") < page.index("Name3a")


@pytest.mark.parametrize("name", ["prize_plan", "prizes_publish", "print_ceremony"])
def test_another_clubs_organiser_gets_404_and_a_visitor_is_sent_to_log_in(
    evening: Tournament, other_client: Client, anonymous_client: Client, name: str
) -> None:
    url = reverse(name, args=[evening.pk])
    send = Client.get if name == "print_ceremony" else Client.post
    assert send(other_client, url, {"published": "1"}).status_code == 404
    response = send(anonymous_client, url, {"published": "1"})
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    evening.refresh_from_db()
    assert evening.prizes_published is False
