"""A phased event shows the girone where it matters (issue 24, item 4): "find your table", the
projector, the public pair page and the pair's "my evening"; a single-field tournament's pages
show none of it."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Pair, Round, Tournament
from tournaments.selectors import phases as read
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_phases import _round, _two_phases


def _split_and_seat(club: Club, organiser: User) -> tuple[Tournament, Round]:
    """12 pairs: 2 Mitchell, then 2 Danese in gironi A and B; round 3 seated (not started)."""
    tournament = _two_phases(club, pairs=12)
    _round(tournament, organiser, seed=1)
    _round(tournament, organiser, seed=2)
    services.split_commit(tournament=tournament, phase_number=2)
    round_3 = _round(tournament, organiser, seed=3, play=False)
    services.tournament_publish(tournament=tournament, published=True)
    tournament.refresh_from_db()
    return tournament, round_3


def _page(client: Client, name: str, tournament: Tournament, *more: object) -> str:
    args = [tournament.club.slug, tournament.slug, *more]
    return client.get(reverse(name, args=args)).content.decode()


def _girone_of(tournament: Tournament) -> dict[int, str]:
    """Pair number -> its girone's name in phase 2."""
    numbers = dict(tournament.pairs.values_list("pk", "number"))
    return {numbers[pid]: g.name for g in read.gironi_of(tournament, 2) for pid in g.pair_ids}


def test_find_your_table_says_the_girone_of_each_table(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament, round_3 = _split_and_seat(club, organiser)
    gironi = _girone_of(tournament)
    page = _page(anonymous_client, "public_find", tournament)
    for table in round_3.tables.filter(is_bye=False).select_related("girone"):
        for seat in table.seats.select_related("pair__player_one"):
            pair = seat.pair
            assert table.girone is not None and gironi[pair.number] == table.girone.name
            row = re.search(
                rf"<strong>{pair.player_one.last_name}</strong>.*?</tr>", page, flags=re.S
            )
            assert row is not None
            expected = f'{table.number} · <span class="girone-name">Girone {table.girone.name}'
            assert expected in row.group(0)
    assert page.count('class="girone-name">Girone A<') == 12  # 6 pairs of 2 players
    assert page.count('class="girone-name">Girone B<') == 12


def test_the_tournament_page_tags_each_seated_table_with_its_girone(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament, _round_3 = _split_and_seat(club, organiser)
    page = _page(anonymous_client, "public_tournament", tournament)
    assert page.count('<small class="girone">Girone A</small>') == 3
    assert page.count('<small class="girone">Girone B</small>') == 3


def test_the_projector_shows_each_girone_ranking_during_the_gironi(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament, _round_3 = _split_and_seat(club, organiser)
    page = _page(anonymous_client, "public_projector", tournament)
    assert page.count('data-panel="girone"') == 2
    assert 'aria-label="Girone A"' in page and 'aria-label="Girone B"' in page
    assert page.count("phase 2, rounds 3 to 4") == 2
    first = read.girone_rankings(tournament, read.plan_of(tournament)[1])[0]
    leader = Pair.objects.get(pk=first.records[0][0])
    section = page.split('aria-label="Girone A"')[1].split("</section>")[0]
    rows = re.findall(r'<tr><td class="num">(\d+)</td><td class="num">(\d+)</td>', section)
    assert len(rows) == 6
    assert rows[0] == ("1", str(leader.number))
    # the seating panel tags each of the 6 tables with its girone
    assert page.count('<small class="girone" title="Girone A">A</small>') == 3
    assert page.count('<small class="girone" title="Girone B">B</small>') == 3


def test_the_projector_of_a_field_phase_shows_no_girone(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = _two_phases(club, pairs=12)
    _round(tournament, organiser, seed=1)
    services.tournament_publish(tournament=tournament, published=True)
    page = _page(anonymous_client, "public_projector", tournament)
    assert 'data-panel="girone"' not in page and "Girone" not in page


def test_the_pair_page_and_my_evening_give_the_girone_and_the_rank_in_it(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament, round_3 = _split_and_seat(club, organiser)
    ranking = read.girone_rankings(tournament, read.plan_of(tournament)[1])[1]
    pid, record = ranking.records[-1]
    pair = Pair.objects.get(pk=pid)
    seat = round_3.seats.select_related("table").get(pair=pair)
    assert ranking.name == "B" and record.rank == 6

    page = _page(anonymous_client, "public_pair", tournament, pair.number)
    assert f"<dt>Rank</dt><dd>{pair.rank}</dd>" in page
    assert "<dt>Rank in girone B</dt><dd>6 of 6</dd>" in page
    assert f"<strong>Table {seat.table.number}</strong> · Girone B" in page

    evening = anonymous_client.get(f"/p/{pair.token}/evening/").content.decode()
    assert "<dt>Rank in girone B</dt><dd>6 of 6</dd>" in evening
    assert f'Table {seat.table.number}</span> · <span class="girone-name">Girone B' in evening


@pytest.mark.parametrize("name", ["public_find", "public_projector", "public_pair"])
def test_a_single_field_tournament_shows_no_girone(
    club: Club, organiser: User, anonymous_client: Client, name: str
) -> None:
    tournament = make_tournament(club, pairs=4, rounds=2, deals_per_round=1)
    _round(tournament, organiser, seed=1)
    _round(tournament, organiser, seed=2, play=False)
    services.tournament_publish(tournament=tournament, published=True)
    more = (1,) if name == "public_pair" else ()
    page = _page(anonymous_client, name, tournament, *more)
    assert "Table" in page or "table" in page
    assert "irone" not in page


def test_the_round_board_filters_by_girone_and_counts_each_girone(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    from tournaments.tests.test_phases import BEATEN, CLOSES

    _tournament, round_3 = _split_and_seat(club, organiser)
    board = reverse("round_board", args=[round_3.pk])
    seating = organiser_client.get(board).content.decode()
    assert f'href="{board}?girone=A"' in seating and f'href="{board}?girone=B"' in seating
    assert "tables done" not in seating.split('class="girone-filter"')[1].split("</nav>")[0]

    services.round_start(round=round_3)
    left_open = round_3.tables.filter(girone__name="B", is_bye=False).order_by("number").first()
    for table in round_3.tables.filter(is_bye=False).exclude(pk=getattr(left_open, "pk", 0)):
        won = {**CLOSES, "melded_points": 200}
        services.deal_record(
            table=table, number=1, sides=[won, BEATEN], mode="summary", user=organiser,
            version=table.version,
        )  # fmt: skip
    page = organiser_client.get(board).content.decode()
    assert "Girone A: 3 of 3 tables done" in page and "Girone B: 2 of 3 tables done" in page
    assert "5 of 6 tables done." in page

    only_a = organiser_client.get(board + "?girone=A").content.decode()
    assert only_a.count('<span class="badge girone">A</span>') == 3
    assert '<span class="badge girone">B</span>' not in only_a
    assert 'aria-current="page">Girone A</a>' in only_a
    assert "5 of 6 tables done." in only_a  # the whole room's count stays
    unknown = organiser_client.get(board + "?girone=Z").content.decode()
    assert unknown.count('<span class="badge girone">') == 6
    assert 'aria-current="page">All</a>' in unknown


def test_a_single_field_round_board_has_no_girone_filter(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4, rounds=1, deals_per_round=1)
    round_1 = _round(tournament, organiser, seed=1)
    page = organiser_client.get(reverse("round_board", args=[round_1.pk])).content.decode()
    assert "girone" not in page.lower()


def test_the_printed_seating_goes_girone_by_girone_or_round_the_whole_room(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    _tournament, round_3 = _split_and_seat(club, organiser)
    address = reverse("print_seating", args=[round_3.pk])
    page = organiser_client.get(address).content.decode()
    a, b = page.index("<h2>Girone A</h2>"), page.index("<h2>Girone B</h2>")
    assert a < b
    numbers = {
        name: sorted(
            round_3.tables.filter(girone__name=name, is_bye=False).values_list("number", flat=True)
        )
        for name in "AB"
    }
    assert numbers == {"A": [1, 2, 3], "B": [4, 5, 6]}
    listed = re.findall(r'<td class="num table-number">(\d+)</td>', page)
    assert listed == ["1", "2", "3", "4", "5", "6"]
    assert 'aria-label="Seating, girone A"' in page[a:b]
    assert f'href="{address}?order=room"' in page

    room = organiser_client.get(address + "?order=room").content.decode()
    assert "<h2>Girone" not in room
    rows = re.findall(r'table-number">(\d+)<span class="badge">Girone ([AB])</span>', room)
    assert rows == [("1", "A"), ("2", "A"), ("3", "A"), ("4", "B"), ("5", "B"), ("6", "B")]


def test_each_score_sheet_and_slip_names_the_girone(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament, round_3 = _split_and_seat(club, organiser)
    sheets = organiser_client.get(reverse("print_score_sheets", args=[round_3.pk])).content
    headings = re.findall(r"<h1>Table (\d) · Girone ([AB])</h1>", sheets.decode())
    assert headings == [("1", "A"), ("2", "A"), ("3", "A"), ("4", "B"), ("5", "B"), ("6", "B")]
    slips = organiser_client.get(reverse("print_slips", args=[tournament.pk])).content.decode()
    gironi = _girone_of(tournament)
    found = re.findall(r"<h2>Pair (\d+)</h2>.*?Girone ([AB])</p>", slips, flags=re.S)
    assert {int(n): g for n, g in found} == gironi and len(found) == 12


def test_a_single_field_print_has_no_girone(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=5, rounds=1, deals_per_round=1)
    round_1 = _round(tournament, organiser, seed=1, play=False)
    for address in (
        reverse("print_seating", args=[round_1.pk]),
        reverse("print_score_sheets", args=[round_1.pk]),
        reverse("print_slips", args=[tournament.pk]),
    ):
        page = organiser_client.get(address).content.decode()
        assert "Table" in page or "Pair" in page
        assert "irone" not in page


def _finished(club: Club, organiser: User) -> Tournament:
    """The 12-pair event played through both phases and finished."""
    tournament = _two_phases(club, pairs=12)
    _round(tournament, organiser, seed=1)
    _round(tournament, organiser, seed=2)
    services.split_commit(tournament=tournament, phase_number=2)
    _round(tournament, organiser, seed=3)
    _round(tournament, organiser, seed=4)
    services.tournament_finish(tournament=tournament)
    tournament.refresh_from_db()
    return tournament


def test_the_federation_file_gives_each_pair_its_girone(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    import csv
    import io

    import openpyxl

    tournament = _finished(club, organiser)
    gironi = _girone_of(tournament)
    answer = organiser_client.get(reverse("federation_csv", args=[tournament.pk]))
    rows = list(csv.DictReader(io.StringIO(answer.content.decode())))
    assert list(rows[0])[-3:] == ["from_round", "to_round", "girone"]
    assert {int(row["pair_number"]): row["girone"] for row in rows} == gironi
    assert [int(row["rank"]) for row in rows] == sorted(int(row["rank"]) for row in rows)

    xlsx = organiser_client.get(reverse("federation_xlsx", args=[tournament.pk])).content
    book = openpyxl.load_workbook(io.BytesIO(xlsx))
    sheet = book.worksheets[0]
    header = [cell.value for cell in sheet[1]]
    assert header[-1] == "Girone"
    assert {r[1]: r[-1] for r in sheet.iter_rows(min_row=2, values_only=True)} == gironi


def test_the_standings_workbook_has_the_girone_column_and_a_sheet_per_girone(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    import io

    import openpyxl

    tournament = _finished(club, organiser)
    gironi = _girone_of(tournament)
    content = organiser_client.get(reverse("standings_xlsx", args=[tournament.pk])).content
    book = openpyxl.load_workbook(io.BytesIO(content))
    assert book.sheetnames == ["Standings", "Girone A", "Girone B", "Tournament"]
    overall = book["Standings"]
    header = [cell.value for cell in overall[1]]
    assert header[-1] == "Girone"
    assert {r[1]: r[-1] for r in overall.iter_rows(min_row=2, values_only=True)} == gironi
    phase = read.plan_of(tournament)[1]
    for ranking, name in zip(read.girone_rankings(tournament, phase), "AB", strict=True):
        sheet = book[f"Girone {name}"]
        assert [cell.value for cell in sheet[1]] == [
            "Rank", "Pair", "Players", "VP", "MP", "Rounds played",
        ]  # fmt: skip
        rows = list(sheet.iter_rows(min_row=2, values_only=True))
        numbers = dict(tournament.pairs.values_list("pk", "number"))
        assert [(r[0], r[1], r[3], r[4]) for r in rows] == [
            (record.rank, numbers[pid], record.vp, record.mp) for pid, record in ranking.records
        ]
        assert {gironi[r[1]] for r in rows} == {name}


def test_a_single_field_workbook_and_federation_file_have_no_girone(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    import io

    import openpyxl

    tournament = make_tournament(club, pairs=4, rounds=1, deals_per_round=1)
    _round(tournament, organiser, seed=1)
    services.tournament_finish(tournament=tournament)
    content = organiser_client.get(reverse("standings_xlsx", args=[tournament.pk])).content
    assert openpyxl.load_workbook(io.BytesIO(content)).sheetnames == ["Standings", "Tournament"]
    answer = organiser_client.get(reverse("federation_csv", args=[tournament.pk]))
    assert answer.content.decode().splitlines()[0].endswith(",from_round,to_round")


def _categories(club: Club) -> None:
    club.categories = "Copa Oro, Copa Plata"
    club.save()


def test_pairs_added_and_late_pairs_get_the_category_chosen(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    _categories(club)
    tournament = make_tournament(club, pairs=4, rounds=2, deals_per_round=1)
    address = reverse("pairs_add", args=[tournament.pk])
    page = organiser_client.get(address).content.decode()
    assert "Their category" in page and '<option value="Copa Plata">Copa Plata</option>' in page
    typed = "Ada Neri / Bea Gialli\nCarla Viola / Dora Blu"
    organiser_client.post(address, {"text": typed, "category": "Copa Plata"})
    assert dict(tournament.pairs.values_list("number", "category")) == {
        1: "", 2: "", 3: "", 4: "", 5: "Copa Plata", 6: "Copa Plata",
    }  # fmt: skip
    wrong = organiser_client.post(address, {"text": "Eva Rosa / Fia Nera", "category": "Serie Z"})
    assert "Select a valid choice. Serie Z is not one of the available choices." in (
        wrong.content.decode()
    )
    assert tournament.pairs.count() == 6

    _round(tournament, organiser, seed=1)  # round 1 played: a pair now is late
    late = organiser_client.post(address, {"text": "Eva Rosa / Fia Nera", "category": "Copa Oro"})
    assert late.status_code == 302
    pair = tournament.pairs.get(number=7)
    assert (pair.joined_from, pair.category) == (2, "Copa Oro")


def test_a_club_without_categories_offers_none(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4, rounds=2, deals_per_round=1)
    pair = tournament.pairs.get(number=1)
    assert (
        "category"
        not in organiser_client.get(reverse("pairs_add", args=[tournament.pk]))
        .content.decode()
        .lower()
    )
    assert (
        "Save the category"
        not in organiser_client.get(reverse("pair_detail", args=[pair.pk])).content.decode()
    )
    refused = organiser_client.post(
        reverse("pair_category", args=[pair.pk]), {"category": "X"}, follow=True
    )
    assert (
        "The club lists no categories, or the tournament is finished." in refused.content.decode()
    )


def test_the_pair_page_sets_and_clears_the_category(
    club: Club,
    organiser: User,
    organiser_client: Client,
    other_client: Client,
    anonymous_client: Client,
) -> None:
    _categories(club)
    tournament = make_tournament(club, pairs=4, rounds=2, deals_per_round=1)
    pair = tournament.pairs.get(number=3)
    page = organiser_client.get(reverse("pair_detail", args=[pair.pk])).content.decode()
    assert "Save the category" in page
    address = reverse("pair_category", args=[pair.pk])
    done = organiser_client.post(address, {"category": "Copa Oro"}, follow=True).content.decode()
    assert "Pair 3 is in category Copa Oro." in done
    assert '<option value="Copa Oro" selected>' in done
    pair.refresh_from_db()
    assert pair.category == "Copa Oro"
    wrong = organiser_client.post(address, {"category": "Serie Z"}).content.decode()
    assert "Select a valid choice. Serie Z is not one of the available choices." in wrong
    cleared = organiser_client.post(address, {"category": ""}, follow=True).content.decode()
    assert "Pair 3 has no category." in cleared
    pair.refresh_from_db()
    assert pair.category == ""
    assert other_client.post(address, {"category": "Copa Oro"}).status_code == 404
    anonymous = anonymous_client.post(address, {"category": "Copa Oro"})
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    pair.refresh_from_db()
    assert pair.category == ""


def test_the_change_log_says_the_plan_the_split_the_move_and_the_undo(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    from tournaments.models import TournamentEvent

    tournament = make_tournament(club, pairs=8, rounds=3, deals_per_round=1)
    organiser_client.post(
        reverse("phase_plan_set", args=[tournament.pk]),
        {"mitchell": "2", "danese": "2", "gironi": "2", "carry": "whole"},
    )
    _round(tournament, organiser, seed=1)
    _round(tournament, organiser, seed=2)
    split = reverse("phase_split", args=[tournament.pk, 2])
    organiser_client.post(split, {"action": "commit"})
    gironi = read.gironi_of(tournament, 2)
    numbers = dict(tournament.pairs.values_list("pk", "number"))
    a = sorted(numbers[pid] for pid in gironi[0].pair_ids)
    b = sorted(numbers[pid] for pid in gironi[1].pair_ids)
    moved = a[0]
    organiser_client.post(split, {"action": "move", "pair": str(moved), "girone": "2"})
    organiser_client.post(split, {"action": "move", "pair": str(moved), "girone": "2"})  # no-op
    organiser_client.post(split, {"action": "undo"})

    kinds = list(
        TournamentEvent.objects.filter(tournament=tournament)
        .filter(kind__in=["phase_plan", "split", "girone_move", "split_undone"])
        .order_by("pk")
        .values_list("kind", "user_id")
    )
    assert kinds == [
        ("phase_plan", organiser.pk),
        ("split", organiser.pk),
        ("girone_move", organiser.pk),
        ("split_undone", organiser.pk),
    ]
    log = organiser_client.get(reverse("tournament_changes", args=[tournament.pk])).content
    text = log.decode()
    assert (
        "Phase plan: rounds 1 to 2 by the whole field; rounds 3 to 4 in 2 gironi "
        "(it was: rounds 1 to 3 by the whole field)."
    ) in text
    listed_a, listed_b = ", ".join(map(str, a)), ", ".join(map(str, b))
    assert f"Phase 2 split into gironi: A (pairs {listed_a}), B (pairs {listed_b})." in text
    assert f"Pair {moved} moved from girone A to girone B (phase 2)." in text
    assert "Phase 2: the split into gironi A, B is undone." in text
    assert "Field split into gironi" in text  # the kind's label


def test_a_plan_saved_unchanged_writes_no_line(club: Club) -> None:
    from tournaments.models import TournamentEvent

    tournament = _two_phases(club, pairs=8)
    plan = read.plan_of(tournament)
    services.phase_plan_set(tournament=tournament, plan=plan)
    assert TournamentEvent.objects.filter(tournament=tournament, kind="phase_plan").count() == 1
