"""Cards without letters: suit symbols typed, pasted or tapped are read as the notation's letters
(tournaments/forms/cards.py), every card on the table page shows its symbol and colour
(templatetags/cards.py), and card mode has a tap keyboard (_card_keyboard.html)."""

import re
from typing import Any

import pytest
from django import forms
from django.template import Context, Template
from django.test import Client

from tournaments.forms.cards import read_suit_symbols, read_suit_symbols_by_line
from tournaments.models import Club, Deal, DealSide, Meld
from tournaments.tests.test_views_entry import (
    CARDS,
    HTMX,
    form_data,
    region,
    save,
    seated_table,
    totals,
    url,
)

# --- symbols read as letters --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("K♣", "KC"),
        ("10♥ J♥ Q♥", "10H JH QH"),
        ("A♠ 2♦", "AS 2D"),
        ("K♧ Q♡ J♢ 10♤", "KC QH JD 10S"),  # the white suit signs
        ("7♥\ufe0f 8♥️", "7H 8H"),  # a phone's emoji form (with its variation selector)
        ("5❤", "5H"),  # the heavy heart of an emoji keyboard
        ("KC K♣ kc", "KC KC kc"),  # mixed with letters: the letters are left as typed
        ("K♥Q♥J♥", "KH QH JH"),  # glued after each symbol: parted
        ("3♣,4♣;JK", "3C,4C;JK"),
        ("QS JK", "QS JK"),  # no symbol: untouched, for the engine to read
        ("", ""),
    ],
)
def test_suit_symbols_are_read_as_the_notations_letters(typed: str, read: str) -> None:
    assert read_suit_symbols(typed) == read


@pytest.mark.parametrize(
    ("typed", "named"),
    [
        ("♥K", "“♥K” is not a card"),  # the suit before the rank
        ("3♣ ♣", "“♣” is not a card"),  # a suit alone
        ("11♦", "“11♦” is not a card"),
        ("K♥♣", "“K♥♣” is not a card"),  # two suits
        ("K♥X", "“K♥X” is not a card"),
        ("J♥ K♥Q", "“K♥Q” is not a card"),
    ],
)
def test_a_word_with_a_symbol_that_is_no_card_is_named(typed: str, named: str) -> None:
    with pytest.raises(forms.ValidationError) as raised:
        read_suit_symbols(typed)
    (message,) = raised.value.messages
    assert message == (
        f"{named}: write the rank, then the suit, e.g. K♣ or 10♥ (or KC and 10H), "
        "and JK for a joker."
    )


def test_a_melds_box_names_the_meld_line_of_a_bad_card() -> None:
    assert read_suit_symbols_by_line("3♣ 4♣ 5♣\n\nK♥ K♦ KS") == "3C 4C 5C\n\nKH KD KS"
    with pytest.raises(forms.ValidationError) as raised:
        read_suit_symbols_by_line("3♣ 4♣ 5♣\n\nK♥ ♦K KS")  # the blank line is no meld
    assert raised.value.messages == [
        "Meld 2: “♦K” is not a card: write the rank, then the suit, e.g. K♣ or 10♥ "
        "(or KC and 10H), and JK for a joker."
    ]


# --- cards shown with their symbol and colour ---------------------------------------------------


def _render(source: str, **context: Any) -> str:
    return Template("{% load cards %}" + source).render(Context(context))


@pytest.mark.parametrize(
    ("card", "html"),
    [
        ("KC", '<span class="card-face suit-clubs">K♣</span>'),
        ("10h", '<span class="card-face suit-hearts">10♥</span>'),
        ("TD", '<span class="card-face suit-diamonds">10♦</span>'),
        ("A♠", '<span class="card-face suit-spades">A♠</span>'),
        ("JK", '<span class="card-face joker">JK</span>'),
        ("<b>", '<span class="card-face unknown">&lt;b&gt;</span>'),
    ],
)
def test_card_face_shows_the_suit_symbol_in_its_colour_class(card: str, html: str) -> None:
    assert _render("{{ card|card_face }}", card=card) == html


def test_card_line_shows_each_typed_card_and_marks_what_is_no_card() -> None:
    html = _render("{{ line|card_line }}", line="3c, 4♣  JK XX")
    assert html == (
        '<span class="card-face suit-clubs">3♣</span> <span class="card-face suit-clubs">4♣</span>'
        ' <span class="card-face joker">JK</span> <span class="card-face unknown">XX</span>'
    )


def test_card_words_shows_the_cards_of_a_message_and_leaves_the_rest() -> None:
    message = "E-W, meld 2 (5H 2S 10D JK): a meld may hold only one wild card & 'KX' \"QS\""
    html = _render("{{ message|card_words }}", message=message)
    assert html == (
        'E-W, meld 2 (<span class="card-face suit-hearts">5♥</span> '
        '<span class="card-face suit-spades">2♠</span> '
        '<span class="card-face suit-diamonds">10♦</span> '
        '<span class="card-face joker">JK</span>): a meld may hold only one wild card &amp; '
        "&#x27;KX&#x27; &quot;QS&quot;"  # what someone typed, quoted, stays as typed
    )


# --- the table page ---------------------------------------------------------------------------

SYMBOLS: dict[str, Any] = {
    "ns": {"melds": "3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣\nK♥ K♦ K♠", "hand": "", "pot": "taken"},
    "ew": {"melds": "5♡ 6♥️ 7♥", "hand": "K♢", "pot": "taken"},
    "closed": "ns",
}  # the same deal as CARDS (letters): N-S 375, E-W 5


@pytest.mark.django_db
def test_a_deal_typed_with_symbols_saves_what_the_same_deal_in_letters_saves(
    club: Club, organiser_client: Client
) -> None:
    stored = []
    for deal in (CARDS, SYMBOLS):
        table = seated_table(club)
        response = save(organiser_client, table, 1, deal, mode="cards")
        assert response.status_code == 302
        assert totals(table) == {(1, "ns"): 375, (1, "ew"): 5}
        saved = Deal.objects.get(table=table)
        melds = Meld.objects.filter(side__deal=saved).order_by("side__direction", "number")
        stored.append((saved.entry["sides"], list(melds.values_list("cards", "burraco", "points"))))
    letters, symbols = stored
    assert (
        symbols[1]
        == letters[1]
        == [
            ("5H 6H 7H", "", 15),
            ("3C 4C 5C 6C 7C 8C 9C", "clean", 45),
            ("KH KD KS", "", 30),
        ]
    )
    # the stored entry holds the notation's letters, whichever way the cards were entered
    assert symbols[0][0] == letters[0][0]
    assert symbols[0][0]["melds"] == [
        ["3C", "4C", "5C", "6C", "7C", "8C", "9C"],
        ["KH", "KD", "KS"],
    ]
    assert symbols[0][1]["melds"] == [["5H", "6H", "7H"]]
    assert symbols[0][1]["hand"] == ["KD"]


@pytest.mark.django_db
def test_a_closing_discard_given_as_a_symbol_is_read_as_its_letter(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club)
    response = save(organiser_client, table, 1, {**SYMBOLS, "closing_discard": "8♠️"}, mode="cards")
    assert response.status_code == 302
    assert Deal.objects.get(table=table).entry["sides"][0]["closing_discard"] == "8S"


@pytest.mark.django_db
def test_a_symbol_that_is_no_card_is_named_by_its_meld_and_nothing_is_saved(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club)
    deal = {**SYMBOLS, "ew": {"melds": "5♥ 6♥ 7♥\n♠Q Q♦ Q♣", "hand": "", "pot": "taken"}}
    response = save(organiser_client, table, 1, deal, mode="cards", **HTMX)
    assert response.status_code == 200
    errors = region(response.content.decode(), "err-ew-melds")
    assert "Meld 2: “♠Q” is not a card: write the rank, then the suit" in errors
    assert DealSide.objects.count() == 0


@pytest.mark.django_db
def test_card_mode_has_a_tap_keyboard_per_side_and_score_sheet_mode_none(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club)
    cards = organiser_client.get(url("table_entry", table) + "?mode=cards").content.decode()
    assert cards.count("data-card-keys") == 2
    assert 'data-side="ns"' in cards and 'data-side="ew"' in cards
    assert cards.count('data-rank="10"') == 2 and cards.count('data-card="JK"') == 2
    for suit, symbol in (("hearts", "♥"), ("diamonds", "♦"), ("clubs", "♣"), ("spades", "♠")):
        assert f'class="key suit suit-{suit}" data-suit="{symbol}"' in cards
    # the words the script shows come from the template, in the reader's language
    assert 'data-msg-rank-first="Tap a rank first, then its suit."' in cards
    assert 'data-msg-pick-suit="Now tap the suit of the {rank}."' in cards
    assert "The suit letters are the English ones" in cards
    assert "js/card_keys.js" in cards and "<script>" not in cards  # no inline script (CSP)
    # each row of keys is one tab stop (a toolbar; the arrow keys move along it), and the
    # letters are named: "K, king"
    keyboard = cards[cards.index("data-card-keys") : cards.index('data-side="ew"')]
    rows = re.findall(r'role="toolbar"[^>]*>(.*?)</div>', keyboard, re.S)
    assert [len(re.findall(r"<button", row)) for row in rows] == [2, 13, 5]
    assert [len(re.findall(r"<button(?![^>]*tabindex=\"-1\")", row)) for row in rows] == [1, 1, 1]
    assert len(re.findall(r"<button(?![^>]*tabindex=\"-1\")", keyboard)) == 5
    named = re.findall(r'data-rank="(\w)"[^>]*>\w<span class="sr-only">, (\w+)</span>', keyboard)
    assert named == [("A", "ace"), ("J", "jack"), ("Q", "queen"), ("K", "king")]
    italian = organiser_client.get(
        url("table_entry", table) + "?mode=cards", HTTP_ACCEPT_LANGUAGE="it"
    ).content.decode()
    assert 'data-rank="K" tabindex="-1">K<span class="sr-only">, re</span>' in italian
    sheet = organiser_client.get(url("table_entry", table)).content.decode()
    assert "data-card-keys" not in sheet
    swapped = organiser_client.get(url("table_entry", table) + "?mode=cards", **HTMX)
    assert swapped.content.decode().count("data-card-keys") == 2  # the mode switch brings it


@pytest.mark.django_db
def test_the_live_check_reads_symbols_and_shows_cards_with_them(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club)
    data = form_data(table, 1, SYMBOLS, mode="cards")
    html = organiser_client.post(url("deal_check", table), data, **HTMX).content.decode()
    assert region(html, "live-total-ns") == "375" and region(html, "live-total-ew") == "5"
    melds = region(html, "melds-ns")
    assert '<span class="card-face suit-clubs">3♣</span>' in melds
    assert '<span class="card-face suit-hearts">K♥</span>' in melds
    assert "clean burraco, 45 points" in melds
