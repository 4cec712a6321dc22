"""The federation's member list a club imports (services/members.py, member_file.py) and what
a card number is checked for (rules/cards.py): CSV and .xlsx, English and Italian headers,
both date forms, every wrong value named by line and column with nothing saved, the list
replaced with its counts; a card unknown, expired, or of another club, in those words."""

import datetime
import io
from dataclasses import dataclass

import pytest
from openpyxl import Workbook

from tournaments import services
from tournaments.models import Club, FederationMember
from tournaments.rules.cards import card_problem, same_club
from tournaments.services import ServiceError

TODAY = datetime.date(2026, 11, 26)

ITALIAN = (
    "tessera;cognome;nome;anno_nascita;circolo;scadenza\n"
    "12345;Rossi;Maria;1950;Circolo del Burraco Roma;31/12/2026\n"
    "23456;De Luca;Luciano;1948;Circolo del Burraco Roma;2025-12-31\n"
    "34567;Bianchi;Carla;;Burraco Club Milano;\n"
)


def csv_of(text: str) -> bytes:
    return text.encode("utf-8")


def imported(club: Club, content: bytes) -> services.MembersImported:
    return services.members_import(club=club, content=content)


@pytest.mark.django_db
def test_an_italian_csv_is_read_whole(club: Club) -> None:
    done = imported(club, csv_of(ITALIAN))
    assert (done.added, done.updated, done.unchanged, done.removed) == (3, 0, 0, 0)
    rossi = FederationMember.objects.get(club=club, card_number="12345")
    assert (rossi.last_name, rossi.first_name, rossi.birth_year) == ("Rossi", "Maria", 1950)
    assert rossi.member_club == "Circolo del Burraco Roma"
    assert rossi.valid_until == datetime.date(2026, 12, 31)
    de_luca = FederationMember.objects.get(club=club, card_number="23456")
    assert de_luca.valid_until == datetime.date(2025, 12, 31)
    bianchi = FederationMember.objects.get(club=club, card_number="34567")
    assert (bianchi.birth_year, bianchi.valid_until) == (None, None)


@pytest.mark.django_db
def test_an_english_xlsx_with_excel_dates_and_numbers_is_read(club: Club) -> None:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Card number", "Last name", "First name", "Birth year", "Club", "Valid until"])
    sheet.append([12345, "Rossi", "Maria", 1950, "Circolo del Burraco Roma",
                  datetime.datetime(2026, 12, 31)])  # fmt: skip
    sheet.append(["A-77", "Verdi", "Gino", None, "", "31/12/2025"])
    out = io.BytesIO()
    book.save(out)
    done = imported(club, out.getvalue())
    assert done.added == 2
    rossi = FederationMember.objects.get(club=club, card_number="12345")
    assert (rossi.birth_year, rossi.valid_until) == (1950, datetime.date(2026, 12, 31))
    verdi = FederationMember.objects.get(club=club, card_number="A-77")
    assert verdi.valid_until == datetime.date(2025, 12, 31)


@pytest.mark.django_db
def test_a_new_list_replaces_the_old_and_says_what_changed(club: Club) -> None:
    imported(club, csv_of(ITALIAN))
    again = (
        "card_number,last_name,first_name,birth_year,club,valid_until\n"
        "12345,Rossi,Maria,1950,Circolo del Burraco Roma,2026-12-31\n"  # as it was
        "23456,De Luca,Luciano,1948,Circolo del Burraco Roma,2026-12-31\n"  # renewed
        "45678,Neri,Paolo,1961,Circolo del Burraco Roma,2026-12-31\n"  # new
    )  # 34567 Bianchi is gone
    done = imported(club, csv_of(again))
    assert (done.added, done.updated, done.unchanged, done.removed) == (1, 1, 1, 1)
    cards = set(FederationMember.objects.filter(club=club).values_list("card_number", flat=True))
    assert cards == {"12345", "23456", "45678"}
    renewed = FederationMember.objects.get(club=club, card_number="23456")
    assert renewed.valid_until == datetime.date(2026, 12, 31)


@pytest.mark.django_db
def test_every_wrong_value_is_named_by_line_and_column_and_nothing_is_saved(club: Club) -> None:
    imported(club, csv_of(ITALIAN))
    wrong = (
        "tessera;cognome;nome;anno_nascita;circolo;scadenza\n"
        "99999;Gialli;Anna;1970;Circolo del Burraco Roma;31/12/2026\n"
        ";Rossi;Maria;1950;;\n"
        "77777;;Pia;1950;;\n"
        "88888;Blu;Ugo;millenovecento;;\n"
        "66666;Viola;Ada;1950;;31-12-2026\n"
        "99999;Gialli;Anna;1970;;\n"
        "55555;Grigi;Eva;1950;;31/02/2026\n"
    )
    with pytest.raises(ServiceError) as error:
        imported(club, csv_of(wrong))
    assert list(error.value.messages) == [
        "Line 3, column tessera: the card number is missing.",
        "Line 4, column cognome: the surname is missing.",
        "Line 5, column anno_nascita: “millenovecento” is not a year of birth: write it as 1950.",
        "Line 6, column scadenza: “31-12-2026” is not a date: write it as 2025-12-31 or "
        "31/12/2025.",
        "Line 7, column tessera: card 99999 is already on line 2.",
        "Line 8, column scadenza: “31/02/2026” is not a date: write it as 2025-12-31 or "
        "31/12/2025.",
        "Nothing was saved: correct the file and upload it again.",
    ]
    assert FederationMember.objects.filter(club=club).count() == 3  # the old list, untouched
    assert not FederationMember.objects.filter(card_number="99999").exists()


@pytest.mark.django_db
def test_a_file_without_the_card_and_surname_columns_is_refused(club: Club) -> None:
    with pytest.raises(ServiceError) as error:
        imported(club, csv_of("name;born\nMaria Rossi;1950\n"))
    assert error.value.messages[0].startswith(
        "Line 1 is not a header with the card number and the surname."
    )
    with pytest.raises(ServiceError) as error:
        imported(club, b"\x00\x01garbage")
    assert error.value.messages == ("This file cannot be read as a CSV or an Excel (.xlsx) file.",)


@pytest.mark.django_db
def test_past_twenty_wrong_values_the_rest_are_counted(club: Club) -> None:
    lines = "".join(f";Rossi{n};Maria;;;\n" for n in range(25))
    with pytest.raises(ServiceError) as error:
        imported(club, csv_of("tessera;cognome;nome;anno_nascita;circolo;scadenza\n" + lines))
    assert len(error.value.messages) == 22
    assert error.value.messages[20] == "… and 5 more to correct."


@dataclass
class Member:
    first_name: str
    last_name: str
    member_club: str
    valid_until: datetime.date | None

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}"


ROSSI = Member("Maria", "Rossi", "Circolo del Burraco Roma", datetime.date(2026, 12, 31))


@pytest.mark.parametrize(
    ("member", "expected"),
    [
        # not in the list at all
        (None, "Card 12345 is not in the federation's list."),
        # valid until the end of the year, for this club
        (ROSSI, ""),
        # the last valid day is today: still valid
        (Member("Maria", "Rossi", "Circolo del Burraco Roma", TODAY), ""),
        # the day before today: expired, with its date in words
        (
            Member("Maria", "Rossi", "Circolo del Burraco Roma", datetime.date(2025, 12, 31)),
            "Card 12345 of Maria Rossi expired on 31 December 2025.",
        ),
        # another club's card
        (
            Member("Maria", "Rossi", "Circolo X", None),
            "Card 12345 belongs to Circolo X.",
        ),
        # expired and another club's: the date first
        (
            Member("Maria", "Rossi", "Circolo X", datetime.date(2025, 12, 31)),
            "Card 12345 of Maria Rossi expired on 31 December 2025.",
        ),
        # the list writes the club longer, in capitals: the same club
        (Member("Maria", "Rossi", "ASD CIRCOLO DEL BURRACO ROMA", None), ""),
        # no club in the list: nothing to compare
        (Member("Maria", "Rossi", "", None), ""),
    ],
)
def test_card_problem(member: Member | None, expected: str) -> None:
    problem = card_problem(member, card="12345", club_name="Circolo del Burraco Roma", today=TODAY)
    assert problem == expected


def test_same_club_ignores_case_accents_spaces_and_a_longer_name() -> None:
    assert same_club("Società Burraco Città", "societa burraco citta")
    assert same_club("A.S.D. Burraco Roma", "Burraco Roma")
    assert not same_club("Burraco Roma", "Burraco Milano")
    assert not same_club("", "Burraco Roma")
