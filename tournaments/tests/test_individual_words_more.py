"""An individual evening's refusals and notices say "player" where a pairs evening's say "pair"
(issue 25, the leftovers): the decisions' refusals, the wrong player codes on a phone, the round
board and the change log, the check-in, a withdrawal, a substitute, a removal, a swap, the
entrants file, the settings page's help and the dashboard's column. Each is asked of
`rules.entrant_texts`; a pairs evening's sentence is word for word what it was."""

from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.deal_exports import deal_file
from tournaments.forms.settings import TournamentForm
from tournaments.models import Club, Seat, Table, Tournament
from tournaments.rules.entrant_texts import entrant_text, shape_text
from tournaments.rules.limits import WRONG_PAIR_CODES_PER_ROUND
from tournaments.selectors.players import places_of, sent_notice
from tournaments.selectors.public.reads import pair_history, round_seating
from tournaments.services import players as players_services
from tournaments.services.decisions import decision_take
from tournaments.services.errors import ServiceError
from tournaments.services.evening import absent_withdraw, pair_check_in
from tournaments.services.table_entry import CodeRefused, proposal_accept_with_code
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_individual_tournaments import (
    CLOSES_AGAINST_STUCK,
    PLAYERS_12,
    individual,
    play,
)
from tournaments.tests.test_individual_words import said


@dataclass(frozen=True)
class Said:
    key: str
    values: dict[str, object]
    pairs: str
    players: str


SENTENCES = [
    # a decision names one of the table's entrants
    Said(
        "decision_not_at_table",
        {"pair": 9, "pairs": "2 or 3"},
        "Pair 9 does not play at this table: choose pair 2 or 3.",
        "Player 9 does not play at this table: choose player 2 or 3.",
    ),
    # the round board, when a phone typed too many wrong codes
    Said(
        "wrong_codes_board",
        {"count": 5},
        "5 wrong pair codes were typed at this table: you enter its results now.",
        "5 wrong player codes were typed at this table: you enter its results now.",
    ),
    # the change log's line for the same
    Said(
        "log_wrong_codes",
        {"table": 2, "count": 5},
        "The organiser enters table 2 from now on: 5 wrong pair codes were typed there.",
        "The organiser enters table 2 from now on: 5 wrong player codes were typed there.",
    ),
    # a code of the wrong length, typed on the writer's phone
    Said(
        "code_digits",
        {"digits": 6, "side": "E-W"},
        "A pair code has 6 digits: type the 6 digits on E-W's slip.",
        "A player code has 6 digits: type the 6 digits on the slip of one of E-W.",
    ),
    # the organiser's notice after a withdrawal
    Said(
        "withdrawn_notice",
        {"pair": 4, "round": 2},
        "Pair 4 has withdrawn: it plays no more from round 2.",
        "Player 4 has withdrawn: they play no more from round 2.",
    ),
    # a substitute's round out of range
    Said(
        "substitute_rounds",
        {"pair": 4, "low": 2, "high": 3},
        "A substitute of pair 4 plays from a round between 2 and 3.",
        "A substitute of player 4 plays from a round between 2 and 3.",
    ),
    # a line too many pasted, a cell too far in a file
    Said(
        "paste_too_many",
        {"most": 500, "lines": 501},
        "Add at most 500 pairs at a time: this has 501 lines. Paste them in parts.",
        "Add at most 500 players at a time: this has 501 lines. Paste them in parts.",
    ),
    Said(
        "file_too_wide",
        {"row": 2, "column": "M", "most": 12, "last": "L"},
        "Row 2, column M: a file of pairs is read in its first 12 columns (A to L). Is it the "
        "right file?",
        "Row 2, column M: a file of players is read in its first 12 columns (A to L). Is it the "
        "right file?",
    ),
    # the organiser's notice once a substitute is brought in
    Said(
        "substituted_notice",
        {"substitute": "Nuovo Sostituto", "pair": 4, "round": 2},
        "Nuovo Sostituto plays for pair 4 from round 2.",
        "Nuovo Sostituto plays for player 4 from round 2.",
    ),
    # the entrants pasted or uploaded
    Said("added", {"count": 2}, "2 pairs added.", "2 players added."),
    # the change log's check-in line
    Said(
        "log_checked_in_by_link",
        {"pair": 3},
        "Pair 3 checked in by opening its link.",
        "Player 3 checked in by opening their link.",
    ),
    # the rename page of an entrant that withdrew
    Said(
        "withdrawn_no_substitute",
        {},
        "The pair has withdrawn: no substitute can join it.",
        "The player has withdrawn: no substitute can take their place.",
    ),
    # the settings page: the bye's tick box
    Said(
        "bye_follows_label",
        {},
        "Give the pair that sits out the award of the VP scale",
        "Give the player who sits out the award of the VP scale",
    ),
]


@pytest.mark.parametrize("case", SENTENCES, ids=[case.key for case in SENTENCES])
def test_each_sentence_reads_as_its_evening_says_it(case: Said) -> None:
    assert shape_text(False, case.key, **case.values) == case.pairs
    assert shape_text(True, case.key, **case.values) == case.players


@pytest.fixture
def evening(club: Club) -> Tournament:
    """12 players entering their own results, round 1 started."""
    tournament = individual(club, PLAYERS_12, result_entry="players")
    services.round_start(round=services.round_prepare(tournament=tournament, seed=1).round)
    return tournament


def table_two(tournament: Tournament) -> Table:
    """Round 1's table 2: North 2, South 3, East 5, West 7 (seed 1)."""
    return Table.objects.get(round__tournament=tournament, round__number=1, number=2)


def test_a_decision_on_a_player_not_at_the_table_names_players(
    evening: Tournament, organiser: User
) -> None:
    table = table_two(evening)
    with pytest.raises(ServiceError) as refused:
        decision_take(
            table=table, kind="penalty", pair=evening.pairs.get(number=9), mp=50,
            reason="Slow play", user=organiser,
        )  # fmt: skip
    assert list(refused.value.messages) == [
        "Player 9 does not play at this table: choose player 2 or 3 or 5 or 7."
    ]


def test_a_pairs_evening_s_decision_refusal_is_unchanged(club: Club, organiser: User) -> None:
    tournament = make_tournament(club, pairs=8)
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=1).round
    services.round_start(round=round_)
    table = round_.tables.get(number=1)
    seated = sorted(table.seats.values_list("pair__number", flat=True))
    other = tournament.pairs.exclude(number__in=seated).order_by("number").first()
    assert other is not None
    with pytest.raises(ServiceError) as refused:
        decision_take(
            table=table, kind="penalty", pair=other, mp=50, reason="Slow play", user=organiser
        )
    choices = " or ".join(str(n) for n in sorted(seated))
    assert list(refused.value.messages) == [
        f"Pair {other.number} does not play at this table: choose pair {choices}."
    ]


def test_wrong_player_codes_are_said_on_the_phone_the_board_and_the_log(
    evening: Tournament, organiser_client: Client
) -> None:
    table = table_two(evening)
    seat = {s.pair.number: s for s in table.seats.select_related("pair")}
    sent = players_services.proposal_write(
        seat=seat[3], number=1, sides=CLOSES_AGAINST_STUCK, mode="summary", key="south-1"
    )
    codes = {pair.code for pair in evening.pairs.all()}
    wrong = next(f"{n:06d}" for n in range(1, 10**6) if f"{n:06d}" not in codes)
    with pytest.raises(CodeRefused) as short:
        proposal_accept_with_code(seat=seat[3], proposal_id=sent.proposal.pk, code="123")
    assert list(short.value.messages) == [
        "A player code has 6 digits: type the 6 digits on the slip of one of E-W."
    ]
    refusals = []
    for _ in range(WRONG_PAIR_CODES_PER_ROUND):
        with pytest.raises(CodeRefused) as refused:
            proposal_accept_with_code(seat=seat[3], proposal_id=sent.proposal.pk, code=wrong)
        refusals.append(refused.value.messages[0])
    assert (
        refusals[0] == "That is not a player code of E-W. 4 more tries at this table in this round."
    )
    assert refusals[-1] == (
        "That is not a player code of E-W either: after 5 wrong codes the organiser now enters "
        "the results of table 2. Call the organiser."
    )
    board = said(
        organiser_client.get(reverse("round_board", args=[table.round_id])).content.decode()
    )
    assert "5 wrong player codes were typed at this table: you enter its results now." in board
    log = said(
        organiser_client.get(reverse("tournament_changes", args=[evening.pk])).content.decode()
    )
    assert "The organiser enters table 2 from now on: 5 wrong player codes were typed there." in log
    assert "pair code" not in board + log


def test_the_partner_of_the_writer_is_told_it_is_their_side_s_deal(evening: Tournament) -> None:
    table = table_two(evening)
    seat = {s.pair.number: s for s in table.seats.select_related("pair")}
    sent = players_services.proposal_write(
        seat=seat[3], number=1, sides=CLOSES_AGAINST_STUCK, mode="summary", key="south-1"
    )
    assert sent_notice(sent.proposal, seat[3]) == (
        "Deal 1 sent. Now E-W accepts it: on this phone with one of their player codes, or on "
        "their own phone."
    )
    with pytest.raises(ServiceError) as refused:
        players_services.proposal_accept(seat=seat[2], proposal_id=sent.proposal.pk)
    assert list(refused.value.messages) == [
        "Your side wrote this deal: the opponents accept it, not you."
    ]


@pytest.mark.parametrize(
    ("entrants", "expected"),
    [
        ("players", "Every player is checked in: nobody is absent."),  # an individual evening
        ("pairs", "Every pair is checked in: nobody is absent."),  # a pairs evening, as before
    ],
)
def test_withdrawing_the_absent_when_everyone_is_here(
    club: Club, organiser: User, entrants: str, expected: str
) -> None:
    if entrants == "players":
        tournament = individual(club, PLAYERS_12)
    else:
        tournament = make_tournament(club, pairs=8)
    for pair in tournament.pairs.all():
        pair_check_in(pair=pair, present=True, user=organiser)
    with pytest.raises(ServiceError) as refused:
        absent_withdraw(tournament=tournament, numbers=[], user=organiser)
    assert list(refused.value.messages) == [expected]


def test_a_removal_after_round_one_names_a_player(evening: Tournament) -> None:
    with pytest.raises(ServiceError) as refused:
        services.pair_remove(pair=evening.pairs.get(number=4))
    assert list(refused.value.messages) == [
        "A player can only be removed before the first round is seated.",
        "From then on a player who leaves withdraws, on their own page.",
    ]


def test_a_substitute_is_refused_in_a_player_s_words(club: Club, organiser: User) -> None:
    tournament = individual(club, PLAYERS_12, rounds=3)
    play(tournament, 1, organiser)
    three = tournament.pairs.select_related("player_one").get(number=3)
    refusals: list[str] = []
    for from_round, first, last in ((3, "Nuovo", "Sostituto"), (2, "Nome4", "Cognome4")):
        with pytest.raises(ServiceError) as refused:
            services.pair_substitute(
                pair=three, player=three.player_one, from_round=from_round, first_name=first,
                last_name=last, user=organiser,
            )  # fmt: skip
        refusals += refused.value.messages
    assert refusals == [
        "A substitute of player 3 plays from a round between 1 and 2.",
        "Nome4 Cognome4 already plays in this tournament.",
    ]


def test_the_settings_page_s_help_names_the_entrants(club: Club) -> None:
    tournament = individual(club, PLAYERS_12)
    form = TournamentForm(clubs=[club], tournament=tournament)
    assert form.fields["tie_break_order"].label == "Players level on VP are ranked by"
    assert str(form.fields["result_entry"].help_text).startswith(
        "With the players: each player gets one private link for the whole evening, on their "
        "player slip"
    )
    assert str(form.fields["rounds"].help_text) == (
        "How many rounds the evening has; each round the players change tables and partners."
    )
    pairs_form = TournamentForm(clubs=[club], tournament=make_tournament(club, pairs=8))
    assert pairs_form.fields["tie_break_order"].label == "Pairs level on VP are ranked by"
    assert str(pairs_form.fields["result_entry"].help_text).startswith(
        "With the players: each pair gets one private link for the whole evening, on its pair slip"
    )
    assert str(pairs_form.fields["rounds"].help_text) == (
        "How many rounds the evening has; each round the pairs change tables."
    )


def test_the_check_in_log_and_the_empty_rounds_list_name_players(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = individual(club, PLAYERS_12)
    pair_check_in(pair=tournament.pairs.get(number=3), present=True, user=organiser)
    log = said(
        organiser_client.get(reverse("tournament_changes", args=[tournament.pk])).content.decode()
    )
    assert "Player 3 ticked present." in log
    page = said(
        organiser_client.get(reverse("tournament_detail", args=[tournament.pk])).content.decode()
    )
    assert "No round seated yet. Add the players, then press “Seat round 1”." in page
    form = TournamentForm(clubs=[club], tournament=tournament)
    assert "and the players' phones show it once you publish it" in str(
        form.fields["seating_at_once"].help_text
    )


def test_the_prize_plan_names_the_entrants(club: Club, organiser_client: Client) -> None:
    shapes = ((individual(club, PLAYERS_12), "players"), (make_tournament(club), "pairs"))
    for tournament, word in shapes:
        url = reverse("prize_plan", args=[tournament.pk])
        page = said(organiser_client.get(url).content.decode())
        assert f"When {word} are level on a prize place" in page
        assert f"Shared equally by the tied {word}" in page
        assert f"{word.capitalize()} paid (%)" in page


def test_the_dashboard_heads_its_count_column_by_the_tournaments_shapes(
    club: Club, organiser_client: Client
) -> None:
    make_tournament(club, pairs=8)
    page = said(organiser_client.get(reverse("dashboard")).content.decode())
    assert "Format Pairs Status" in page  # pairs alone: as before
    tournament = individual(club, PLAYERS_12)
    page = organiser_client.get(reverse("dashboard")).content.decode()
    assert "Format Pairs or players Status" in said(page)
    assert f'data-label="{entrant_text(tournament, "entrants")}"' in page  # "Players"
    assert 'data-label="Pairs"' in page


# --- a substitute's rounds name who played them ---------------------------------------------


@pytest.fixture
def substituted(club: Club, organiser: User) -> Tournament:
    """12 players, round 1 played (player 5 sat East at table 2 with 2, 3 and 7), then player
    5 replaced by a substitute from round 2."""
    tournament = individual(club, PLAYERS_12, rounds=3)
    play(tournament, 1, organiser)
    five = tournament.pairs.select_related("player_one").get(number=5)
    services.pair_substitute(
        pair=five, player=five.player_one, from_round=2, first_name="Nuovo",
        last_name="Sostituto", user=organiser,
    )  # fmt: skip
    return tournament


def test_a_player_s_evening_names_who_played_each_round(substituted: Tournament) -> None:
    history = pair_history(substituted, 2)
    assert history is not None
    first = next(line for line in history.rounds if line.round_number == 1)
    assert [(ref.number, ref.names) for ref in first.opponents] == [
        (5, "Nome5 Cognome5"),  # who played round 1, not the substitute of now
        (7, "Nome7 Cognome7"),
    ]


def test_the_deals_file_names_who_played_each_round(substituted: Tournament) -> None:
    _columns, rows = deal_file(substituted)
    first_round = " ".join(str(cell) for row in rows if row[0] == 1 for cell in row)
    assert "Nome5 Cognome5" in first_round
    assert "Sostituto" not in first_round


def test_a_substitute_for_a_later_round_is_not_shown_in_the_round_being_played(
    club: Club, organiser: User
) -> None:
    """Player 5 leaves after round 2: the substitute comes in from round 3. While round 2 is
    played the projector's seating and the phones of 5's table name player 5, who plays it."""
    tournament = individual(club, PLAYERS_12, rounds=3)
    play(tournament, 1, organiser)
    second = services.round_prepare(tournament=tournament, seed=2).round
    services.round_start(round=second)
    five = tournament.pairs.select_related("player_one").get(number=5)
    services.pair_substitute(
        pair=five, player=five.player_one, from_round=3, first_name="Nuovo",
        last_name="Sostituto", user=organiser,
    )  # fmt: skip
    seating = round_seating(tournament, 2)
    assert seating is not None
    names = {
        ref.number: ref.names
        for table in seating.tables
        for ref in (table.ns, table.ew, table.ns_partner, table.ew_partner)
        if ref is not None
    }
    assert names[5] == "Nome5 Cognome5"
    at_five = Seat.objects.get(round=second, pair=five).table
    other = at_five.seats.exclude(pair=five).select_related("round__tournament").first()
    assert other is not None
    (place,) = places_of(other)
    shown = [pair.names for pair in (place.partner, *place.opponents) if pair is not None]
    assert "Nome5 Cognome5" in shown
    assert "Nuovo Sostituto" not in shown
