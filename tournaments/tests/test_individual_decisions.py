"""The arbiter's decisions on an individual evening (issue 25, RULES.md "Individual
tournaments"): a decision falls on a player or on a partnership (the two players who sat
together that round), each of the two then taking all of it; the form offers both; the marks,
the files and backups name them. Round 1 of the 8-player schedule, worked by hand: table 1
North 1 and South 2 beat East 3 and West 4 2280 to -540 (20-0 VP), table 2 North 5 and
South 6 draw with East 7 and West 8, 375 each (10-10)."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.backup import tournament_export, tournament_import
from tournaments.deal_exports import deal_file
from tournaments.models import Club, Decision, Pair, Table, Tournament
from tournaments.selectors.decisions import marks_by_pair
from tournaments.services import ServiceError
from tournaments.services.decisions import decision_cancel, decision_take
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_individual_files import eight_players, play


@pytest.fixture
def evening(club: Club, organiser: User) -> Tournament:
    tournament = eight_players(club)
    play(tournament, 1, organiser)
    return tournament


def table(tournament: Tournament, number: int) -> Table:
    return Table.objects.get(round__tournament=tournament, round__number=1, number=number)


def standing(tournament: Tournament) -> dict[int, tuple[int, int]]:
    """Player number -> (VP, MP) as stored."""
    return {p.number: (p.vp, p.mp) for p in tournament.pairs.all()}


def player(tournament: Tournament, number: int) -> Pair:
    return tournament.pairs.get(number=number)


def test_a_penalty_on_a_partnership_is_taken_whole_from_each_partner(
    evening: Tournament, organiser: User
) -> None:
    assert standing(evening) == {
        1: (20, 2280), 2: (20, 2280), 3: (0, -540), 4: (0, -540),
        5: (10, 375), 6: (10, 375), 7: (10, 375), 8: (10, 375),
    }  # fmt: skip
    decision = decision_take(
        table=table(evening, 1), kind="penalty", pair=player(evening, 2), partnership=True,
        mp=100, vp=1, reason="Slow play", user=organiser,
    )  # fmt: skip
    assert decision.partnership and decision.pair == player(evening, 2)
    # a player alone: 50 MP off player 5 only, not off partner 6
    decision_take(
        table=table(evening, 2), kind="penalty", pair=player(evening, 5), mp=50,
        reason="Cards shown", user=organiser,
    )  # fmt: skip
    assert standing(evening) == {
        1: (20 - 1, 2280 - 100), 2: (20 - 1, 2280 - 100),  # the partnership: each all of it
        3: (0, -540), 4: (0, -540),  # the opponents keep theirs
        5: (10, 375 - 50), 6: (10, 375), 7: (10, 375), 8: (10, 375),
    }  # fmt: skip
    ranks = dict(evening.pairs.values_list("number", "rank"))
    assert ranks == {1: 1, 2: 1, 6: 3, 7: 3, 8: 3, 5: 6, 3: 7, 4: 7}


def test_a_late_partnership_loses_the_late_penalty_each_and_a_cancel_gives_it_back(
    evening: Tournament, organiser: User
) -> None:
    late = decision_take(
        table=table(evening, 2), kind="late", pair=player(evening, 8), partnership=True,
        reason="Arrived at 21:08", user=organiser,
    )  # fmt: skip
    assert late.mp == 100
    got = standing(evening)
    assert [got[n] for n in (5, 6, 7, 8)] == [(10, 375), (10, 375), (10, 275), (10, 275)]
    decision_cancel(decision=late, reason="The clock was wrong", user=organiser)
    got = standing(evening)
    assert [got[n] for n in (7, 8)] == [(10, 375), (10, 375)]


def test_an_abandoning_partnership_scores_0_and_both_partners_withdraw(
    evening: Tournament, organiser: User
) -> None:
    decision_take(
        table=table(evening, 1), kind="abandonment", pair=player(evening, 1), partnership=True,
        reason="Left at 22:30", user=organiser,
    )  # fmt: skip
    got = standing(evening)
    # FIBUR 3 deals: the bye award is 14 VP and 355 MP for the opponents
    assert [got[n] for n in (1, 2, 3, 4)] == [(0, 0), (0, 0), (14, 355), (14, 355)]
    withdrawn = dict(evening.pairs.values_list("number", "withdrawn_from"))
    assert (withdrawn[1], withdrawn[2], withdrawn[3]) == (2, 2, None)


def test_a_walkover_on_one_player_sets_the_whole_partnership_s_result(
    evening: Tournament, organiser: User
) -> None:
    decision_take(
        table=table(evening, 2), kind="walkover", pair=player(evening, 7),
        reason="Absent past 10 minutes", user=organiser,
    )  # fmt: skip
    got = standing(evening)
    # present 5 and 6: the walk-over award (as the bye, 14 VP 355 MP); absent 7 and 8: the
    # other side of that band, 6 VP, and 0 MP
    assert [got[n] for n in (5, 6, 7, 8)] == [(14, 355), (14, 355), (6, 0), (6, 0)]


def test_the_refusals_name_players_and_partnerships(
    evening: Tournament, club: Club, organiser: User
) -> None:
    with pytest.raises(ServiceError, match="Choose the player or the partnership"):
        decision_take(table=table(evening, 1), kind="late", reason="Late", user=organiser)
    with pytest.raises(ServiceError, match="Player 5 does not play at this table"):
        decision_take(
            table=table(evening, 1), kind="late", pair=player(evening, 5), partnership=True,
            reason="Late", user=organiser,
        )  # fmt: skip
    pairs = make_tournament(club, pairs=4)
    round_ = services.round_prepare(tournament=pairs, seed=1).round
    services.round_start(round=round_)
    at = round_.tables.get(number=1)
    with pytest.raises(ServiceError, match="A pairs tournament has no partnerships"):
        decision_take(
            table=at, kind="late", pair=at.ns, partnership=True, reason="Late", user=organiser
        )
    assert not Decision.objects.exists()


def test_the_form_offers_each_player_and_both_partnerships_of_the_round(
    evening: Tournament, organiser_client: Client
) -> None:
    address = reverse("table_decision", args=[table(evening, 2).pk])
    html = organiser_client.get(address).content.decode()
    assert "On which player or partnership?" in html
    for number in (5, 6, 7, 8):
        assert f"Player {number}: Nome{number} Cognome{number}" in html
    assert "The partnership 5 + 6 in round 1: Nome5 Cognome5 and Nome6 Cognome6" in html
    assert "The partnership 7 + 8 in round 1: Nome7 Cognome7 and Nome8 Cognome8" in html
    response = organiser_client.post(
        address, {"kind": "penalty", "pair": "7+8", "mp": "40", "reason": "Slow play"}
    )
    assert response.status_code == 302
    decision = Decision.objects.get()
    assert (decision.pair, decision.partnership, decision.mp) == (player(evening, 7), True, 40)
    got = standing(evening)
    assert [got[n] for n in (5, 6, 7, 8)] == [(10, 375), (10, 375), (10, 335), (10, 335)]
    response = organiser_client.post(
        address, {"kind": "penalty", "pair": "6", "mp": "10", "reason": "Cards shown"}
    )
    assert response.status_code == 302
    assert standing(evening)[6] == (10, 365) and standing(evening)[5] == (10, 375)
    # a choice not offered at this table: refused in the form, nothing saved
    response = organiser_client.post(
        address, {"kind": "penalty", "pair": "1+2", "mp": "10", "reason": "Slow play"}
    )
    assert response.status_code == 400
    assert Decision.objects.count() == 2


def test_marks_and_files_name_the_player_or_the_partnership(
    evening: Tournament, organiser: User, organiser_client: Client
) -> None:
    decision_take(
        table=table(evening, 1), kind="penalty", pair=player(evening, 1), partnership=True,
        mp=100, reason="Slow play", user=organiser,
    )  # fmt: skip
    decision_take(
        table=table(evening, 2), kind="late", pair=player(evening, 6), reason="Late",
        user=organiser,
    )  # fmt: skip
    numbers = dict(evening.pairs.values_list("pk", "number"))
    marked = {numbers[pk]: [m.kind for m in marks] for pk, marks in marks_by_pair(evening).items()}
    assert marked == {1: ["penalty"], 2: ["penalty"], 6: ["late"]}
    columns, rows = deal_file(evening)
    texts = {(row[1], row[-1]) for row in rows}
    assert texts == {
        (1, "r1 t1 penalty partnership 1 + 2 -100 MP: Slow play"),
        (2, "r1 t2 late player 6 -100 MP: Late"),
    }
    assert columns[-1] == "decision"
    # the players' own pages show the mark, naming the partnership
    evening.published = True
    evening.save(update_fields=["published"])
    for number in (1, 2):
        address = reverse("public_pair", args=[evening.club.slug, evening.slug, number])
        html = organiser_client.get(address).content.decode()
        assert "The partnership 1 + 2." in html, number
    address = reverse("public_pair", args=[evening.club.slug, evening.slug, 6])
    assert "Player 6." in organiser_client.get(address).content.decode()
    # the standings' decisions column marks both partners, and player 6 alone
    address = reverse("public_tournament", args=[evening.club.slug, evening.slug])
    html = organiser_client.get(address).content.decode()
    assert html.count('data-decision="penalty"') == 2
    assert html.count('data-decision="late"') == 1
    # the organiser's decision page lists them in the same words
    address = reverse("table_decision", args=[table(evening, 1).pk])
    assert "The partnership 1 + 2." in organiser_client.get(address).content.decode()
    # and the change log
    address = reverse("tournament_changes", args=[evening.pk])
    html = organiser_client.get(address).content.decode()
    assert "partnership 1 + 2" in html and "player 6" in html


def test_a_backup_keeps_a_decision_on_a_partnership(
    evening: Tournament, other_club: Club, organiser: User
) -> None:
    decision_take(
        table=table(evening, 1), kind="penalty", pair=player(evening, 2), partnership=True,
        mp=100, reason="Slow play", user=organiser,
    )  # fmt: skip
    data = tournament_export(tournament=evening)
    assert data["decisions"][0]["partnership"] is True
    copy = tournament_import(data=data, club=other_club)
    assert copy.decisions.get().partnership
    assert standing(copy) == standing(evening)
    assert standing(copy)[1] == (20, 2180)
