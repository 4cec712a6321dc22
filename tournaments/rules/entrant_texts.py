"""What a page says of a tournament's entrants, as a pairs evening says it and as an individual
one does (RULES.md "Individual tournaments": the entrants are players, each alone). A pairs
evening's sentence is the msgid its page always had, so it reads, and is translated, word for
word as before; pages ask `entrant_text` (templates: `{% entrant_text %}`,
`tournaments.templatetags.entrant_texts`) instead of branching on the shape themselves.
"""

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from tournaments.rules.entrant_log_texts import LOG_TEXTS
from tournaments.rules.entrant_phase_texts import PHASE_TEXTS
from tournaments.rules.entrant_prize_texts import PRIZE_TEXTS
from tournaments.rules.entrant_refusal_texts import REFUSAL_TEXTS
from tournaments.rules.glossary import Words
from tournaments.rules.shapes import Shaped, is_individual

PAGE_TEXTS: dict[str, tuple[Any, Any]] = {
    "created": (
        _("“%(name)s” is created. Now add the pairs."),
        _("“%(name)s” is created. Now add the players."),
    ),
    "entrants": (_("Pairs"), _("Players")),
    "entrants_of": (_("Pairs of “%(name)s”"), _("Players of “%(name)s”")),
    "entrants_count": (_("Pairs: %(count)s"), _("Players: %(count)s")),
    "none_yet": (_("No pairs yet."), _("No players yet.")),
    "add": (_("Add the pairs"), _("Add the players")),
    "add_file": (_("Enter the pairs of the file"), _("Enter the players of the file")),
    "remove_label": (_("Remove pair %(number)s"), _("Remove player %(number)s")),
    "remove_confirm": (
        _("Remove pair %(number)s (%(names)s)?"),
        _("Remove player %(number)s (%(names)s)?"),
    ),
    "late_note": (
        _(
            "Round 1 is seated: a pair added now is a late pair. If round 1 has not started it "
            "is seated again with it; otherwise the pair plays from round 2 and scores nothing "
            "for round 1."
        ),
        _(
            "Round 1 is seated: a player added now is a late player. If round 1 has not started "
            "it is seated again with them; otherwise the player plays from round 2 and scores "
            "nothing for round 1."
        ),
    ),
    "finished_note": (
        _("The tournament is finished: a name can still be corrected on the pair's page."),
        _("The tournament is finished: a name can still be corrected on the player's page."),
    ),
    "closed_note": (
        _(
            "Round 2 is seated: pairs can no longer be added. A pair that leaves withdraws on "
            "its own page."
        ),
        _(
            "Round 2 is seated: players can no longer be added. A player who leaves withdraws "
            "on their own page."
        ),
    ),
    "substitute_help": (
        _(
            "A player leaves and another takes their place for the rest of the evening: the "
            "pair keeps its number and its results."
        ),
        _(
            "The player leaves and another takes their place for the rest of the evening: the "
            "number and the results so far stay."
        ),
    ),
    "link_heading": (_("Private link and pair code"), _("Private link and player code")),
    "link_help": (
        _(
            "The pair's own link for the whole evening and its pair code are on its slip, "
            "handed to the pair alone. If the slip is lost, or another pair has seen it, give "
            "the pair a new link and code: the old ones stop working at once."
        ),
        _(
            "The player's own link for the whole evening and their player code are on their "
            "slip, handed to the player alone. If the slip is lost, or someone else has seen "
            "it, give the player a new link and code: the old ones stop working at once."
        ),
    ),
    "print_one_slip": (_("Print this pair's slip"), _("Print this player's slip")),
    "reissue": (_("New link and pair code"), _("New link and player code")),
    "reissue_confirm": (
        _("Give pair %(number)s a new link and pair code? Its old slip stops working at once."),
        _(
            "Give player %(number)s a new link and player code? Their old slip stops working "
            "at once."
        ),
    ),
    "withdraw_heading": (_("Withdraw the pair"), _("Withdraw the player")),
    "withdraw_confirm": (
        _("Withdraw pair %(number)s? It plays no more rounds; its results so far count."),
        _("Withdraw player %(number)s? They play no more rounds; their results so far count."),
    ),
    "withdraw_seated": (
        _("Round %(number)s is seated but not started: choose what becomes of the pair's table."),
        _("Round %(number)s is seated but not started: choose what becomes of the player's table."),
    ),
    "withdraw_help": (
        _(
            "The pair leaves the evening: it is not seated from round %(number)s on. Its "
            "results so far keep counting, and it stays in the standings, marked “withdrawn”."
        ),
        _(
            "The player leaves the evening: they are not seated from round %(number)s on. "
            "Their results so far keep counting, and they stay in the standings, marked "
            "“withdrawn”."
        ),
    ),
    "mark_on": (_("Pair %(pair)s"), _("Player %(pair)s")),
    "results_by_players": (
        _(
            "Each pair has its own link and pair code, on a slip for it alone: print the slips "
            "and hand each pair its own at check-in. Deals the pairs disagree on wait for you "
            "on the round board."
        ),
        _(
            "Each player has their own link and player code, on a slip for them alone: print "
            "the slips and hand each player their own at check-in. Deals the players disagree "
            "on wait for you on the round board."
        ),
    ),
    "level_ranked_by": (
        _("Pairs level on VP are ranked by"),
        _("Players level on VP are ranked by"),
    ),
    "no_table_yet": (
        _(
            "Your pair has no table yet: it appears here by itself as soon as the organiser "
            "seats the round. Keep this page open, or scan your slip again later."
        ),
        _(
            "You have no table yet: it appears here by itself as soon as the organiser seats "
            "the round. Keep this page open, or scan your slip again later."
        ),
    ),
    "page_yours": (
        _(
            "This page is your pair's alone for the whole evening: it follows you from table "
            "to table. Keep your slip to yourselves."
        ),
        _(
            "This page is yours alone for the whole evening: it follows you from table to "
            "table. Keep your slip to yourself."
        ),
    ),
    "takes_over": (
        _(
            "Takes the table from the pairs' phones: they stop entering it, and you enter its "
            "deals on its page."
        ),
        _(
            "Takes the table from the players' phones: they stop entering it, and you enter "
            "its deals on its page."
        ),
    ),
    "accept_here": (
        _(
            "%(side)s, read the deal, then type your pair code (the %(digits)s digits on your "
            "pair's slip) and press Accept. You may also accept it on your own phone."
        ),
        _(
            "%(side)s, read the deal, then one of you types their player code (the %(digits)s "
            "digits on their slip) and presses Accept. You may also accept it on your own phone."
        ),
    ),
    "their_code": (_("%(side)s's pair code"), _("%(side)s: a player code")),
    "waits_for": (
        _(
            "Once sent, the deal waits for %(side)s to accept it, on this phone with their pair "
            "code or on their own: it counts only then."
        ),
        _(
            "Once sent, the deal waits for %(side)s to accept it, on this phone with one of "
            "their player codes or on their own: it counts only then."
        ),
    ),
    "print_slips": (_("Print the pair slips"), _("Print the player slips")),
    "slips_note": (
        _("one a pair, with its own link and pair code: hand each pair its own at check-in"),
        _(
            "one a player, with their own link and player code: hand each player their own "
            "at check-in"
        ),
    ),
    "slips": (_("Pair slips"), _("Player slips")),
    "slips_title": (_("Pair slips · %(name)s"), _("Player slips · %(name)s")),
    "slips_hint": (
        _(
            "One slip a pair, four an A4 page: cut along the dashed lines and hand each pair "
            "its own, to nobody else."
        ),
        _(
            "One slip a player, four an A4 page: cut along the dashed lines and hand each "
            "player their own, to nobody else."
        ),
    ),
    "code": (_("Pair code"), _("Player code")),
    "slip_how": (
        _(
            "Your pair's own page for the whole evening: your table, your deals and the "
            "standings; it follows you from table to table. Keep this slip to yourselves: "
            "whoever has it can enter your results. To accept a deal on your opponents' phone, "
            "type your pair code there."
        ),
        _(
            "Your own page for the whole evening: your table, your partner, your deals and the "
            "standings; it follows you from table to table. Keep this slip to yourself: "
            "whoever has it can enter your results. To accept a deal on your opponents' phone, "
            "type your player code there."
        ),
    ),
    "phone_note": (
        _(
            "Enter your results on your phone: scan the QR code on your pair's own slip. Each "
            "pair has its own: keep it to yourselves."
        ),
        _(
            "Enter your results on your phone: scan the QR code on your own player slip. Each "
            "player has their own: keep it to yourself."
        ),
    ),
    "swapped": (
        _("Pairs %(a)s and %(b)s have changed places."),
        _("Players %(a)s and %(b)s have changed places."),
    ),
    "movements_explained": (
        _(
            "Random draw for the first round; Mitchell: North-South stay, East-West move on; "
            "Danese: by the standings, 1st against 2nd, 3rd against 4th, no rematch where "
            "possible."
        ),
        _(
            "Random draw for the first round; 8 players: the complete schedule, 12 players: "
            "the rotation; Danese: by the standings, never the same partner twice and as few "
            "repeated opponents as possible."
        ),
    ),
    "all_agree": (
        _("No deal to decide: the pairs agree so far."),
        _("No deal to decide: the players agree so far."),
    ),
    "swap_heading": (_("Swap two pairs"), _("Swap two players")),
    "swap_button": (_("Swap the two pairs"), _("Swap the two players")),
    "swap_help": (
        _("The two pairs change places: table and direction."),
        _("The two players change places: table and seat."),
    ),
    "seat_later": (
        _(
            "You will see the seating before the round starts, and can still swap two pairs "
            "or seat it again."
        ),
        _(
            "You will see the seating before the round starts, and can still swap two players "
            "or seat it again."
        ),
    ),
    "seating_private": (
        _(
            "Only you see this seating. Check it, then publish it: it goes on the projector, "
            "“find your table” and the pairs' phones."
        ),
        _(
            "Only you see this seating. Check it, then publish it: it goes on the projector, "
            "“find your table” and the players' phones."
        ),
    ),
    "check_in_help": (
        _("Tick each pair as it arrives. A pair that opens the link on its slip checks itself in."),
        _(
            "Tick each player as they arrive. A player who opens the link on their slip is "
            "checked in by it."
        ),
    ),
    "checked_in": (
        ngettext_lazy(
            "%(present)s of %(total)s pair checked in.",
            "%(present)s of %(total)s pairs checked in.",
            "total",
        ),
        ngettext_lazy(
            "%(present)s of %(total)s player checked in.",
            "%(present)s of %(total)s players checked in.",
            "total",
        ),
    ),
    "absent_confirm": (
        ngettext_lazy(
            "Withdraw pair %(numbers)s? It plays no round this evening.",
            "Withdraw the %(count)s absent pairs (%(numbers)s)? They play no round this evening.",
            "count",
        ),
        ngettext_lazy(
            "Withdraw player %(numbers)s? They play no round this evening.",
            "Withdraw the %(count)s absent players (%(numbers)s)? They play no round this evening.",
            "count",
        ),
    ),
    "absent_list": (
        ngettext_lazy(
            "Not checked in: pair %(numbers)s.", "Not checked in: pairs %(numbers)s.", "count"
        ),
        ngettext_lazy(
            "Not checked in: player %(numbers)s.", "Not checked in: players %(numbers)s.", "count"
        ),
    ),
    "absent_withdraw": (
        ngettext_lazy("Withdraw the absent pair", "Withdraw the %(count)s absent pairs", "count"),
        ngettext_lazy(
            "Withdraw the absent player", "Withdraw the %(count)s absent players", "count"
        ),
    ),
    "absent_withdrawn": (
        _("Withdrawn as absent: pairs %(numbers)s. They play no round."),
        _("Withdrawn as absent: players %(numbers)s. They play no round."),
    ),
    "entered_from": (
        ngettext_lazy(
            "%(count)s pair entered from %(name)s.",
            "%(count)s pairs entered from %(name)s.",
            "count",
        ),
        ngettext_lazy(
            "%(count)s player entered from %(name)s.",
            "%(count)s players entered from %(name)s.",
            "count",
        ),
    ),
    "emails_of": (
        _("E-mail addresses of pair %(number)s"),
        _("E-mail addresses of player %(number)s"),
    ),
    "name_for_rounds": (
        _("Tap a column to sort, a name to see the pair's rounds."),
        _("Tap a column to sort, a name to see the player's rounds."),
    ),
    "seating_work": (
        ngettext_lazy(
            "The seating of %(pairs)s pair is worked out and saved: it takes a moment, then the "
            "round's page opens.",
            "The seating of %(pairs)s pairs is worked out and saved: it takes a moment, then "
            "the round's page opens.",
            "pairs",
        ),
        ngettext_lazy(
            "The seating of %(pairs)s player is worked out and saved: it takes a moment, then "
            "the round's page opens.",
            "The seating of %(pairs)s players is worked out and saved: it takes a moment, then "
            "the round's page opens.",
            "pairs",
        ),
    ),
}

ENTRANT_TEXTS: dict[str, tuple[Any, Any]] = {
    **PAGE_TEXTS,
    **LOG_TEXTS,
    **REFUSAL_TEXTS,
    **PRIZE_TEXTS,
    **PHASE_TEXTS,
}
"""Every sentence that names the entrants: the pages', the change log's and the refusals'."""


def entrant_text(tournament: Shaped, key: str, **values: object) -> str:
    """What a page says of the tournament's entrants (`ENTRANT_TEXTS[key]`): the pairs
    evening's sentence, or the individual one's, with `values` put in."""
    return shape_text(is_individual(tournament), key, **values)


def entrants_heading(tournaments: Iterable[Shaped]) -> str:
    """The heading over a list of tournaments' entrant counts: "Pairs", "Players" when every
    one is individual, both words when the list holds both shapes."""
    shapes = {is_individual(tournament) for tournament in tournaments}
    if len(shapes) > 1:
        return str(_("Pairs or players"))
    return shape_text(shapes == {True}, "entrants")


def shape_text(individual: bool, key: str, **values: object) -> str:
    """`entrant_text` for a reader that knows the shape but not the tournament."""
    text = ENTRANT_TEXTS[key][individual]
    return str(text % values if values else text)


def entrant_words(words: Words, individual: bool) -> Words:
    """The game's words with "pair" meaning the entrant: a player alone in an individual
    tournament (for the texts that name an entrant by `words["pair"]`)."""
    if not individual:
        return words
    return Words({**words, "pair": words["player"], "pairs": words["players"]})
