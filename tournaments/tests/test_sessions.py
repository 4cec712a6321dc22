"""An event over two sessions, possibly on two days: the rules (a sound plan, a session fixed
once its first round is seated, the pause between sessions), the organiser's sessions page,
and a two-day event of 4 rounds (2 + 2) played through the services: the round board and the
public page between the sessions and in session 2, the standings carried over, a day-1 link
opening its pair's day-2 table, the files and the backup."""

import csv
import datetime
import io
import json

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.backup import tournament_export, tournament_import
from tournaments.models import Club, Round, Seat, Session, Table, Tournament
from tournaments.rules import sessions as rules
from tournaments.rules.sessions import SessionPlan
from tournaments.selectors.sessions import waiting_for
from tournaments.services import ServiceError
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_phases import _play, _round

SAT, SUN = datetime.date(2026, 11, 21), datetime.date(2026, 11, 22)
THREE = datetime.time(15, 0)


def _plan(last: int = 6, rounds: int = 11, first_date=SAT, second_date=SUN, **times):  # type: ignore[no-untyped-def]
    return [
        SessionPlan(1, 1, last, first_date, times.get("first")),
        SessionPlan(2, last + 1, rounds, second_date, times.get("second")),
    ]


# --- the rules -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("plan", "rounds", "problems"),
    [
        # the federation's regional: 6 rounds on Saturday, 5 on Sunday
        (_plan(), 11, []),
        # both on one day, the second after the first
        (_plan(first_date=SAT, second_date=SAT, first=THREE, second=datetime.time(21)), 11, []),
        # a gap between the sessions
        (
            [SessionPlan(1, 1, 5, SAT), SessionPlan(2, 7, 11, SUN)],
            11,
            ["Session 2 must start at round 6 and have at least one round."],
        ),
        # session 2 does not reach the last round
        (_plan(rounds=10), 11, ["The last session must end at the last round, 11."]),
        # Sunday before Saturday
        (
            _plan(first_date=SUN, second_date=SAT),
            11,
            ["Session 2 cannot be played before session 1."],
        ),
        # the same day, session 2 starting first
        (
            _plan(first_date=SAT, second_date=SAT, first=THREE, second=datetime.time(10)),
            11,
            ["On the same day, session 2 must start after session 1."],
        ),
        # three sessions: the federation allows two
        (
            [SessionPlan(1, 1, 4, SAT), SessionPlan(2, 5, 8, SUN), SessionPlan(3, 9, 11, SUN)],
            11,
            ["A tournament is played in at most 2 sessions."],
        ),
    ],
)
def test_a_plan_of_sessions_is_checked(
    plan: list[SessionPlan], rounds: int, problems: list[str]
) -> None:
    assert rules.plan_problems(plan, rounds) == problems


STARTED_1 = (
    "Session 1 has started (round 1 is seated): it can no longer change, only the sessions "
    "after it."
)
STARTED_2 = (
    "Session 2 has started (round 7 is seated): it can no longer change, only the sessions "
    "after it."
)


@pytest.mark.parametrize(
    ("new", "seated", "refusal"),
    [
        # nothing seated: anything goes
        (_plan(last=5, first_date=SUN, second_date=SUN), 0, ""),
        # round 1 seated: session 2's date and session 1's end may still move
        (_plan(last=5, second_date=datetime.date(2026, 11, 29)), 3, ""),
        # round 1 seated: session 1's date no longer changes
        (_plan(first_date=datetime.date(2026, 11, 20)), 1, STARTED_1),
        # round 7 seated: session 1 cannot end elsewhere now (session 2 would start elsewhere)
        (_plan(last=5), 7, STARTED_2),
        # round 7 seated: session 2's date no longer changes
        (_plan(second_date=datetime.date(2026, 11, 29)), 7, STARTED_2),
        # round 7 seated: the same plan is no change
        (_plan(), 7, ""),
    ],
)
def test_a_session_is_fixed_once_its_first_round_is_seated(
    new: list[SessionPlan], seated: int, refusal: str
) -> None:
    assert rules.change_refusal(_plan(), new, seated) == refusal


@pytest.mark.parametrize(
    ("latest", "done", "waiting"),
    [
        (6, True, 2),  # session 1's last round done: paused, waiting for session 2
        (6, False, None),  # still played
        (5, True, None),  # between two rounds of session 1
        (11, True, None),  # the last session over: the tournament ends, nothing waits
    ],
)
def test_the_evening_is_paused_between_sessions_only_after_a_sessions_last_round(
    latest: int, done: bool, waiting: int | None
) -> None:
    session = rules.next_session(_plan(), latest_round=latest, latest_done=done)
    assert (session.number if session else None) == waiting


def test_a_round_belongs_to_its_session_and_an_extra_round_to_the_last() -> None:
    plan = _plan()
    assert [rules.session_of(plan, n).number for n in (1, 6, 7, 11, 12)] == [1, 1, 2, 2, 2]  # type: ignore[union-attr]
    assert rules.session_of([], 3) is None


# --- the sessions page -------------------------------------------------------------------------


def _form(last: int = 2, first: str = "2026-11-21", second: str = "2026-11-22") -> dict[str, str]:
    return {
        "last_round": str(last),
        "first_date": first,
        "first_time": "15:00",
        "second_date": second,
        "second_time": "",
    }


@pytest.mark.django_db
def test_the_organiser_sets_two_sessions_and_back_to_one(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4, rounds=4, deals_per_round=1)
    url = reverse("sessions_plan", args=[tournament.pk])
    page = organiser_client.get(url).content.decode()
    assert "One session" in page and "Session 1 ends after round" in page
    response = organiser_client.post(url, _form())
    assert response.status_code == 302
    stored = [s.as_plan() for s in Session.objects.filter(tournament=tournament)]
    assert stored == [SessionPlan(1, 1, 2, SAT, THREE), SessionPlan(2, 3, 4, SUN, None)]
    page = organiser_client.get(url).content.decode()
    assert "Two sessions" in page and "The sessions are saved." in page
    assert "22 November 2026" in page
    organiser_client.post(reverse("sessions_single", args=[tournament.pk]))
    assert not Session.objects.filter(tournament=tournament).exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_form(last=4), "Session 2 needs at least one round: session 1 must end before round 4."),
        (_form(second="2026-11-20"), "Session 2 cannot be played before session 1."),
        (_form(second=""), "Give the session&#x27;s date."),
        (_form(last=0), "Session 1 has at least one round."),
    ],
)
def test_bad_sessions_are_refused_with_a_message_and_nothing_saved(
    club: Club, organiser_client: Client, data: dict[str, str], message: str
) -> None:
    tournament = make_tournament(club, pairs=4, rounds=4, deals_per_round=1)
    response = organiser_client.post(reverse("sessions_plan", args=[tournament.pk]), data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Session.objects.filter(tournament=tournament).exists()


@pytest.mark.django_db
def test_another_clubs_organiser_gets_404_and_a_visitor_is_sent_to_log_in(
    club: Club, other_client: Client, anonymous_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4, rounds=4, deals_per_round=1)
    for name in ("sessions_plan", "sessions_single"):
        url = reverse(name, args=[tournament.pk])
        assert other_client.post(url, _form()).status_code == 404
        assert anonymous_client.post(url, _form())["Location"].startswith("/login/")
    assert not Session.objects.filter(tournament=tournament).exists()


# --- a two-day event, played through the services ----------------------------------------------


def _two_days(club: Club) -> Tournament:
    tournament = make_tournament(club, pairs=4, rounds=4, deals_per_round=1, result_entry="players")
    services.sessions_set(tournament=tournament, plan=_plan(last=2, rounds=4, first=THREE))
    services.tournament_publish(tournament=tournament, published=True)
    tournament.refresh_from_db()
    return tournament


def _public(client: Client, tournament: Tournament) -> str:
    url = reverse("public_tournament", args=[tournament.club.slug, tournament.slug])
    return client.get(url).content.decode()


def _vp_of_tables(tournament: Tournament, rounds: range) -> dict[int, int]:
    """Each pair's VP summed from its stored tables in `rounds`."""
    totals: dict[int, int] = {}
    tables = Table.objects.filter(round__tournament=tournament, round__number__in=list(rounds))
    for table in tables.prefetch_related("seats"):
        for seat in table.seats.all():
            vp = table.ns_vp if seat.direction == "ns" else table.ew_vp
            totals[seat.pair_id] = totals.get(seat.pair_id, 0) + (vp or 0)
    return totals


@pytest.mark.django_db
def test_a_two_day_event_pauses_between_sessions_and_carries_everything_to_day_two(
    club: Club, organiser: User, organiser_client: Client, anonymous_client: Client
) -> None:
    tournament = _two_days(club)
    _round(tournament, organiser, seed=1)
    second = _round(tournament, organiser, seed=2)
    assert second.status == Round.Status.DONE

    # the round board between the sessions: the pause said, session 2's first round offered
    board = organiser_client.get(reverse("round_board", args=[second.pk]))
    page = board.content.decode()
    assert "Session 1 is over; session 2 starts on 22 November 2026." in page
    assert "Seat round 3, the first of session 2" in page
    prepare = organiser_client.get(reverse("round_prepare", args=[tournament.pk])).content.decode()
    assert (
        "Round 3 opens session 2, on 22 November 2026: the pairs, their links and the standings "
        "carry over." in " ".join(prepare.split())
    )
    # the clock does not run between the sessions
    assert board.context["clock_refusal"] == "This round is over: its clock is stopped."
    assert not board.context["can_pause"]
    public = _public(anonymous_client, tournament)
    assert (
        "Standings after session 1. Session 1 is over; session 2 starts on 22 November 2026."
        in public
    )

    # session 1 has started: it is fixed; session 2 may still move
    with pytest.raises(ServiceError) as refused:
        services.sessions_set(tournament=tournament, plan=_plan(last=1, rounds=4, first=THREE))
    assert refused.value.messages == (
        "Session 1 has started (round 1 is seated): it can no longer change, only the "
        "sessions after it.",
    )
    later = datetime.date(2026, 11, 28)
    services.sessions_set(
        tournament=tournament, plan=_plan(last=2, rounds=4, first=THREE, second_date=later)
    )
    after_day_one = dict(tournament.pairs.values_list("pk", "vp"))
    assert after_day_one == _vp_of_tables(tournament, range(1, 3))

    # day 2: a pair's link from day 1 opens its table of round 3
    pair = tournament.pairs.get(number=1)
    day_one_link = reverse("link_table", args=[pair.token])
    third = _round(tournament, organiser, seed=3, play=False)
    seat = Seat.objects.select_related("table").get(round=third, pair=pair)
    link_page = Client().get(day_one_link).content.decode()
    assert f"Round 3 · Table {seat.table.number}" in " ".join(link_page.split())
    # session 2 has started now: it is fixed too, and the event stays in two sessions
    with pytest.raises(ServiceError) as refused:
        services.sessions_set(tournament=tournament, plan=[])
    assert "Session 2 has started (round 3 is seated)" in refused.value.messages[0]

    services.round_start(round=third)
    pair_page = anonymous_client.get(
        reverse("public_pair", args=[club.slug, tournament.slug, 1])
    ).content.decode()
    assert '<p class="session-name">Session 1 · 21 November 2026, 3 p.m.</p>' in pair_page
    assert '<p class="session-name">Session 2 · 28 November 2026</p>' in pair_page
    public = _public(anonymous_client, tournament)
    assert 'Round 3 seating · <span class="session-name">Session 2</span>' in public
    assert "Session 2 · Round 3 of 4 in play" in public

    from tournaments.tests.test_phases import _play

    _play(third, organiser)
    _round(tournament, organiser, seed=4)
    # the standings carry over: day 1's totals plus day 2's tables
    day_two = _vp_of_tables(tournament, range(3, 5))
    final = dict(tournament.pairs.values_list("pk", "vp"))
    assert final == {pid: vp + day_two.get(pid, 0) for pid, vp in after_day_one.items()}
    services.tournament_finish(tournament=tournament)
    tournament.refresh_from_db()

    # the files say each session's date and rounds, last, on every row
    for name in ("federation_csv", "standings_csv"):
        response = organiser_client.get(reverse(name, args=[tournament.pk]))
        rows = list(csv.reader(io.StringIO(response.content.decode())))
        assert rows[0][-4:] == [
            "session_1_date", "session_1_rounds", "session_2_date", "session_2_rounds",
        ]  # fmt: skip
        assert {tuple(row[-4:]) for row in rows[1:]} == {("2026-11-21", "1-2", "2026-11-28", "3-4")}
        assert len(rows) == 5


@pytest.mark.django_db
def test_a_backup_carries_the_sessions(club: Club, other_club: Club) -> None:
    tournament = _two_days(club)
    exported = json.loads(json.dumps(tournament_export(tournament=tournament)))
    assert exported["sessions"] == [
        {
            "number": 1,
            "first_round": 1,
            "last_round": 2,
            "date": "2026-11-21",
            "starts_at": "15:00",
        },
        {"number": 2, "first_round": 3, "last_round": 4, "date": "2026-11-22", "starts_at": None},
    ]
    restored = tournament_import(data=exported, club=other_club)
    assert [s.as_plan() for s in Session.objects.filter(tournament=restored)] == [
        SessionPlan(1, 1, 2, SAT, THREE),
        SessionPlan(2, 3, 4, SUN, None),
    ]


@pytest.mark.django_db
def test_a_one_session_tournament_has_no_sessions_in_its_backup_or_files(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4, rounds=1, deals_per_round=1)
    assert "sessions" not in tournament_export(tournament=tournament)
    response = organiser_client.get(reverse("standings_csv", args=[tournament.pk]))
    assert "session_" not in response.content.decode()


@pytest.mark.django_db
def test_the_excel_standings_name_each_sessions_date_and_rounds(
    club: Club, organiser_client: Client
) -> None:
    import openpyxl

    tournament = _two_days(club)
    response = organiser_client.get(reverse("standings_xlsx", args=[tournament.pk]))
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    header, values = list(book["Tournament"].iter_rows(values_only=True))
    assert header[-4:] == (
        "Session 1: date", "Session 1: rounds", "Session 2: date", "Session 2: rounds",
    )  # fmt: skip
    assert values[-4:] == (
        datetime.datetime(2026, 11, 21),
        "1-2",
        datetime.datetime(2026, 11, 22),
        "3-4",
    )


@pytest.mark.django_db
def test_no_session_2_is_awaited_once_the_rounds_are_cut_to_session_1s(
    club: Club, organiser: User
) -> None:
    """The rounds cut to 2 after two sessions of 2 + 2 were set: after round 2 the evening is
    over, not waiting for a session 2 that has no rounds left."""
    tournament = _two_days(club)
    _round(tournament, organiser, seed=1)
    _round(tournament, organiser, seed=2)
    waited = waiting_for(tournament)
    assert waited is not None and waited.number == 2
    Tournament.objects.filter(pk=tournament.pk).update(rounds=2)
    tournament.refresh_from_db()
    assert waiting_for(tournament) is None


@pytest.mark.django_db
def test_the_players_pages_and_the_prints_name_the_rounds_session(
    club: Club, organiser: User, organiser_client: Client, anonymous_client: Client
) -> None:
    """Round 3 is session 2's first: "find your table", the pair's phone pages, the printed
    seating and score sheets say "Session 2 · 22 November 2026"; round 1's say session 1 with
    its start time; a one-session tournament says no session at all."""
    tournament = _two_days(club)
    first = _round(tournament, organiser, seed=1, play=False)
    services.round_start(round=first)  # the seating is out once the round starts
    seat = Seat.objects.select_related("pair", "table").filter(round=first).first()
    assert seat is not None
    day_one = "Session 1 · 21 November 2026, 3 p.m."  # the start time in English
    slugs = [club.slug, tournament.slug]
    find = anonymous_client.get(reverse("public_find", args=slugs)).content.decode()
    assert day_one in find
    for name, args in (("print_seating", [first.pk]), ("print_score_sheets", [first.pk])):
        assert day_one in organiser_client.get(reverse(name, args=args)).content.decode()
    table = anonymous_client.get(reverse("link_table", args=[seat.pair.token])).content.decode()
    assert day_one in table
    _play(first, organiser)
    _round(tournament, organiser, seed=2)
    third = _round(tournament, organiser, seed=3, play=False)
    services.round_start(round=third)
    day_two = "Session 2 · 22 November 2026"
    find = anonymous_client.get(reverse("public_find", args=slugs)).content.decode()
    assert day_two in find and day_one not in find
    evening = anonymous_client.get(reverse("link_evening", args=[seat.pair.token]))
    assert day_two in evening.content.decode()
    assert (
        day_two in organiser_client.get(reverse("print_seating", args=[third.pk])).content.decode()
    )

    single = make_tournament(club, pairs=4, rounds=2, deals_per_round=1)
    services.tournament_publish(tournament=single, published=True)
    round_1 = _round(single, organiser, seed=1, play=False)
    services.round_start(round=round_1)
    single.refresh_from_db()
    answer = anonymous_client.get(reverse("public_find", args=[club.slug, single.slug]))
    assert "Session" not in answer.content.decode()
    assert (
        "Session"
        not in organiser_client.get(reverse("print_seating", args=[round_1.pk])).content.decode()
    )
