"""`manage.py seed_demo`: the demo club's three evenings (one in two phases), its login, and
that a second run is a no-op."""

from collections import Counter
from collections.abc import Iterator
from io import StringIO

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation
from pytest_django import DjangoDbBlocker

from tournaments.management.commands import seed_demo
from tournaments.models import Club, Deal, DealSide, Meld, Pair, Player, Round, Table, Tournament

pytestmark = pytest.mark.django_db


def run() -> str:
    out = StringIO()
    call_command("seed_demo", stdout=out)
    return out.getvalue()


@pytest.fixture(scope="module")
def seeded(django_db_setup: None, django_db_blocker: DjangoDbBlocker) -> Iterator[str]:
    """The command's output, run once for the module (each test's own changes are rolled back
    after it; this run is rolled back after the module)."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield run()
        transaction.set_rollback(True)


def counts() -> dict[str, int]:
    models = [*apps.get_app_config("tournaments").get_models(), get_user_model()]
    return {model.__name__: model._default_manager.count() for model in models}


def test_the_demo_club_has_its_organiser_and_forty_regulars(seeded: str) -> None:
    club = Club.objects.get(slug=seed_demo.CLUB_SLUG)
    assert club.name == "Circolo Burraco Demo"
    organiser = club.organisers.get()
    assert organiser.username == "organiser"
    assert organiser.check_password(seed_demo.PASSWORD)
    assert club.players.count() == 40
    # every regular has a card number, and no name is there twice
    assert Player.objects.filter(club=club, card_number="").count() == 0
    assert len(set(club.players.values_list("first_name", "last_name"))) == 40


def test_the_finished_evening_shares_twenty_vp_a_table_and_ranks_all_twelve_pairs(
    seeded: str,
) -> None:
    tournament = Tournament.objects.get(name="Torneo del martedì")
    assert (tournament.status, tournament.published, tournament.variant) == (
        Tournament.Status.FINISHED,
        True,
        "classico",
    )
    rounds = list(tournament.round_set.order_by("number"))
    assert [(r.movement, r.step, r.status) for r in rounds] == [
        (Round.Movement.RANDOM, None, Round.Status.DONE),
        (Round.Movement.MITCHELL, 1, Round.Status.DONE),
        (Round.Movement.DANESE, None, Round.Status.DONE),
    ]
    tables = Table.objects.filter(round__tournament=tournament)
    # 12 pairs: six tables a round, no bye
    assert tables.count() == 18
    assert tables.filter(is_bye=True).count() == 0
    for table in tables:
        assert table.status == Table.Status.DONE
        assert table.deals.count() == 3
        # the FIBUR 3-deal scale shares 20 VP at every table
        assert table.ns_vp is not None and table.ew_vp is not None
        assert table.ns_vp + table.ew_vp == 20, table
    pairs = tournament.pairs.order_by("rank")
    assert [p.rank for p in pairs] == list(range(1, 13))
    assert sum(p.vp for p in pairs) == 18 * 20
    assert all(p.rounds_played == 3 for p in pairs)
    # VP, then MP: the standings are in order
    assert [(p.vp, p.mp) for p in pairs] == sorted(((p.vp, p.mp) for p in pairs), reverse=True)


def test_the_deals_are_entered_both_card_by_card_and_from_the_score_sheet(seeded: str) -> None:
    deals = Deal.objects.filter(table__round__tournament__name="Torneo del martedì")
    cards, summary = deals.filter(mode="cards"), deals.filter(mode="summary")
    assert cards.exists() and summary.exists()
    assert cards.count() + summary.count() == 54
    # card deals keep their melds; score-sheet deals carry the engine's numbers, no cards
    assert Meld.objects.filter(side__deal__in=cards).exists()
    assert not Meld.objects.filter(side__deal__in=summary).exists()
    sheet = summary.first()
    assert sheet is not None
    entry_side = sheet.entry["sides"][0]
    assert set(entry_side) >= {"melded_points", "hand_points", "burracos", "pot"}
    saved = sheet.sides.get(direction="ns")
    assert (saved.melded_points, saved.hand_points) == (
        entry_side["melded_points"],
        entry_side["hand_points"],
    )
    # each side's total is its parts, as the engine stored them
    for side in DealSide.objects.filter(deal__table__round__tournament__name="Torneo del martedì"):
        assert side.total == (
            side.melded_points
            + side.burraco_bonus
            + side.closing_bonus
            - side.hand_penalty
            - side.pot_penalty
        )


def test_the_running_evening_stops_halfway_through_round_two(seeded: str) -> None:
    tournament = Tournament.objects.get(name="Serata Burraco Reale")
    assert (tournament.status, tournament.published, tournament.variant) == (
        Tournament.Status.RUNNING,
        True,
        "reale",
    )
    assert tournament.date == timezone.localdate()  # the home page shows the club playing
    assert tournament.pairs.count() == 10
    first, second = tournament.round_set.order_by("number")
    assert (first.status, second.status) == (Round.Status.DONE, Round.Status.PLAYING)
    assert tournament.round_set.count() == 2
    assert all(t.ns_vp + t.ew_vp == 20 for t in first.tables.all())  # type: ignore[operator]
    by_table = [t.status for t in second.tables.order_by("number")]
    assert by_table == ["done", "done", "in_progress", "not_started", "not_started"]
    assert Deal.objects.filter(table__round=second).count() == 8
    assert sorted(p.rank or 0 for p in tournament.pairs.all()) == list(range(1, 11))


def test_it_prints_the_login_and_what_exists(seeded: str) -> None:
    out = seeded
    assert "Log in at http://127.0.0.1:8000/login/" in out
    assert "username: organiser" in out
    assert "password: burraco-demo-2026" in out
    assert "Created the club, the organiser 'organiser', 40 players" in out
    assert "Circolo Burraco Demo: 40 players." in out
    assert "Torneo del martedì (17/11/2026) [Burraco Classico, 12 pairs]: finished" in out
    today = timezone.localdate().strftime("%d/%m/%Y")
    assert f"Serata Burraco Reale ({today}) [Burraco Reale, 10 pairs]: running" in out
    assert "round 2 in play: 2 of 5 tables done" in out
    assert "Singolo del giovedì (19/11/2026) [Burraco Classico, 12 players]: finished" in out


def test_the_individual_evening_seats_twelve_players_by_the_rotation(seeded: str) -> None:
    tournament = Tournament.objects.get(name="Singolo del giovedì")
    assert tournament.is_individual and tournament.status == Tournament.Status.FINISHED
    rounds = list(tournament.round_set.order_by("number"))
    assert [r.movement for r in rounds] == ["rotation12"] * 3
    tables = Table.objects.filter(round__tournament=tournament)
    assert tables.count() == 9 and not tables.filter(is_bye=True).exists()
    players = list(tournament.pairs.all())
    assert len(players) == 12 and all(p.player_two_id is None for p in players)
    # each player is credited the full VP of their partnership: four players a table, so the
    # players' VP add up to twice the tables' (20 a table)
    assert sum(p.vp for p in players) == 2 * 9 * 20
    assert all(p.rounds_played == 3 for p in players)
    for table in tables:
        positions = sorted(table.seats.values_list("position", flat=True))
        assert positions == ["E", "N", "S", "W"], table


def test_a_second_run_creates_and_changes_nothing(seeded: str) -> None:
    before = counts()
    totals = sorted(Table.objects.values_list("pk", "ns_mp", "ew_mp", "version"))
    password = get_user_model().objects.get(username="organiser").password
    out = run()
    assert counts() == before
    assert before["Tournament"] == 4 and before["Player"] == 40
    assert before["Deal"] == 54 + 23 + 150 + 27
    assert sorted(Table.objects.values_list("pk", "ns_mp", "ew_mp", "version")) == totals
    assert get_user_model().objects.get(username="organiser").password == password
    assert "nothing new was created" in out
    assert "password: burraco-demo-2026" in out


def fingerprint() -> tuple[list[object], list[object]]:
    sides = DealSide.objects.order_by(
        "deal__table__round__tournament__date",
        "deal__table__round__number",
        "deal__table__number",
        "deal__number",
        "direction",
    )
    pairs = Pair.objects.order_by("tournament__date", "rank")
    return (
        list(sides.values_list("deal__mode", "total", "burracos")),
        list(pairs.values_list("player_one__last_name", "player_two__last_name", "vp", "mp")),
    )


def test_the_demo_is_the_same_every_time(seeded: str) -> None:
    first = fingerprint()
    Club.objects.get(slug=seed_demo.CLUB_SLUG).tournaments.all().delete()
    run()
    assert fingerprint() == first


def test_it_says_so_when_the_organiser_password_was_changed(seeded: str) -> None:
    organiser = get_user_model().objects.get(username="organiser")
    organiser.set_password("another-long-password-7")
    organiser.save()
    out = run()
    assert "burraco-demo-2026" not in out
    assert "its password was changed after the demo was made" in out


def test_it_prints_one_language_whatever_the_sites(seeded: str) -> None:
    with translation.override("it"):  # the site's default: it was "concluso", "Burraco Reale"
        out = run()
    assert "[Burraco Classico, 12 pairs]: finished, 3 of 3 rounds done, published" in out
    assert "[Burraco Reale, 10 pairs]: running, 1 of 3 rounds done, published" in out
    assert "concluso" not in out and "in corso" not in out


def test_the_home_page_shows_the_demo_club_playing_today(seeded: str) -> None:
    home = Client().get(reverse("home")).content.decode()
    assert "Circolo Burraco Demo" in home
    assert "Serata Burraco Reale" in home


def test_the_two_phase_event_plays_its_danese_inside_gironi_a_and_b(seeded: str) -> None:
    tournament = Tournament.objects.get(name="Gran Premio a gironi")
    assert (tournament.status, tournament.rounds, tournament.pairs.count()) == ("finished", 5, 20)
    assert list(tournament.round_set.values_list("movement", flat=True)) == [
        "random", "mitchell", "mitchell", "danese", "danese",
    ]  # fmt: skip
    phase = tournament.phases.get(number=2)
    gironi = {g.name: g for g in phase.gironi.all()}
    assert sorted(gironi) == ["A", "B"]
    members = {e.pair_id: e.girone_id for g in gironi.values() for e in g.entries.all()}
    assert len(members) == 20 and sorted(Counter(members.values()).values()) == [10, 10]
    # girone A holds the top 10 of the standings after round 3
    for number in (4, 5):
        tables = Table.objects.filter(round__tournament=tournament, round__number=number)
        assert list(tables.values_list("number", flat=True)) == list(range(1, 11))
        for table in tables:
            pairs = [seat.pair_id for seat in table.seats.all()]
            assert {members[pid] for pid in pairs} == {table.girone_id}
            assert table.girone_id == gironi["A" if table.number <= 5 else "B"].pk
    assert "girone A, 10 pairs: 1." in seeded and "girone B, 10 pairs: 1." in seeded


def test_it_prints_the_login_address_it_is_given(seeded: str) -> None:
    out = StringIO()
    call_command("seed_demo", "--login-url", "http://127.0.0.1:8097/login/", stdout=out)
    assert "Log in at http://127.0.0.1:8097/login/" in out.getvalue()
