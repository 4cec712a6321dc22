"""Tournament backups: the export holds everything, the import gives it all back exactly, and a
file edited by hand cannot bring in scores the engine would not give."""

import copy
import json
import os
import random
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from scoring import RuleSet, deal_from_json, score_deal
from scoring.samples import random_deal
from tournaments import services
from tournaments.backup import FORMAT, VERSION, tournament_export, tournament_import
from tournaments.models import (
    Club,
    Deal,
    DealSide,
    Meld,
    Pair,
    Player,
    ResultChange,
    Round,
    Season,
    Table,
    Tournament,
)
from tournaments.services import ServiceError
from tournaments.tests.conftest import make_tournament

MANAGE = Path(settings.BASE_DIR) / "manage.py"
MOMENT = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$")

# --- building a real evening through the services ------------------------------------------------


def card_sides(rules: RuleSet, rng: random.Random) -> list[dict[str, Any]]:
    """A legal deal's two sides, typed card by card as the entry form sends them.

    `random_deal` draws only legal deals; its running score and opening are left out because
    the evenings here are played in deals, where every deal is scored on its own. Nothing is
    drawn again if the engine refuses a deal: `deal_record` then raises, and the test fails.
    """
    data = random_deal(rules, rng, sides=2)
    return [
        {key: value for key, value in side.items() if key not in ("score_before", "opening")}
        for side in data["sides"]
    ]


def summary_sides(rules: RuleSet, rng: random.Random) -> list[dict[str, Any]]:
    """A legal deal's two sides as a score sheet's numbers."""
    sides = card_sides(rules, rng)
    result = score_deal(deal_from_json({"variant": rules.slug, "sides": sides}, rules))
    return [
        {
            "melded_points": scored.melded_points,
            "hand_points": scored.hand_points,
            "burracos": dict(Counter(scored.burracos)),
            "pot": side["pot"],
            **({"closed": True} if side.get("closed") else {}),
        }
        for side, scored in zip(sides, result.sides, strict=True)
    ]


def record(table: Table, number: int, mode: str, user: User, rng: random.Random) -> Deal:
    table.refresh_from_db()
    rules = table.round.tournament.rules
    sides = card_sides(rules, rng) if mode == "cards" else summary_sides(rules, rng)
    return services.deal_record(
        table=table, number=number, sides=sides, mode=mode, user=user, version=table.version
    )


def play(round_: Round, user: User, rng: random.Random, *, deals: int | None = None) -> None:
    """Enter the round's deals table by table (only the first `deals` of them if given);
    odd tables type the cards, even ones copy the score sheet."""
    entered = 0
    for table in round_.tables.filter(is_bye=False).order_by("number"):
        mode = "cards" if table.number % 2 else "summary"
        for number in range(1, round_.tournament.deals_per_round + 1):
            if deals is not None and entered >= deals:
                return
            record(table, number, mode, user, rng)
            entered += 1


def give_card_numbers(club: Club) -> None:
    """Half the players hold a federation card, as in a real club."""
    for index, player in enumerate(Player.objects.filter(club=club).order_by("pk")):
        if index % 2 == 0:
            player.card_number = f"RM{1000 + index}"
            player.save()


@pytest.fixture
def scorer(club: Club) -> User:
    return User.objects.create_user("bruno", "bruno@example.com", "another-test-password-7")


@pytest.fixture
def played(club: Club, organiser: User, scorer: User) -> Tournament:
    return play_an_evening(club, organiser, scorer)


@pytest.fixture(scope="module")
def played_backup(django_db_setup: None, django_db_blocker: Any) -> dict[str, Any]:
    """The export of `played`, made once for the many edits of it (and the rows rolled back)."""
    with django_db_blocker.unblock(), transaction.atomic():
        club = Club.objects.create(name="Circolo del Burraco Roma", slug="roma")
        organiser = User.objects.create_user("anna")
        scorer = User.objects.create_user("bruno")
        data = tournament_export(tournament=play_an_evening(club, organiser, scorer))
        transaction.set_rollback(True)
    return data


def play_an_evening(club: Club, organiser: User, scorer: User) -> Tournament:
    """7 pairs (a bye every round), random draw, Mitchell and Danese, in both entry modes, with a
    correction and a removed deal in the audit records; finished, in the club's season."""
    season = Season.objects.create(club=club, name="Winter 2026", slug="winter-2026")
    tournament = make_tournament(club, pairs=7)
    services.tournament_update(tournament=tournament, house_rules_overrides={"closing_bonus": 150})
    Tournament.objects.filter(pk=tournament.pk).update(season=season)
    give_card_numbers(club)
    rng = random.Random(2026)
    for number, movement in enumerate(("random", "mitchell", "danese"), 1):
        prepared = services.round_prepare(
            tournament=tournament, movement=movement, step=2 if number == 2 else None, seed=number
        )
        services.round_start(round=prepared.round)
        play(prepared.round, organiser, rng)
    first = Table.objects.get(round__tournament=tournament, round__number=2, number=1)
    record(first, 2, "cards", scorer, rng)  # a correction, by another user
    second = Table.objects.get(round__tournament=tournament, round__number=3, number=2)
    services.deal_remove(table=second, number=3, user=organiser, version=second.version)
    record(second, 3, "summary", scorer, rng)
    services.tournament_finish(tournament=tournament)
    tournament.refresh_from_db()
    return tournament


def normalised(data: dict[str, Any]) -> dict[str, Any]:
    """An export without what may differ between two copies of one tournament: where and when
    it was written, the club and the slug."""
    data = copy.deepcopy(data)
    del data["exported_at"], data["club"], data["signature"]
    data["tournament"]["slug"] = "~"
    # an imported copy lands unpublished and in no season (asserted where it matters)
    data["tournament"]["published"] = data["tournament"]["season"] = "~"
    # and its change log says where it came from
    data["events"] = [event for event in data["events"] if event["kind"] != "imported"]
    return data


def deals_of(data: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]]:
    return [(r, t, d) for r in data["rounds"] for t in r["tables"] for d in t["deals"]]


# --- the export ----------------------------------------------------------------------------------


def test_export_holds_every_row_of_the_tournament(played: Tournament) -> None:
    data = tournament_export(tournament=played)
    assert (data["format"], data["version"]) == (FORMAT, VERSION) == ("burraco_club.tournament", 1)
    assert list(data) == [
        "format",
        "version",
        "exported_at",
        "club",
        "tournament",
        "pairs",
        "rounds",
        "changes",
        "events",
        "decisions",
        "signature",
    ]
    assert data["signature"]["algorithm"] == "django-signing-sha256"
    assert data["club"] == {"slug": "roma", "name": "Circolo del Burraco Roma"}
    assert data["tournament"]["season"] == {"slug": "winter-2026", "name": "Winter 2026"}
    assert data["tournament"]["house_rules"] == {"closing_bonus": 150}
    assert data["tournament"]["status"] == "finished"
    assert len(data["pairs"]) == 7
    assert [r["movement"] for r in data["rounds"]] == ["random", "mitchell", "danese"]
    assert data["rounds"][1]["step"] == 2
    # three tables of two pairs and a bye in each round, three deals at every played table
    assert [len(r["tables"]) for r in data["rounds"]] == [4, 4, 4]
    assert len(deals_of(data)) == 27 == Deal.objects.filter(table__round__tournament=played).count()
    assert {d["mode"] for _, _, d in deals_of(data)} == {"cards", "summary"}
    assert {d["entered_by"] for _, _, d in deals_of(data)} == {"anna", "bruno"}
    melds = sum(len(s["melds"]) for _, _, d in deals_of(data) for s in d["sides"])
    assert melds == Meld.objects.filter(side__deal__table__round__tournament=played).count() > 0
    # 27 entered, one corrected, one removed and entered again
    actions = Counter(c["action"] for c in data["changes"])
    assert actions == {"entered": 28, "corrected": 1, "removed": 1}
    assert {c["user"] for c in data["changes"]} == {"anna", "bruno"}
    assert all(MOMENT.match(c["at"]) for c in data["changes"])
    assert all(MOMENT.match(d["updated_at"]) for _, _, d in deals_of(data))
    assert MOMENT.match(data["tournament"]["created_at"])
    # the stored numbers are there as they are in the database
    pair = Pair.objects.get(tournament=played, number=1)
    assert {k: data["pairs"][0][k] for k in ("vp", "mp", "rank")} == {
        "vp": pair.vp,
        "mp": pair.mp,
        "rank": pair.rank,
    }
    side = DealSide.objects.filter(deal__table__round__tournament=played).order_by("pk").last()
    assert side is not None
    exported = next(
        s
        for r, t, d in deals_of(data)
        for s in d["sides"]
        if (r["number"], t["number"], d["number"], s["direction"])
        == (side.deal.table.round.number, side.deal.table.number, side.deal.number, side.direction)
    )
    assert exported["total"] == side.total and exported["burracos"] == side.burracos
    json.dumps(data)  # all of it plain JSON


def test_export_reads_in_the_same_queries_at_any_size(
    played: Tournament, club: Club, organiser: User
) -> None:
    small = make_tournament(club, pairs=2, name="Two pairs", rounds=1)
    prepared = services.round_prepare(tournament=small, movement="random", seed=1)
    services.round_start(round=prepared.round)
    play(prepared.round, organiser, random.Random(1), deals=1)
    with CaptureQueriesContext(connection) as for_small:
        tournament_export(tournament=small)
    with CaptureQueriesContext(connection) as for_played:
        tournament_export(tournament=played)
    # the pairs' substitutions, the deals the pairs wrote and the arbiter's decisions are one
    # read each
    assert len(for_small) == len(for_played) == 13


# --- the round trip ------------------------------------------------------------------------------


def test_import_into_another_club_gives_back_exactly_what_was_exported(
    played: Tournament, other_club: Club
) -> None:
    exported = json.loads(json.dumps(tournament_export(tournament=played)))
    season = Season.objects.create(club=other_club, name="Winter 2026", slug="winter-2026")
    notes: list[str] = []
    restored = tournament_import(data=exported, club=other_club, notes=notes)
    assert restored.club == other_club and restored.slug == played.slug
    assert restored.pk != played.pk
    again = tournament_export(tournament=restored)
    assert normalised(again) == normalised(exported)
    assert again["club"]["slug"] == "madrid"
    # rows really restored, timestamps and audit order included
    assert list(
        restored.changes.values_list("action", "at", "user__username", "deal_number")
    ) == list(played.changes.values_list("action", "at", "user__username", "deal_number"))
    assert restored.created_at == played.created_at
    assert sorted(
        Deal.objects.filter(table__round__tournament=restored).values_list("updated_at")
    ) == sorted(Deal.objects.filter(table__round__tournament=played).values_list("updated_at"))
    # the other club knew none of the players; the copy is in no season, even one of that slug
    assert other_club.players.count() == 14
    assert other_club.players.exclude(card_number="").count() == 7
    assert (restored.season, restored.published, season.tournaments.count()) == (None, False, 0)
    assert notes == [
        "The copy is unpublished and in no season: publish it, or add it to a season, from its "
        "page.",
        "Players: 0 of Club de Buraco Madrid's own, 14 new.",
    ]
    (event,) = restored.events.filter(kind="imported")
    assert (event.kind, event.details["verified"], event.details["from_club"]) == (
        "imported",
        True,
        "roma",
    )
    # the original is untouched
    assert normalised(tournament_export(tournament=played)) == normalised(exported)


def test_import_into_the_same_club_takes_a_new_slug_and_reuses_the_players(
    played: Tournament, club: Club
) -> None:
    exported = tournament_export(tournament=played)
    players = club.players.count()
    notes: list[str] = []
    second = tournament_import(data=exported, club=club, notes=notes)
    third = tournament_import(data=exported, club=club)
    assert (second.slug, third.slug) == (f"{played.slug}-2", f"{played.slug}-3")
    assert notes[0] == (
        f"The slug {played.slug} is already taken in Circolo del Burraco Roma, so the copy is "
        f"{played.slug}-2."
    )
    assert "Players: 14 of Circolo del Burraco Roma's own, 0 new." in notes
    assert club.players.count() == players
    assert second.season is None and played.season is not None  # never counted twice
    assert normalised(tournament_export(tournament=second)) == normalised(exported)
    pair = Pair.objects.get(tournament=second, number=3)
    original = Pair.objects.get(tournament=played, number=3)
    assert (pair.player_one_id, pair.player_two_id) == (
        original.player_one_id,
        original.player_two_id,
    )


def test_an_evening_stopped_in_the_middle_comes_back_as_it_was(
    club: Club, other_club: Club, organiser: User
) -> None:
    tournament = make_tournament(club, pairs=9, name="Half an evening")
    rng = random.Random(5)
    first = services.round_prepare(tournament=tournament, movement="random", seed=5).round
    services.round_start(round=first)
    play(first, organiser, rng)
    second = services.round_prepare(tournament=tournament, movement="mitchell", seed=6).round
    services.round_start(round=second)
    play(second, organiser, rng, deals=4)  # table 1 done, table 2 one deal in, tables 3-4 untouched
    table = Table.objects.get(round=second, number=2)
    services.deal_remove(table=table, number=1, user=organiser, version=table.version)
    exported = tournament_export(tournament=tournament)
    statuses = [t["status"] for t in exported["rounds"][1]["tables"]]
    assert statuses == ["done", "not_started", "not_started", "not_started", "done"]
    restored = tournament_import(data=exported, club=other_club)
    assert normalised(tournament_export(tournament=restored)) == normalised(exported)


def test_a_tournament_only_seated_comes_back_with_no_standings(
    club: Club, other_club: Club
) -> None:
    tournament = make_tournament(club, pairs=5, name="Not started")
    services.round_prepare(tournament=tournament, movement="random", seed=2)
    exported = tournament_export(tournament=tournament)
    restored = tournament_import(data=exported, club=other_club)
    assert normalised(tournament_export(tournament=restored)) == normalised(exported)
    assert list(restored.pairs.values_list("rank", flat=True)) == [None] * 5


SPANISH_NS_WINS = [
    {"melded_points": 300, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
     "closed": True, "opening_points": 100},
    {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken",
     "opening_points": 100},
]  # fmt: skip  # N-S 600, E-W 70: four deals reach the target of 2000


@pytest.fixture
def match(club: Club, organiser: User) -> Tournament:
    """A target-format Buraco (España) evening: the opening minimum depends on the score."""
    tournament = make_tournament(
        club, pairs=2, name="Match", variant="spanish", format="target", rounds=1
    )
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=1)
    services.round_start(round=prepared.round)
    table = prepared.round.tables.get()
    for number in range(1, 5):
        table.refresh_from_db()
        services.deal_record(
            table=table, number=number, sides=SPANISH_NS_WINS, mode="summary", user=organiser,
            version=table.version,
        )  # fmt: skip
    table.refresh_from_db()
    assert (table.status, table.winner, table.ns_mp) == ("done", "ns", 2400)
    return tournament


def test_a_target_match_comes_back_exactly(match: Tournament, other_club: Club) -> None:
    exported = tournament_export(tournament=match)
    restored = tournament_import(data=exported, club=other_club)
    assert normalised(tournament_export(tournament=restored)) == normalised(exported)


def test_the_running_score_of_a_match_is_checked_too(match: Tournament, other_club: Club) -> None:
    exported = tournament_export(tournament=match)
    # with 1200 points before deal 3, North-South needed an opening of 75: say it had none
    del exported["rounds"][0]["tables"][0]["deals"][2]["entry"]["sides"][0]["opening_points"]
    with pytest.raises(ServiceError) as error:
        tournament_import(data=exported, club=other_club, unverified=True)
    assert str(error.value).startswith(
        "Round 1, table 1, deal 3: the scoring engine refuses the stored entry (side 1 had 1200 "
        "points before this deal"
    )


def test_users_missing_here_leave_their_rows_without_a_user(
    played: Tournament, other_club: Club
) -> None:
    exported = tournament_export(tournament=played)
    for _, _, deal in deals_of(exported):
        deal["entered_by"] = "ghost" if deal["entered_by"] == "bruno" else deal["entered_by"]
    for change in exported["changes"]:
        change["user"] = "ghost" if change["user"] == "bruno" else change["user"]
    notes: list[str] = []
    restored = tournament_import(data=exported, club=other_club, notes=notes, unverified=True)
    assert (
        "No user here is called ghost: 2 deal(s) and 2 audit record(s) are kept without a user."
        in notes
    )
    changes = restored.changes.all()
    assert [c.user for c in changes if c.user is None] == [None, None]
    assert Deal.objects.filter(table__round__tournament=restored, entered_by=None).count() == 2


def test_players_are_found_by_card_number_then_by_name(
    played: Tournament, other_club: Club
) -> None:
    exported = tournament_export(tournament=played)
    one, two = exported["pairs"][0]["player_one"], exported["pairs"][0]["player_two"]
    three = exported["pairs"][1]["player_one"]
    assert one["card_number"] and not two["card_number"] and three["card_number"]
    by_card = Player.objects.create(
        club=other_club, first_name="Other", last_name="Name", card_number=one["card_number"]
    )
    by_name = Player.objects.create(
        club=other_club, first_name=two["first_name"].upper(), last_name=two["last_name"]
    )
    # the same name, another card: another person
    Player.objects.create(
        club=other_club,
        first_name=three["first_name"],
        last_name=three["last_name"],
        card_number="MD1",
    )
    restored = tournament_import(data=exported, club=other_club)
    pairs = {p.number: p for p in restored.pairs.select_related("player_one", "player_two")}
    assert (pairs[1].player_one, pairs[1].player_two) == (by_card, by_name)
    assert pairs[2].player_one.card_number == three["card_number"]
    assert other_club.players.count() == 3 + 14 - 2


# --- files that are refused ----------------------------------------------------------------------


def first_deal(data: dict[str, Any], mode: str) -> tuple[str, dict[str, Any]]:
    round_, table, deal = next((r, t, d) for r, t, d in deals_of(data) if d["mode"] == mode)
    return f"Round {round_['number']}, table {table['number']}, deal {deal['number']}", deal


def total_raised(data: dict[str, Any]) -> str:
    where, deal = first_deal(data, "summary")
    total = deal["sides"][0]["total"]
    deal["sides"][0]["total"] += 50
    return (
        f"{where}: the stored N-S total ({total + 50}) is not what the scoring engine gives for "
        f"its entry ({total}). The file was changed by hand or is damaged; nothing was imported."
    )


def melded_points_raised_with_the_total(data: dict[str, Any]) -> str:
    where, deal = first_deal(data, "summary")
    side = deal["sides"][1]
    side["melded_points"] += 100
    side["total"] += 100
    return f"{where}: the stored E-W melded points ({side['melded_points']}) is not what"


def meld_points_raised(data: dict[str, Any]) -> str:
    where, deal = first_deal(data, "cards")
    meld = deal["sides"][0]["melds"][0]
    meld["points"] += 10
    text = f"{meld['cards']}: " + (f"{meld['burraco']} burraco, " if meld["burraco"] else "")
    return (
        f"{where}: the stored N-S meld 1 ({text}{meld['points']} points) is not what the scoring "
        f"engine gives for its entry ({text}{meld['points'] - 10} points)"
    )


def entry_edited_alone(data: dict[str, Any]) -> str:
    where, deal = first_deal(data, "summary")
    deal["entry"]["sides"][0]["melded_points"] += 100
    return f"{where}: the stored N-S melded points"


def entry_the_engine_refuses(data: dict[str, Any]) -> str:
    where, deal = first_deal(data, "summary")
    for side in deal["entry"]["sides"]:
        side["closed"] = True
    return f"{where}: the scoring engine refuses the stored entry (only one side can close a deal"


def table_vp_raised(data: dict[str, Any]) -> str:
    table = data["rounds"][0]["tables"][0]
    table["ns_vp"] += 1
    return f"Round 1, table 1: the stored N-S VP ({table['ns_vp']}) is not what its deals give"


def bye_award_raised(data: dict[str, Any]) -> str:
    table = next(t for t in data["rounds"][0]["tables"] if t["is_bye"])
    table["ns_mp"] += 1
    return f"Round 1, table {table['number']}: the stored N-S MP ({table['ns_mp']})"


def pair_vp_raised(data: dict[str, Any]) -> str:
    data["pairs"][2]["vp"] += 1
    return f"Pair 3: the stored VP ({data['pairs'][2]['vp']}) is not what its tables give"


def seat_of_an_unknown_pair(data: dict[str, Any]) -> str:
    data["rounds"][0]["tables"][0]["seats"][0]["pair"] = 99
    return "round 1, table 1 seats pair 99, which is not in the file."


def side_of_another_pair(data: dict[str, Any]) -> str:
    table = data["rounds"][1]["tables"][0]
    deal = table["deals"][0]
    sitting = deal["sides"][0]["pair"]
    deal["sides"][0]["pair"] = deal["sides"][1]["pair"]
    return (
        f"round 2, table 1, deal 1, {'E-W' if deal['sides'][0]['direction'] == 'ew' else 'N-S'} "
        f"side names pair {deal['sides'][1]['pair']}, but pair {sitting} sits there."
    )


def audit_record_of_a_missing_table(data: dict[str, Any]) -> str:
    data["changes"][0]["table"] = 9
    return "an audit record names round 1, table 9, not in the file."


def time_without_zone(data: dict[str, Any]) -> str:
    data["changes"][0]["at"] = "2026-11-17T21:00:00"
    return 'an audit record should give the time zone of "at" (2026-11-17T21:00:00).'


def unknown_variant(data: dict[str, Any]) -> str:
    data["tournament"]["variant"] = "canasta"
    return '"variant", which is not one of'


def house_rules_not_a_mapping(data: dict[str, Any]) -> str:
    data["tournament"]["house_rules"] = ["closing_bonus", 150]
    return 'the tournament should have its house rules as a JSON object in "house_rules".'


def deal_without_mode(data: dict[str, Any]) -> str:
    del data["rounds"][0]["tables"][0]["deals"][0]["mode"]
    return 'round 1, table 1, deal 1 has no "mode".'


def another_version(data: dict[str, Any]) -> str:
    data["version"] = 2
    return "The file is a tournament backup of version 2; this site reads version 1 only."


def another_format(data: dict[str, Any]) -> str:
    data["format"] = "something.else"
    return "The file is not a tournament backup (its format is 'something.else'"


@dataclass(frozen=True)
class Edit:
    change: Callable[[dict[str, Any]], str]
    """Edits the exported data; returns (the start of) the message the import must give."""


EDITS = [
    # a total raised by hand, the rest of the deal left alone
    Edit(total_raised),
    # a score-sheet number and the total raised together, so the total adds up
    Edit(melded_points_raised_with_the_total),
    # a meld's points in a deal typed card by card
    Edit(meld_points_raised),
    # the entry changed but not the stored numbers
    Edit(entry_edited_alone),
    # an entry the engine does not accept at all
    Edit(entry_the_engine_refuses),
    # a table's VP no longer what its deals make
    Edit(table_vp_raised),
    # a bye's award no longer the tournament's
    Edit(bye_award_raised),
    # a pair's standing no longer what its tables make
    Edit(pair_vp_raised),
    # a seat naming a pair not in the file
    Edit(seat_of_an_unknown_pair),
    # a deal's side scored for a pair that does not sit there
    Edit(side_of_another_pair),
    # an audit record of a table not in the file
    Edit(audit_record_of_a_missing_table),
    # a time without its time zone is not exact
    Edit(time_without_zone),
    # a variant this site does not know
    Edit(unknown_variant),
    # house rules in a shape the rules cannot read
    Edit(house_rules_not_a_mapping),
    # a field missing
    Edit(deal_without_mode),
    # a later version of the format
    Edit(another_version),
    # another kind of file
    Edit(another_format),
]


@pytest.mark.parametrize("edit", EDITS, ids=[edit.change.__name__ for edit in EDITS])
def test_a_file_edited_by_hand_is_refused_and_nothing_is_saved(
    edit: Edit, played_backup: dict[str, Any], other_club: Club
) -> None:
    data = copy.deepcopy(played_backup)
    message = edit.change(data)
    counts = [
        m.objects.count() for m in (Tournament, Player, Pair, Round, Table, Deal, ResultChange)
    ]
    with pytest.raises(ServiceError) as error:
        tournament_import(data=data, club=other_club, unverified=True)  # past the signature
    assert message in str(error.value)
    assert "\n" not in str(error.value)
    assert counts == [
        m.objects.count() for m in (Tournament, Player, Pair, Round, Table, Deal, ResultChange)
    ]


# --- the commands --------------------------------------------------------------------------------


def test_commands_round_trip_through_a_file(
    played: Tournament, other_club: Club, tmp_path: Path
) -> None:
    path = tmp_path / "backup.json"
    out = StringIO()
    call_command("export_tournament", "roma", played.slug, "-o", str(path), stdout=out)
    assert out.getvalue() == (
        f"Exported {played} of Circolo del Burraco Roma to {path}: 7 pairs, 3 rounds, 27 deals, "
        "30 audit records.\n"
    )
    out = StringIO()
    call_command("import_tournament", str(path), "--club", "madrid", stdout=out)
    restored = Tournament.objects.get(club=other_club)
    assert out.getvalue().splitlines() == [
        f"Imported {played} into Club de Buraco Madrid as {played.slug}: 7 pairs, 3 rounds, "
        "27 deals, 30 audit records.",
        "  The copy is unpublished and in no season: publish it, or add it to a season, from its "
        "page.",
        "  Players: 0 of Club de Buraco Madrid's own, 14 new.",
    ]
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert restored.season is None
    exported["tournament"]["season"] = None
    assert normalised(tournament_export(tournament=restored)) == normalised(exported)
    out = StringIO()
    call_command("import_tournament", str(path), stdout=out)  # the file's own club
    assert f"so the copy is {played.slug}-2." in out.getvalue()


def test_export_without_a_file_writes_only_the_json(played: Tournament) -> None:
    out = StringIO()
    call_command("export_tournament", "roma", played.slug, stdout=out)
    assert json.loads(out.getvalue())["tournament"]["name"] == "Tuesday evening"


@pytest.mark.parametrize(
    ("content", "club_slug", "message"),
    [
        # not JSON at all
        ("{not json", None, "is not a JSON file (Expecting property name enclosed in double"),
        # JSON, but not a backup
        ('{"a": 1}', None, "The file is not a tournament backup (its format is None"),
        # a club this site does not have
        ('{"format": "burraco_club.tournament", "version": 1, "club": {"slug": "nowhere"}}', None,
         "There is no club 'nowhere' here: create it first, or use --club."),
        # --club naming a club this site does not have
        ('{"format": "burraco_club.tournament", "version": 1}', "paris",
         "There is no club 'paris' here"),
        # a backup cut short
        ('{"format": "burraco_club.tournament", "version": 1}', "roma",
         "The file cannot be trusted: it carries no signature. Nothing was imported."),
    ],
)  # fmt: skip
def test_import_command_refuses_a_bad_file_in_one_line(
    content: str, club_slug: str | None, message: str, tmp_path: Path, played: Tournament
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CommandError) as error:
        call_command("import_tournament", str(path), *(["--club", club_slug] if club_slug else []))
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_export_command_names_what_it_cannot_find(played: Tournament) -> None:
    with pytest.raises(CommandError, match=r"There is no club 'nowhere'\."):
        call_command("export_tournament", "nowhere", played.slug)
    with pytest.raises(CommandError, match=r"Circolo del Burraco Roma has no tournament 'nope'\."):
        call_command("export_tournament", "roma", "nope")


# --- the commands as a shell runs them ----------------------------------------------------------


@pytest.fixture(scope="module")
def cli_database(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A fresh SQLite database of its own for manage.py run as a separate process, with the
    club Circolo del Burraco Roma and the users anna and bruno."""
    path = tmp_path_factory.mktemp("cli") / "cli.sqlite3"
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{path}",
        "DJANGO_BACKUP_KEY": str(settings.BACKUP_SIGNING_KEY),  # the key this run signs with
    }
    manage(env, "migrate", "-v", "0", check=True)
    setup = (
        "from django.contrib.auth.models import User; from tournaments.models import Club; "
        "Club.objects.create(name='Circolo del Burraco Roma', slug='roma'); "
        "User.objects.create_user('anna'); User.objects.create_user('bruno')"
    )
    manage(env, "shell", "-c", setup, check=True)
    return env


def manage(
    env: dict[str, str], *args: str, check: bool = False
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, str(MANAGE), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=MANAGE.parent,
    )
    if check:
        assert done.returncode == 0, done.stderr
    return done


def test_commands_run_from_a_shell_round_trip_exactly(
    played: Tournament, cli_database: dict[str, str], tmp_path: Path
) -> None:
    path = tmp_path / "evening.json"
    call_command("export_tournament", "roma", played.slug, "-o", str(path), stdout=StringIO())
    imported = manage(cli_database, "import_tournament", str(path))
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout.startswith(f"Imported {played} into Circolo del Burraco Roma as ")
    slug = imported.stdout.split(" as ", 1)[1].split(":", 1)[0]
    exported = manage(cli_database, "export_tournament", "roma", slug)
    assert exported.returncode == 0, exported.stderr
    original = json.loads(path.read_text(encoding="utf-8"))
    assert "The copy is unpublished and in no season" in imported.stdout
    original["tournament"]["season"] = None
    assert normalised(json.loads(exported.stdout)) == normalised(original)


def file_not_json(path: Path) -> str:
    path.write_text("not json", encoding="utf-8")
    return f"{path} is not a JSON file (Expecting value at line 1, column 1)."


def file_total_raised(path: Path) -> str:
    data = json.loads(path.read_text(encoding="utf-8"))
    side = data["rounds"][0]["tables"][0]["deals"][0]["sides"][0]
    total = side["total"]
    side["total"] += 1000
    path.write_text(json.dumps(data), encoding="utf-8")
    assert total
    return (
        "The file cannot be trusted: its signature does not match: it was changed after it was "
        "exported, or it was exported by a site with another backup key. Nothing was imported. "
        "Import it with --unverified only if you know where it comes from."
    )


def file_signature_not_ascii(path: Path) -> str:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["signature"]["value"] = "é" * 64
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return (
        "The file cannot be trusted: its signature does not match: it was changed after it was "
        "exported, or it was exported by a site with another backup key. Nothing was imported. "
        "Import it with --unverified only if you know where it comes from."
    )


def file_missing(path: Path) -> str:
    path.unlink()
    return f"Cannot read {path}: No such file or directory."


def file_nested_deep(path: Path) -> str:
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    return f"{path} is not a tournament backup: its JSON is nested too deeply."


def file_nested_past_the_limit(path: Path) -> str:
    # deep enough to be no backup, shallow enough for the JSON reader: an entry nested 500 deep
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rounds"][0]["tables"][0]["deals"][0]["entry"] = json.loads("[" * 500 + "]" * 500)
    path.write_text(json.dumps(data), encoding="utf-8")
    return f"{path} is not a tournament backup: its JSON is nested more than 64 levels deep."


def file_huge_number(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"version": 1', '"version": ' + "9" * 5000, 1), encoding="utf-8")
    return f"{path} is not a tournament backup: it holds a number of more than 4,300 digits."


@dataclass(frozen=True)
class FileEdit:
    change: Callable[[Path], str]
    """Edits (or removes) the exported file; returns the whole message the import must give."""


SHELL_EDITS = [
    # not JSON
    FileEdit(file_not_json),
    # a total raised by hand
    FileEdit(file_total_raised),
    # a signature that is not even ASCII
    FileEdit(file_signature_not_ascii),
    # no such file
    FileEdit(file_missing),
    # JSON nested far past what the JSON reader takes
    FileEdit(file_nested_deep),
    # JSON the reader takes, nested far deeper than any backup
    FileEdit(file_nested_past_the_limit),
    # a number past Python's 4,300-digit limit
    FileEdit(file_huge_number),
]


@pytest.mark.parametrize("edit", SHELL_EDITS, ids=[edit.change.__name__ for edit in SHELL_EDITS])
def test_import_from_a_shell_exits_1_with_one_line(
    edit: FileEdit,
    played: Tournament,
    cli_database: dict[str, str],
    tmp_path: Path,
) -> None:
    path = tmp_path / "evening.json"
    call_command("export_tournament", "roma", played.slug, "-o", str(path), stdout=StringIO())
    message = edit.change(path)
    done = manage(cli_database, "import_tournament", str(path))
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == f"CommandError: {message}\n"
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr
