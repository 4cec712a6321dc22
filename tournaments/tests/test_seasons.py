"""Seasons (the club championship): the services that make a season and choose its tournaments,
the rankings of pairs and players built from the stored results of its finished tournaments
(best N evenings, head-to-head, draw), the season pages and their CSV exports, who may see
what, and the public season page."""

import csv
import datetime
import io
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Player, Season, Table, Tournament
from tournaments.rules.standings import Meeting
from tournaments.selectors import seasons as season_reads
from tournaments.services import ServiceError
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_exports import assert_login_redirect

WINS = {"melded_points": 300, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
        "closed": True}  # fmt: skip
"""300 melded + 200 clean + 100 closing = 600."""
LOSES = {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"}
"""100 melded - 30 in hand = 70."""

PAIRS_HEADER = ["rank", "pair", "evenings_played", "evenings_counted", "vp", "mp"]
PLAYERS_HEADER = ["rank", "player", "evenings_played", "evenings_counted", "vp", "mp"]


def evening(club: Club, name: str, day: int, lines: list[str], **options: Any) -> Tournament:
    tournament = services.tournament_create(
        club=club, name=name, date=datetime.date(2026, 10, day), variant="classico", rounds=1,
        deals_per_round=3, **options,
    )  # fmt: skip
    services.pairs_add(tournament=tournament, text="\n".join(lines))
    return tournament


def play(tournament: Tournament, user: User, winners: list[str], *, finish: bool = True) -> None:
    """Seat the one table, then play a deal per entry of `winners`: the surname initials of the
    pair that closes it ("AB"), 600 to 70."""
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=1)
    services.round_start(round=prepared.round)
    table = prepared.round.tables.get(is_bye=False)
    ns = table.ns
    assert ns is not None
    ns_key = "".join(
        sorted(p.last_name[0] for p in (ns.player_one, ns.player_two) if p is not None)
    )
    for number, winner in enumerate(winners, 1):
        table.refresh_from_db()
        sides = [WINS, LOSES] if winner == ns_key else [LOSES, WINS]
        services.deal_record(
            table=table, number=number, sides=sides, mode="summary", user=user,
            version=table.version,
        )  # fmt: skip
    if finish:
        services.tournament_finish(tournament=tournament)


ANNA, BRUNO, CARLA, DARIO = "Anna Alberti", "Bruno Bassi", "Carla Conti", "Dario Donati"


@pytest.fixture
def championship(club: Club, organiser: User) -> Season:
    """Three finished evenings of the same four players, best 2 count; a fourth, still running,
    is in the season too and must not count.

        evening 1: Alberti-Bassi (AB) v Conti-Donati (CD); AB close all 3 deals:
                   AB 1800, CD 210 MP; difference 1590 -> 20-0 VP
        evening 2: Bassi-Alberti (the same pair, named the other way round) v CD; AB close one
                   deal, CD two: AB 600+70+70 = 740, CD 70+600+600 = 1270; difference 530 -> 5-15
        evening 3: new pairs, Alberti-Conti (AC) v Bassi-Donati (BD); AC close two deals:
                   AC 1270, BD 740 -> 15-5
        evening 4: AB v CD, one deal played, not finished: counts for nobody
    """
    first = evening(club, "Ottobre 1", 1, [f"{ANNA} / {BRUNO}", f"{CARLA} / {DARIO}"])
    play(first, organiser, ["AB", "AB", "AB"])
    second = evening(club, "Ottobre 2", 8, [f"{BRUNO} / {ANNA}", f"{CARLA} / {DARIO}"])
    play(second, organiser, ["AB", "CD", "CD"])
    third = evening(club, "Ottobre 3", 15, [f"{ANNA} / {CARLA}", f"{BRUNO} / {DARIO}"])
    play(third, organiser, ["AC", "AC", "BD"])
    fourth = evening(club, "Ottobre 4", 22, [f"{ANNA} / {BRUNO}", f"{CARLA} / {DARIO}"])
    play(fourth, organiser, ["AB"], finish=False)
    return services.season_create(
        club=club, name="Campionato 2026", best_of=2, tournaments=[first, second, third, fourth]
    )


def ranking(rows: list[dict[str, Any]], label: str) -> list[tuple[Any, ...]]:
    return [
        (r["rank"], r[label], r["evenings_played"], r["evenings_counted"], r["vp"], r["mp"])
        for r in rows
    ]


# The pairs, each counting its best two evenings (no pair played more than two):
#   AB: 20 + 5 = 25 VP, 1800 + 740 = 2540 MP, 2 evenings
#   CD: 0 + 15 = 15 VP, 210 + 1270 = 1480 MP, 2 evenings
#   AC: 15 VP, 1270 MP; BD: 5 VP, 740 MP (one evening each)
#   CD and AC are level on VP: MP puts CD first.
PAIRS = [
    (1, f"{ANNA} – {BRUNO}", 2, 2, 25, 2540),
    (2, f"{CARLA} – {DARIO}", 2, 2, 15, 1480),
    (3, f"{ANNA} – {CARLA}", 1, 1, 15, 1270),
    (4, f"{BRUNO} – {DARIO}", 1, 1, 5, 740),
]
# The players, credited with their pair's evening, best two of three:
#   Anna:  20/1800 (AB), 5/740 (AB), 15/1270 (AC)  -> 20 + 15 = 35 VP, 1800 + 1270 = 3070 MP
#   Carla: 0/210 (CD), 15/1270 (CD), 15/1270 (AC)   -> 15 + 15 = 30 VP, 2540 MP
#   Bruno: 20/1800 (AB), 5/740 (AB), 5/740 (BD)     -> 20 + 5 = 25 VP, 1800 + 740 = 2540 MP
#   Dario: 0/210 (CD), 15/1270 (CD), 5/740 (BD)     -> 15 + 5 = 20 VP, 1270 + 740 = 2010 MP
PLAYERS = [
    (1, ANNA, 3, 2, 35, 3070),
    (2, CARLA, 3, 2, 30, 2540),
    (3, BRUNO, 3, 2, 25, 2540),
    (4, DARIO, 3, 2, 20, 2010),
]


def test_the_pairs_ranking_worked_by_hand(championship: Season) -> None:
    standings = season_reads.season_standings(season=championship)
    assert ranking(standings.pairs, "pair") == PAIRS


def test_the_players_ranking_worked_by_hand(championship: Season) -> None:
    standings = season_reads.season_standings(season=championship)
    assert ranking(standings.players, "player") == PLAYERS


def test_only_finished_tournaments_count(championship: Season) -> None:
    standings = season_reads.season_standings(season=championship)
    assert [t.name for t in standings.counted] == ["Ottobre 1", "Ottobre 2", "Ottobre 3"]
    assert len(standings.tournaments) == 4


def test_without_a_best_of_every_evening_counts(championship: Season) -> None:
    services.season_update(season=championship, name=championship.name, best_of=None)
    rows = ranking(season_reads.season_standings(season=championship).players, "player")
    # Anna 20+5+15 = 40 VP, 3810 MP; Carla 0+15+15 = 30, 2750; Bruno 30, 3280; Dario 20, 2220
    assert rows == [
        (1, ANNA, 3, 3, 40, 3810),
        (2, BRUNO, 3, 3, 30, 3280),
        (3, CARLA, 3, 3, 30, 2750),
        (4, DARIO, 3, 3, 20, 2220),
    ]


def test_meetings_are_the_vp_each_pair_took_at_the_table(championship: Season) -> None:
    results = season_reads.season_results(season=championship)
    ids = {p.last_name[0]: p.pk for p in Player.objects.all()}
    pair = {key: frozenset(ids[letter] for letter in key) for key in ("AB", "CD", "AC", "BD")}

    def taken(meeting: Meeting) -> set[tuple[frozenset[int] | int, int]]:
        return {(meeting.a, meeting.a_points), (meeting.b, meeting.b_points)}

    assert [taken(m) for m in results.pair_meetings] == [
        {(pair["AB"], 20), (pair["CD"], 0)},
        {(pair["AB"], 5), (pair["CD"], 15)},
        {(pair["AC"], 15), (pair["BD"], 5)},
    ]
    # each player meets the two players on the other side, never their partner
    first_table = results.player_meetings[:4]
    a_side = {m.a for m in first_table}
    b_side = {m.b for m in first_table}
    assert len(results.player_meetings) == 3 * 4
    assert {frozenset(a_side), frozenset(b_side)} == {pair["AB"], pair["CD"]}
    assert all(taken(m) <= taken_by_player(m, 20, 0) for m in first_table)


def taken_by_player(meeting: Meeting, ab: int, cd: int) -> set[tuple[Any, int]]:
    """What the players of AB and CD took at the first evening's table: AB 20, CD 0."""
    ids = {p.pk: p.last_name[0] for p in Player.objects.all()}
    return {(player, ab if ids[player] in "AB" else cd) for player in (meeting.a, meeting.b)}  # type: ignore[index]


def test_season_results_cost_four_queries(
    championship: Season, django_assert_num_queries: Any
) -> None:
    # the tournaments, their pairs, the pairs' substitutions, their tables' seats
    with django_assert_num_queries(4):
        season_reads.season_results(season=championship)


def test_level_pairs_are_split_by_head_to_head_from_the_tables(club: Club, organiser: User) -> None:
    # every evening counts. AB beat CD at Uno (20-0); CD beat Esposito-Ferri at Due; Gallo-Ughi
    # (GU) beat AB at Tre: AB and CD both on 20 VP and 2010 MP, and AB took 20 VP from CD, CD
    # none from AB: AB first.
    first = evening(club, "Uno", 1, [f"{ANNA} / {BRUNO}", f"{CARLA} / {DARIO}"])
    play(first, organiser, ["AB", "AB", "AB"])
    second = evening(club, "Due", 8, [f"{CARLA} / {DARIO}", "Elena Esposito / Fabio Ferri"])
    play(second, organiser, ["CD", "CD", "CD"])
    third = evening(club, "Tre", 15, [f"{ANNA} / {BRUNO}", "Gina Gallo / Ugo Ughi"])
    play(third, organiser, ["GU", "GU", "GU"])
    season = services.season_create(
        club=club, name="Corto", best_of=None, tournaments=[first, second, third]
    )
    standings = season_reads.season_standings(season=season)
    assert ranking(standings.pairs, "pair") == [
        (1, f"{ANNA} – {BRUNO}", 2, 2, 20, 2010),
        (2, f"{CARLA} – {DARIO}", 2, 2, 20, 2010),
        (3, "Gina Gallo – Ugo Ughi", 1, 1, 20, 1800),
        (4, "Elena Esposito – Fabio Ferri", 1, 1, 0, 210),
    ]
    # the players: Anna and Bruno took 20 VP from Carla and from Dario each, who took none;
    # Anna and Bruno never met (partners): the mini-league again between them alone leaves
    # them level, a draw
    top = [(r["rank"], r["player"]) for r in standings.players[:4]]
    assert top == [(1, ANNA), (1, BRUNO), (3, CARLA), (3, DARIO)]


def test_season_head_to_head_uses_only_the_evenings_that_count(club: Club, organiser: User) -> None:
    # best 1: AB's 20/1800 at Uno (where AB beat CD) and CD's 20/1800 at Due are level. Uno is
    # not an evening that counts for CD (its 0/210 there is left out), so their meeting there
    # breaks no tie: the two share first place (issue 20: it used to put AB first).
    first = evening(club, "Uno", 1, [f"{ANNA} / {BRUNO}", f"{CARLA} / {DARIO}"])
    play(first, organiser, ["AB", "AB", "AB"])
    second = evening(club, "Due", 8, [f"{CARLA} / {DARIO}", "Elena Esposito / Fabio Ferri"])
    play(second, organiser, ["CD", "CD", "CD"])
    season = services.season_create(club=club, name="Corto", best_of=1, tournaments=[first, second])
    standings = season_reads.season_standings(season=season)
    assert ranking(standings.pairs, "pair") == [
        (1, f"{ANNA} – {BRUNO}", 1, 1, 20, 1800),
        (1, f"{CARLA} – {DARIO}", 2, 1, 20, 1800),
        (3, "Elena Esposito – Fabio Ferri", 1, 1, 0, 210),
    ]
    # the players likewise: Anna and Bruno count Uno, Carla and Dario count Due
    assert [(r["rank"], r["vp"], r["mp"]) for r in standings.players[:4]] == [(1, 20, 1800)] * 4


def test_a_match_format_evening_counts_matches_won(club: Club, organiser: User) -> None:
    # A match to 2005: AB close four deals, 4 x 600 = 2400 to 4 x 70 = 280: one match won,
    # a point difference of 2120; the meeting is worth 1 to AB.
    match = evening(club, "Sfida", 1, [f"{ANNA} / {BRUNO}", f"{CARLA} / {DARIO}"], format="target")
    play(match, organiser, ["AB"] * 4)
    table = Table.objects.get(round__tournament=match, is_bye=False)
    assert table.status == Table.Status.DONE
    season = services.season_create(club=club, name="Sfide", tournaments=[match])
    results = season_reads.season_results(season=season)
    assert sorted((e.vp, e.mp) for e in results.pair_evenings) == [(0, -2120), (1, 2120)]
    meeting = results.pair_meetings[0]
    assert sorted([meeting.a_points, meeting.b_points]) == [0, 1]
    rows = ranking(season_reads.season_standings(season=season).pairs, "pair")
    assert rows[0] == (1, f"{ANNA} – {BRUNO}", 1, 1, 1, 2120)


# --- the services --------------------------------------------------------------------------------


def test_a_season_gets_a_slug_unique_in_its_club(club: Club) -> None:
    one = services.season_create(club=club, name="Campionato 2026")
    two = services.season_create(club=club, name="Campionato 2026")
    assert (one.slug, two.slug) == ("campionato-2026", "campionato-2026-2")


def test_renaming_keeps_the_slug(club: Club) -> None:
    season = services.season_create(club=club, name="Campionato 2026")
    services.season_update(season=season, name="Campionato sociale 2026", best_of=8)
    season.refresh_from_db()
    assert (season.name, season.slug, season.best_of) == (
        "Campionato sociale 2026", "campionato-2026", 8,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("name", "best_of", "message"),
    [
        ("  ", None, "Give the season a name"),  # a name is needed
        ("Campionato", 0, "between 1 and 99"),  # best of 0 would count nothing
        ("Campionato", 100, "between 1 and 99"),  # a silly number is refused too
    ],
)
def test_bad_season_settings_are_refused(
    club: Club, name: str, best_of: int | None, message: str
) -> None:
    with pytest.raises(ServiceError, match=message):
        services.season_create(club=club, name=name, best_of=best_of)
    assert not Season.objects.exists()


def test_a_tournament_belongs_to_one_season_only(club: Club) -> None:
    tournament = make_tournament(club, pairs=2)
    first = services.season_create(club=club, name="Primo", tournaments=[tournament])
    with pytest.raises(ServiceError, match="already counts for the season “Primo”"):
        services.season_create(club=club, name="Secondo", tournaments=[tournament])
    tournament.refresh_from_db()
    assert tournament.season == first
    assert Season.objects.count() == 1  # the failed one was not saved either


def test_another_clubs_tournament_cannot_join(club: Club, other_club: Club) -> None:
    theirs = make_tournament(other_club, pairs=2)
    with pytest.raises(ServiceError, match="is a tournament of another club"):
        services.season_create(club=club, name="Campionato", tournaments=[theirs])


def test_choosing_the_tournaments_again_replaces_them(club: Club) -> None:
    a = make_tournament(club, pairs=2, name="A")
    b = make_tournament(club, pairs=2, name="B")
    season = services.season_create(club=club, name="Campionato", tournaments=[a])
    services.season_update(season=season, name="Campionato", best_of=None, tournaments=[b])
    assert [t.name for t in season.tournaments.all()] == ["B"]
    a.refresh_from_db()
    assert a.season is None


# --- pages ---------------------------------------------------------------------------------------


def read_csv(response: Any) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.content.decode("utf-8"))))


def test_season_page_shows_both_rankings(championship: Season, organiser_client: Client) -> None:
    response = organiser_client.get(reverse("season_detail", args=[championship.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Only finished tournaments count: 3 of 4 tournaments so far." in html
    assert "best 2 evenings" in html
    assert "Ottobre 4" in html and "not counted yet" in html
    pairs = response.context["pairs_table"]
    players = response.context["players_table"]
    assert [str(c.header) for c in pairs.columns] == [
        "Rank", "Pair", "Evenings played", "Evenings counted", "VP", "MP",
    ]  # fmt: skip
    assert [str(c.header) for c in players.columns][1] == "Player"
    assert f"{ANNA} – {BRUNO}" in html and "3,070" in html
    assert reverse("season_pairs_csv", args=[championship.pk]) in html
    assert reverse("season_players_csv", args=[championship.pk]) in html


def test_season_csv_exports_are_the_page_tables(
    championship: Season, organiser_client: Client
) -> None:
    response = organiser_client.get(reverse("season_pairs_csv", args=[championship.pk]))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        'attachment; filename="roma_campionato-2026_season_pairs.csv"'
    )
    assert read_csv(response) == [PAIRS_HEADER] + [[str(v) for v in row] for row in PAIRS]
    response = organiser_client.get(reverse("season_players_csv", args=[championship.pk]))
    assert read_csv(response) == [PLAYERS_HEADER] + [[str(v) for v in row] for row in PLAYERS]


def test_season_csv_escapes_hostile_names(championship: Season, organiser_client: Client) -> None:
    Player.objects.filter(last_name="Alberti").update(first_name="", last_name="=1+1")
    rows = read_csv(organiser_client.get(reverse("season_players_csv", args=[championship.pk])))
    assert rows[1][1] == "'=1+1"
    assert rows[1][4:] == ["35", "3070"]


def test_creating_a_season_from_the_form(club: Club, organiser_client: Client) -> None:
    mine = make_tournament(club, pairs=2, name="Martedì")
    taken = make_tournament(club, pairs=2, name="Giovedì")
    services.season_create(club=club, name="Altro", tournaments=[taken])
    page = organiser_client.get(reverse("season_new"))
    choices = [t.name for t in page.context["form"].fields["tournaments"].queryset]
    assert choices == ["Martedì"]  # a tournament of another season is not offered
    response = organiser_client.post(
        reverse("season_new"),
        {"name": "Campionato 2026", "best_of": "8", "tournaments": [mine.pk]},
    )
    season = Season.objects.get(name="Campionato 2026")
    assert response["Location"] == reverse("season_detail", args=[season.pk])
    assert (season.club, season.best_of, [t.pk for t in season.tournaments.all()]) == (
        club, 8, [mine.pk],
    )  # fmt: skip


def test_an_empty_best_of_counts_every_evening(club: Club, organiser_client: Client) -> None:
    organiser_client.post(reverse("season_new"), {"name": "Tutte", "best_of": ""})
    assert Season.objects.get().best_of is None


def test_a_bad_season_form_says_why(club: Club, organiser_client: Client) -> None:
    response = organiser_client.post(reverse("season_new"), {"name": "X", "best_of": "0"})
    assert response.status_code == 200
    assert (
        "Write at least 1 evening, or leave it empty to count them all."
        in response.content.decode()
    )
    assert not Season.objects.exists()


def test_a_service_error_is_shown_beside_the_form(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    # Another organiser put the tournament in a season while this form was open.
    tournament = make_tournament(club, pairs=2, name="Martedì")
    form_page = organiser_client.get(reverse("season_new"))
    assert tournament in form_page.context["form"].fields["tournaments"].queryset
    services.season_create(club=club, name="Primo", tournaments=[tournament])
    response = organiser_client.post(
        reverse("season_new"), {"name": "Secondo", "tournaments": [tournament.pk]}
    )
    assert response.status_code == 200
    assert "Select a valid choice." in response.content.decode()
    assert not Season.objects.filter(name="Secondo").exists()


def test_editing_a_season(championship: Season, organiser_client: Client) -> None:
    page = organiser_client.get(reverse("season_edit", args=[championship.pk]))
    assert page.context["form"]["best_of"].value() == 2
    assert "club" not in page.context["form"].fields
    first = championship.tournaments.get(name="Ottobre 1")
    response = organiser_client.post(
        reverse("season_edit", args=[championship.pk]),
        {"name": "Campionato d'autunno", "best_of": "1", "tournaments": [first.pk]},
    )
    assert response["Location"] == reverse("season_detail", args=[championship.pk])
    championship.refresh_from_db()
    assert (championship.name, championship.best_of) == ("Campionato d'autunno", 1)
    assert list(championship.tournaments.all()) == [first]


def test_the_season_list(championship: Season, organiser_client: Client) -> None:
    html = organiser_client.get(reverse("season_list")).content.decode()
    assert "Campionato 2026" in html and "best 2" in html
    assert reverse("season_detail", args=[championship.pk]) in html


def test_another_clubs_organiser_sees_no_season(championship: Season, other_client: Client) -> None:
    assert "Campionato 2026" not in other_client.get(reverse("season_list")).content.decode()
    for name in ("season_detail", "season_edit", "season_pairs_csv", "season_players_csv"):
        assert other_client.get(reverse(name, args=[championship.pk])).status_code == 404
    response = other_client.post(
        reverse("season_edit", args=[championship.pk]), {"name": "Preso", "best_of": ""}
    )
    assert response.status_code == 404
    championship.refresh_from_db()
    assert championship.name == "Campionato 2026"


def test_another_clubs_tournament_is_not_offered(
    club: Club, other_club: Club, other_client: Client
) -> None:
    make_tournament(club, pairs=2, name="Nostro")
    page = other_client.get(reverse("season_new"))
    assert list(page.context["form"].fields["tournaments"].queryset) == []
    mine = Tournament.objects.get(name="Nostro")
    response = other_client.post(reverse("season_new"), {"name": "Furto", "tournaments": [mine.pk]})
    assert response.status_code == 200
    assert not Season.objects.exists()


def test_season_pages_ask_to_log_in(championship: Season, anonymous_client: Client) -> None:
    assert_login_redirect(anonymous_client.get(reverse("season_list")))
    assert_login_redirect(anonymous_client.get(reverse("season_new")))
    assert_login_redirect(anonymous_client.post(reverse("season_new"), {"name": "X"}))
    for name in ("season_detail", "season_edit", "season_pairs_csv", "season_players_csv"):
        assert_login_redirect(anonymous_client.get(reverse(name, args=[championship.pk])))
    assert_login_redirect(
        anonymous_client.post(reverse("season_edit", args=[championship.pk]), {"name": "X"})
    )
    assert not Season.objects.filter(name="X").exists()


def test_the_public_season_page_needs_every_counted_tournament_published(
    championship: Season, anonymous_client: Client
) -> None:
    url = reverse("season_public", args=["roma", championship.slug])
    assert url == "/s/roma/campionato-2026/"
    assert anonymous_client.get(url).status_code == 404  # nothing is published yet
    championship.tournaments.filter(name__in=["Ottobre 1", "Ottobre 2"]).update(published=True)
    assert anonymous_client.get(url).status_code == 404  # Ottobre 3 counts and is private
    championship.tournaments.filter(status=Tournament.Status.FINISHED).update(published=True)
    response = anonymous_client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Only finished tournaments count" in html and "3,070" in html
    assert "Ottobre 4" not in html  # still private: not even named
    assert reverse("season_edit", args=[championship.pk]) not in html
    csv_url = reverse("season_public_players_csv", args=["roma", championship.slug])
    assert csv_url in html
    rows = read_csv(anonymous_client.get(csv_url))
    assert rows[0] == PLAYERS_HEADER and rows[1][1] == ANNA
    elsewhere = reverse("season_public", args=["madrid", championship.slug])
    assert anonymous_client.get(elsewhere).status_code == 404


def test_the_tournament_page_links_its_season(
    championship: Season, organiser_client: Client
) -> None:
    first = championship.tournaments.get(name="Ottobre 1")
    html = organiser_client.get(reverse("tournament_detail", args=[first.pk])).content.decode()
    assert reverse("season_detail", args=[championship.pk]) in html
