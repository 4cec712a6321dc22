"""Substitutes credited for what they played (issue 20, item 4): Dario Neri plays rounds 1 and 2
for Bianchi–Neri (19 + 19 VP), Ivo Greco replaces him for round 3 (9 VP). The pair's standings
stay as they are (47 VP); the federation's file names every player who played for the pair with
their rounds, and the season credits each player, and each line-up, with the rounds they played.
"""

import datetime
import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.backup import tournament_export, tournament_import
from tournaments.federation import federation_rows
from tournaments.models import Club, Pair, Round, Tournament
from tournaments.rules.credits import Change, line_up, stints
from tournaments.rules.standings import TableOutcome
from tournaments.selectors import seasons as season_reads
from tournaments.tests.test_exports import read_csv

CLOSES = {"melded_points": 300, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
          "closed": True}  # fmt: skip
"""300 melded + 200 clean + 100 closing = 600."""
CLOSES_LOW = {"melded_points": 200, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
              "closed": True}  # fmt: skip
"""200 melded + 200 clean + 100 closing = 500."""
STUCK = {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"}
"""100 melded - 30 in hand = 70."""
BIG_CLOSE = {"melded_points": 300, "hand_points": 0, "burracos": {"clean": 1, "semi-clean": 1},
             "pot": "taken", "closed": True}  # fmt: skip
"""300 melded + 200 clean + 150 semi-clean + 100 closing = 750."""
POT_LEFT = {"melded_points": 50, "hand_points": 120, "burracos": {}, "pot": "not_taken"}
"""50 melded - 120 in hand - 100 for the pot not taken = -170."""

WIN_BIG = [(CLOSES, STUCK), (CLOSES, STUCK), (CLOSES_LOW, STUCK)]
"""Bianchi's pair 600 + 600 + 500 = 1700, the opponents 210: 1490 more, 19-1."""
LOSE_SMALL = [(CLOSES_LOW, STUCK), (CLOSES_LOW, STUCK), (POT_LEFT, BIG_CLOSE)]
"""Bianchi's pair 500 + 500 - 170 = 830, the opponents 70 + 70 + 750 = 890: 60 fewer, 9-11."""
OTHERS = [(CLOSES, STUCK)] * 3


def play_round(
    tournament: Tournament, user: User, number: int, ours: Pair, deals: list[Any]
) -> None:
    """Seat round `number` at random and play it: `ours` scores `deals` (its side first in each
    pair of sides), the other table plays `OTHERS`."""
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=number)
    services.round_start(round=prepared.round)
    round_: Round = prepared.round
    for table in round_.tables.filter(is_bye=False).order_by("number"):
        ns = table.seats.get(direction="ns").pair_id
        ew = table.seats.get(direction="ew").pair_id
        plan = deals if ours.pk in (ns, ew) else OTHERS
        for deal_number, (mine, theirs) in enumerate(plan, 1):
            table.refresh_from_db()
            sides = [mine, theirs] if ns == ours.pk or ours.pk not in (ns, ew) else [theirs, mine]
            services.deal_record(
                table=table, number=deal_number, sides=sides, mode="summary", user=user,
                version=table.version,
            )  # fmt: skip


@pytest.fixture
def evening(club: Club, organiser: User) -> Tournament:
    tournament = services.tournament_create(
        club=club, name="Giovedì", date=datetime.date(2026, 11, 19),
        variant="classico", rounds=3, deals_per_round=3,
    )  # fmt: skip
    services.pairs_add(
        tournament=tournament,
        text="Marco Bianchi / Dario Neri\nAnna Rossi / Bruno Verdi\n"
        "Carla Conti / Elena Esposito\nFabio Ferri / Gino Galli",
    )
    ours = tournament.pairs.get(number=1)
    play_round(tournament, organiser, 1, ours, WIN_BIG)
    play_round(tournament, organiser, 2, ours, WIN_BIG)
    neri = ours.player_two
    assert neri is not None
    services.pair_substitute(
        pair=ours, player=neri, first_name="Ivo", last_name="Greco", from_round=3, user=organiser
    )
    play_round(tournament, organiser, 3, ours, LOSE_SMALL)
    services.tournament_finish(tournament=tournament)
    tournament.refresh_from_db()
    return tournament


def test_the_pairs_standings_stay_as_they_are(evening: Tournament) -> None:
    pair = evening.pairs.get(number=1)
    # 19 + 19 + 9 VP, 1700 + 1700 + 830 MP, under the names of now
    assert (pair.names, pair.vp, pair.mp, pair.rounds_played) == (
        "Marco Bianchi – Ivo Greco", 47, 4230, 3,
    )  # fmt: skip


def test_the_federation_file_names_every_player_with_the_rounds_they_played(
    evening: Tournament, organiser_client: Client
) -> None:
    header, *rows = read_csv(organiser_client.get(reverse("federation_csv", args=[evening.pk])))
    assert header[-5:] == ["vp", "mp", "rounds_played", "from_round", "to_round"]
    ours = [row for row in rows if row[1] == "1"]
    columns = [header.index(name) for name in (
        "player_one_last_name", "player_two_last_name", "vp", "mp", "rounds_played",
        "from_round", "to_round",
    )]  # fmt: skip
    assert [[row[i] for i in columns] for row in ours] == [
        ["Bianchi", "Neri", "38", "3400", "2", "1", "2"],
        ["Bianchi", "Greco", "9", "830", "1", "3", "3"],
    ]
    # the pair's rows share its rank and add up to its standing
    assert ours[0][0] == ours[1][0] == str(evening.pairs.get(number=1).rank)
    # a pair no one replaced keeps one row, with the rounds it played
    assert [row[-2:] for row in rows if row[1] == "2"] == [["1", "3"]]
    assert len(rows) == 5


def test_the_season_credits_each_player_with_the_rounds_they_played(
    club: Club, evening: Tournament
) -> None:
    season = services.season_create(club=club, name="Autunno", tournaments=[evening])
    standings = season_reads.season_standings(season=season)
    players = {row["player"]: (row["evenings_played"], row["vp"], row["mp"])
               for row in standings.players}  # fmt: skip
    assert players["Marco Bianchi"] == (1, 47, 4230)
    assert players["Dario Neri"] == (1, 38, 3400)
    assert players["Ivo Greco"] == (1, 9, 830)  # not the pair's 47: one round of three
    ranks = {row["player"]: row["rank"] for row in standings.players}
    assert ranks["Marco Bianchi"] < ranks["Dario Neri"] < ranks["Ivo Greco"]
    # each line-up (the same two players) is credited with the rounds it played together
    pairs = {row["pair"]: (row["evenings_played"], row["vp"], row["mp"]) for row in standings.pairs}
    assert pairs["Marco Bianchi – Dario Neri"] == (1, 38, 3400)
    # Bianchi and Greco played round 3 together, not the evening's 47 VP
    assert pairs["Marco Bianchi – Ivo Greco"] == (1, 9, 830)


def test_the_season_head_to_head_sees_who_sat_at_the_table(club: Club, evening: Tournament) -> None:
    season = services.season_create(club=club, name="Autunno", tournaments=[evening])
    results = season_reads.season_results(season=season)
    neri = next(p for p in results.players.values() if p.last_name == "Neri")
    greco = next(p for p in results.players.values() if p.last_name == "Greco")
    met_by_neri = sum(neri.pk in (m.a, m.b) for m in results.player_meetings)
    met_by_greco = sum(greco.pk in (m.a, m.b) for m in results.player_meetings)
    assert (met_by_neri, met_by_greco) == (4, 2)  # two tables of two opponents, then one


# --- the pure reading of who played ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "rounds"),
    [
        # one substitution: 4 for 2 from round 3
        ([Change(3, 2, 4)], {1: (1, 2), 2: (1, 2), 3: (1, 4), 4: (1, 4)}),
        # the substitute replaced again from round 4 (5 for 4)
        ([Change(3, 2, 4), Change(4, 4, 5)], {2: (1, 2), 3: (1, 4), 4: (1, 5)}),
        # the player replaced comes back from round 4
        ([Change(2, 2, 4), Change(4, 4, 2)], {1: (1, 2), 2: (1, 4), 3: (1, 4), 4: (1, 2)}),
        # both players replaced from round 2
        ([Change(2, 1, 6), Change(2, 2, 7)], {1: (1, 2), 2: (6, 7)}),
    ],
)
def test_the_players_of_each_round(
    changes: list[Change], rounds: dict[int, tuple[int, ...]]
) -> None:
    now = rounds[max(rounds)]  # the pair's players at the end
    assert {n: line_up(now, changes, n) for n in rounds} == rounds


def test_spells_are_runs_of_one_line_up_with_what_they_scored() -> None:
    # pair 7 at N-S in rounds 1 and 3, E-W in round 2, a bye in round 4; 9 replaced 8 from 3
    tables = [
        (1, TableOutcome(7, 3, 900, 300, 15, 5)),
        (2, TableOutcome(4, 7, 500, 600, 9, 11)),
        (3, TableOutcome(7, 5, 400, 400, 10, 10)),
        (4, TableOutcome(7, None, 355, 0, 14, 0)),
    ]
    found = stints(7, (6, 9), [Change(3, 8, 9)], tables, by_matches=False)
    assert [(s.line_up, s.first, s.last, s.record.vp, s.record.mp) for s in found] == [
        ((6, 8), 1, 2, 26, 1500),
        ((6, 9), 3, 4, 24, 755),
    ]
    assert (found[1].record.rounds_played, found[1].record.byes) == (2, 1)


def test_a_backup_keeps_who_played_which_rounds(
    evening: Tournament, other_club: Club, organiser_client: Client
) -> None:
    data = json.loads(json.dumps(tournament_export(tournament=evening)))
    ours = next(pair for pair in data["pairs"] if pair["number"] == 1)
    assert ours["substitutions"] == [
        {
            "from_round": 3,
            "player_out": {"first_name": "Dario", "last_name": "Neri", "card_number": ""},
            "player_in": {"first_name": "Ivo", "last_name": "Greco", "card_number": ""},
        }
    ]
    copy = tournament_import(data=data, club=other_club)
    pair = copy.pairs.get(number=1)
    assert [(c.player_out.full_name, c.player_in.full_name, c.from_round)
            for c in pair.substitutions.all()] == [("Dario Neri", "Ivo Greco", 3)]  # fmt: skip
    # the copy's federation file credits the same players with the same rounds
    original = federation_rows(evening, evening.pairs.order_by("rank", "number"))
    copied = federation_rows(copy, copy.pairs.order_by("rank", "number"))
    assert copied == original


def test_a_backup_written_before_substitutes_were_kept_still_imports(
    evening: Tournament, other_club: Club
) -> None:
    data = json.loads(json.dumps(tournament_export(tournament=evening)))
    for pair in data["pairs"]:
        del pair["substitutions"]
    copy = tournament_import(data=data, club=other_club, unverified=True)
    assert not copy.pairs.get(number=1).substitutions.exists()
