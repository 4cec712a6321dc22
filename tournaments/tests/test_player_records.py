"""A player's record (issue 26, item 4): every finished evening they played, read from the
stored Pair rows, their partners and charts; across clubs by card number; who may see it (the
club's default, the player's own choice, the organisers always); the links to it from the
public pair page and the pair's own evening; its queries, constant in the evenings."""

import datetime
import re

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Player, Tournament
from tournaments.selectors.records import player_record
from tournaments.tests.test_exports import assert_login_redirect
from tournaments.tests.test_seasons import ANNA, BRUNO, CARLA, DARIO, evening, play


def published(tournament: Tournament) -> Tournament:
    return services.tournament_publish(tournament=tournament, published=True)


@pytest.fixture
def evenings(club: Club, organiser: User) -> list[Tournament]:
    """Anna's evenings at Roma (as in test_seasons' championship), all published:
    1 October with Bruno: 1st of 2, 20 VP, 1800 MP; 8 October with Bruno: 2nd of 2, 5 VP,
    740 MP; 15 October with Carla: 1st of 2, 15 VP, 1270 MP; 22 October: not finished."""
    first = evening(club, "Ottobre 1", 1, [f"{ANNA} / {BRUNO}", f"{CARLA} / {DARIO}"])
    play(first, organiser, ["AB", "AB", "AB"])
    second = evening(club, "Ottobre 2", 8, [f"{BRUNO} / {ANNA}", f"{CARLA} / {DARIO}"])
    play(second, organiser, ["AB", "CD", "CD"])
    third = evening(club, "Ottobre 3", 15, [f"{ANNA} / {CARLA}", f"{BRUNO} / {DARIO}"])
    play(third, organiser, ["AC", "AC", "BD"])
    fourth = evening(club, "Ottobre 4", 22, [f"{ANNA} / {BRUNO}", f"{CARLA} / {DARIO}"])
    play(fourth, organiser, ["AB"], finish=False)
    return [published(t) for t in (first, second, third, fourth)]


def anna(club: Club) -> Player:
    return Player.objects.get(club=club, last_name="Alberti")


def record_url(player: Player) -> str:
    return reverse("player_record", args=[player.club.slug, player.pk])


def rows(html: str) -> list[list[str]]:
    """The evenings table's rows, as text cells."""
    body = html.split('<table class="standings record">')[1].split("</table>")[0]
    found = []
    for row in re.findall(r"<tr>(.*?)</tr>", body.split("<tbody>")[1], re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        found.append([" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in cells])
    return found


# --- what the record holds ------------------------------------------------------------------------


def test_the_record_lists_every_finished_evening_from_the_stored_standings(
    club: Club, evenings: list[Tournament]
) -> None:
    record = player_record(player=anna(club), organised=())
    lines = [
        (e.tournament.name, e.partners, e.rank, e.field_size, e.vp, e.mp) for e in record.evenings
    ]
    assert lines == [
        ("Ottobre 1", (BRUNO,), 1, 2, 20, 1800),
        ("Ottobre 2", (BRUNO,), 2, 2, 5, 740),
        ("Ottobre 3", (CARLA,), 1, 2, 15, 1270),
    ]
    assert [(p.name, p.evenings) for p in record.partners] == [(BRUNO, 2), (CARLA, 1)]


def test_the_public_page_shows_the_evenings_latest_first_partners_and_charts(
    club: Club, evenings: list[Tournament], anonymous_client: Client
) -> None:
    services.club_records_set(club=club, public=True)
    response = anonymous_client.get(record_url(anna(club)))
    assert response.status_code == 200
    html = response.content.decode()
    assert rows(html) == [
        ["Ottobre 3 15/10/2026", CARLA, "1 of 2", "15", "1,270"],
        ["Ottobre 2 08/10/2026", BRUNO, "2 of 2", "5", "740"],
        ["Ottobre 1 01/10/2026", BRUNO, "1 of 2", "20", "1,800"],
    ]
    assert f"{BRUNO}: 2 evenings" in html
    assert f"{CARLA}: 1 evening" in html
    # two charts, three dots each: places 1, 2, 1 (1st at the top) and 20, 5, 15 VP
    assert html.count('<svg class="chart"') == 2
    assert html.count('<circle class="dot"') == 6
    assert "01/10/2026: 1st of 2; 08/10/2026: 2nd of 2; 15/10/2026: 1st of 2" in html
    assert "01/10/2026: 20 VP; 08/10/2026: 5 VP; 15/10/2026: 15 VP" in html
    # the share buttons: WhatsApp with the page's address, the phone's own share left hidden
    address = f"http%3A%2F%2Ftestserver%2Fr%2Froma%2F{anna(club).pk}%2F"
    assert f'href="https://wa.me/?text=Anna%20Alberti%20{address}"' in html
    assert "data-share-url" in html and "js/share.js" in html
    # no form for a reader who is not the club's organiser
    assert "player_record_choice" not in html and "/record/" not in html


def test_an_unpublished_evening_shows_to_the_organisers_only(
    club: Club, evenings: list[Tournament], organiser: User
) -> None:
    services.tournament_publish(tournament=evenings[1], published=False)
    shown = [e.tournament.name for e in player_record(player=anna(club), organised=()).evenings]
    assert shown == ["Ottobre 1", "Ottobre 3"]
    theirs = player_record(player=anna(club), organised={club.pk}).evenings
    assert [e.tournament.name for e in theirs] == ["Ottobre 1", "Ottobre 2", "Ottobre 3"]


def test_a_substitute_is_a_partner_and_the_evening_marked_as_part_of_it(
    club: Club, organiser: User
) -> None:
    tournament = evening(club, "Novembre", 5, [f"{ANNA} / {BRUNO}", f"{CARLA} / {DARIO}"])
    pair = tournament.pairs.get(number=1)
    assert pair.player_two is not None
    services.pair_substitute(
        pair=pair, player=pair.player_two, first_name="Elena", last_name="Esposito", from_round=1
    )
    play(tournament, organiser, ["AE", "AE", "CD"])
    record = player_record(player=anna(club), organised={club.pk})
    assert [(e.partners, e.part) for e in record.evenings] == [(("Elena Esposito",), False)]
    bruno = Player.objects.get(club=club, last_name="Bassi")
    assert player_record(player=bruno, organised={club.pk}).evenings == []


# --- across clubs, by card number -------------------------------------------------------------


@pytest.fixture
def madrid_evening(other_club: Club, other_organiser: User) -> Tournament:
    """Anna plays once at Madrid with Elena, and wins: 1st of 2, 20 VP, 1800 MP."""
    tournament = evening(
        other_club, "Madrid octubre", 20, [f"{ANNA} / Elena Esposito", "Fabio Ferri / Gino Galli"]
    )
    play(tournament, other_organiser, ["AE", "AE", "AE"])
    return published(tournament)


def test_the_same_card_number_brings_in_another_clubs_evenings_only_where_they_may_be_seen(
    club: Club, other_club: Club, evenings: list[Tournament], madrid_evening: Tournament
) -> None:
    Player.objects.filter(last_name="Alberti").update(card_number="IT-1234")
    roma_anna = anna(club)

    def names(organised: set[int]) -> list[str]:
        record = player_record(player=roma_anna, organised=organised)
        return [e.tournament.name for e in record.evenings]

    # Madrid keeps its records for its organisers: the public sees Roma's three only
    assert names(set()) == ["Ottobre 1", "Ottobre 2", "Ottobre 3"]
    assert names({other_club.pk}) == ["Ottobre 1", "Ottobre 2", "Ottobre 3", "Madrid octubre"]
    services.club_records_set(club=other_club, public=True)
    record = player_record(player=roma_anna, organised=set())
    last = record.evenings[-1]
    assert (last.club, last.partners, last.rank, last.vp, last.mp) == (
        other_club, ("Elena Esposito",), 1, 20, 1800
    )  # fmt: skip
    assert [c.name for c in record.clubs] == [club.name, other_club.name]
    # a player with no card number is only their own club's row
    Player.objects.filter(last_name="Alberti").update(card_number="")
    assert names(set()) == ["Ottobre 1", "Ottobre 2", "Ottobre 3"]


# --- who may see it -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("club_public", "choice", "public"),
    [
        (False, "club", False),  # the default: the club keeps records for its organisers
        (True, "club", True),  # the club makes them public and the player follows
        (False, "public", True),  # the player opts in where the club does not
        (True, "private", False),  # the player opts out where the club is public
    ],
)
def test_who_may_see_the_record(
    club: Club,
    evenings: list[Tournament],
    anonymous_client: Client,
    other_client: Client,
    organiser_client: Client,
    club_public: bool,
    choice: str,
    public: bool,
) -> None:
    services.club_records_set(club=club, public=club_public)
    services.player_record_set(player=anna(club), choice=choice)
    url = record_url(anna(club))
    expected = 200 if public else 404
    assert anonymous_client.get(url).status_code == expected
    assert other_client.get(url).status_code == expected
    mine = organiser_client.get(url)
    assert mine.status_code == 200
    assert ("Only the club's organisers can see this record." in mine.content.decode()) != public


def test_a_player_of_another_club_in_the_address_is_not_found(
    club: Club, other_club: Club, evenings: list[Tournament], organiser_client: Client
) -> None:
    wrong = reverse("player_record", args=[other_club.slug, anna(club).pk])
    assert organiser_client.get(wrong).status_code == 404


def test_the_organiser_chooses_for_the_player_on_the_record_page(
    club: Club,
    evenings: list[Tournament],
    organiser_client: Client,
    other_client: Client,
    anonymous_client: Client,
) -> None:
    player = anna(club)
    url = reverse("player_record_choice", args=[player.pk])
    assert other_client.post(url, {"record": "public"}).status_code == 404
    assert_login_redirect(anonymous_client.post(url, {"record": "public"}))
    assert anonymous_client.get(record_url(player)).status_code == 404
    response = organiser_client.post(url, {"record": "public"}, follow=True)
    assert "Saved: Anna Alberti&#x27;s record is public." in response.content.decode()
    assert anonymous_client.get(record_url(player)).status_code == 200
    response = organiser_client.post(url, {"record": "everyone"}, follow=True)
    assert "Choose who may see the player&#x27;s record." in response.content.decode()
    player.refresh_from_db()
    assert player.record == "public"


def test_the_club_setting_is_on_the_club_settings_page(
    club: Club, organiser_client: Client, other_client: Client, anonymous_client: Client
) -> None:
    url = reverse("club_records_save", args=[club.pk])
    assert other_client.post(url, {"records_public": "on"}).status_code == 404
    assert_login_redirect(anonymous_client.post(url, {"records_public": "on"}))
    response = organiser_client.post(url, {"records_public": "on"}, follow=True)
    assert "Saved: the players&#x27; records are public." in response.content.decode()
    club.refresh_from_db()
    assert club.records_public
    organiser_client.post(url, {})
    club.refresh_from_db()
    assert not club.records_public


# --- links to it ----------------------------------------------------------------------------------


def test_the_public_pair_page_links_to_the_records_the_reader_may_see(
    club: Club, evenings: list[Tournament], anonymous_client: Client, organiser_client: Client
) -> None:
    first = evenings[0]
    url = reverse("public_pair", args=[club.slug, first.slug, 1])
    anna_url = record_url(anna(club))
    assert "Every evening played" not in anonymous_client.get(url).content.decode()
    assert anna_url in organiser_client.get(url).content.decode()
    services.player_record_set(player=anna(club), choice="public")
    # the stored page for anonymous readers is made again: the choice bumped the version
    html = anonymous_client.get(url).content.decode()
    assert f'<a href="{anna_url}">{ANNA}</a>' in html
    bruno = Player.objects.get(club=club, last_name="Bassi")
    assert record_url(bruno) not in html


def test_my_evening_links_to_the_records_the_reader_may_see(
    club: Club, evenings: list[Tournament], anonymous_client: Client
) -> None:
    services.club_records_set(club=club, public=True)
    services.player_record_set(player=anna(club), choice="private")
    pair = evenings[0].pairs.get(number=1)
    html = anonymous_client.get(reverse("link_evening", args=[pair.token])).content.decode()
    bruno = Player.objects.get(club=club, last_name="Bassi")
    assert f'<a href="{record_url(bruno)}">{BRUNO}</a>' in html
    assert record_url(anna(club)) not in html


def test_the_public_standings_have_share_buttons(
    club: Club, evenings: list[Tournament], anonymous_client: Client
) -> None:
    html = anonymous_client.get(
        reverse("public_tournament", args=[club.slug, evenings[0].slug])
    ).content.decode()
    address = f"http%3A%2F%2Ftestserver%2Ft%2Froma%2F{evenings[0].slug}%2F"
    assert f'href="https://wa.me/?text=Ottobre%201%20{address}"' in html


# --- its cost -------------------------------------------------------------------------------------


def test_the_record_costs_the_same_queries_whatever_the_number_of_evenings(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    services.club_records_set(club=club, public=True)

    def evening_played(day: int) -> None:
        tournament = evening(club, f"Sera {day}", day, [f"{ANNA} / {BRUNO}", f"{CARLA} / {DARIO}"])
        play(tournament, organiser, ["AB", "AB", "CD"])
        published(tournament)

    def queries() -> int:
        url = record_url(anna(club))
        with CaptureQueriesContext(connection) as captured:
            assert anonymous_client.get(url).status_code == 200
        return len(captured)

    evening_played(1)
    assert Player.objects.filter(last_name="Alberti").update(card_number="IT-1") == 1
    one = queries()
    for day in range(2, 7):
        evening_played(day)
    assert queries() == one
    assert len(player_record(player=anna(club), organised=()).evenings) == 6
    # the player, the same card elsewhere, the pairs, their substitutions, the fields' sizes,
    # the circuits' points of the evenings
    assert one == 6


def test_a_substitution_in_round_2_gives_two_partners_and_two_part_evenings(
    club: Club, organiser: User
) -> None:
    tournament = services.tournament_create(
        club=club, name="Novembre", date=datetime.date(2026, 11, 5), variant="classico",
        rounds=2, deals_per_round=3,
    )  # fmt: skip
    services.pairs_add(tournament=tournament, text=f"{ANNA} / {BRUNO}\n{CARLA} / {DARIO}")
    play(tournament, organiser, ["AB", "AB", "CD"], finish=False)
    pair = tournament.pairs.get(number=1)
    assert pair.player_two is not None
    services.pair_substitute(
        pair=pair, player=pair.player_two, first_name="Elena", last_name="Esposito", from_round=2
    )
    play(tournament, organiser, ["AE", "CD", "CD"])

    def line(surname: str) -> tuple[tuple[str, ...], bool]:
        found = player_record(player=Player.objects.get(last_name=surname), organised={club.pk})
        (evening_played,) = found.evenings
        return evening_played.partners, evening_played.part

    assert line("Alberti") == ((BRUNO, "Elena Esposito"), False)
    assert line("Bassi") == ((ANNA,), True)
    assert line("Esposito") == ((ANNA,), True)
