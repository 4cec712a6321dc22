"""A girone's own public page (issue 24 item 7): its pairs alone, ranked as the phase ranks
them, linked from the girone's heading on the standings page, cached like the other public
pages; its queries and the seating of a round inside gironi stay flat as the field grows."""

from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Tournament
from tournaments.selectors import phases as read
from tournaments.tests.test_phases import _round, _two_phases
from tournaments.tests.test_query_counts import statements


def _split_and_played(club: Club, user: User, pairs: int) -> Tournament:
    """Two Mitchell rounds, the split into 2 gironi, round 3 played inside them; published."""
    tournament = _two_phases(club, pairs=pairs)
    _round(tournament, user, seed=1)
    _round(tournament, user, seed=2)
    services.split_commit(tournament=tournament, phase_number=2)
    _round(tournament, user, seed=3)
    services.tournament_publish(tournament=tournament, published=True)
    tournament.refresh_from_db()
    return tournament


def _page(tournament: Tournament, name: str) -> str:
    return reverse("public_girone", args=[tournament.club.slug, tournament.slug, name])


def test_a_girone_page_shows_its_pairs_alone_ranked_as_the_phase_ranks_them(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = _split_and_played(club, organiser, pairs=12)
    phase = read.plan_of(tournament)[1]
    a, b = read.girone_rankings(tournament, phase)
    numbers = dict(tournament.pairs.values_list("pk", "number"))

    answer = anonymous_client.get(_page(tournament, "B"))
    assert answer.status_code == 200
    text = answer.content.decode()
    assert '<h2 id="ranking-girone">Girone B (phase 2)</h2>' in text
    assert "Girone A (phase 2)" not in text
    rows = text.split("<tbody>")[1].split("</tbody>")[0].split("<tr>")[1:]
    assert len(rows) == 6
    for row, (pid, record) in zip(rows, b.records, strict=True):
        cells = [cell.split("</td>")[0] for cell in row.split('<td class="num">')[1:]]
        assert cells[0] == str(record.rank) and cells[1] == str(numbers[pid])
        assert cells[2].split("<td>")[0] == str(record.vp)
    assert 'hx-trigger="every 5s"' in text  # the evening is on: the girone polls itself
    region = anonymous_client.get(_page(tournament, "B"), HTTP_HX_REQUEST="true")
    polled = region.content.decode().strip()
    assert polled.startswith('<section id="girone"') and "<html" not in polled
    assert polled.count("<tr>") == 1 + 6  # the heading row and the girone's 6 pairs
    # a pair of girone A is not on B's page
    first_of_a = numbers[a.records[0][0]]
    assert f'<td class="num">{first_of_a}</td><td>' not in text

    standings = anonymous_client.get(
        reverse("public_tournament", args=[club.slug, tournament.slug])
    ).content.decode()
    assert f'<a href="{_page(tournament, "A")}">Girone A (phase 2)</a>' in standings
    assert f'<a href="{_page(tournament, "B")}">Girone B (phase 2)</a>' in standings


def test_a_girone_that_does_not_exist_is_not_found(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = _split_and_played(club, organiser, pairs=8)
    assert anonymous_client.get(_page(tournament, "C")).status_code == 404
    before_split = _two_phases(club, pairs=8)
    services.tournament_publish(tournament=before_split, published=True)
    assert anonymous_client.get(_page(before_split, "A")).status_code == 404


def test_a_girone_page_reads_the_same_few_queries_whatever_the_field(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    counts = []
    for pairs in (8, 16):
        tournament = _split_and_played(club, organiser, pairs=pairs)
        cache.clear()
        with CaptureQueriesContext(connection) as cold:
            assert anonymous_client.get(_page(tournament, "A")).status_code == 200
        with CaptureQueriesContext(connection) as warm:
            assert anonymous_client.get(_page(tournament, "A")).status_code == 200
        counts.append((len(statements(cold)), len(statements(warm))))
    assert counts[0] == counts[1]
    cold_queries, warm_queries = counts[0]
    # the tournament, its version and plan, the girone's pairs, the finished tables once,
    # the penalties, the names of the girone's pairs: the same for 8 pairs as for 16
    assert cold_queries == 15
    assert warm_queries == 0


def test_seating_a_round_inside_gironi_reads_the_same_queries_whatever_the_field(
    club: Club, organiser: User
) -> None:
    counts = []
    for pairs in (8, 16):
        tournament = _split_and_played(club, organiser, pairs=pairs)
        with CaptureQueriesContext(connection) as seating:
            services.round_prepare(tournament=tournament, seed=4)
        counts.append(len(seating))
    assert counts[0] == counts[1], counts
