"""The table page: entering, checking, correcting and removing deals through the views."""

import html as html_lib
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Deal, DealSide, Meld, ResultChange, Round, Table
from tournaments.tests.conftest import make_tournament

HTMX: dict[str, Any] = {"HTTP_HX_REQUEST": "true"}
NS_WINS: dict[str, Any] = {
    "ns": {"melded_points": "300", "burracos_clean": "1", "pot": "taken"},
    "ew": {"melded_points": "100", "hand_points": "30", "pot": "taken"},
    "closed": "ns",
}  # classico: N-S 300 + 200 clean + 100 closing = 600; E-W 100 - 30 = 70 (VP 15-5 at 530)


def seated_table(club: Club, pairs: int = 2, start: bool = True, **options: Any) -> Table:
    """The first table of a first round drawn at random (and started)."""
    tournament = make_tournament(club, pairs=pairs, **options)
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=1)
    if start:
        services.round_start(round=prepared.round)
    table = prepared.round.tables.filter(is_bye=False).order_by("number").first()
    assert table is not None
    return table


def form_data(
    table: Table,
    number: int,
    deal: dict[str, Any],
    mode: str = "summary",
    version: int | None = None,
) -> dict[str, str]:
    table.refresh_from_db()
    data = {
        "number": str(number),
        "version": str(table.version if version is None else version),
        "mode": mode,
        "closed": deal.get("closed", ""),
    }
    for key in ("ns", "ew"):
        data.update({f"{key}-{name}": str(value) for name, value in deal.get(key, {}).items()})
        data.setdefault(f"{key}-pot", "taken")
    if "closing_discard" in deal:
        data["closing_discard"] = deal["closing_discard"]
    return data


def region(html: str, element_id: str) -> str:
    """The inside of the element with this id (regions hold no element of their own tag)."""
    found = re.search(rf'<(\w+)[^>]*\bid="{re.escape(element_id)}"[^>]*>(.*?)</\1>', html, re.S)
    assert found, f"no element #{element_id}"
    return found[2]


def text_of(html: str) -> str:
    return html_lib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))).strip()


def url(name: str, table: Table, *args: int) -> str:
    return reverse(name, args=[table.pk, *args])


def save(client: Client, table: Table, number: int, deal: dict[str, Any], **extra: Any) -> Any:
    mode = extra.pop("mode", "summary")
    return client.post(url("deal_save", table), form_data(table, number, deal, mode), **extra)


def totals(table: Table) -> dict[tuple[int, str], int]:
    sides = DealSide.objects.filter(deal__table=table).select_related("deal")
    return {(side.deal.number, side.direction): side.total for side in sides}


# --- summary mode ---------------------------------------------------------------------------------


@pytest.mark.django_db
def test_summary_save_stores_the_engine_totals_and_shows_mp_and_vp(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club)
    response = save(organiser_client, table, 1, NS_WINS, **HTMX)
    assert response.status_code == 200
    assert response["HX-Replace-Url"] == url("table_entry", table)
    assert totals(table) == {(1, "ns"): 600, (1, "ew"): 70}
    table.refresh_from_db()
    assert (table.ns_mp, table.ew_mp, table.ns_vp, table.ew_vp) == (600, 70, 15, 5)
    html = response.content.decode()
    assert "<html" not in html
    standing = text_of(region(html, "standing"))
    assert "MP: N-S 600 · E-W 70" in standing
    assert "VP 15–5" in standing
    assert "provisional: 1 of 3 deals" in standing
    assert "Deal 1 saved: N-S 600, E-W 70." in html
    assert "<h2>Deal 2</h2>" in html  # the form moves on to the next deal


@pytest.mark.django_db
def test_summary_save_without_htmx_redirects_back_with_a_message(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club)
    response = save(organiser_client, table, 1, NS_WINS)
    assert response.status_code == 302
    assert response["Location"] == url("table_entry", table)
    page = organiser_client.get(response["Location"]).content.decode()
    assert "Deal 1 saved: N-S 600, E-W 70." in page
    deal_rows = text_of(region(page, "deal-1"))
    assert "N-S 300 clean burraco +200 +100 taken 0 600 600" in deal_rows
    assert "E-W 100 — — taken −30 70 70" in deal_rows


@pytest.mark.django_db
def test_three_deals_make_the_vp_final_and_a_fourth_is_refused(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club)
    for number in (1, 2, 3):
        assert save(organiser_client, table, number, NS_WINS).status_code == 302
    page = organiser_client.get(url("table_entry", table)).content.decode()
    standing = text_of(region(page, "standing"))
    assert "MP: N-S 1,800 · E-W 210" in standing and "VP 20–0" in standing  # 1590 apart
    assert "final" in standing and "provisional" not in standing
    assert "All 3 deals are entered" in page and 'name="ns-melded_points"' not in page
    response = save(organiser_client, table, 4, NS_WINS, **HTMX)
    assert response.status_code == 200
    assert "Each table plays 3 deals a round: there is no deal 4." in text_of(
        region(response.content.decode(), "problems-top")
    )
    assert DealSide.objects.filter(deal__table=table).count() == 6


@pytest.mark.django_db
def test_summary_engine_message_goes_to_the_side_it_names(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club)
    deal = {"ns": {"melded_points": "300", "pot": "taken"}, "ew": {}, "closed": "ns"}
    response = save(organiser_client, table, 1, deal, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    ns = text_of(region(html, "problems-ns"))
    assert "N-S closed without a burraco of any kind" in ns
    assert "side 1" not in html
    assert text_of(region(html, "problems-ew")) == ""
    assert DealSide.objects.count() == 0
    assert 'value="300"' in html  # what was typed stays


@pytest.mark.django_db
def test_traditional_pot_not_taken_costs_the_points_typed(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club, variant="traditional")
    deal = {
        "ns": {"melded_points": "300", "burracos_dirty": "1", "pot": "taken"},
        "ew": {"melded_points": "50", "pot": "not_taken", "pot_points": "87"},
        "closed": "ns",
    }
    page = organiser_client.get(url("table_entry", table)).content.decode()
    assert 'name="ew-pot_points"' in page and "Points in the pot (when not taken)" in page
    assert "Semi-clean" not in page  # traditional has only clean and dirty burracos
    assert save(organiser_client, table, 1, deal).status_code == 302
    assert totals(table) == {(1, "ns"): 500, (1, "ew"): -37}  # 50 - 87


# --- shape errors ---------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("abc", "Write a whole number, e.g. 120."),  # text
        ("12.5", "Write a whole number without “.”, e.g. 1250."),  # not whole
        ("-30", "Write the number without a minus sign."),  # a minus sign from the sheet
        ("6000", "That is more than 5000: check the number."),  # out of range
        ("9" * 40, "Write a whole number, e.g. 120."),  # absurdly long
    ],
)
def test_a_number_that_is_not_one_is_a_field_error_and_nothing_is_saved(
    club: Club, organiser_client: Client, value: str, message: str
) -> None:
    table = seated_table(club)
    deal = {**NS_WINS, "ew": {**NS_WINS["ew"], "hand_points": value}}
    for view in ("deal_save", "deal_check"):
        data = form_data(table, 1, deal)
        response = organiser_client.post(url(view, table), data, **HTMX)
        assert response.status_code == 200
        assert message in region(response.content.decode(), "err-ew-hand_points")
    assert DealSide.objects.count() == 0


@pytest.mark.django_db
def test_a_burraco_count_above_ten_is_a_field_error(club: Club, organiser_client: Client) -> None:
    table = seated_table(club)
    deal = {**NS_WINS, "ns": {**NS_WINS["ns"], "burracos_dirty": "11"}}
    response = save(organiser_client, table, 1, deal, **HTMX)
    assert "That is more than 10" in region(response.content.decode(), "err-ns-burracos_dirty")
    assert DealSide.objects.count() == 0


@pytest.mark.django_db
def test_a_refused_save_is_announced_and_the_focus_goes_to_the_first_error(
    club: Club, organiser_client: Client
) -> None:
    """A screen reader hears that the deal is not saved (role=alert), and the keyboard's focus
    is on the first wrong field; a refusal no field is to blame for takes the focus to the alert.
    The live check says nothing of saving: its regions are only filled (innerHTML), never
    replaced, so that their changes are announced."""
    table = seated_table(club)
    deal = {**NS_WINS, "ew": {**NS_WINS["ew"], "hand_points": "-30"}}
    page = save(organiser_client, table, 1, deal, **HTMX).content.decode()
    alert = re.findall(r'<p class="notice bad" role="alert" id="not-saved"[^>]*>([^<]*)</p>', page)
    assert alert == ["Deal 1 is not saved: correct what is marked below, then save it again."]
    assert re.findall(r"<input[^>]*autofocus[^>]*>", page) == [
        re.search(r'<input[^>]*name="ew-hand_points"[^>]*>', page)[0]  # type: ignore[index]
    ]
    assert 'id="not-saved" tabindex="-1">' in page  # the field has the focus, not the alert
    data = form_data(table, 1, NS_WINS)
    del data["version"]
    page = organiser_client.post(url("deal_save", table), data, **HTMX).content.decode()
    assert 'id="not-saved" tabindex="-1" autofocus>' in page and "<input" in page
    assert "autofocus" not in page.replace('tabindex="-1" autofocus>', "")
    check = organiser_client.post(url("deal_check", table), form_data(table, 1, deal), **HTMX)
    html = check.content.decode()
    assert "not-saved" not in html and 'hx-swap-oob="true"' not in html
    assert 'id="err-ew-hand_points" hx-swap-oob="innerHTML"' in html
    assert DealSide.objects.count() == 0


@pytest.mark.django_db
def test_a_missing_version_or_number_is_shown_on_top_and_nothing_is_saved(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club)
    data = form_data(table, 1, NS_WINS)
    del data["version"]
    data["number"] = "zero"
    response = organiser_client.post(url("deal_save", table), data, **HTMX)
    assert response.status_code == 200
    top = text_of(region(response.content.decode(), "problems-top"))
    assert "Version: This field is required." in top and "Deal number: Enter a whole number." in top
    # named in the reader's language, as any field
    italian = organiser_client.post(
        url("deal_save", table), data, HTTP_ACCEPT_LANGUAGE="it", **HTMX
    )
    top = text_of(region(italian.content.decode(), "problems-top"))
    assert "Numero della smazzata: Inserisci un numero intero." in top
    assert "Versione: Questo campo è obbligatorio." in top
    assert DealSide.objects.count() == 0


# --- the live check ----------------------------------------------------------------------------


@pytest.mark.django_db
def test_deal_check_scores_without_saving(club: Club, organiser_client: Client) -> None:
    table = seated_table(club)
    response = organiser_client.post(url("deal_check", table), form_data(table, 1, NS_WINS), **HTMX)
    assert response.status_code == 200
    assert response["Vary"].startswith("HX-Request")
    html = response.content.decode()
    assert "<html" not in html and "<input" not in html  # only feedback: the inputs stay put
    assert 'id="live-result" class="live-result" hx-swap-oob="innerHTML"' in html
    assert region(html, "live-total-ns") == "600" and region(html, "live-total-ew") == "70"
    assert "After this deal: N-S 600 – E-W 70 · VP 15–5" in text_of(region(html, "live-result"))
    assert Deal.objects.count() == 0 and ResultChange.objects.count() == 0
    table.refresh_from_db()
    assert table.version == 0


@pytest.mark.django_db
def test_deal_check_without_htmx_shows_the_whole_page_with_the_result(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club)
    response = organiser_client.post(url("deal_check", table), form_data(table, 1, NS_WINS))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html and 'value="300"' in html
    assert region(html, "live-total-ns") == "600"
    assert Deal.objects.count() == 0


@pytest.mark.django_db
def test_deal_check_warns_when_the_table_changed_since_the_form_was_opened(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club)
    stale = form_data(table, 1, NS_WINS)
    save(organiser_client, table, 1, NS_WINS)
    response = organiser_client.post(url("deal_check", table), stale, **HTMX)
    assert "Someone else changed this table" in region(response.content.decode(), "problems-top")


# --- card mode -----------------------------------------------------------------------------------

CARDS: dict[str, Any] = {
    "ns": {"melds": "3C 4C 5C 6C 7C 8C 9C\nKH KD KS", "hand": "", "pot": "taken"},
    "ew": {"melds": "5h 6h 7h", "hand": "KD", "pot": "taken"},
    "closed": "ns",
}  # N-S: clean run 45 + kings 30 + clean 200 + closing 100 = 375; E-W: 15 - 10 = 5


@pytest.mark.django_db
def test_card_mode_save_stores_melds_with_their_burraco_kind(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club)
    response = save(organiser_client, table, 1, CARDS, mode="cards")
    assert response.status_code == 302
    assert totals(table) == {(1, "ns"): 375, (1, "ew"): 5}
    melds = list(
        Meld.objects.order_by("side__direction", "number").values_list(
            "side__direction", "number", "cards", "burraco", "points"
        )
    )
    assert melds == [
        ("ew", 1, "5H 6H 7H", "", 15),
        ("ns", 1, "3C 4C 5C 6C 7C 8C 9C", "clean", 45),
        ("ns", 2, "KH KD KS", "", 30),
    ]
    deal = Deal.objects.get()
    assert deal.mode == "cards"
    assert deal.entry["sides"][0]["melds"][0] == ["3C", "4C", "5C", "6C", "7C", "8C", "9C"]


@pytest.mark.django_db
def test_card_mode_check_shows_what_the_engine_made_of_each_meld(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club)
    data = form_data(table, 1, CARDS, mode="cards")
    response = organiser_client.post(url("deal_check", table), data, **HTMX)
    melds = text_of(region(response.content.decode(), "melds-ns"))
    # the cards read back with their suits' symbols (templatetags/cards.py)
    assert "3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ → clean burraco, 45 points" in melds
    assert "K♥ K♦ K♠ → set, 30 points" in melds


@pytest.mark.django_db
def test_an_illegal_meld_shows_the_engine_message_on_its_line_and_saves_nothing(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club)
    deal = {**CARDS, "ew": {"melds": "5H 6H 7H\n5H 2S 7H 2D", "hand": "", "pot": "taken"}}
    before = DealSide.objects.count()
    response = save(organiser_client, table, 1, deal, mode="cards", **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    ew = region(html, "melds-ew")
    shown = html_lib.unescape(re.sub(r"<[^>]+>", "", ew))  # each card is a span of its own
    assert "E-W, meld 2 (5♥ 2♠ 7♥ 2♦): a meld may hold only one wild card" in shown
    assert "5♥ 6♥ 7♥ → run, 15 points" in text_of(ew)  # the legal line still reads
    assert "only one wild card" not in region(html, "melds-ns")
    assert "only one wild card" not in region(html, "problems-top")
    assert DealSide.objects.count() == before
    assert "5H 2S 7H 2D" in region(html, "id_ew-melds")  # the textarea keeps what was typed


@pytest.mark.django_db
def test_a_word_that_is_not_a_card_is_named_next_to_its_side(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club)
    deal = {**CARDS, "ew": {"melds": "5H 6H 7H", "hand": "KD XX", "pot": "taken"}}
    response = save(organiser_client, table, 1, deal, mode="cards", **HTMX)
    ew = text_of(region(response.content.decode(), "problems-ew"))
    assert "E-W: hand: 'XX' is not a card" in ew
    assert DealSide.objects.count() == 0


@pytest.mark.django_db
def test_the_mode_switch_swaps_only_the_form(club: Club, organiser_client: Client) -> None:
    table = seated_table(club)
    response = organiser_client.get(url("table_entry", table) + "?mode=cards", **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and response["Vary"].startswith("HX-Request")
    assert html.lstrip().startswith('<section id="entry-form"')
    assert 'name="ns-melds"' in html and 'name="ns-melded_points"' not in html
    assert 'name="mode" value="cards"' in html
    full = organiser_client.get(url("table_entry", table)).content.decode()
    assert "<html" in full and 'name="ns-melded_points"' in full


# --- corrections and removal ---------------------------------------------------------------------


@pytest.mark.django_db
def test_edit_prefills_the_form_and_a_correction_is_recorded(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    table = seated_table(club)
    save(organiser_client, table, 1, NS_WINS)
    save(organiser_client, table, 2, NS_WINS)
    page = organiser_client.get(url("table_entry", table) + "?edit=1").content.decode()
    assert "Correct deal 1" in page
    assert 'name="ns-melded_points" value="300"' in page
    assert 'name="number" value="1"' in page
    assert re.search(r'value="ns"[^>]*checked', page)
    corrected = {**NS_WINS, "ns": {**NS_WINS["ns"], "melded_points": "400"}}
    assert save(organiser_client, table, 1, corrected).status_code == 302
    assert totals(table) == {(1, "ns"): 700, (1, "ew"): 70, (2, "ns"): 600, (2, "ew"): 70}
    table.refresh_from_db()
    assert (table.ns_mp, table.ew_mp) == (1300, 140)
    change = ResultChange.objects.filter(action=ResultChange.Action.CORRECTED).get()
    assert change.deal_number == 1 and change.user == organiser
    assert change.before and change.before["totals"] == {"ns": 600, "ew": 70}
    assert change.after and change.after["totals"] == {"ns": 700, "ew": 70}


@pytest.mark.django_db
def test_edit_of_a_card_deal_shows_its_melds_again(club: Club, organiser_client: Client) -> None:
    table = seated_table(club)
    save(organiser_client, table, 1, CARDS, mode="cards")
    page = organiser_client.get(url("table_entry", table) + "?edit=1").content.decode()
    assert "3C 4C 5C 6C 7C 8C 9C\nKH KD KS" in region(page, "id_ns-melds")
    assert 'name="ew-hand" value="KD"' in page


@pytest.mark.django_db
def test_removing_the_last_deal(club: Club, organiser_client: Client) -> None:
    table = seated_table(club)
    save(organiser_client, table, 1, NS_WINS)
    save(organiser_client, table, 2, NS_WINS)
    page = organiser_client.get(url("table_entry", table)).content.decode()
    assert url("deal_remove", table, 2) in page and url("deal_remove", table, 1) not in page
    table.refresh_from_db()
    response = organiser_client.post(
        url("deal_remove", table, 2), {"version": table.version}, **HTMX
    )
    assert response.status_code == 200
    assert "Deal 2 removed." in response.content.decode()
    assert sorted(Deal.objects.values_list("number", flat=True)) == [1]
    table.refresh_from_db()
    assert (table.ns_mp, table.ew_mp) == (600, 70)
    change = ResultChange.objects.filter(action=ResultChange.Action.REMOVED).get()
    assert change.deal_number == 2
    assert change.before and change.before["totals"] == {"ns": 600, "ew": 70}


@pytest.mark.django_db
def test_remove_with_an_old_version_or_none_removes_nothing(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club)
    save(organiser_client, table, 1, NS_WINS)
    response = organiser_client.post(url("deal_remove", table, 1), {"version": "0"}, **HTMX)
    assert "was changed by someone else" in text_of(response.content.decode())
    response = organiser_client.post(url("deal_remove", table, 1), {"version": "0"})
    assert response.status_code == 302
    assert organiser_client.post(url("deal_remove", table, 1), {}).status_code == 400
    assert Deal.objects.count() == 1


# --- stale forms ---------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [True, False])
def test_a_stale_form_is_not_saved_keeps_what_was_typed_and_takes_the_new_version(
    club: Club, organiser_client: Client, htmx: bool
) -> None:
    table = seated_table(club)
    mine = {**NS_WINS, "ns": {**NS_WINS["ns"], "melded_points": "450"}}
    typed = form_data(table, 1, mine)  # opened at version 0
    save(organiser_client, table, 1, NS_WINS)  # someone else saves deal 1 first
    response = organiser_client.post(url("deal_save", table), typed, **(HTMX if htmx else {}))
    assert response.status_code == (200 if htmx else 409)
    html = response.content.decode()
    alert = text_of(region(html, "entry-form"))
    assert "Not saved. Table 1 was changed by someone else while you were typing" in alert
    assert "Entered: deal 1 by anna, now N-S 600, E-W 70." in alert
    assert 'name="ns-melded_points" value="450"' in html
    table.refresh_from_db()
    assert f'name="version" value="{table.version}"' in html and table.version == 1
    assert totals(table) == {(1, "ns"): 600, (1, "ew"): 70}
    again = form_data(table, 1, mine)  # saved deliberately, with the new version
    assert organiser_client.post(url("deal_save", table), again).status_code == 302
    assert totals(table)[(1, "ns")] == 750


# --- target format (Spanish Buraco to 2000) ------------------------------------------------------

BIG: dict[str, Any] = {
    "ns": {"melded_points": "300", "burracos_clean": "1", "burracos_wild": "1", "pot": "taken"},
    "ew": {"melded_points": "100", "pot": "taken"},
    "closed": "ns",
}  # spanish: N-S 300 + 200 + 1000 + 100 = 1600; E-W 100


@pytest.mark.django_db
def test_target_match_shows_totals_opening_minimum_and_the_winner(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club, variant="spanish", format="target", target_score=2000)
    assert save(organiser_client, table, 1, BIG).status_code == 302
    page = organiser_client.get(url("table_entry", table)).content.decode()
    standing = text_of(region(page, "standing"))
    assert "N-S 1,600 · E-W 100 · target 2,000" in standing
    assert "N-S must open with at least 75 points or a canasta." in standing
    assert "E-W must open" not in standing
    assert 'name="ns-opening_points"' in page and 'name="ew-opening_points"' not in page
    assert "Opened with a canasta" in page

    second: dict[str, Any] = {
        "ns": {"melded_points": "300", "burracos_clean": "1", "pot": "taken"},
        "ew": {"melded_points": "50", "pot": "taken"},
        "closed": "ns",
    }  # N-S 600 -> 2200: the match is won
    response = save(organiser_client, table, 2, second, **HTMX)
    problems = text_of(region(response.content.decode(), "problems-ns"))
    assert (
        "N-S had 1600 points before this deal, so its first exposure (opening) needed" in problems
    )
    assert "give the opening points" in problems
    assert Deal.objects.count() == 1

    check = organiser_client.post(
        url("deal_check", table),
        form_data(table, 2, {**second, "ns": {**second["ns"], "opening_points": "80"}}),
        **HTMX,
    )
    assert "N-S would win the match" in text_of(region(check.content.decode(), "live-result"))
    opened = {**second, "ns": {**second["ns"], "opening_points": "80"}}
    response = save(organiser_client, table, 2, opened, **HTMX)
    html = response.content.decode()
    standing = text_of(region(html, "standing"))
    assert "N-S 2,200 · E-W 150" in standing
    assert "N-S (Name" in standing and "won the match, 2,200 to 150." in standing
    assert "must open" not in standing  # the match is over
    assert "The match is over" in html and 'name="ns-melded_points"' not in html
    table.refresh_from_db()
    assert table.winner == "ns"

    response = save(organiser_client, table, 3, opened, **HTMX)
    top = text_of(region(response.content.decode(), "problems-top"))
    assert "The match was already won by N-S after deal 2 (2200 of 2000)" in top
    assert Deal.objects.count() == 2


@pytest.mark.django_db
def test_card_mode_may_give_the_opening_by_its_points(club: Club, organiser_client: Client) -> None:
    # a meld grows after it is laid down: its final cards do not show what the opening was worth
    table = seated_table(club, variant="spanish", format="target", target_score=2000)
    assert save(organiser_client, table, 1, BIG).status_code == 302  # N-S now at 1600
    page = organiser_client.get(url("table_entry", table) + "?mode=cards").content.decode()
    assert 'name="ns-opening_melds"' in page and 'name="ns-opening_points"' in page
    assert 'name="ns-opening_canasta"' in page and 'name="ew-opening_points"' not in page
    assert "if those melds have grown since, the opening&#x27;s points below" in page
    second: dict[str, Any] = {
        "ns": {"melds": "8S 9S 10S JS QS KS AS\n3D 4D 5D", "hand": "", "pot": "taken"},
        "ew": {"melds": "5H 6H 7H", "hand": "KD", "pot": "taken"},
        "closed": "ns",
    }  # N-S 95 + 200 clean + 100 closing = 395; E-W 15 - 10 = 5
    response = save(organiser_client, table, 2, second, mode="cards", **HTMX)
    problems = text_of(region(response.content.decode(), "problems-ns"))
    assert "N-S had 1600 points before this deal" in problems
    assert "give the lines of the melds it laid down first, or the opening points" in problems
    both = {**second, "ns": {**second["ns"], "opening_melds": "2", "opening_points": "75"}}
    response = save(organiser_client, table, 2, both, mode="cards", **HTMX)
    problems = text_of(region(response.content.decode(), "problems-ns"))
    assert "N-S: give the lines of the melds laid down first or the opening points, not both" in (
        problems
    )
    short = {**second, "ns": {**second["ns"], "opening_points": "70"}}
    response = save(organiser_client, table, 2, short, mode="cards", **HTMX)
    assert "but its opening made only 70" in text_of(
        region(response.content.decode(), "problems-ns")
    )
    assert Deal.objects.count() == 1
    opened = {**second, "ns": {**second["ns"], "opening_points": "75"}}
    assert save(organiser_client, table, 2, opened, mode="cards").status_code == 302
    assert totals(table)[(2, "ns")] == 395
    stored = Deal.objects.get(number=2).entry["sides"][0]
    assert stored["opening_points"] == 75 and "opening" not in stored
    # a correction shows the opening's points again
    page = organiser_client.get(url("table_entry", table) + "?mode=cards&edit=2").content.decode()
    assert re.search(r'name="ns-opening_points"[^>]*value="75"', page)


@pytest.mark.django_db
def test_a_score_sheet_no_deck_could_produce_is_refused_and_nothing_is_saved(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club)
    eight_and_eight = {
        "ns": {"melded_points": "280", "burracos_clean": "8", "pot": "taken"},
        "ew": {"melded_points": "280", "burracos_clean": "8", "pot": "taken"},
    }  # 16 clean burracos of 7 cards or more: 112 cards, the deck has 108
    for view in ("deal_check", "deal_save"):
        response = organiser_client.post(
            url(view, table), form_data(table, 1, eight_and_eight), **HTMX
        )
        assert response.status_code == 200
        top = text_of(region(response.content.decode(), "problems-top"))
        assert top == (
            "The sides declare 16 clean burracos in all, at least 112 cards: the deck's 108 "
            "cards make at most 15 burracos of 7 cards"
        )
    assert DealSide.objects.count() == 0
    # the same refusal read in Italian, in the game's Italian words
    response = organiser_client.post(
        url("deal_save", table),
        form_data(table, 1, eight_and_eight),
        HTTP_ACCEPT_LANGUAGE="it",
        **HTMX,
    )
    top = text_of(region(response.content.decode(), "problems-top"))
    assert top == (
        "Le linee dichiarano 16 × burraco pulito in tutto, almeno 112 carte: le 108 carte del "
        "mazzo fanno al massimo 15 burraco da 7 carte"
    )
    assert DealSide.objects.count() == 0


@pytest.mark.django_db
def test_the_brazilian_form_asks_for_the_hand_without_the_unplayed_morto(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club, variant="brazilian")
    note = (
        "With the morto taken but not played, leave its cards out of the hand: they count for "
        "nothing, and the side pays 100 as if it had not taken it."
    )
    sheet_page = html_lib.unescape(organiser_client.get(url("table_entry", table)).content.decode())
    # beside each side's points in hand, on the score sheet
    assert (
        sheet_page.count("The value of the cards still in hand when the deal ended. " + note) == 2
    )
    cards_page = html_lib.unescape(
        organiser_client.get(url("table_entry", table) + "?mode=cards").content.decode()
    )
    # beside each side's hand, and in the card keyboard's help
    assert (
        cards_page.count(
            "The cards still in hand when the deal ended, separated by spaces. " + note
        )
        == 2
    )
    assert f'<p class="keys-help keys-pot">{note}</p>' in cards_page
    # a game whose unplayed pot's cards are in hand like any other says nothing of the kind
    spanish = seated_table(club, variant="spanish")
    page = organiser_client.get(url("table_entry", spanish) + "?mode=cards").content.decode()
    assert "leave its cards out of the hand" not in page


@pytest.mark.django_db
def test_a_round_not_started_shows_no_form_and_refuses_a_deal(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club, start=False)
    page = organiser_client.get(url("table_entry", table)).content.decode()
    assert "Round 1 has not started yet." in page and 'name="ns-melded_points"' not in page
    response = save(organiser_client, table, 1, NS_WINS, **HTMX)
    assert "Round 1 has not started yet." in region(response.content.decode(), "problems-top")
    assert Deal.objects.count() == 0


# --- who may see what ----------------------------------------------------------------------------

VIEWS = [
    ("table_entry", "get", ()),
    ("deal_check", "post", ()),
    ("deal_save", "post", ()),
    ("deal_remove", "post", (1,)),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "method", "args"), VIEWS)
def test_another_clubs_organiser_gets_404(
    club: Club, other_client: Client, name: str, method: str, args: tuple[int, ...]
) -> None:
    table = seated_table(club)
    data = form_data(table, 1, NS_WINS) if method == "post" else {}
    for extra in ({}, HTMX):
        response = getattr(other_client, method)(url(name, table, *args), data, **extra)
        assert response.status_code == 404
    assert Deal.objects.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "method", "args"), VIEWS)
def test_an_anonymous_visitor_is_sent_to_log_in(
    club: Club, anonymous_client: Client, name: str, method: str, args: tuple[int, ...]
) -> None:
    table = seated_table(club)
    data = form_data(table, 1, NS_WINS) if method == "post" else {}
    response = getattr(anonymous_client, method)(url(name, table, *args), data)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login") + "?next=")
    assert Deal.objects.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["deal_check", "deal_save", "deal_remove"])
def test_post_only_views_refuse_get(club: Club, organiser_client: Client, name: str) -> None:
    table = seated_table(club)
    args = (1,) if name == "deal_remove" else ()
    assert organiser_client.get(url(name, table, *args)).status_code == 405


# --- queries -------------------------------------------------------------------------------------


def queries(client: Client, table: Table) -> int:
    client.get(url("table_entry", table))  # the session is warm
    with CaptureQueriesContext(connection) as context:
        assert client.get(url("table_entry", table)).status_code == 200
    return len(context)


@pytest.mark.django_db
def test_the_table_page_reads_a_fixed_number_of_queries(
    club: Club, organiser_client: Client, django_assert_max_num_queries: Any
) -> None:
    small = seated_table(club, pairs=8)  # 4 tables
    save(organiser_client, small, 1, NS_WINS, mode="summary")
    one_deal = queries(organiser_client, small)
    assert one_deal <= 12
    save(organiser_client, small, 2, CARDS, mode="cards")
    save(organiser_client, small, 3, NS_WINS)
    with django_assert_max_num_queries(one_deal):
        organiser_client.get(url("table_entry", small))
    big = seated_table(club, pairs=80, name="Big evening")  # 40 tables
    for number in (1, 2, 3):
        deal, mode = (CARDS, "cards") if number == 2 else (NS_WINS, "summary")
        save(organiser_client, big, number, deal, mode=mode)
    assert Round.objects.get(tournament=big.round.tournament).tables.count() == 40
    with django_assert_max_num_queries(one_deal):
        organiser_client.get(url("table_entry", big))
    with django_assert_max_num_queries(one_deal):
        organiser_client.get(url("table_entry", big) + "?edit=2")


@pytest.mark.django_db
def test_enter_in_a_field_cannot_save_and_the_page_needs_no_inline_script(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club)
    page = organiser_client.get(url("table_entry", table)).content.decode()
    form = page[page.index('<form method="post" action="' + url("deal_save", table)) :]
    first_button = re.search(r"<button[^>]*>", form)
    assert first_button and "disabled" in first_button[0]  # implicit submission does nothing
    assert not re.search(r"<script(?![^>]*\bsrc=)", page)  # the CSP allows no inline script
    assert " style=" not in page
