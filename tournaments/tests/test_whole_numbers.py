"""Whole numbers typed as the reader writes them: "1.250" from an Italian is 1250 (the pages
write it so, tournaments/templatetags/numbers.py), "1,250" from an English reader too; "1 250"
in any language. A decimal, or a separator the reader's language cannot read as thousands, is
refused with a message that says to leave it out. On the score sheet (organiser and phone) and
in the settings' whole-number fields."""

import pytest
from django import forms
from django.test import Client
from django.utils import translation

from tournaments.forms.fields import NotWhole, read_whole, whole
from tournaments.models import Club, DealSide
from tournaments.templatetags.numbers import points_text
from tournaments.tests.test_views_entry import (
    HTMX,
    NS_WINS,
    form_data,
    region,
    save,
    seated_table,
    text_of,
    totals,
    url,
)


@pytest.mark.parametrize(
    ("language", "typed", "number"),
    [
        ("it", "1.250", 1250),
        ("it", "1.250.000", 1250000),
        ("de", "1.250", 1250),
        ("es", "1.250", 1250),
        ("pt-br", "1.250", 1250),
        ("en", "1,250", 1250),
        ("it", "1 250", 1250),
        ("en", "1 250", 1250),
        ("it", "1\u202f250", 1250),  # a narrow space, copied from a page
        ("it", " 120 ", 120),
        ("it", "-30", -30),
        ("it", "\u221230", -30),  # the pages' own minus sign
    ],
)
def test_a_number_is_read_as_the_readers_language_writes_it(
    language: str, typed: str, number: int
) -> None:
    with translation.override(language):
        assert read_whole(typed) == number


@pytest.mark.parametrize(
    ("language", "typed", "mark"),
    [
        ("en", "1.250", "."),  # English reads a decimal: points are whole
        ("it", "1,250", ","),  # Italian reads a decimal
        ("it", "12.50", "."),  # a dot out of place
        ("it", "1.25", "."),
        ("en", "12,5", ","),
        ("it", "1.250,5", "."),
        ("it", "abc", ""),
        ("it", "", ""),
        ("it", "1 2", ""),
    ],
)
def test_what_the_reader_cannot_mean_as_a_whole_number_is_refused(
    language: str, typed: str, mark: str
) -> None:
    with translation.override(language), pytest.raises(NotWhole) as refused:
        read_whole(typed)
    assert refused.value.mark == mark


def test_the_pages_own_numbers_read_back_in_every_language() -> None:
    for language in ("it", "es", "pt-br", "de", "en"):
        with translation.override(language):
            for number in (0, 5, 120, 1250, 12345, 1250000):
                assert read_whole(points_text(number)) == number


@pytest.mark.django_db
def test_an_italian_score_sheet_takes_1050_written_1_050(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club)
    # E-W melded nothing: the two sides' points stay within the classico deck's 1,080
    deal = {
        **NS_WINS,
        "ns": {**NS_WINS["ns"], "melded_points": "1.050"},
        "ew": {**NS_WINS["ew"], "melded_points": "0"},
    }
    response = save(organiser_client, table, 1, deal, HTTP_ACCEPT_LANGUAGE="it")
    assert response.status_code == 302
    assert totals(table)[(1, "ns")] == 1050 + 200 + 100


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "typed", "message"),
    [
        ("en", "1.250", "Write a whole number without “.”, e.g. 1250."),
        ("en", "12.5", "Write a whole number without “.”, e.g. 1250."),
        ("it", "1,250", "Scrivi un numero intero senza “,”, per esempio 1250."),
        ("it", "12.50", "Scrivi un numero intero senza “.”, per esempio 1250."),
    ],
)
def test_a_separator_the_reader_cannot_mean_says_to_leave_it_out(
    club: Club, organiser_client: Client, language: str, typed: str, message: str
) -> None:
    table = seated_table(club)
    deal = {**NS_WINS, "ns": {**NS_WINS["ns"], "melded_points": typed}}
    for view in ("deal_check", "deal_save"):
        response = organiser_client.post(
            url(view, table), form_data(table, 1, deal), HTTP_ACCEPT_LANGUAGE=language, **HTMX
        )
        errors = text_of(region(response.content.decode(), "err-ns-melded_points"))
        assert errors == message
    assert DealSide.objects.count() == 0


@pytest.mark.django_db
def test_an_english_reader_writes_1050_as_1_050(club: Club, organiser_client: Client) -> None:
    table = seated_table(club)
    deal = {
        **NS_WINS,
        "ns": {**NS_WINS["ns"], "melded_points": "1,050"},
        "ew": {**NS_WINS["ew"], "melded_points": "0"},
    }
    assert save(organiser_client, table, 1, deal).status_code == 302
    assert totals(table)[(1, "ns")] == 1350


def test_a_settings_number_reads_the_readers_thousands_too() -> None:
    field = whole("the target score", example=2005, min_value=100, max_value=100000)
    with translation.override("it"):
        assert field.clean("2.005") == 2005
    with translation.override("en"):
        assert field.clean("2,005") == 2005
        with pytest.raises(forms.ValidationError) as refused:
            field.clean("2.005")
        assert refused.value.messages == [
            "Write the target score as a whole number without “.”, e.g. 2005."
        ]
        with pytest.raises(forms.ValidationError) as refused:
            field.clean("lots")
        assert refused.value.messages == ["Write the target score as a whole number, e.g. 2005."]
    assert 'type="text"' in str(field.widget.render("target_score", 2005))
