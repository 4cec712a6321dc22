"""The club's member list page (/organise/clubs/<id>/members/: imported, counted, searched)
and the card check where players are entered: the pairs' box takes "Maria Rossi (12345)", the
same card never makes a second player, and what the list finds wrong is a warning the
organiser sees, never a refusal."""

import io
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from tournaments import services
from tournaments.models import Club, Player, Tournament
from tournaments.selectors.members import card_warnings
from tournaments.tests.conftest import make_tournament

pytestmark = pytest.mark.django_db

NEXT_YEAR = timezone.localdate().year + 1
LIST = (
    "tessera;cognome;nome;anno_nascita;circolo;scadenza\n"
    f"12345;Rossi;Maria;1950;Circolo del Burraco Roma;31/12/{NEXT_YEAR}\n"
    "23456;De Luca;Luciano;1948;Circolo del Burraco Roma;2020-12-31\n"
    f"34567;Bianchi;Carla;1960;Circolo X;31/12/{NEXT_YEAR}\n"
    f"45678;Verdi;Gino;1955;Circolo del Burraco Roma;31/12/{NEXT_YEAR}\n"
)


def upload(client: Client, club: Club, text: str) -> str:
    file = io.BytesIO(text.encode())
    file.name = "soci.csv"
    response = client.post(f"/organise/clubs/{club.pk}/members/", {"file": file}, follow=True)
    assert response.status_code == 200
    return response.content.decode()


def listed(club: Club) -> None:
    services.members_import(club=club, content=LIST.encode())


def test_the_page_imports_the_list_and_says_how_many(club: Club, organiser_client: Client) -> None:
    settings_page = organiser_client.get(f"/organise/clubs/{club.pk}/").content.decode()
    assert f'href="/organise/clubs/{club.pk}/members/"' in settings_page
    empty = organiser_client.get(f"/organise/clubs/{club.pk}/members/").content.decode()
    assert "No list imported yet" in empty
    page = upload(organiser_client, club, LIST)
    assert "The member list is saved: 4 members, 4 new, 0 changed, 0 no longer in the list." in (
        page
    )
    assert "The list holds 4 members, imported on" in page
    born_later = LIST.replace("45678;Verdi;Gino;1955", "45678;Verdi;Gino;1956")
    page = upload(organiser_client, club, born_later)
    assert "4 members, 0 new, 1 changed, 0 no longer in the list." in page


def test_a_wrong_file_is_shown_line_by_line_and_nothing_is_saved(
    club: Club, organiser_client: Client
) -> None:
    page = upload(organiser_client, club, "tessera;cognome\n;Rossi\n12;\n")
    assert "Line 2, column tessera: the card number is missing." in page
    assert "Line 3, column cognome: the surname is missing." in page
    assert "Nothing was saved" in page
    assert club.federation_members.count() == 0
    missing = organiser_client.post(f"/organise/clubs/{club.pk}/members/", {})
    assert "Choose the file of the member list." in missing.content.decode()


def test_a_member_is_found_by_name_or_card_with_what_is_wrong_with_the_card(
    club: Club, organiser_client: Client
) -> None:
    listed(club)
    url = f"/organise/clubs/{club.pk}/members/"
    by_name = organiser_client.get(url, {"q": "de luca"}).content.decode()
    assert "<td>23456</td>" in by_name and "<td>12345</td>" not in by_name
    assert "Card 23456 of Luciano De Luca expired on 31 December 2020." in by_name
    by_card = organiser_client.get(url, {"q": "3456"}).content.decode()
    assert "Card 34567 belongs to Circolo X." in by_card
    nobody = organiser_client.get(url, {"q": "Zanzibar"}).content.decode()
    assert "No member's name or card matches “Zanzibar”." in nobody


def test_another_clubs_organiser_and_a_visitor_are_kept_out(
    club: Club, other_client: Client, anonymous_client: Client
) -> None:
    url = f"/organise/clubs/{club.pk}/members/"
    assert other_client.get(url).status_code == 404
    assert other_client.post(url, {}).status_code == 404
    assert anonymous_client.get(url).status_code == 302


def entered(client: Client, tournament: Tournament, text: str) -> str:
    response = client.post(
        f"/organise/tournaments/{tournament.pk}/pairs/", {"text": text}, follow=True
    )
    assert response.status_code == 200
    return response.content.decode()


def test_the_pairs_box_checks_each_card_and_warns_without_refusing(
    club: Club, organiser_client: Client
) -> None:
    listed(club)
    tournament = make_tournament(club, pairs=0)
    page = entered(
        organiser_client,
        tournament,
        "Maria Rossi (12345) / Luciano De Luca (23456)\nCarla Bianchi (34567) / Anna Neri (99999)",
    )
    assert "2 pairs added." in page
    assert "Card 23456 of Luciano De Luca expired on 31 December 2020." in page
    assert "Card 34567 belongs to Circolo X." in page
    assert "Card 99999 is not in the federation&#x27;s list." in page
    assert "Card 12345" not in page  # valid, of this club: nothing to say
    assert Player.objects.get(club=club, card_number="99999").full_name == "Anna Neri"
    assert tournament.pairs.count() == 2


def test_without_a_list_no_card_is_checked(club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(club, pairs=0)
    page = entered(organiser_client, tournament, "Maria Rossi (12345) / Anna Neri (99999)")
    assert "1 pair added." in page
    assert "federation" not in page.split("</h1>", 1)[1].split("<form", 1)[0]


def test_the_same_card_never_makes_a_second_player(club: Club) -> None:
    listed(club)
    first = make_tournament(club, pairs=0)
    services.pairs_add(tournament=first, text="Maria Rossi (12345) / Gino Verdi")
    second = make_tournament(club, pairs=0, name="Thursday")
    services.pairs_add(tournament=second, text="maria rossi (12345) / Gino Verdi (45678)")
    assert Player.objects.filter(club=club, card_number="12345").count() == 1
    assert Player.objects.filter(club=club, last_name__iexact="Rossi").count() == 1
    verdi = Player.objects.get(club=club, last_name="Verdi")
    assert verdi.card_number == "45678"  # the card given later fills the known player's
    assert Player.objects.filter(club=club, last_name="Verdi").count() == 1


def test_a_card_held_by_another_name_is_refused(club: Club) -> None:
    first = make_tournament(club, pairs=0)
    services.pairs_add(tournament=first, text="Maria Rossi (12345) / Gino Verdi")
    second = make_tournament(club, pairs=0, name="Thursday")
    with pytest.raises(services.ServiceError) as error:
        services.pairs_add(tournament=second, text="Carla Bianchi (12345) / Gino Verdi")
    assert error.value.messages == (
        "card number 12345 belongs to Maria Rossi in the club's records, not to Carla Bianchi.",
    )


def test_a_player_without_a_card_hears_of_the_card_and_of_a_namesake(
    club: Club, organiser_client: Client
) -> None:
    listed(club)
    Player.objects.create(club=club, first_name="Nicolò", last_name="Verdi")
    tournament = make_tournament(club, pairs=0)
    page = entered(organiser_client, tournament, "Gino Verdi / Nicolo Verdi (777)")
    assert (
        "Gino Verdi was entered without a card: the federation&#x27;s list has card 45678 "
        "(born 1955). If it is theirs, add it on the pair&#x27;s page."
    ) in page
    assert (
        "Is this Nicolo Verdi (card 777) already in the club? The club&#x27;s records also "
        "have Nicolò Verdi (no card): if they are one person, correct the name on the "
        "pair&#x27;s page."
    ) in page


def test_htmx_shows_the_warnings_in_place(club: Club, organiser_client: Client) -> None:
    listed(club)
    tournament = make_tournament(club, pairs=0)
    response = organiser_client.post(
        f"/organise/tournaments/{tournament.pk}/pairs/",
        {"text": "Luciano De Luca (23456) / Maria Rossi (12345)"},
        headers={"HX-Request": "true"},
    )
    page = response.content.decode()
    assert "1 pair added." in page
    assert "Card 23456 of Luciano De Luca expired on 31 December 2020." in page


def test_a_substitute_card_is_checked(club: Club, organiser_client: Client) -> None:
    listed(club)
    tournament = make_tournament(club, pairs=4)
    pair = tournament.pairs.get(number=1)
    response = organiser_client.post(
        f"/organise/pairs/{pair.pk}/substitute/",
        {
            "player": pair.player_one_id,
            "first_name": "Carla",
            "last_name": "Bianchi",
            "card_number": "34567",
            "from_round": 1,
        },
        follow=True,
    )
    page = response.content.decode()
    assert "Carla Bianchi plays for pair 1 from round 1." in page
    assert "Card 34567 belongs to Circolo X." in page


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("it", "La tessera 23456 di Luciano De Luca è scaduta il 31 dicembre 2020."),
        ("es", "La licencia 23456 de Luciano De Luca caducó el 31 de diciembre de 2020."),
        ("de", "Der Ausweis 23456 von Luciano De Luca ist am 31. Dezember 2020 abgelaufen."),
    ],
)
def test_the_warning_is_in_the_organisers_language(
    club: Club, organiser_client: Client, language: str, expected: str
) -> None:
    listed(club)
    tournament = make_tournament(club, pairs=0)
    organiser_client.cookies["django_language"] = language
    page = entered(organiser_client, tournament, "Luciano De Luca (23456) / Maria Rossi (12345)")
    assert expected in page


def test_the_warnings_of_a_large_field_take_a_few_queries(
    club: Club, django_assert_max_num_queries: Any
) -> None:
    listed(club)
    tournament = make_tournament(club, pairs=250)
    pairs = tournament.pairs.all()
    players = [p for pair in pairs for p in (pair.player_one, pair.player_two) if p is not None]
    with django_assert_max_num_queries(12):
        warnings = card_warnings(club, players, today=timezone.localdate())
    assert warnings == []  # Name1a Surname1a…: no card, no member of that name, no namesake
