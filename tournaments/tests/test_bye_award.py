"""The bye's award (tavolo zoppo): by default it follows the VP scale (RULES.md: 70 % of the top
VP with the MP where that band begins, 60 % on a 4-deal scale: FIBUR 3 14 VP 355 MP, FIBUR 4
12 VP 305 MP, a referee's own table 70 % rounded); the organiser may set other numbers. In a
match to a target the bye counts as a win: the table stores it, and the standings read it."""

import pytest
from django.contrib.auth.models import User

from scoring import VP_SCALES, VpBand, VpScale
from scoring.vp import bye_award
from tournaments import services
from tournaments.models import Club, Table
from tournaments.rules.standings import TableOutcome, rank_pairs
from tournaments.tests.conftest import make_tournament

OWN_15 = VpScale(
    "own",
    "A 15-VP table",
    (
        VpBand(0, 50, 8, 7),
        VpBand(55, 200, 10, 5),
        VpBand(205, 400, 11, 4),
        VpBand(405, None, 15, 0),
    ),
)


@pytest.mark.parametrize(
    ("scale", "award"),
    [
        (VP_SCALES["fibur-3"], (14, 355)),  # 70 % of 20, where 14-6 begins
        (VP_SCALES["fibur-4"], (12, 305)),  # 60 % of 20 in 4-deal rounds, where 12-8 begins
        (OWN_15, (11, 205)),  # 70 % of 15 = 10.5, rounded to 11, where 11-4 begins
    ],
    ids=["fibur-3", "fibur-4", "own table"],
)
def test_the_default_award_follows_the_scale(scale: VpScale, award: tuple[int, int]) -> None:
    assert bye_award(scale) == award


def test_an_own_table_without_that_many_vp_takes_the_mp_of_the_band_below() -> None:
    # 70 % of 20 = 14 VP, which no band gives: the MP are where the highest band giving fewer
    # (13-7) begins, 105
    scale = VpScale(
        "own",
        "Few bands",
        (VpBand(0, 100, 10, 10), VpBand(105, 250, 13, 7), VpBand(255, None, 20, 0)),
    )
    assert bye_award(scale) == (14, 105)


def test_a_4_deal_evening_on_fibur_4_gives_the_bye_12_vp_and_305_mp(club: Club) -> None:
    tournament = make_tournament(club, pairs=5, deals_per_round=4, vp_scale="fibur-4")
    assert (tournament.bye_vp, tournament.bye_mp) == (None, None)  # stored: follows the scale
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=1)
    services.round_start(round=prepared.round)
    bye = prepared.round.tables.get(is_bye=True)
    assert (bye.ns_vp, bye.ns_mp) == (12, 305)
    pair = bye.seats.get().pair
    assert (pair.vp, pair.mp, pair.byes) == (12, 305, 1)


def test_the_organisers_own_numbers_win_over_the_scale(club: Club) -> None:
    tournament = make_tournament(
        club, pairs=5, deals_per_round=4, vp_scale="fibur-4", bye_vp=14, bye_mp=355
    )
    assert tournament.play_format.bye_award_text() == "14 VP and 355 MP"


def test_a_bye_in_a_match_counts_as_the_win_its_table_stores(club: Club, organiser: User) -> None:
    tournament = make_tournament(club, pairs=3, format="target")
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=1)
    services.round_start(round=prepared.round)
    bye = Table.objects.get(round=prepared.round, is_bye=True)
    assert bye.winner == "ns"
    pair = bye.seats.get().pair
    assert (pair.matches_won, pair.point_difference, pair.byes) == (1, 355, 1)


def test_the_standings_add_no_win_of_their_own_to_a_bye() -> None:
    # a bye whose table stores no winner is no win, even in a match format: the win is the
    # format's award (`TargetFormat.bye_result`), stored on the table, written once
    records = rank_pairs([1], [TableOutcome(1, None, 355, 0, 0, 0)], by_matches=True)
    assert (records[1].matches_won, records[1].point_difference) == (0, 355)
    records = rank_pairs([1], [TableOutcome(1, None, 355, 0, 0, 0, "ns")], by_matches=True)
    assert records[1].matches_won == 1
