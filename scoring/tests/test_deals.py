"""Deals scored by hand, per variant: a side's total = card points of its melds + burraco
bonuses + closing bonus − cards in hand − pot penalty (RULES.md). Then everything a deal can
get wrong: what closing needs, pot penalties, one-player sides, side counts, deck copies, and
the spanish opening minimum.

Card values (RULES.md matrix):   joker  2   ace  8…K  3…7
    reale                          —    10   15   10    5
    classico / two-player         30    20   15   10    5
    traditional                   25    20   11   10    5
    brazilian                     50    10   15   10    5
    spanish                       50    20   20   10    5
Bonuses: dirty 100, semi-clean 150 (classico), clean 200, noble 500 and royal 1000 (reale,
brazilian), wild canasta 1000 (spanish), closing 100. Pot not taken: −100 (traditional: its
cards); taken but unplayed: 0 in the Italian variants, −100 in brazilian and spanish.
"""

from dataclasses import dataclass, field
from typing import Any

import pytest

from scoring import InvalidDeal, deal_from_json, score_deal, score_deal_json
from scoring.tests.builders import assert_problem, deal, problems_of, sheet, side

CLEAN_RUN = "3C 4C 5C 6C 7C 8C 9C"
"""A clean burraco worth 45 card points in every variant."""
DIRTY_RUN = "3H 4H 5H 6H 7H 8H 2S"
"""A dirty burraco: 25 + 10 + the 2 (10 in reale and brazilian, 20 elsewhere)."""


@dataclass(frozen=True)
class Expect:
    melded: int
    burracos: tuple[str, ...]
    burraco_bonus: int
    closing: int
    hand: int
    pot: int
    total: int

    def __post_init__(self) -> None:
        # The hand-worked total must itself add up: it is the formula being tested.
        parts = self.melded + self.burraco_bonus + self.closing - self.hand - self.pot
        assert parts == self.total, f"hand-worked total {self.total} should be {parts}"


@dataclass(frozen=True)
class ScoredDeal:
    why: str
    data: dict[str, Any]
    expected: tuple[Expect, ...]


def E(
    melded: int,
    burracos: tuple[str, ...] = (),
    bonus: int = 0,
    closing: int = 0,
    hand: int = 0,
    pot: int = 0,
    *,
    total: int,
) -> Expect:
    return Expect(melded, burracos, bonus, closing, hand, pot, total)


SCORED = [
    ScoredDeal(
        "reale: a clean burraco closes; the other side pays its hand and the untaken pot",
        deal(
            "reale",
            side(f"{CLEAN_RUN} | 5H 6H 7H", closed=True),
            side("QD KD AD", hand="KS 2H", pot="not_taken"),
        ),
        (
            E(60, ("clean",), 200, 100, total=360),
            E(35, hand=20, pot=100, total=-85),
        ),
    ),
    ScoredDeal(
        "reale: a royal burraco (A…A) is worth 1000, instead of the clean 200",
        deal(
            "reale",
            side("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", closed=True),
            side(hand="3S", pot="not_taken"),
        ),
        (E(125, ("royal",), 1000, 100, total=1225), E(0, hand=5, pot=100, total=-105)),
    ),
    ScoredDeal(
        "reale: a noble burraco (2…A) closes; an unplayed pot costs nothing in Italy",
        deal(
            "reale",
            side("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", closed=True),
            side(hand="4D 4D", pot="taken_unplayed"),
        ),
        (E(110, ("noble",), 500, 100, total=710), E(0, hand=10, total=-10)),
    ),
    ScoredDeal(
        "reale: every burraco earns its bonus, in meld order",
        deal("reale", side(f"{CLEAN_RUN} | 3D 4D 5D 6D 7D 8D 2S", closed=True), side()),
        (E(90, ("clean", "dirty"), 300, 100, total=490), E(0, total=0)),
    ),
    ScoredDeal(
        "classico: a dirty burraco closes, with a natural closing discard",
        deal(
            "classico",
            side("3H 4H 5H 6H 7H 8H JK", closed=True, closing_discard="9S"),
            side("QS QH QD", hand="AS"),
        ),
        (E(65, ("dirty",), 100, 100, total=265), E(30, hand=15, total=15)),
    ),
    ScoredDeal(
        "classico: a semi-clean set (seven 7s and a joker) and a clean run",
        deal(
            "classico",
            side("7C 7C 7H 7H 7S 7S 7D JK | 8D 9D 10D JD QD KD AD", closed=True),
            side(pot="not_taken"),
        ),
        (E(140, ("semi-clean", "clean"), 350, 100, total=590), E(0, pot=100, total=-100)),
    ),
    ScoredDeal(
        "classico: when one partner closes, the other partner's cards count against the pair",
        deal("classico", side(CLEAN_RUN, hand="KD KS", closed=True), side()),
        (E(45, ("clean",), 200, 100, hand=20, total=325), E(0, total=0)),
    ),
    ScoredDeal(
        "classico: nobody closed (stock ran out): no closing bonus, burraco bonuses still count",
        deal("classico", side(CLEAN_RUN), side("5H 6H 7H", hand="KD", pot="not_taken")),
        (E(45, ("clean",), 200, total=245), E(15, hand=10, pot=100, total=-95)),
    ),
    ScoredDeal(
        "traditional: ace 11, joker 25; the untaken pot costs its cards (AS 2D KH 5S = 46)",
        deal(
            "traditional",
            side("AS AH AD | 3C 4C 5C 6C 7C 8C JK", closed=True),
            side("QH KH JK", hand="2C", pot="not_taken", pot_cards=["AS", "2D", "KH", "5S"]),
        ),
        (E(93, ("dirty",), 100, 100, total=293), E(45, hand=20, pot=46, total=-21)),
    ),
    ScoredDeal(
        "traditional: the untaken pot given as its points",
        deal(
            "traditional",
            side(CLEAN_RUN, closed=True),
            side(hand="AC", pot="not_taken", pot_points=73),
        ),
        (E(45, ("clean",), 200, 100, total=345), E(0, hand=11, pot=73, total=-84)),
    ),
    ScoredDeal(
        # three sides only while nobody has taken a pot (RULES.md ⁴), so nobody closed
        "traditional: three sides, no pot taken, nobody closed",
        deal(
            "traditional",
            side(CLEAN_RUN, pot="not_taken", pot_points=50),
            side("QH KH JK", pot="not_taken", pot_points=60),
            side(hand="AC AD", pot="not_taken", pot_cards=["5S", "KS"]),
        ),
        (
            E(45, ("clean",), 200, 0, pot=50, total=195),
            E(45, pot=60, total=-15),
            E(0, hand=22, pot=15, total=-37),
        ),
    ),
    ScoredDeal(
        "two-player: closing after taking the reserve pot earns the bonus",
        deal("two-player", side(CLEAN_RUN, closed=True), side(hand="JK", pot="not_taken")),
        (E(45, ("clean",), 200, 100, total=345), E(0, hand=30, pot=100, total=-130)),
    ),
    ScoredDeal(
        "two-player: closing without the reserve pot is allowed, but no bonus and −100",
        deal(
            "two-player",
            side("3C 4C 5C 6C 7C 8C JK", pot="not_taken", closed=True),
            side("9D 10D JD", hand="KD"),
        ),
        (E(65, ("dirty",), 100, 0, pot=100, total=65), E(30, hand=10, total=20)),
    ),
    ScoredDeal(
        # (a lone player who closed holds no cards, so cannot have left the pot unplayed)
        "two-player: a reserve pot taken but unplayed counts as taken: no penalty",
        deal(
            "two-player",
            side(CLEAN_RUN, closed=True),
            side("9D 10D JD", hand="KD", pot="taken_unplayed"),
        ),
        (E(45, ("clean",), 200, 100, total=345), E(30, hand=10, total=20)),
    ),
    ScoredDeal(
        "brazilian: a clean canastra closes; joker 50, two 10; an unplayed morto costs 100",
        deal(
            "brazilian",
            side("4D 5D 6D 7D 8D 9D 10D | KS KH JK", closed=True),
            side("5C 6C 7C 2C", hand="JK", pot="taken_unplayed"),
        ),
        (E(120, ("clean",), 200, 100, total=420), E(25, hand=50, pot=100, total=-125)),
    ),
    ScoredDeal(
        "brazilian: a royal (1000) and a noble (500) canastra in one deal",
        deal(
            "brazilian",
            side(
                "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
                " | 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
                closed=True,
            ),
            side(pot="not_taken"),
        ),
        (E(235, ("royal", "noble"), 1500, 100, total=1835), E(0, pot=100, total=-100)),
    ),
    ScoredDeal(
        "spanish: a wild canasta (2 jokers, five 2s) closes and is worth 1000",
        deal(
            "spanish",
            side("JK JK 2H 2S 2D 2C 2H", closed=True),
            side(hand="AS", pot="not_taken"),
        ),
        (E(200, ("wild",), 1000, 100, total=1300), E(0, hand=20, pot=100, total=-120)),
    ),
    ScoredDeal(
        "spanish: three sides; an unplayed muerto costs 100",
        deal(
            "spanish",
            side(CLEAN_RUN, closed=True),
            side("QS QH 2D", pot="taken_unplayed"),
            side(hand="JK", pot="not_taken"),
        ),
        (
            E(45, ("clean",), 200, 100, total=345),
            E(40, pot=100, total=-60),
            E(0, hand=50, pot=100, total=-150),
        ),
    ),
    ScoredDeal(
        "spanish: a six-card wild meld is no canasta; a dirty canasta is enough to close",
        deal(
            "spanish",
            side(f"JK JK 2H 2S 2D 2C | {DIRTY_RUN}", closed=True),
            side("AS AH AD AC", hand="AS"),
        ),
        (E(235, ("dirty",), 100, 100, total=435), E(80, hand=20, total=60)),
    ),
]


@pytest.mark.parametrize("case", SCORED, ids=lambda c: c.why[:60])
def test_deal_scores_worked_by_hand(case: ScoredDeal) -> None:
    result = score_deal_json(case.data)
    assert result["variant"] == case.data["variant"]
    got = [
        Expect(
            s["melded_points"],
            tuple(s["burracos"]),
            s["bonuses"]["burracos"],
            s["bonuses"]["closing"],
            s["penalties"]["hand"],
            s["penalties"]["pot"],
            s["total"],
        )
        for s in result["sides"]
    ]
    assert got == list(case.expected)
    assert [s["hand_points"] for s in result["sides"]] == [e.hand for e in case.expected]


SCORING_MD_EXAMPLE: dict[str, Any] = {
    "variant": "classico",
    "sides": [
        {
            "melds": [["3C", "4C", "5C", "6C", "7C", "8C", "9C", "JK"], ["2H", "3H", "4H"]],
            "hand": [],
            "pot": "taken",
            "closed": True,
        },
        {"melds": [], "hand": ["KD", "KD"], "pot": "not_taken"},
    ],
}


def test_the_scoring_md_example_gives_355_and_minus_120_with_the_full_breakdown() -> None:
    assert score_deal_json(SCORING_MD_EXAMPLE) == {
        "variant": "classico",
        "sides": [
            {
                "melded_points": 105,
                "hand_points": 0,
                "burracos": ["semi-clean"],
                "bonuses": {"burracos": 150, "closing": 100},
                "penalties": {"hand": 0, "pot": 0},
                "total": 355,
            },
            {
                "melded_points": 0,
                "hand_points": 20,
                "burracos": [],
                "bonuses": {"burracos": 0, "closing": 0},
                "penalties": {"hand": 20, "pot": 100},
                "total": -120,
            },
        ],
    }


def test_score_deal_keeps_every_meld_with_its_kind_and_points() -> None:
    result = score_deal(deal_from_json(SCORING_MD_EXAMPLE))
    first = result.sides[0]
    assert [(m.shape, m.burraco, m.points) for m in first.melds] == [
        ("run", "semi-clean", 75),
        ("run", None, 30),
    ]
    assert [c.code for c in first.melds[0].cards] == SCORING_MD_EXAMPLE["sides"][0]["melds"][0]


# --- what closing needs --------------------------------------------------------------------------


@dataclass(frozen=True)
class Closing:
    variant: str
    closer: dict[str, Any]
    closing_bonus: int | None
    """The closing bonus when the closing is accepted; None when it is refused."""
    words: tuple[str, ...] = ()
    """Key words of the refusal."""
    others: tuple[dict[str, Any], ...] = field(default_factory=lambda: (side(),))


def closer(meld_text: str, pot: str = "taken", **extra: Any) -> dict[str, Any]:
    return side(meld_text, pot=pot, closed=True, **extra)


ROYAL = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
NOBLE = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
SEMI_CLEAN = "3C 4C 5C 6C 7C 8C 9C JK"

CLOSINGS = [
    # reale: pot taken and a clean (or noble or royal) burraco
    Closing("reale", closer(CLEAN_RUN), 100),
    Closing("reale", closer(NOBLE), 100),
    Closing("reale", closer(ROYAL), 100),
    Closing("reale", closer(CLEAN_RUN, pot="taken_unplayed"), 100),
    Closing(
        "reale",
        closer(DIRTY_RUN),
        None,
        ("side 1 closed without a clean burraco (or a noble or royal one)", "Burraco Reale"),
    ),
    Closing("reale", closer("5D 6D 7D"), None, ("side 1 closed without a clean burraco",)),
    Closing(
        "reale",
        closer(CLEAN_RUN, pot="not_taken"),
        None,
        ("side 1 closed without taking its pot (pozzetto)", "must take it before closing"),
    ),
    # classico: pot taken, any burraco, last discard not a wild
    Closing("classico", closer(DIRTY_RUN), 100),
    Closing("classico", closer(SEMI_CLEAN), 100),
    Closing("classico", closer(CLEAN_RUN, closing_discard="KD"), 100),
    Closing(
        "classico",
        closer(CLEAN_RUN, closing_discard="JK"),
        None,
        ("side 1 closed by discarding JK", "may not be a wild card (a joker or a 2)"),
    ),
    Closing(
        "classico",
        closer(CLEAN_RUN, closing_discard="2D"),
        None,
        ("side 1 closed by discarding 2D", "may not be a wild card"),
    ),
    Closing(
        "classico",
        closer("5D 6D 7D"),
        None,
        ("side 1 closed without a burraco of any kind", "Burraco Classico closing needs"),
    ),
    Closing(
        "classico",
        closer(DIRTY_RUN, pot="not_taken"),
        None,
        ("side 1 closed without taking its pot (pozzetto)",),
    ),
    # traditional: pot taken, any burraco (a wild discard is fine)
    Closing("traditional", closer(DIRTY_RUN), 100),
    Closing("traditional", closer(CLEAN_RUN, closing_discard="JK"), 100),
    Closing("traditional", closer("5D 6D 7D"), None, ("closed without a burraco of any kind",)),
    Closing(
        "traditional",
        closer(DIRTY_RUN, pot="not_taken", pot_points=50),
        None,
        ("side 1 closed without taking its pot (pozzetto)",),
    ),
    # two-player: any burraco; the bonus only with the reserve pot
    Closing("two-player", closer(DIRTY_RUN), 100),
    Closing("two-player", closer(DIRTY_RUN, pot="not_taken"), 0),
    Closing("two-player", closer(CLEAN_RUN, closing_discard="JK"), 100),
    Closing(
        "two-player",
        closer("5D 6D 7D"),
        None,
        ("side 1 closed without a burraco of any kind", "Burraco a due"),
    ),
    Closing(
        "two-player",
        closer(CLEAN_RUN, hand="5D"),
        None,
        ("side 1 closed, so its player's hand must be empty, but it lists 1 card (5D)",),
    ),
    # brazilian: morto taken, a clean canastra
    Closing("brazilian", closer(CLEAN_RUN), 100),
    Closing("brazilian", closer(NOBLE), 100),
    Closing(
        "brazilian",
        closer(DIRTY_RUN),
        None,
        ("side 1 closed without a clean canastra (or a noble or royal one)", "Buraco (Brasil)"),
    ),
    Closing(
        "brazilian",
        closer(CLEAN_RUN, pot="not_taken"),
        None,
        ("side 1 closed without taking its pot (morto)",),
    ),
    # spanish: muerto taken, any canasta
    Closing("spanish", closer(DIRTY_RUN), 100),
    Closing("spanish", closer("2H 2S 2D 2C 2H 2S 2D"), 100),
    Closing("spanish", closer("5D 6D 7D"), None, ("side 1 closed without a canasta of any kind",)),
    Closing(
        "spanish",
        closer(CLEAN_RUN, pot="not_taken"),
        None,
        ("side 1 closed without taking its pot (muerto)",),
    ),
]


@pytest.mark.parametrize(
    "case", CLOSINGS, ids=lambda c: f"{c.variant}:{c.closer['melds'][0][:3]}:{c.closing_bonus}"
)
def test_what_closing_needs_per_variant(case: Closing) -> None:
    data = deal(case.variant, case.closer, *case.others)
    if case.closing_bonus is None:
        assert_problem(problems_of(data), *case.words)
    else:
        result = score_deal_json(data)
        assert result["sides"][0]["bonuses"]["closing"] == case.closing_bonus


def test_reale_closing_needs_a_clean_burraco() -> None:
    problems = problems_of(deal("reale", closer(DIRTY_RUN), side()))
    assert problems == (
        "side 1 closed without a clean burraco (or a noble or royal one): in Burraco Reale "
        "closing needs a clean burraco (or a noble or royal one)",
    )


def test_classico_closing_on_a_wild_is_refused_in_full_words() -> None:
    problems = problems_of(deal("classico", closer(CLEAN_RUN, closing_discard="JK"), side()))
    assert problems == (
        "side 1 closed by discarding JK: in Burraco Classico the closing discard may not be a "
        "wild card (a joker or a 2)",
    )


# --- pot penalties -------------------------------------------------------------------------------


@dataclass(frozen=True)
class PotCase:
    variant: str
    pot: str
    penalty: int
    extra: dict[str, Any] = field(default_factory=dict)
    other_closed: bool = False
    """The other side closed (with a clean burraco); else nobody did."""


POTS = [
    *(PotCase(v, "taken", 0) for v in ("reale", "classico", "traditional", "two-player")),
    *(PotCase(v, "taken", 0) for v in ("brazilian", "spanish")),
    *(PotCase(v, "not_taken", 100) for v in ("reale", "classico", "two-player")),
    # the pot is charged whether anybody closed or not
    *(PotCase(v, "not_taken", 100, other_closed=True) for v in ("classico", "brazilian")),
    PotCase("brazilian", "not_taken", 100),
    *(PotCase(v, "taken_unplayed", 0) for v in ("reale", "classico", "traditional", "two-player")),
    PotCase("brazilian", "taken_unplayed", 100),
    # spanish: the muerto is charged when a side closes ...
    PotCase("spanish", "not_taken", 100, other_closed=True),
    PotCase("spanish", "taken_unplayed", 100, other_closed=True),
    # ... and not at all when the deal ends without a closing (RULES.md's spanish exception)
    PotCase("spanish", "not_taken", 0),
    PotCase("spanish", "taken_unplayed", 0),
    PotCase("traditional", "not_taken", 85, {"pot_points": 85}),
    PotCase("traditional", "not_taken", 0, {"pot_points": 0}),
    PotCase("traditional", "not_taken", 56, {"pot_cards": ["AS", "JK", "2D"]}),
    PotCase("traditional", "not_taken", 0, {"pot_cards": []}),
    PotCase(
        "traditional",
        "not_taken",
        11 + 20 + 25 + 10 * 4 + 5 * 4,
        {"pot_cards": ["AD", "2C", "JK", "KD", "QD", "JD", "10D", "7S", "6S", "5S", "4S"]},
    ),
]


@pytest.mark.parametrize(
    "case", POTS, ids=lambda c: f"{c.variant}:{c.pot}:{c.penalty}" + ":closed" * c.other_closed
)
def test_pot_penalty_per_variant(case: PotCase) -> None:
    other = side(CLEAN_RUN, closed=True) if case.other_closed else side()
    result = score_deal_json(deal(case.variant, side(pot=case.pot, **case.extra), other))
    first = result["sides"][0]
    assert first["penalties"]["pot"] == case.penalty
    assert first["total"] == -case.penalty


@dataclass(frozen=True)
class Refused:
    why: str
    data: dict[str, Any]
    words: tuple[str, ...]


REFUSED = [
    Refused(
        "traditional: an untaken pot needs its cards or points",
        deal("traditional", side(), side(pot="not_taken")),
        (
            "side 2 did not take its pot (pozzetto): in Burraco (tradizionale) it costs the "
            "value of its cards, so give the pot's cards (pot_cards) or their points (pot_points)",
        ),
    ),
    Refused(
        "traditional: not both the pot's cards and its points",
        deal("traditional", side(), side(pot="not_taken", pot_cards=["AS"], pot_points=11)),
        ("side 2: give the pot's cards or its points, not both",),
    ),
    Refused(
        "traditional: no pot cards for a pot that was taken",
        deal("traditional", side(pot_cards=["AS"]), side()),
        ("side 1: the pot's cards are given only for a pot that was not taken",),
    ),
    Refused(
        "traditional: no pot points for a pot taken but unplayed",
        deal("traditional", side(pot="taken_unplayed", pot_points=40), side()),
        ("side 1: the pot's cards are given only for a pot that was not taken",),
    ),
    Refused(
        "traditional: pot points cannot be negative",
        deal("traditional", side(pot="not_taken", pot_points=-5), side()),
        ("side 1: the pot's points cannot be negative (-5)",),
    ),
    Refused(
        "classico: the pot's cards are refused where the pot is a flat 100",
        deal("classico", side(), side(pot="not_taken", pot_cards=["AS"])),
        ("side 2: in Burraco Classico an untaken pot costs 100 whatever its cards",),
    ),
    Refused(
        "brazilian: the pot's points are refused too",
        deal("brazilian", side(pot="not_taken", pot_points=100), side()),
        ("side 1: in Buraco (Brasil) an untaken pot costs 100", "do not give the pot's cards"),
    ),
    Refused(
        "only one side can close",
        deal("classico", closer(CLEAN_RUN), closer("3D 4D 5D 6D 7D 8D 9D")),
        ("only one side can close a deal, but sides 1 and 2 are both marked as closed",),
    ),
    Refused(
        "a one-player side that closed must have an empty hand (classico one against one)",
        deal("classico", closer(CLEAN_RUN, hand="KD KS", players=1), side(players=1)),
        ("side 1 closed, so its player's hand must be empty, but it lists 2 cards (KD KS)",),
    ),
    Refused(
        "two-player is one against one",
        deal("two-player", side(players=2), side()),
        ("side 1: Burraco a due is one against one, so a side has one player",),
    ),
    Refused(
        "a side has 1 or 2 players",
        deal("classico", side(players=3), side(players=0)),
        ("side 1: a side has 1 or 2 players, not 3",),
    ),
    Refused(
        "a closing discard belongs to the side that closed",
        deal("classico", side(), side(closing_discard="KD")),
        ("side 2 did not close, so it has no closing discard",),
    ),
    Refused(
        "a refused meld is named by side, meld and cards (SCORING.md's example)",
        deal("classico", side(), side("5H 2S 7H 2D")),
        ("side 2, meld 1 (5H 2S 7H 2D): a meld may hold only one wild card",),
    ),
    Refused(
        "the meld's cards are shown in the canonical notation",
        deal("classico", side("3C 4C | th 2s 7h 2d"), side()),
        ("side 1, meld 2 (10H 2S 7H 2D)",),
    ),
    Refused(
        "the meld message carries the reason",
        deal("reale", side("7C 7H 7S"), side()),
        ("side 1, meld 1 (7C 7H 7S): Burraco Reale has no sets of the same rank",),
    ),
]


@pytest.mark.parametrize("case", REFUSED, ids=lambda c: c.why[:60])
def test_deals_that_break_a_rule_are_refused_with_the_rule_named(case: Refused) -> None:
    assert_problem(problems_of(case.data), *case.words)


def test_every_problem_of_a_deal_is_listed_at_once() -> None:
    data = deal(
        "classico",
        closer("5H 2S 7H 2D", pot="not_taken"),
        closer(CLEAN_RUN, hand="KD KD KD"),
    )
    problems = problems_of(data)
    assert_problem(problems, "only one side can close")
    assert_problem(problems, "side 1, meld 1 (5H 2S 7H 2D): a meld may hold only one wild card")
    assert_problem(problems, "side 1 closed without taking its pot (pozzetto)")
    assert_problem(problems, "KD appears 3 times in this deal (side 2 hand)")


def test_invalid_deal_message_is_one_line_per_problem() -> None:
    with pytest.raises(InvalidDeal) as caught:
        score_deal_json(deal("classico", side("5H 6H"), side("5D 2S 7D 2C")))
    assert str(caught.value).splitlines() == list(caught.value.messages)
    assert len(caught.value.problems) == 2


# --- sides ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "sides", "accepted", "words"),
    [
        ("traditional", 3, True, ""),
        ("spanish", 3, True, ""),
        ("reale", 3, False, "Burraco Reale is played by 2 sides; this deal has 3"),
        ("classico", 3, False, "Burraco Classico is played by 2 sides; this deal has 3"),
        ("two-player", 3, False, "Burraco a due is played by 2 sides; this deal has 3"),
        ("brazilian", 3, False, "Buraco (Brasil) is played by 2 sides; this deal has 3"),
        ("classico", 1, False, "is played by 2 sides; this deal has 1"),
        ("spanish", 1, False, "is played by 2 or 3 sides; this deal has 1"),
        (
            "traditional",
            4,
            False,
            "Burraco (tradizionale) is played by 2 or 3 sides; this deal has 4",
        ),
    ],
)
def test_number_of_sides_per_variant(variant: str, sides: int, accepted: bool, words: str) -> None:
    # three traditional sides have taken no pot (RULES.md ⁴): each pot costs its cards, none here
    pots: dict[str, Any] = {}
    if (variant, sides) == ("traditional", 3):
        pots = {"pot": "not_taken", "pot_points": 0}
    data = deal(variant, *(side(hand=f"5{suit}", **pots) for suit in "SHDC"[:sides]))
    if accepted:
        assert [s["total"] for s in score_deal_json(data)["sides"]] == [-5] * sides
    else:
        assert_problem(problems_of(data), words)


@dataclass(frozen=True)
class Reading:
    why: str
    data: dict[str, Any]
    totals: tuple[int, ...] = ()
    """The sides' totals when the deal is accepted; empty when it is refused with `words`."""
    words: tuple[str, ...] = ()


# RULES.md's readings of what the seeds leave open: each case fails on an engine without them
READINGS = [
    # a traditional deal stays three-sided only while nobody has taken a pot (⁴)
    Reading(
        "traditional: three sides and a pot taken (and a closing) is refused",
        deal(
            "traditional",
            side(CLEAN_RUN, closed=True),
            side("QH KH JK", pot="not_taken", pot_points=60),
            side(hand="AC AD", pot="not_taken", pot_points=40),
        ),
        words=(
            "side 1 took its pot (pozzetto), but in Burraco (tradizionale) three sides play on "
            "only while nobody has taken a pot: once one is taken it is one player against the "
            "other two, so enter the deal as two sides",
        ),
    ),
    # a pot taken but unplayed is taken all the same
    Reading(
        "traditional: three sides with a pot taken but unplayed is refused",
        deal(
            "traditional",
            side(CLEAN_RUN, pot="not_taken", pot_points=50),
            side("QH KH JK", pot="not_taken", pot_points=60),
            side(hand="AC AD", pot="taken_unplayed"),
        ),
        words=("side 3 took its pot (pozzetto), but in Burraco (tradizionale) three sides",),
    ),
    # once the pot is taken it is one against two: a lone player and a pair
    Reading(
        "traditional: one against two, as two sides, with the pot taken",
        deal(
            "traditional",
            side(CLEAN_RUN, closed=True, players=1),
            side("QH KH JK", hand="5D", pot="not_taken", pot_points=60),
        ),
        totals=(345, 45 - 5 - 60),
    ),
    # spanish: the muerto is paid at the closing; without one, each side counts only its cards
    Reading(
        "spanish: nobody closed, so no muerto is charged, untaken or unplayed",
        deal(
            "spanish",
            side(CLEAN_RUN, hand="5D", pot="not_taken"),
            side("QS QH 2D", pot="taken_unplayed"),
        ),
        totals=(45 + 200 - 5, 40),
    ),
    # three spanish sides to the end, nobody closed: no muerto charged to any of them
    Reading(
        "spanish: three sides, nobody closed, no muerto",
        deal(
            "spanish",
            side(CLEAN_RUN, pot="not_taken"),
            side("QS QH 2D", pot="taken_unplayed"),
            side(hand="JK", pot="not_taken"),
        ),
        totals=(245, 40, -50),
    ),
    # a lone player who closed played every card: the pot's cannot be left in hand
    Reading(
        "two-player: the side that closed cannot have its reserve pot unplayed",
        deal("two-player", side(CLEAN_RUN, pot="taken_unplayed", closed=True), side()),
        words=(
            "side 1 closed, so its player holds no cards: its reserve pot cannot be taken but "
            "not played, or its cards would still be in hand",
        ),
    ),
    # the same for a one-player side in any variant, in summary mode too
    Reading(
        "brazilian: a one-player side that closed cannot have its morto unplayed",
        deal(
            "brazilian",
            sheet(45, 0, "taken_unplayed", burracos={"clean": 1}, closed=True, players=1),
            sheet(0, 0, players=1),
        ),
        words=("side 1 closed, so its player holds no cards: its pot (morto) cannot be taken",),
    ),
    # a pair that closed: the partner may still hold the pot's cards
    Reading(
        "classico: a pair that closed may have left its pot unplayed",
        deal("classico", side(CLEAN_RUN, hand="5D", pot="taken_unplayed", closed=True), side()),
        totals=(45 + 200 + 100 - 5, 0),
    ),
]


@pytest.mark.parametrize("case", READINGS, ids=lambda c: c.why[:60])
def test_the_readings_of_rules_md(case: Reading) -> None:
    if case.totals:
        assert [s["total"] for s in score_deal_json(case.data)["sides"]] == list(case.totals)
    else:
        assert_problem(problems_of(case.data), *case.words)


def test_players_default_to_one_in_two_player_and_two_elsewhere() -> None:
    # A closed side with cards in hand: fine for a pair (the partner holds them), refused alone.
    assert score_deal_json(deal("classico", closer(CLEAN_RUN, hand="5D"), side()))
    assert_problem(
        problems_of(deal("two-player", closer(CLEAN_RUN, hand="5D"), side())),
        "side 1 closed, so its player's hand must be empty",
    )
    assert score_deal_json(deal("two-player", closer(CLEAN_RUN, players=1), side(players=1)))


# --- deck copies ---------------------------------------------------------------------------------


COPIES = [
    Refused(
        "three 5H across a meld and a hand",
        deal("classico", side("5H 6H 7H | 5H 5S 5D"), side(hand="5H")),
        (
            "5H appears 3 times in this deal (side 1 meld 1, side 1 meld 2, side 2 hand), "
            "but the deck has only 2 of each card",
        ),
    ),
    Refused(
        "the closing discard and the pot's cards count too",
        deal(
            "traditional",
            closer("7S 8S 9S 10S JS QS KS", closing_discard="9S"),
            side(pot="not_taken", pot_cards=["9S", "AC"]),
        ),
        ("9S appears 3 times in this deal (side 1 meld 1, side 1 closing discard, side 2 pot)",),
    ),
    Refused(
        "five jokers in a deck of four",
        deal("classico", side("5H 6H JK | 7C 8C JK | 9D 10D JK"), side(hand="JK JK")),
        (
            "JK appears 5 times in this deal (side 1 meld 1, side 1 meld 2, side 1 meld 3, "
            "side 2 hand), but the deck of Burraco Classico has only 4 jokers",
        ),
    ),
    Refused(
        "three jokers in the two-player deck of two",
        deal("two-player", side("5H 6H JK | 7C 8C JK"), side(hand="JK")),
        ("JK appears 3 times", "the deck of Burraco a due has only 2 jokers"),
    ),
    Refused(
        "any joker in reale",
        deal("reale", side("5H 6H JK"), side(hand="JK")),
        ("JK (side 1 meld 1, side 2 hand): Burraco Reale is played without jokers",),
    ),
    Refused(
        "a joker in a reale hand alone",
        deal("reale", side(), side(hand="KD JK")),
        ("JK (side 2 hand): Burraco Reale is played without jokers",),
    ),
]


@pytest.mark.parametrize("case", COPIES, ids=lambda c: c.why[:60])
def test_no_deal_shows_more_copies_than_the_deck_holds(case: Refused) -> None:
    assert_problem(problems_of(case.data), *case.words)


@pytest.mark.parametrize(
    ("variant", "jokers"),
    [("classico", 4), ("traditional", 4), ("two-player", 2), ("brazilian", 4)],
)
def test_the_whole_deck_of_jokers_is_accepted(variant: str, jokers: int) -> None:
    data = deal(variant, side(hand=" ".join(["JK"] * jokers)), side(hand="5H 5H"))
    assert score_deal_json(data)["sides"][1]["hand_points"] == 10


# --- the spanish opening minimum -----------------------------------------------------------------


@dataclass(frozen=True)
class Opening:
    why: str
    opener: dict[str, Any]
    accepted: bool
    words: tuple[str, ...] = ()
    variant: str = "spanish"


def opener(meld_text: str, score_before: int, **extra: Any) -> dict[str, Any]:
    return side(meld_text, score_before=score_before, **extra)


NEED = "needed at least 75 points or a canasta"
OPENINGS = [
    Opening("1000 exactly is not above 1000: any opening", opener("3C 4C 5C", 1000), True),
    Opening("below 1000 no opening is asked for", opener("3C 4C 5C", 400), True),
    Opening("negative running score", opener("3C 4C 5C", -250), True),
    Opening("a side that melded nothing made no opening", opener("", 1500, hand="5D"), True),
    Opening(
        "above 1000 the opening must be named",
        opener("3C 4C 5C | 9H 10H JH QH", 1001),
        False,
        (
            "side 1 had 1001 points before this deal, so its first exposure (opening) needed "
            "at least 75 points or a canasta: say which melds it laid down first ('opening', "
            "meld numbers from 0), or give their points (opening_points, and opening_canasta if "
            "they held a canasta)",
        ),
    ),
    Opening(
        "15 points is not an opening above 1000 (indices from 0, messages count from 1)",
        opener("3C 4C 5C | 9H 10H JH QH", 1001, opening=[0]),
        False,
        (NEED, "but its first exposure (meld 1) makes only 15"),
    ),
    Opening(
        "two melds together, 55 points, are still short",
        opener("3C 4C 5C | 9H 10H JH QH", 1200, opening=[0, 1]),
        False,
        ("but its first exposure (melds 1 and 2) makes only 55",),
    ),
    Opening(
        "70 points is short of 75",
        opener("9S 10S JS QS KS | 3D 4D 5D 6D", 1500, opening=[0, 1]),
        False,
        ("makes only 70",),
    ),
    Opening(
        "75 points exactly is enough",
        opener("8S 9S 10S JS QS KS | 3D 4D 5D", 1500, opening=[0, 1]),
        True,
    ),
    Opening(
        "aces are worth 20: three aces and four hearts make 100",
        opener("3C 4C 5C | 9H 10H JH QH | AH AS AD", 1001, opening=[2, 1]),
        True,
    ),
    Opening(
        "three aces alone make 60",
        opener("3C 4C 5C | 9H 10H JH QH | AH AS AD", 1001, opening=[2]),
        False,
        ("its first exposure (meld 3) makes only 60",),
    ),
    Opening(
        "a canasta is an opening whatever its points (45)",
        opener(CLEAN_RUN, 1500, opening=[0]),
        True,
    ),
    Opening(
        "three wild cards make 120",
        opener("JK JK 2C | 3D 4D 5D", 1500, opening=[0]),
        True,
    ),
    Opening(
        "an index past the last meld",
        opener("3C 4C 5C | 9H 10H JH", 1500, opening=[2]),
        False,
        ("side 1: 'opening' must list different meld numbers from 0 to 1, not [2]",),
    ),
    Opening(
        "a meld named twice",
        opener("3C 4C 5C | 9H 10H JH", 1500, opening=[1, 1]),
        False,
        ("must list different meld numbers from 0 to 1, not [1, 1]",),
    ),
    Opening(
        "a negative index",
        opener("3C 4C 5C | 9H 10H JH", 1500, opening=[-1]),
        False,
        ("not [-1]",),
    ),
    Opening(
        "an empty opening",
        opener("3C 4C 5C", 1500, opening=[]),
        False,
        ("must list different meld numbers from 0 to 0, not []",),
    ),
    # card mode may give the first exposure by its points, as a score sheet does (RULES.md)
    Opening(
        "the first exposure's points instead of its melds: 80",
        opener("8S 9S 10S JS QS KS AS", 1500, opening_points=80),
        True,
    ),
    Opening(
        "a meld grows after it is laid down: 75 then, 95 now",
        opener("8S 9S 10S JS QS KS AS | 3D 4D 5D", 1500, opening_points=75),
        True,
    ),
    Opening(
        "points short of 75 in card mode too",
        opener("8S 9S 10S JS QS KS AS", 1500, opening_points=70),
        False,
        (NEED, "but its opening made only 70"),
    ),
    Opening(
        "a canasta laid down first, said by its mark, whatever its points",
        opener(CLEAN_RUN, 1500, opening_points=45, opening_canasta=True),
        True,
    ),
    Opening(
        "the mark alone, without the points, when the side has a canasta",
        opener(CLEAN_RUN, 1500, opening_canasta=True),
        True,
    ),
    Opening(
        "a canasta in the opening needs a canasta among the melds",
        opener("8S 9S 10S JS QS KS", 1500, opening_points=60, opening_canasta=True),
        False,
        ("side 1: the opening is said to hold a canasta, but the side made no canasta",),
    ),
    Opening(
        "the opening cannot be worth more than every meld together",
        opener("3C 4C 5C | 9H 10H JH", 1500, opening_points=80),
        False,
        ("side 1: the opening cannot be worth 80 when the side melded 45 points in all",),
    ),
    Opening(
        "the melds or the points, not both",
        opener("8S 9S 10S JS QS KS AS", 1500, opening=[0], opening_points=80),
        False,
        ("side 1: give the first exposure by its melds ('opening') or by its points",),
    ),
    Opening(
        "the points where no minimum applies: checked, never needed",
        opener("3C 4C 5C", 400, opening_points=15),
        True,
    ),
    Opening(
        "classico has no opening, in card mode by its points too",
        opener("3C 4C 5C", 1500, opening_points=15),
        False,
        ("side 1: Burraco Classico has no opening minimum, so leave out the opening",),
        "classico",
    ),
    *(
        Opening(
            f"{variant} has no opening minimum",
            opener("3C 4C 5C", 1500, opening=[0]),
            False,
            (f"side 1: {name} has no opening minimum, so leave out 'opening'",),
            variant,
        )
        for variant, name in [
            ("reale", "Burraco Reale"),
            ("classico", "Burraco Classico"),
            ("traditional", "Burraco (tradizionale)"),
            ("two-player", "Burraco a due"),
            ("brazilian", "Buraco (Brasil)"),
        ]
    ),
    *(
        Opening(
            f"{variant}: a high running score asks for nothing",
            opener("3C 4C 5C", 1900),
            True,
            (),
            variant,
        )
        for variant in ("reale", "classico", "traditional", "two-player", "brazilian")
    ),
]


@pytest.mark.parametrize("case", OPENINGS, ids=lambda c: f"{c.variant}:{c.why[:50]}")
def test_spanish_opening_minimum(case: Opening) -> None:
    data = deal(case.variant, case.opener, side())
    if case.accepted:
        score_deal_json(data)
    else:
        assert_problem(problems_of(data), *case.words)


def test_the_opening_does_not_change_the_score() -> None:
    with_opening = deal("spanish", opener(CLEAN_RUN, 1500, opening=[0]), side())
    without = deal("spanish", side(CLEAN_RUN), side())
    assert score_deal_json(with_opening) == score_deal_json(without)
