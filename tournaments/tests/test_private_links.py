"""Each pair's link in that pair's hands only (issue 21, items 1 and 2): one private link and
pair code a pair for the whole evening, printed on its own slip and on no public or printed
page; the opponents accepting on the writer's phone with their pair code, wrong codes limited
per table and round in the database; a new link and code when a slip is lost or seen; and a
sending key looked up for its own link and step, after the refusals, answering only what is
true now."""

import hmac
import importlib
import re
from typing import Any

import pytest
from django.apps import apps
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.backup import tournament_export, tournament_import
from tournaments.models import (
    Club,
    Deal,
    DealProposal,
    Pair,
    ResultChange,
    Seat,
    Table,
    Tournament,
    TournamentEvent,
)
from tournaments.rules.limits import WRONG_PAIR_CODES_PER_ROUND
from tournaments.services import links as link_services
from tournaments.tests.conftest import make_tournament
from tournaments.tests.qr_helpers import decode_svg, qr_svgs
from tournaments.tests.test_player_entry import (
    EW_VERSION,
    HTMX,
    accept,
    link,
    players_table,
    saved_totals,
    write,
)
from tournaments.tests.test_views_entry import NS_WINS, form_data, text_of


def pair_at(table: Table, direction: str) -> Pair:
    return Seat.objects.select_related("pair").get(table=table, direction=direction).pair


def accept_with_code(client: Client, table: Table, proposal: DealProposal, code: str) -> Any:
    """The opponents type `code` on the phone of the pair that wrote `proposal`."""
    url = reverse("link_accept_code", args=[link(table, proposal.direction), proposal.pk])
    return client.post(url, {"code": code})


def links_and_codes(tournament: Tournament) -> tuple[set[str], set[str]]:
    pairs = list(tournament.pairs.all())
    return {pair.token for pair in pairs}, {pair.code for pair in pairs}


def wrong_code(pair: Pair) -> str:
    return f"{(int(pair.code) + 1) % 10**6:06d}"


# --- nothing public or printed shows a pair's link or code ------------------------------------


@pytest.mark.django_db
def test_the_printed_seating_and_score_sheets_carry_no_pairs_link(
    club: Club, organiser_client: Client
) -> None:
    """Every QR code on the round's prints is read as a phone's camera reads it: none opens a
    pair's page, and no pair's link or code is written anywhere on them."""
    table = players_table(club, pairs=9)  # four tables and a bye
    tournament = Tournament.objects.get(pk=table.round.tournament_id)
    tokens, codes = links_and_codes(tournament)
    for name in ("print_seating", "print_score_sheets"):
        page = organiser_client.get(reverse(name, args=[table.round_id])).content.decode()
        read = [decode_svg(svg) for svg in qr_svgs(page)]
        assert not [address for address in read if "/p/" in address], name
        assert not [token for token in tokens if token in page], name
        assert not [code for code in codes if re.search(rf"\b{code}\b", page)], name
        assert "Enter your results on your phone: scan the QR code on your pair's own slip." in (
            text_of(page)
        )
    seating = organiser_client.get(reverse("print_seating", args=[table.round_id]))
    public = f"http://testserver/t/{club.slug}/{tournament.slug}/"
    assert [decode_svg(svg) for svg in qr_svgs(seating.content.decode())] == [public]


@pytest.mark.django_db
def test_a_pair_that_reads_every_printed_page_cannot_accept_its_own_deal(
    club: Club, organiser_client: Client
) -> None:
    """The attack of the issue: N-S writes a deal, then scans the other codes on the seating
    and its score sheet to accept it as E-W. No printed code opens E-W's page any more."""
    table = players_table(club)
    write(Client(), table, "ns", 1, NS_WINS)
    proposal = DealProposal.objects.get(table=table)
    for name in ("print_seating", "print_score_sheets"):
        page = organiser_client.get(reverse(name, args=[table.round_id])).content.decode()
        for address in (decode_svg(svg) for svg in qr_svgs(page)):
            path = address.removeprefix("http://testserver")
            Client().post(f"{path.rstrip('/')}/deals/{proposal.pk}/accept/")
    proposal.refresh_from_db()
    assert proposal.status == "waiting"
    assert not Deal.objects.filter(table=table).exists()


@pytest.mark.django_db
def test_find_your_table_and_the_public_pages_show_the_table_not_the_link(club: Club) -> None:
    table = players_table(club, published=True)
    tournament = Tournament.objects.get(pk=table.round.tournament_id)
    tokens, codes = links_and_codes(tournament)
    pair = pair_at(table, "ns")
    pages = [
        reverse("public_find", args=[club.slug, tournament.slug]),
        reverse("public_tournament", args=[club.slug, tournament.slug]),
        reverse("public_projector", args=[club.slug, tournament.slug]),
        reverse("public_pair", args=[club.slug, tournament.slug, pair.number]),
    ]
    for url in pages:
        page = Client().get(url).content.decode()
        assert not [token for token in tokens if token in page], url
        assert not [code for code in codes if re.search(rf"\b{code}\b", page)], url
        assert not [a for a in (decode_svg(svg) for svg in qr_svgs(page)) if "/p/" in a], url
    find = text_of(Client().get(pages[0]).content.decode())
    number = pair.number
    assert f"Surname{number}a Name{number}a {number} 1 N-S" in find  # pair, table 1, N-S


# --- the slips ---------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_slips_give_each_pair_its_own_link_and_code(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=7, result_entry="players")
    pairs = {pair.number: pair for pair in tournament.pairs.all()}
    page = organiser_client.get(reverse("print_slips", args=[tournament.pk])).content.decode()
    read = [decode_svg(svg) for svg in qr_svgs(page)]
    assert read == [f"http://testserver/p/{pairs[n].token}/" for n in sorted(pairs)]
    text = text_of(page)
    for number, pair in pairs.items():
        assert f"Pair {number} Name{number}a Surname{number}a – Name{number}b Surname{number}b" in (
            text
        )
        assert f"Pair code {pair.code[:3]} {pair.code[3:]}" in text
        assert f'<span class="host">testserver</span>/p/{pair.token}/</span>' in page
    assert page.count('class="slip"') == 7
    # after a new link: one pair's slip alone
    one = organiser_client.get(reverse("print_slips", args=[tournament.pk]) + "?pair=3")
    assert [decode_svg(svg) for svg in qr_svgs(one.content.decode())] == [
        f"http://testserver/p/{pairs[3].token}/"
    ]


@pytest.mark.django_db
def test_the_slips_are_reached_from_the_tournament_pairs_and_round_pages(
    club: Club, organiser_client: Client
) -> None:
    table = players_table(club)
    tournament_id = table.round.tournament_id
    slips = reverse("print_slips", args=[tournament_id])
    for url in (
        reverse("tournament_detail", args=[tournament_id]),
        reverse("pairs_add", args=[tournament_id]),
        reverse("round_board", args=[table.round_id]),
        reverse("pair_detail", args=[pair_at(table, "ns").pk]),
    ):
        assert f'href="{slips}?' in organiser_client.get(url).content.decode(), url


@pytest.mark.django_db
def test_pair_codes_are_six_digits_and_never_shared_in_a_tournament(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = iter(["111111", "111111", "222222", "111111", "222222", "333333", "444444"] * 3)
    monkeypatch.setattr(link_services, "new_pair_code", lambda: next(drawn))
    tournament = make_tournament(club, pairs=4)
    codes = sorted(tournament.pairs.values_list("code", flat=True))
    assert len(set(codes)) == 4
    assert all(re.fullmatch(r"\d{6}", code) for code in codes)


@pytest.mark.django_db
def test_a_code_is_compared_in_constant_time(club: Club, monkeypatch: pytest.MonkeyPatch) -> None:
    compared: list[tuple[bytes, bytes]] = []

    def compare_digest(a: bytes, b: bytes) -> bool:
        compared.append((a, b))
        return a == b

    monkeypatch.setattr(hmac, "compare_digest", compare_digest)
    pair = make_tournament(club, pairs=2).pairs.get(number=1)
    assert link_services.code_matches(pair, pair.code)
    assert not link_services.code_matches(pair, "000000" if pair.code != "000000" else "1")
    assert [a for a, _b in compared] == [pair.code.encode()] * 2


# --- accepting on one phone ------------------------------------------------------------------


@pytest.mark.django_db
def test_the_opponents_accept_on_the_writers_phone_with_their_code(
    club: Club, organiser_client: Client
) -> None:
    table = players_table(club)
    ns, ew = pair_at(table, "ns"), pair_at(table, "ew")
    phone = Client()  # North-South's, the only phone at the table
    write(phone, table, "ns", 1, NS_WINS)
    page = text_of(phone.get(reverse("link_table", args=[ns.token])).content.decode())
    assert "E-W: accept deal 1 on this phone" in page
    assert "E-W's pair code" in page and "Accept deal 1 (E-W)" in page
    proposal = DealProposal.objects.get(table=table)

    response = accept_with_code(phone, table, proposal, f"{ew.code[:3]} {ew.code[3:]}")
    assert response.status_code == 302
    shown = text_of(phone.get(response.url).content.decode())
    assert "Deal 1 accepted by E-W with their pair code: it counts." in shown
    assert "accepted here by E-W with their pair code" in shown
    assert saved_totals(table) == {(1, "ns"): 600, (1, "ew"): 70}
    proposal.refresh_from_db()
    assert (proposal.status, proposal.accepted_with_code) == ("accepted", True)
    step = ResultChange.objects.get(table=table, action="accepted")
    assert step.pair == ew  # recorded as theirs
    assert (step.after or {}).get("with_code") is True
    # E-W's own link says so
    theirs = text_of(Client().get(reverse("link_table", args=[ew.token])).content.decode())
    assert "accepted on N-S's phone with your pair code" in theirs
    log = text_of(
        organiser_client.get(
            reverse("tournament_changes", args=[table.round.tournament_id])
        ).content.decode()
    )
    assert (
        f"Deal 1 accepted with the pair code, on the phone of pair {ns.number}, who wrote it: "
        "N-S 600, E-W 70." in log
    )
    assert f"the pair code of pair {ew.number}" in log


@pytest.mark.django_db
def test_accepting_on_their_own_phone_works_as_before(club: Club) -> None:
    table = players_table(club)
    write(Client(), table, "ns", 1, NS_WINS)
    assert accept(Client(), table, "ew", DealProposal.objects.get(table=table)).status_code == 302
    proposal = DealProposal.objects.get(table=table)
    assert (proposal.status, proposal.accepted_with_code) == ("accepted", False)


@pytest.mark.django_db
def test_a_pair_cannot_accept_its_own_deal_with_its_own_code(club: Club) -> None:
    table = players_table(club)
    ns = pair_at(table, "ns")
    phone = Client()
    write(phone, table, "ns", 1, NS_WINS)
    proposal = DealProposal.objects.get(table=table)
    response = accept_with_code(phone, table, proposal, ns.code)
    assert response.status_code == 403
    assert "That is not E-W's pair code. 4 more tries at this table in this round." in text_of(
        response.content.decode()
    )
    assert not Deal.objects.filter(table=table).exists()
    # nor with the code typed on the opponents' phone for the opponents' deal
    url = reverse("link_accept_code", args=[link(table, "ew"), proposal.pk])
    response = phone.post(url, {"code": pair_at(table, "ns").code})
    assert response.status_code == 409
    assert "The opponents wrote this deal: accept it yourselves" in text_of(
        response.content.decode()
    )
    assert not Deal.objects.filter(table=table).exists()


@pytest.mark.django_db
def test_wrong_codes_are_limited_then_the_table_goes_to_the_organiser(
    club: Club, organiser_client: Client
) -> None:
    table = players_table(club)
    ew = pair_at(table, "ew")
    write(Client(), table, "ns", 1, NS_WINS)
    proposal = DealProposal.objects.get(table=table)
    said = []
    for _ in range(WRONG_PAIR_CODES_PER_ROUND):
        cache.clear()  # the count is the table's row, not the cache: it holds across workers
        response = accept_with_code(Client(), table, proposal, wrong_code(ew))
        assert response.status_code == 403
        said.append(
            re.search(
                r"That is not E-W's pair code[^.]*\.[^.]*\.", text_of(response.content.decode())
            )
        )
    texts = [found.group(0) if found else "" for found in said]
    assert texts[:4] == [
        "That is not E-W's pair code. 4 more tries at this table in this round.",
        "That is not E-W's pair code. 3 more tries at this table in this round.",
        "That is not E-W's pair code. 2 more tries at this table in this round.",
        "That is not E-W's pair code. 1 more try at this table in this round.",
    ]
    assert texts[4] == (
        "That is not E-W's pair code either: after 5 wrong codes the organiser now enters the "
        "results of table 1. Call the organiser."
    )
    table.refresh_from_db()
    assert (table.wrong_codes, table.organiser_enters) == (5, True)
    proposal.refresh_from_db()
    assert proposal.status == "replaced"  # set aside, as when the organiser takes a table over
    # the right code now comes too late: the organiser enters the table
    response = accept_with_code(Client(), table, proposal, ew.code)
    assert response.status_code == 409
    assert "The organiser enters the results of table 1." in text_of(response.content.decode())
    assert not Deal.objects.filter(table=table).exists()
    event = TournamentEvent.objects.get(kind="table_entry")
    assert (event.table_number, event.user, event.details) == (
        1,
        None,
        {"why": "wrong_codes", "wrong_codes": 5},
    )
    board = text_of(
        organiser_client.get(reverse("round_board", args=[table.round_id])).content.decode()
    )
    assert "5 wrong pair codes were typed at this table: you enter its results now." in board
    log = text_of(
        organiser_client.get(
            reverse("tournament_changes", args=[table.round.tournament_id])
        ).content.decode()
    )
    assert "The organiser enters table 1 from now on: 5 wrong pair codes were typed there." in log
    # done by the table's phone, not by someone the organiser should worry about
    assert re.search(r"\d the phone at table 1 1 1 Who enters a table's results changed", log)
    # given back to the players, the table starts its count again
    organiser_client.post(reverse("table_entry_by", args=[table.pk]), {"organiser": "0"})
    table.refresh_from_db()
    assert (table.wrong_codes, table.organiser_enters) == (0, False)


@pytest.mark.django_db
def test_a_code_that_is_not_six_digits_is_refused_without_counting(club: Club) -> None:
    table = players_table(club)
    write(Client(), table, "ns", 1, NS_WINS)
    proposal = DealProposal.objects.get(table=table)
    for typed in ("", "12345", "1234567", "12a456", "１２３４５６"):
        response = accept_with_code(Client(), table, proposal, typed)
        assert response.status_code == 403
        assert "A pair code has 6 digits: type the 6 digits on E-W's slip." in text_of(
            response.content.decode()
        )
    table.refresh_from_db()
    assert table.wrong_codes == 0


# --- a new link and code -----------------------------------------------------------------------


@pytest.mark.django_db
def test_the_organiser_issues_a_new_link_and_code_and_the_old_ones_stop_at_once(
    club: Club, organiser_client: Client
) -> None:
    table = players_table(club)
    ew = pair_at(table, "ew")
    old_token, old_code = ew.token, ew.code
    response = organiser_client.post(reverse("pair_link_reissue", args=[ew.pk]))
    assert response.status_code == 302
    page = text_of(organiser_client.get(response["Location"]).content.decode())
    assert (
        f"Pair {ew.number} has a new link and a new pair code: its old slip opens nothing from "
        "now on." in page
    )
    ew.refresh_from_db()
    assert ew.token != old_token and ew.code != old_code and len(ew.token) == 26
    old = Client().get(reverse("link_table", args=[old_token]))
    assert old.status_code == 404 and "This link opens no table" in old.content.decode()
    assert Client().get(reverse("link_table", args=[ew.token])).status_code == 200
    # the old code accepts nothing on the writer's phone; the new one does
    write(Client(), table, "ns", 1, NS_WINS)
    proposal = DealProposal.objects.get(table=table)
    assert accept_with_code(Client(), table, proposal, old_code).status_code == 403
    assert accept_with_code(Client(), table, proposal, ew.code).status_code == 302
    event = TournamentEvent.objects.get(kind="link_issued")
    assert event.after == {"pair": ew.number, "names": ew.names}
    log = organiser_client.get(
        reverse("tournament_changes", args=[table.round.tournament_id])
    ).content.decode()
    assert (
        f"Pair {ew.number} ({ew.names}): a new link and pair code; the old ones no longer work."
        in text_of(log)
    )
    assert ew.token not in log and old_token not in log and ew.code not in log


@pytest.mark.django_db
def test_a_new_link_is_refused_once_the_tournament_is_finished(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=2, rounds=1, result_entry="players")
    pair = tournament.pairs.get(number=1)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    response = organiser_client.post(reverse("pair_link_reissue", args=[pair.pk]), follow=True)
    assert "The tournament is finished: its results are final." in text_of(
        response.content.decode()
    )
    assert Pair.objects.get(pk=pair.pk).token == pair.token


# --- where a link opens ------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_link_follows_its_pair_to_the_next_round(club: Club) -> None:
    table = players_table(club, pairs=4, deals_per_round=1)
    ns = pair_at(table, "ns")
    write(Client(), table, "ns", 1, NS_WINS)
    accept(Client(), table, "ew", DealProposal.objects.get(table=table))
    for other in Table.objects.filter(round=table.round).exclude(pk=table.pk):
        write(Client(), other, "ns", 1, NS_WINS)
        accept(Client(), other, "ew", DealProposal.objects.get(table=other))
    url = reverse("link_table", args=[ns.token])
    closed = Client().get(url).content.decode()  # round 1 over: the page waits for the next
    assert f'hx-get="{url}?table={table.pk}" hx-trigger="every 15s"' in closed
    tournament = Tournament.objects.get(pk=table.round.tournament_id)
    second = services.round_prepare(tournament=tournament, movement="random", seed=5).round
    polled = Client().get(f"{url}?table={table.pk}", **HTMX)
    assert polled["HX-Refresh"] == "true"  # the next table is there: the page loads afresh
    services.round_start(round=second)
    seat = Seat.objects.select_related("table").get(round=second, pair=ns)
    page = text_of(Client().get(reverse("link_table", args=[ns.token])).content.decode())
    assert f"Round 2 · Table {seat.table.number}" in page
    evening = text_of(Client().get(reverse("link_evening", args=[ns.token])).content.decode())
    assert f"Now: Round 2 Table {seat.table.number}" in evening


@pytest.mark.django_db
def test_a_deal_written_in_an_earlier_round_is_not_saved_at_the_new_table(club: Club) -> None:
    """A phone offline since round 1 sends its deal once round 2 is under way: the link now
    opens round 2's table, where that deal does not belong."""
    table = players_table(club, pairs=2, deals_per_round=1)
    write(Client(), table, "ns", 1, NS_WINS)
    accept(Client(), table, "ew", DealProposal.objects.get(table=table))
    tournament = Tournament.objects.get(pk=table.round.tournament_id)
    second = services.round_prepare(tournament=tournament, movement="random", seed=3).round
    services.round_start(round=second)
    data = form_data(table, 1, EW_VERSION) | {"key": "offline-since", "table": str(table.pk)}
    ns = pair_at(table, "ns")
    response = Client().post(reverse("link_write", args=[ns.token]), data, **HTMX)
    assert response.status_code == 409
    new_table = Seat.objects.select_related("table").get(round=second, pair=ns).table.number
    assert (
        "This deal was written at another table, in an earlier round: it was not saved here. "
        f"Your pair now plays at table {new_table}." in text_of(response.content.decode())
    )
    assert not DealProposal.objects.filter(table__round=second).exists()


@pytest.mark.django_db
def test_a_pair_not_seated_yet_is_told_so_and_its_page_waits(club: Club) -> None:
    tournament = make_tournament(club, pairs=4, result_entry="players")
    pair = tournament.pairs.get(number=2)
    url = reverse("link_table", args=[pair.token])
    page = Client().get(url)
    assert page.status_code == 200
    assert "Your pair has no table yet" in text_of(page.content.decode())
    assert 'hx-get="' + url + '?region=seated"' in page.content.decode()
    sent = Client().post(reverse("link_write", args=[pair.token]), {"key": "too-early-1"})
    assert sent.status_code == 409
    assert not DealProposal.objects.exists()
    services.round_prepare(tournament=tournament, movement="random", seed=1)
    polled = Client().get(url + "?region=seated", **HTMX)
    assert polled["HX-Refresh"] == "true"


@pytest.mark.django_db
def test_a_link_typed_in_capitals_is_the_same_link(club: Club) -> None:
    table = players_table(club)
    token = link(table, "ns")
    page = Client().get(reverse("link_table", args=[token.upper()]))
    assert page.status_code == 200 and "Round 1 · Table 1" in text_of(page.content.decode())


# --- sending keys: per link and step, after the refusals, never untrue --------------------------


@pytest.mark.django_db
def test_an_old_key_replayed_after_the_organiser_settled_says_what_is_true(
    club: Club, organiser_client: Client
) -> None:
    """The issue's first case: deal 2 written by N-S, disputed, settled by the organiser; N-S's
    phone sends its old step again. It is not told "Deal 2 sent, E-W to accept"."""
    table = players_table(club)
    write(Client(), table, "ns", 1, NS_WINS)
    accept(Client(), table, "ew", DealProposal.objects.get(table=table))
    write(Client(), table, "ns", 2, NS_WINS, key="ns-deal-2")
    proposal = DealProposal.objects.get(table=table, number=2)
    data = form_data(table, 2, EW_VERSION) | {"key": "ew-deal-2"}
    Client().post(reverse("link_dispute", args=[link(table, "ew"), proposal.pk]), data)
    counter = DealProposal.objects.get(table=table, number=2, direction="ew")
    organiser_client.post(reverse("dispute_choose", args=[counter.pk]))
    proposals, changes = DealProposal.objects.count(), ResultChange.objects.count()

    response = write(Client(), table, "ns", 2, NS_WINS, key="ns-deal-2", **HTMX)
    said = text_of(response.content.decode())
    assert "Deal 2 sent" not in said and "accepts it on their phone" not in said
    assert "Deal 2: the organiser has decided which version counts." in said
    assert (DealProposal.objects.count(), ResultChange.objects.count()) == (proposals, changes)


@pytest.mark.django_db
def test_a_key_sent_by_another_link_is_refused_and_writes_nothing(club: Club) -> None:
    """The issue's second case: E-W sends N-S's key. It is not told "Deal 2 sent, N-S to
    accept"; nothing is written."""
    table = players_table(club)
    write(Client(), table, "ns", 1, NS_WINS, key="ns-own-key")
    response = write(Client(), table, "ew", 1, EW_VERSION, key="ns-own-key", **HTMX)
    said = text_of(response.content.decode())
    assert response.status_code == 409
    assert "Deal 1 sent" not in said and "N-S accepts it" not in said
    assert "This was sent from another page: open your table again and send it again." in said
    assert list(DealProposal.objects.values_list("direction", "key")) == [("ns", "ns-own-key")]
    # nor as its version of the deal (another step)
    proposal = DealProposal.objects.get()
    data = form_data(table, 1, EW_VERSION) | {"key": "ns-own-key"}
    url = reverse("link_dispute", args=[link(table, "ew"), proposal.pk])
    response = Client().post(url, data, **HTMX)
    assert response.status_code == 409
    assert DealProposal.objects.count() == 1


@pytest.mark.django_db
def test_a_replayed_write_answers_where_the_deal_stands_now(club: Club) -> None:
    table = players_table(club)
    write(Client(), table, "ns", 1, NS_WINS, key="written-once")
    again = write(Client(), table, "ns", 1, NS_WINS, key="written-once", **HTMX)
    assert (
        "Deal 1 sent. Now E-W accepts it: on this phone with their pair code, "
        "or on their own phone."
    ) in text_of(again.content.decode())
    accept(Client(), table, "ew", DealProposal.objects.get(table=table))
    again = write(Client(), table, "ns", 1, NS_WINS, key="written-once", **HTMX)
    assert again.status_code == 200
    said = text_of(again.content.decode())
    assert "Deal 1 accepted: it counts." in said and "Deal 1 sent" not in said
    assert DealProposal.objects.count() == 1


@pytest.mark.django_db
def test_refusals_come_before_the_key_and_answer_409(club: Club, organiser_client: Client) -> None:
    table = players_table(club)
    write(Client(), table, "ns", 1, NS_WINS, key="before-takeover")
    organiser_client.post(reverse("table_entry_by", args=[table.pk]), {"organiser": "1"})
    response = write(Client(), table, "ns", 1, NS_WINS, key="before-takeover", **HTMX)
    assert response.status_code == 409
    said = text_of(response.content.decode())
    assert "The organiser enters the results of table 1." in said and "Deal 1 sent" not in said
    proposal = DealProposal.objects.get(table=table)
    refused = accept(Client(), table, "ew", proposal)
    assert refused.status_code == 409


@pytest.mark.django_db
def test_a_step_not_sent_whole_answers_400(club: Club) -> None:
    table = players_table(club)
    data = form_data(table, 1, NS_WINS) | {"table": str(table.pk)}  # no key
    response = Client().post(reverse("link_write", args=[link(table, "ns")]), data, **HTMX)
    assert response.status_code == 400
    assert not DealProposal.objects.exists()


# --- backups and the upgrade ---------------------------------------------------------------------


@pytest.mark.django_db
def test_an_imported_copy_gets_new_links_and_codes_and_the_file_holds_none(
    club: Club, other_club: Club
) -> None:
    table = players_table(club, pairs=6)
    tournament = Tournament.objects.get(pk=table.round.tournament_id)
    tokens, _codes = links_and_codes(tournament)
    data = tournament_export(tournament=tournament)
    text = repr(data)
    assert not [token for token in tokens if token in text]
    assert '"code"' not in text and "'code'" not in text
    copy = tournament_import(data=data, club=other_club)
    new_tokens, new_codes = links_and_codes(copy)
    assert len(new_tokens) == 6 and not new_tokens & tokens
    assert len(new_codes) == 6 and all(re.fullmatch(r"\d{6}", code) for code in new_codes)


@pytest.mark.django_db
def test_the_upgrade_gives_every_pair_a_new_link_and_a_code_unique_in_its_tournament(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = make_tournament(club, pairs=5)
    second = make_tournament(club, pairs=5, name="Wednesday")
    before, _codes = links_and_codes(first)
    migration = importlib.import_module("tournaments.migrations.0014_pair_links")
    drawn = iter(["000001", "000001", "000002", "000003", "000002", "000004", "000005"] * 10)
    models = migration.tournaments.models.tournaments
    monkeypatch.setattr(models, "new_pair_code", lambda: next(drawn))
    migration.give_every_pair_a_link_and_a_code(apps, None)
    for tournament in (first, second):
        codes = list(tournament.pairs.values_list("code", flat=True))
        assert len(set(codes)) == 5
    after, _codes = links_and_codes(first)
    assert not after & before  # the old links were printed for everyone: none is kept


@pytest.mark.django_db
def test_the_round_board_printed_or_saved_as_pdf_carries_no_pairs_link(
    club: Club, organiser_client: Client
) -> None:
    """The board shows the organiser each pair's page, but a board printed (or saved as a PDF,
    whose links stay clickable) must not hand them out: every such link is left off the print."""
    table = players_table(club)
    page = organiser_client.get(reverse("round_board", args=[table.round_id])).content.decode()
    anchors = re.findall(r'<a\b[^>]*href="/p/[^"]+"[^>]*>', page)
    assert len(anchors) == 4  # two tables, two pairs each
    assert [a for a in anchors if "no-print" not in a] == []


def test_the_settings_say_where_a_pair_finds_its_link() -> None:
    """The help for "who enters the results" tells the organiser what the app does now: one link
    per pair for the whole evening, on its slip, and the opponents' code on the same phone."""
    from tournaments.forms.settings import TournamentForm

    help_text = str(TournamentForm.base_fields["result_entry"].help_text)
    assert "slip" in help_text
    assert "pair code" in help_text
    assert "score sheet" not in help_text and "for each round" not in help_text


@pytest.mark.django_db
def test_the_writer_is_told_the_opponents_may_accept_on_the_same_phone(club: Club) -> None:
    """A table with one phone: before and after sending, the writing pair reads that the
    opponents may accept right there with their pair code, not only on a phone of their own."""
    table = players_table(club)
    phone = Client()
    before = text_of(phone.get(reverse("link_table", args=[link(table, "ns")])).content.decode())
    assert (
        "Once sent, the deal waits for E-W to accept it, on this phone with their pair code "
        "or on their own: it counts only then."
    ) in before
    sent = text_of(write(phone, table, "ns", 1, NS_WINS, **HTMX).content.decode())
    assert (
        "Deal 1 sent. Now E-W accepts it: on this phone with their pair code, "
        "or on their own phone."
    ) in sent
