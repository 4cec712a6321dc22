"""The machine CSV files stay byte for byte what README "Exports" documents: every CSV of a fixed
evening (tests/export_evening.py) is compared with a file kept under tests/golden/. A change to
a column, its order, a number's form, the escaping, the line ends or the encoding fails here.

To change a file on purpose (and README with it), run this module once with
BURRACO_WRITE_GOLDEN=1 and commit the new golden files with the reason."""

import os
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments.models import Club
from tournaments.tests.export_evening import Evening, play_evening

GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture
def evening(club: Club, organiser: User) -> Evening:
    return play_evening(club, organiser)


def downloads(evening: Evening) -> dict[str, tuple[str, str]]:
    """golden file name -> (organiser address, expected download name)."""
    deals, target, season = evening.deals, evening.target, evening.season
    return {
        "deals_standings.csv": (
            reverse("standings_csv", args=[deals.pk]),
            f"roma_{deals.slug}_standings.csv",
        ),
        "deals_deals.csv": (
            reverse("deal_results_csv", args=[deals.pk]),
            f"roma_{deals.slug}_deals.csv",
        ),
        "target_standings.csv": (
            reverse("standings_csv", args=[target.pk]),
            f"roma_{target.slug}_standings.csv",
        ),
        "target_deals.csv": (
            reverse("deal_results_csv", args=[target.pk]),
            f"roma_{target.slug}_deals.csv",
        ),
        "season_pairs.csv": (
            reverse("season_pairs_csv", args=[season.pk]),
            f"roma_{season.slug}_season_pairs.csv",
        ),
        "season_players.csv": (
            reverse("season_players_csv", args=[season.pk]),
            f"roma_{season.slug}_season_players.csv",
        ),
    }


def test_every_csv_is_byte_for_byte_the_golden_file(
    evening: Evening, organiser_client: Client
) -> None:
    write = os.environ.get("BURRACO_WRITE_GOLDEN") == "1"
    for name, (address, filename) in downloads(evening).items():
        response = organiser_client.get(address)
        assert response.status_code == 200, address
        assert response["Content-Type"] == "text/csv; charset=utf-8"
        assert response["Content-Disposition"] == f'attachment; filename="{filename}"'
        if write:
            GOLDEN.mkdir(exist_ok=True)
            (GOLDEN / name).write_bytes(response.content)
            continue
        assert response.content == (GOLDEN / name).read_bytes(), name
    if write:
        pytest.skip("golden files written: review and commit them")


def test_the_public_copies_are_the_organisers_files(
    evening: Evening, anonymous_client: Client
) -> None:
    deals, target, season = evening.deals, evening.target, evening.season
    public = {
        "deals_standings.csv": reverse("public_standings_csv", args=["roma", deals.slug]),
        "target_standings.csv": reverse("public_standings_csv", args=["roma", target.slug]),
        "season_pairs.csv": reverse("season_public_pairs_csv", args=["roma", season.slug]),
        "season_players.csv": reverse("season_public_players_csv", args=["roma", season.slug]),
    }
    for name, address in public.items():
        response = anonymous_client.get(address)
        assert response.status_code == 200, address
        assert response.content == (GOLDEN / name).read_bytes(), name


def test_the_golden_files_hold_what_the_evening_played(evening: Evening) -> None:
    """The pinned files are worth pinning: numbers, negative totals, an escaped name, CRLF."""
    standings = (GOLDEN / "deals_standings.csv").read_bytes()
    assert standings.startswith(b"rank,pair_number,players,vp,mp,rounds_played,decisions\r\n")
    assert "'=Rossi – Paola Neri".encode() in standings
    assert "Niccolò D'Amico – Anna Maria De Luca".encode() in standings
    deals = (GOLDEN / "deals_deals.csv").read_bytes().decode("utf-8").splitlines()
    assert deals[0].endswith(",burraco_bonus,closing_bonus,hand_penalty,pot_penalty,total,decision")
    assert deals[1] == (
        "1,1,1,N-S,3,Giuseppe Verdi – Carla Fracci,4,summary,1,taken,"
        "310,0,1,0,1,0,0,0,350,100,0,0,760,"
    )
    assert deals[2] == (
        "1,1,1,E-W,4,'=Rossi – Paola Neri,3,summary,0,not_taken,45,125,0,0,0,0,0,0,0,0,125,100,"
        "-180,"
    )
    # 2 rounds x 2 tables x 3 deals x 2 sides, and the header
    assert len(deals) == 1 + 2 * 2 * 3 * 2
    target = (GOLDEN / "target_standings.csv").read_bytes().decode("utf-8").splitlines()
    assert target[0] == (
        "rank,pair_number,players,vp,mp,matches_won,point_difference,rounds_played,decisions"
    )
