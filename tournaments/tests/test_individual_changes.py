"""Late players, withdrawals and substitutes in an individual evening (issue 25): a late player
joins the next round and scores nothing for the rounds missed; a player who withdraws plays no
more, their rounds played stay, and the byes rotate fairly among those left; a fixed schedule
gives way to the Danese once the field has changed, said before seating; a substitute's rounds
are credited to the substitute, the player's to the player (RULES.md, README "Pairs that
change")."""

from collections import Counter

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Pair, Round, Seat, Table, Tournament
from tournaments.rules.individual_changes import (
    FieldChange,
    field_changed,
    late_player_refusal,
    late_player_round,
    seated_withdrawal_refusal,
    withdrawal_refusal,
)
from tournaments.rules.progress import RoundState
from tournaments.rules.shapes import planned_individual_movement
from tournaments.selectors.seasons import season_standings
from tournaments.services import ServiceError
from tournaments.tests.test_individual_tournaments import DEALS, PLAYERS_12, individual, seating

BYE_VP, BYE_MP = 14, 355
"""FIBUR 3's bye award, to each player sitting out."""
RESULTS = {1: ((20, 2280), (0, -540)), 2: ((9, 520), (11, 665)), 3: ((10, 375), (10, 375))}
"""Table number -> (North-South, East-West) VP and MP, as `DEALS[1]` plays at that table."""


def play_round(tournament: Tournament, user: User, movement: str | None = None) -> Round:
    """Seat the next round by its plan (or `movement`), start it and play every table with
    `DEALS[1]` by its number (tables 4, 5 … as 1, 2 …)."""
    number = tournament.round_set.count() + 1
    round_ = services.round_prepare(tournament=tournament, movement=movement, seed=number).round
    services.round_start(round=round_)
    for table in round_.tables.filter(is_bye=False).order_by("number"):
        for deal, sides in enumerate(DEALS[1][(table.number - 1) % 3 + 1], 1):
            table.refresh_from_db()
            services.deal_record(
                table=table, number=deal, sides=sides, mode="summary", user=user,
                version=table.version,
            )  # fmt: skip
    return round_


def by_hand(tournament: Tournament) -> dict[int, tuple[int, int, int]]:
    """Player number -> (VP, MP, rounds played) added up from the seats: a seated player takes
    their side's VP and MP as the table's number played them (RESULTS), a player sitting out
    the bye award."""
    totals: dict[int, list[int]] = {p.number: [0, 0, 0] for p in tournament.pairs.all()}
    for seat in Seat.objects.filter(round__tournament=tournament).select_related("table", "pair"):
        record = totals[seat.pair.number]
        if seat.table.is_bye:
            vp, mp = BYE_VP, BYE_MP
        else:
            ns, ew = RESULTS[(seat.table.number - 1) % 3 + 1]
            vp, mp = ns if seat.direction == "ns" else ew
        record[0], record[1], record[2] = record[0] + vp, record[1] + mp, record[2] + 1
    return {number: (vp, mp, played) for number, (vp, mp, played) in totals.items()}


def standings(tournament: Tournament) -> dict[int, tuple[int, int, int]]:
    return {p.number: (p.vp, p.mp, p.rounds_played) for p in tournament.pairs.all()}


# ------------------------------------------------------------------ the rules, on plain values


@pytest.mark.parametrize(
    ("changes", "number", "changed"),
    [
        # nobody joined or left: the field of round 1
        ([FieldChange(1, None)] * 12, 4, False),
        # a player withdrawn from round 4 on changes round 4's field, not round 3's
        ([FieldChange(1, 4)], 4, True),
        ([FieldChange(1, 4)], 3, False),
        # a player withdrawn before round 1 was never in the field
        ([FieldChange(1, 1)], 5, False),
        # a late player from round 2 on
        ([FieldChange(2, None)], 2, True),
    ],
)
def test_the_field_has_changed_once_someone_joined_late_or_withdrew_after_round_1(
    changes: list[FieldChange], number: int, changed: bool
) -> None:
    assert field_changed(changes, number) is changed


@pytest.mark.parametrize(
    ("plan", "players", "changed", "movement"),
    [
        # 12 players, nothing changed: the rotation
        ([], 12, False, "rotation12"),
        # 12 again after a withdrawal and a late player: the rotation no longer fits
        ([], 12, True, "danese"),
        # 11 players left: the field's size says the Danese anyway
        ([], 11, True, "danese"),
        # the organiser planned the 8-player schedule and a player withdrew: the Danese
        (["schedule8"] * 7, 7, True, "danese"),
        # the organiser's random round stays random
        (["random"] * 7, 9, True, "random"),
    ],
)
def test_a_fixed_schedule_gives_way_to_the_danese_once_the_field_changed(
    plan: list[str], players: int, changed: bool, movement: str
) -> None:
    assert planned_individual_movement(plan, 4, players, 7, changed=changed) == movement


def test_the_refusals_of_a_changing_field_say_why() -> None:
    started, seated = RoundState(4, "done"), RoundState(4, "seating")
    assert late_player_refusal(finished=False, rounds=[started], planned=5) == ""
    assert late_player_refusal(finished=False, rounds=[seated], planned=4) == ""
    assert late_player_refusal(finished=False, rounds=[started], planned=4) == (
        "Round 4 has started and it is the last round: a late player would play nothing."
    )
    assert "finished" in late_player_refusal(finished=True, rounds=[], planned=4)
    assert [late_player_round([]), late_player_round([seated]), late_player_round([started])] == [
        1, 4, 5
    ]  # fmt: skip
    assert withdrawal_refusal(number=3, staying=4) == ""
    assert withdrawal_refusal(number=3, staying=3) == (
        "Player 3 cannot withdraw: fewer than four players would be left to play a table."
    )
    assert seated_withdrawal_refusal("reseat", reseat="reseat") == ""
    assert seated_withdrawal_refusal("", reseat="reseat") == ""
    assert "table of three players cannot play" in seated_withdrawal_refusal("bye", reseat="reseat")


# ------------------------------------------------------------------ a 12-player withdrawal


def test_a_player_withdraws_from_the_rotation_after_round_3(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = individual(club, PLAYERS_12, rounds=6)
    for _number in range(3):
        play_round(tournament, organiser)
    assert list(tournament.round_set.values_list("movement", flat=True)) == ["rotation12"] * 3
    # the rotation: 12 stays, 1-11 move on by one
    assert seating(tournament.round_set.get(number=3)) == [
        (12, 3, 10, 2), (4, 5, 7, 9), (6, 11, 8, 1)
    ]  # fmt: skip
    five = tournament.pairs.get(number=5)
    # player 5: East at table 2 (11 VP, 665), North at table 3 (10, 375), South at table 2
    # (9, 520)
    five.refresh_from_db()
    assert (five.vp, five.mp, five.rounds_played) == (11 + 10 + 9, 665 + 375 + 520, 3)
    done = services.pair_withdraw(pair=five, user=organiser)
    assert (done.from_round, done.seated) == (4, "")

    # the page that seats round 4 says, before seating, that the Danese takes over
    url = reverse("round_prepare", args=[tournament.pk])
    html = organiser_client.get(url).content.decode()
    assert '<option value="danese" selected>' in html
    fallback = (
        "The 12-player rotation is drawn for the players of round 1, and the players have "
        "changed (11 play now): round 4 and the rounds after it are seated by the individual "
        "Danese, never with a partner a player has had."
    )
    assert fallback in html
    preview = services.round_preview(tournament=tournament, movement="danese", seed=4)
    assert preview.warnings[0] == fallback

    for _number in range(3):
        round_ = play_round(tournament, organiser)
        assert round_.movement == "danese"
        tables = list(round_.tables.order_by("number"))
        # 11 players: two tables of four, three players sitting out at bye tables of their own
        assert [(t.is_bye, t.seats.count()) for t in tables] == [(False, 4)] * 2 + [(True, 1)] * 3
        assert not round_.seats.filter(pair=five).exists()
    # the fallback is said once, before the first Danese round
    assert services.round_preview(tournament=tournament, movement="danese", seed=7).warnings[
        :1
    ] != [fallback]
    out = Counter(
        Seat.objects.filter(round__tournament=tournament, table__is_bye=True).values_list(
            "pair__number", flat=True
        )
    )
    # 9 byes among the 11 players left: nobody sits out twice, and player 5 never
    assert sorted(out.values()) == [1] * 9 and 5 not in out
    partners: set[frozenset[int]] = set()
    for seat_round in tournament.round_set.all():
        for table in seat_round.tables.filter(is_bye=False):
            for direction in ("ns", "ew"):
                side = frozenset(
                    table.seats.filter(direction=direction).values_list("pair", flat=True)
                )
                assert side not in partners  # never the same partner twice
                partners.add(side)
    got = standings(tournament)
    assert got == by_hand(tournament)
    assert got[5] == (30, 1560, 3)  # the rounds played stay, and no more
    # everyone else played or sat out 6 rounds
    assert {played for number, (_vp, _mp, played) in got.items() if number != 5} == {6}
    # 6 rounds: 3 rotation rounds of 3 tables, 3 Danese rounds of 2 tables and 3 byes; a
    # table's 20 VP are credited to both players of each side (40)
    assert sum(vp for vp, _mp, _played in got.values()) == 3 * 3 * 40 + 3 * (2 * 40 + 3 * BYE_VP)
    five.refresh_from_db()
    assert five.withdrawn_from == 4


def test_a_player_withdrawing_from_a_seated_round_has_it_seated_again(
    club: Club, organiser: User
) -> None:
    tournament = individual(club, PLAYERS_12, rounds=4)
    play_round(tournament, organiser)
    second = services.round_prepare(tournament=tournament, seed=2).round
    assert second.movement == "rotation12"
    nine = tournament.pairs.get(number=9)
    with pytest.raises(ServiceError, match="A table of three players cannot play"):
        services.pair_withdraw(pair=nine, seated="bye", user=organiser)
    done = services.pair_withdraw(pair=nine, user=organiser)
    assert (done.from_round, done.seated) == (2, "reseat")
    second.refresh_from_db()
    # seated again by the Danese, said so: 11 players, two tables and three byes
    assert second.movement == "danese"
    assert "individual Danese" in done.warnings[0]
    assert [t.is_bye for t in second.tables.order_by("number")] == [False, False, True, True, True]
    assert not second.seats.filter(pair=nine).exists()


def test_an_individual_round_keeps_four_players(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = individual(club, "\n".join(f"Nome{n} Cognome{n}" for n in range(1, 5)))
    play_round(tournament, organiser)
    two = tournament.pairs.get(number=2)
    html = organiser_client.get(reverse("pair_detail", args=[two.pk])).content.decode()
    assert "Player 2 cannot withdraw: fewer than four players would be left" in html
    assert reverse("pair_withdraw", args=[two.pk]) not in html  # no button the service refuses
    with pytest.raises(ServiceError, match="Player 2 cannot withdraw: fewer than four players"):
        services.pair_withdraw(pair=tournament.pairs.get(number=2), user=organiser)
    assert not tournament.pairs.filter(withdrawn_from__isnull=False).exists()


# ------------------------------------------------------------------ a late player


def test_a_late_player_joins_a_22_player_evening_at_round_2(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    players = "\n".join(f"Nome{n} Cognome{n}" for n in range(1, 23))
    tournament = individual(club, players, rounds=3)
    first = play_round(tournament, organiser)
    assert first.movement == "random"
    first_out = set(first.seats.filter(table__is_bye=True).values_list("pair__number", flat=True))
    assert len(first_out) == 2
    # the pairs page still offers the entry, and the late player is player 23, from round 2
    page = organiser_client.get(reverse("pairs_add", args=[tournament.pk])).content.decode()
    assert "Round 1 is seated: a player added now is a late player." in page
    assert "otherwise they play from round 2 and score nothing" in page
    [late] = services.pairs_add(tournament=tournament, text="Lina Tardi", user=organiser)
    assert (late.number, late.joined_from) == (23, 2)
    late.refresh_from_db()
    assert (late.vp, late.mp, late.rounds_played) == (0, 0, 0)  # nothing for round 1
    second = play_round(tournament, organiser)
    assert second.movement == "danese"
    tables = list(second.tables.order_by("number"))
    # 23 players: five tables and three byes; the late player's missed round counts as a round
    # out, so they play, and the three sitting out are among those who have not sat out yet
    assert [t.is_bye for t in tables] == [False] * 5 + [True] * 3
    assert second.seats.filter(pair=late, table__is_bye=False).exists()
    second_out = set(second.seats.filter(table__is_bye=True).values_list("pair__number", flat=True))
    assert len(second_out) == 3 and not second_out & first_out and 23 not in second_out
    got = standings(tournament)
    assert got == by_hand(tournament)
    seat = second.seats.select_related("table").get(pair=late)
    ns, ew = RESULTS[(seat.table.number - 1) % 3 + 1]
    assert got[23] == (*(ns if seat.direction == "ns" else ew), 1)  # round 2 only
    # a player may still join from round 3, the last; once it has started, no more
    play_round(tournament, organiser)
    with pytest.raises(ServiceError, match="Round 3 has started and it is the last round"):
        services.pairs_add(tournament=tournament, text="Ugo Ultimo", user=organiser)
    assert tournament.pairs.count() == 23


def test_a_late_player_joining_a_seated_round_has_it_seated_again(
    club: Club, organiser: User
) -> None:
    tournament = individual(club, PLAYERS_12, rounds=4)
    play_round(tournament, organiser)
    second = services.round_prepare(tournament=tournament, seed=2).round
    [late] = services.pairs_add(tournament=tournament, text="Lina Tardi", user=organiser)
    assert late.joined_from == 2
    second.refresh_from_db()
    # 13 players: the rotation no longer fits, the Danese seats three tables and one bye
    assert second.movement == "danese"
    assert [t.is_bye for t in second.tables.order_by("number")] == [False] * 3 + [True]
    assert second.seats.filter(pair=late, table__is_bye=False).exists()


# ------------------------------------------------------------------ a substitute


def test_a_substitute_plays_round_2_for_a_player_and_each_is_credited_their_rounds(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = individual(club, PLAYERS_12, rounds=3)
    play_round(tournament, organiser)
    three = tournament.pairs.get(number=3)
    original = three.player_one
    services.pair_substitute(
        pair=three, player=original, first_name="Sara", last_name="Sostituta", from_round=2,
        user=organiser,
    )  # fmt: skip
    three.refresh_from_db()
    substitute = three.player_one
    second = play_round(tournament, organiser)
    # the substitute's name is on round 2's table, where player 3 sits
    table = Table.objects.get(round=second, seats__pair=three)
    page = organiser_client.get(reverse("table_entry", args=[table.pk])).content.decode()
    assert "Sara Sostituta" in page and "Nome3 Cognome3" not in page
    # the player comes back for round 3: a substitution back
    services.pair_substitute(
        pair=three, player=substitute, first_name="Nome3", last_name="Cognome3", from_round=3,
        user=organiser,
    )  # fmt: skip
    three.refresh_from_db()
    assert three.player_one == original
    play_round(tournament, organiser)
    # round 2's table and board still name the substitute, round 1's the player
    page = organiser_client.get(reverse("table_entry", args=[table.pk])).content.decode()
    assert "Sara Sostituta" in page and "Nome3 Cognome3" not in page
    board = organiser_client.get(reverse("round_board", args=[second.pk])).content.decode()
    assert "Sara Sostituta" in board and "Nome3 Cognome3" not in board
    first = tournament.round_set.get(number=1)
    board = organiser_client.get(reverse("round_board", args=[first.pk])).content.decode()
    assert "Nome3 Cognome3" in board and "Sara Sostituta" not in board
    player_page = Client().get(reverse("link_table", args=[three.token]))
    assert "Nome3 Cognome3" in player_page.content.decode()  # round 3: the player again
    # the rotation: player 3 is South at table 2 in round 1 (9 VP, 520 MP), North at table 2
    # in round 2 (9, 520), North at table 1 in round 3 is 12; 3 is South at table 1 (20, 2280)
    assert seating(tournament.round_set.get(number=3))[0] == (12, 3, 10, 2)
    three.refresh_from_db()
    assert (three.vp, three.mp, three.rounds_played) == (9 + 9 + 20, 520 + 520 + 2280, 3)
    services.tournament_finish(tournament=tournament)
    season = services.season_create(club=club, name="Inverno", tournaments=[tournament])
    by_player = {row["player"]: row for row in season_standings(season=season).players}
    # the player: rounds 1 and 3; the substitute: round 2; both played the evening
    nome3, sara = by_player["Nome3 Cognome3"], by_player["Sara Sostituta"]
    assert (nome3["vp"], nome3["mp"], nome3["evenings_played"]) == (9 + 20, 520 + 2280, 1)
    assert (sara["vp"], sara["mp"], sara["evenings_played"]) == (9, 520, 1)


def test_a_substitute_cannot_be_a_player_of_the_evening(club: Club, organiser: User) -> None:
    tournament = individual(club, PLAYERS_12, rounds=3)
    play_round(tournament, organiser)
    three = tournament.pairs.get(number=3)
    with pytest.raises(ServiceError, match="Nome4 Cognome4 already plays in this tournament"):
        services.pair_substitute(
            pair=three, player=three.player_one, first_name="Nome4", last_name="Cognome4",
            from_round=2,
        )  # fmt: skip
    assert not Pair.objects.get(pk=three.pk).substitutions.exists()


def test_the_player_s_page_withdraws_from_a_seated_round_without_a_choice(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = individual(club, PLAYERS_12, rounds=4)
    play_round(tournament, organiser)
    second = services.round_prepare(tournament=tournament, seed=2).round
    nine = tournament.pairs.get(number=9)
    html = organiser_client.get(reverse("pair_detail", args=[nine.pk])).content.decode()
    assert "Round 2 is seated but not started: it is seated again without the player." in html
    assert 'name="seated"' not in html  # no bye award at a table of three to choose
    response = organiser_client.post(reverse("pair_withdraw", args=[nine.pk]), {}, follow=True)
    text = response.content.decode()
    assert "Round 2 is seated again without them." in text
    assert "seated by the individual Danese" in text
    second.refresh_from_db()
    assert second.movement == "danese" and not second.seats.filter(pair=nine).exists()
