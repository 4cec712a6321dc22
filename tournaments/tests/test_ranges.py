"""Numbers and names in range: each setting, name and paste that used to answer 500 (or kill the
worker) is refused by the form with a message in the words of the game, and nothing is saved.
The services refuse the same whatever the way in (the admin, a backup)."""

import time

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Pair, Player, Round, Tournament
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_views_setup import settings_data

BIG = str(2**31)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        # a bye worth more match points than any column holds
        ({"bye_follows_scale": "", "bye_mp": BIG}, "Write the MP of a bye from 0 to 10000."),
        # a target no match reaches
        ({"format": "target", "target_score": BIG}, "Write the target score from 100 to 100000."),
        # a closing bonus past any club's house rule (every deal save was a 500 after it)
        ({"closing_bonus": BIG}, "Write the closing bonus from 0 to 10000."),
        # a burraco bonus likewise
        ({"clean_bonus": BIG}, "Write the clean burraco bonus from 0 to 10000."),
        # a custom VP band of 2**40
        ({"vp_scale": "custom",
          "custom_vp_bands": f"0–{2**40}, 10, 10\n{2**40 + 1} and more, 20, 0"},
         "write the difference as printed"),
        # a VP band giving 2**40 VP
        ({"vp_scale": "custom", "custom_vp_bands": f"0–50, {2**40}, 0\n55 and more, 20, 0"},
         "write the difference as printed"),
    ],
)  # fmt: skip
def test_settings_out_of_range_are_refused_by_the_form(
    club: Club, organiser_client: Client, changes: dict[str, str], message: str
) -> None:
    response = organiser_client.post(reverse("tournament_create"), settings_data(**changes))
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Tournament.objects.count() == 0


def test_the_services_refuse_the_same_whatever_the_way_in(club: Club) -> None:
    tournament = make_tournament(club, pairs=4)
    with pytest.raises(services.ServiceError) as refused:
        services.tournament_update(
            tournament=tournament, house_rules={"burraco_bonuses": {"clean": 2**31}}
        )
    assert refused.value.messages == (
        "House rules: burraco_bonuses.clean must be from 0 to 10000, not 2147483648.",
    )
    with pytest.raises(services.ServiceError, match="bye's match points must be from 0 to 10000"):
        services.tournament_update(tournament=tournament, bye_mp=2**31)
    with pytest.raises(services.ServiceError, match="target score must be from 100 to 100000"):
        services.tournament_create(
            club=club, name="x", date=tournament.date, variant="spanish", target_score=2**31
        )
    tournament.refresh_from_db()
    # nothing stored: the bye still follows the scale (FIBUR 3: 355 MP)
    assert (tournament.house_rules, tournament.bye_mp) == ({}, None)
    assert tournament.play_format.bye_mp == 355


def test_a_mitchell_step_of_2_to_the_70_is_refused(club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(club, pairs=8)
    response = organiser_client.post(
        reverse("round_prepare", args=[tournament.pk]), {"movement": "mitchell", "step": 2**70}
    )
    assert response.status_code == 200
    assert "Write the Mitchell step from 1 to 99." in response.content.decode()
    assert Round.objects.count() == 0
    with pytest.raises(services.ServiceError, match="step must be from 1 to 99 tables, not 100"):
        services.round_prepare(tournament=tournament, movement="mitchell", step=100)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        # a 61-letter surname
        ("Mario " + "R" * 61 + " / Lucia Bianchi",
         "Line 1: a first name or surname has at most 60 letters, and “RRRRRRRRRRRRRRRRRRRR…” "
         "has 61."),
        # a 77-letter first name
        ("A" * 77 + " Rossi / Lucia Bianchi",
         "has at most 60 letters, and “AAAAAAAAAAAAAAAAAAAA…” has 77."),
    ],
)  # fmt: skip
def test_names_past_what_the_records_keep_are_refused(
    club: Club, organiser_client: Client, line: str, message: str
) -> None:
    tournament = make_tournament(club, pairs=0)
    response = organiser_client.post(reverse("pairs_add", args=[tournament.pk]), {"text": line})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert (Pair.objects.count(), Player.objects.count()) == (0, 0)


def test_a_paste_of_40000_lines_is_refused_at_once(club: Club, organiser_client: Client) -> None:
    tournament = make_tournament(club, pairs=0)
    text = "\n".join(f"Mario Rossi{n} / Lucia Bianchi{n}" for n in range(40_000))
    started = time.monotonic()
    response = organiser_client.post(reverse("pairs_add", args=[tournament.pk]), {"text": text})
    assert time.monotonic() - started < 5
    assert response.status_code == 200
    assert "Add at most 500 pairs at a time: this has 40000 lines." in response.content.decode()
    assert Pair.objects.count() == 0
    # 500 is still fine
    text = "\n".join(f"Mario Rossi{n} / Lucia Bianchi{n}" for n in range(500))
    organiser_client.post(reverse("pairs_add", args=[tournament.pk]), {"text": text})
    assert Pair.objects.count() == 500
