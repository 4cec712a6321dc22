"""One home for each "may this happen now?": the tournament's page offers to seat the next
round or to finish exactly when the services would do it, because both ask the same rules
(`rules.progress`); the round board offers the next round only from the latest one."""

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Tournament
from tournaments.rules import progress
from tournaments.rules.progress import RoundState
from tournaments.services import ServiceError
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_services_evening import play_round


def accepted(attempt: Callable[[], object]) -> bool:
    """Whether the service does it (then undone: the state stays as it was)."""
    point = transaction.savepoint()
    try:
        attempt()
    except ServiceError:
        return False
    finally:
        transaction.savepoint_rollback(point)
    return True


def offers(client: Client, tournament: Tournament) -> tuple[bool, bool]:
    """Whether the tournament's page offers to seat the next round, and to finish."""
    page = client.get(reverse("tournament_detail", args=[tournament.pk])).content.decode()
    seat = f'href="{reverse("round_prepare", args=[tournament.pk])}"' in page
    finish = f'action="{reverse("tournament_finish", args=[tournament.pk])}"' in page
    return seat, finish


def check(client: Client, tournament: Tournament, expected: tuple[bool, bool]) -> None:
    tournament.refresh_from_db()
    done = (
        accepted(lambda: services.round_prepare(tournament=tournament, seed=1)),
        accepted(lambda: services.tournament_finish(tournament=tournament)),
    )
    assert done == expected
    assert offers(client, tournament) == done


def test_the_tournament_page_offers_to_seat_and_finish_exactly_when_the_services_would(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4, rounds=2)
    check(organiser_client, tournament, (True, False))  # nothing seated yet
    first = services.round_prepare(tournament=tournament, movement="random", seed=1).round
    check(organiser_client, tournament, (False, False))  # seated, not started
    services.round_start(round=first)
    check(organiser_client, tournament, (False, False))  # played
    play_round(first, organiser)
    check(organiser_client, tournament, (True, True))  # done: the next, or finish early
    second = services.round_prepare(tournament=tournament, movement="random", seed=2).round
    services.round_start(round=second)
    play_round(second, organiser)
    check(organiser_client, tournament, (False, True))  # every planned round played
    services.tournament_finish(tournament=tournament)
    check(organiser_client, tournament, (False, False))  # finished
    services.tournament_reopen(tournament=tournament, reason="A correction")
    check(organiser_client, tournament, (False, True))


def test_a_rounds_board_offers_the_next_round_only_from_the_latest_round(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4, rounds=3)
    first = services.round_prepare(tournament=tournament, movement="random", seed=1).round
    services.round_start(round=first)
    play_round(first, organiser)
    board = organiser_client.get(reverse("round_board", args=[first.pk])).content.decode()
    assert "Seat round 2" in board
    second = services.round_prepare(tournament=tournament, movement="random", seed=2).round
    services.round_start(round=second)
    board = organiser_client.get(reverse("round_board", args=[first.pk])).content.decode()
    assert "Seat round 2" not in board and "Standings and finish" not in board


@pytest.mark.parametrize(
    ("finished", "rounds", "planned", "seat", "finish"),
    [
        (False, [], 3, "", "No round has been played yet."),
        (False, [("1", "seating")], 3, "Round 1 is seated but not started yet.",
         "Round 1 is not finished yet."),
        (False, [("1", "done"), ("2", "playing")], 3,
         "Round 2 is not finished: tables 2 and 4 still need a result.",
         "Round 2 is not finished yet."),
        (False, [("1", "done"), ("2", "done")], 2,
         "This tournament has 2 rounds. Raise the number of rounds to add another.", ""),
        (True, [("1", "done")], 2,
         "The tournament is finished: its results are final. Reopen it (on the tournament's "
         "page, with a reason) to change them.", "The tournament is finished already."),
    ],
)  # fmt: skip
def test_the_rules_say_why_a_round_cannot_be_seated_or_the_tournament_finished(
    finished: bool, rounds: list[tuple[str, str]], planned: int, seat: str, finish: str
) -> None:
    states = [RoundState(int(number), status) for number, status in rounds]
    last = states[-1] if states else None
    assert (
        progress.seat_refusal(finished=finished, last=last, planned=planned, waiting=(2, 4)) == seat
    )
    assert progress.finish_refusal(finished=finished, rounds=states) == finish


@pytest.mark.parametrize(("planned", "offered"), [(1, False), (2, True)])
def test_the_pairs_form_shows_after_round_1_started_only_if_a_late_pair_can_join(
    club: Club, organiser: User, organiser_client: Client, planned: int, offered: bool
) -> None:
    """A one-round evening whose round has started takes no late pair: the page does not offer
    the form the service would refuse."""
    tournament = make_tournament(club, pairs=4, rounds=planned)
    first = services.round_prepare(tournament=tournament, movement="random", seed=1).round
    services.round_start(round=first)
    added = accepted(
        lambda: services.pairs_add(tournament=tournament, text="Mario Rossi / Lucia Bianchi")
    )
    page = organiser_client.get(reverse("tournament_detail", args=[tournament.pk]))
    form = f'action="{reverse("pairs_add", args=[tournament.pk])}"' in page.content.decode()
    assert (added, form) == (offered, offered)
