"""The English of every problem the engine reports, by code: the one place it is worded.

`scoring.problems.render` fills these in; a reader in another language passes its own
templates for the same codes (the web app takes them from its translation catalogues, which
Django's makemessages fills from the `gettext_noop` calls below).

A template is a `str.format` string, or a (singular, plural, count) triple chosen by the
parameter named `count`. `PHRASES` are the pieces the templates' fragments are built from
(the opening's need, the kinds of burraco a closing needs, where a card lies, …), `KIND_NAMES`
and `SUIT_NAMES` the words for kinds of burraco and suits; each is a template key too.
"""

Template = str | tuple[str, str, str]


def gettext_noop(message: str) -> str:
    """Marks a text for the translation catalogues and returns it unchanged: the engine imports
    no Django, and Django's makemessages finds the calls by name."""
    return message


POT_VALUES = '"taken", "not_taken" or "taken_unplayed"'

MESSAGES: dict[str, Template] = {
    # --- the contract's shape (scoring.contract) ---
    "contract.deal_not_object": gettext_noop(
        'a deal must be a JSON object with "variant" and "sides"'
    ),
    "contract.deal_unknown_fields": (
        gettext_noop("unknown field in the deal: {fields}"),
        gettext_noop("unknown fields in the deal: {fields}"),
        "count",
    ),
    "contract.variant_missing": gettext_noop('the deal needs a "variant": {variants}'),
    "contract.variant_unknown": gettext_noop("unknown variant {shown}: choose one of {variants}"),
    "contract.sides_missing": gettext_noop(
        'the deal needs "sides": a list with one entry per side'
    ),
    "contract.side_not_object": gettext_noop(
        "{side}: a side must be a JSON object (melds, hand, pot, …)"
    ),
    "contract.side_unknown_fields": (
        gettext_noop("{side}: unknown field {fields}"),
        gettext_noop("{side}: unknown fields {fields}"),
        "count",
    ),
    "contract.cards_and_sheet": (
        gettext_noop(
            "{side}: give either the cards (melds and hand) or the score sheet's numbers "
            "(melded_points, hand_points, burracos), not both"
        )
    ),
    "contract.pot_missing": gettext_noop(
        '{side}: say what became of the pot: "pot" is "taken", "not_taken" or "taken_unplayed"'
    ),
    "contract.pot_unknown": gettext_noop(
        '{side}: "pot" must be "taken", "not_taken" or "taken_unplayed", not {shown}'
    ),
    "contract.sheet_needs": gettext_noop('{side}: the score sheet\'s numbers need "{field}"'),
    "contract.melds_not_list": gettext_noop("must be a list of melds, each a list of cards"),
    "contract.meld_not_list": gettext_noop("a meld is a list of cards, not {shown}"),
    "contract.not_whole": gettext_noop("must be a whole number, not {shown}"),
    "contract.not_boolean": gettext_noop("must be true or false, not {shown}"),
    "contract.not_meld_numbers": gettext_noop("must list meld numbers (from 0), not {shown}"),
    "contract.not_burraco_counts": gettext_noop(
        'must count burracos by kind, e.g. {{"clean": 1}}, not {shown}'
    ),
    "contract.burraco_count_not_whole": gettext_noop(
        "must give a whole number of {kind} burracos, not {shown}"
    ),
    "contract.not_card_list": gettext_noop(
        'must be a list of cards, e.g. ["KD", "5S"], not {shown}'
    ),
    "contract.bad_cards": gettext_noop("{errors}"),
    # --- cards (scoring.cards) ---
    "card.unknown": (
        gettext_noop(
            "'{shown}' is not a card: write the rank then the suit, e.g. 10H, QS, AD, 7C, or JK "
            "for a joker (suits S H D C)"
        )
    ),
    "card.not_text": gettext_noop('{shown} is not a card: a card is written as text, e.g. "7H"'),
    # --- melds (scoring.melds) ---
    "meld.too_short": gettext_noop("a meld needs at least {meld_min} cards"),
    "meld.only_wild": gettext_noop(
        "a meld cannot be made of wild cards only (jokers and 2s) in {variant_name}"
    ),
    "meld.run_twice": gettext_noop("a run cannot hold two {card_code}"),
    "meld.three_aces": gettext_noop("a run cannot hold three {card_code}"),
    "meld.ace_both": gettext_noop(
        "in {variant_name} the ace is low (A-2-3) or high (Q-K-A) in a run, not both"
    ),
    "meld.one_wild": gettext_noop("a meld may hold only one wild card"),
    "meld.not_in_sequence": gettext_noop("the cards are not in sequence"),
    "meld.too_long": gettext_noop("a run cannot be longer than from ace to ace (14 cards)"),
    "meld.second_ace": (
        gettext_noop(
            "in {variant_name} the ace is low or high, not both: no card can stand for the second ace"
        )
    ),
    "meld.corner": gettext_noop("a run cannot turn the corner at the ace (K-A-2)"),
    "meld.gap_no_wild": (
        gettext_noop(
            "the cards are not in sequence: {missing_text} missing, and no wild card to fill the gap"
        )
    ),
    "meld.gap_one_wild": (
        gettext_noop(
            "the cards are not in sequence: {missing_text} missing, and one wild card can stand for "
            "only one missing card"
        )
    ),
    "meld.no_sets": gettext_noop(
        "{variant_name} has no sets of the same rank: a meld must be a run of one suit"
    ),
    "meld.mixed_suits": gettext_noop("a run must be of one suit, but these cards mix {suits_text}"),
    "meld.neither": (
        gettext_noop(
            "the cards are neither a run (one suit, in sequence) nor a set (one rank): they mix "
            "{suits_text} and different ranks"
        )
    ),
    # --- a deal (scoring.deals) ---
    "deal.side_count": gettext_noop(
        "{variant_name} is played by {counts_text} sides; this deal has {sides}"
    ),
    "deal.two_closers": (
        gettext_noop("only one side can close a deal, but {closers_text} are both marked as closed")
    ),
    "deal.three_sides_pot": (
        gettext_noop(
            "{side} took its {pot_word}, but in {variant_name} three sides play on only while nobody has taken a pot: once one is taken it is one player against the other two, so enter the deal as two sides"
        )
    ),
    "side.players": gettext_noop("{side}: a side has 1 or 2 players, not {players}"),
    "side.one_player": gettext_noop(
        "{side}: {variant_name} is one against one, so a side has one player"
    ),
    "closing.hand_not_empty": (
        gettext_noop(
            "{side} closed, so its player's hand must be empty, but it lists {count} card ({cards})"
        ),
        gettext_noop(
            "{side} closed, so its player's hand must be empty, but it lists {count} cards ({cards})"
        ),
        "count",
    ),
    "closing.hand_points": (
        gettext_noop(
            "{side} closed, so its player holds no cards: hand points must be 0, not {hand}"
        )
    ),
    "closing.pot_unplayed": (
        gettext_noop(
            "{side} closed, so its player holds no cards: its {pot_word} cannot be taken but not played, or its cards would still be in hand"
        )
    ),
    "closing.discard_without_closing": gettext_noop(
        "{side} did not close, so it has no closing discard"
    ),
    "closing.needs_pot": (
        gettext_noop(
            "{side} closed without taking its {pot_word}: in {variant_name} a side must take it "
            "before closing"
        )
    ),
    "closing.needs_burraco": (
        gettext_noop(
            "{side} closed without {closing_kinds_text}: in {variant_name} closing needs "
            "{closing_kinds_text}"
        )
    ),
    "closing.wild_discard": (
        gettext_noop(
            "{side} closed by discarding {card}: in {variant_name} the closing discard may not be a "
            "wild card (a joker or a 2)"
        )
    ),
    "sheet.melded_negative": gettext_noop("{side}: melded points cannot be negative ({points})"),
    "sheet.hand_negative": gettext_noop("{side}: hand points cannot be negative ({points})"),
    "sheet.melded_not_multiple_of_5": (
        gettext_noop(
            "{side}: melded points must be a multiple of 5 in {variant_name} (every card is worth "
            "5, 10, 15…), not {points}"
        )
    ),
    "sheet.hand_not_multiple_of_5": (
        gettext_noop(
            "{side}: hand points must be a multiple of 5 in {variant_name} (every card is worth "
            "5, 10, 15…), not {points}"
        )
    ),
    "sheet.unknown_kind": (
        gettext_noop("{side}: {variant_name} has no {kind} {burraco_word} (its kinds: {kinds})")
    ),
    "sheet.negative_count": gettext_noop(
        "{side}: the number of {kind} {burraco_word}s cannot be negative"
    ),
    "sheet.too_many_burracos": (
        gettext_noop(
            "{side}: {declared} {burraco_word}s would need at least {cards_needed} cards, but the "
            "deck of {variant_name} has only {deck}"
        )
    ),
    "sheet.kind_impossible": gettext_noop(
        "{side}: no meld of {variant_name} makes a {kind} {burraco_word}"
    ),
    "sheet.burracos_need_points": (
        gettext_noop(
            "{side}: {burraco_list} holds at least {needed} points of cards, but the melded points "
            "are only {melded}"
        ),
        gettext_noop(
            "{side}: {burraco_list} hold at least {needed} points of cards, but the melded points "
            "are only {melded}"
        ),
        "count",
    ),
    "pot.cards_and_points": gettext_noop("{side}: give the pot's cards or its points, not both"),
    "pot.cards_when_taken": gettext_noop(
        "{side}: the pot's cards are given only for a pot that was not taken"
    ),
    "pot.fixed_penalty": (
        gettext_noop(
            "{side}: in {variant_name} an untaken pot costs {penalty} whatever its cards, so do not "
            "give the pot's cards or points"
        )
    ),
    "pot.needs_value": (
        gettext_noop(
            "{side} did not take its {pot_word}: in {variant_name} it costs the value of its cards, "
            "so give the pot's cards (pot_cards) or their points (pot_points)"
        )
    ),
    "pot.negative": gettext_noop("{side}: the pot's points cannot be negative ({points})"),
    "opening.melds_and_points": (
        gettext_noop(
            "{side}: give the first exposure by its melds ('opening') or by its points (opening_points, opening_canasta), not both"
        )
    ),
    "opening.say_which_melds": (
        gettext_noop(
            "{side} {opening_need}: say which melds it laid down first ('opening', meld numbers from 0), or give their points (opening_points, and opening_canasta if they held a {burraco_word})"
        )
    ),
    "opening.none_cards": (
        gettext_noop("{side}: {variant_name} has no opening minimum, so leave out 'opening'")
    ),
    "opening.nothing_melded": gettext_noop(
        "{side}: 'opening' lists melds, but the side melded nothing"
    ),
    "opening.bad_numbers": (
        gettext_noop(
            "{side}: 'opening' must list different meld numbers from 0 to {last}, not {given}"
        )
    ),
    "opening.too_low_cards": (
        gettext_noop(
            "{side} {opening_need}, but its first exposure (meld {numbers_text}) makes only {made}"
        ),
        gettext_noop(
            "{side} {opening_need}, but its first exposure (melds {numbers_text}) makes only {made}"
        ),
        "count",
    ),
    "opening.numbers_on_sheet": (
        gettext_noop(
            "{side}: 'opening' lists meld numbers, which a score sheet does not have; give "
            "opening_points (and opening_canasta) instead"
        )
    ),
    "opening.none_sheet": (
        gettext_noop("{side}: {variant_name} has no opening minimum, so leave out the opening")
    ),
    "opening.more_than_melded": (
        gettext_noop(
            "{side}: the opening cannot be worth {opening} when the side melded {melded} points in all"
        )
    ),
    "opening.canasta_without_burraco": (
        gettext_noop(
            "{side}: the opening is said to hold a {burraco_word}, but the side made no "
            "{burraco_word}"
        )
    ),
    "opening.give_points": (
        gettext_noop(
            "{side} {opening_need}: give the opening's points (opening_points) or say it held a "
            "canasta (opening_canasta)"
        )
    ),
    "opening.too_low_sheet": gettext_noop(
        "{side} {opening_need}, but its opening made only {made}"
    ),
    "copies.no_jokers": gettext_noop("JK ({places_text}): {variant_name} is played without jokers"),
    "copies.too_many_jokers": (
        gettext_noop(
            "JK appears {count} times in this deal ({places_text}), but the deck of {variant_name} "
            "has only {jokers} jokers"
        )
    ),
    "copies.too_many": (
        gettext_noop(
            "{card} appears {count} times in this deal ({places_text}), but the deck has only "
            "{copies} of each card"
        )
    ),
    # --- what one deck can hold (scoring.deck) ---
    "deck.melded_points": (
        gettext_noop(
            "the sides meld {melded} points in all, {over} more than all the cards of {variant_name} are worth ({worth})"
        )
    ),
    "deck.counted_points": (
        gettext_noop(
            "the sides' cards, melded and left in hand, come to {counted} points in all, {over} more than all the cards of {variant_name} are worth ({worth})"
        )
    ),
    "deck.burraco_cards": (
        gettext_noop(
            "the sides declare {burraco_list} in all, at least {needed} cards: the deck's {deck} cards make at most {most} {burraco_word}s of {burraco_min} cards"
        )
    ),
    "deck.wild_cards": (
        gettext_noop(
            "the sides declare {burraco_list} in all, which hold at least {needed} {wild_cards_text}, but the deck of {variant_name} has only {wilds}"
        )
    ),
    "deck.suit_aces": (
        gettext_noop(
            "the sides declare {burraco_list} in all, but each {burraco_word} holds {per_suit} aces of its suit: the deck of {variant_name} makes at most {most}"
        )
    ),
    "deck.aces": (
        gettext_noop(
            "the sides declare {burraco_list} in all, which hold at least {needed} aces, but the deck of {variant_name} has only {aces}"
        )
    ),
    # --- a match (scoring.matches) ---
    "match.target": gettext_noop("a match target must be above 0, not {target}"),
    "match.scores": gettext_noop("deal {deal} has {scores} scores for {sides} sides"),
    "match.already_won": (
        gettext_noop(
            "the match was already won by {winner_side} after deal {after} ({total} of {target}), "
            "so deal {deal} should not be added"
        )
    ),
    # --- a VP scale (scoring.vp) ---
    "vp.no_band": gettext_noop("a VP scale needs at least one band"),
    "vp.first_band": gettext_noop("the first band must begin at 0, not {lower}"),
    "vp.last_band_closed": gettext_noop("the last band must be open-ended ('and more')"),
    "vp.open_band_inside": gettext_noop("only the last band can be open-ended"),
    "vp.negative_bound": gettext_noop("band bounds cannot be negative"),
    "vp.bounds_go_down": gettext_noop("band bounds must go up from one band to the next"),
    "vp.band_overlaps": gettext_noop(
        "the band {lower}–{upper} must end before the next begins ({next_lower})"
    ),
    "vp.winner_below_loser": (
        gettext_noop(
            "a band gives the winner {winner} and the loser {loser}: the winner never gets less than "
            "the loser, and no one gets less than 0"
        )
    ),
    "vp.totals_differ": gettext_noop(
        "every band must share out the same VP: the band from {first_lower} gives {first_winner}–{first_loser} ({first_total} in all), the band from {lower} gives {winner}–{loser} ({total} in all)"
    ),
    "vp.winner_falls": gettext_noop(
        "the winner's VP may not go down as the difference grows: the band from {lower} gives the winner {winner}, the band after it (from {next_lower}) only {next_winner}"
    ),
    "vp.gap": gettext_noop(
        "the bands leave a gap: {lower}–{upper} ends at {upper} and the next band begins at {next_lower}, so a difference of {missing} is in no band (begin the next band at {missing})"
    ),
    # --- anything else ---
    "deal.unscorable": gettext_noop("this cannot be scored"),
}


PHRASES: dict[str, Template] = {
    "phrase.opening_need": gettext_noop(
        "had {score_before} points before this deal, so its first exposure (opening) needed {need}"
    ),
    "phrase.at_least_points": gettext_noop("at least {points} points"),
    "phrase.or_a_burraco": gettext_noop("{need} or a {burraco_word}"),
    "phrase.any_kind": gettext_noop("a {burraco} of any kind"),
    # {kind_burraco}: a kind's whole name, the reader's own ("burraco pulito") or "clean burraco"
    "phrase.a_kind_burraco": gettext_noop("a {kind_burraco}"),
    "phrase.or_other_kinds": gettext_noop("{text} (or a {others} one)"),
    "phrase.count_kind_burraco": (
        gettext_noop("{count} {kind_burraco}"),
        gettext_noop("{count} {kind_burraco}s"),
        "count",
    ),
    "phrase.no_burraco": gettext_noop("no {burraco}"),
    "phrase.jokers_and_twos": gettext_noop("cards that are jokers or 2s"),
    "phrase.twos": gettext_noop("cards that are 2s"),
    "phrase.and": gettext_noop(" and "),
    "phrase.or": gettext_noop(" or "),
    "phrase.sides_numbers": gettext_noop("sides {numbers}"),
    "phrase.where_meld": gettext_noop("{side}, meld {meld}"),
    "place.meld": gettext_noop("meld"),
    "place.hand": gettext_noop("hand"),
    "place.pot": gettext_noop("pot"),
    "place.closing discard": gettext_noop("closing discard"),
}

KIND_NAMES: dict[str, Template] = {
    "kind.clean": gettext_noop("clean"),
    "kind.dirty": gettext_noop("dirty"),
    "kind.semi-clean": gettext_noop("semi-clean"),
    "kind.noble": gettext_noop("noble"),
    "kind.royal": gettext_noop("royal"),
    "kind.wild": gettext_noop("wild"),
}

SUIT_NAMES: dict[str, Template] = {
    "suit.S": gettext_noop("spades"),
    "suit.H": gettext_noop("hearts"),
    "suit.D": gettext_noop("diamonds"),
    "suit.C": gettext_noop("clubs"),
}
