"""How the pages write numbers (templatetags/numbers.py): grouped as the reader's language groups
them, a real minus sign (U+2212) for a negative number, never "−0"; and a score line reads
"1,520 – −360" on the round board, the public pages and the pair's page."""

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tournaments import services
from tournaments.models import Club, Seat, Table
from tournaments.templatetags.numbers import points, points_signed, points_text
from tournaments.tests.conftest import make_tournament
from tournaments.tests.export_evening import CLOSES_AGAINST_STUCK
from tournaments.tests.test_public_pages import words

MINUS = "\u2212"


@pytest.mark.parametrize(
    ("value", "english", "italian"),
    [
        (1520, "1,520", "1.520"),  # grouped as each language groups
        (-305, f"{MINUS}305", f"{MINUS}305"),  # a real minus sign, not a hyphen
        (-1520, f"{MINUS}1,520", f"{MINUS}1.520"),
        (-1234567, f"{MINUS}1,234,567", f"{MINUS}1.234.567"),
        (0, "0", "0"),
        (-0.0, "0.0", "0,0"),  # a float's negative zero is zero, with its decimal
        ("-0", "0", "0"),  # so is a text's
        (Decimal("-0.00"), "0.00", "0,00"),
        (-14.5, f"{MINUS}14.5", f"{MINUS}14,5"),
        ("", "", ""),  # nothing to write
        (None, "", ""),
    ],
)
def test_points_write_a_number_as_the_reader_does(
    value: object, english: str, italian: str
) -> None:
    with translation.override("en"):
        assert points(value) == english  # type: ignore[arg-type]
    with translation.override("it"):
        assert points(value) == italian  # type: ignore[arg-type]


def test_a_number_rounded_to_zero_is_never_minus_zero() -> None:
    with translation.override("en"):
        assert points_text(Decimal("-0.4"), decimals=0) == "0"
        assert points_text(Decimal("-0.04"), decimals=1) == "0.0"
        assert points_text(Decimal("-0.6"), decimals=0) == f"{MINUS}1"


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (14, "+14"),
        (2120, "+2,120"),
        (0, "0"),
        (-0.0, "0.0"),
        ("-0", "0"),
        (0.5, "+0.5"),
        (-305, f"{MINUS}305"),
    ],
)
def test_a_difference_carries_its_sign(value: object, shown: str) -> None:
    with translation.override("en"):
        assert points_signed(value) == shown  # type: ignore[arg-type]


ZERO_AFTER_POT = {"melded_points": 100, "hand_points": 0, "burracos": {}, "pot": "not_taken"}
"""100 melded - 100 for the pot not taken: a total of exactly 0."""
CLOSES = {
    "melded_points": 300, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
    "closed": True,
}  # fmt: skip


def test_a_match_lost_below_zero_reads_1520_to_minus_360(
    club: Club, organiser: User, organiser_client: Client, anonymous_client: Client
) -> None:
    cache.clear()
    tournament = make_tournament(
        club, pairs=2, rounds=1, format="target", target_score=1000, published=True
    )
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=1).round
    services.round_start(round=round_)
    table = Table.objects.get(round=round_, is_bye=False)
    for number in (1, 2):  # 760 to -180, twice: N-S wins 1520 to -360
        table.refresh_from_db()
        services.deal_record(
            table=table, number=number, sides=CLOSES_AGAINST_STUCK, mode="summary",
            user=organiser, version=table.version,
        )  # fmt: skip
    score = f"1,520 – {MINUS}360"
    board = words(organiser_client.get(reverse("round_board", args=[round_.pk])).content.decode())
    assert score in board
    args = [club.slug, tournament.slug]
    public = words(anonymous_client.get(reverse("public_tournament", args=args)).content.decode())
    assert score in public
    winner = Seat.objects.get(table=table, direction="ns").pair.number
    address = reverse("public_pair", args=[*args, winner])
    pair = words(anonymous_client.get(address).content.decode())
    assert score in pair
    for text in (board, public, pair):
        assert f"{MINUS}0" not in text and " -360" not in text
    cache.clear()


def test_a_side_that_totals_zero_is_written_0(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=2, rounds=1)
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=1).round
    services.round_start(round=round_)
    table = Table.objects.get(round=round_, is_bye=False)
    services.deal_record(
        table=table, number=1, sides=[CLOSES, ZERO_AFTER_POT], mode="summary", user=organiser,
        version=table.version,
    )  # fmt: skip
    page = organiser_client.get(reverse("table_entry", args=[table.pk])).content.decode()
    assert '<td class="num total">0</td>' in page  # E-W: 100 - 100
    assert f">{MINUS}0<" not in page and f"{MINUS}0 " not in words(page)
