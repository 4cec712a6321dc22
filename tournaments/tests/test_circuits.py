"""Circuits (issue 26 item 3): points schemes by place, written by `points_award` when a
tournament is finished (and again after a correction), a ranking of each player's best N
evenings across clubs (one row for the same card number), the organiser's pages and the public
ranking. Every number below is worked out by hand from the scheme."""

import datetime
import re
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Circuit, Club, Player, PlayerPoints, Table, Tournament
from tournaments.prizes.points import PointsScheme, SchemeKind, preset
from tournaments.selectors.circuits import circuit_standings
from tournaments.services import ServiceError
from tournaments.tests import test_substitute_credits as subs

WINS = {"melded_points": 300, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
        "closed": True}  # fmt: skip
"""300 melded + 200 clean + 100 closing = 600."""
LOSES = {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"}
"""100 melded - 30 in hand = 70."""
FIGB = preset(SchemeKind.PAIRS_MINUS_5)


def evening(club: Club, name: str, day: int, count: int, **options: object) -> Tournament:
    """One round of `count` pairs (or players: entrants="players"), three deals a table."""
    tournament = services.tournament_create(
        club=club, name=name, date=datetime.date(2026, 10, day), variant="classico", rounds=1,
        deals_per_round=3, **options,  # type: ignore[arg-type]
    )  # fmt: skip
    per_line = 1 if tournament.is_individual else 2
    lines = [
        " / ".join(f"Name{n}{x} {club.slug.title()}{n}{x}" for x in "ab"[:per_line])
        for n in range(1, count + 1)
    ]
    services.pairs_add(tournament=tournament, text="\n".join(lines))
    return tournament


def play(tournament: Tournament, user: User, ns_wins: list[int]) -> list[Table]:
    """Seat round 1 and play it: at table n, North-South close `ns_wins[n-1]` of the 3 deals
    (600 to 70 each); then finish. Returns the tables by number."""
    movement = {} if tournament.is_individual else {"movement": "random"}
    prepared = services.round_prepare(tournament=tournament, seed=1, **movement)  # type: ignore[arg-type]
    services.round_start(round=prepared.round)
    tables = list(prepared.round.tables.filter(is_bye=False).order_by("number"))
    for table, wins in zip(tables, ns_wins, strict=True):
        for number in range(1, 4):
            table.refresh_from_db()
            sides = [WINS, LOSES] if number <= wins else [LOSES, WINS]
            services.deal_record(
                table=table, number=number, sides=sides, mode="summary", user=user,
                version=table.version,
            )  # fmt: skip
    services.tournament_finish(tournament=tournament)
    return tables


def points_of(circuit: Circuit, tournament: Tournament) -> dict[str, Decimal]:
    rows = PlayerPoints.objects.filter(circuit=circuit, tournament=tournament)
    return {row.player.full_name: row.points for row in rows.select_related("player")}


def side(table: Table, direction: str) -> list[str]:
    pair = table.ns if direction == "ns" else table.ew
    assert pair is not None
    return [p.full_name for p in (pair.player_one, pair.player_two) if p is not None]


def test_six_pairs_by_the_figb_preset_ties_share_the_average(club: Club, organiser: User) -> None:
    """6 pairs, pairs then 5 fewer: places 1-6 give 6, 1, 0, 0, 0, 0. Table 1's NS close all 3
    deals (20-0), table 2's NS two (15-5), table 3's NS one (5-15): VP 20, 15, 15, 5, 5, 0, so
    the two pairs on 15 share places 2-3, (1 + 0) / 2 = 0.5 each."""
    tournament = evening(club, "Monday", 5, 6)
    circuit = services.circuit_create(club=club, name="Grand Prix", scheme=FIGB)
    tables = play(tournament, organiser, [3, 2, 1])
    services.circuit_evening_add(circuit=circuit, tournament=tournament)
    points = points_of(circuit, tournament)
    assert len(points) == 12
    expected = {
        **dict.fromkeys(side(tables[0], "ns"), Decimal("6.00")),
        **dict.fromkeys(side(tables[1], "ns") + side(tables[2], "ew"), Decimal("0.50")),
        **dict.fromkeys(side(tables[1], "ew") + side(tables[2], "ns"), Decimal("0.00")),
        **dict.fromkeys(side(tables[0], "ew"), Decimal("0.00")),
    }
    assert points == expected
    # idempotent: awarding again writes the same rows, not twice as many
    assert services.points_award(tournament=tournament) == 12
    assert points_of(circuit, tournament) == expected


def test_two_clubs_one_card_is_one_row_with_both_evenings_and_best_n(
    club: Club, other_club: Club, organiser: User, other_organiser: User
) -> None:
    """Rome: 2 pairs, 2 × pairs then 2 fewer: 4 and 2. Madrid: 4 pairs (two tables): 8, 6, 4,
    2 by place. The same card (written "IT 0042" in Rome, "it0042" in Madrid) is one player."""
    double = preset(SchemeKind.DOUBLE_MINUS_2)
    circuit = services.circuit_create(club=club, name="Tour of two cities", scheme=double)
    services.circuit_club_add(circuit=circuit, slug=" Madrid/ ")
    rome = evening(club, "Rome evening", 6, 2)
    spain = evening(other_club, "Madrid evening", 7, 4)
    rome_tables = play(rome, organiser, [3])
    # table 1: NS 3 deals (20-0), table 2: NS 2 deals (15-5): 20, 15, 5, 0 -> 8, 6, 4, 2
    spain_tables = play(spain, other_organiser, [3, 2])
    winner = Player.objects.get(club=club, first_name=side(rome_tables[0], "ns")[0].split()[0],
                                last_name=side(rome_tables[0], "ns")[0].split()[1])  # fmt: skip
    second = spain_tables[1].ns
    assert second is not None
    Player.objects.filter(pk=winner.pk).update(card_number="IT 0042")
    Player.objects.filter(pk=second.player_one_id).update(card_number="it0042")
    services.circuit_evening_add(circuit=circuit, tournament=rome)
    services.circuit_evening_add(circuit=circuit, tournament=spain)

    rows = circuit_standings(circuit).rows
    assert len(rows) == 2 * 2 + 4 * 2 - 1  # 4 players in Rome, 8 in Madrid, one of them twice
    top = rows[0]
    assert (top.rank, top.total, top.evenings_played, top.best) == (1, Decimal(10), 2, Decimal(6))
    assert top.clubs == ["Circolo del Burraco Roma", "Club de Buraco Madrid"]
    assert top.card == "it0042"
    assert [row.total for row in rows[1:3]] == [Decimal(8), Decimal(8)]  # Madrid's winners
    assert rows[1].rank == rows[2].rank == 2

    circuit.best_n = 1
    circuit.save(update_fields=["best_n"])
    rows = circuit_standings(circuit).rows
    assert (rows[0].total, rows[0].evenings_played) == (Decimal(8), 1)  # 8 beats 6 alone
    carded = next(row for row in rows if row.card)
    assert (carded.total, carded.evenings_counted, carded.evenings_played) == (Decimal(6), 1, 2)


def test_a_correction_changes_the_points(club: Club, organiser: User) -> None:
    """4 pairs, pairs then 5 fewer: 4, 0, 0, 0. Reopened, the evening leaves the circuit;
    table 1 corrected from 3-0 to 0-3 deals and finished again, table 1's EW win instead."""
    tournament = evening(club, "Thursday", 8, 4)
    circuit = services.circuit_create(club=club, name="Autumn", scheme=FIGB)
    tables = play(tournament, organiser, [3, 1])
    services.circuit_evening_add(circuit=circuit, tournament=tournament)
    assert {n for n, p in points_of(circuit, tournament).items() if p} == set(side(tables[0], "ns"))
    services.tournament_reopen(tournament=tournament, reason="Table 1 swapped the sides")
    assert points_of(circuit, tournament) == {}
    table = tables[0]
    for number in range(1, 4):
        table.refresh_from_db()
        services.deal_record(
            table=table, number=number, sides=[LOSES, WINS], mode="summary", user=organiser,
            version=table.version,
        )  # fmt: skip
    services.tournament_finish(tournament=tournament)
    points = points_of(circuit, tournament)
    assert {n for n, p in points.items() if p} == set(side(tables[0], "ew"))
    assert points[side(tables[0], "ew")[0]] == Decimal("4.00")


def test_an_individual_evening_ranks_each_player_alone(club: Club, organiser: User) -> None:
    """4 players, one table: the two North-South players close 2 of 3 deals (15-5 each), so
    they tie 1st-2nd and East-West 3rd-4th. 2 × entrants then 2 fewer: 8, 6, 4, 2: the
    winners get (8 + 6) / 2 = 7 each, the others (4 + 2) / 2 = 3."""
    tournament = evening(club, "Singolo", 9, 4, entrants="players")
    circuit = services.circuit_create(
        club=club, name="Singles", scheme=preset(SchemeKind.DOUBLE_MINUS_2)
    )
    play(tournament, organiser, [2])
    services.circuit_evening_add(circuit=circuit, tournament=tournament)
    assert sorted(points_of(circuit, tournament).values()) == [Decimal(3)] * 2 + [Decimal(7)] * 2


def test_a_table_with_a_coefficient_and_the_refusals(club: Club, other_club: Club) -> None:
    table = PointsScheme(SchemeKind.TABLE, Decimal("1.5"), (Decimal(100), Decimal(80)))
    circuit = services.circuit_create(club=club, name="Coppa", scheme=table, best_n=3)
    assert circuit.scheme == {"kind": "table", "coefficient": "1.5", "table": ["100", "80"]}
    assert circuit.slug == "coppa"
    assert services.circuit_create(club=club, name="Coppa", scheme=table).slug == "coppa-2"
    with pytest.raises(ServiceError, match="No club has the address “nowhere”"):
        services.circuit_club_add(circuit=circuit, slug="nowhere")
    with pytest.raises(ServiceError, match="is already in the circuit"):
        services.circuit_club_add(circuit=circuit, slug="roma")
    running = evening(club, "Running", 10, 2)
    with pytest.raises(ServiceError, match="is not finished"):
        services.circuit_evening_add(circuit=circuit, tournament=running)
    foreign = evening(other_club, "Foreign", 10, 2)
    with pytest.raises(ServiceError, match="a club that is not in the circuit"):
        services.circuit_evening_add(circuit=circuit, tournament=foreign)
    with pytest.raises(ServiceError, match="Give the circuit a name"):
        services.circuit_create(club=club, name="  ", scheme=table)


def test_the_pages_create_a_circuit_add_a_club_and_an_evening_and_show_the_ranking(
    club: Club, other_club: Club, organiser: User, organiser_client: Client
) -> None:
    assert organiser_client.get(reverse("circuit_list")).status_code == 200
    assert organiser_client.get(reverse("circuit_new")).status_code == 200
    refused = organiser_client.post(
        reverse("circuit_new"),
        {"name": "Coppa", "kind": "table", "table": "100, eighty", "coefficient": "1"},
    )
    assert refused.status_code == 200 and not Circuit.objects.exists()
    assert "numbers separated by commas, e.g. 100, 80, 60" in refused.content.decode()
    response = organiser_client.post(
        reverse("circuit_new"),
        {"name": "Coppa", "kind": "table", "table": "100, 80, 60…", "coefficient": "1.5",
         "best_n": "8"},
    )  # fmt: skip
    circuit = Circuit.objects.get()
    assert response["Location"] == reverse("circuit_detail", args=[circuit.pk])
    assert circuit.scheme == {"kind": "table", "coefficient": "1.5", "table": ["100", "80", "60"]}
    assert circuit.best_n == 8
    url = reverse("circuit_club_join", args=[circuit.pk])
    organiser_client.post(url, {"slug": "nowhere"})
    page = organiser_client.get(reverse("circuit_detail", args=[circuit.pk])).content.decode()
    assert "No club has the address “nowhere”" in page
    organiser_client.post(url, {"slug": "madrid"})
    assert set(circuit.clubs.values_list("slug", flat=True)) == {"roma", "madrid"}

    tournament = evening(club, "Friday", 11, 2, published=True)
    play(tournament, organiser, [2])  # 15-5: the winners 1st, 100 × 1.5 = 150; then 120
    organiser_client.post(
        reverse("circuit_evening_new", args=[circuit.pk]), {"tournament": tournament.pk}
    )
    assert (
        sorted(points_of(circuit, tournament).values()) == [Decimal(120)] * 2 + [Decimal(150)] * 2
    )
    public = Client().get(reverse("circuit_public", args=[circuit.slug]))
    assert public.status_code == 200
    text = public.content.decode()
    assert "150.00" in text and "Friday" in text
    assert "A player without a card number counts for their own club only" in text
    carded = PlayerPoints.objects.filter(circuit=circuit).first()
    assert carded is not None
    Player.objects.filter(pk=carded.player_id).update(card_number="IT 99999")
    public = Client().get(reverse("circuit_public", args=[circuit.slug]))
    assert "IT 99999" not in public.content.decode()
    detail = organiser_client.get(reverse("circuit_detail", args=[circuit.pk])).content.decode()
    assert "IT 99999" in detail  # the organisers see the card numbers; the public never
    assert Client().get(reverse("circuit_public", args=["no-such-circuit"])).status_code == 404
    organiser_client.post(
        reverse("circuit_evening_drop", args=[circuit.pk]), {"tournament": tournament.pk}
    )
    assert not PlayerPoints.objects.exists()


def test_another_club_sees_no_circuit_it_is_not_in(
    club: Club, other_client: Client, organiser_client: Client
) -> None:
    circuit = services.circuit_create(club=club, name="Private", scheme=FIGB)
    assert other_client.get(reverse("circuit_detail", args=[circuit.pk])).status_code == 404
    assert "Private" not in other_client.get(reverse("circuit_list")).content.decode()
    services.circuit_club_add(circuit=circuit, slug="madrid")
    page = other_client.get(reverse("circuit_detail", args=[circuit.pk]))
    assert page.status_code == 200  # a member club adds its evenings, but adds no club
    assert "Only the organisers of the club that manages the circuit add clubs" in (
        page.content.decode()
    )
    other_client.post(reverse("circuit_club_join", args=[circuit.pk]), {"slug": "roma"})
    assert circuit.clubs.count() == 2


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"name": "X", "kind": "pairs_minus_5", "coefficient": "abc"},
            "as a number, e.g. 1 or 1.5",
        ),
        ({"name": "X", "kind": "pairs_minus_5", "coefficient": "0"}, "must be above 0"),
        ({"name": "X", "kind": "pairs_minus_5", "coefficient": "1", "best_n": "0"}, "at least 1"),
        ({"name": "", "kind": "pairs_minus_5", "coefficient": "1"}, "Give the circuit a name"),
        ({"name": "X", "kind": "table", "table": "", "coefficient": "1"}, "e.g. 100, 80, 60"),
        ({"name": "X", "kind": "nonsense", "coefficient": "1"}, "Select a valid choice"),
    ],
)
def test_a_wrong_circuit_form_says_why_and_saves_nothing(
    organiser_client: Client, data: dict[str, str], message: str
) -> None:
    response = organiser_client.post(reverse("circuit_new"), data)
    assert response.status_code == 200 and message in response.content.decode()
    assert not Circuit.objects.exists()


def test_wrong_posts_on_a_circuit_page_say_why(club: Club, organiser_client: Client) -> None:
    circuit = services.circuit_create(club=club, name="Coppa", scheme=FIGB)
    page = reverse("circuit_detail", args=[circuit.pk])
    for name, data in [
        ("circuit_club_join", {}),
        ("circuit_evening_new", {"tournament": "abc"}),
        ("circuit_evening_drop", {"tournament": "abc"}),
        ("circuit_evening_drop", {}),
    ]:
        response = organiser_client.post(reverse(name, args=[circuit.pk]), data, follow=True)
        assert response.redirect_chain == [(page, 302)], name
        assert 'class="error"' in response.content.decode(), name
    assert circuit.clubs.count() == 1 and not circuit.evenings.exists()


def test_a_player_replaced_after_round_2_and_the_substitute_both_get_the_pair_s_points(
    club: Club, organiser: User
) -> None:
    """The substitutes' evening of test_substitute_credits: Neri plays rounds 1-2 for pair 1,
    Greco round 3; both, and Bianchi, get pair 1's points (nine players are credited)."""
    tournament = services.tournament_create(
        club=club, name="Giovedì", date=datetime.date(2026, 11, 19), variant="classico",
        rounds=3, deals_per_round=3,
    )  # fmt: skip
    services.pairs_add(
        tournament=tournament,
        text="Marco Bianchi / Dario Neri\nAnna Rossi / Bruno Verdi\n"
        "Carla Conti / Elena Esposito\nFabio Ferri / Gino Galli",
    )
    ours = tournament.pairs.get(number=1)
    subs.play_round(tournament, organiser, 1, ours, subs.WIN_BIG)
    subs.play_round(tournament, organiser, 2, ours, subs.WIN_BIG)
    assert ours.player_two is not None
    services.pair_substitute(
        pair=ours, player=ours.player_two, first_name="Ivo", last_name="Greco", from_round=3
    )
    subs.play_round(tournament, organiser, 3, ours, subs.LOSE_SMALL)
    services.tournament_finish(tournament=tournament)
    circuit = services.circuit_create(club=club, name="Giovedì", scheme=FIGB)
    services.circuit_evening_add(circuit=circuit, tournament=tournament)
    points = points_of(circuit, tournament)
    assert len(points) == 9
    # pair 1 is 1st alone on 47 VP (then 31, 21, 21): 4 pairs, the winner's 4 points
    assert points["Marco Bianchi"] == points["Dario Neri"] == points["Ivo Greco"] == Decimal(4)
    assert sum(points.values()) == 12


def test_a_players_record_across_two_clubs_shows_each_evenings_circuit_points(
    club: Club, other_club: Club, organiser: User, other_organiser: User, client: Client
) -> None:
    """Issue 26's "player pages across two clubs of one circuit": the same card in Rome and
    Madrid; the record (public in both clubs) lists both evenings, each with the points it gave
    in the circuit (by hand, as above: 4 in Rome, 6 in Madrid)."""
    double = preset(SchemeKind.DOUBLE_MINUS_2)
    circuit = services.circuit_create(club=club, name="Tour of two cities", scheme=double)
    services.circuit_club_add(circuit=circuit, slug="madrid")
    rome = evening(club, "Rome evening", 6, 2)
    spain = evening(other_club, "Madrid evening", 7, 4)
    rome_tables = play(rome, organiser, [3])
    spain_tables = play(spain, other_organiser, [3, 2])
    first, last = side(rome_tables[0], "ns")[0].split()
    winner = Player.objects.get(club=club, first_name=first, last_name=last)
    second = spain_tables[1].ns
    assert second is not None
    Player.objects.filter(pk__in=[winner.pk, second.player_one_id]).update(card_number="IT0042")
    for tournament in (rome, spain):
        services.tournament_publish(tournament=tournament, published=True)
        services.circuit_evening_add(circuit=circuit, tournament=tournament)
    Club.objects.filter(pk__in=[club.pk, other_club.pk]).update(records_public=True)
    page = client.get(reverse("player_record", args=[club.slug, winner.pk]))
    assert page.status_code == 200
    text = " ".join(page.content.decode().split())
    assert "Circuit points" in text
    rows = re.findall(r"<tr>(.*?)</tr>", text)[1:]
    assert len(rows) == 2
    madrid, roma = rows  # the latest first
    assert "Madrid evening" in madrid and "Club de Buraco Madrid" in madrid
    assert '<td class="num">6.00<br><span class="muted">Tour of two cities</span></td>' in madrid
    assert '<td class="num">4.00<br><span class="muted">Tour of two cities</span></td>' in roma
