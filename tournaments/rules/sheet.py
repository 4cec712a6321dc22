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
from django.utils.translation import gettext_lazy as _lazy
from django_stubs_ext import StrOrPromise

from scoring import RuleSet
from tournaments.rules.formats import PlayFormat

POINTS, COUNT, MARK, CHOICE = "points", "count", "mark", "choice"

POT_CHOICES: tuple[tuple[str, StrOrPromise], ...] = (
    ("taken", _lazy("taken")),
    ("not_taken", _lazy("not taken")),
    ("taken_unplayed", _lazy("taken but not played")),
)
"""What became of a side's pot; "taken but not played" only where it costs something."""
KIND_WORDS: dict[str, StrOrPromise] = {
    "royal": _lazy("royal"),
    "noble": _lazy("noble"),
    "clean": _lazy("clean"),
    "semi-clean": _lazy("semi-clean"),
    "dirty": _lazy("dirty"),
    "wild": _lazy("wild"),
}


@dataclass(frozen=True, slots=True)
class SheetField:
    """One thing written on the sheet: the form field `name` (a side's fields are prefixed
    ns-/ew- by the form), its label (the column's heading), what is written (`POINTS`, a
    `COUNT`, a tick `MARK` or one of `choices`) and `when` it is asked ("" always)."""

    name: str
    label: str
    kind: str
    when: str = ""
    choices: tuple[tuple[str, str], ...] = ()


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


def kind_label(rules: RuleSet, kind: str) -> str:
    return _("%(kind)s %(burraco)ss") % {
        "kind": str(KIND_WORDS.get(kind, kind)).capitalize(),
        "burraco": rules.word("burraco"),
    }


def pot_choices(rules: RuleSet) -> tuple[tuple[str, str], ...]:
    """The pot's choices the variant tells apart: a pot taken but not played counts as taken
    where it costs nothing more (its cards are simply in hand)."""
    return tuple(
        (value, str(label))
        for value, label in POT_CHOICES
        if value != "taken_unplayed" or rules.unplayed_pot_penalty
    )


def opening_possible(play_format: PlayFormat) -> bool:
    """Whether a side's opening minimum can apply in this format: only in a match, where the
    running score can pass the variant's threshold."""
    opening = play_format.rules.opening
    return opening is not None and play_format.score_before(opening.above + 1) > opening.above


def side_fields(rules: RuleSet, *, opening: bool) -> tuple[SheetField, ...]:
    """What a side writes for a deal, in the sheet's order. `opening`: the format lets the
    variant's opening minimum apply."""
    word = rules.word("burraco")
    fields = [SheetField("melded_points", _("Melded points"), POINTS)]
    if opening and rules.opening is not None:
        above = rules.opening.above
        fields += [
            SheetField(
                "opening_points",
                _("Opening points (above %(above)s)") % {"above": above},
                POINTS,
                when="opening",
            ),
            SheetField(
                "opening_canasta",
                _("Opened with a %(burraco)s") % {"burraco": word},
                MARK,
                when="opening",
            ),
        ]
    fields += [SheetField(kind_field(k), kind_label(rules, k), COUNT) for k in rules.kinds()]
    fields.append(
        SheetField("pot", rules.word("pot").capitalize(), CHOICE, choices=pot_choices(rules))
    )
    if rules.pot_penalty_in_cards:
        fields.append(SheetField("pot_points", _("Points in the pot (when not taken)"), POINTS))
    fields.append(SheetField("hand_points", _("Points left in hand"), POINTS))
    return tuple(fields)


def closed_field() -> SheetField:
    choices = (("ns", _("N-S")), ("ew", _("E-W")), ("", _("nobody")))
    return SheetField("closed", _("Who closed the deal?"), CHOICE, choices=choices)


def sheet_of(play_format: PlayFormat) -> Sheet:
    """The score sheet of a tournament's variant and format."""
    computed = [SheetField("total", _("Deal total"), POINTS)]
    if play_format.by_matches:
        computed.append(SheetField("running", _("Running total"), POINTS))
    return Sheet(
        side_fields=side_fields(play_format.rules, opening=opening_possible(play_format)),
        deal_fields=(closed_field(),),
        computed=tuple(computed),
        rows=play_format.sheet_rows(),
    )
