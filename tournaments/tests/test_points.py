"""Points by place for each player, and a circuit's best-N ranking across clubs
(tournaments/prizes/points.py, circuit.py), checked against hand computations. No database."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.prizes.circuit import EveningPoints, circuit_ranking
from tournaments.prizes.points import (
    PointsScheme,
    SchemeError,
    SchemeKind,
    player_key,
    points_for,
    preset,
)
from tournaments.prizes.ranking import Placed, RankingError


def pairs(*ranks: int) -> list[Placed]:
    """Pairs A, B, C… in this order with these ranks, each of two players a1/a2, b1/b2…"""
    return [
        Placed(entrant=name, rank=rank, players=(f"{name.lower()}1", f"{name.lower()}2"))
        for name, rank in zip("ABCDEFGHIJKLMNOP", ranks, strict=False)
    ]


def by_pair(scheme: PointsScheme, ranking: list[Placed]) -> dict[str, str]:
    credited = points_for(scheme, ranking)
    points = {str(p.entrant): str(p.points) for p in credited}
    # both players of a pair always get the same, in full
    assert all(str(p.points) == points[str(p.entrant)] for p in credited)
    assert len(credited) == 2 * len(ranking)
    return points


def test_the_pairs_minus_5_preset_gives_the_winner_the_number_of_pairs() -> None:
    # 12 pairs: 12, 7, 2, then nothing
    points = by_pair(preset("pairs_minus_5"), pairs(*range(1, 13)))
    assert [points[name] for name in "ABCDE"] == ["12.00", "7.00", "2.00", "0.00", "0.00"]


def test_the_category_coefficient_multiplies_every_place() -> None:
    points = by_pair(preset("pairs_minus_5", "1.5"), pairs(*range(1, 13)))
    assert [points[name] for name in "ABCD"] == ["18.00", "10.50", "3.00", "0.00"]


def test_the_double_minus_2_preset() -> None:
    points = by_pair(preset(SchemeKind.DOUBLE_MINUS_2), pairs(1, 2, 3, 4, 5, 6, 7))
    assert list(points.values()) == ["14.00", "12.00", "10.00", "8.00", "6.00", "4.00", "2.00"]


def test_a_table_of_points_gives_nothing_past_its_end() -> None:
    table = PointsScheme(kind=SchemeKind.TABLE, table=tuple(map(Decimal, ("25", "15", "10"))))
    points = by_pair(table, pairs(1, 2, 3, 4))
    assert list(points.values()) == ["25.00", "15.00", "10.00", "0.00"]


@pytest.mark.parametrize(
    ("scheme", "ranks", "expected"),
    [
        # 10 pairs, tie for 1st-2nd: (10 + 5) / 2
        (preset("pairs_minus_5"), (1, 1, 3, 4, 5, 6, 7, 8, 9, 10), ["7.50", "7.50", "0.00"]),
        # 8 pairs, three tied 1st-3rd: (8 + 3 + 0) / 3 = 3.666… rounds half up to 3.67
        (preset("pairs_minus_5"), (1, 1, 1, 4, 5, 6, 7, 8), ["3.67", "3.67", "3.67"]),
        # 7 pairs, 2 x 7: 2nd-4th share (12 + 10 + 8) / 3
        (preset("double_minus_2"), (1, 2, 2, 2, 5, 6, 7), ["14.00", "10.00", "10.00"]),
        # a tie across the table's end: (5 + 0) / 2
        (PointsScheme(kind=SchemeKind.TABLE, table=(Decimal(9), Decimal(5))),
         (1, 2, 2), ["9.00", "2.50", "2.50"]),
        # the coefficient before the average: 1.1 x (7 + 2 + 0) / 3 = 3.3
        (preset("pairs_minus_5", "1.1"), (1, 1, 1, 4, 5, 6, 7), ["3.30", "3.30", "3.30"]),
    ],
)  # fmt: skip
def test_tied_pairs_share_the_points_of_the_places_they_cover(
    scheme: PointsScheme, ranks: tuple[int, ...], expected: list[str]
) -> None:
    points = by_pair(scheme, pairs(*ranks))
    assert [points[name] for name in "ABC"] == expected


def test_a_tie_says_which_places_it_covered() -> None:
    credited = points_for(preset("pairs_minus_5"), pairs(1, 2, 2, 4))
    assert [(p.player, p.place, p.tied) for p in credited[:4]] == [
        ("a1", 1, None), ("a2", 1, None), ("b1", 2, (2, 3)), ("b2", 2, (2, 3)),
    ]  # fmt: skip


def test_the_presets_count_the_pairs_the_caller_names() -> None:
    # a pair withdrew before the end and is not ranked: the evening still had 11 pairs
    points = points_for(preset("pairs_minus_5"), pairs(1, 2), entrants=11)
    assert [p.points for p in points[::2]] == [Decimal("11.00"), Decimal("6.00")]


def test_a_pair_without_players_cannot_be_credited() -> None:
    with pytest.raises(RankingError, match="entrant 'X' has no players to credit"):
        points_for(preset("pairs_minus_5"), [Placed(entrant="X", rank=1)])


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "pairs_minus_5", "coefficient": "0"}, "coefficient must be above 0, not 0"),
        ({"kind": "table", "table": []}, "needs the points of 1st place"),
        ({"kind": "table", "table": ["5", "-1"]}, "cannot take points away"),
        ({"kind": "pairs_minus_7"}, "not readable"),
        ({"kind": "table", "table": ["ten"]}, "not readable"),
    ],
)
def test_a_wrong_scheme_is_refused(data: dict[str, object], message: str) -> None:
    with pytest.raises(SchemeError, match=message):
        PointsScheme.from_data(data)


def test_a_scheme_survives_its_json_form() -> None:
    table = PointsScheme(
        kind=SchemeKind.TABLE, coefficient=Decimal("1.25"), table=(Decimal(20), Decimal("12.5"))
    )
    assert PointsScheme.from_data(table.data()) == table


@given(
    steps=st.lists(st.booleans(), min_size=1, max_size=30),
    kind=st.sampled_from([SchemeKind.PAIRS_MINUS_5, SchemeKind.DOUBLE_MINUS_2]),
)
def test_ties_hand_out_the_points_of_their_places_to_within_rounding(
    steps: list[bool], kind: SchemeKind
) -> None:
    ranks, rank = [], 1
    for position, new in enumerate(steps, start=1):
        rank = position if new or position == 1 else rank
        ranks.append(rank)
    ranking = [Placed(entrant=n, rank=r, players=(f"p{n}",)) for n, r in enumerate(ranks)]
    scheme = preset(kind)
    credited = points_for(scheme, ranking)
    exact = sum(
        (scheme.place_points(place, len(ranking)) for place in range(1, len(ranking) + 1)),
        Decimal(0),
    )
    handed_out = sum((p.points for p in credited), Decimal(0))
    assert abs(handed_out - exact) <= Decimal("0.005") * len(ranking)
    assert [p.points for p in credited] == sorted((p.points for p in credited), reverse=True)


# --- players across clubs, and the circuit ----------------------------------------------------


@pytest.mark.parametrize(
    ("card", "player_id", "key"),
    [
        ("IT0123", 5, "card:IT0123"),
        (" it 0123 ", 9, "card:IT0123"),  # the same card typed in another club: one player
        ("", 9, "player:9"),  # no card: the club's own player
        (None, 12, "player:12"),
    ],
)
def test_a_player_is_known_by_the_card_number_first(
    card: str | None, player_id: int, key: str
) -> None:
    assert player_key(card, player_id) == key


def evenings(player: str, *points: str, club: str = "x") -> list[EveningPoints]:
    return [
        EveningPoints(evening=f"{club}-{n}", player=player, points=Decimal(p))
        for n, p in enumerate(points, start=1)
    ]


def test_the_circuit_counts_the_best_evenings_then_evenings_played_then_the_best_one() -> None:
    results = [
        *evenings("card:X", "10", "7.5", "3"),  # best two 17.5, three evenings, best 10
        *evenings("card:Z", "7.5", "10", "0"),  # the same on every count: X's rank
        *evenings("card:W", "9", "8.5", "1"),  # 17.5 over three, but its best is 9
        *evenings("card:Y", "10", "7.5"),  # 17.5 in two evenings
        *evenings("card:V", "20"),  # one great evening is the most points
    ]
    rows = circuit_ranking(results, best_n=2)
    assert [(r.rank, r.player, str(r.total), r.evenings_played, str(r.best)) for r in rows] == [
        (1, "card:V", "20", 1, "20"),
        (2, "card:X", "17.5", 3, "10"),
        (2, "card:Z", "17.5", 3, "10"),
        (4, "card:W", "17.5", 3, "9"),
        (5, "card:Y", "17.5", 2, "10"),
    ]
    assert rows[1].counted == ("x-1", "x-2")
    assert rows[2].counted == ("x-2", "x-1")


def test_a_circuit_ranking_spans_the_clubs_of_its_players() -> None:
    # Lucia plays at two clubs with one card; Mario without a card is one club's player only
    lucia_a = player_key("IT 555", 1)
    lucia_b = player_key("it555", 40)
    scheme = preset("pairs_minus_5")
    club_a = points_for(scheme, [
        Placed("a1", 1, players=(lucia_a, player_key(None, 2))),
        Placed("a2", 2, players=(player_key(None, 3), player_key("IT777", 4))),
    ])  # fmt: skip
    club_b = points_for(scheme, [
        Placed("b1", 1, players=(player_key("IT777", 41), player_key(None, 42))),
        Placed("b2", 2, players=(lucia_b, player_key(None, 43))),
    ])  # fmt: skip
    results = [EveningPoints("A", p.player, p.points) for p in club_a] + [
        EveningPoints("B", p.player, p.points) for p in club_b
    ]
    rows = {row.player: row for row in circuit_ranking(results, best_n=5)}
    assert (rows["card:IT555"].total, rows["card:IT555"].evenings_played) == (Decimal(2), 2)
    assert (rows["card:IT777"].total, rows["card:IT777"].rank) == (Decimal(2), 1)
    assert rows["player:2"].total == Decimal(2)
    assert rows["player:42"].rank == 3


def test_a_player_has_one_result_an_evening() -> None:
    with pytest.raises(RankingError, match="player card:X has two results for evening 'x-1'"):
        circuit_ranking([*evenings("card:X", "1"), *evenings("card:X", "2")], best_n=2)


def test_a_circuit_counts_at_least_one_evening() -> None:
    with pytest.raises(RankingError, match="at least one evening, not 0"):
        circuit_ranking(evenings("card:X", "1"), best_n=0)
