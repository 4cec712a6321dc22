"""The season ranking worked by hand: best N of M evenings, players credited with their pair's
VP and MP whatever pair they played in, ties broken by head-to-head (the mini-league of the
meetings that exist, at evenings that count for both), then a draw."""

from tournaments.rules.standings import Evening, Meeting, season_ranking

ANNA, BRUNO, CARLA, DARIO = 1, 2, 3, 4
AB, CD, AC, BD = (
    frozenset(p) for p in ((ANNA, BRUNO), (CARLA, DARIO), (ANNA, CARLA), (BRUNO, DARIO))
)

# Three evenings (tournaments 10, 11, 12), best 2 count.
#   evening 10: AB 15 VP 900 MP, CD 5 VP 400 MP           (AB met CD: 15-5)
#   evening 11: AB 8 VP 500 MP,  CD 12 VP 700 MP          (AB met CD: 8-12)
#   evening 12: AC 14 VP 800 MP, BD 6 VP 450 MP           (new pairs: AC met BD: 14-6)
EVENINGS = [
    Evening(10, AB, 15, 900), Evening(10, CD, 5, 400),
    Evening(11, AB, 8, 500), Evening(11, CD, 12, 700),
    Evening(12, AC, 14, 800), Evening(12, BD, 6, 450),
]  # fmt: skip
MEETINGS = [Meeting(10, AB, CD, 15, 5), Meeting(11, AB, CD, 8, 12), Meeting(12, AC, BD, 14, 6)]


def test_pairs_count_their_best_two_evenings() -> None:
    rows = {row.entity: row for row in season_ranking(EVENINGS, MEETINGS, best_of=2)}
    # AB: 15+8 = 23 VP, 1400 MP (both evenings count); CD: 12+5 = 17 VP, 1100 MP
    assert (rows[AB].vp, rows[AB].mp, rows[AB].counted, rows[AB].rank) == (23, 1400, 2, 1)
    assert (rows[CD].vp, rows[CD].mp, rows[CD].rank) == (17, 1100, 2)
    assert (rows[AC].vp, rows[AC].rank) == (14, 3)
    assert (rows[BD].vp, rows[BD].rank) == (6, 4)


def test_players_are_credited_with_whatever_pair_they_played_in() -> None:
    player_evenings = [
        Evening(e.tournament, player, e.vp, e.mp)
        for e in EVENINGS
        for player in sorted(e.entity)  # type: ignore[arg-type]
    ]
    rows = {row.entity: row for row in season_ranking(player_evenings, [], best_of=2)}
    # Anna: 15 (AB), 8 (AB), 14 (AC): best two 15 + 14 = 29 VP, 900 + 800 = 1700 MP
    assert (rows[ANNA].vp, rows[ANNA].mp, rows[ANNA].counted_tournaments) == (29, 1700, (10, 12))
    # Bruno: 15, 8, 6 -> 23 VP, 1400 MP; Carla: 5, 12, 14 -> 26 VP, 1500 MP; Dario: 5, 12, 6 -> 18
    assert (rows[BRUNO].vp, rows[BRUNO].mp) == (23, 1400)
    assert (rows[CARLA].vp, rows[CARLA].mp) == (26, 1500)
    assert (rows[DARIO].vp, rows[DARIO].mp) == (18, 1150)
    assert [rows[p].rank for p in (ANNA, CARLA, BRUNO, DARIO)] == [1, 2, 3, 4]


def test_all_evenings_count_without_a_best_of() -> None:
    rows = {row.entity: row for row in season_ranking(EVENINGS, MEETINGS, best_of=None)}
    assert (rows[AB].vp, rows[AB].evenings, rows[AB].counted) == (23, 2, 2)


def test_level_pairs_are_split_by_head_to_head_then_drawn() -> None:
    level = [Evening(1, AB, 10, 500), Evening(1, CD, 10, 500)]
    # AB took 11 VP from CD and CD 9 from AB over the season
    rows = {r.entity: r for r in season_ranking(level, [Meeting(1, AB, CD, 11, 9)], best_of=None)}
    assert (rows[AB].rank, rows[CD].rank) == (1, 2)
    drawn = season_ranking(level, [], best_of=None)
    assert [row.rank for row in drawn] == [1, 1]


def test_head_to_head_compares_level_pairs_on_the_meetings_that_exist() -> None:
    level = [Evening(1, AB, 10, 500), Evening(1, CD, 10, 500), Evening(2, AC, 10, 500)]
    # AB beat CD 11-9 and AC met neither: the mini-league of the meetings that exist is
    # AB 11, CD 9, AC 0 (RULES.md: no complete mini-league is needed)
    rows = {r.entity: r for r in season_ranking(level, [Meeting(1, AB, CD, 11, 9)], best_of=None)}
    assert [rows[e].rank for e in (AB, CD, AC)] == [1, 2, 3]
    # no meeting at all among them: a draw
    assert [r.rank for r in season_ranking(level, [], best_of=None)] == [1, 1, 1]
