"""Submissions to the federation: a finished evening's final submission holds the stored
standings with every player's card number, signed; a correction after reopening shows in the
next one as exactly what moved; a two-day event's session 1 submission holds the standings
after session 1; refusals say why; the page makes one and downloads its files."""

import io
import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from tournaments import services
from tournaments.backup import tournament_export, tournament_import
from tournaments.backup.signing import signature_problem
from tournaments.models import Club, FederationSubmission, Pair, Tournament
from tournaments.rules.submissions import submission_changes
from tournaments.selectors.submissions import submissions_of
from tournaments.services import ServiceError
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_exports import played, read_csv
from tournaments.tests.test_federation_export import give_cards
from tournaments.tests.test_finished_final import EW_WINS, finished_evening
from tournaments.tests.test_individual_files import eight_players, play
from tournaments.tests.test_phases import _round
from tournaments.tests.test_phases_everywhere import _finished as _finished_in_gironi
from tournaments.tests.test_phases_everywhere import _girone_of
from tournaments.tests.test_sessions import _two_days, _vp_of_tables
from tournaments.tests.test_views_setup import settings_data


def _rows_by_card(submission: FederationSubmission) -> dict[str, dict[str, Any]]:
    return {row["card_number"]: row for row in submission.payload["results"]}


def _standing(pair: Pair) -> dict[str, Any]:
    return {"pair_number": pair.number, "rank": pair.rank, "vp": pair.vp, "mp": pair.mp}


def test_the_final_submission_holds_the_stored_standings_signed(
    club: Club, organiser: User
) -> None:
    tournament = played(club, organiser, pairs=4, rounds=1, deals=3)
    give_cards(tournament)
    club.federation_code = "FIBUR-RM-017"
    club.save()
    services.tournament_officials_set(
        tournament=tournament, arbiter=" Anna Neri ", scorer="Carlo Blu"
    )
    submission = services.submission_make(tournament, user=organiser)
    payload = submission.payload
    assert (submission.number, submission.kind, submission.session) == (1, "final", None)
    assert (payload["format"], payload["version"]) == ("burraco-club-federation", 1)
    event = payload["event"]
    assert event["association_code"] == "FIBUR-RM-017"
    assert (event["arbiter"], event["scorer"]) == ("Anna Neri", "Carlo Blu")
    assert (event["rounds"], event["deals_per_round"], event["tables"]) == (1, 3, 2)
    assert event["dates"] == [tournament.date.isoformat()] and event["prize_pool"] is None
    rows = payload["results"]
    assert len(rows) == 8  # two players a pair
    for pair in tournament.pairs.select_related("player_one", "player_two"):
        for player in (pair.player_one, pair.player_two):
            assert player is not None
            row = _rows_by_card(submission)[player.card_number]
            assert {name: row[name] for name in ("pair_number", "rank", "vp", "mp")} == _standing(
                pair
            )
            assert (row["last_name"], row["rounds_played"], row["girone"]) == (
                player.last_name, 1, "",
            )  # fmt: skip
    # every table ended N-S 750, E-W -170 three times: 2250 MP for the winners, -510 the losers
    assert sorted(row["mp"] for row in rows) == [-510] * 4 + [2250] * 4
    assert [row["rank"] for row in rows] == [1, 1, 1, 1, 3, 3, 3, 3]
    assert signature_problem(payload) == ""
    tampered = json.loads(json.dumps(payload))
    tampered["results"][0]["vp"] += 1
    assert "does not match" in signature_problem(tampered)


def test_a_correction_shows_in_the_next_submission_as_exactly_what_moved(
    club: Club, organiser: User
) -> None:
    tournament, table = finished_evening(club, organiser)
    give_cards(tournament)
    first = services.submission_make(tournament, user=organiser)
    services.tournament_reopen(tournament=tournament, reason="deal 1 the wrong way round")
    table.refresh_from_db()
    services.deal_record(
        table=table, number=1, sides=EW_WINS, mode="summary", user=organiser,
        version=table.version,
    )  # fmt: skip
    services.tournament_finish(tournament=tournament, user=organiser)
    second = services.submission_make(tournament, user=organiser)
    assert second.number == 2
    changes = submission_changes(first.payload, second.payload)
    assert changes.event == [] and changes.added == [] and changes.removed == []
    # table 1 (pairs 4 and 1): deal 1 now won by E-W; pair 2 drops below pair 1
    assert (table.ns.number, table.ew.number) == (4, 1)  # type: ignore[union-attr]
    assert changes.players == [
        "Name4a Surname4a (card IT-00007): VP 20 → 15, MP 1800 → 1270, rank 1 → 2",
        "Name4b Surname4b (card IT-00008): VP 20 → 15, MP 1800 → 1270, rank 1 → 2",
        "Name1a Surname1a (card IT-00001): VP 0 → 5, MP 210 → 740",
        "Name1b Surname1b (card IT-00002): VP 0 → 5, MP 210 → 740",
        "Name2a Surname2a (card IT-00003): rank 3 → 4",
        "Name2b Surname2b (card IT-00004): rank 3 → 4",
    ]
    # the page lists the changes under submission 2, and none under submission 1
    lines = submissions_of(tournament)
    assert [line.submission.number for line in lines] == [2, 1]
    assert lines[0].previous == first and lines[1].changes is None


def test_a_submission_made_again_without_a_change_says_nothing_changed(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = played(club, organiser, pairs=4, rounds=1, deals=3)
    services.submission_make(tournament, user=organiser)
    services.submission_make(tournament, user=organiser)
    page = organiser_client.get(reverse("federation_submissions", args=[tournament.pk]))
    assert "Nothing changed since submission 1." in page.content.decode()


def test_refusals_say_why_and_save_nothing(club: Club, organiser: User) -> None:
    running = played(club, organiser, pairs=4, rounds=1, deals=3, finish=False)
    with pytest.raises(ServiceError) as refused:
        services.submission_make(running, user=organiser)
    assert str(refused.value) == (
        "The final submission holds the final standings: finish the tournament first."
    )
    with pytest.raises(ServiceError) as refused:
        services.submission_make(running, session=1, user=organiser)
    assert str(refused.value) == (
        "This tournament is played in one session: make the final submission."
    )
    days = _two_days(club)
    _round(days, organiser, seed=1)
    with pytest.raises(ServiceError) as refused:
        services.submission_make(days, session=1, user=organiser)
    assert str(refused.value) == (
        "Session 1 is not over: round 2 is not finished yet. Its submission is made once all "
        "its rounds are."
    )
    with pytest.raises(ServiceError) as refused:
        services.submission_make(days, session=3, user=organiser)
    assert str(refused.value) == "This tournament has no session 3."
    assert not FederationSubmission.objects.exists()


def test_a_two_day_events_session_1_submission_holds_the_standings_after_session_1(
    club: Club, organiser: User
) -> None:
    tournament = _two_days(club)
    give_cards(tournament)
    _round(tournament, organiser, seed=1)
    _round(tournament, organiser, seed=2)
    _round(tournament, organiser, seed=3)  # session 2 has begun
    submission = services.submission_make(tournament, session=1, user=organiser)
    assert (submission.kind, submission.session) == ("session", 1)
    vp_after_two = _vp_of_tables(tournament, range(1, 3))
    vp_now = _vp_of_tables(tournament, range(1, 4))
    assert vp_after_two != vp_now
    rows = submission.payload["results"]
    for pair in tournament.pairs.select_related("player_one"):
        row = _rows_by_card(submission)[pair.player_one.card_number]
        assert row["vp"] == vp_after_two[pair.pk]
        assert (row["rounds_played"], row["to_round"]) == (2, 2)
    assert [row["vp"] for row in rows] == sorted((row["vp"] for row in rows), reverse=True)
    event = submission.payload["event"]
    assert event["dates"] == ["2026-11-21", "2026-11-22"] and event["rounds_included"] == 2
    assert [s["last_round"] for s in event["sessions"]] == [2, 4]


def test_the_page_makes_a_submission_and_downloads_its_files(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = played(club, organiser, pairs=4, rounds=1, deals=3)
    give_cards(tournament)
    url = reverse("federation_submissions", args=[tournament.pk])
    page = organiser_client.get(url)
    assert page.status_code == 200
    assert "No submission made yet." in page.content.decode()
    detail = organiser_client.get(reverse("tournament_detail", args=[tournament.pk]))
    assert url in detail.content.decode()
    made = organiser_client.post(reverse("federation_submission_make", args=[tournament.pk]))
    assert made.status_code == 302
    assert tournament.submissions.count() == 1
    after = organiser_client.get(url).content.decode()
    assert "Submission 1 is made" in after and "Submission 1" in after

    signed = organiser_client.get(reverse("federation_submission_json", args=[tournament.pk, 1]))
    assert signed["Content-Type"] == "application/json; charset=utf-8"
    document = json.loads(signed.content)
    assert signature_problem(document) == "" and len(document["results"]) == 8

    header, *rows = read_csv(
        organiser_client.get(reverse("federation_submission_csv", args=[tournament.pk, 1]))
    )
    assert header == [
        "card_number", "last_name", "first_name", "pair_number", "rank", "vp", "mp",
        "rounds_played", "from_round", "to_round", "girone",
    ]  # fmt: skip
    assert [row[0] for row in rows] == [row["card_number"] for row in document["results"]]
    assert sorted(row[6] for row in rows) == ["-510"] * 4 + ["2250"] * 4

    excel = organiser_client.get(reverse("federation_submission_xlsx", args=[tournament.pk, 1]))
    assert excel["Content-Type"].startswith("application/vnd.openxmlformats")
    sheet = load_workbook(io.BytesIO(excel.content)).worksheets[0]
    cells = list(sheet.values)
    assert len(cells) == 9 and cells[0][0] == "card_number"
    assert (
        organiser_client.get(
            reverse("federation_submission_csv", args=[tournament.pk, 9])
        ).status_code
        == 404
    )


def test_the_page_refuses_a_final_submission_of_a_running_tournament_with_a_message(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = played(club, organiser, pairs=4, rounds=1, deals=3, finish=False)
    response = organiser_client.post(
        reverse("federation_submission_make", args=[tournament.pk]), follow=True
    )
    assert "finish the tournament first" in response.content.decode()
    bad = organiser_client.post(
        reverse("federation_submission_make", args=[tournament.pk]), {"session": "x"}, follow=True
    )
    assert "Choose the session whose submission to make." in bad.content.decode()
    assert not tournament.submissions.exists()


def test_the_officials_and_the_association_code_are_saved_from_their_pages(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = played(club, organiser, pairs=4, rounds=1, deals=3)
    organiser_client.post(
        reverse("tournament_officials", args=[tournament.pk]),
        {"arbiter": "Anna Neri", "scorer": "Carlo Blu"},
    )
    tournament = Tournament.objects.get(pk=tournament.pk)
    assert (tournament.arbiter, tournament.scorer) == ("Anna Neri", "Carlo Blu")
    too_long = organiser_client.post(
        reverse("tournament_officials", args=[tournament.pk]), {"arbiter": "x" * 121}
    )
    assert too_long.status_code == 200
    organiser_client.post(
        reverse("club_federation_save", args=[club.pk]), {"federation_code": " RM17 "}
    )
    club.refresh_from_db()
    assert club.federation_code == "RM17"
    page = organiser_client.get(reverse("club_settings", args=[club.pk])).content.decode()
    assert 'value="RM17"' in page


def test_the_settings_page_names_the_arbiter_and_the_sala_conti(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4)
    url = reverse("tournament_edit", args=[tournament.pk])
    data = settings_data(name="Tuesday", arbiter=" Anna Neri ", scorer="Carlo Blu")
    assert organiser_client.post(url, data).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.arbiter, tournament.scorer) == (
        "Tuesday", "Anna Neri", "Carlo Blu",
    )  # fmt: skip
    form = organiser_client.get(url).context["form"]
    assert (form["arbiter"].value(), form["scorer"].value()) == ("Anna Neri", "Carlo Blu")


def test_an_individual_evenings_submission_has_a_row_a_player_numbered_as_a_player(
    club: Club, organiser: User
) -> None:
    evening = eight_players(club)
    play(evening, 1, organiser)
    play(evening, 2, organiser)
    services.tournament_finish(tournament=evening)
    rows = services.submission_make(evening, user=organiser).payload["results"]
    # the federation file's numbers, by hand in test_individual_files
    assert [
        (row["rank"], row["player_number"], row["card_number"], row["vp"], row["mp"])
        for row in rows
    ] == [
        (1, 1, "T001", 30, 2655), (1, 2, "T002", 30, 2655), (1, 7, "T007", 30, 2655),
        (4, 4, "T004", 20, 1740), (5, 5, "T005", 20, 750), (5, 6, "T006", 20, 750),
        (7, 8, "T008", 10, -165), (8, 3, "T003", 0, -1080),
    ]  # fmt: skip
    assert "pair_number" not in rows[0] and rows[0]["last_name"] == "Cognome1"


def test_an_event_in_two_gironi_names_each_players_girone_and_the_gironi(
    club: Club, organiser: User
) -> None:
    tournament = _finished_in_gironi(club, organiser)
    gironi = _girone_of(tournament)
    payload = services.submission_make(tournament, user=organiser).payload
    assert payload["event"]["gironi"] == ["A", "B"] and payload["event"]["tables"] == 6
    rows = payload["results"]
    assert len(rows) == 24
    assert {row["pair_number"]: row["girone"] for row in rows} == gironi
    stored = {pair.number: (pair.rank, pair.vp, pair.mp) for pair in tournament.pairs.all()}
    assert {row["pair_number"]: (row["rank"], row["vp"], row["mp"]) for row in rows} == stored


def test_a_backup_carries_the_arbiter_and_the_sala_conti(club: Club, other_club: Club) -> None:
    tournament = make_tournament(club, pairs=4)
    services.tournament_officials_set(tournament=tournament, arbiter="Anna Neri", scorer="")
    exported = json.loads(json.dumps(tournament_export(tournament=tournament)))
    assert (exported["tournament"]["arbiter"], exported["tournament"]["scorer"]) == (
        "Anna Neri", "",
    )  # fmt: skip
    restored = tournament_import(data=exported, club=other_club)
    assert (restored.arbiter, restored.scorer) == ("Anna Neri", "")
    del exported["tournament"]["arbiter"], exported["tournament"]["scorer"]
    older = tournament_import(data=exported, club=other_club, unverified=True)
    assert (older.arbiter, older.scorer) == ("", "")
