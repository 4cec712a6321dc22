"""Individual tournaments (issue 25) through the services: players entered one a line, rounds
seated four a table by the shape's plan (12 players: the rotation), deals entered as for pairs,
and every player credited with the full VP and MP of their partnership (RULES.md); byes for
the players sitting out; the refusals in the organiser's words."""

import datetime
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.backup import tournament_export, tournament_import
from tournaments.models import Club, DealSide, Pair, Round, Seat, Table, Tournament
from tournaments.rules.standings import TableOutcome
from tournaments.selectors.individual import balance_report
from tournaments.selectors.seasons import season_standings
from tournaments.services import ServiceError
from tournaments.services import players as players_services
from tournaments.services.decisions import decision_take
from tournaments.tests.export_evening import DIRTY, EW_STUCK, NS_CLOSES, PLAIN

PLAYERS_12 = "\n".join(f"Nome{n} Cognome{n}" for n in range(1, 13))

CLOSES_AGAINST_STUCK = [NS_CLOSES, EW_STUCK]  # 760 v -180
STUCK_AGAINST_CLOSES = [EW_STUCK, NS_CLOSES]  # -180 v 760
DIRTY_AGAINST_PLAIN = [DIRTY, PLAIN]  # 270 v 125
PLAIN_AGAINST_DIRTY = [PLAIN, DIRTY]  # 125 v 270
PLAIN_AGAINST_PLAIN = [PLAIN, PLAIN]  # 125 v 125

DEALS = {
    1: {
        # 2280 v -540: 2820 ahead, 20-0
        1: [CLOSES_AGAINST_STUCK] * 3,
        # 520 v 665: 145 behind, 9-11
        2: [DIRTY_AGAINST_PLAIN, PLAIN_AGAINST_DIRTY, PLAIN_AGAINST_DIRTY],
        # 375 v 375: 10-10
        3: [PLAIN_AGAINST_PLAIN] * 3,
    },
    2: {
        # 810 v 375: 435 ahead, 14-6
        1: [DIRTY_AGAINST_PLAIN] * 3,
        # 70 v 1010: 940 behind, 3-17
        2: [STUCK_AGAINST_CLOSES, PLAIN_AGAINST_PLAIN, PLAIN_AGAINST_PLAIN],
        # 1155 v 215: 940 ahead, 17-3
        3: [CLOSES_AGAINST_STUCK, DIRTY_AGAINST_PLAIN, PLAIN_AGAINST_DIRTY],
    },
}


def individual(club: Club, players: str, **options: Any) -> Tournament:
    tournament = services.tournament_create(
        club=club,
        name="Singolo del giovedì",
        date=datetime.date(2026, 11, 19),
        variant="classico",
        entrants="players",
        **{"rounds": 2, **options},
    )
    services.pairs_add(tournament=tournament, text=players)
    return tournament


def seating(round_: Round) -> list[tuple[int, ...]]:
    """Each table's player numbers, N, S, E, W, then each bye table's player."""
    tables = []
    for table in round_.tables.order_by("number"):
        seats = sorted(
            table.seats.select_related("pair"), key=lambda s: "NSEW".index(s.position or "N")
        )
        tables.append(tuple(seat.pair.number for seat in seats))
    return tables


def play(tournament: Tournament, number: int, user: User) -> Round:
    round_ = services.round_prepare(tournament=tournament, seed=number).round
    services.round_start(round=round_)
    for table_number, deals in DEALS[number].items():
        table = Table.objects.get(round=round_, number=table_number)
        for deal, sides in enumerate(deals, 1):
            table.refresh_from_db()
            services.deal_record(
                table=table, number=deal, sides=sides, mode="summary", user=user,
                version=table.version,
            )  # fmt: skip
    return round_


def test_a_12_player_evening_credits_each_player_the_partnership_s_full_vp_and_mp(
    club: Club, organiser: User
) -> None:
    tournament = individual(club, PLAYERS_12)
    assert tournament.is_individual and tournament.movement_plan == []
    assert list(tournament.pairs.values_list("number", flat=True)) == list(range(1, 13))
    assert not tournament.pairs.filter(player_two__isnull=False).exists()  # one player each
    first = play(tournament, 1, organiser)
    second = play(tournament, 2, organiser)
    assert [first.movement, second.movement] == ["rotation12", "rotation12"]
    # the rotation: player 12 fixed, 1-11 moving on by one; N + S partner E + W
    # the rotation's first round, then players 1-11 moved on by one, 12 staying at table 1
    assert seating(first) == [(12, 1, 8, 11), (2, 3, 5, 7), (4, 9, 6, 10)]
    assert seating(second) == [(12, 2, 9, 1), (3, 4, 6, 8), (5, 10, 7, 11)]
    seats = Seat.objects.filter(round=first, table__number=1).values_list("position", "direction")
    assert sorted(seats) == [("E", "ew"), ("N", "ns"), ("S", "ns"), ("W", "ew")]
    # round 1: table 1 N-S 2280 MP 20 VP, E-W -540 MP 0 VP; table 2 N-S 520/9, E-W 665/11;
    # table 3 375/10 each. Round 2: table 1 N-S 810/14, E-W 375/6; table 2 N-S 70/3,
    # E-W 1010/17; table 3 N-S 1155/17, E-W 215/3.
    expected = {
        # player: (VP, MP) = round 1 + round 2
        1: (20 + 6, 2280 + 375),  # South at table 1, then West at table 1
        2: (9 + 14, 520 + 810),  # North at 2, then South at 1
        3: (9 + 3, 520 + 70),  # South at 2, then North at 2
        4: (10 + 3, 375 + 70),  # North at 3, then South at 2
        5: (11 + 17, 665 + 1155),  # East at 2, then North at 3
        6: (10 + 17, 375 + 1010),  # East at 3, then East at 2
        7: (11 + 3, 665 + 215),  # West at 2, then East at 3
        8: (0 + 17, -540 + 1010),  # East at 1, then West at 2
        9: (10 + 6, 375 + 375),  # South at 3, then East at 1
        10: (10 + 17, 375 + 1155),  # West at 3, then South at 3
        11: (0 + 3, -540 + 215),  # West at 1, then West at 3
        12: (20 + 14, 2280 + 810),  # North at table 1 both rounds
    }
    got = {p.number: (p.vp, p.mp) for p in tournament.pairs.all()}
    assert got == expected
    assert set(tournament.pairs.values_list("rounds_played", flat=True)) == {2}
    # VP, then MP: 12 (34 VP), 5 (28), 10 (27 VP, 1530 MP), 6 (27 VP, 1385 MP), 1 (26) …
    ranks = dict(tournament.pairs.values_list("number", "rank"))
    assert ranks == {
        12: 1, 5: 2, 10: 3, 6: 4, 1: 5, 2: 6, 8: 7, 9: 8, 7: 9, 4: 10, 3: 11, 11: 12
    }  # fmt: skip


def test_players_sitting_out_take_the_bye_award_one_bye_table_each(
    club: Club, organiser: User
) -> None:
    players = "\n".join(f"Nome{n} Cognome{n}" for n in range(1, 7))
    tournament = individual(club, players)
    round_ = services.round_prepare(tournament=tournament, seed=7).round
    assert round_.movement == "random"  # 6 players: a random round, then the Danese
    tables = list(round_.tables.order_by("number"))
    assert [(t.number, t.is_bye, t.seats.count()) for t in tables] == [
        (1, False, 4), (2, True, 1), (3, True, 1)
    ]  # fmt: skip
    services.round_start(round=round_)
    out = [t.seats.get().pair_id for t in tables[1:]]
    # FIBUR 3's bye award: 14 VP and 355 MP, to each player sitting out
    assert sorted(Pair.objects.filter(pk__in=out).values_list("vp", "mp", "byes")) == [
        (14, 355, 1), (14, 355, 1)
    ]  # fmt: skip


def test_refusals_speak_the_organiser_s_words(club: Club) -> None:
    tournament = individual(club, "\n".join(f"Nome{n} Cognome{n}" for n in range(1, 4)))
    with pytest.raises(ServiceError, match="at least 4 players at one table: 3 play"):
        services.round_prepare(tournament=tournament, seed=1)
    eight = individual(club, "\n".join(f"Nome{n} Cognome{n}" for n in range(1, 10)))
    with pytest.raises(ServiceError, match="exactly 8 players, and 9 play this round"):
        services.round_prepare(tournament=eight, movement="schedule8", seed=1)
    with pytest.raises(ServiceError, match="not by “Mitchell”"):
        services.round_prepare(tournament=eight, movement="mitchell", seed=1)


def test_an_individual_plan_refuses_the_pairs_movements(club: Club) -> None:
    with pytest.raises(ServiceError, match="not by “Mitchell”"):
        services.tournament_create(
            club=club, name="Singolo", date=datetime.date(2026, 11, 19),
            variant="classico", entrants="players", rounds=2,
            movement_plan=["danese", "mitchell"],
        )  # fmt: skip


def test_players_level_on_vp_and_mp_draw_head_to_head_does_not_apply(club: Club) -> None:
    tournament = individual(club, "Nome1 Cognome1")
    plays = tournament.play_format
    assert plays.individual
    # player 1 beat player 2 (11-9) and lost to player 3; 1 and 2 end level on 20 VP, 600 MP
    outcomes = [
        TableOutcome(1, 2, 300, 245, 11, 9),
        TableOutcome(3, 1, 400, 300, 11, 9),
        TableOutcome(2, 4, 355, 300, 11, 9),
    ]
    ranks = {pid: record.rank for pid, record in plays.rank([1, 2, 3, 4], outcomes).items()}
    assert ranks == {1: 1, 2: 1, 3: 3, 4: 4}
    pairs = services.tournament_create(
        club=club, name="Coppie", date=datetime.date(2026, 11, 19), variant="classico"
    )
    by_pairs = {pid: r.rank for pid, r in pairs.play_format.rank([1, 2, 3, 4], outcomes).items()}
    assert by_pairs == {1: 1, 2: 2, 3: 3, 4: 4}  # head-to-head: 1 beat 2


def test_the_pages_show_four_names_a_table_and_the_files_rank_players(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = individual(club, PLAYERS_12, published=True)
    first = play(tournament, 1, organiser)
    table = first.tables.get(number=2)  # North 2, South 3, East 5, West 7
    for url in (
        reverse("round_board", args=[first.pk]),
        reverse("print_seating", args=[first.pk]),
        reverse("print_score_sheets", args=[first.pk]),
        reverse("table_entry", args=[table.pk]),
    ):
        html = organiser_client.get(url).content.decode()
        for number in (2, 3, 5, 7):
            assert f"Nome{number} Cognome{number}" in html, (url, number)
    public = organiser_client.get(
        reverse("public_find", args=[club.slug, tournament.slug])
    ).content.decode()
    assert all(f"Cognome{n}" in public for n in range(1, 13))  # every player, by surname
    rows = organiser_client.get(reverse("standings_csv", args=[tournament.pk])).content
    lines = rows.decode().splitlines()
    assert lines[0] == "rank,player_number,player,vp,mp,rounds_played"
    # round 1: players 12 and 1 (North-South at table 1) 20 VP and 2280 MP each
    assert lines[1:3] == ["1,1,Nome1 Cognome1,20,2280,1", "1,12,Nome12 Cognome12,20,2280,1"]


def test_my_evening_says_the_seat_the_partner_and_both_opponents(
    club: Club, organiser: User
) -> None:
    tournament = individual(club, PLAYERS_12, result_entry="players")
    services.round_prepare(tournament=tournament, seed=1)
    player = tournament.pairs.get(number=7)  # West at table 2: partner 5, against 2 and 3
    html = Client().get(reverse("link_evening", args=[player.token])).content.decode()
    assert "Table 2" in html and "West" in html
    assert "Player 7: my evening" in html
    assert "Your partner: 5, Nome5 Cognome5" in html
    assert "Against: 2, Nome2 Cognome2; 3, Nome3 Cognome3" in html


def test_the_balance_report_counts_partners_and_opponents(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = individual(club, PLAYERS_12)
    play(tournament, 1, organiser)
    play(tournament, 2, organiser)
    report = balance_report(tournament)
    by_number = {row.player.number: row for row in report.rows}
    numbers = [row.player.number for row in report.rows]
    # player 12: partner 1 then 2; against 8 and 11, then 9 and 1
    twelve = by_number[12]
    assert [numbers[i] for i, n in enumerate(twelve.partnered) if n] == [1, 2]
    assert [numbers[i] for i, n in enumerate(twelve.opposed) if n] == [1, 8, 9, 11]
    assert (twelve.summary.partners, twelve.summary.opponents, twelve.summary.byes) == (2, 4, 0)
    assert report.balance.repeated_partnerships == 0
    html = organiser_client.get(reverse("balance_report", args=[tournament.pk])).content.decode()
    assert "Balance report" in html and "Repeated partners: 0." in html
    pairs = services.tournament_create(
        club=club, name="Coppie", date=datetime.date(2026, 11, 19), variant="classico"
    )
    assert organiser_client.get(reverse("balance_report", args=[pairs.pk])).status_code == 404


def test_either_partner_writes_a_deal_and_an_opponent_accepts_it(club: Club) -> None:
    tournament = individual(club, PLAYERS_12, result_entry="players")
    round_ = services.round_prepare(tournament=tournament, seed=1).round
    services.round_start(round=round_)
    table = round_.tables.get(number=2)  # North 2, South 3, East 5, West 7
    seat = {s.pair.number: s for s in table.seats.select_related("pair")}
    sent = players_services.proposal_write(
        seat=seat[3], number=1, sides=CLOSES_AGAINST_STUCK, mode="summary", key="south-1"
    )
    with pytest.raises(ServiceError, match="Your side wrote this deal"):
        players_services.proposal_accept(seat=seat[2], proposal_id=sent.proposal.pk)  # the partner
    players_services.proposal_accept(seat=seat[7], proposal_id=sent.proposal.pk)  # an opponent
    sides = dict(DealSide.objects.filter(deal__table=table).values_list("direction", "total"))
    assert sides == {"ns": 760, "ew": -180}
    # the deal's side is North's and East's (the direction's first seat)
    pairs = dict(DealSide.objects.filter(deal__table=table).values_list("direction", "pair"))
    assert pairs == {"ns": seat[2].pair_id, "ew": seat[5].pair_id}


def test_a_season_counts_individual_evenings_for_players_and_not_for_pairs(
    club: Club, organiser: User
) -> None:
    tournament = individual(club, PLAYERS_12, rounds=1)
    play(tournament, 1, organiser)
    services.tournament_finish(tournament=tournament)
    pairs = services.tournament_create(
        club=club, name="Coppie", date=datetime.date(2026, 11, 20), variant="classico", rounds=1
    )
    # Nome12 and Nome1 as a pair, against Nome8 and Nome11
    services.pairs_add(tournament=pairs, text="Nome12 Cognome12 / Nome1 Cognome1\n"
                       "Nome8 Cognome8 / Nome11 Cognome11")  # fmt: skip
    round_ = services.round_prepare(tournament=pairs, movement="random", seed=3).round
    services.round_start(round=round_)
    table = round_.tables.get()
    ns_first = table.ns.player_one.first_name == "Nome12"  # type: ignore[union-attr]
    for deal, sides in enumerate(DEALS[1][2], 1):  # 520 v 665: 9-11
        table.refresh_from_db()
        services.deal_record(
            table=table, number=deal, sides=sides, mode="summary", user=organiser,
            version=table.version,
        )  # fmt: skip
    services.tournament_finish(tournament=pairs)
    season = services.season_create(club=club, name="Inverno", tournaments=[tournament, pairs])
    standings = season_standings(season=season)
    # the pairs' ranking: only the pairs evening, two pairs
    assert [row["evenings_played"] for row in standings.pairs] == [1, 1]
    by_player = {row["player"]: row for row in standings.players}
    twelve = by_player["Nome12 Cognome12"]
    # the individual evening (North at table 1: 20 VP, 2280 MP) and the pairs evening
    pair_vp, pair_mp = (9, 520) if ns_first else (11, 665)
    assert (twelve["evenings_played"], twelve["vp"], twelve["mp"]) == (
        2, 20 + pair_vp, 2280 + pair_mp
    )  # fmt: skip
    assert by_player["Nome5 Cognome5"]["evenings_played"] == 1  # the individual one only


def test_a_backup_of_an_individual_evening_restores_every_seat_and_standing(
    club: Club, other_club: Club, organiser: User
) -> None:
    tournament = individual(club, PLAYERS_12)
    play(tournament, 1, organiser)
    play(tournament, 2, organiser)
    data = tournament_export(tournament=tournament)
    assert data["tournament"]["entrants"] == "players"
    first_table = data["rounds"][0]["tables"][0]["seats"]
    assert first_table == [
        {"direction": "ns", "position": "N", "pair": 12},
        {"direction": "ns", "position": "S", "pair": 1},
        {"direction": "ew", "position": "E", "pair": 8},
        {"direction": "ew", "position": "W", "pair": 11},
    ]
    copy = tournament_import(data=data, club=other_club)
    assert copy.is_individual
    standing = {p.number: (p.vp, p.mp, p.rank) for p in tournament.pairs.all()}
    assert {p.number: (p.vp, p.mp, p.rank) for p in copy.pairs.all()} == standing
    first = copy.round_set.get(number=1)
    assert seating(first) == [(12, 1, 8, 11), (2, 3, 5, 7), (4, 9, 6, 10)]


def test_the_page_that_seats_a_round_offers_the_individual_movements(
    club: Club, organiser_client: Client
) -> None:
    tournament = individual(club, PLAYERS_12)
    url = reverse("round_prepare", args=[tournament.pk])
    html = organiser_client.get(url).content.decode()
    assert '<option value="rotation12" selected>' in html  # 12 players: the rotation
    assert 'value="mitchell"' not in html and 'value="round_robin"' not in html
    response = organiser_client.post(url, {"movement": "mitchell", "seed": "5"})
    assert "Select a valid choice" in response.content.decode()
    assert not tournament.round_set.exists()
    organiser_client.post(url, {"movement": "rotation12", "seed": "5", "previewed": ""})
    assert list(tournament.round_set.values_list("movement", flat=True)) == ["rotation12"]


def test_a_decision_falls_on_one_player_of_an_individual_table(club: Club, organiser: User) -> None:
    tournament = individual(club, PLAYERS_12)
    round_ = services.round_prepare(tournament=tournament, seed=1).round
    services.round_start(round=round_)
    table = round_.tables.get(number=2)  # North 2, South 3, East 5, West 7
    south = tournament.pairs.get(number=3)
    with pytest.raises(
        ServiceError, match="Player 1 does not play at this table: choose player 2 or 3 or 5 or 7"
    ):
        decision_take(
            table=table, kind="penalty", pair=tournament.pairs.get(number=1), mp=50,
            reason="Slow play", user=organiser,
        )  # fmt: skip
    decision_take(
        table=table, kind="penalty", pair=south, mp=50, reason="Slow play", user=organiser
    )
    south.refresh_from_db()
    north = tournament.pairs.get(number=2)
    assert (south.mp, north.mp) == (-50, 0)  # the player's, not the partnership's


def test_a_22_player_evening_random_then_danese_two_sit_out_and_byes_rotate(
    club: Club, organiser: User
) -> None:
    players = "\n".join(f"Nome{n} Cognome{n}" for n in range(1, 23))
    tournament = individual(club, players, rounds=4)
    partners: set[frozenset[int]] = set()
    sat_out: list[int] = []
    for number in range(1, 5):
        round_ = services.round_prepare(tournament=tournament, seed=40 + number).round
        assert round_.movement == ("random" if number == 1 else "danese")
        services.round_start(round=round_)
        tables = list(round_.tables.order_by("number"))
        assert [t.is_bye for t in tables] == [False] * 5 + [True] * 2  # 20 play, 2 sit out
        for table in tables[:5]:
            by_side: dict[str, list[int]] = {"ns": [], "ew": []}
            for seat in table.seats.all():
                by_side[seat.direction].append(seat.pair_id)
            for side in by_side.values():
                assert frozenset(side) not in partners  # never the same partner twice
                partners.add(frozenset(side))
            for deal, sides in enumerate(DEALS[1][(table.number - 1) % 3 + 1], 1):
                table.refresh_from_db()
                services.deal_record(
                    table=table, number=deal, sides=sides, mode="summary", user=organiser,
                    version=table.version,
                )  # fmt: skip
        sat_out += [t.seats.get().pair_id for t in tables[5:]]
    assert len(set(sat_out)) == 8  # nobody sits out twice while another has not
    # every player's standing, added up from the seats and the tables' stored results: a
    # seated player takes the side's full VP and MP, one sitting out the bye's 14 VP, 355 MP
    expected: dict[int, list[int]] = {p.pk: [0, 0, 0] for p in tournament.pairs.all()}
    for seat in Seat.objects.filter(round__tournament=tournament).select_related("table"):
        table, record = seat.table, expected[seat.pair_id]
        if table.is_bye:
            vp, mp = 14, 355
        elif seat.direction == "ns":
            vp, mp = table.ns_vp or 0, table.ns_mp
        else:
            vp, mp = table.ew_vp or 0, table.ew_mp
        record[0], record[1], record[2] = record[0] + vp, record[1] + mp, record[2] + 1
    got = {p.pk: [p.vp, p.mp, p.rounds_played] for p in tournament.pairs.all()}
    assert got == expected
    # 4 rounds of 5 tables (20 VP a table, credited in full to both players of a side: 40)
    # and two byes of 14 VP
    assert sum(vp for vp, _mp, _rounds in got.values()) == 4 * (5 * 40 + 2 * 14)


def test_two_players_swap_seats_and_positions_before_the_round_starts(club: Club) -> None:
    players = "\n".join(f"Nome{n} Cognome{n}" for n in range(1, 7))
    tournament = individual(club, players)
    round_ = services.round_prepare(tournament=tournament, seed=7).round
    seated = seating(round_)  # table 1's four players, then the two sitting out
    north, out = (
        tournament.pairs.get(number=seated[0][0]),
        tournament.pairs.get(number=seated[1][0]),
    )
    assert services.round_swap(round=round_, pair_a=north, pair_b=out) == []  # a first round
    after = seating(round_)
    assert after[0] == (out.number, *seated[0][1:])  # the player sitting out now sits North
    assert sorted(after[1:]) == sorted([(north.number,), seated[2]])
    assert Seat.objects.get(round=round_, pair=out).position == "N"
    assert Seat.objects.get(round=round_, pair=north).position == ""


def test_a_danese_round_no_longer_as_the_standings_pair_it_is_flagged(
    club: Club, organiser: User
) -> None:
    players = "\n".join(f"Nome{n} Cognome{n}" for n in range(1, 17))
    tournament = individual(club, players)
    first = services.round_prepare(tournament=tournament, seed=3).round
    services.round_start(round=first)
    for table in first.tables.order_by("number"):
        for deal, sides in enumerate(DEALS[1][(table.number - 1) % 3 + 1], 1):
            table.refresh_from_db()
            services.deal_record(
                table=table, number=deal, sides=sides, mode="summary", user=organiser,
                version=table.version,
            )  # fmt: skip
    second = services.round_prepare(tournament=tournament, seed=4).round
    assert second.movement == "danese"
    services.danese_flags_refresh(tournament=tournament)
    second.refresh_from_db()
    assert not second.pairing_outdated  # as the Danese paired it
    at_1, at_4 = (second.tables.get(number=n).seats.get(position="N").pair for n in (1, 4))
    services.round_swap(round=second, pair_a=at_1, pair_b=at_4)
    services.danese_flags_refresh(tournament=tournament)
    second.refresh_from_db()
    assert second.pairing_outdated  # the leaders' table seated by hand: no longer the Danese's


def test_a_players_table_page_names_both_players_of_each_side(club: Club) -> None:
    tournament = individual(club, PLAYERS_12, result_entry="players")
    round_ = services.round_prepare(tournament=tournament, seed=1).round
    services.round_start(round=round_)
    player = tournament.pairs.get(number=7)  # West at table 2: partner 5, against 2 and 3
    html = Client().get(reverse("link_table", args=[player.token])).content.decode()
    start = html.index('<div class="pairs">')
    head = html[start : html.index("</header>", start)]
    text = " ".join(re.sub(r"<[^>]+>", " ", head).split())
    # "you" right after the phone's own player, not after the partner (the browser walk read
    # "Oreste Conti – 1 Ada Rossi you" on Oreste's phone as if it were Ada's)
    assert "Player 7 Nome7 Cognome7 you – 5 Nome5 Cognome5" in text
    assert "Player 2 Nome2 Cognome2 – 3 Nome3 Cognome3" in text


def test_the_entry_cards_name_both_players_of_each_side(club: Club, organiser: User) -> None:
    tournament = individual(club, PLAYERS_12, result_entry="players")
    round_ = services.round_prepare(tournament=tournament, seed=1).round
    services.round_start(round=round_)
    player = tournament.pairs.get(number=7)  # West at table 2: partner 5, against 2 and 3
    html = Client().get(reverse("link_table", args=[player.token])).content.decode()
    legends = [
        " ".join(re.sub(r"<[^>]+>", " ", legend).split())
        for legend in re.findall(r"<legend>(.*?)</legend>", html, re.S)
    ]
    assert "N-S Nome2 Cognome2 – Nome3 Cognome3" in legends
    assert "E-W Nome5 Cognome5 – Nome7 Cognome7" in legends
    organiser_client = Client()
    organiser_client.force_login(organiser)
    table = Table.objects.get(round=round_, number=2)
    page = organiser_client.get(reverse("table_entry", args=[table.pk])).content.decode()
    legends = [
        " ".join(re.sub(r"<[^>]+>", " ", legend).split())
        for legend in re.findall(r"<legend>(.*?)</legend>", page, re.S)
    ]
    assert "N-S Nome2 Cognome2 – Nome3 Cognome3" in legends
