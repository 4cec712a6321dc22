"""Rule sets: every value of a variant in one frozen dataclass, so a club's house rules are a
copy with a few values changed (`house_rules`). The six variants follow the matrix in the
project's rules (Burraco Reale and Classico, traditional Italian, two-player, Brazilian and
Spanish Buraco). Nothing else in `scoring` holds a rule value.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal

from scoring.cards import JOKER_RANK

BurracoKind = Literal["clean", "dirty", "semi-clean", "noble", "royal", "wild"]
KIND_ORDER: tuple[BurracoKind, ...] = ("royal", "noble", "clean", "semi-clean", "dirty", "wild")
CLEAN_KINDS: frozenset[BurracoKind] = frozenset({"clean", "noble", "royal"})
ALL_KINDS: frozenset[BurracoKind] = frozenset(KIND_ORDER)


@dataclass(frozen=True, slots=True)
class CardValues:
    """Points of a card by what it is: 3 to 7 are `low`, 8 to K are `high`."""

    joker: int
    two: int
    ace: int
    high: int = 10
    low: int = 5

    def by_rank(self) -> tuple[int, ...]:
        """Values indexed by rank: 0 the joker, 1 the ace, 2 to 13."""
        return (self.joker, self.ace, self.two) + (self.low,) * 5 + (self.high,) * 6


@dataclass(frozen=True, slots=True)
class OpeningMinimum:
    """The first exposure of a deal must reach `points` (or hold a canasta, when
    `canasta_suffices`) once the side's running score is above `above`."""

    above: int = 1000
    points: int = 75
    canasta_suffices: bool = True


@dataclass(frozen=True)
class RuleSet:
    slug: str
    name: str
    values: CardValues
    burraco_bonuses: Mapping[str, int]
    """The burraco kinds the variant knows, each with its bonus."""
    jokers: int = 4
    copies: int = 2
    side_counts: tuple[int, ...] = (2,)
    three_sides_until_a_pot: bool = False
    """Three sides last only while nobody has taken a pot: the first to take one plays on alone
    against the other two together, so a three-sided deal has no pot taken (traditional)."""
    players_per_side: int = 2
    one_player_sides_only: bool = False
    sets: bool = True
    ace_low_and_high: bool = False
    wild_melds: bool = False
    meld_min: int = 3
    burraco_min: int = 7
    closing_bonus: int = 100
    closing_needs_pot: bool = True
    closing_kinds: frozenset[str] = ALL_KINDS
    """A side may close only with at least one burraco of these kinds."""
    closing_discard_may_be_wild: bool = True
    closing_bonus_needs_pot: bool = False
    pot_penalty: int = 100
    pot_penalty_in_cards: bool = False
    """The pot not taken costs its cards' value (traditional) instead of `pot_penalty`."""
    pot_size: int = 11
    """The cards of a pot as dealt. Traditional's three-player deal (RULES.md, note 4) also
    deals one of 18, but whoever reaches it plays alone with it taken: a pot left untaken in a
    two-sided deal is always one of `pot_size` cards."""
    unplayed_pot_penalty: int = 0
    """Pot taken but none of its cards played: 0 where its cards simply count as hand."""
    unplayed_pot_cards_count: bool = True
    """A pot taken but unplayed: its cards are cards in hand like any other (True), or count for
    nothing, the side's hand listing only its other cards (False: brazilian, "the 'dead' deck
    score is not counted")."""
    pot_penalty_needs_closing: bool = False
    """The pot's penalty is charged only when a side closes: a deal that ends without a closing
    (the stock run out) charges none (spanish: the muerto is paid "at the moment of closing")."""
    opening: OpeningMinimum | None = None
    match_target: int = 2005
    words: Mapping[str, str] = field(default_factory=dict)
    """How the variant's players name things: 'burraco' (canasta…) and 'pot' (pozzetto…)."""
    value_by_rank: tuple[int, ...] = field(init=False, repr=False, compare=False)
    meld_cache: dict[Any, Any] = field(init=False, repr=False, compare=False, default_factory=dict)
    """Readings of melds already analysed under these rules (see melds.analyse_meld)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "value_by_rank", self.values.by_rank())

    def value(self, rank: int) -> int:
        return self.value_by_rank[rank]

    def word(self, key: str) -> str:
        return self.words.get(key, key)

    @property
    def multiple_of_five(self) -> bool:
        """Every card value is a multiple of 5, so every honest total is too."""
        return all(v % 5 == 0 for rank, v in enumerate(self.value_by_rank) if rank or self.jokers)

    def has_kind(self, kind: str) -> bool:
        return kind in self.burraco_bonuses

    def kinds(self) -> tuple[str, ...]:
        return tuple(k for k in KIND_ORDER if k in self.burraco_bonuses)

    def pot_points_range(self) -> tuple[int, int]:
        """The fewest and the most points a pot of `pot_size` cards of this deck can hold:
        its cheapest and its dearest cards (traditional: 11 low cards, 55; 4 jokers and
        7 twos, 240)."""
        deck = sorted(
            value
            for rank, value in enumerate(self.value_by_rank)
            for _ in range(self.jokers if rank == JOKER_RANK else 4 * self.copies)
        )
        return sum(deck[: self.pot_size]), sum(deck[-self.pot_size :])


def _italian(slug: str, name: str, **kwargs: Any) -> RuleSet:
    words = {"burraco": "burraco", "pot": "pot (pozzetto)"}
    return RuleSet(slug=slug, name=name, words=words, **kwargs)


RULE_SETS: dict[str, RuleSet] = {
    rules.slug: rules
    for rules in (
        _italian(
            "reale",
            "Burraco Reale",
            values=CardValues(joker=0, two=10, ace=15),
            burraco_bonuses={"dirty": 100, "clean": 200, "noble": 500, "royal": 1000},
            jokers=0,
            sets=False,
            ace_low_and_high=True,
            closing_kinds=CLEAN_KINDS,
        ),
        _italian(
            "classico",
            "Burraco Classico",
            values=CardValues(joker=30, two=20, ace=15),
            burraco_bonuses={"dirty": 100, "semi-clean": 150, "clean": 200},
            closing_discard_may_be_wild=False,
        ),
        _italian(
            "traditional",
            "Burraco (tradizionale)",
            values=CardValues(joker=25, two=20, ace=11),
            burraco_bonuses={"dirty": 100, "clean": 200},
            side_counts=(2, 3),
            three_sides_until_a_pot=True,
            pot_penalty_in_cards=True,
        ),
        RuleSet(
            slug="two-player",
            name="Burraco a due",
            values=CardValues(joker=30, two=20, ace=15),
            burraco_bonuses={"dirty": 100, "clean": 200},
            jokers=2,
            players_per_side=1,
            one_player_sides_only=True,
            closing_needs_pot=False,
            closing_bonus_needs_pot=True,
            words={"burraco": "burraco", "pot": "reserve pot"},
        ),
        RuleSet(
            slug="brazilian",
            name="Buraco (Brasil)",
            values=CardValues(joker=50, two=10, ace=15),
            burraco_bonuses={"dirty": 100, "clean": 200, "noble": 500, "royal": 1000},
            ace_low_and_high=True,
            closing_kinds=CLEAN_KINDS,
            unplayed_pot_penalty=100,
            unplayed_pot_cards_count=False,
            match_target=3000,
            words={"burraco": "canastra", "pot": "pot (morto)"},
        ),
        RuleSet(
            slug="spanish",
            name="Buraco (España / Río de la Plata)",
            values=CardValues(joker=50, two=20, ace=20),
            burraco_bonuses={"dirty": 100, "clean": 200, "wild": 1000},
            side_counts=(2, 3),
            wild_melds=True,
            unplayed_pot_penalty=100,
            pot_penalty_needs_closing=True,
            opening=OpeningMinimum(above=1000, points=75, canasta_suffices=True),
            match_target=2000,
            words={"burraco": "canasta", "pot": "pot (muerto)"},
        ),
    )
}

VARIANT_SLUGS: tuple[str, ...] = tuple(RULE_SETS)


class UnknownVariant(KeyError):
    pass


def rule_set(slug: str) -> RuleSet:
    """The standard rule set of a variant, by slug."""
    try:
        return RULE_SETS[slug]
    except KeyError:
        raise UnknownVariant(slug) from None


_SCALARS = {
    f.name: f.type
    for f in fields(RuleSet)
    if f.name not in {"slug", "values", "burraco_bonuses", "opening", "words", "value_by_rank"}
}


def house_rules(base: RuleSet, overrides: Mapping[str, Any]) -> RuleSet:
    """A copy of `base` with a club's changes, e.g. `{"burraco_bonuses": {"royal": 300}}`.

    Accepts the JSON a tournament stores: scalar fields by name, `values` and `burraco_bonuses`
    as partial mappings (a bonus of null removes that kind), `opening` as a mapping or null.
    Raises ValueError naming the first setting it cannot use.
    """
    changes: dict[str, Any] = {}
    for key, value in overrides.items():
        if key == "values":
            settings = _whole_numbers(value, "values", CardValues)
            changes["values"] = replace(base.values, **settings)
        elif key == "burraco_bonuses":
            if not isinstance(value, Mapping):
                raise ValueError("burraco_bonuses must map a kind to its bonus")
            bonuses = dict(base.burraco_bonuses)
            for kind, bonus in value.items():
                if kind not in ALL_KINDS:
                    raise ValueError(f"{kind!r} is not a kind of burraco")
                if bonus is None and kind in {"clean", "dirty"}:
                    # every variant's runs and sets make these: they can be worth 0, not vanish
                    raise ValueError(
                        f"the {kind} burraco cannot be removed: give it a bonus of 0 instead"
                    )
                if bonus is None:
                    bonuses.pop(kind, None)
                else:
                    bonuses[kind] = _whole_number(bonus, f"the {kind} bonus")
            changes["burraco_bonuses"] = bonuses
        elif key == "opening":
            changes["opening"] = (
                None
                if value is None
                else replace(base.opening or OpeningMinimum(), **_opening_settings(value))
            )
        elif key == "closing_kinds":
            if not isinstance(value, list) or not set(value) <= ALL_KINDS:
                raise ValueError("closing_kinds must list kinds of burraco")
            changes[key] = frozenset(value)
        elif key == "side_counts":
            if not isinstance(value, list) or not set(value) <= {2, 3} or not value:
                raise ValueError("side_counts must list 2 and/or 3")
            changes[key] = tuple(sorted(value))
        elif key in {"name"}:
            if not isinstance(value, str) or not value.strip():
                raise ValueError("the name must be text")
            changes[key] = value.strip()
        elif key in _SCALARS:
            default = getattr(base, key)
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise ValueError(f"{key} must be true or false")
                changes[key] = value
            else:
                changes[key] = _whole_number(value, key)
        else:
            raise ValueError(f"{key!r} is not a rule that can be changed")
    return replace(base, **changes)


def _settings(value: object, what: str, known: type[Any]) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise ValueError(f"{what} must be a set of named values")
    names = {f.name for f in fields(known)}
    for key in value:
        if key not in names:
            raise ValueError(f"{key!r} is not a setting of {what}")
    return dict(value)


def _whole_numbers(value: object, what: str, known: type[Any]) -> dict[str, int]:
    settings = _settings(value, what, known)
    return {key: _whole_number(v, f"{what}.{key}") for key, v in settings.items()}


def _opening_settings(value: object) -> dict[str, Any]:
    settings = _settings(value, "opening", OpeningMinimum)
    for key, setting in settings.items():
        if key == "canasta_suffices":
            if not isinstance(setting, bool):
                raise ValueError("opening.canasta_suffices must be true or false")
        else:
            _whole_number(setting, f"opening.{key}")
    return settings


def _whole_number(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number")
    return value
