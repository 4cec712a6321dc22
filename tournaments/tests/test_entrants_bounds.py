"""A file of pairs is read in bounded time and memory whatever it holds or claims: an .xlsx
declaring a sheet of A1:XFD6000, a million empty rows, a zip bomb, a value far to the right,
thousands of rows, an XML bomb, a CSV of one endless line. Each answers within 2 seconds using
at most 50 MB more, with the pairs read or a message that says what is wrong."""

import io
import time
import tracemalloc
import zipfile
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tournaments.models import Club, Tournament
from tournaments.services import ServiceError
from tournaments.services.entrants import read_rows
from tournaments.tests.conftest import make_tournament

SECONDS, MEGABYTES = 2.0, 50

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELATIONS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE = "http://schemas.openxmlformats.org/package/2006/relationships"
CONTENT_TYPES = (
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" '
    'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
    "</Types>"
)
HEADER_ROW = (
    '<row r="1"><c r="A1" t="inlineStr"><is><t>Cognome 1</t></is></c>'
    '<c r="B1" t="inlineStr"><is><t>Cognome 2</t></is></c></row>'
)


def pair_row(number: int, one: str = "Rossi", two: str = "Bianchi") -> str:
    return (
        f'<row r="{number}"><c r="A{number}" t="inlineStr"><is><t>{one}</t></is></c>'
        f'<c r="B{number}" t="inlineStr"><is><t>{two}</t></is></c></row>'
    )


def workbook(
    rows: str | bytes, *, dimension: str = "A1:B3", prolog: str = "", shared: str = ""
) -> bytes:
    """An .xlsx as Excel writes one, its first sheet's rows (sheetData's XML) given, and its
    shared texts (sst's XML) if any; the parts a reader needs and nothing else."""
    rows = rows.encode() if isinstance(rows, str) else rows
    sheet = (
        (
            f'<?xml version="1.0" encoding="UTF-8"?>{prolog}<worksheet xmlns="{MAIN}">'
            f'<dimension ref="{dimension}"/><sheetData>'
        ).encode()
        + rows
        + b"</sheetData></worksheet>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as book:
        book.writestr("[Content_Types].xml", CONTENT_TYPES)
        book.writestr(
            "_rels/.rels",
            f'<Relationships xmlns="{PACKAGE}"><Relationship Id="rId1" '
            f'Type="{RELATIONS}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        )
        book.writestr(
            "xl/workbook.xml",
            f'<workbook xmlns="{MAIN}" xmlns:r="{RELATIONS}"><sheets>'
            '<sheet name="Coppie" sheetId="1" r:id="rId1"/></sheets></workbook>',
        )
        book.writestr(
            "xl/_rels/workbook.xml.rels",
            f'<Relationships xmlns="{PACKAGE}"><Relationship Id="rId1" '
            f'Type="{RELATIONS}/worksheet" Target="worksheets/sheet1.xml"/>'
            f'<Relationship Id="rId2" Type="{RELATIONS}/sharedStrings" '
            'Target="/xl/sharedStrings.xml"/></Relationships>',
        )
        book.writestr("xl/worksheets/sheet1.xml", sheet)
        if shared:
            book.writestr("xl/sharedStrings.xml", f'<sst xmlns="{MAIN}">{shared}</sst>')
    return out.getvalue()


def declared_smaller(content: bytes, name: str, size: int) -> bytes:
    """The workbook with `name` declared (in its local header and the central directory) to
    unpack to `size` bytes, whatever it holds."""
    data = bytearray(content)
    with zipfile.ZipFile(io.BytesIO(content)) as book:
        info = book.getinfo(name)
        true_size = info.file_size
    for signature, offset in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        start = 0
        while (start := data.find(signature, start)) >= 0:
            field = start + offset
            if int.from_bytes(data[field : field + 4], "little") == true_size:
                data[field : field + 4] = size.to_bytes(4, "little")
            start += 4
    return bytes(data)


@dataclass(frozen=True)
class Reading:
    rows: dict[int, list[str]] | None
    refusal: str
    seconds: float
    megabytes: float


def measured(content: bytes) -> Reading:
    """Read the file twice: timed alone, then with tracemalloc counting its memory."""

    def read() -> tuple[dict[int, list[str]] | None, str]:
        try:
            return {n: list(cells) for n, cells in read_rows(content).items()}, ""
        except ServiceError as error:
            return None, " ".join(error.messages)

    started = time.perf_counter()
    rows, refusal = read()
    seconds = time.perf_counter() - started
    tracemalloc.start()
    try:
        read()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return Reading(rows, refusal, seconds, peak / 1_000_000)


def within_bounds(reading: Reading) -> None:
    assert reading.seconds < SECONDS, f"{reading.seconds:.2f} s"
    assert reading.megabytes < MEGABYTES, f"{reading.megabytes:.0f} MB"


def gap_rows() -> str:
    # the header and a pair, a million rows with nothing, then a second pair
    return HEADER_ROW + pair_row(2) + pair_row(1_000_002, "Verdi", "Neri")


def empty_rows() -> bytes:
    # a million rows written out, every one empty
    return HEADER_ROW.encode() + pair_row(2).encode() + b"<row/>" * 1_000_000


UNREADABLE = "This file cannot be read as a CSV or an Excel (.xlsx) file."
TOO_LARGE = (
    "This Excel file holds far more than a file of pairs: save the sheet of pairs alone, as "
    ".xlsx or CSV, and upload it again."
)
TOO_MANY = "A file may enter at most 500 pairs: this one has more than 501 rows."
BOMB = (
    '<!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">'
    + "".join(
        f'<!ENTITY {b} "{("&" + a + ";") * 10}">'
        for a, b in zip("abcdefgh", "bcdefghi", strict=True)
    )
    + "]>"
)
"""A billion laughs: ten of each entity in the next, nine deep."""


@dataclass(frozen=True)
class Case:
    content: Callable[[], bytes]
    rows: dict[int, list[str]] | None
    refusal: str = ""


CASES = {
    # the file of the attack: 1.5 KB declaring 16,384 columns by 6,000 rows, with its last
    # row there (read by openpyxl as 98 million cells: 40 s and 858 MB), read as it is
    "declares A1:XFD6000": Case(
        lambda: workbook(
            HEADER_ROW + pair_row(2) + pair_row(6000, "Verdi", "Neri"), dimension="A1:XFD6000"
        ),
        {1: ["Cognome 1", "Cognome 2"], 2: ["Rossi", "Bianchi"], 6000: ["Verdi", "Neri"]},
    ),
    # and it holds formatted empty cells out there: nothing to read
    "formatted empty cells to XFD6000": Case(
        lambda: workbook(
            HEADER_ROW + pair_row(2) + '<row r="6000"><c r="XFD6000" s="1"/></row>',
            dimension="A1:XFD6000",
        ),
        {1: ["Cognome 1", "Cognome 2"], 2: ["Rossi", "Bianchi"]},
    ),
    # a million rows between two pairs: skipped, the rows keep their numbers
    "a gap of a million rows": Case(
        lambda: workbook(gap_rows()),
        {1: ["Cognome 1", "Cognome 2"], 2: ["Rossi", "Bianchi"], 1_000_002: ["Verdi", "Neri"]},
    ),
    # a million empty rows written out (6 MB of XML in 7 kB): more than any file of pairs
    "a million empty rows": Case(lambda: workbook(empty_rows()), None, TOO_LARGE),
    # and declared as a small part: read no further than declared, then found damaged
    "a million empty rows declared small": Case(
        lambda: declared_smaller(workbook(empty_rows()), "xl/worksheets/sheet1.xml", 100_000),
        None,
        UNREADABLE,
    ),
    # 310,000 empty cells in one row, within the part's size: more elements than a file needs
    "310,000 empty cells": Case(
        lambda: workbook(HEADER_ROW + "<row>" + "<c/>" * 310_000 + "</row>"), None, TOO_LARGE
    ),
    # a zip bomb: 50 MB of spaces in 50 kB
    "a zip bomb": Case(lambda: workbook(b" " * 50_000_000), None, TOO_LARGE),
    # a value in the last column Excel has
    "a value in column XFD": Case(
        lambda: workbook(
            HEADER_ROW + '<row r="2"><c r="XFD2" t="inlineStr"><is><t>x</t></is></c></row>'
        ),
        None,
        "Row 2, column XFD: a file of pairs is read in its first 50 columns (A to AX). Is it the "
        "right file?",
    ),
    # ten thousand pairs: the reading stops past 501 rows
    "ten thousand pairs": Case(
        lambda: workbook(HEADER_ROW + "".join(pair_row(n) for n in range(2, 10_002))),
        None,
        TOO_MANY,
    ),
    # an XML bomb: no DTD is read
    "a billion laughs": Case(lambda: workbook(pair_row(1, "&i;"), prolog=BOMB), None, UNREADABLE),
    # a CSV: a million empty lines, one line of a million commas, one endless quoted cell
    "a CSV of empty lines": Case(lambda: b"\n" * 999_999, {}),
    "a CSV of commas": Case(lambda: b"," * 999_999, {}),
    "a CSV cell of 900 kB": Case(
        lambda: b'Cognome 1,Cognome 2\n"' + b"x" * 900_000 + b'"\n', None, UNREADABLE
    ),
    "a CSV value in column 60": Case(
        lambda: b"Cognome 1,Cognome 2\nRossi,Bianchi" + b"," * 58 + b"x\n",
        None,
        "Row 2, column BH: a file of pairs is read in its first 50 columns",
    ),
    "a CSV of ten thousand pairs": Case(
        lambda: b"Cognome 1;Cognome 2\n" + b"Rossi;Bianchi\n" * 10_000, None, TOO_MANY
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_any_file_is_read_in_bounded_time_and_memory(name: str) -> None:
    case = CASES[name]
    content = case.content()
    assert len(content) <= 1_000_000  # what the pairs page takes
    reading = measured(content)
    within_bounds(reading)
    if case.rows is not None:
        assert reading.rows == case.rows, reading.refusal
    else:
        assert reading.rows is None
        assert case.refusal in reading.refusal


def test_the_attack_file_is_small(club: Club) -> None:
    content = CASES["declares A1:XFD6000"].content()
    assert len(content) < 2000  # as the 1.6 KB file that took 39.5 s and 858 MB


def test_the_pairs_page_answers_the_attack_file_at_once(
    club: Club, organiser_client: Client
) -> None:
    tournament: Tournament = make_tournament(club, pairs=0)
    content = CASES["declares A1:XFD6000"].content()
    upload = SimpleUploadedFile("coppie.xlsx", content)
    started = time.perf_counter()
    response = organiser_client.post(
        reverse("entrants_upload", args=[tournament.pk]), {"file": upload}, follow=True
    )
    assert time.perf_counter() - started < SECONDS
    assert "2 pairs entered from coppie.xlsx." in response.content.decode()
    assert [pair.names for pair in tournament.pairs.order_by("number")] == [
        "Rossi – Bianchi",
        "Verdi – Neri",
    ]


def test_a_csv_cell_too_long_for_the_csv_reader_is_a_message_not_an_error(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=0)
    upload = SimpleUploadedFile("coppie.csv", b'Cognome 1,Cognome 2\n"' + b"x" * 200_000 + b'"\n')
    response = organiser_client.post(
        reverse("entrants_upload", args=[tournament.pk]), {"file": upload}
    )
    assert response.status_code == 200
    assert UNREADABLE in response.content.decode()


def test_what_excel_writes_is_read_as_excel_shows_it() -> None:
    """Shared texts (plain, in runs of formatting, with a Japanese reading aid left out), a
    formula's last value, numbers, a cell without its reference, a sheet's gaps."""
    shared = (
        "<si><t>Cognome 1</t></si><si><t>Cognome 2</t></si><si><t>Tessera 1</t></si>"
        '<si><r><rPr><b/></rPr><t>De </t></r><r><t xml:space="preserve">Luca</t></r></si>'
        '<si><t>Sato</t><rPh sb="0" eb="2"><t>サトウ</t></rPh></si>'
    )
    rows = (
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>'
        '<c r="C1" t="s"><v>2</v></c></row>'
        '<row r="3"><c r="A3" t="s"><v>3</v></c><c t="s"><v>4</v></c>'
        '<c r="C3"><v>12345</v></c></row>'
        '<row r="4"><c r="A4" t="str"><f>"Ro"&amp;"ssi"</f><v>Rossi</v></c>'
        '<c r="B4" t="inlineStr"><is><t>Neri</t></is></c><c r="C4"><v>7.5</v></c></row>'
    )
    assert read_rows(workbook(rows, shared=shared)) == {
        1: ["Cognome 1", "Cognome 2", "Tessera 1"],
        3: ["De Luca", "Sato", "12345"],
        4: ["Rossi", "Neri", "7.5"],
    }
