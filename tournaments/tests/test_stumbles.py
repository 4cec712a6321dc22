"""What a new secretary and her players stumbled on during a 15-pair evening (issue 22, item
5), through the views: each test reads the page as they did and asserts its words and numbers.
(What only a browser measures is in test_e2e_stumbles.py.)"""

import html as html_lib
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, DealProposal, DealSide, Pair, Round, Seat, Tournament
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_finished_final import finished_evening
from tournaments.tests.test_pairs_change import play
from tournaments.tests.test_player_entry import link, players_table, write
from tournaments.tests.test_views_entry import (
    CARDS,
    HTMX,
    NS_WINS,
    form_data,
    region,
    save,
    seated_table,
    text_of,
)

POT_100: dict[str, Any] = {
    "ns": {"melded_points": "300", "burracos_dirty": "1", "pot": "taken"},
    "ew": {"melded_points": "50", "pot": "not_taken", "pot_points": "100"},
    "closed": "ns",
}  # traditional: E-W left the pot, worth 100 in cards: N-S 500, E-W 50 - 100 = -50
POT_80: dict[str, Any] = {**POT_100, "ew": {**POT_100["ew"], "pot_points": "80"}}
"""The same deal but for the pot's value: 80, E-W -30."""


def italian(user: User | None = None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="it")
    if user is not None:
        client.force_login(user)
    return client


def differing(html: str) -> list[str]:
    """The lines of the versions shown as differing, in the page's words."""
    return [
        text_of(found)
        for found in re.findall(r'<(?:li|p) class="[^"]*\bdiffers\b[^"]*">(.*?)</(?:li|p)>', html)
    ]


def disputed_over_the_pot(club: Club) -> Any:
    table = players_table(club, variant="traditional")
    write(Client(), table, "ns", 1, POT_100)
    proposal = DealProposal.objects.get(table=table)
    data = form_data(table, 1, POT_80) | {"key": "ew-pot-80"}
    response = Client().post(reverse("link_dispute", args=[link(table, "ew"), proposal.pk]), data)
    assert response.status_code == 302
    return table


@pytest.mark.django_db
def test_deals_to_decide_show_the_pots_value_that_differs_in_the_readers_language(
    club: Club, organiser: User
) -> None:
    table = disputed_over_the_pot(club)
    html = italian(organiser).get(reverse("round_board", args=[table.round_id])).content.decode()
    board = text_of(html)
    assert "Melded" not in board and "Calato: 300" in board
    # each version: E-W's total and the pot's value differ, nothing else
    assert differing(html) == [
        "E-O −50 diverso", "Punti nel pozzetto: 100 diverso",
        "E-O −30 diverso", "Punti nel pozzetto: 80 diverso",
    ]  # fmt: skip


@pytest.mark.django_db
def test_the_phones_show_both_versions_of_a_disputed_deal_with_what_differs(club: Club) -> None:
    table = disputed_over_the_pot(club)
    html = italian().get(reverse("link_table", args=[link(table, "ns")])).content.decode()
    assert "Melded" not in text_of(html)
    assert "Punti nel pozzetto: 100 diverso" in differing(html)
    assert "Punti nel pozzetto: 80 diverso" in differing(html)


@pytest.mark.django_db
def test_a_round_of_one_deal_says_deal_not_deals(club: Club, organiser_client: Client) -> None:
    """One deal a round is a deal: the round board said "1 deals a round", the table page "All
    1 deals are entered"."""
    table = players_table(club, deals_per_round=1)
    board = organiser_client.get(reverse("round_board", args=[table.round_id])).content.decode()
    assert "1 deal a round, victory points" in board and "1 deals" not in board
    assert save(organiser_client, table, 1, NS_WINS).status_code == 302
    page = organiser_client.get(reverse("table_entry", args=[table.pk])).content.decode()
    assert text_of(region(page, "entry-form")) == (
        "The table's only deal is entered. Use Edit to correct it."
    )
    assert "1 deals" not in page


@pytest.mark.django_db
def test_a_finished_table_tells_the_players_to_ask_the_organiser_not_to_use_edit(
    club: Club, organiser_client: Client
) -> None:
    table = players_table(club)
    for number in (1, 2, 3):
        assert save(organiser_client, table, number, NS_WINS).status_code == 302
    phone = Client().get(reverse("link_table", args=[link(table, "ns")])).content.decode()
    assert text_of(region(phone, "entry-form")) == (
        "Your table is done: all its deals are entered. If a deal is wrong, ask the organiser to "
        "correct it."
    )
    # the organiser, who has the Edit buttons, is still told to use them
    page = organiser_client.get(reverse("table_entry", args=[table.pk])).content.decode()
    assert text_of(region(page, "entry-form")) == (
        "All 3 deals are entered. Use Edit to correct one."
    )


@pytest.mark.django_db
def test_the_round_board_says_that_i_enter_this_table_takes_it_from_the_phones(
    club: Club, organiser_client: Client
) -> None:
    table = players_table(club)
    board = organiser_client.get(reverse("round_board", args=[table.round_id])).content.decode()
    explained = re.search(
        r'<button[^>]*aria-describedby="takes-(\d+)"[^>]*>I enter this table</button>', board
    )
    assert explained and explained[1] == str(table.pk)
    assert text_of(region(board, f"takes-{table.pk}")) == (
        "Takes the table from the pairs' phones: they stop entering it, and you enter its deals "
        "on its page."
    )


def finish_question(client: Client, tournament: Tournament) -> str:
    page = client.get(reverse("tournament_detail", args=[tournament.pk])).content.decode()
    found = re.search(r'action="[^"]*/finish/"[^>]*data-confirm="([^"]*)"', page, re.S)
    assert found, "no Finish button"
    return html_lib.unescape(found[1])


@pytest.mark.django_db
def test_finishing_after_round_1_of_4_says_that_3_rounds_are_unplayed(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4, rounds=4, deals_per_round=1)
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=1).round
    services.round_start(round=round_)
    for table in round_.tables.all():
        assert save(organiser_client, table, 1, NS_WINS).status_code == 302
    assert finish_question(organiser_client, tournament) == (
        "Finish the tournament now? 3 of 4 rounds are unplayed: they will never be played, and "
        "the standings become final as they are after round 1."
    )
    tournament.rounds = 1
    tournament.save(update_fields=["rounds"])
    assert finish_question(organiser_client, tournament) == (
        "Finish the tournament? The standings become final."
    )


@pytest.mark.django_db
def test_one_table_done_of_two_is_singular_in_italian(club: Club, organiser: User) -> None:
    table = players_table(club)
    client = italian(organiser)
    for number in (1, 2, 3):
        assert save(client, table, number, NS_WINS).status_code == 302
    board = client.get(reverse("round_board", args=[table.round_id])).content.decode()
    assert re.search(r'<span class="progress">\s*(.*?)\s*</span>', board)[1] == (  # type: ignore[index]
        "1 tavolo su 2 concluso."
    )


@pytest.mark.django_db
def test_two_clean_burracos_short_of_points_read_as_italian(club: Club, organiser: User) -> None:
    table = seated_table(club)
    deal = {
        "ns": {"melded_points": "50", "burracos_clean": "2", "pot": "taken"},
        "ew": {"melded_points": "100", "pot": "taken"},
        "closed": "ns",
    }
    response = italian(organiser).post(
        reverse("deal_check", args=[table.pk]), form_data(table, 1, deal), **HTMX
    )
    assert text_of(region(response.content.decode(), "problems-ns")) == (
        "N-S: per 2 × burraco pulito servono almeno 70 punti di carte, ma i punti calati sono "
        "solo 50"
    )  # was "N-S: 2 burraco pulito contengono almeno …"


@pytest.mark.django_db
def test_reopen_without_a_reason_says_so_next_to_the_field(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament, _ = finished_evening(club, organiser)
    response = organiser_client.post(reverse("tournament_reopen", args=[tournament.pk]), {})
    assert response.status_code == 400
    page = response.content.decode()
    reopen = page[page.index('<section class="card reopen">') :]
    field = reopen.index('name="reason"')
    error = reopen.index('id="reopen-error"')
    assert field < error < reopen.index("</form>")  # under the field, inside its form
    assert text_of(region(page, "reopen-error")) == (
        "Say why the tournament is reopened (for example, which result is wrong)."
    )
    assert 'class="messages' not in page[: page.index('<section class="card reopen">')]
    tournament.refresh_from_db()
    assert tournament.is_finished


@pytest.mark.django_db
def test_card_mode_stays_chosen_after_a_save(club: Club, organiser_client: Client) -> None:
    table = seated_table(club)
    response = save(organiser_client, table, 1, CARDS, mode="cards")
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('table_entry', args=[table.pk])}?mode=cards"
    page = organiser_client.get(response["Location"]).content.decode()
    assert re.search(r'class="button small current"[^>]*>Cards<', page)
    # with htmx the new form comes at once, in card mode
    saved = save(organiser_client, table, 2, CARDS, mode="cards", **HTMX).content.decode()
    assert re.search(r'class="button small current"[^>]*>Cards<', saved)
    assert "Deal 2 saved" in saved and "<h2>Deal 3</h2>" in saved


@pytest.mark.django_db
def test_a_phone_stays_in_card_mode_after_sending_a_deal(club: Club) -> None:
    table = players_table(club)
    data = form_data(table, 1, CARDS, "cards") | {"key": "cards-deal-1", "table": str(table.pk)}
    response = Client().post(reverse("link_write", args=[link(table, "ns")]), data)
    assert response.status_code == 302
    assert response["Location"].endswith("?mode=cards")


@pytest.mark.django_db
def test_round_2_of_15_pairs_one_withdrawn_says_14_play_none_sits_out(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=15, rounds=4)
    play(tournament, organiser)
    services.pair_withdraw(pair=tournament.pairs.get(number=7), user=organiser)
    page = organiser_client.get(reverse("round_prepare", args=[tournament.pk])).content.decode()
    found = re.search(r'<span class="round-field">(.*?)</span>', page, re.S)
    assert found and text_of(found[1]) == "14 pairs play, none sits out (1 withdrawn)"


@pytest.mark.django_db
def test_the_totals_written_on_the_sheet_are_checked_and_a_difference_saves_nothing(
    club: Club, organiser_client: Client
) -> None:
    table = seated_table(club)
    wrong = {**NS_WINS, "ns": {**NS_WINS["ns"], "written_total": "600"},
             "ew": {**NS_WINS["ew"], "written_total": "80"}}  # fmt: skip
    for view in ("deal_check", "deal_save"):
        response = organiser_client.post(
            reverse(view, args=[table.pk]), form_data(table, 1, wrong), **HTMX
        )
        assert text_of(region(response.content.decode(), "problems-top")) == (
            "E-W: the sheet's total is 80, but the deal as typed makes 70. Check the figures "
            "against the sheet (or the total typed): nothing is saved."
        )
    assert DealSide.objects.count() == 0
    right = {**wrong, "ew": {**wrong["ew"], "written_total": "70"}}
    assert save(organiser_client, table, 1, right).status_code == 302
    assert DealSide.objects.count() == 2
    # a negative total is written with its minus sign; left empty, nothing is checked
    stuck = {
        "ns": {"melded_points": "250", "burracos_dirty": "1", "pot": "taken", "written_total": ""},
        "ew": {"melded_points": "40", "hand_points": "95", "pot": "not_taken",
               "written_total": "-155"},
        "closed": "ns",
    }  # fmt: skip
    assert save(organiser_client, table, 2, stuck).status_code == 302


@pytest.mark.django_db
def test_the_sheets_total_is_offered_on_the_organisers_page_not_on_the_phones(
    club: Club, organiser_client: Client
) -> None:
    table = players_table(club)
    page = organiser_client.get(reverse("table_entry", args=[table.pk])).content.decode()
    assert 'name="ns-written_total"' in page and "Total on the sheet (optional)" in page
    phone = Client().get(reverse("link_table", args=[link(table, "ns")])).content.decode()
    assert "written_total" not in phone


@pytest.mark.django_db
def test_my_evening_tells_the_pair_that_sits_out_what_the_bye_gives_it(club: Club) -> None:
    tournament = make_tournament(club, pairs=5, result_entry="players")
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=1).round
    services.round_start(round=round_)
    bye = Seat.objects.select_related("pair").get(round=round_, table__is_bye=True).pair
    page = Client().get(reverse("link_evening", args=[bye.token])).content.decode()
    # the codes' defaults for Burraco Classico
    assert tournament.play_format.bye_award_text() == "14 VP and 355 MP"
    assert "You sit out this round (bye). It gives you 14 VP and 355 MP." in text_of(page)


def five_pairs_seated(club: Club) -> tuple[Tournament, Round, Pair, Pair, Pair]:
    """Round 1 of five pairs seated, not started: the pair leaving at table 1, its opponents
    and the pair sitting out."""
    tournament = make_tournament(club, pairs=5)
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=1).round
    table = round_.tables.get(number=1)
    leaving, opponents = table.ns, table.ew
    sitting_out = round_.tables.get(is_bye=True).ns
    assert leaving and opponents and sitting_out
    return tournament, round_, leaving, opponents, sitting_out


@pytest.mark.django_db
def test_the_withdrawal_choices_say_who_gets_what_and_offer_to_seat_the_idle_pairs_together(
    club: Club, organiser_client: Client
) -> None:
    _, _round, leaving, opponents, sitting_out = five_pairs_seated(club)
    page = organiser_client.get(reverse("pair_detail", args=[leaving.pk])).content.decode()
    labels = re.findall(r'<label[^>]*for="id_seated_\d"[^>]*>(.*?)</label>', page, re.S)
    choices = [text_of(label) for label in labels]
    assert choices == [
        f"Its opponents, pair {opponents.number} ({opponents.names}), get the bye award: 14 VP "
        f"and 355 MP. Pair {sitting_out.number} already sits out this round: two pairs would "
        "sit idle.",
        "Seat the round again without it.",
        f"Pair {sitting_out.number}, who sits out this round, plays pair {opponents.number} at "
        "table 1 instead: nobody sits idle.",
    ]
    # the choice is checked in the browser before any confirmation (required), and here
    assert page.count('required id="id_seated_') == 3
    refused = organiser_client.post(reverse("pair_withdraw", args=[leaving.pk]), {})
    assert "The round already seated: Choose one of the ways above." in text_of(
        refused.content.decode()
    )
    leaving.refresh_from_db()
    assert leaving.withdrawn_from is None


@pytest.mark.django_db
def test_seating_the_idle_pairs_together_leaves_nobody_sitting_out(
    club: Club, organiser_client: Client
) -> None:
    _, round_, leaving, opponents, sitting_out = five_pairs_seated(club)
    response = organiser_client.post(
        reverse("pair_withdraw", args=[leaving.pk]), {"seated": "together"}, follow=True
    )
    assert "The pair that sat out plays its opponents instead." in text_of(
        response.content.decode()
    )
    table = round_.tables.get(number=1)
    assert {table.ns, table.ew} == {sitting_out, opponents}
    assert not round_.tables.filter(is_bye=True).exists()
    assert round_.seats.count() == 4


@pytest.mark.django_db
def test_a_pair_whose_opponents_withdrew_is_told_what_it_gets_not_that_it_rested(
    club: Club, organiser_client: Client
) -> None:
    tournament, _round, leaving, opponents, _sitting = five_pairs_seated(club)
    services.pair_withdraw(pair=leaving, seated="bye")
    services.tournament_publish(tournament=tournament, published=True)
    page = (
        Client()
        .get(reverse("public_pair", args=[club.slug, tournament.slug, opponents.number]))
        .content.decode()
    )
    text = text_of(page)
    assert (
        f"Round 1 Table 1: the opponents withdrew Your opponents, pair {leaving.number}, withdrew "
        "before the round: you get the bye award, 14 VP and 355 MP."
    ) in text
    assert "Sat out this round" not in text
