"""A fixed club evening for the export tests: the same players, seats and deals every run, so
the files written from it can be pinned byte for byte (golden files) and the spreadsheets read
back against them.

Two finished tournaments of the club "roma", both in the season "Inverno 2026":
- "Martedì sera" (17 Nov 2026), deals format, 5 pairs, 2 rounds of 3 deals: a bye each round,
  negative totals, clean, dirty and semi-clean burracos, a pot not taken;
- "Giovedì a 1000" (19 Nov 2026), target format (matches to 1000), 5 pairs, 2 rounds.

Pair 4's first player is called "=Rossi": text that a spreadsheet would run as a formula.
"""

import datetime
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User

from tournaments import services
from tournaments.models import Club, Player, Season, Table, Tournament

PAIRS = """Mario Rossi / Lucia Bianchi
Niccolò D'Amico / Anna Maria De Luca
Giuseppe Verdi / Carla Fracci
Tommaso Neri / Paola Neri
Franco Bruni / Elena Sala"""

NS_CLOSES = {
    "melded_points": 310, "hand_points": 0, "burracos": {"clean": 1, "semi-clean": 1},
    "pot": "taken", "closed": True,
}  # fmt: skip
"""310 melded + 200 clean + 150 semi-clean + 100 closing = 760."""
EW_STUCK = {"melded_points": 45, "hand_points": 125, "burracos": {}, "pot": "not_taken"}
"""45 melded - 125 in hand - 100 for the pot not taken = -180."""
DIRTY = {"melded_points": 205, "hand_points": 35, "burracos": {"dirty": 1}, "pot": "taken"}
"""205 + 100 (dirty) - 35 = 270."""
PLAIN = {"melded_points": 140, "hand_points": 15, "burracos": {}, "pot": "taken"}
"""140 - 15 = 125."""

CLOSES_AGAINST_STUCK = [NS_CLOSES, EW_STUCK]
STUCK_AGAINST_CLOSES = [EW_STUCK, NS_CLOSES]
DIRTY_AGAINST_PLAIN = [DIRTY, PLAIN]
PLAIN_AGAINST_DIRTY = [PLAIN, DIRTY]

DEALS_ROUNDS = {
    1: {
        1: [CLOSES_AGAINST_STUCK, DIRTY_AGAINST_PLAIN, PLAIN_AGAINST_DIRTY],
        2: [STUCK_AGAINST_CLOSES, STUCK_AGAINST_CLOSES, DIRTY_AGAINST_PLAIN],
    },
    2: {
        1: [PLAIN_AGAINST_DIRTY, PLAIN_AGAINST_DIRTY, PLAIN_AGAINST_DIRTY],
        2: [CLOSES_AGAINST_STUCK, DIRTY_AGAINST_PLAIN, STUCK_AGAINST_CLOSES],
    },
}
TARGET_ROUNDS = {
    # 760 a deal: a match to 1000 ends after the second deal a side closes
    1: {1: [CLOSES_AGAINST_STUCK, CLOSES_AGAINST_STUCK], 2: [STUCK_AGAINST_CLOSES] * 2},
    2: {
        1: [DIRTY_AGAINST_PLAIN, PLAIN_AGAINST_DIRTY, CLOSES_AGAINST_STUCK],
        2: [STUCK_AGAINST_CLOSES, STUCK_AGAINST_CLOSES],
    },
}


@dataclass(frozen=True)
class Evening:
    deals: Tournament
    target: Tournament
    season: Season


def _tournament(club: Club, name: str, date: datetime.date, **options: Any) -> Tournament:
    tournament = services.tournament_create(
        club=club, name=name, date=date, variant="classico", rounds=2, published=True, **options
    )
    services.pairs_add(tournament=tournament, text=PAIRS)
    return tournament


def _play(tournament: Tournament, rounds: dict[int, dict[int, list[Any]]], user: User) -> None:
    for seed, tables in rounds.items():
        round_ = services.round_prepare(tournament=tournament, movement="random", seed=seed).round
        services.round_start(round=round_)
        for number, deals in tables.items():
            table = Table.objects.get(round=round_, number=number)
            for deal, sides in enumerate(deals, 1):
                table.refresh_from_db()
                services.deal_record(
                    table=table, number=deal, sides=sides, mode="summary", user=user,
                    version=table.version,
                )  # fmt: skip
    services.tournament_finish(tournament=tournament)
    tournament.refresh_from_db()


def play_evening(club: Club, user: User) -> Evening:
    deals = _tournament(club, "Martedì sera", datetime.date(2026, 11, 17), deals_per_round=3)
    # a first player called only "=Rossi": the file must not let a spreadsheet run it
    Player.objects.filter(pk=deals.pairs.get(number=4).player_one_id).update(
        first_name="", last_name="=Rossi"
    )
    target = _tournament(
        club, "Giovedì a 1000", datetime.date(2026, 11, 19), format="target", target_score=1000
    )
    _play(deals, DEALS_ROUNDS, user)
    _play(target, TARGET_ROUNDS, user)
    season = services.season_create(club=club, name="Inverno 2026", tournaments=[deals, target])
    return Evening(deals=deals, target=target, season=season)
