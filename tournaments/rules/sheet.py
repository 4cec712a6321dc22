"""The score sheet of a variant, one ordered description for paper and screen.

`sheet_of(play_format)` lists, in order, what a side writes for a deal (`side_fields`), what the
deal asks once (`deal_fields`: who closed) and what the players work out and write for their own
check (`computed`: the deal's total, and in a match the running total). The printed score sheet
draws a column for each field in this order; the entry form (forms/entry.py, summary mode) asks
the same fields in the same order, so the two cannot drift apart.

A field with `when="opening"` is asked only where the variant's opening minimum applies (the
side's running score in the match is above its threshold, Spanish Buraco above 1000): the sheet
always has its column when a match can get there, the form shows it only for a deal that needs
it.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy
from django_stubs_ext import StrOrPromise

from scoring import RuleSet
from tournaments.rules.entry import running_score_matters
from tournaments.rules.formats import PlayFormat
from tournaments.rules.glossary import words_for
from tournaments.templatetags.numbers import points_text

POINTS, COUNT, MARK, CHOICE = "points", "count", "mark", "choice"

POT_CHOICES: tuple[tuple[str, StrOrPromise], ...] = (
    ("taken", pgettext_lazy("the pot", "taken")),
    ("not_taken", pgettext_lazy("the pot", "not taken")),
    ("taken_unplayed", pgettext_lazy("the pot", "taken but not played")),
)
"""What became of a side's pot; "taken but not played" only where it costs something."""


@dataclass(frozen=True, slots=True)
class SheetField:
    """One thing written on the sheet: the form field `name` (a side's fields are prefixed
    ns-/ew- by the form), its label (the column's heading), what is written (`POINTS`, a
    `COUNT`, a tick `MARK` or one of `choices`), `when` it is asked ("" always) and the
    form's help."""

    name: str
    label: str
    kind: str
    when: str = ""
    choices: tuple[tuple[str, str], ...] = ()
    help: str = ""


@dataclass(frozen=True, slots=True)
class Sheet:
    side_fields: tuple[SheetField, ...]
    deal_fields: tuple[SheetField, ...]
    computed: tuple[SheetField, ...]
    rows: int
    """Deal rows on paper: the deals of a round, or enough for a long match."""

    @property
    def has_opening(self) -> bool:
        return any(f.when == "opening" for f in self.side_fields)

    def side_names(self, *, opening: bool) -> list[str]:
        """The side's fields the form asks, in order (the opening's only when it applies)."""
        return [f.name for f in self.side_fields if opening or f.when != "opening"]


def kind_field(kind: str) -> str:
    """The field that counts one kind of burraco ("semi-clean" -> "burracos_semi_clean")."""
    return "burracos_" + kind.replace("-", "_")


def pot_choices(rules: RuleSet) -> tuple[tuple[str, str], ...]:
    """The pot's choices the variant tells apart: a pot taken but not played counts as taken
    where it costs nothing more (its cards are simply in hand)."""
    return tuple(
        (value, str(label))
        for value, label in POT_CHOICES
        if value != "taken_unplayed" or rules.unplayed_pot_penalty
    )


def unplayed_pot_note(rules: RuleSet) -> str:
    """What a side's hand leaves out where the cards of a pot taken but not played count for
    nothing (brazilian: the morto's), said beside the hand in both modes and by the card
    keyboard; empty where they are cards in hand like any other."""
    if rules.unplayed_pot_cards_count:
        return ""
    return _(
        "With the %(pot)s taken but not played, leave its cards out of the hand: they count for "
        "nothing, and the side pays %(penalty)s as if it had not taken it."
    ) % {"pot": words_for(rules.slug)["pot"], "penalty": rules.unplayed_pot_penalty}


def with_note(help_text: str, note: str) -> str:
    return f"{help_text} {note}" if note else help_text


def pot_points_refusal(rules: RuleSet, side: str, pot: str, points: int | None) -> str:
    """Why the points written for a side's pot cannot stand, or "". They are what an untaken
    pot costs where the variant charges its cards (traditional): a pot taken has none (they
    would be dropped without a word), and an untaken pot's cards are worth what a pot of the
    variant's size can hold (`RuleSet.pot_points_range`: 11 cards, 55 to 240 in traditional).
    `side` is the side as the page names it (N-S)."""
    if not rules.pot_penalty_in_cards:
        return ""
    words = words_for(rules.slug)
    values = {
        "side": side,
        "pot": words["pot"],
        "cards": rules.pot_size,
        "not_taken": pgettext("the pot", "not taken"),
        "points": points_text(points),
    }
    if pot != "not_taken":
        if not points:
            return ""
        return (
            _(
                "%(side)s took the %(pot)s: leave the points in the %(pot)s empty, or choose "
                "“%(not_taken)s”."
            )
            % values
        )
    low, high = rules.pot_points_range()
    values.update(low=points_text(low), high=points_text(high))
    if points is None:
        return (
            _(
                "%(side)s did not take the %(pot)s: write the points of its %(cards)s cards "
                "(at least %(low)s)."
            )
            % values
        )
    if points < low:
        return (
            _(
                "%(side)s: a %(pot)s of %(cards)s cards is worth at least %(low)s points, not "
                "%(points)s: write the value of its cards."
            )
            % values
        )
    if points > high:
        return (
            _(
                "%(side)s: a %(pot)s of %(cards)s cards is worth at most %(high)s points, not "
                "%(points)s: check the number."
            )
            % values
        )
    return ""


def opening_possible(play_format: PlayFormat) -> bool:
    """Whether a side's opening minimum can apply in this format: only in a match, where the
    running score can pass the variant's threshold."""
    return running_score_matters(play_format)


def side_fields(rules: RuleSet, *, opening: bool) -> tuple[SheetField, ...]:
    """What a side writes for a deal, in the sheet's order, in the game's words. `opening`:
    the variant's opening minimum can apply."""
    words = words_for(rules.slug)
    pot, burraco = words["pot"], words["burraco"]
    fields = [
        SheetField(
            "melded_points",
            _("Melded points"),
            POINTS,
            help=_("The value of the cards on the table, without the bonuses."),
        )
    ]
    if opening and rules.opening is not None:
        fields += [
            SheetField(
                "opening_points",
                _("Opening points (above %(above)s)") % {"above": rules.opening.above},
                POINTS,
                when="opening",
                help=_("The points of the melds this side laid down first."),
            ),
            SheetField(
                "opening_canasta",
                _("Opened with a %(burraco)s") % {"burraco": burraco},
                MARK,
                when="opening",
                help=_("Tick it if this side opened by laying down a %(burraco)s.")
                % {"burraco": burraco},
            ),
        ]
    fields += [
        SheetField(
            kind_field(kind),
            words.kind(kind).capitalize(),
            COUNT,
            help=_("How many this side made."),
        )
        for kind in rules.kinds()
    ]
    fields.append(
        SheetField(
            "pot",
            pot.capitalize(),
            CHOICE,
            choices=pot_choices(rules),
            help=_("Whether this side took the %(pot)s and played it.") % {"pot": pot},
        )
    )
    if rules.pot_penalty_in_cards:
        fields.append(
            SheetField(
                "pot_points",
                _("Points in the %(pot)s (when not taken)") % {"pot": pot},
                POINTS,
                help=_("The value of the cards of the %(pot)s this side left.") % {"pot": pot},
            )
        )
    fields.append(
        SheetField(
            "hand_points",
            _("Points left in hand"),
            POINTS,
            help=with_note(
                _("The value of the cards still in hand when the deal ended."),
                unplayed_pot_note(rules),
            ),
        )
    )
    return tuple(fields)


def closed_field(variant: str) -> SheetField:
    words = words_for(variant)
    choices = (("ns", words["ns"]), ("ew", words["ew"]), ("", _("nobody")))
    return SheetField(
        "closed",
        _("Who closed the deal?"),
        CHOICE,
        choices=choices,
        help=_("The pair that went out; nobody if the deal ended without a closing."),
    )


def sheet_of(play_format: PlayFormat) -> Sheet:
    """The score sheet of a tournament's variant and format."""
    computed = [SheetField("total", _("Deal total"), POINTS)]
    if play_format.match_target() is not None:
        computed.append(SheetField("running", _("Running total"), POINTS))
    return Sheet(
        side_fields=side_fields(play_format.rules, opening=opening_possible(play_format)),
        deal_fields=(closed_field(play_format.rules.slug),),
        computed=tuple(computed),
        rows=play_format.sheet_rows(),
    )


def written_total_refusal(side: str, written: int | None, total: int) -> str:
    """Why a side's total written on the paper sheet disagrees with the deal as typed ("" when
    it agrees, or when no total was written): the secretary checks her figures before saving."""
    if written is None or written == total:
        return ""
    return _(
        "%(side)s: the sheet's total is %(written)s, but the deal as typed makes %(total)s. "
        "Check the figures against the sheet (or the total typed): nothing is saved."
    ) % {"side": side, "written": points_text(written), "total": points_text(total)}
