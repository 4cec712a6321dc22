"""What is wrong with an entry, as data: where it is (side, meld, field, card), a stable code and
its parameters; and the one place that says it in English (`render`).

A `Problem` holds no sentence. `MESSAGES` maps each code to its English template; `render`
fills it in, saying where the problem is ("side 2", "side 2, meld 1 (5H 2S 7H 2D)",
`side 1: "hand"`) before a template that does not place the side itself. A reader that names
sides otherwise (the web form's N-S and E-W) passes `side_name`; one that words a code
otherwise (a form's field names, another language) passes `templates`, a mapping from code to
its own template with the same placeholders; words that depend on the variant (its name, its
word for burraco and for the pot) come in the parameters (`variant`, `variant_name`,
`burraco_word`, `pot_word`), so a translation can choose its own by the variant's slug.

A template is a `str.format` string, or a (singular, plural, count) triple chosen by the
parameter named `count`. Besides the parameters, a template may use the fragments of `_FRAGMENTS`
(the opening's need, the burracos a closing needs, places of a card, …), also worded here.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from dataclasses import field as dataclass_field
from typing import Any

SideName = Callable[[int], str]
Template = str | tuple[str, str, str]


@dataclass(frozen=True, slots=True)
class Problem:
    code: str
    side: int | None = None
    """The side (from 1) the problem is about; None for the whole deal."""
    meld: int | None = None
    """The meld (from 1) of that side, when it is about one meld."""
    field: str | None = None
    """The contract's field it is about ("pot", "hand", "melded_points", …), if one."""
    card: str | None = None
    """The card it is about ("JK", "5H"), if one."""
    params: Mapping[str, Any] = dataclass_field(default_factory=dict, hash=False)

    @property
    def message(self) -> str:
        return render(self)

    def __str__(self) -> str:
        return render(self)

    def at(self, **where: Any) -> "Problem":
        """The same problem placed: `side=`, `meld=`, `field=`, and parameters to add."""
        params = {key: where.pop(key) for key in list(where) if key not in _PLACES}
        return replace(self, **where, params={**self.params, **params})


_PLACES = {"side", "meld", "field", "card"}


def rule_words(rules: Any) -> dict[str, str]:
    """The parameters that name a variant's things: its slug, name, burraco and pot."""
    return {
        "variant": rules.slug,
        "variant_name": rules.name,
        "burraco_word": rules.word("burraco"),
        "pot_word": rules.word("pot"),
    }


POT_VALUES = '"taken", "not_taken" or "taken_unplayed"'

MESSAGES: dict[str, Template] = {
    # --- the contract's shape (scoring.contract) ---
    "contract.deal_not_object": 'a deal must be a JSON object with "variant" and "sides"',
    "contract.deal_unknown_fields": (
        "unknown field in the deal: {fields}",
        "unknown fields in the deal: {fields}",
        "count",
    ),
    "contract.variant_missing": 'the deal needs a "variant": {variants}',
    "contract.variant_unknown": "unknown variant {shown}: choose one of {variants}",
    "contract.sides_missing": 'the deal needs "sides": a list with one entry per side',
    "contract.side_not_object": "{side}: a side must be a JSON object (melds, hand, pot, …)",
    "contract.side_unknown_fields": (
        "{side}: unknown field {fields}",
        "{side}: unknown fields {fields}",
        "count",
    ),
    "contract.cards_and_sheet": (
        "{side}: give either the cards (melds and hand) or the score sheet's numbers "
        "(melded_points, hand_points, burracos), not both"
    ),
    "contract.pot_missing": '{side}: say what became of the pot: "pot" is ' + POT_VALUES,
    "contract.pot_unknown": '{side}: "pot" must be ' + POT_VALUES + ", not {shown}",
    "contract.sheet_needs": '{side}: the score sheet\'s numbers need "{field}"',
    "contract.melds_not_list": "must be a list of melds, each a list of cards",
    "contract.meld_not_list": "a meld is a list of cards, not {shown}",
    "contract.not_whole": "must be a whole number, not {shown}",
    "contract.not_boolean": "must be true or false, not {shown}",
    "contract.not_meld_numbers": "must list meld numbers (from 0), not {shown}",
    "contract.not_burraco_counts": 'must count burracos by kind, e.g. {{"clean": 1}}, not {shown}',
    "contract.burraco_count_not_whole": "must give a whole number of {kind} burracos, not {shown}",
    "contract.not_card_list": 'must be a list of cards, e.g. ["KD", "5S"], not {shown}',
    "contract.bad_cards": "{errors}",
    # --- cards (scoring.cards) ---
    "card.unknown": (
        "'{shown}' is not a card: write the rank then the suit, e.g. 10H, QS, AD, 7C, or JK "
        "for a joker (suits S H D C)"
    ),
    "card.not_text": '{shown} is not a card: a card is written as text, e.g. "7H"',
    # --- melds (scoring.melds) ---
    "meld.too_short": "a meld needs at least {meld_min} cards",
    "meld.only_wild": "a meld cannot be made of wild cards only (jokers and 2s) in {variant_name}",
    "meld.run_twice": "a run cannot hold two {card_code}",
    "meld.three_aces": "a run cannot hold three {card_code}",
    "meld.ace_both": "in {variant_name} the ace is low (A-2-3) or high (Q-K-A) in a run, not both",
    "meld.one_wild": "a meld may hold only one wild card",
    "meld.not_in_sequence": "the cards are not in sequence",
    "meld.too_long": "a run cannot be longer than from ace to ace (14 cards)",
    "meld.second_ace": (
        "in {variant_name} the ace is low or high, not both: no card can stand for the second ace"
    ),
    "meld.corner": "a run cannot turn the corner at the ace (K-A-2)",
    "meld.gap_no_wild": (
        "the cards are not in sequence: {missing_text} missing, and no wild card to fill the gap"
    ),
    "meld.gap_one_wild": (
        "the cards are not in sequence: {missing_text} missing, and one wild card can stand for "
        "only one missing card"
    ),
    "meld.no_sets": "{variant_name} has no sets of the same rank: a meld must be a run of one suit",
    "meld.mixed_suits": "a run must be of one suit, but these cards mix {suits_text}",
    "meld.neither": (
        "the cards are neither a run (one suit, in sequence) nor a set (one rank): they mix "
        "{suits_text} and different ranks"
    ),
    # --- a deal (scoring.deals) ---
    "deal.side_count": "{variant_name} is played by {counts_text} sides; this deal has {sides}",
    "deal.two_closers": (
        "only one side can close a deal, but {closers_text} are both marked as closed"
    ),
    "side.players": "{side}: a side has 1 or 2 players, not {players}",
    "side.one_player": "{side}: {variant_name} is one against one, so a side has one player",
    "closing.hand_not_empty": (
        "{side} closed, so its player's hand must be empty, but it lists {count} card ({cards})",
        "{side} closed, so its player's hand must be empty, but it lists {count} cards ({cards})",
        "count",
    ),
    "closing.hand_points": (
        "{side} closed, so its player holds no cards: hand points must be 0, not {hand}"
    ),
    "closing.discard_without_closing": "{side} did not close, so it has no closing discard",
    "closing.needs_pot": (
        "{side} closed without taking its {pot_word}: in {variant_name} a side must take it "
        "before closing"
    ),
    "closing.needs_burraco": (
        "{side} closed without {closing_kinds_text}: in {variant_name} closing needs "
        "{closing_kinds_text}"
    ),
    "closing.wild_discard": (
        "{side} closed by discarding {card}: in {variant_name} the closing discard may not be a "
        "wild card (a joker or a 2)"
    ),
    "sheet.melded_negative": "{side}: melded points cannot be negative ({points})",
    "sheet.hand_negative": "{side}: hand points cannot be negative ({points})",
    "sheet.melded_not_multiple_of_5": (
        "{side}: melded points must be a multiple of 5 in {variant_name} (every card is worth "
        "5, 10, 15…), not {points}"
    ),
    "sheet.hand_not_multiple_of_5": (
        "{side}: hand points must be a multiple of 5 in {variant_name} (every card is worth "
        "5, 10, 15…), not {points}"
    ),
    "sheet.unknown_kind": (
        "{side}: {variant_name} has no {kind} {burraco_word} (its kinds: {kinds})"
    ),
    "sheet.negative_count": "{side}: the number of {kind} {burraco_word}s cannot be negative",
    "sheet.too_many_burracos": (
        "{side}: {declared} {burraco_word}s would need at least {cards_needed} cards, but the "
        "deck of {variant_name} has only {deck}"
    ),
    "sheet.burracos_need_points": (
        "{side}: {burraco_list} holds at least {needed} points of cards, but the melded points "
        "are only {melded}",
        "{side}: {burraco_list} hold at least {needed} points of cards, but the melded points "
        "are only {melded}",
        "count",
    ),
    "pot.cards_and_points": "{side}: give the pot's cards or its points, not both",
    "pot.cards_when_taken": "{side}: the pot's cards are given only for a pot that was not taken",
    "pot.fixed_penalty": (
        "{side}: in {variant_name} an untaken pot costs {penalty} whatever its cards, so do not "
        "give the pot's cards or points"
    ),
    "pot.needs_value": (
        "{side} did not take its {pot_word}: in {variant_name} it costs the value of its cards, "
        "so give the pot's cards (pot_cards) or their points (pot_points)"
    ),
    "pot.negative": "{side}: the pot's points cannot be negative ({points})",
    "opening.sheet_fields_with_cards": (
        "{side}: opening_points and opening_canasta are for score-sheet entry; with cards, list "
        "the melds of the first exposure in 'opening'"
    ),
    "opening.say_which_melds": (
        "{side} {opening_need}: say which melds it laid down first ('opening', meld numbers from 0)"
    ),
    "opening.none_cards": ("{side}: {variant_name} has no opening minimum, so leave out 'opening'"),
    "opening.nothing_melded": "{side}: 'opening' lists melds, but the side melded nothing",
    "opening.bad_numbers": (
        "{side}: 'opening' must list different meld numbers from 0 to {last}, not {given}"
    ),
    "opening.too_low_cards": (
        "{side} {opening_need}, but its first exposure (meld {numbers_text}) makes only {made}",
        "{side} {opening_need}, but its first exposure (melds {numbers_text}) makes only {made}",
        "count",
    ),
    "opening.numbers_on_sheet": (
        "{side}: 'opening' lists meld numbers, which a score sheet does not have; give "
        "opening_points (and opening_canasta) instead"
    ),
    "opening.none_sheet": (
        "{side}: {variant_name} has no opening minimum, so leave out the opening"
    ),
    "opening.more_than_melded": (
        "{side}: the opening cannot be worth {opening} when the side melded {melded} points in all"
    ),
    "opening.canasta_without_burraco": (
        "{side}: the opening is said to hold a {burraco_word}, but the side declares no "
        "{burraco_word}"
    ),
    "opening.give_points": (
        "{side} {opening_need}: give the opening's points (opening_points) or say it held a "
        "canasta (opening_canasta)"
    ),
    "opening.too_low_sheet": "{side} {opening_need}, but its opening made only {made}",
    "copies.no_jokers": "JK ({places_text}): {variant_name} is played without jokers",
    "copies.too_many_jokers": (
        "JK appears {count} times in this deal ({places_text}), but the deck of {variant_name} "
        "has only {jokers} jokers"
    ),
    "copies.too_many": (
        "{card} appears {count} times in this deal ({places_text}), but the deck has only "
        "{copies} of each card"
    ),
    # --- a match (scoring.matches) ---
    "match.target": "a match target must be above 0, not {target}",
    "match.scores": "deal {deal} has {scores} scores for {sides} sides",
    "match.already_won": (
        "the match was already won by {winner_side} after deal {after} ({total} of {target}), "
        "so deal {deal} should not be added"
    ),
    # --- a VP scale (scoring.vp) ---
    "vp.no_band": "a VP scale needs at least one band",
    "vp.first_band": "the first band must begin at 0, not {lower}",
    "vp.last_band_closed": "the last band must be open-ended ('and more')",
    "vp.open_band_inside": "only the last band can be open-ended",
    "vp.negative_bound": "band bounds cannot be negative",
    "vp.bounds_go_down": "band bounds must go up from one band to the next",
    "vp.band_overlaps": "the band {lower}–{upper} must end before the next begins ({next_lower})",
    "vp.winner_below_loser": (
        "a band gives the winner {winner} and the loser {loser}: the winner never gets less than "
        "the loser, and no one gets less than 0"
    ),
    # --- anything else ---
    "deal.unscorable": "this cannot be scored",
}

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
KIND_ORDER_OF_CLOSING = ("clean", "dirty", "semi-clean", "wild", "noble", "royal")


def _default_side(number: int) -> str:
    return f"side {number}"


def _number(value: object) -> object:
    """An int as text, or words for one too long for Python to write (over 4,300 digits)."""
    if isinstance(value, int) and not isinstance(value, bool):
        try:
            return str(value)
        except ValueError:
            return "a number of more than 4,300 digits"
    return value


def _opening_need(p: Mapping[str, Any], side_name: SideName) -> str:
    need = f"at least {_number(p['points'])} points"
    if p.get("canasta_suffices"):
        need += f" or a {p['burraco_word']}"
    return (
        f"had {_number(p['score_before'])} points before this deal, so its first exposure "
        f"(opening) needed {need}"
    )


def _closing_kinds(p: Mapping[str, Any], side_name: SideName) -> str:
    burraco = p["burraco_word"]
    kinds = list(p["kinds"])
    if p.get("any_kind"):
        return f"a {burraco} of any kind"
    main, *others = [k for k in KIND_ORDER_OF_CLOSING if k in kinds]
    text = f"a {main} {burraco}"
    if others:
        text += " (or a " + " or ".join(others) + " one)"
    return text


def _burraco_list(p: Mapping[str, Any], side_name: SideName) -> str:
    word = p["burraco_word"]
    parts = [
        f"{_number(count)} {kind} {word}{'s' if count > 1 else ''}"
        for kind, count in p["burracos"]
        if count > 0
    ]
    return " and ".join(parts) if parts else f"no {word}"


def _places(p: Mapping[str, Any], side_name: SideName) -> str:
    """Where a card lies: (side, "meld", number) / (side, "hand") / (side, "pot") / (side,
    "closing discard")."""
    words = []
    for place in p["places"]:
        side, what, *number = place
        words.append(" ".join([side_name(side), what, *(str(n) for n in number)]))
    return ", ".join(dict.fromkeys(words))


def _closers(p: Mapping[str, Any], side_name: SideName) -> str:
    names = [side_name(n) for n in p["closers"]]
    if side_name is _default_side:
        return "sides " + " and ".join(str(n) for n in p["closers"])
    return " and ".join(names)


_FRAGMENTS: dict[str, Callable[[Mapping[str, Any], SideName], str]] = {
    "opening_need": _opening_need,
    "closing_kinds_text": _closing_kinds,
    "burraco_list": _burraco_list,
    "places_text": _places,
    "closers_text": _closers,
    "counts_text": lambda p, _: " or ".join(str(n) for n in p["counts"]),
    "numbers_text": lambda p, _: " and ".join(str(n) for n in p["numbers"]),
    "missing_text": lambda p, _: ", ".join(p["missing"]) + ("…" if p.get("more") else ""),
    "suits_text": lambda p, _: " and ".join(SUIT_NAMES[s] for s in p["suits"]),
    "winner_side": lambda p, side_name: side_name(p["winner"]),
    "fields": lambda p, _: ", ".join(p["field_names"]),
    "variants": lambda p, _: ", ".join(p["variant_slugs"]),
}


def render(
    problem: Problem,
    *,
    side_name: SideName | None = None,
    templates: Mapping[str, Template] | None = None,
    field_names: Mapping[str, str] | None = None,
) -> str:
    """The problem in words: the template of its code (from `templates`, else English) with its
    parameters, after where it is unless the template places the side itself. `field_names`
    names fields in a reader's words in that place (else `"hand"`, as the contract)."""
    name = side_name or _default_side
    template = (templates or {}).get(problem.code) or MESSAGES[problem.code]
    params = problem.params
    if isinstance(template, tuple):
        singular, plural, count = template
        template = singular if params[count] == 1 else plural
    values: dict[str, object] = {key: _number(value) for key, value in params.items()}
    for key, fragment in _FRAGMENTS.items():
        if "{" + key + "}" in template:
            values[key] = fragment(params, name)
    if "{errors}" in template:
        values["errors"] = "; ".join(
            render(inner, side_name=side_name, templates=templates, field_names=field_names)
            for inner in params["errors"]
        )
    side = name(problem.side) if problem.side is not None else ""
    text = template.format(side=side, field=problem.field, card=problem.card, **values)
    if "{side}" in template or "{places_text}" in template:
        return text  # the template says where itself
    return _where(problem, side, params, field_names or {}) + text


def _where(
    problem: Problem, side: str, params: Mapping[str, Any], field_names: Mapping[str, str]
) -> str:
    """Where a problem whose template does not say it lies: `side 2, meld 1 (5H 2S): `,
    `side 1: "hand" `, `side 1: `, or nothing."""
    if problem.side is None:
        return ""
    if problem.meld is not None:
        cards = params.get("cards")
        return f"{side}, meld {problem.meld}" + (f" ({cards})" if cards is not None else "") + ": "
    if problem.field is not None:
        return f"{side}: " + field_names.get(problem.field, f'"{problem.field}"') + " "
    return f"{side}: "


def messages(problems: Sequence[Problem]) -> tuple[str, ...]:
    return tuple(render(problem) for problem in problems)
