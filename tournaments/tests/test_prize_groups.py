"""Prizes for a phase alone, in each girone and each category (issue 26, item 1: "prize groups …
per phase … per girone … per category"): the plan form offers the first three places of the
last phase alone, of every girone of the last phase played in gironi and of every category the
entrants have; the prize list pays each from the phase's own ranking, or that
girone's ranking (`selectors.phases.girone_rankings`) or from the standings among the
category's entrants.

The evening: 12 pairs, 2 rounds for the whole field, then 2 Danese rounds in 2 gironi of 6
(test_phases.py's plan; the lower pair number wins each table, by more the further apart the
numbers). Pairs 1-6 are "Senior", 7-12 "Open"."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Tournament
from tournaments.prizes.plans import GroupKind, Item
from tournaments.selectors import phases as read
from tournaments.selectors.prizes import plan_of, prize_list, sections_of
from tournaments.tests.test_phases import _round, _two_phases


@pytest.fixture
def evening(club: Club, organiser: User) -> Tournament:
    club.categories = "Senior, Open"
    club.save()
    tournament = _two_phases(club, pairs=12)
    services.pair_categories_set(
        tournament=tournament,
        categories={n: "Senior" if n <= 6 else "Open" for n in range(1, 13)},
    )
    _round(tournament, organiser, seed=1)
    _round(tournament, organiser, seed=2)
    services.split_commit(tournament=tournament, phase_number=2)
    _round(tournament, organiser, seed=3)
    _round(tournament, organiser, seed=4)
    services.tournament_finish(tournament=tournament)
    tournament.refresh_from_db()
    return tournament


def test_each_girone_and_each_category_pays_its_own_places(
    evening: Tournament, organiser_client: Client
) -> None:
    """The plan: 1st overall EUR 100; the best in phase 2 alone EUR 25; girone A 50 and 30;
    girone B a bottle of wine; category Open 40; ties by Hort (worked out below)."""
    sections = sections_of(evening)
    assert [(s.kind, s.scope, s.name) for s in sections] == [
        (GroupKind.PHASE, "2", "Best in phase 2 alone"),
        (GroupKind.GIRONE, "A", "Girone A"),
        (GroupKind.GIRONE, "B", "Girone B"),
        (GroupKind.CATEGORY, "Senior", "Category Senior"),
        (GroupKind.CATEGORY, "Open", "Category Open"),
    ]
    url = reverse("prize_plan", args=[evening.pk])
    page = organiser_client.get(url).content.decode()
    assert "Girone B: the first three places" in page
    assert "Category Open: the first three places" in page
    form = {
        "amount_1": "100", "tie_rule": "hort", "level": "club",
        "s0_amount_1": "25",  # the best in phase 2 alone (rounds 3-4)
        "s1_amount_1": "50", "s1_amount_2": "30",  # girone A: 1st and 2nd
        "s2_item_1": "Bottle of wine",  # girone B: an item for 1st
        "s4_amount_1": "40",  # category Open: 1st
    }  # fmt: skip
    assert organiser_client.post(url, form).status_code == 302
    evening.refresh_from_db()
    plan = plan_of(evening)
    assert plan is not None
    assert [g.key for g in plan.groups] == [
        "overall", "phase-2", "girone-A", "girone-B", "category-Open",
    ]  # fmt: skip

    prizes = prize_list(evening)
    assert prizes is not None
    paid = {(line.group_name, line.award.place): line for line in prizes.lines}
    numbers = dict(evening.pairs.values_list("pk", "number"))
    phase = read.plan_of(evening)[1]
    ranked = {r.name: r.records for r in read.girone_rankings(evening, phase)}
    (pid, first), (_pid, second) = ranked["A"][:2]
    assert first.vp > second.vp  # girone A's winner won alone
    assert paid[("Girone A", 1)].pair.number == numbers[pid]
    # girone B's first two are level on 40 VP: an item is not split, the tie-breaks (MP) give
    # it to the first of them
    (b_first, b_one), (_b_second, b_two) = ranked["B"][:2]
    assert b_one.vp == b_two.vp == 40 and b_one.mp > b_two.mp
    assert paid[("Girone B", 1)].pair.number == numbers[b_first]
    assert paid[("Girone A", 1)].award.cents == 5000
    # in girone A three pairs are level on VP from 2nd to 4th (a prize tie is a tie on VP);
    # by Hort each keeps half of its own place's prize (2nd: 15.00 of 30.00; 3rd and 4th pay
    # nothing) and the other halves (15.00) are shared by the three: 5.00 each. So 2nd takes
    # 20.00, 3rd and 4th 5.00 each, in the standings' order inside the tie
    level = [pid for pid, r in ranked["A"][1:] if r.vp == ranked["A"][1][1].vp]
    assert len(level) == 3
    shared = [
        line for line in prizes.lines if line.award.group == "girone-A" and line.award.place != 1
    ]
    got = {line.pair.number: line.award.cents for line in shared}
    assert got == {numbers[level[0]]: 2000, numbers[level[1]]: 500, numbers[level[2]]: 500}
    item = paid[("Girone B", 1)].award.prize
    assert isinstance(item, Item) and item.text == "Bottle of wine"
    assert ("Girone B", 2) not in paid
    # category Open: the best of pairs 7-12 in the final standings; its first two are level on
    # VP: by Hort the first keeps 20.00 (half of 40.00), the second nothing (2nd pays nothing),
    # and the pooled 20.00 is shared: 30.00 and 10.00
    open_pairs = list(evening.pairs.filter(category="Open").order_by("rank", "number"))
    assert open_pairs[0].vp == open_pairs[1].vp > open_pairs[2].vp
    category = {
        line.pair.number: line.award.cents
        for line in prizes.lines
        if line.award.group == "category-Open"
    }
    assert category == {open_pairs[0].number: 3000, open_pairs[1].number: 1000}
    # the best in phase 2 alone: its rounds' own ranking (test_phases checks that ranking)
    alone = [(pid, r) for pid, r in read.phase_ranking(evening, phase) if r.rounds_played]
    best = [pid for pid, r in alone if r.vp == alone[0][1].vp]
    phase_lines = [line for line in prizes.lines if line.award.group == "phase-2"]
    assert sorted(line.pair.number for line in phase_lines) == sorted(numbers[p] for p in best)
    # two level on VP for 1st: by Hort the first keeps 12.50 of the 25.00, the other nothing,
    # and the pooled 12.50 is shared: 18.75 and 6.25
    assert [line.award.cents for line in phase_lines] == [1875, 625]
    assert phase_lines[0].pair.number == numbers[best[0]]
    # the form shows the stored plan again, each group in its place
    page = organiser_client.get(url).content.decode()
    assert 'name="s2_item_1" value="Bottle of wine"' in page
    assert 'name="s4_amount_1" value="40.00"' in page or 'name="s4_amount_1" value="40"' in page


def test_a_gap_in_a_girones_places_is_refused_and_nothing_saved(
    evening: Tournament, organiser_client: Client
) -> None:
    url = reverse("prize_plan", args=[evening.pk])
    form = {"amount_1": "100", "tie_rule": "equal", "level": "club", "s2_amount_2": "30"}
    page = organiser_client.post(url, form).content.decode()
    assert "Girone B: place 1 has no prize: give it one, or clear the places below it." in page
    evening.refresh_from_db()
    assert plan_of(evening) is None
