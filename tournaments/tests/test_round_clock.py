"""The round clock: started from the deals per round times the minutes per deal (or minutes the
organiser writes), paused, resumed and lengthened; its end time sent to every page, which counts
down by itself; the tables without all their deals once the time is up, linked to their
decisions. Times are frozen by passing `now` (services) or by setting the stored end time."""

import datetime
import html as html_lib
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournaments import services
from tournaments.models import Club, Round, Seat, Tournament, TournamentEvent
from tournaments.rules import evening
from tournaments.selectors import evening as reads
from tournaments.services import ServiceError
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_services_evening import NS_WINS

NINE = datetime.datetime(2026, 11, 17, 21, 0, tzinfo=datetime.UTC)


def text_of(page: str) -> str:
    return html_lib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))).strip()


def started(club: Club, **options: object) -> Round:
    tournament = make_tournament(club, pairs=4, **options)
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=3).round
    return services.round_start(round=round_)


@pytest.mark.parametrize(
    ("ends_in", "paused", "left", "shown", "warning", "over"),
    [
        (45 * 60, None, 2700, "45:00", False, False),  # just started: 45 minutes
        (300, None, 300, "5:00", True, False),  # five minutes left: the warning
        (301, None, 301, "5:01", False, False),  # a second more: no warning yet
        (0, None, 0, "0:00", False, True),  # the end
        (-90, None, 0, "0:00", False, True),  # past the end: still 0:00, never negative
        (None, 125, 125, "2:05", True, False),  # paused with 2:05 left
    ],
)
def test_the_clock_at_a_moment(
    ends_in: int | None, paused: int | None, left: int, shown: str, warning: bool, over: bool
) -> None:
    ends = NINE + datetime.timedelta(seconds=ends_in) if ends_in is not None else None
    clock = evening.clock_of(ends_at=ends, paused_seconds=paused, now=NINE)
    assert clock is not None
    assert (clock.left, clock.shown, clock.warning, clock.over) == (left, shown, warning, over)
    assert clock.running == (paused is None)
    if ends is not None and paused is None:
        assert clock.ends_at == int(ends.timestamp())


def test_a_clock_never_started_is_none() -> None:
    assert evening.clock_of(ends_at=None, paused_seconds=None, now=NINE) is None


@pytest.mark.django_db
def test_the_round_length_is_the_deals_times_the_minutes_per_deal(club: Club) -> None:
    assert services.round_minutes(make_tournament(club, pairs=0, deals_per_round=3)) == 45
    assert (
        services.round_minutes(
            make_tournament(club, pairs=0, name="Two", deals_per_round=4, minutes_per_deal=12)
        )
        == 48
    )


@pytest.mark.django_db
def test_start_pause_resume_add_with_exact_times_and_records(club: Club) -> None:
    round_ = started(club)
    services.clock_start(round=round_, minutes=45, now=NINE)
    round_.refresh_from_db()
    assert round_.clock_started_at == NINE
    assert round_.clock_ends_at == NINE + datetime.timedelta(minutes=45)
    ten_past = NINE + datetime.timedelta(minutes=10)
    services.clock_pause(round=round_, now=ten_past)
    round_.refresh_from_db()
    assert round_.clock_paused_seconds == 35 * 60
    clock = reads.round_clock(round_, now=NINE + datetime.timedelta(hours=2))
    assert clock is not None and clock.shown == "35:00" and not clock.running
    services.clock_add(round=round_, minutes=5, now=ten_past)
    round_.refresh_from_db()
    assert round_.clock_paused_seconds == 40 * 60
    half_past = NINE + datetime.timedelta(minutes=30)
    services.clock_resume(round=round_, now=half_past)
    round_.refresh_from_db()
    assert round_.clock_paused_seconds is None
    assert round_.clock_ends_at == half_past + datetime.timedelta(minutes=40)
    events = TournamentEvent.objects.filter(kind="clock").order_by("pk")
    assert [e.after["action"] for e in events] == ["started", "paused", "extended", "resumed"]
    assert events[0].after == {
        "action": "started",
        "ends_at": "2026-11-17T21:45:00+00:00",
        "minutes": 45,
        "started_at": "2026-11-17T21:00:00+00:00",
    }
    assert events[0].round_number == 1


@pytest.mark.django_db
def test_minutes_added_after_the_end_count_from_now(club: Club) -> None:
    round_ = started(club)
    services.clock_start(round=round_, minutes=45, now=NINE)
    late = NINE + datetime.timedelta(minutes=50)
    services.clock_add(round=round_, minutes=5, now=late)
    round_.refresh_from_db()
    assert round_.clock_ends_at == late + datetime.timedelta(minutes=5)


@pytest.mark.django_db
def test_the_clock_runs_only_while_the_round_is_played(club: Club) -> None:
    tournament = make_tournament(club, pairs=4)
    seated = services.round_prepare(tournament=tournament, movement="random", seed=3).round
    with pytest.raises(ServiceError, match=re.escape("Start the round first: its clock runs")):
        services.clock_start(round=seated, minutes=45)
    services.round_start(round=seated)
    with pytest.raises(
        ServiceError, match=re.escape("The clock takes from 1 to 600 minutes, not 0.")
    ):
        services.clock_start(round=seated, minutes=0)
    with pytest.raises(ServiceError, match=re.escape("The clock is not running.")):
        services.clock_pause(round=seated)
    with pytest.raises(ServiceError, match=re.escape("The clock is not paused.")):
        services.clock_resume(round=seated)
    with pytest.raises(ServiceError, match=re.escape("Start the clock first.")):
        services.clock_add(round=seated, minutes=5)
    assert not TournamentEvent.objects.filter(kind="clock").exists()


@pytest.mark.django_db
def test_tables_out_of_time_are_those_without_all_their_deals(club: Club, organiser: User) -> None:
    round_ = started(club, deals_per_round=1)
    round_ = services.clock_start(round=round_, minutes=15, now=NINE)
    assert reads.tables_out_of_time(round_, now=NINE + datetime.timedelta(minutes=14)) == []
    services.deal_record(
        table=round_.tables.get(number=1),
        number=1,
        sides=NS_WINS,
        mode="summary",
        version=0,
        user=organiser,
    )
    over = reads.tables_out_of_time(round_, now=NINE + datetime.timedelta(minutes=15))
    assert [table.number for table in over] == [2]


# --- pages ---------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_board_starts_the_clock_and_lists_the_tables_out_of_time(
    club: Club, organiser_client: Client
) -> None:
    round_ = started(club)
    board = reverse("round_board", args=[round_.pk])
    page = text_of(organiser_client.get(board).content.decode())
    assert "Round clock" in page and "Start the clock" in page
    assert (
        'name="minutes" min="1" max="600" value="45"'
        in organiser_client.get(board).content.decode()
    )
    response = organiser_client.post(
        reverse("round_clock", args=[round_.pk]), {"action": "start", "minutes": "40"}
    )
    assert response.status_code == 302
    round_.refresh_from_db()
    start, end = round_.clock_started_at, round_.clock_ends_at
    assert start is not None and end is not None
    assert end - start == datetime.timedelta(minutes=40)
    html = organiser_client.get(board).content.decode()
    assert f'data-ends="{int(end.timestamp())}"' in html
    assert "Time is up: decide the unfinished deal." not in html
    Round.objects.filter(pk=round_.pk).update(
        clock_ends_at=timezone.now() - datetime.timedelta(seconds=1)
    )
    html = organiser_client.get(board).content.decode()
    assert "Time is up: decide the unfinished deal." in text_of(html)
    # once the time is up there is nothing left to pause: minutes are added instead
    assert 'name="action" value="pause"' not in html
    assert 'name="action" value="add"' in html
    for table in round_.tables.filter(is_bye=False):
        assert f'href="{reverse("table_entry", args=[table.pk])}#decisions"' in html
        assert f"Table {table.number}: time is up, decide the unfinished deal" in text_of(html)


@pytest.mark.django_db
def test_the_clock_form_refuses_bad_minutes_in_words(club: Club, organiser_client: Client) -> None:
    round_ = started(club)
    url = reverse("round_clock", args=[round_.pk])
    response = organiser_client.post(url, {"action": "start", "minutes": "lots"}, follow=True)
    assert "Write the minutes as a whole number, e.g. 45." in text_of(response.content.decode())
    response = organiser_client.post(url, {"action": "start", "minutes": "900"}, follow=True)
    assert "The clock takes from 1 to 600 minutes, not 900." in text_of(response.content.decode())
    round_.refresh_from_db()
    assert round_.clock_ends_at is None


@pytest.mark.django_db
def test_the_clock_is_the_organisers_alone_to_change(
    club: Club, other_client: Client, anonymous_client: Client
) -> None:
    round_ = started(club)
    url = reverse("round_clock", args=[round_.pk])
    assert other_client.post(url, {"action": "start", "minutes": "5"}).status_code == 404
    response = anonymous_client.post(url, {"action": "start", "minutes": "5"})
    assert response.status_code == 302 and "/login/" in response["Location"]
    round_.refresh_from_db()
    assert round_.clock_ends_at is None


@pytest.mark.django_db
def test_the_clock_shows_on_the_projector_and_the_pairs_phones(club: Club) -> None:
    round_ = started(club, published=True, result_entry="players")
    services.clock_start(round=round_, minutes=45)
    round_.refresh_from_db()
    assert round_.clock_ends_at is not None
    ends = f'data-ends="{int(round_.clock_ends_at.timestamp())}"'
    tournament: Tournament = round_.tournament
    projector = Client().get(reverse("public_projector", args=[club.slug, tournament.slug]))
    assert ends in projector.content.decode()
    assert 'data-sound="always"' in projector.content.decode()
    pair = Seat.objects.filter(round=round_, table__is_bye=False)[0].pair
    for name in ("link_table", "link_evening"):
        html = Client().get(reverse(name, args=[pair.token])).content.decode()
        assert ends in html, name
        assert 'data-sound="asked"' in html and "Sound on this phone" in html, name
        assert "Round 1: time left" in text_of(html), name


@pytest.mark.django_db
def test_the_minutes_per_deal_are_a_setting(club: Club, organiser: User) -> None:
    tournament = make_tournament(club, pairs=0)
    assert tournament.minutes_per_deal == 15
    services.tournament_update(tournament=tournament, minutes_per_deal=12, user=organiser)
    tournament.refresh_from_db()
    assert tournament.minutes_per_deal == 12
    with pytest.raises(
        ServiceError, match=re.escape("The minutes per deal must be from 1 to 60, not 0.")
    ):
        services.tournament_update(tournament=tournament, minutes_per_deal=0)


@pytest.mark.django_db
def test_the_change_log_says_the_clock_publishing_and_check_in(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4, seating_at_once=False)
    services.pair_check_in(pair=tournament.pairs.get(number=1), user=organiser)
    services.pair_check_in(pair=tournament.pairs.get(number=2), by_link=True)
    services.pair_check_in(pair=tournament.pairs.get(number=3), user=organiser)
    services.pair_check_in(pair=tournament.pairs.get(number=3), present=False, user=organiser)
    services.absent_withdraw(tournament=tournament, numbers=[3, 4], user=organiser)
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=3).round
    services.seating_publish(round=round_, user=organiser)
    round_ = services.round_start(round=round_)
    services.clock_start(round=round_, minutes=30, now=NINE)  # 22:00 in Rome
    services.clock_pause(round=round_, now=NINE + datetime.timedelta(minutes=10, seconds=5))
    services.clock_add(round=round_, minutes=5)
    services.clock_resume(round=round_, now=NINE + datetime.timedelta(minutes=20))
    page = text_of(
        organiser_client.get(reverse("tournament_changes", args=[tournament.pk])).content.decode()
    )
    for said in (
        "Pair 1 ticked present.",
        "Pair 2 checked in by opening its link.",
        "Pair 3 is no longer ticked present.",
        "Absent pairs withdrawn before round 1: 3, 4.",
        "Round 1: seating published.",
        "Round 1: clock started, 30 minutes; the time is up at 22:30.",
        "Round 1: clock paused with 19:55 left.",
        "Round 1: 5 minutes added to the clock.",
        "Round 1: clock resumed; the time is up at 22:44.",
    ):
        assert said in page, said


@pytest.mark.django_db
def test_a_clock_whose_time_is_up_cannot_be_paused(club: Club) -> None:
    round_ = started(club)
    services.clock_start(round=round_, minutes=45, now=NINE)
    late = NINE + datetime.timedelta(minutes=46)
    with pytest.raises(
        ServiceError,
        match=re.escape("The time is up: add minutes to give the tables more time."),
    ):
        services.clock_pause(round=round_, now=late)
    round_.refresh_from_db()
    assert round_.clock_paused_seconds is None
    assert not TournamentEvent.objects.filter(kind="clock", after__action="paused").exists()
    services.clock_add(round=round_, minutes=5, now=late)
    services.clock_pause(round=round_, now=late + datetime.timedelta(minutes=1))
    round_.refresh_from_db()
    assert round_.clock_paused_seconds == 4 * 60
