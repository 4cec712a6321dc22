"""A phased event's standings agree everywhere: each girone's ranking, the phase's own ranking,
the public page's sections and the standings file's `girone` column; a single-field
tournament's file has no such column."""

import csv
import io
import json

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.backup import tournament_export, tournament_import
from tournaments.models import Club, Table
from tournaments.selectors import phases as read
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_phases import _round, _two_phases


def _csv(client: Client, name: str, tournament: object) -> list[dict[str, str]]:
    args = [tournament.club.slug, tournament.slug]  # type: ignore[attr-defined]
    response = client.get(reverse(name, args=args))
    return list(csv.DictReader(io.StringIO(response.content.decode())))


def test_the_gironi_rankings_the_phase_ranking_the_page_and_the_file_agree(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = _two_phases(club, pairs=12)
    _round(tournament, organiser, seed=1)
    _round(tournament, organiser, seed=2)
    services.split_commit(tournament=tournament, phase_number=2)
    _round(tournament, organiser, seed=3)
    _round(tournament, organiser, seed=4)
    services.tournament_publish(tournament=tournament, published=True)
    tournament.refresh_from_db()

    rows = _csv(anonymous_client, "public_standings_csv", tournament)
    assert list(rows[0])[-1] == "girone"
    by_number = {int(row["pair_number"]): row for row in rows}
    phase = read.plan_of(tournament)[1]
    numbers = dict(tournament.pairs.values_list("pk", "number"))
    rankings = read.girone_rankings(tournament, phase)
    for ranking in rankings:
        listed = [numbers[pid] for pid, _record in ranking.records]
        assert {by_number[n]["girone"] for n in listed} == {ranking.name}
        # carried whole: the girone's order is the file's order among its pairs
        in_file = [int(row["pair_number"]) for row in rows if row["girone"] == ranking.name]
        assert listed == in_file
        for pid, record in ranking.records:
            row = by_number[numbers[pid]]
            assert (record.vp, record.mp) == (int(row["vp"]), int(row["mp"]))

    # the phase's own ranking is the sum of each pair's stored tables in rounds 3 and 4
    own = dict(read.phase_ranking(tournament, phase))
    for pid, record in own.items():
        vp = 0
        for table in Table.objects.filter(round__tournament=tournament, round__number__gte=3):
            seats = {s.direction: s.pair_id for s in table.seats.all()}
            if seats.get("ns") == pid:
                vp += table.ns_vp or 0
            elif seats.get("ew") == pid:
                vp += table.ew_vp or 0
        assert record.vp == vp

    page = anonymous_client.get(
        reverse("public_tournament", args=[club.slug, tournament.slug])
    ).content.decode()
    assert "Girone A (phase 2)" in page and "Girone B (phase 2)" in page
    assert "Phase 2 alone: rounds 3 to 4" in page
    best = max(own.values(), key=lambda r: (r.vp, r.mp))
    assert best.rank == 1


def test_a_single_field_file_has_no_girone_column(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4, rounds=1, deals_per_round=1)
    services.tournament_publish(tournament=tournament, published=True)
    rows = _csv(anonymous_client, "public_standings_csv", tournament)
    assert "girone" not in rows[0]
    page = anonymous_client.get(reverse("public_tournament", args=[club.slug, tournament.slug]))
    assert "Girone" not in page.content.decode()


def test_a_phased_event_survives_its_backup(club: Club, organiser: User, other_club: Club) -> None:
    tournament = _two_phases(club, pairs=10)
    tournament.pairs.filter(number=1).update(category="Serie A")
    _round(tournament, organiser, seed=1)
    _round(tournament, organiser, seed=2)
    services.split_commit(tournament=tournament, phase_number=2)
    _round(tournament, organiser, seed=3)
    exported = json.loads(json.dumps(tournament_export(tournament=tournament)))
    assert [p["scope"] for p in exported["phases"]] == ["field", "gironi"]
    assert exported["categories"] == [[1, "Serie A"]]
    restored = tournament_import(data=exported, club=other_club)
    again = tournament_export(tournament=restored)
    assert again["phases"] == exported["phases"] and again["categories"] == [[1, "Serie A"]]
    numbers = dict(restored.pairs.values_list("pk", "number"))
    before = [
        (g.name, sorted(_pairs(tournament, g.pair_ids))) for g in read.gironi_of(tournament, 2)
    ]
    after = [(g.name, sorted(numbers[p] for p in g.pair_ids)) for g in read.gironi_of(restored, 2)]
    assert after == before
    tables = Table.objects.filter(round__tournament=restored, round__number=3)
    assert tables.filter(girone__isnull=True).count() == 0


def test_a_single_field_backup_has_no_phases(club: Club) -> None:
    tournament = make_tournament(club, pairs=4, rounds=1, deals_per_round=1)
    assert "phases" not in tournament_export(tournament=tournament)


def _pairs(tournament: object, ids: tuple[int, ...]) -> list[int]:
    numbers = dict(tournament.pairs.values_list("pk", "number"))  # type: ignore[attr-defined]
    return [numbers[pid] for pid in ids]
