"""A whole evening through the services: seating, entry, standings, corrections."""

from django.contrib.auth.models import User

from tournaments import services
from tournaments.models import Club, Pair, Round, Table
from tournaments.tests.conftest import make_tournament

NS_WINS = [
    {
        "melded_points": 300,
        "hand_points": 0,
        "burracos": {"clean": 1},
        "pot": "taken",
        "closed": True,
    },
    {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"},
]  # NS: 300 + 200 + 100 = 600; EW: 100 - 30 = 70


def play_round(round_: Round, user: User, sides: list[dict[str, object]] = NS_WINS) -> None:
    for table in round_.tables.filter(is_bye=False):
        for number in (1, 2, 3):
            table.refresh_from_db()
            services.deal_record(
                table=table,
                number=number,
                sides=sides,
                mode="summary",
                user=user,
                version=table.version,
            )


def test_an_evening_of_three_rounds_gives_vp_and_ranks(club: Club, organiser: User) -> None:
    tournament = make_tournament(club, pairs=12)
    for movement in ("random", "mitchell", "danese"):
        prepared = services.round_prepare(tournament=tournament, movement=movement, step=1, seed=7)
        services.round_start(round=prepared.round)
        play_round(prepared.round, organiser)
        prepared.round.refresh_from_db()
        assert prepared.round.status == Round.Status.DONE
    tables = Table.objects.filter(round__tournament=tournament)
    assert tables.count() == 18
    table = tables.first()
    assert table is not None
    # 3 deals: NS 1800, EW 210 -> difference 1590 -> 20-0 on the 3-deal table
    assert (table.ns_mp, table.ew_mp, table.ns_vp, table.ew_vp) == (1800, 210, 20, 0)
    vps = sorted(Pair.objects.filter(tournament=tournament).values_list("vp", flat=True))
    assert sum(vps) == 18 * 20
    services.tournament_finish(tournament=tournament)


def test_odd_field_gives_the_bye_its_award(club: Club, organiser: User) -> None:
    tournament = make_tournament(club, pairs=7)
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=3)
    services.round_start(round=prepared.round)
    bye = Table.objects.get(round=prepared.round, is_bye=True)
    assert (bye.status, bye.ns_mp, bye.ns_vp) == (Table.Status.DONE, 355, 14)
    pair = bye.seats.get().pair
    pair.refresh_from_db()
    assert (pair.vp, pair.mp, pair.byes) == (14, 355, 1)
