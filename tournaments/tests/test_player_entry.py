"""The players' own entry through the views: a pair writes a deal from its link, the opponents
accept it (it counts) or say it is wrong (the organiser decides), a resend counts once, and a
link opens only its own table while its round is open."""

import re
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.models import (
    Club,
    Deal,
    DealProposal,
    DealSide,
    ResultChange,
    Round,
    Seat,
    Table,
    Tournament,
)
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_views_entry import NS_WINS, form_data, text_of

HTMX: dict[str, Any] = {"HTTP_HX_REQUEST": "true"}
EW_VERSION: dict[str, Any] = {
    "ns": {"melded_points": "300", "burracos_clean": "1", "pot": "taken"},
    "ew": {"melded_points": "150", "hand_points": "30", "pot": "taken"},
    "closed": "ns",
}  # E-W remember 150 melded, not 100: N-S 600, E-W 120


def players_table(club: Club, pairs: int = 4, **options: Any) -> Table:
    """Table 1 of a started first round of a tournament whose players enter the results."""
    tournament = make_tournament(club, pairs=pairs, result_entry="players", **options)
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=1)
    services.round_start(round=prepared.round)
    return prepared.round.tables.get(number=1)


def link(table: Table, direction: str) -> str:
    """The private link of the pair sitting `direction` at `table`."""
    return str(Seat.objects.select_related("pair").get(table=table, direction=direction).pair.token)


def write(client: Client, table: Table, direction: str, number: int, deal: dict[str, Any],
          key: str = "key-0001", **extra: Any) -> Any:  # fmt: skip
    data = form_data(table, number, deal) | {"key": key, "table": str(table.pk)}
    return client.post(reverse("link_write", args=[link(table, direction)]), data, **extra)


def accept(client: Client, table: Table, direction: str, proposal: DealProposal) -> Any:
    url = reverse("link_accept", args=[link(table, direction), proposal.pk])
    return client.post(url)


def saved_totals(table: Table) -> dict[tuple[int, str], int]:
    sides = DealSide.objects.filter(deal__table=table).select_related("deal")
    return {(side.deal.number, side.direction): side.total for side in sides}


@pytest.mark.django_db
def test_a_deal_written_by_north_south_counts_once_east_west_accepts_it(club: Club) -> None:
    table = players_table(club)
    phone_ns, phone_ew = Client(), Client()

    response = write(phone_ns, table, "ns", 1, NS_WINS)
    assert response.status_code == 302
    proposal = DealProposal.objects.get(table=table)
    assert (proposal.status, proposal.direction, proposal.totals) == (
        "waiting",
        "ns",
        {"ns": 600, "ew": 70},
    )
    assert not Deal.objects.filter(table=table).exists()  # not yet: E-W has not accepted

    page = text_of(phone_ns.get(reverse("link_table", args=[link(table, "ns")])).content.decode())
    assert "Deal 1: waiting for E-W to accept it." in page
    page = text_of(phone_ew.get(reverse("link_table", args=[link(table, "ew")])).content.decode())
    assert "Deal 1, as N-S wrote it" in page
    assert "Accept deal 1" in page

    assert accept(phone_ew, table, "ew", proposal).status_code == 302
    assert saved_totals(table) == {(1, "ns"): 600, (1, "ew"): 70}
    proposal.refresh_from_db()
    assert proposal.status == "accepted"
    steps = list(
        ResultChange.objects.filter(table=table)
        .order_by("id")
        .values_list("action", "pair__number")
    )
    pairs = {s.direction: s.pair.number for s in Seat.objects.filter(table=table)}
    assert steps == [("written", pairs["ns"]), ("accepted", pairs["ew"])]
    table.refresh_from_db()
    assert table.version == 2  # one step, one version
    assert (table.ns_mp, table.ew_mp, table.status) == (600, 70, "in_progress")


@pytest.mark.django_db
def test_a_pair_cannot_accept_its_own_deal(club: Club) -> None:
    table = players_table(club)
    phone = Client()
    write(phone, table, "ns", 1, NS_WINS)
    proposal = DealProposal.objects.get(table=table)
    response = accept(phone, table, "ns", proposal, **{})
    page = text_of(phone.get(response.url).content.decode()) if response.status_code == 302 else ""
    response = phone.post(reverse("link_accept", args=[link(table, "ns"), proposal.pk]), **HTMX)
    assert "Your own pair wrote this deal: the opponents accept it, not you." in text_of(
        response.content.decode()
    )
    assert not Deal.objects.filter(table=table).exists()
    del page


@pytest.mark.django_db
def test_the_same_deal_sent_twice_with_one_key_is_written_once(club: Club) -> None:
    table = players_table(club)
    phone = Client()
    write(phone, table, "ns", 1, NS_WINS, key="resent-key-1")
    write(phone, table, "ns", 1, NS_WINS, key="resent-key-1", **HTMX)
    assert DealProposal.objects.filter(table=table).count() == 1
    assert ResultChange.objects.filter(table=table, action="written").count() == 1


@pytest.mark.django_db
def test_a_disputed_deal_waits_for_the_organiser_who_chooses_a_version(
    club: Club, organiser_client: Client
) -> None:
    table = players_table(club)
    phone_ns, phone_ew = Client(), Client()
    write(phone_ns, table, "ns", 1, NS_WINS)
    proposal = DealProposal.objects.get(table=table)
    data = form_data(table, 1, EW_VERSION) | {"key": "ew-version-1"}
    response = phone_ew.post(reverse("link_dispute", args=[link(table, "ew"), proposal.pk]), data)
    assert response.status_code == 302
    versions = {p.direction: (p.status, p.totals) for p in DealProposal.objects.filter(table=table)}
    assert versions == {
        "ns": ("disputed", {"ns": 600, "ew": 70}),
        "ew": ("disputed", {"ns": 600, "ew": 120}),
    }
    assert not Deal.objects.filter(table=table).exists()
    board = text_of(
        organiser_client.get(reverse("round_board", args=[table.round_id])).content.decode()
    )
    assert "Deal 1 at table 1" in board
    counter = DealProposal.objects.get(table=table, direction="ew")
    response = organiser_client.post(reverse("dispute_choose", args=[counter.pk]))
    assert response.status_code == 302
    assert saved_totals(table) == {(1, "ns"): 600, (1, "ew"): 120}
    statuses = dict(DealProposal.objects.filter(table=table).values_list("direction", "status"))
    assert statuses == {"ns": "rejected", "ew": "chosen"}
    assert list(
        ResultChange.objects.filter(table=table).order_by("id").values_list("action", flat=True)
    ) == ["written", "disputed", "settled"]


@pytest.mark.django_db
def test_a_wrong_link_gets_a_plain_page_not_an_error(client: Client) -> None:
    for token in ("x", "A" * 22, "not a token at all!"):
        response = client.get(f"/p/{token}/")
        assert response.status_code == 404
        assert "This link opens no table" in response.content.decode()


@pytest.mark.django_db
def test_a_link_stops_accepting_once_its_round_is_closed(club: Club) -> None:
    table = players_table(club, pairs=2, deals_per_round=1)
    phone_ns, phone_ew = Client(), Client()
    write(phone_ns, table, "ns", 1, NS_WINS)
    accept(phone_ew, table, "ew", DealProposal.objects.get(table=table))
    table.round.refresh_from_db()
    assert table.round.status == Round.Status.DONE
    response = write(phone_ns, table, "ns", 2, NS_WINS, key="late-key-01", **HTMX)
    assert "Round 1 is closed" in text_of(response.content.decode())
    assert DealProposal.objects.filter(table=table).count() == 1


@pytest.mark.django_db
def test_the_evening_shows_this_round_and_the_next_once_seated(club: Club) -> None:
    table = players_table(club, pairs=2, deals_per_round=1)
    phone = Client()
    token = link(table, "ns")
    page = text_of(phone.get(reverse("link_evening", args=[token])).content.decode())
    assert "Now: Round 1" in page
    write(phone, table, "ns", 1, NS_WINS)
    accept(Client(), table, "ew", DealProposal.objects.get(table=table))
    tournament = Tournament.objects.get(pk=table.round.tournament_id)
    services.round_prepare(tournament=tournament, movement="random", seed=2)
    page = text_of(phone.get(reverse("link_evening", args=[token])).content.decode())
    assert "Next: Round 2" in page
    assert "Rank 1" in page


@pytest.mark.django_db
def test_the_evening_poll_is_rendered_again_when_its_table_changes_or_after_the_pause(
    club: Club, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """500 phones poll their evening every 5 s: each poll is served as last rendered while the
    pair's own table's results have not changed (a deal only sent changes none) and the rest
    of the field changed less than LINK_EVENING_PAUSE seconds ago."""
    from types import SimpleNamespace

    from tournaments.selectors import players as links
    from tournaments.views import players_evening as views

    settings.LINK_EVENING_PAUSE = 30
    now = [1_000_000.0]  # the view's clock, and only its own
    monkeypatch.setattr(views, "time", SimpleNamespace(time=lambda: now[0]))
    rendered: list[int] = []
    places_of = links.places_of

    def counted(seat: Seat) -> Any:
        rendered.append(seat.pk)
        return places_of(seat)

    monkeypatch.setattr(links, "places_of", counted)
    table = players_table(club, pairs=4, deals_per_round=1)
    other = Table.objects.get(round=table.round, number=2)
    phone = Client()
    address = reverse("link_evening", args=[link(table, "ns")])

    def poll() -> str:
        return text_of(phone.get(address, **HTMX).content.decode())

    first = poll()
    assert (len(rendered), poll()) == (1, first)  # nothing changed: as rendered
    write(Client(), other, "ns", 1, NS_WINS)
    accept(Client(), other, "ew", DealProposal.objects.get(table=other))
    now[0] += 10
    assert (len(rendered), poll()) == (1, first)  # another table, 10 s ago: not yet
    now[0] += 21
    poll()
    assert len(rendered) == 2  # the pause is over: rendered again, and kept
    poll()
    assert len(rendered) == 2
    settings.LINK_EVENING_RENDERS = 0  # this second's renderings all taken by other phones
    Tournament.objects.filter(pk=table.round.tournament_id).update(results_version=999)
    now[0] += 31
    poll()
    assert len(rendered) == 2  # stale and past the pause, yet no slot: as last rendered
    settings.LINK_EVENING_RENDERS = 8
    poll()
    assert len(rendered) == 3
    write(Client(), table, "ns", 1, NS_WINS)  # a deal only sent: the evening shows none yet
    assert "Not started yet." in poll() and len(rendered) == 3
    accept(Client(), table, "ew", DealProposal.objects.get(table=table))  # it counts: at once
    assert "Not started yet." not in poll() and len(rendered) == 4
    assert "my evening" in text_of(phone.get(address).content.decode())  # the page: afresh
    assert len(rendered) == 5


# --- what a link may do, and what it may not ------------------------------------------------


@pytest.mark.django_db
def test_a_link_cannot_touch_another_tables_deal(club: Club) -> None:
    table = players_table(club)
    other = table.round.tables.get(number=2)
    write(Client(), other, "ns", 1, NS_WINS)
    proposal = DealProposal.objects.get(table=other)
    response = Client().post(reverse("link_accept", args=[link(table, "ew"), proposal.pk]), **HTMX)
    assert "This deal is not one of your table's." in text_of(response.content.decode())
    assert not Deal.objects.exists()


@pytest.mark.django_db
def test_a_link_writes_nothing_while_the_organiser_enters_the_results(club: Club) -> None:
    tournament = make_tournament(club, pairs=2)  # the organiser enters (the default)
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=1)
    services.round_start(round=prepared.round)
    table = prepared.round.tables.get(number=1)
    response = write(Client(), table, "ns", 1, NS_WINS, **HTMX)
    assert "The organiser enters the results of this tournament." in text_of(
        response.content.decode()
    )
    assert not DealProposal.objects.exists()
    page = text_of(Client().get(reverse("link_table", args=[link(table, "ns")])).content.decode())
    assert "Send deal 1" not in page  # no form: the page only shows the table


@pytest.mark.django_db
def test_a_link_writes_nothing_before_its_round_starts(club: Club) -> None:
    tournament = make_tournament(club, pairs=4, result_entry="players")
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=1)
    table = prepared.round.tables.get(number=1)
    response = write(Client(), table, "ns", 1, NS_WINS, **HTMX)
    assert "Round 1 has not started yet." in text_of(response.content.decode())
    assert not DealProposal.objects.exists()


@pytest.mark.django_db
def test_deals_are_written_in_order_and_a_saved_deal_cannot_be_rewritten(club: Club) -> None:
    table = players_table(club)
    response = write(Client(), table, "ns", 2, NS_WINS, **HTMX)
    assert "Enter deal 1 first." in text_of(response.content.decode())
    write(Client(), table, "ns", 1, NS_WINS)
    accept(Client(), table, "ew", DealProposal.objects.get(table=table))
    response = write(Client(), table, "ew", 1, NS_WINS, key="again-key-1", **HTMX)
    assert "Deal 1 is already saved: ask the organiser for a correction." in text_of(
        response.content.decode()
    )
    assert DealProposal.objects.filter(table=table).count() == 1


@pytest.mark.django_db
def test_the_opponents_cannot_write_over_a_deal_waiting_for_them(club: Club) -> None:
    table = players_table(club)
    write(Client(), table, "ns", 1, NS_WINS)
    response = write(Client(), table, "ew", 1, EW_VERSION, key="ew-own-key", **HTMX)
    pair = Seat.objects.get(table=table, direction="ns").pair.number
    assert (
        f"Pair {pair} has already written deal 1: accept it, or say it is wrong and write your "
        "version." in text_of(response.content.decode())
    )


@pytest.mark.django_db
def test_a_pair_may_change_its_deal_until_the_opponents_answer(club: Club) -> None:
    table = players_table(club)
    phone = Client()
    write(phone, table, "ns", 1, NS_WINS)
    page = text_of(
        phone.get(reverse("link_table", args=[link(table, "ns")]) + "?change=1").content.decode()
    )
    assert "Change deal 1" in page
    write(phone, table, "ns", 1, EW_VERSION, key="changed-key-1")
    statuses = list(
        DealProposal.objects.filter(table=table).order_by("id").values_list("status", "totals")
    )
    assert statuses == [("replaced", {"ns": 600, "ew": 70}), ("waiting", {"ns": 600, "ew": 120})]
    accept(Client(), table, "ew", DealProposal.objects.get(table=table, status="waiting"))
    assert saved_totals(table) == {(1, "ns"): 600, (1, "ew"): 120}


@pytest.mark.django_db
def test_an_illegal_deal_is_refused_by_the_engine_and_nothing_is_written(club: Club) -> None:
    table = players_table(club)
    bad: dict[str, Any] = {
        "ns": {"melded_points": "20", "burracos_clean": "1", "pot": "taken"},
        "ew": {"melded_points": "100", "pot": "taken"},
        "closed": "ns",
    }  # a clean burraco needs at least 7 cards, 35 points in classico: 20 is not enough
    response = write(Client(), table, "ns", 1, bad, **HTMX)
    text = text_of(response.content.decode())
    assert "N-S" in text and "burraco" in text and "20" in text
    assert not DealProposal.objects.exists()
    assert not ResultChange.objects.exists()


@pytest.mark.django_db
def test_a_refused_send_is_announced_and_the_focus_goes_to_the_first_error(club: Club) -> None:
    table = players_table(club)
    wrong = {**NS_WINS, "ns": {**NS_WINS["ns"], "melded_points": "-30"}}
    page = write(Client(), table, "ns", 1, wrong, **HTMX).content.decode()
    alert = re.findall(r'<p class="notice bad" role="alert" id="not-sent"[^>]*>([^<]*)</p>', page)
    assert alert == ["Deal 1 is not sent: correct what is marked below, then send it again."]
    focused = re.findall(r"<input[^>]*autofocus[^>]*>", page)
    assert len(focused) == 1 and 'name="ns-melded_points"' in focused[0]
    # the engine's refusal is no field's: the alert takes the focus
    engine = {**NS_WINS, "ns": {**NS_WINS["ns"], "melded_points": "20"}}
    page = write(Client(), table, "ns", 1, engine, key="key-0002", **HTMX).content.decode()
    assert 'id="not-sent" tabindex="-1" autofocus>' in page
    assert not DealProposal.objects.exists()


@pytest.mark.django_db
def test_a_dispute_must_differ_from_the_deal_it_answers(club: Club) -> None:
    table = players_table(club)
    write(Client(), table, "ns", 1, NS_WINS)
    proposal = DealProposal.objects.get(table=table)
    data = form_data(table, 1, NS_WINS) | {"key": "same-version"}
    response = Client().post(
        reverse("link_dispute", args=[link(table, "ew"), proposal.pk]), data, **HTMX
    )
    assert "Your version is the same as theirs: if it is right, accept it." in text_of(
        response.content.decode()
    )
    proposal.refresh_from_db()
    assert proposal.status == "waiting"


@pytest.mark.django_db
def test_too_many_requests_from_one_link_are_refused_for_a_minute(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    from django.core.cache import cache

    from tournaments.rules import limits

    cache.clear()
    monkeypatch.setattr(limits, "LINK_REQUESTS_PER_MINUTE", 3)
    table = players_table(club)
    url = reverse("link_table", args=[link(table, "ns")])
    phone = Client()
    assert [phone.get(url).status_code for _ in range(3)] == [200, 200, 200]
    refused = phone.get(url)
    assert refused.status_code == 429
    assert refused["Retry-After"] == "60"
    assert "Too many requests from this link" in text_of(refused.content.decode())
    other = reverse("link_table", args=[link(table, "ew")])
    assert phone.get(other).status_code == 200  # the count is the link's, not the phone's
    cache.clear()


@pytest.mark.django_db
def test_a_pairs_page_is_never_stored_by_a_browser_or_proxy(club: Club) -> None:
    table = players_table(club)
    response = Client().get(reverse("link_table", args=[link(table, "ns")]))
    assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]


@pytest.mark.django_db
def test_the_page_follows_the_table_by_itself_with_htmx(club: Club) -> None:
    table = players_table(club)
    url = reverse("link_table", args=[link(table, "ew")])
    status = Client().get(url + "?region=status", **HTMX).content.decode()
    assert status.startswith('<section id="status"') or 'id="status"' in status.split(">")[0]
    assert "Send deal" not in status  # only the region the poll replaces
    write(Client(), table, "ns", 1, NS_WINS)
    status = text_of(Client().get(url + "?region=status", **HTMX).content.decode())
    assert "Deal 1, as N-S wrote it" in status and "Accept deal 1" in status
    whole = Client().get(url).content.decode()
    assert "<html" in whole and 'id="link-main"' in whole


# --- the organiser's side -------------------------------------------------------------------


@pytest.mark.django_db
def test_the_organiser_takes_a_table_over_and_its_links_stop_writing(
    club: Club, organiser_client: Client
) -> None:
    table = players_table(club)
    write(Client(), table, "ns", 1, NS_WINS)
    response = organiser_client.post(reverse("table_entry_by", args=[table.pk]), {"organiser": "1"})
    assert response.status_code == 302
    assert response["Location"] == reverse("table_entry", args=[table.pk])
    table.refresh_from_db()
    assert table.organiser_enters
    assert DealProposal.objects.get(table=table).status == "replaced"  # set aside
    response = write(Client(), table, "ns", 1, NS_WINS, key="after-switch", **HTMX)
    assert "The organiser enters the results of table 1." in text_of(response.content.decode())
    event = table.round.tournament.events.get(kind="table_entry")
    assert (event.table_number, event.after) == (1, {"organiser_enters": True})
    organiser_client.post(reverse("table_entry_by", args=[table.pk]), {"organiser": "0"})
    table.refresh_from_db()
    assert not table.organiser_enters
    assert organiser_client.post(reverse("table_entry_by", args=[table.pk])).status_code == 400


@pytest.mark.django_db
def test_the_organisers_own_entry_sets_the_pairs_versions_aside(
    club: Club, organiser_client: Client
) -> None:
    table = players_table(club)
    write(Client(), table, "ns", 1, NS_WINS)
    organiser_client.post(reverse("deal_save", args=[table.pk]), form_data(table, 1, EW_VERSION))
    assert saved_totals(table) == {(1, "ns"): 600, (1, "ew"): 120}
    assert DealProposal.objects.get(table=table).status == "replaced"


@pytest.mark.django_db
def test_the_round_board_shows_each_tables_state_and_links(
    club: Club, organiser_client: Client
) -> None:
    table = players_table(club, pairs=8)
    write(Client(), table, "ns", 1, NS_WINS)
    board = organiser_client.get(reverse("round_board", args=[table.round_id])).content.decode()
    for seat in Seat.objects.filter(round=table.round):
        assert f'href="/p/{seat.pair.token}/"' in board
    assert "Waiting for the opponents" in board
    assert text_of(board).count("Not started") == 3
    accept(Client(), table, "ew", DealProposal.objects.get(table=table))
    board = text_of(
        organiser_client.get(reverse("round_board", args=[table.round_id])).content.decode()
    )
    assert "Entering" in board and "No deal to decide: the pairs agree so far." in board


@pytest.mark.django_db
def test_another_clubs_organiser_cannot_decide_a_dispute(club: Club, other_client: Client) -> None:
    table = players_table(club)
    write(Client(), table, "ns", 1, NS_WINS)
    proposal = DealProposal.objects.get(table=table)
    data = form_data(table, 1, EW_VERSION) | {"key": "ew-version-9"}
    Client().post(reverse("link_dispute", args=[link(table, "ew"), proposal.pk]), data)
    assert other_client.post(reverse("dispute_choose", args=[proposal.pk])).status_code == 404
    assert not Deal.objects.exists()


@pytest.mark.django_db
def test_a_pairs_link_is_its_own_for_the_evening_whatever_the_seating(club: Club) -> None:
    """One link a pair for the whole evening: seating the round again, swapping two pairs or
    playing the next round changes where it opens, never the link."""
    tournament = make_tournament(club, pairs=4, result_entry="players", rounds=2)
    before = dict(tournament.pairs.values_list("pk", "token"))
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=1)
    services.round_reseat(round=prepared.round, movement="random", seed=7)
    pairs = list(tournament.pairs.order_by("number"))
    services.round_swap(round=prepared.round, pair_a=pairs[0], pair_b=pairs[1])
    assert dict(tournament.pairs.values_list("pk", "token")) == before
    assert len(set(before.values())) == 4 and all(len(token) == 26 for token in before.values())
    seat = Seat.objects.select_related("table").get(round=prepared.round, pair=pairs[0])
    page = text_of(Client().get(reverse("link_table", args=[pairs[0].token])).content.decode())
    assert f"Round 1 · Table {seat.table.number}" in page


@pytest.mark.django_db
def test_the_public_pair_page_says_where_the_pair_plays_now(club: Club) -> None:
    tournament = make_tournament(club, pairs=4, published=True)
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=1)
    seat = Seat.objects.select_related("table").get(round=prepared.round, pair__number=1)
    url = reverse("public_pair", args=[club.slug, tournament.slug, 1])
    page = text_of(Client().get(url).content.decode())
    assert f"Next: Round 1 Table {seat.table.number}" in page
    services.round_start(round=prepared.round)
    page = text_of(Client().get(url).content.decode())
    assert f"Now: Round 1 Table {seat.table.number}" in page


@pytest.mark.django_db
def test_a_phone_switches_to_card_mode_and_writes_a_deal_card_by_card(club: Club) -> None:
    table = players_table(club)
    url = reverse("link_table", args=[link(table, "ns")])
    form = Client().get(url + "?region=entry-form&mode=cards", **HTMX).content.decode()
    assert form.startswith('\n<section id="entry-form"') or '<section id="entry-form"' in form
    assert "Melds, one a line" in form and "data-card-keys" in form  # the tap keyboard
    data = form_data(table, 1, {"closed": "ns"}, mode="cards") | {
        "key": "cards-key-01",
        "table": str(table.pk),
        "ns-melds": "3H 4H 5H 6H 7H 8H 9H\nK♠ K♦ K♣",  # suit symbols, as the keys write them
        "ew-melds": "QH QS QD",
        "ew-hand": "AS 4C",
    }
    write_url = reverse("link_write", args=[link(table, "ns")])
    assert Client().post(write_url, data).status_code == 302
    proposal = DealProposal.objects.get(table=table)
    assert (proposal.mode, proposal.totals) == ("cards", {"ns": 375, "ew": 10})
    assert proposal.entry["sides"][0]["melds"][1] == ["KS", "KD", "KC"]


@pytest.mark.django_db
def test_the_change_log_says_each_step_and_whose_link_made_it(
    club: Club, organiser_client: Client
) -> None:
    table = players_table(club)
    pairs = {s.direction: s.pair.number for s in Seat.objects.filter(table=table)}
    write(Client(), table, "ns", 1, NS_WINS)
    accept(Client(), table, "ew", DealProposal.objects.get(table=table))
    write(Client(), table, "ns", 2, NS_WINS, key="second-deal")
    proposal = DealProposal.objects.get(table=table, number=2)
    data = form_data(table, 2, EW_VERSION) | {"key": "ew-version-2"}
    Client().post(reverse("link_dispute", args=[link(table, "ew"), proposal.pk]), data)
    counter = DealProposal.objects.get(table=table, number=2, direction="ew")
    organiser_client.post(reverse("dispute_choose", args=[counter.pk]))
    organiser_client.post(reverse("table_entry_by", args=[table.pk]), {"organiser": "1"})
    page = text_of(
        organiser_client.get(
            reverse("tournament_changes", args=[table.round.tournament_id])
        ).content.decode()
    )
    ns, ew = pairs["ns"], pairs["ew"]
    for said in (
        "Deal 1 written on a phone: N-S 600, E-W 70; it waits for the opponents.",
        f"the link of pair {ns}",
        f"Deal 1 accepted, as pair {ns} wrote it: N-S 600, E-W 70.",
        f"the link of pair {ew}",
        f"Deal 2 disputed: pair {ns} wrote N-S 600, E-W 70, the opponents N-S 600, E-W 120.",
        f"Deal 2 decided: pair {ew}'s version counts, N-S 600, E-W 120.",
        "The organiser enters table 1 from now on.",
    ):
        assert said in page, said


@pytest.mark.django_db
def test_a_links_status_and_steps_read_a_fixed_handful_of_rows(club: Club) -> None:
    """At a round's end hundreds of phones ask at once: a link's page reads what it shows (the
    table, its pairs, deals, sides and the players' versions), not the neighbouring tables,
    the change log or the stored melds, and a step locks and reads its table once."""
    table = players_table(club)
    phone_ns, phone_ew = Client(), Client()
    status = reverse("link_table", args=[link(table, "ew")]) + "?region=status"
    with CaptureQueriesContext(connection) as queries:
        phone_ew.get(status, **HTMX)
    # the link's seat, then the page: table, seats with pairs and players, deals (none saved
    # yet, so no sides to read), the players' versions
    assert len(statements(queries)) == 5, statements(queries)
    url = reverse("link_write", args=[link(table, "ns")])
    data = form_data(table, 1, NS_WINS) | {"key": "key-0001", "table": str(table.pk)}
    with CaptureQueriesContext(connection) as queries:
        phone_ns.post(url, data, **HTMX)
    assert DealProposal.objects.filter(table=table).count() == 1
    assert len(statements(queries)) == 14, statements(queries)
    tables_read = [q for q in statements(queries) if q.startswith('SELECT "tournaments_table"')]
    assert len(tables_read) == 2  # locked for the step, then read for the page after it
    proposal = DealProposal.objects.get(table=table)
    accept = reverse("link_accept", args=[link(table, "ew"), proposal.pk])
    with CaptureQueriesContext(connection) as queries:
        answer = phone_ew.post(accept, **HTMX)
    assert "Deal 1 accepted" in answer.content.decode()
    assert Deal.objects.filter(table=table, number=1).count() == 1
    # the save reads the table it locked for the step, not again; and takes no savepoint
    tables_read = [q for q in statements(queries) if q.startswith('SELECT "tournaments_table"')]
    assert len(tables_read) == 2  # locked for the step, then read for the page after it
    after_seat = statements_from_seat(queries)
    # one savepoint: the step's own (a savepoint only because the test runs in a transaction)
    assert sum(sql.startswith("SAVEPOINT") for sql in after_seat) == 1, after_seat
    # (SQLite reads the tournament's new results version back: PostgreSQL's UPDATE returns it)
    assert len(statements(queries)) == (20 if connection.vendor == "postgresql" else 21)


def statements_from_seat(queries: CaptureQueriesContext) -> list[str]:
    """Every statement from the link's seat on (the cache's counting before it left out)."""
    sql = [q["sql"] for q in queries]
    first = next(i for i, text in enumerate(sql) if text.startswith('SELECT "tournaments_seat"'))
    return sql[first:]


def statements(queries: CaptureQueriesContext) -> list[str]:
    """The statements a request ran on the app's tables (without the transaction's own, and
    without the database cache's when there is no Redis)."""
    transaction = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE SAVEPOINT")
    return [
        q["sql"]
        for q in queries
        if not q["sql"].startswith(transaction) and "burraco_cache" not in q["sql"]
    ]
