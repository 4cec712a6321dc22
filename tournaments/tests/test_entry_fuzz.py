"""Random POSTs at the entry views: never a server error, and nothing invalid ever saved."""

import random
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import deal_from_json, rule_set, score_deal
from scoring.samples import random_deal
from tournaments import services
from tournaments.models import Club, Deal, DealSide, Table
from tournaments.tests.conftest import make_tournament

KINDS = ("clean", "semi_clean", "dirty")
SIDE_FIELDS = (
    "melded_points",
    "hand_points",
    *(f"burracos_{kind}" for kind in KINDS),
    "pot",
    "pot_points",
    "opening_points",
    "opening_canasta",
    "melds",
    "hand",
    "opening_melds",
)
FIELDS = (
    "number",
    "version",
    "mode",
    "closed",
    "closing_discard",
    *(f"{side}-{name}" for side in ("ns", "ew") for name in SIDE_FIELDS),
    "ns-burracos_royal",
    "ew-burracos_wild",
    "side-1",
    "csrfmiddlewaretoken",
    "ns-",
    "",
)
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "T", "J", "Q", "K", "JK", "1", "11"]
SUITS = ["S", "H", "D", "C", "s", "♠", "♥", "X", ""]

cards = st.builds(lambda r, s: r + s, st.sampled_from(RANKS), st.sampled_from(SUITS))
card_text = st.lists(cards, max_size=16).map(" ".join)
meld_text = st.lists(card_text, max_size=5).map("\n".join)
numbers = st.one_of(
    st.integers(min_value=0, max_value=600).map(lambda n: str(n * 5)),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.sampled_from(["", " ", "0", "-0", "1e3", "12.0", "١٢", "0x10", "NaN", "∞", "5000", "5001"]),
)
values = st.one_of(
    numbers,
    st.sampled_from(["taken", "not_taken", "taken_unplayed", "ns", "ew", "summary", "cards", "on"]),
    card_text,
    meld_text,
    st.text(max_size=40),
)
junk = st.dictionaries(st.sampled_from(FIELDS), values, max_size=14)
LIKELY = {
    "mode": st.sampled_from(["summary", "cards"]),
    "closed": st.sampled_from(["ns", "ew", ""]),
    "ns-pot": st.sampled_from(["taken", "not_taken", "taken_unplayed"]),
    "ew-pot": st.sampled_from(["taken", "not_taken", "taken_unplayed"]),
    "ns-melded_points": numbers,
    "ew-melded_points": numbers,
    "ns-hand_points": numbers,
    "ew-hand_points": numbers,
    "ns-burracos_clean": st.sampled_from(["", "0", "1", "2"]),
    "ew-burracos_dirty": st.sampled_from(["", "0", "1"]),
    "ns-melds": meld_text,
    "ew-melds": meld_text,
    "ns-hand": card_text,
    "ew-hand": card_text,
}
likely = st.fixed_dictionaries({}, optional=LIKELY)
CLASSICO = rule_set("classico")


def legal_form(seed: int, mode: str) -> dict[str, str]:
    """A legal classico deal drawn from a real deck, as the form would post it."""
    deal = random_deal(CLASSICO, random.Random(seed), melds=(1, 4))
    result = score_deal(deal_from_json(deal))
    data = {"mode": mode, "closed": ""}
    for key, side, scored in zip(("ns", "ew"), deal["sides"], result.sides, strict=True):
        data[f"{key}-pot"] = side["pot"]
        if side.get("closed"):
            data["closed"] = key
        if mode == "cards":
            data[f"{key}-melds"] = "\n".join(" ".join(meld) for meld in side["melds"])
            data[f"{key}-hand"] = " ".join(side["hand"])
        else:
            data[f"{key}-melded_points"] = str(scored.melded_points)
            data[f"{key}-hand_points"] = str(scored.hand_points)
            for kind in set(scored.burracos):
                field = "burracos_" + kind.replace("-", "_")
                data[f"{key}-{field}"] = str(scored.burracos.count(kind))
    return data


legal = st.builds(legal_form, st.integers(0, 2**32), st.sampled_from(["summary", "cards"]))


def stored_deals_are_what_the_engine_gives(table: Table) -> None:
    rules = table.round.tournament.rules
    for deal in Deal.objects.filter(table=table).prefetch_related("sides"):
        result = score_deal(
            deal_from_json({"variant": rules.slug, "sides": deal.entry["sides"]}, rules)
        )
        stored = {side.direction: side.total for side in deal.sides.all()}
        assert stored == {"ns": result.sides[0].total, "ew": result.sides[1].total}


@pytest.fixture
def table(club: Club) -> Table:
    tournament = make_tournament(club, pairs=2)
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=1)
    services.round_start(round=prepared.round)
    found = prepared.round.tables.get()
    return found


@pytest.mark.django_db
@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    base=st.one_of(legal, legal, likely),
    noise=st.one_of(st.just({}), junk),
    number=st.one_of(
        st.sampled_from(["1", "2", "3"]), st.integers(min_value=0, max_value=5).map(str), values
    ),
    fresh_version=st.sampled_from([True, True, True, False]),
    htmx=st.booleans(),
    remove=st.booleans(),
)
def test_random_posts_never_fail_and_never_save_a_wrong_score(
    organiser_client: Client,
    table: Table,
    base: dict[str, str],
    noise: dict[str, str],
    number: str,
    fresh_version: bool,
    htmx: bool,
    remove: bool,
) -> None:
    client = organiser_client
    table.refresh_from_db()
    data: dict[str, Any] = {"number": number, **base, **noise}
    if fresh_version:
        data["version"] = str(table.version)
    extra: dict[str, Any] = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    sides_before = DealSide.objects.count()
    for name in ("deal_check", "deal_save"):
        response = client.post(reverse(name, args=[table.pk]), data, **extra)
        assert response.status_code in {200, 302, 409}, response.content[:500]
        if name == "deal_check":
            assert DealSide.objects.count() == sides_before
    if remove:
        response = client.post(
            reverse("deal_remove", args=[table.pk, 3]), {"version": number}, **extra
        )
        assert response.status_code in {200, 302, 400}
    stored_deals_are_what_the_engine_gives(table)
    assert DealSide.objects.filter(deal__table=table).count() <= 6
