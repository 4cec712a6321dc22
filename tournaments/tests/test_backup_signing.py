"""A backup tells the truth: a file edited by hand so that its numbers still agree (an audit
record of a correction deleted, the table's version lowered) passes the numbers check but not
the signature; `--unverified` imports it anyway, marked so in its audit record. An imported
copy lands unpublished and in no season, so a season never counts an evening twice."""

import copy
import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.backup import tournament_export, tournament_import
from tournaments.models import Club, Season, Tournament, TournamentEvent
from tournaments.selectors.seasons import season_standings
from tournaments.services import ServiceError
from tournaments.tests.test_backup import played, scorer  # noqa: F401  (the fixtures)


def hide_a_correction(data: dict[str, Any]) -> None:
    """What a careful forger does: the numbers all still agree, only the history is gone."""
    corrected = next(c for c in data["changes"] if c["action"] == "corrected")
    data["changes"].remove(corrected)
    for round_ in data["rounds"]:
        for table in round_["tables"]:
            if (round_["number"], table["number"]) == (corrected["round"], corrected["table"]):
                table["version"] -= 1


def test_a_forgery_whose_numbers_agree_is_refused(
    played: Tournament,  # noqa: F811
    other_club: Club,
) -> None:
    data = copy.deepcopy(tournament_export(tournament=played))
    hide_a_correction(data)
    before = Tournament.objects.count()
    with pytest.raises(ServiceError) as refused:
        tournament_import(data=data, club=other_club)
    assert str(refused.value) == (
        "The file cannot be trusted: its signature does not match: it was changed after it was "
        "exported, or it was exported by a site with another backup key. Nothing was imported. "
        "Import it with --unverified only if you know where it comes from."
    )
    assert Tournament.objects.count() == before
    # the same file, unedited, comes in
    assert tournament_import(data=tournament_export(tournament=played), club=other_club)


def test_unverified_it_comes_in_marked_so(
    played: Tournament,  # noqa: F811
    other_club: Club,
    organiser: User,
    tmp_path: Path,
) -> None:
    data = copy.deepcopy(tournament_export(tournament=played))
    hide_a_correction(data)
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CommandError, match="The file cannot be trusted"):
        call_command("import_tournament", str(path), "--club", "madrid", stdout=StringIO())
    out = StringIO()
    call_command("import_tournament", str(path), "--club", "madrid", "--unverified", stdout=out)
    assert (
        "The copy is marked as not verified in its audit record: its signature does not match"
        in (out.getvalue())
    )
    copy_ = Tournament.objects.get(club=other_club)
    event = TournamentEvent.objects.get(tournament=copy_, kind="imported")
    assert event.details["verified"] is False
    assert event.details["why_not"].startswith("its signature does not match")
    # the changes page says so, in words
    other_club.organisers.add(organiser)
    client = Client()
    client.force_login(organiser)
    page = client.get(reverse("tournament_changes", args=[copy_.pk])).content.decode()
    assert "Imported from a backup of roma, NOT VERIFIED: its signature does not match" in page


def test_an_imported_copy_never_counts_twice_in_a_season(
    played: Tournament,  # noqa: F811
    club: Club,
) -> None:
    season = Season.objects.get(club=club, slug="winter-2026")
    before = season_standings(season=season)
    copy_ = tournament_import(data=tournament_export(tournament=played), club=club)
    assert (copy_.season, copy_.published) == (None, False)
    after = season_standings(season=season)
    assert after.pairs == before.pairs  # same evenings, same VP: pair 1 did not play twice
    assert [row["evenings_played"] for row in after.pairs] == [
        row["evenings_played"] for row in before.pairs
    ]
    assert all(row["evenings_played"] == 1 for row in after.pairs)
    # the organiser decides: adding it to the season counts it, deliberately
    services.season_update(
        season=season, name=season.name, best_of=None, tournaments=[played, copy_]
    )
    assert season_standings(season=season).pairs[0]["evenings_played"] == 2
