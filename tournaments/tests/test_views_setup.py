"""The organiser's setup pages: dashboard, tournament settings, pairs, the tournament page,
finishing, and the change log. Each view is tried by its organiser, by another club's organiser
(404) and by an anonymous visitor (sent to log in); htmx views with and without HX-Request."""

import datetime
import re

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import Settings

from tournaments import services
from tournaments.models import Club, Pair, Player, Round, Tournament
from tournaments.tests.conftest import make_tournament

HTMX = {"HX-Request": "true"}
NS_WINS = [
    {"melded_points": 300, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
     "closed": True},
    {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"},
]  # fmt: skip
"""A deal North-South win: NS 300 + 200 + 100 = 600, EW 100 - 30 = 70."""


@pytest.fixture(autouse=True)
def fast_passwords(settings: Settings) -> None:
    """The organisers' passwords are hashed once per test: a fast hasher keeps the suite quick."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def settings_data(**changes: object) -> dict[str, object]:
    """A complete settings form, as the page posts it with its defaults."""
    data: dict[str, object] = {
        "name": "Friday cup",
        "date": "2026-12-04",
        "variant": "classico",
        "format": "deals",
        "rounds": "3",
        "deals_per_round": "3",
        "vp_scale": "fibur-3",
        "custom_vp_bands": "",
        "target_score": "",
        "bye_follows_scale": "on",
        "bye_vp": "14",
        "bye_mp": "355",
        "tie_break_order": "mp_first",
        "closing_bonus": "100",
        "clean_bonus": "200",
        "dirty_bonus": "100",
        "movement_1": "random",
        "movement_2": "mitchell",
        "movement_3": "danese",
    }
    data.update(changes)
    return data


def play_round(round_: Round, user: User, deals: int = 3) -> None:
    for table in round_.tables.filter(is_bye=False):
        for number in range(1, deals + 1):
            table.refresh_from_db()
            services.deal_record(
                table=table, number=number, sides=NS_WINS, mode="summary", user=user,
                version=table.version,
            )  # fmt: skip


def seat_and_start(tournament: Tournament) -> Round:
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=5)
    return services.round_start(round=prepared.round)


def words(page: str) -> str:
    """The page's text without tags, its spaces squashed: what a reader sees, in order."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def assert_login_redirect(response: object) -> None:
    assert response.status_code == 302  # type: ignore[attr-defined]
    assert response["Location"].startswith(reverse("login") + "?next=")  # type: ignore[index]


# --- home and dashboard -------------------------------------------------------------------------


def test_home_welcomes_a_visitor_with_a_login_link(anonymous_client: Client, db: None) -> None:
    response = anonymous_client.get(reverse("home"))
    assert response.status_code == 200
    assert "Organiser login" in response.content.decode()
    assert reverse("login") in response.content.decode()


def test_home_sends_an_organiser_to_the_dashboard(organiser_client: Client) -> None:
    response = organiser_client.get(reverse("home"))
    assert response.status_code == 302
    assert response["Location"] == reverse("dashboard")


def test_dashboard_lists_the_clubs_tournaments_with_their_pairs(
    club: Club, other_club: Club, organiser_client: Client
) -> None:
    make_tournament(club, pairs=6, name="Tuesday evening")
    make_tournament(other_club, pairs=4, name="Noche de Madrid")
    page = organiser_client.get(reverse("dashboard")).content.decode()
    assert "Tuesday evening" in page
    assert "Burraco Classico" in page
    assert '<td class="num" data-label="Pairs">6</td>' in page
    assert "Setting up" in page
    assert "Noche de Madrid" not in page
    assert "New tournament" in page


def test_dashboard_asks_to_log_in(anonymous_client: Client, db: None) -> None:
    assert_login_redirect(anonymous_client.get(reverse("dashboard")))


# --- creating and editing -------------------------------------------------------------------


def test_new_tournament_form_has_sensible_defaults(organiser_client: Client) -> None:
    response = organiser_client.get(reverse("tournament_create"))
    page = response.content.decode()
    form = response.context["form"]
    assert timezone.localdate().isoformat() in page
    assert form["rounds"].value() == 3
    assert form["deals_per_round"].value() == 3
    assert form["variant"].value() == "classico"
    assert [f.value() for f in form.movement_fields()] == ["random", "mitchell", "danese"]
    assert "club" not in form.fields  # one club only: no choice to make
    assert "2005 (Burraco Reale, Burraco Classico" in page  # the usual targets, as help
    assert response["Vary"] == "HX-Request" or "HX-Request" in response["Vary"]


def test_an_organiser_of_two_clubs_chooses_the_club(
    club: Club, other_club: Club, organiser: User, organiser_client: Client
) -> None:
    other_club.organisers.add(organiser)
    page = organiser_client.get(reverse("tournament_create")).content.decode()
    assert 'name="club"' in page and "Club de Buraco Madrid" in page
    response = organiser_client.post(
        reverse("tournament_create"), settings_data(club=other_club.pk)
    )
    assert response.status_code == 302
    assert Tournament.objects.get().club == other_club


def test_creating_a_tournament_saves_it_and_opens_its_page(
    club: Club, organiser_client: Client
) -> None:
    response = organiser_client.post(
        reverse("tournament_create"),
        settings_data(rounds="4", movement_4="danese", movement_3="mitchell", closing_bonus="150"),
    )
    tournament = Tournament.objects.get()
    assert response["Location"] == reverse("tournament_detail", args=[tournament.pk])
    assert (tournament.name, tournament.club, tournament.date) == (
        "Friday cup", club, datetime.date(2026, 12, 4),
    )  # fmt: skip
    assert tournament.rounds == 4
    assert tournament.movement_plan == ["random", "mitchell", "mitchell", "danese"]
    # only what differs from the variant's standard rules is stored
    assert tournament.house_rules == {"closing_bonus": 150}
    assert tournament.rules.closing_bonus == 150


def test_standard_bonuses_store_no_house_rules(club: Club, organiser_client: Client) -> None:
    organiser_client.post(reverse("tournament_create"), settings_data(clean_bonus="300"))
    tournament = Tournament.objects.get()
    assert tournament.house_rules == {"burraco_bonuses": {"clean": 300}}
    assert tournament.rules.burraco_bonuses["dirty"] == 100


def test_a_custom_vp_table_is_read_from_lines(club: Club, organiser_client: Client) -> None:
    bands = "100, 10, 10\n300, 12, 8\nmore, 20, 0"
    organiser_client.post(
        reverse("tournament_create"), settings_data(vp_scale="custom", custom_vp_bands=bands)
    )
    tournament = Tournament.objects.get()
    assert tournament.custom_vp_bands == [[0, 100, 10, 10], [101, 300, 12, 8], [301, None, 20, 0]]
    assert tournament.scale.vp(1000, 800) == (12, 8)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        # a word where a number belongs
        ({"rounds": "three"}, "Write the number of rounds as a whole number, e.g. 3."),
        # no rounds at all
        ({"rounds": "0"}, "Write the number of rounds from 1 to 30."),
        # bands that go down
        (
            {"vp_scale": "custom", "custom_vp_bands": "300, 11, 9\n100, 12, 8\nmore, 20, 0"},
            "band bounds must go up from one band to the next",
        ),
        # the last band is not open-ended
        (
            {"vp_scale": "custom", "custom_vp_bands": "100, 10, 10\n300, 20, 0"},
            "the last band must be open-ended",
        ),
        # a band line with two numbers
        (
            {"vp_scale": "custom", "custom_vp_bands": "100, 10\nmore, 20, 0"},
            "Line 1 (100, 10): write three things",
        ),
        # no name
        ({"name": ""}, "Give the tournament a name"),
        # a target that is not a number
        ({"target_score": "lots"}, "Write the target score as a whole number"),
    ],
)
def test_bad_settings_show_the_message_and_save_nothing(
    club: Club, organiser_client: Client, changes: dict[str, str], message: str
) -> None:
    response = organiser_client.post(reverse("tournament_create"), settings_data(**changes))
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Tournament.objects.exists()


def test_changing_the_rounds_redraws_the_movement_plan_in_place(
    club: Club, organiser_client: Client
) -> None:
    query = {"rounds": "5", "movement_1": "random", "movement_2": "danese"}
    partial = organiser_client.get(reverse("tournament_create"), query, headers=HTMX)
    page = partial.content.decode()
    assert "<html" not in page
    assert page.strip().startswith('<div id="movement-plan">')
    assert page.count("<select") == 5
    assert 'name="movement_5"' in page
    # what was chosen stays, the new rounds get the default plan
    assert re.findall(r'<option value="(\w+)" selected>', page) == [
        "random", "danese", "mitchell", "mitchell", "danese",
    ]  # fmt: skip
    assert "HX-Request" in partial["Vary"]
    full = organiser_client.get(reverse("tournament_create"), query)
    assert "<html" in full.content.decode()


def test_creating_asks_to_log_in(anonymous_client: Client, db: None) -> None:
    assert_login_redirect(anonymous_client.get(reverse("tournament_create")))
    assert_login_redirect(anonymous_client.post(reverse("tournament_create"), settings_data()))
    assert not Tournament.objects.exists()


def test_editing_shows_and_saves_the_settings(club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(club, pairs=4, house_rules_overrides={"closing_bonus": 150})
    url = reverse("tournament_edit", args=[tournament.pk])
    form = organiser_client.get(url).context["form"]
    assert form["name"].value() == "Tuesday evening"
    assert form["closing_bonus"].value() == 150
    response = organiser_client.post(
        url, settings_data(name="Tuesday final", rounds="2", closing_bonus="150")
    )
    assert response["Location"] == reverse("tournament_detail", args=[tournament.pk])
    tournament.refresh_from_db()
    assert (tournament.name, tournament.rounds) == ("Tuesday final", 2)
    assert tournament.movement_plan == ["random", "mitchell"]
    assert tournament.house_rules == {"closing_bonus": 150}
    assert tournament.slug.startswith("tuesday-evening")  # the address does not move


def test_once_seated_the_scoring_settings_are_locked(club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(club, pairs=4)
    services.round_prepare(tournament=tournament, movement="random", seed=1)
    url = reverse("tournament_edit", args=[tournament.pk])
    page = organiser_client.get(url).content.decode()
    assert "Round 1 is already seated" in page
    response = organiser_client.post(
        url, settings_data(name="Renamed", variant="reale", deals_per_round="4", rounds="4")
    )
    assert response.status_code == 302
    tournament.refresh_from_db()
    # the disabled fields keep their values; the rest is saved
    assert (tournament.name, tournament.variant, tournament.deals_per_round) == (
        "Renamed", "classico", 3,
    )  # fmt: skip
    assert tournament.rounds == 4


def test_the_update_service_refuses_core_changes_once_seated(club: Club) -> None:
    tournament = make_tournament(club, pairs=4)
    services.round_prepare(tournament=tournament, movement="random", seed=1)
    with pytest.raises(services.ServiceError) as error:
        services.tournament_update(tournament=tournament, variant="reale", deals_per_round=4)
    assert "the variant and the deals per round can no longer change" in str(error.value)
    tournament.refresh_from_db()
    assert tournament.variant == "classico"


def test_editing_another_clubs_tournament_is_not_found(
    other_club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(other_club, pairs=2)
    url = reverse("tournament_edit", args=[tournament.pk])
    assert organiser_client.get(url).status_code == 404
    assert organiser_client.post(url, settings_data(name="Taken")).status_code == 404
    tournament.refresh_from_db()
    assert tournament.name == "Tuesday evening"


def test_editing_asks_to_log_in(club: Club, anonymous_client: Client) -> None:
    tournament = make_tournament(club, pairs=2)
    assert_login_redirect(anonymous_client.get(reverse("tournament_edit", args=[tournament.pk])))


# --- the tournament page ------------------------------------------------------------------


def test_tournament_page_shows_settings_pairs_and_the_next_step(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4, house_rules_overrides={"closing_bonus": 150})
    page = organiser_client.get(reverse("tournament_detail", args=[tournament.pk])).content.decode()
    assert "Name3a Surname3a – Name3b Surname3b" in page
    assert "Pairs: 4" in page
    assert "Seat round 1" in page
    assert "Random draw, Mitchell, Danese (by standings)" in page
    assert "closing bonus 150" in page
    assert "Standings" not in page  # nothing to rank before round 1 starts
    assert reverse("tournament_changes", args=[tournament.pk]) in page


def test_tournament_page_shows_rounds_and_standings(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4)
    round_ = seat_and_start(tournament)
    play_round(round_, organiser)
    response = organiser_client.get(reverse("tournament_detail", args=[tournament.pk]))
    page = response.content.decode()
    assert reverse("round_board", args=[round_.pk]) in page
    assert "Seat round 2" in page
    standings = response.context["standings"]
    rows = [
        (row.get_cell_value("rank"), row.get_cell_value("vp"), row.get_cell_value("mp"))
        for row in standings.rows
    ]
    # every table: NS 1800, EW 210 -> 20-0 VP
    assert rows == [(1, 20, 1800), (1, 20, 1800), (3, 0, 210), (3, 0, 210)]
    text = words(page)
    assert "Rank Pair Players VP MP Rounds played" in text
    assert " 20 1,800 1 " in text and " 0 210 1 " in text
    assert "Matches won" not in page  # a deals tournament


def test_target_standings_add_matches_won_and_point_difference(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=2, format="target")
    round_ = seat_and_start(tournament)
    play_round(round_, organiser, deals=4)  # 4 × 600 = 2400 reaches 2005
    page = organiser_client.get(reverse("tournament_detail", args=[tournament.pk])).content.decode()
    assert "Matches won" in page and "Point difference" in page
    assert "+2,120" in page and "\u22122,120" in page  # 2400 - 280


def test_tournament_page_of_another_club_is_not_found(
    other_club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(other_club, pairs=2)
    response = organiser_client.get(reverse("tournament_detail", args=[tournament.pk]))
    assert response.status_code == 404


def test_tournament_page_asks_to_log_in(club: Club, anonymous_client: Client) -> None:
    tournament = make_tournament(club, pairs=2)
    assert_login_redirect(anonymous_client.get(reverse("tournament_detail", args=[tournament.pk])))


# --- pairs --------------------------------------------------------------------------------


def test_adding_pairs_with_htmx_redraws_the_list_in_place(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=0)
    response = organiser_client.post(
        reverse("pairs_add", args=[tournament.pk]),
        {"text": "Mario Rossi / Lucia Bianchi\n\nAnna Verdi / Paolo Neri\n"},
        headers=HTMX,
    )
    page = response.content.decode()
    assert "<html" not in page
    assert page.strip().startswith('<section id="pairs"')
    assert "Mario Rossi – Lucia Bianchi" in page and "Anna Verdi – Paolo Neri" in page
    assert "2 pairs added." in page
    assert "HX-Request" in response["Vary"]
    assert [p.names for p in tournament.pairs.order_by("number")] == [
        "Mario Rossi – Lucia Bianchi", "Anna Verdi – Paolo Neri",
    ]  # fmt: skip


def test_adding_pairs_without_htmx_returns_to_the_tournament(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=0)
    response = organiser_client.post(
        reverse("pairs_add", args=[tournament.pk]), {"text": "Mario Rossi / Lucia Bianchi"}
    )
    assert response["Location"] == reverse("tournament_detail", args=[tournament.pk])
    assert tournament.pairs.count() == 1
    page = organiser_client.get(response["Location"]).content.decode()
    assert "1 pair added." in page


def test_the_pairs_page_shows_the_list_and_the_form(club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(club, pairs=3)
    page = organiser_client.get(reverse("pairs_add", args=[tournament.pk])).content.decode()
    assert "<html" in page
    assert "Name2a Surname2a – Name2b Surname2b" in page
    assert "Add the pairs" in page


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # nothing written
        ("   \n  ", "Write at least one pair, one a line."),
        # three names on a line
        (
            "Mario Rossi / Lucia Bianchi / Anna Verdi",
            "Line 1 (Mario Rossi / Lucia Bianchi / Anna Verdi): write two players separated by /.",
        ),
        # the same player twice in one pair
        ("Mario Rossi / Mario Rossi", "A pair needs two different players (Mario Rossi)."),
    ],
)
@pytest.mark.parametrize("htmx", [True, False])
def test_bad_pairs_show_the_message_and_save_nothing(
    club: Club, organiser_client: Client, text: str, message: str, htmx: bool
) -> None:
    tournament = make_tournament(club, pairs=0)
    headers = HTMX if htmx else {}
    response = organiser_client.post(
        reverse("pairs_add", args=[tournament.pk]), {"text": text}, headers=headers
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert message in page
    assert ("<html" in page) is not htmx
    assert not Pair.objects.exists()
    assert not Player.objects.exists()


def test_pairs_cannot_be_added_to_another_clubs_tournament(
    other_club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(other_club, pairs=0)
    url = reverse("pairs_add", args=[tournament.pk])
    assert organiser_client.post(url, {"text": "Mario Rossi / Lucia Bianchi"}).status_code == 404
    assert organiser_client.get(url).status_code == 404
    assert not Pair.objects.exists()


def test_adding_pairs_asks_to_log_in(club: Club, anonymous_client: Client) -> None:
    tournament = make_tournament(club, pairs=0)
    url = reverse("pairs_add", args=[tournament.pk])
    assert_login_redirect(anonymous_client.post(url, {"text": "Mario Rossi / Lucia Bianchi"}))
    assert not Pair.objects.exists()


def test_removing_a_pair_with_htmx_redraws_the_list(club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(club, pairs=3)
    pair = tournament.pairs.get(number=2)
    response = organiser_client.post(reverse("pair_remove", args=[pair.pk]), headers=HTMX)
    page = response.content.decode()
    assert "<html" not in page
    assert "Pair 2 removed." in page
    assert "Name2a Surname2a" not in page and "Name3a Surname3a" in page
    assert "HX-Request" in response["Vary"]
    assert list(tournament.pairs.values_list("number", flat=True)) == [1, 3]


def test_removing_a_pair_without_htmx_returns_to_the_tournament(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=3)
    pair = tournament.pairs.get(number=1)
    response = organiser_client.post(reverse("pair_remove", args=[pair.pk]))
    assert response["Location"] == reverse("tournament_detail", args=[tournament.pk])
    assert tournament.pairs.count() == 2


def test_a_pair_stays_once_round_one_is_seated(club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(club, pairs=4)
    services.round_prepare(tournament=tournament, movement="random", seed=1)
    pair = tournament.pairs.get(number=1)
    response = organiser_client.post(reverse("pair_remove", args=[pair.pk]), headers=HTMX)
    assert "A pair can only be removed before the first round is seated." in (
        response.content.decode()
    )
    assert tournament.pairs.count() == 4


def test_removing_needs_a_post(club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(club, pairs=2)
    pair = tournament.pairs.get(number=1)
    assert organiser_client.get(reverse("pair_remove", args=[pair.pk])).status_code == 405
    assert tournament.pairs.count() == 2


def test_another_clubs_pair_cannot_be_removed(other_club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(other_club, pairs=2)
    pair = tournament.pairs.get(number=1)
    assert organiser_client.post(reverse("pair_remove", args=[pair.pk])).status_code == 404
    assert tournament.pairs.count() == 2


def test_removing_a_pair_asks_to_log_in(club: Club, anonymous_client: Client) -> None:
    tournament = make_tournament(club, pairs=2)
    pair = tournament.pairs.get(number=1)
    assert_login_redirect(anonymous_client.post(reverse("pair_remove", args=[pair.pk])))
    assert tournament.pairs.count() == 2


# --- finishing and the change log ---------------------------------------------------------


def test_finishing_a_tournament_after_its_rounds(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=2, rounds=1)
    play_round(seat_and_start(tournament), organiser)
    page = organiser_client.get(reverse("tournament_detail", args=[tournament.pk])).content.decode()
    assert "Finish tournament" in page
    url = reverse("tournament_finish", args=[tournament.pk])
    response = organiser_client.post(url, follow=True)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert "The tournament is finished. The standings are final." in response.content.decode()


def test_finishing_before_the_round_is_over_says_why(club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(club, pairs=2, rounds=1)
    seat_and_start(tournament)
    url = reverse("tournament_finish", args=[tournament.pk])
    response = organiser_client.post(url, follow=True)
    assert "Round 1 is not finished yet." in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


def test_finishing_another_clubs_tournament_is_not_found(
    other_club: Club, other_organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(other_club, pairs=2, rounds=1)
    play_round(seat_and_start(tournament), other_organiser)
    response = organiser_client.post(reverse("tournament_finish", args=[tournament.pk]))
    assert response.status_code == 404
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


def test_finishing_asks_to_log_in(club: Club, anonymous_client: Client) -> None:
    tournament = make_tournament(club, pairs=2)
    assert_login_redirect(anonymous_client.post(reverse("tournament_finish", args=[tournament.pk])))


def test_change_log_lists_who_changed_what(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=2, rounds=1)
    table = seat_and_start(tournament).tables.get()
    services.deal_record(
        table=table, number=1, sides=NS_WINS, mode="summary", user=organiser, version=0
    )
    services.deal_record(
        table=table, number=1, sides=list(reversed(NS_WINS)), mode="summary", user=organiser,
        version=1,
    )  # fmt: skip
    response = organiser_client.get(reverse("tournament_changes", args=[tournament.pk]))
    page = response.content.decode()
    lines = list(response.context["page"].object_list)
    # newest first: the correction, the entry, then the round started and seated, the pairs
    assert [line.kind for line in lines] == [
        "corrected", "entered", "round_started", "round_seated", "pair_added",
    ]  # fmt: skip
    assert lines[0].text == "Deal 1 corrected: N-S 600, E-W 70 → N-S 70, E-W 600."
    assert lines[1].text == "Deal 1 entered: N-S 600, E-W 70."
    assert (lines[0].round_number, lines[0].table_number) == (1, 1)
    assert lines[0].who == "Anna"  # the organiser's name
    assert "Entered" in page and "Corrected" in page and "Anna" in page
    assert "Deal 1 corrected: N-S 600, E-W 70 → N-S 70, E-W 600." in page


def test_change_log_of_another_club_is_not_found(
    other_club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(other_club, pairs=2)
    response = organiser_client.get(reverse("tournament_changes", args=[tournament.pk]))
    assert response.status_code == 404


def test_change_log_asks_to_log_in(club: Club, anonymous_client: Client) -> None:
    tournament = make_tournament(club, pairs=2)
    assert_login_redirect(anonymous_client.get(reverse("tournament_changes", args=[tournament.pk])))


def test_a_pair_added_while_round_1_is_only_seated_joins_it_and_the_round_is_seated_again(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4)
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=1)
    response = organiser_client.post(
        reverse("pairs_add", args=[tournament.pk]),
        {"text": "Mario Rossi / Lucia Bianchi"},
        headers=HTMX,
    )
    assert "1 pair added." in response.content.decode()
    assert tournament.pairs.count() == 5
    late = tournament.pairs.get(number=5)
    assert late.joined_from == 1
    assert prepared.round.seats.filter(pair=late).exists()
    assert prepared.round.seats.count() == 5  # two tables and the bye


def test_pairs_added_once_round_2_is_seated_say_why(club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(club, pairs=4, rounds=3)
    for _number in (1, 2):
        prepared = services.round_prepare(tournament=tournament, movement="random", seed=1)
        services.round_start(round=prepared.round)
        if _number == 1:
            for table in prepared.round.tables.all():
                for deal in (1, 2, 3):
                    services.deal_record(
                        table=table, number=deal, sides=NS_WINS, mode="summary",
                        user=AnonymousUser(), version=deal - 1,
                    )  # fmt: skip
    response = organiser_client.post(
        reverse("pairs_add", args=[tournament.pk]),
        {"text": "Mario Rossi / Lucia Bianchi"},
        headers=HTMX,
    )
    assert "Round 2 is seated: a late pair can only join before round 2 is seated." in (
        response.content.decode()
    )
    assert tournament.pairs.count() == 4


def test_a_field_in_error_points_the_screen_reader_to_its_message(
    club: Club, organiser_client: Client
) -> None:
    page = organiser_client.post(
        reverse("tournament_create"), settings_data(rounds="three")
    ).content.decode()
    field = re.search(r'<input[^>]*name="rounds"[^>]*>', page)
    assert field is not None
    assert 'aria-invalid="true"' in field.group(0)
    described = re.search(r'aria-describedby="([^"]+)"', field.group(0))
    assert described is not None and "id_rounds_error" in described.group(1).split()
    errors = re.search(r'<ul class="errorlist" id="id_rounds_error">(.*?)</ul>', page, re.S)
    assert errors is not None
    assert "Write the number of rounds as a whole number, e.g. 3." in errors.group(1)
