"""The organiser's phase page: a ready plan chosen, the split previewed with its reasons,
committed, a pair moved by hand, undone; refusals shown in the organiser's words; the girone
on the round board."""

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Club
from tournaments.selectors import phases as read
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_phases import _round


def test_an_organiser_plans_splits_and_moves_a_pair(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=8, rounds=3, deals_per_round=1)
    page = reverse("phase_plan", args=[tournament.pk])
    assert "1 to 3" in organiser_client.get(page).content.decode()
    answer = organiser_client.post(
        reverse("phase_plan_set", args=[tournament.pk]),
        {"mitchell": "2", "danese": "2", "gironi": "2", "carry": "share", "share": "50"},
        follow=True,
    )
    text = answer.content.decode()
    assert "The phase plan is saved." in text
    assert "3 to 4" in text and "2 gironi" in text and "Carried as a share (50%)" in text
    assert "2 gironi · By the standings, in blocks (top pairs to A)" in text
    tournament.refresh_from_db()
    assert tournament.rounds == 4

    split = reverse("phase_split", args=[tournament.pk, 2])
    early = organiser_client.get(page + "?preview=2").content.decode()
    assert "Finish round 2 before splitting the field into gironi." in early
    _round(tournament, organiser, seed=1)
    _round(tournament, organiser, seed=2)
    preview = organiser_client.get(page + "?preview=2").content.decode()
    leader = tournament.pairs.get(rank=1)
    assert f"rank 1 on {leader.vp} VP" in preview
    assert "Commit the split" in preview
    assert not read.gironi_of(tournament, 2)

    committed = organiser_client.post(split, {"action": "commit"}, follow=True)
    assert "The field is split into gironi." in committed.content.decode()
    a = read.gironi_of(tournament, 2)[0]
    moved = tournament.pairs.get(pk=a.pair_ids[0])
    organiser_client.post(split, {"action": "move", "pair": moved.number, "girone": "2"})
    assert moved.pk in read.gironi_of(tournament, 2)[1].pair_ids
    nobody = {"action": "move", "pair": "99", "girone": "2"}
    wrong = organiser_client.post(split, nobody, follow=True)
    assert "No such pair." in wrong.content.decode()

    round_3 = services.round_prepare(tournament=tournament, seed=3).round
    board = organiser_client.get(reverse("round_board", args=[round_3.pk])).content.decode()
    assert '<span class="badge girone">A</span>' in board
    assert '<span class="badge girone">B</span>' in board
    refused = organiser_client.post(split, {"action": "undo"}, follow=True).content.decode()
    assert "Round 3 is seated: the gironi of phase 2 can no longer change." in refused


def test_an_organiser_splits_by_the_pairs_categories(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    club.categories = "Copa Oro, Copa Plata"
    club.save()
    tournament = make_tournament(club, pairs=8, rounds=3, deals_per_round=1)
    organiser_client.post(
        reverse("phase_plan_set", args=[tournament.pk]),
        {"mitchell": "1", "danese": "2", "gironi": "2", "carry": "zero", "split": "category"},
    )
    page = organiser_client.get(reverse("phase_plan", args=[tournament.pk])).content.decode()
    assert "The pairs' categories" in page and '<option value="Copa Plata">' in page
    save = reverse("pair_categories", args=[tournament.pk])
    wrong = organiser_client.post(save, {"category-1": "Serie Z"}, follow=True).content.decode()
    assert "Serie Z is not one of the club&#x27;s categories: Copa Oro, Copa Plata." in wrong
    chosen = {f"category-{n}": "Copa Oro" if n <= 4 else "Copa Plata" for n in range(1, 9)}
    done = organiser_client.post(save, chosen, follow=True).content.decode()
    assert "The pairs&#x27; categories are saved." in done
    _round(tournament, organiser, seed=1)
    organiser_client.post(reverse("phase_split", args=[tournament.pk, 2]), {"action": "commit"})
    gironi = read.gironi_of(tournament, 2)
    numbers = dict(tournament.pairs.values_list("pk", "number"))
    assert [(g.name, sorted(numbers[p] for p in g.pair_ids)) for g in gironi] == [
        ("Copa Oro", [1, 2, 3, 4]),
        ("Copa Plata", [5, 6, 7, 8]),
    ]


def test_seating_a_round_of_gironi_not_split_leads_to_the_phase_page(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=8, rounds=3, deals_per_round=1)
    plan, movements = services.preset_plan(1, 2, 2)
    services.phase_plan_set(tournament=tournament, plan=plan, movements=movements)
    _round(tournament, organiser, seed=1)
    answer = organiser_client.get(reverse("round_prepare", args=[tournament.pk]), follow=True)
    assert answer.redirect_chain == [(reverse("phase_plan", args=[tournament.pk]), 302)]
    assert "Split the field into gironi before seating round 2." in answer.content.decode()


def test_the_referees_exam_plan_is_set_from_the_page(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    """6 Mitchell, 2 Danese for the whole field ("girone unico"), 3 Danese in 4 gironi: three
    phases, eleven rounds, each round's movement in the plan."""
    tournament = make_tournament(club, pairs=16, rounds=3, deals_per_round=1)
    answer = organiser_client.post(
        reverse("phase_plan_set", args=[tournament.pk]),
        {"mitchell": "6", "field_danese": "2", "danese": "3", "gironi": "4", "carry": "whole"},
        follow=True,
    )
    text = answer.content.decode()
    assert "The phase plan is saved." in text
    assert "1 to 6" in text and "7 to 8" in text and "9 to 11" in text
    assert "Phase 3: the gironi from round 9" in text
    assert "4 gironi · By the standings, in blocks (top pairs to A)" in text
    tournament.refresh_from_db()
    assert tournament.rounds == 11
    assert tournament.movement_plan == ["random"] + ["mitchell"] * 5 + ["danese"] * 5
    plan = read.plan_of(tournament)
    assert [(p.first_round, p.last_round, p.scope, p.girone_count) for p in plan] == [
        (1, 6, "field", 0),
        (7, 8, "field", 0),
        (9, 11, "gironi", 4),
    ]
    without = organiser_client.post(
        reverse("phase_plan_set", args=[tournament.pk]),
        {"mitchell": "3", "danese": "2", "gironi": "2", "carry": "zero"},
        follow=True,
    )
    assert "1 to 3" in without.content.decode()  # no girone unico: two phases, as before
    assert len(read.plan_of(tournament)) == 2
