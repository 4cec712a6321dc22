"""The refusals, notices and settings' help that name the entrants, as a pairs evening says them
and as an individual one does (issue 25): a service's or a rule's refusal, a phone's notice
about codes, the organiser's notices and the settings page's help. A pairs evening's sentence
is the msgid it always had; `rules.entrant_texts` merges these with the pages' sentences
(`ENTRANT_TEXTS`), and callers ask `entrant_text` / `shape_text` for them."""

from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

REFUSAL_TEXTS: dict[str, tuple[Any, Any]] = {
    # decisions (rules.decisions)
    "decision_choose": (
        _("Choose the pair the decision falls on."),
        _("Choose the player or the partnership the decision falls on."),
    ),
    "decision_not_at_table": (
        _("Pair %(pair)s does not play at this table: choose pair %(pairs)s."),
        _("Player %(pair)s does not play at this table: choose player %(pairs)s."),
    ),
    "withdrawn_already": (
        _("Pair %(pair)s has withdrawn already, from round %(round)s."),
        _("Player %(pair)s has withdrawn already, from round %(round)s."),
    ),
    "abandon_later_round": (
        _(
            "A later round has started: record the abandonment in the last round started, or "
            "withdraw the pair from the pairs page."
        ),
        _(
            "A later round has started: record the abandonment in the last round started, or "
            "withdraw the player from the players page."
        ),
    ),
    # codes typed on a phone (services.table_entry, selectors.players, the round board, the log)
    "wrong_codes_board": (
        _("%(count)s wrong pair codes were typed at this table: you enter its results now."),
        _("%(count)s wrong player codes were typed at this table: you enter its results now."),
    ),
    "log_wrong_codes": (
        _(
            "The organiser enters table %(table)s from now on: %(count)s wrong pair codes "
            "were typed there."
        ),
        _(
            "The organiser enters table %(table)s from now on: %(count)s wrong player codes "
            "were typed there."
        ),
    ),
    "code_wrong_last": (
        _(
            "That is not %(side)s's pair code either: after %(count)s wrong codes the "
            "organiser now enters the results of %(table_word)s %(number)s. Call the "
            "organiser."
        ),
        _(
            "That is not a player code of %(side)s either: after %(count)s wrong codes the "
            "organiser now enters the results of %(table_word)s %(number)s. Call the "
            "organiser."
        ),
    ),
    "code_wrong": (
        ngettext_lazy(
            "That is not %(side)s's pair code. %(count)s more try at this table in this round.",
            "That is not %(side)s's pair code. %(count)s more tries at this table in this round.",
            "count",
        ),
        ngettext_lazy(
            "That is not a player code of %(side)s. %(count)s more try at this table in this "
            "round.",
            "That is not a player code of %(side)s. %(count)s more tries at this table in this "
            "round.",
            "count",
        ),
    ),
    "code_digits": (
        _("A pair code has %(digits)s digits: type the %(digits)s digits on %(side)s's slip."),
        _(
            "A player code has %(digits)s digits: type the %(digits)s digits on the slip of "
            "one of %(side)s."
        ),
    ),
    "own_side_wrote": (
        _("Your own pair wrote this deal: the opponents accept it, not you."),
        _("Your side wrote this deal: the opponents accept it, not you."),
    ),
    "sent_waiting": (
        _(
            "Deal %(number)s sent. Now %(their_side)s accepts it: on this phone with their pair "
            "code, or on their own phone."
        ),
        _(
            "Deal %(number)s sent. Now %(their_side)s accepts it: on this phone with one of "
            "their player codes, or on their own phone."
        ),
    ),
    "sent_with_code": (
        _("Deal %(number)s accepted by %(side)s with their pair code: it counts."),
        _("Deal %(number)s accepted by %(side)s with a player code: it counts."),
    ),
    "note_code_here": (
        _("accepted here by %(side)s with their pair code"),
        _("accepted here by %(side)s with a player code"),
    ),
    "note_code_theirs": (
        _("accepted on %(side)s's phone with your pair code"),
        _("accepted on %(side)s's phone with your player code"),
    ),
    "other_table": (
        _(
            "This deal was written at another table, in an earlier round: it was not saved "
            "here. Your pair now plays at %(table_word)s %(number)s."
        ),
        _(
            "This deal was written at another table, in an earlier round: it was not saved "
            "here. You now play at %(table_word)s %(number)s."
        ),
    ),
    # check-in (services.evening)
    "has_withdrawn": (
        _("Pair %(pair)s has withdrawn."),
        _("Player %(pair)s has withdrawn."),
    ),
    "all_checked_in": (
        _("Every pair is checked in: nobody is absent."),
        _("Every player is checked in: nobody is absent."),
    ),
    "absent_changed": (
        _("The absent pairs changed meanwhile: check the list again before withdrawing them."),
        _("The absent players changed meanwhile: check the list again before withdrawing them."),
    ),
    "too_few_checked_in": (
        _("Fewer than two pairs are checked in: nobody could play."),
        _("Fewer than two players are checked in: nobody could play."),
    ),
    # the change log's check-in lines (selectors.evening)
    "log_absent_before": (
        _("Absent pairs withdrawn before round 1: %(numbers)s."),
        _("Absent players withdrawn before round 1: %(numbers)s."),
    ),
    "log_unticked": (
        _("Pair %(pair)s is no longer ticked present."),
        _("Player %(pair)s is no longer ticked present."),
    ),
    "log_checked_in_by_link": (
        _("Pair %(pair)s checked in by opening its link."),
        _("Player %(pair)s checked in by opening their link."),
    ),
    "log_ticked": (_("Pair %(pair)s ticked present."), _("Player %(pair)s ticked present.")),
    # the organiser's pages (templates: tournament_detail, the round board, a rename)
    "no_round_yet": (
        _("No round seated yet. Add the pairs, then press “Seat round 1”."),
        _("No round seated yet. Add the players, then press “Seat round 1”."),
    ),
    "accepted_both_then_failed": (
        _(
            "Accepted by both pairs while the deal before was with you; once it was decided, "
            "this deal no longer passes the checks: %(reason)s"
        ),
        _(
            "Accepted by both sides while the deal before was with you; once it was decided, "
            "this deal no longer passes the checks: %(reason)s"
        ),
    ),
    "rename_or_substitute": (
        _(
            "A rename is for a name written wrong: %(old)s becomes %(new)s everywhere, even in "
            "the tournaments %(old)s played. If %(new)s is someone else who plays in place of "
            "%(old)s, bring in a substitute instead: the pair keeps its results and says who "
            "played which rounds."
        ),
        _(
            "A rename is for a name written wrong: %(old)s becomes %(new)s everywhere, even in "
            "the tournaments %(old)s played. If %(new)s is someone else who plays in place of "
            "%(old)s, bring in a substitute instead: the results stay with the number, and its "
            "page says who played which rounds."
        ),
    ),
    "withdrawn_no_substitute": (
        _("The pair has withdrawn: no substitute can join it."),
        _("The player has withdrawn: no substitute can take their place."),
    ),
    "seating_publish_help": (
        _(
            "By hand, you see each round's seating first and change it if need be; the "
            "projector, “find your table” and the pairs' phones show it once you publish it. "
            "Starting the round publishes it too."
        ),
        _(
            "By hand, you see each round's seating first and change it if need be; the "
            "projector, “find your table” and the players' phones show it once you publish it. "
            "Starting the round publishes it too."
        ),
    ),
    # the entrants' changes (services.pairs, services.pair_changes, views.organiser)
    "withdraw_unseated": (
        _("No round is seated yet: remove pair %(pair)s instead."),
        _("No round is seated yet: remove player %(pair)s instead."),
    ),
    "withdrawn_notice": (
        _("Pair %(pair)s has withdrawn: it plays no more from round %(round)s."),
        _("Player %(pair)s has withdrawn: they play no more from round %(round)s."),
    ),
    "reseated_without": (
        _("Round %(round)s is seated again without it."),
        _("Round %(round)s is seated again without them."),
    ),
    "not_in_entrant": (
        _("%(name)s does not play in pair %(pair)s."),
        _("%(name)s is not player %(pair)s."),
    ),
    "substitute_rounds": (
        _("A substitute of pair %(pair)s plays from a round between %(low)s and %(high)s."),
        _("A substitute of player %(pair)s plays from a round between %(low)s and %(high)s."),
    ),
    "already_entered": (
        _("%(name)s is already in a pair of this tournament."),
        _("%(name)s already plays in this tournament."),
    ),
    "remove_too_late": (
        _("A pair can only be removed before the first round is seated."),
        _("A player can only be removed before the first round is seated."),
    ),
    "remove_then_withdraw": (
        _("From then on a pair that leaves withdraws, on its own page."),
        _("From then on a player who leaves withdraws, on their own page."),
    ),
    "removed": (_("Pair %(number)s removed."), _("Player %(number)s removed.")),
    "added": (
        ngettext_lazy("%(count)s pair added.", "%(count)s pairs added.", "count"),
        ngettext_lazy("%(count)s player added.", "%(count)s players added.", "count"),
    ),
    "write_one": (
        _("Write at least one pair, one a line."),
        _("Write at least one player, one a line."),
    ),
    "reissued": (
        _(
            "Pair %(pair)s has a new link and a new pair code: its old slip opens nothing "
            "from now on. Print its new slip and hand it to the pair."
        ),
        _(
            "Player %(pair)s has a new link and a new player code: their old slip opens "
            "nothing from now on. Print their new slip and hand it to the player."
        ),
    ),
    "paste_too_many": (
        _("Add at most %(most)s pairs at a time: this has %(lines)s lines. Paste them in parts."),
        _("Add at most %(most)s players at a time: this has %(lines)s lines. Paste them in parts."),
    ),
    "file_too_long": (
        _("A file may enter at most %(most)s pairs: this one has more than %(rows)s rows."),
        _("A file may enter at most %(most)s players: this one has more than %(rows)s rows."),
    ),
    "file_too_wide": (
        _(
            "Row %(row)s, column %(column)s: a file of pairs is read in its first %(most)s "
            "columns (A to %(last)s). Is it the right file?"
        ),
        _(
            "Row %(row)s, column %(column)s: a file of players is read in its first %(most)s "
            "columns (A to %(last)s). Is it the right file?"
        ),
    ),
    "file_too_large": (
        _(
            "This Excel file holds far more than a file of pairs: save the sheet of pairs "
            "alone, as .xlsx or CSV, and upload it again."
        ),
        _(
            "This Excel file holds far more than a file of players: save the sheet of players "
            "alone, as .xlsx or CSV, and upload it again."
        ),
    ),
    "file_empty": (
        _("The file is empty: write one pair a row."),
        _("The file is empty: write one player a row."),
    ),
    "file_too_many": (
        _("A file may enter at most %(most)s pairs: this one has %(rows)s rows."),
        _("A file may enter at most %(most)s players: this one has %(rows)s rows."),
    ),
    "file_no_entrant": (
        _("The file has a header but no pair: write one pair a row."),
        _("The file has a header but no player: write one player a row."),
    ),
    "swap_different": (
        _("Choose two different pairs to swap."),
        _("Choose two different players to swap."),
    ),
    "swap_both_seated": (
        _("Both pairs must be seated in this round."),
        _("Both players must be seated in this round."),
    ),
    # the settings page (forms.settings)
    "result_entry_help": (
        _(
            "With the players: each pair gets one private link for the whole evening, on its "
            "pair slip (print the slips and hand each pair its own). One pair writes each deal "
            "on its phone, the opponents accept it on theirs or on the same phone with their "
            "pair code, and it counts only then; you settle any disagreement and can always "
            "enter or correct a table yourself."
        ),
        _(
            "With the players: each player gets one private link for the whole evening, on "
            "their player slip (print the slips and hand each player their own). One side "
            "writes each deal on a phone, the opponents accept it on one of theirs or on the "
            "same phone with a player code, and it counts only then; you settle any "
            "disagreement and can always enter or correct a table yourself."
        ),
    ),
    "tie_break_help": (
        _(
            "Head-to-head is what the level pairs scored against each other. Pairs still level "
            "after both share the place. In a match-format evening, matches won take the place "
            "of VP and the point difference that of MP."
        ),
        _(
            "Head-to-head is what the level players scored against each other. Players still "
            "level after both share the place. In a match-format evening, matches won take the "
            "place of VP and the point difference that of MP."
        ),
    ),
    "rounds_help": (
        _("How many rounds the evening has; each round the pairs change tables."),
        _("How many rounds the evening has; each round the players change tables and partners."),
    ),
    "bye_follows_label": (
        _("Give the pair that sits out the award of the VP scale"),
        _("Give the player who sits out the award of the VP scale"),
    ),
}
