"""Entering the pairs from a file (CSV or .xlsx) and the organiser's pages of a pair: correct a
name, bring in a substitute, withdraw it."""

import io

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from openpyxl import Workbook

from tournaments import services
from tournaments.models import Club, Pair, Player, Tournament
from tournaments.services import ServiceError
from tournaments.services.entrants import parse_entrants, read_rows
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_services_evening import play_round


@pytest.fixture
def empty(club: Club) -> Tournament:
    return make_tournament(club, pairs=0)


def names(tournament: Tournament) -> list[str]:
    return [pair.names for pair in tournament.pairs.order_by("number")]


def xlsx(rows: list[list[object]]) -> bytes:
    book = Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def test_an_italian_semicolon_csv_with_a_bom_enters_pairs_and_card_numbers(
    empty: Tournament, organiser: User
) -> None:
    content = (
        "\ufeffNome 1;Cognome 1;Tessera 1;Nome 2;Cognome 2;Tessera 2\n"
        "Mario;Rossi;RM001;Lucia;Bianchi;RM002\n"
        "\n"
        "Anna Maria;De Santis;;Piero;Verdi;RM004\n"
    ).encode()
    pairs = services.entrants_import(
        tournament=empty, content=content, filename="iscritti.csv", user=organiser
    )
    assert [p.number for p in pairs] == [1, 2]
    assert names(empty) == ["Mario Rossi – Lucia Bianchi", "Anna Maria De Santis – Piero Verdi"]
    assert Player.objects.get(last_name="Rossi").card_number == "RM001"
    assert Player.objects.get(last_name="De Santis").card_number == ""
    event = empty.events.get(kind="pair_added")
    assert event.details == {"source": "iscritti.csv"} and event.user == organiser


def test_an_xlsx_with_english_headers_and_numeric_cards(empty: Tournament) -> None:
    content = xlsx(
        [
            ["Pair", "First name 1", "Last name 1", "Card 1", "First name 2", "Last name 2"],
            [1, "Mario", "Rossi", 12345, "Lucia", "Bianchi"],
        ]
    )
    services.entrants_import(tournament=empty, content=content, filename="pairs.xlsx")
    assert names(empty) == ["Mario Rossi – Lucia Bianchi"]
    assert Player.objects.get(last_name="Rossi").card_number == "12345"


def test_the_federation_files_header_and_a_windows_csv_are_read(empty: Tournament) -> None:
    content = (
        "rank,pair_number,player_one_last_name,player_one_first_name,player_one_card_number,"
        "player_two_last_name,player_two_first_name,player_two_card_number\n"
        "1,3,Niccolò,Giò,,Fà,Ugo,\n"
    ).encode("cp1252")
    services.entrants_import(tournament=empty, content=content)
    assert names(empty) == ["Giò Niccolò – Ugo Fà"]


def test_a_file_without_header_is_read_by_its_number_of_columns(empty: Tournament) -> None:
    assert parse_entrants([["Mario Rossi", "Lucia Bianchi"]], per_pair=2)[0].players[1] == (
        services.Person("Lucia", "Bianchi")
    )
    rows = read_rows(b"Mario,Rossi,Lucia,Bianchi\r\nPiero,Verdi,Anna,Neri\r\n")
    services.entrants_add(tournament=empty, entrants=parse_entrants(rows, per_pair=2))
    assert names(empty) == ["Mario Rossi – Lucia Bianchi", "Piero Verdi – Anna Neri"]


def test_every_wrong_row_is_named_by_row_and_column_and_nothing_is_saved(
    empty: Tournament,
) -> None:
    Player.objects.create(club=empty.club, first_name="Ugo", last_name="Neri", card_number="X1")
    content = (
        "Nome 1;Cognome 1;Tessera 1;Nome 2;Cognome 2;Tessera 2\n"
        "Mario;Rossi;;Lucia;;\n"
        f"Anna;{'L' * 61};;Piero;Verdi;\n"
        "Carla;Gialli;X1;Dino;Blu;\n"
        "Elsa;Viola;Z9;Febo;Rosa;Z9\n"
    ).encode()
    with pytest.raises(ServiceError) as refused:
        services.entrants_import(tournament=empty, content=content)
    assert list(refused.value.messages) == [
        "Row 2, column Cognome 2: the surname of player 2 is empty.",
        "Row 3, column Cognome 1: a first name or surname has at most 60 letters.",
    ]
    content = (
        b"Nome 1;Cognome 1;Tessera 1;Nome 2;Cognome 2;Tessera 2\n"
        b"Carla;Gialli;X1;Dino;Blu;\n"
        b"Elsa;Viola;Z9;Febo;Rosa;Z9\n"
    )
    with pytest.raises(ServiceError) as refused:
        services.entrants_import(tournament=empty, content=content)
    assert list(refused.value.messages) == [
        "Row 2: card number X1 belongs to Ugo Neri in the club's records, not to Carla Gialli.",
        "Row 3: card number Z9 is given to Elsa Viola and to Febo Rosa.",
    ]
    assert empty.pairs.count() == 0
    assert not Player.objects.filter(last_name__in=["Rossi", "Gialli", "Viola"]).exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "The file is empty: write one pair a row."),
        (b"a,b,c\n", "The first row is not a header we recognise and the rows have 3 columns."),
        (b"\xd0\xcf\x11\xe0rest", "This is an old Excel file (.xls)"),
        (b"PK\x03\x04broken", "This file cannot be read as a CSV or an Excel (.xlsx) file."),
        (b"Cognome 1;Tessera 2\nRossi;5\n", "The header has no surname for player 2."),
    ],
)  # fmt: skip
def test_a_file_that_cannot_be_read_says_why(
    empty: Tournament, content: bytes, message: str
) -> None:
    with pytest.raises(ServiceError) as refused:
        services.entrants_import(tournament=empty, content=content)
    assert message in str(refused.value)


def test_the_pairs_page_uploads_a_file_and_shows_its_problems(
    empty: Tournament, organiser_client: Client
) -> None:
    address = reverse("entrants_upload", args=[empty.pk])
    page = organiser_client.get(reverse("pairs_add", args=[empty.pk])).content.decode()
    assert address in page and 'enctype="multipart/form-data"' in page
    good = SimpleUploadedFile("pairs.csv", b"Mario Rossi,Lucia Bianchi\n", "text/csv")
    response = organiser_client.post(address, {"file": good}, follow=True)
    assert "1 pair entered from pairs.csv." in response.content.decode()
    assert names(empty) == ["Mario Rossi – Lucia Bianchi"]
    bad = SimpleUploadedFile("pairs.csv", b"Nome 1;Cognome 1;Nome 2;Cognome 2\nA;;B;C\n")
    response = organiser_client.post(address, {"file": bad})
    assert response.status_code == 200
    assert "Row 2, column Cognome 1: the surname of player 1 is empty." in (
        response.content.decode()
    )
    assert empty.pairs.count() == 1


def test_uploading_needs_a_login_and_ones_own_club(
    empty: Tournament, anonymous_client: Client, other_client: Client
) -> None:
    address = reverse("entrants_upload", args=[empty.pk])
    upload = SimpleUploadedFile("pairs.csv", b"Mario Rossi,Lucia Bianchi\n")
    assert anonymous_client.post(address, {"file": upload})["Location"].startswith("/login/")
    upload.seek(0)
    assert other_client.post(address, {"file": upload}).status_code == 404
    assert empty.pairs.count() == 0


# --- the organiser's pair page ----------------------------------------------------------------


def started(club: Club, organiser: User, pairs: int = 4) -> tuple[Tournament, Pair]:
    tournament = make_tournament(club, pairs=pairs)
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=1).round
    services.round_start(round=round_)
    play_round(round_, organiser)
    return tournament, tournament.pairs.get(number=1)


def test_the_pair_page_corrects_a_name(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    _tournament, pair = started(club, organiser)
    page = organiser_client.get(reverse("pair_detail", args=[pair.pk])).content.decode()
    assert "Correct a name" in page and "A substitute" in page and "Withdraw the pair" in page
    response = organiser_client.post(
        reverse("pair_rename", args=[pair.pk]),
        {"player": pair.player_one_id, "first_name": "Mario", "last_name": "Rossi",
         "confirmed": "True"},
        follow=True,
    )  # fmt: skip
    assert (
        "Name1a Surname1a is now Mario Rossi in every tournament of the club (1 tournament: "
        "Tuesday evening (17 November 2026))."
    ) in response.content.decode()
    pair.refresh_from_db()
    assert pair.names == "Mario Rossi – Name1b Surname1b"
    empty = organiser_client.post(
        reverse("pair_rename", args=[pair.pk]), {"player": pair.player_one_id, "last_name": ""}
    )
    assert "This field is required." in empty.content.decode()


def test_the_pair_page_brings_in_a_substitute_and_says_who_played_which_rounds(
    club: Club, organiser: User, organiser_client: Client, anonymous_client: Client
) -> None:
    tournament, pair = started(club, organiser)
    response = organiser_client.post(
        reverse("pair_substitute", args=[pair.pk]),
        {"player": pair.player_two_id, "first_name": "Luca", "last_name": "Verdi",
         "from_round": 2},
        follow=True,
    )  # fmt: skip
    page = response.content.decode()
    assert "Luca Verdi plays for pair 1 from round 2." in page
    assert "Name1b Surname1b: round 1" in page and "Luca Verdi: from round 2" in page
    services.tournament_publish(tournament=tournament, published=True)
    public = anonymous_client.get(
        reverse("public_pair", args=[club.slug, tournament.slug, 1])
    ).content.decode()
    assert "Name1a Surname1a – Luca Verdi" in public
    assert "Luca Verdi: from round 2" in public and "Name1b Surname1b: round 1" in public


def test_the_pair_page_withdraws_a_pair_and_the_standings_mark_it(
    club: Club, organiser: User, organiser_client: Client, anonymous_client: Client
) -> None:
    tournament, pair = started(club, organiser)
    response = organiser_client.post(reverse("pair_withdraw", args=[pair.pk]), follow=True)
    assert "Pair 1 has withdrawn: it plays no more from round 2." in response.content.decode()
    assert "Withdraw the pair" not in response.content.decode()
    detail = organiser_client.get(reverse("tournament_detail", args=[tournament.pk]))
    assert "withdrawn from round 2" in detail.content.decode()
    services.tournament_publish(tournament=tournament, published=True)
    public = anonymous_client.get(reverse("public_tournament", args=[club.slug, tournament.slug]))
    assert "withdrawn from round 2" in public.content.decode()
    csv = anonymous_client.get(reverse("public_standings_csv", args=[club.slug, tournament.slug]))
    assert b"withdrawn" not in csv.content
    again = organiser_client.post(reverse("pair_withdraw", args=[pair.pk]), follow=True)
    assert "Pair 1 has withdrawn already, from round 2." in again.content.decode()


def test_withdrawing_from_a_seated_round_offers_the_two_choices(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament, pair = started(club, organiser)
    services.round_prepare(tournament=tournament, movement="mitchell")
    page = organiser_client.get(reverse("pair_detail", args=[pair.pk])).content.decode()
    assert "get the bye award: 14 VP and 355 MP." in page
    assert "Seat the round again without it." in page
    response = organiser_client.post(
        reverse("pair_withdraw", args=[pair.pk]), {"seated": "reseat"}, follow=True
    )
    assert "Round 2 is seated again without it." in response.content.decode()


@pytest.mark.parametrize("name", ["pair_detail", "pair_rename", "pair_substitute", "pair_withdraw"])
def test_a_pairs_pages_need_a_login_and_ones_own_club(
    club: Club, name: str, anonymous_client: Client, other_client: Client
) -> None:
    pair = make_tournament(club, pairs=2).pairs.get(number=1)
    method = "get" if name == "pair_detail" else "post"
    address = reverse(name, args=[pair.pk])
    assert getattr(anonymous_client, method)(address)["Location"].startswith("/login/")
    assert getattr(other_client, method)(address).status_code == 404
