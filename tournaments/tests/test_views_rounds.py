"""The round pages: seating the next round, swapping and re-seating, starting it, and the round
board that follows the tables (in a fixed number of queries, whatever the field's size)."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries, Settings

from tournaments import services
from tournaments.models import Club, Round, Seat, Table, Tournament
from tournaments.tests.conftest import make_tournament

HTMX = {"HX-Request": "true"}
NS_WINS = [
    {"melded_points": 300, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
     "closed": True},
    {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"},
]  # fmt: skip
"""A deal North-South win: NS 300 + 200 + 100 = 600, EW 100 - 30 = 70."""
BOARD_QUERIES = 8
"""Session, user, the round, its tournament, its tables, their seats with pairs and players;
while seating also the pairs, once for each of the two swap selects."""


@pytest.fixture(autouse=True)
def fast_passwords(settings: Settings) -> None:
    """The organisers' passwords are hashed once per test: a fast hasher keeps the suite quick."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def words(page: str) -> str:
    """The page's text without tags, its spaces squashed: what a reader sees, in order."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def assert_login_redirect(response: object) -> None:
    assert response.status_code == 302  # type: ignore[attr-defined]
    assert response["Location"].startswith(reverse("login") + "?next=")  # type: ignore[index]


def seated(tournament: Tournament, movement: str = "random") -> Round:
    return services.round_prepare(tournament=tournament, movement=movement, seed=11).round


def started(tournament: Tournament) -> Round:
    return services.round_start(round=seated(tournament))


def record(table: Table, user: User, deals: int) -> None:
    for number in range(1, deals + 1):
        table.refresh_from_db()
        services.deal_record(
            table=table, number=number, sides=NS_WINS, mode="summary", user=user,
            version=table.version,
        )  # fmt: skip


def places(round_: Round) -> dict[int, tuple[int, str]]:
    """Pair number -> (table number, direction)."""
    return {
        seat.pair.number: (seat.table.number, seat.direction)
        for seat in Seat.objects.filter(round=round_).select_related("pair", "table")
    }


# --- seating the next round ---------------------------------------------------------------


def test_prepare_page_offers_the_planned_movement(club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(club, pairs=7)
    response = organiser_client.get(reverse("round_prepare", args=[tournament.pk]))
    page = words(response.content.decode())
    assert "Seat round 1" in page
    assert "7 pairs play: one sits out" in page
    assert "planned: Random draw" in page
    assert response.context["form"]["movement"].value() == "random"
    assert response.context["form"]["step"].value() is None  # empty: the movement chooses
    assert "Before you seat" not in page  # a first round keeps every promise


def test_seating_a_round_opens_its_board(club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(club, pairs=8)
    response = organiser_client.post(
        reverse("round_prepare", args=[tournament.pk]), {"movement": "random", "step": "1"}
    )
    round_ = tournament.round_set.get()
    assert response["Location"] == reverse("round_board", args=[round_.pk])
    assert (round_.number, round_.movement, round_.status) == (1, "random", "seating")
    assert round_.tables.count() == 4


def test_seating_with_too_few_pairs_says_why(club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(club, pairs=1)
    response = organiser_client.post(
        reverse("round_prepare", args=[tournament.pk]), {"movement": "random", "step": "1"}
    )
    assert response.status_code == 200
    assert "Add at least two pairs before seating a round." in response.content.decode()
    assert not Round.objects.exists()


def test_a_mitchell_step_that_does_not_fit_says_why(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4)
    round_ = started(tournament)
    for table in round_.tables.all():
        record(table, organiser, 3)
    response = organiser_client.post(
        reverse("round_prepare", args=[tournament.pk]), {"movement": "mitchell", "step": "2"}
    )
    assert (
        "With 4 pairs a Mitchell step of 2 brings East-West back to the table they started at: "
        "choose a step from 1 to 1, or leave it empty."
    ) in response.content.decode()
    assert tournament.round_set.count() == 1


def test_a_seated_round_is_shown_rather_than_seated_twice(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4)
    round_ = seated(tournament)
    response = organiser_client.get(reverse("round_prepare", args=[tournament.pk]))
    assert response["Location"] == reverse("round_board", args=[round_.pk])


def test_seating_another_clubs_round_is_not_found(
    other_club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(other_club, pairs=4)
    url = reverse("round_prepare", args=[tournament.pk])
    assert organiser_client.get(url).status_code == 404
    assert organiser_client.post(url, {"movement": "random", "step": "1"}).status_code == 404
    assert not Round.objects.exists()


def test_seating_asks_to_log_in(club: Club, anonymous_client: Client) -> None:
    tournament = make_tournament(club, pairs=4)
    url = reverse("round_prepare", args=[tournament.pk])
    assert_login_redirect(anonymous_client.get(url))
    assert_login_redirect(anonymous_client.post(url, {"movement": "random", "step": "1"}))
    assert not Round.objects.exists()


# --- the seating, before the round starts ---------------------------------------------------


def test_board_shows_the_seating_with_pair_names_and_the_bye(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=5)
    round_ = seated(tournament)
    response = organiser_client.get(reverse("round_board", args=[round_.pk]))
    page = response.content.decode()
    text = words(page)
    assert "<html" in page
    for table in round_.tables.prefetch_related("seats__pair__player_one").filter(is_bye=False):
        ns, ew = table.ns, table.ew
        assert ns is not None and ew is not None
        assert f" {table.number} {ns.number} {ns.names} {ew.number} {ew.names} " in text
    bye = Table.objects.get(round=round_, is_bye=True).seats.get().pair
    assert f"{bye.number} {bye.names} sits out this round: 14 VP and 355 MP" in text
    assert "Start round 1" in text
    assert "HX-Request" in response["Vary"]


def test_board_with_htmx_sends_only_the_seating(club: Club, organiser_client: Client) -> None:
    round_ = seated(make_tournament(club, pairs=4))
    page = organiser_client.get(
        reverse("round_board", args=[round_.pk]), headers=HTMX
    ).content.decode()
    assert "<html" not in page
    assert page.strip().startswith('<div id="seating">')
    assert "Name1a Surname1a" in page


def test_swapping_two_pairs_with_htmx_redraws_the_seating(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=8)
    round_ = seated(tournament)
    before = places(round_)
    one, two = tournament.pairs.get(number=1), tournament.pairs.get(number=2)
    response = organiser_client.post(
        reverse("round_swap", args=[round_.pk]), {"pair_a": one.pk, "pair_b": two.pk}, headers=HTMX
    )
    page = response.content.decode()
    assert "<html" not in page and page.strip().startswith('<div id="seating">')
    assert "Pairs 1 and 2 have changed places." in page
    assert "HX-Request" in response["Vary"]
    after = places(round_)
    assert (after[1], after[2]) == (before[2], before[1])
    assert {n: p for n, p in after.items() if n > 2} == {n: p for n, p in before.items() if n > 2}


def test_swapping_without_htmx_returns_to_the_board(club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(club, pairs=4)
    round_ = seated(tournament)
    before = places(round_)
    pairs = {p.number: p.pk for p in tournament.pairs.all()}
    response = organiser_client.post(
        reverse("round_swap", args=[round_.pk]), {"pair_a": pairs[3], "pair_b": pairs[4]}
    )
    assert response["Location"] == reverse("round_board", args=[round_.pk])
    assert places(round_)[3] == before[4]


@pytest.mark.parametrize("htmx", [True, False])
def test_swapping_a_pair_with_itself_says_why(
    club: Club, organiser_client: Client, htmx: bool
) -> None:
    tournament = make_tournament(club, pairs=4)
    round_ = seated(tournament)
    before = places(round_)
    pair = tournament.pairs.get(number=1)
    response = organiser_client.post(
        reverse("round_swap", args=[round_.pk]),
        {"pair_a": pair.pk, "pair_b": pair.pk},
        headers=HTMX if htmx else {},
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "Choose two different pairs to swap." in page
    assert ("<html" in page) is not htmx
    assert places(round_) == before


def test_a_started_round_cannot_be_swapped(club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(club, pairs=4)
    round_ = started(tournament)
    before = places(round_)
    one, two = tournament.pairs.get(number=1), tournament.pairs.get(number=2)
    response = organiser_client.post(
        reverse("round_swap", args=[round_.pk]), {"pair_a": one.pk, "pair_b": two.pk}, follow=True
    )
    assert "Round 1 has started: its seating can no longer change." in response.content.decode()
    assert places(round_) == before


def test_another_clubs_round_cannot_be_swapped(other_club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(other_club, pairs=4)
    round_ = seated(tournament)
    before = places(round_)
    one, two = tournament.pairs.get(number=1), tournament.pairs.get(number=2)
    response = organiser_client.post(
        reverse("round_swap", args=[round_.pk]), {"pair_a": one.pk, "pair_b": two.pk}
    )
    assert response.status_code == 404
    assert places(round_) == before


def test_swapping_asks_to_log_in(club: Club, anonymous_client: Client) -> None:
    tournament = make_tournament(club, pairs=4)
    round_ = seated(tournament)
    before = places(round_)
    one, two = tournament.pairs.get(number=1), tournament.pairs.get(number=2)
    assert_login_redirect(
        anonymous_client.post(
            reverse("round_swap", args=[round_.pk]), {"pair_a": one.pk, "pair_b": two.pk}
        )
    )
    assert places(round_) == before


def test_reseating_with_htmx_uses_the_new_movement(club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(club, pairs=8)
    round_ = seated(tournament)
    response = organiser_client.post(
        reverse("round_reseat", args=[round_.pk]),
        {"movement": "round_robin", "step": "1"},
        headers=HTMX,
    )
    page = response.content.decode()
    assert "<html" not in page and page.strip().startswith('<div id="seating">')
    assert "Round 1 is seated again: Round robin." in page
    assert "HX-Request" in response["Vary"]
    round_.refresh_from_db()
    assert round_.movement == "round_robin"
    assert round_.tables.count() == 4


def test_reseating_without_htmx_returns_to_the_board(club: Club, organiser_client: Client) -> None:
    round_ = seated(make_tournament(club, pairs=4))
    response = organiser_client.post(
        reverse("round_reseat", args=[round_.pk]), {"movement": "danese", "step": ""}
    )
    assert response["Location"] == reverse("round_board", args=[round_.pk])
    round_.refresh_from_db()
    assert round_.movement == "danese"


def test_reseating_with_a_bad_step_shows_the_message(club: Club, organiser_client: Client) -> None:
    round_ = seated(make_tournament(club, pairs=4))
    response = organiser_client.post(
        reverse("round_reseat", args=[round_.pk]),
        {"movement": "mitchell", "step": "two"},
        headers=HTMX,
    )
    assert "Write the Mitchell step as a whole number, e.g. 1." in response.content.decode()
    round_.refresh_from_db()
    assert round_.movement == "random"


def test_another_clubs_round_cannot_be_reseated(other_club: Club, organiser_client: Client) -> None:
    round_ = seated(make_tournament(other_club, pairs=4))
    response = organiser_client.post(
        reverse("round_reseat", args=[round_.pk]), {"movement": "danese", "step": "1"}
    )
    assert response.status_code == 404
    round_.refresh_from_db()
    assert round_.movement == "random"


def test_reseating_asks_to_log_in(club: Club, anonymous_client: Client) -> None:
    round_ = seated(make_tournament(club, pairs=4))
    assert_login_redirect(
        anonymous_client.post(
            reverse("round_reseat", args=[round_.pk]), {"movement": "danese", "step": "1"}
        )
    )
    round_.refresh_from_db()
    assert round_.movement == "random"


# --- starting the round and following it -----------------------------------------------------


def test_starting_a_round_fixes_the_seating(club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(club, pairs=5)
    round_ = seated(tournament)
    response = organiser_client.post(reverse("round_start", args=[round_.pk]), follow=True)
    round_.refresh_from_db()
    assert round_.status == Round.Status.PLAYING
    text = words(response.content.decode())
    assert "Round 1 has started. Good game!" in text
    assert "0 of 2 tables done." in text
    assert "Swap two pairs" not in text
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


def test_starting_twice_says_why(club: Club, organiser_client: Client) -> None:
    round_ = started(make_tournament(club, pairs=4))
    response = organiser_client.post(reverse("round_start", args=[round_.pk]), follow=True)
    assert "Round 1 has already started." in response.content.decode()


def test_starting_needs_a_post(club: Club, organiser_client: Client) -> None:
    round_ = seated(make_tournament(club, pairs=4))
    assert organiser_client.get(reverse("round_start", args=[round_.pk])).status_code == 405
    round_.refresh_from_db()
    assert round_.status == Round.Status.SEATING


def test_another_clubs_round_cannot_be_started(other_club: Club, organiser_client: Client) -> None:
    round_ = seated(make_tournament(other_club, pairs=4))
    assert organiser_client.post(reverse("round_start", args=[round_.pk])).status_code == 404
    round_.refresh_from_db()
    assert round_.status == Round.Status.SEATING


def test_starting_asks_to_log_in(club: Club, anonymous_client: Client) -> None:
    round_ = seated(make_tournament(club, pairs=4))
    assert_login_redirect(anonymous_client.post(reverse("round_start", args=[round_.pk])))
    round_.refresh_from_db()
    assert round_.status == Round.Status.SEATING


def test_board_follows_each_tables_state_mp_and_vp(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=7)
    round_ = started(tournament)
    one, two, _ = round_.tables.filter(is_bye=False).order_by("number")
    record(one, organiser, 3)  # done: 1800 - 210 -> 20 - 0
    record(two, organiser, 1)  # in progress: 600 - 70
    response = organiser_client.get(reverse("round_board", args=[round_.pk]))
    text = words(response.content.decode())
    assert "1 of 3 tables done." in text
    assert " 1 " in text and "Done 1,800 – 210 20 – 0 Check" in text
    assert "In progress 600 – 70 – Enter results" in text
    assert "Not started – – Enter results" in text
    assert "sits out Bye 355 14 VP" in text
    assert reverse("table_entry", args=[one.pk]) in response.content.decode()


def test_board_with_htmx_refreshes_only_the_tables(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    round_ = started(make_tournament(club, pairs=4))
    response = organiser_client.get(reverse("round_board", args=[round_.pk]), headers=HTMX)
    page = response.content.decode()
    assert "<html" not in page
    assert page.strip().startswith('<div id="tables"')
    assert 'hx-trigger="every 10s"' in page
    assert "HX-Request" in response["Vary"]
    for table in round_.tables.all():
        record(table, organiser, 3)
    page = organiser_client.get(
        reverse("round_board", args=[round_.pk]), headers=HTMX
    ).content.decode()
    assert "2 of 2 tables done." in words(page)
    assert "hx-trigger" not in page  # the round is over: no more polling
    assert reverse("round_prepare", args=[round_.tournament_id]) in page  # seat round 2


def test_target_board_shows_running_totals_and_the_winner(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4, format="target")
    round_ = started(tournament)
    one, two = round_.tables.order_by("number")
    record(one, organiser, 4)  # 2400 reaches 2005: North-South win
    record(two, organiser, 2)
    text = words(organiser_client.get(reverse("round_board", args=[round_.pk])).content.decode())
    assert "matches to 2005" in text
    assert f"Done 2,400 – 280 N-S {one.ns.number} wins" in text  # type: ignore[union-attr]
    assert "In progress 1,200 – 140 playing to 2,005" in text


def test_board_warns_when_a_danese_pairing_is_outdated(
    club: Club, organiser_client: Client
) -> None:
    round_ = started(make_tournament(club, pairs=4))
    url = reverse("round_board", args=[round_.pk])
    assert "would now pair differently" not in organiser_client.get(url).content.decode()
    Round.objects.filter(pk=round_.pk).update(pairing_outdated=True)
    page = organiser_client.get(url, headers=HTMX).content.decode()
    assert (
        "Results corrected since this Danese round was paired: it would now pair differently."
        in page
    )


def test_another_clubs_board_is_not_found(other_club: Club, organiser_client: Client) -> None:
    round_ = started(make_tournament(other_club, pairs=4))
    assert organiser_client.get(reverse("round_board", args=[round_.pk])).status_code == 404
    response = organiser_client.get(reverse("round_board", args=[round_.pk]), headers=HTMX)
    assert response.status_code == 404


def test_board_asks_to_log_in(club: Club, anonymous_client: Client) -> None:
    round_ = started(make_tournament(club, pairs=4))
    assert_login_redirect(anonymous_client.get(reverse("round_board", args=[round_.pk])))


@pytest.mark.parametrize("start", [False, True], ids=["seating", "playing"])
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_board_queries_do_not_grow_with_the_tables(
    club: Club,
    organiser: User,
    organiser_client: Client,
    django_assert_max_num_queries: DjangoAssertNumQueries,
    start: bool,
    htmx: bool,
) -> None:
    for pairs in (8, 80):  # 4 tables, then 40
        tournament = make_tournament(club, pairs=pairs, name=f"Field of {pairs}")
        round_ = started(tournament) if start else seated(tournament)
        if start:
            record(round_.tables.order_by("number").first(), organiser, 1)  # type: ignore[arg-type]
        with django_assert_max_num_queries(BOARD_QUERIES):
            response = organiser_client.get(
                reverse("round_board", args=[round_.pk]), headers=HTMX if htmx else {}
            )
        assert response.status_code == 200
        assert f"Name{pairs}a Surname{pairs}a" in response.content.decode()
