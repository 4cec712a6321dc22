"""A name corrected on a pair's page, as a secretary does it: each player of the pair has its own
fields, filled with that player's name (never the other's); a rename first says whose name
changes, from what to what and in which tournaments, and saves only once confirmed; a different
person is offered as a substitute instead."""

import datetime
import html as html_lib
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Pair, Player, Tournament, TournamentEvent
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_services_evening import play_round

Kind = TournamentEvent.Kind
EVENINGS = [
    ("Tuesday evening", datetime.date(2026, 11, 17)),
    ("Thursday evening", datetime.date(2026, 11, 19)),
    ("Autumn cup", datetime.date(2026, 11, 24)),
]


def text_of(page: str) -> str:
    return html_lib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))).strip()


def the_club_evenings(club: Club) -> list[Tournament]:
    """Three evenings where Giuseppe Conti and Franca Gallo play as pair 1."""
    tournaments = []
    for name, date in EVENINGS:
        tournament = make_tournament(club, pairs=0, name=name, date=date)
        services.pairs_add(
            tournament=tournament, text="Giuseppe Conti / Franca Gallo\nAnna Verdi / Paolo Neri"
        )
        tournaments.append(tournament)
    return tournaments


def rename_forms(page: str) -> dict[str, str]:
    """Each rename form of the page by the player it is for (its hidden `player`)."""
    forms = re.findall(r'<form[^>]*action="[^"]*/rename/"[^>]*>(.*?)</form>', page, re.S)
    found = {}
    for form in forms:
        player = re.search(r'name="player" value="(\d+)"', form)
        assert player, form
        found[player[1]] = form
    return found


def value_of(form: str, name: str) -> str:
    field = re.search(rf'<input[^>]*name="{name}"[^>]*>', form)
    assert field, f"no field {name}"
    value = re.search(r'value="([^"]*)"', field[0])
    return html_lib.unescape(value[1]) if value else ""


def names(club: Club) -> set[str]:
    return {player.full_name for player in Player.objects.filter(club=club)}


@pytest.fixture
def pair(club: Club) -> Pair:
    return the_club_evenings(club)[-1].pairs.get(number=1)


def test_the_second_players_fields_hold_the_second_players_name(
    pair: Pair, organiser_client: Client
) -> None:
    page = organiser_client.get(reverse("pair_detail", args=[pair.pk])).content.decode()
    forms = rename_forms(page)
    assert pair.player_two is not None
    franca = forms[str(pair.player_two.pk)]
    assert (value_of(franca, "first_name"), value_of(franca, "last_name")) == ("Franca", "Gallo")
    giuseppe = forms[str(pair.player_one_id)]
    assert (value_of(giuseppe, "first_name"), value_of(giuseppe, "last_name")) == (
        "Giuseppe",
        "Conti",
    )
    # each form's labels point at its own fields
    assert len(set(re.findall(r'id="(id_rename_[^"]+)"', page))) == len(
        re.findall(r'id="(id_rename_[^"]+)"', page)
    )
    assert "Correct the name of Franca Gallo" in text_of(page)


def test_a_rename_without_confirmation_only_asks_whose_name_changes_and_where(
    pair: Pair, organiser_client: Client
) -> None:
    assert pair.player_two is not None
    response = organiser_client.post(
        reverse("pair_rename", args=[pair.pk]),
        {"player": pair.player_two.pk, "first_name": "Giuseppe", "last_name": "Galli"},
    )
    assert response.status_code == 200
    page = text_of(response.content.decode())
    assert (
        "Franca Gallo will be renamed Giuseppe Galli in every tournament of the club "
        "(3 tournaments: Autumn cup (24 November 2026), Thursday evening (19 November 2026), "
        "Tuesday evening (17 November 2026))."
    ) in page
    assert "Yes, rename Franca Gallo" in page
    # a different person is a substitute: the page says so and links to it, names filled in
    assert "Is Giuseppe Galli a different person?" in page
    link = re.search(r'href="([^"]*#substitute)"', response.content.decode())
    assert link, "no link to the substitute form"
    address = html_lib.unescape(link[1])
    assert f"substitute={pair.player_two.pk}" in address and "last_name=Galli" in address
    offered = organiser_client.get(address).content.decode()
    substitute = re.search(r'<form[^>]*id="substitute"[^>]*>(.*?)</form>', offered, re.S)
    assert substitute
    assert value_of(substitute[1], "first_name") == "Giuseppe"
    assert value_of(substitute[1], "last_name") == "Galli"
    assert re.search(rf'<option value="{pair.player_two.pk}" selected>', substitute[1])
    # nothing changed
    assert names(pair.tournament.club) == {
        "Giuseppe Conti",
        "Franca Gallo",
        "Anna Verdi",
        "Paolo Neri",
    }
    assert not TournamentEvent.objects.filter(kind=Kind.PAIR_RENAMED).exists()


def test_a_confirmed_rename_changes_only_the_chosen_player_and_says_from_what_to_what_where(
    pair: Pair, organiser_client: Client
) -> None:
    assert pair.player_two is not None
    versions = dict(Tournament.objects.values_list("pk", "results_version"))
    response = organiser_client.post(
        reverse("pair_rename", args=[pair.pk]),
        {
            "player": pair.player_two.pk,
            "first_name": "Franca",
            "last_name": "Galli",
            "confirmed": "True",
        },
        follow=True,
    )
    page = text_of(response.content.decode())
    assert (
        "Franca Gallo is now Franca Galli in every tournament of the club (3 tournaments: "
        "Autumn cup (24 November 2026), Thursday evening (19 November 2026), Tuesday evening "
        "(17 November 2026))."
    ) in page
    assert names(pair.tournament.club) == {
        "Giuseppe Conti",
        "Franca Galli",
        "Anna Verdi",
        "Paolo Neri",
    }
    for tournament in Tournament.objects.all():
        assert tournament.pairs.get(number=1).names == "Giuseppe Conti – Franca Galli"
        assert tournament.results_version == versions[tournament.pk] + 1  # public pages follow
    event = TournamentEvent.objects.get(kind=Kind.PAIR_RENAMED)
    assert event.before == {"pair": 1, "name": "Franca Gallo", "card": ""}
    assert event.after == {"pair": 1, "name": "Franca Galli", "card": ""}


def test_a_tournament_a_player_left_by_substitution_is_named_among_the_renamed(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    first, *_rest, last = the_club_evenings(club)
    earlier = first.pairs.get(number=1)
    assert earlier.player_two is not None
    services.pair_substitute(
        pair=earlier, player=earlier.player_two, first_name="Ivo", last_name="Greco", from_round=1
    )
    pair = last.pairs.get(number=1)
    response = organiser_client.post(
        reverse("pair_rename", args=[pair.pk]),
        {"player": pair.player_two_id, "first_name": "Franca", "last_name": "Galli"},
    )
    assert "(3 tournaments: Autumn cup" in text_of(response.content.decode())


def test_a_rename_to_a_name_the_club_has_warns_of_two_players_of_one_name(
    pair: Pair, organiser_client: Client
) -> None:
    Player.objects.create(club=pair.tournament.club, first_name="Giuseppe", last_name="Galli")
    response = organiser_client.post(
        reverse("pair_rename", args=[pair.pk]),
        {"player": pair.player_two_id, "first_name": "Giuseppe", "last_name": "Galli"},
    )
    page = text_of(response.content.decode())
    assert "The club already has a player called Giuseppe Galli." in page
    assert "bring that player in as a substitute" in page


def test_only_a_card_number_is_asked_and_said_as_such(pair: Pair, organiser_client: Client) -> None:
    data = {
        "player": pair.player_two_id,
        "first_name": "Franca",
        "last_name": "Gallo",
        "card_number": "RM 1234",
    }
    asked = text_of(
        organiser_client.post(reverse("pair_rename", args=[pair.pk]), data).content.decode()
    )
    assert "The card number of Franca Gallo will be RM 1234 instead of none" in asked
    assert "Is Franca Gallo a different person?" not in asked
    done = organiser_client.post(
        reverse("pair_rename", args=[pair.pk]), {**data, "confirmed": "True"}, follow=True
    )
    assert "The card number of Franca Gallo is now RM 1234 in every tournament" in text_of(
        done.content.decode()
    )
    assert pair.player_two is not None
    pair.player_two.refresh_from_db()
    assert pair.player_two.card_number == "RM 1234"


def test_nothing_to_change_saves_nothing_and_says_so(pair: Pair, organiser_client: Client) -> None:
    response = organiser_client.post(
        reverse("pair_rename", args=[pair.pk]),
        {"player": pair.player_two_id, "first_name": "Franca", "last_name": "Gallo"},
        follow=True,
    )
    assert "The name and card number of Franca Gallo are already so: nothing changed." in (
        text_of(response.content.decode())
    )
    assert not TournamentEvent.objects.filter(kind=Kind.PAIR_RENAMED).exists()


def test_a_finished_tournament_says_to_reopen_it_for_a_substitute(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=2, rounds=1)
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=1).round
    services.round_start(round=round_)
    play_round(round_, organiser)
    services.tournament_finish(tournament=tournament)
    pair = tournament.pairs.get(number=1)
    response = organiser_client.post(
        reverse("pair_rename", args=[pair.pk]),
        {"player": pair.player_one_id, "first_name": "Luca", "last_name": "Bianchi"},
    )
    page = text_of(response.content.decode())
    assert (
        "Name1a Surname1a will be renamed Luca Bianchi in every tournament of the club "
        "(1 tournament: Tuesday evening (17 November 2026))."
    ) in page
    assert "The tournament is finished: reopen it to bring in a substitute." in page


def test_a_rename_refused_shows_the_players_own_form_with_the_reason(
    pair: Pair, organiser_client: Client
) -> None:
    Player.objects.create(
        club=pair.tournament.club, first_name="Ugo", last_name="Neri", card_number="X1"
    )
    response = organiser_client.post(
        reverse("pair_rename", args=[pair.pk]),
        {"player": pair.player_two_id, "first_name": "Franca", "last_name": "Gallo",
         "card_number": "X1"},
    )  # fmt: skip
    page = response.content.decode()
    assert "Card number X1 belongs to Ugo Neri in the club's records." in text_of(page)
    franca = rename_forms(page)[str(pair.player_two_id)]
    assert value_of(franca, "card_number") == "X1" and "errors-box" in franca
    giuseppe = rename_forms(page)[str(pair.player_one_id)]
    assert value_of(giuseppe, "last_name") == "Conti" and "errors-box" not in giuseppe
