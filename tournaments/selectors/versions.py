"""A deal as a pair wrote it on its phone, readable at a glance in the reader's language, and
two versions of one deal compared line by line (what they write differently highlighted): for
the organiser's deals to decide and for the pairs' phones."""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, pgettext

from tournaments.models import DealProposal, Seat
from tournaments.rules.glossary import KIND_TERMS, words_for
from tournaments.rules.sheet import kind_field

NS, EW = Seat.Direction.NS.value, Seat.Direction.EW.value


@dataclass(frozen=True)
class VersionLine:
    """One thing a pair wrote about a side ("Pot: not taken"), and whether the other version of
    the same deal says something else there."""

    key: str
    label: str
    value: str
    differs: bool = False

    @property
    def text(self) -> str:
        return f"{self.label}: {self.value}"


@dataclass(frozen=True)
class VersionSide:
    """One side of a written deal, as typed: what the score sheet says, or the cards."""

    key: str
    label: str
    total: int
    closed: bool
    lines: tuple[VersionLine, ...]
    total_differs: bool = False


@dataclass(frozen=True)
class Version:
    """A deal as one pair wrote it, readable at a glance."""

    proposal: DealProposal
    by_label: str
    sides: tuple[VersionSide, ...]


def version_of(proposal: DealProposal, variant: str) -> Version:
    """A written deal in the reader's words: per side its total and what was typed."""
    words = words_for(variant)
    labels = {NS: words["ns"], EW: words["ew"]}
    sides = []
    for key, side in zip((NS, EW), proposal.entry.get("sides", []), strict=False):
        sides.append(
            VersionSide(
                key=key,
                label=labels[key],
                total=int(proposal.totals.get(key, 0)),
                closed=bool(side.get("closed")),
                lines=tuple(_side_lines(side, words)),
            )
        )
    return Version(proposal=proposal, by_label=labels[proposal.direction], sides=tuple(sides))


def versions_compared(proposals: Iterable[DealProposal], variant: str) -> tuple[Version, ...]:
    """Two (or more) versions of one deal, each line that is not the same in all of them marked
    as differing, and a line one version has and another lacks (a burraco, the pot's value)
    added to the other with its empty value, so every difference shows on both sides."""
    versions = [version_of(p, variant) for p in proposals]
    if len(versions) < 2:
        return tuple(versions)
    compared = []
    for version in versions:
        sides = []
        for side in version.sides:
            others = [
                other_side
                for other in versions
                for other_side in other.sides
                if other is not version and other_side.key == side.key
            ]
            sides.append(_side_compared(side, others))
        compared.append(Version(version.proposal, version.by_label, tuple(sides)))
    return tuple(compared)


def _side_compared(side: VersionSide, others: list[VersionSide]) -> VersionSide:
    every = [side, *others]
    labels: dict[str, str] = {}
    for one in every:
        for line in one.lines:
            labels.setdefault(line.key, line.label)
    values = [{line.key: line.value for line in one.lines} for one in every]
    lines = []
    for key, label in labels.items():
        empty = "0" if key.startswith("burracos.") else "–"
        mine = values[0].get(key, empty)
        differs = any(other.get(key, empty) != mine for other in values[1:])
        lines.append(VersionLine(key=key, label=label, value=mine, differs=differs))
    return VersionSide(
        key=side.key,
        label=side.label,
        total=side.total,
        closed=side.closed,
        lines=tuple(lines),
        total_differs=any(other.total != side.total for other in others),
    )


def _side_lines(side: dict[str, Any], words: Any) -> Iterable[VersionLine]:
    """What a side says, line by line, each label in the reader's language (the labels are
    kept out of f-strings, where makemessages does not find them)."""
    pot = {
        "taken": pgettext("the pot", "taken"),
        "not_taken": pgettext("the pot", "not taken"),
        "taken_unplayed": pgettext("the pot", "taken, not played"),
    }
    hand_word = pgettext("cards left in hand", "Hand")
    if "melds" in side:
        meld_word = pgettext("one meld of cards", "Meld")
        for number, meld in enumerate(side.get("melds", []), 1):
            yield VersionLine(f"meld.{number}", f"{meld_word} {number}", " ".join(meld).upper())
        hand = " ".join(side.get("hand", [])).upper()
        yield VersionLine("hand", hand_word, hand or "–")
    else:
        melded_word = pgettext("points of the melds", "Melded")
        yield VersionLine("melded_points", melded_word, str(side.get("melded_points", 0)))
        for kind, count in (side.get("burracos") or {}).items():
            name = words.kind(kind) if kind in KIND_TERMS else kind_field(kind)
            yield VersionLine(f"burracos.{kind}", f"{name[:1].upper()}{name[1:]}", str(count))
        yield VersionLine("hand_points", hand_word, str(side.get("hand_points", 0)))
    if "opening_points" in side:
        opening_word = pgettext("a side opening", "Opening")
        yield VersionLine("opening_points", opening_word, str(side["opening_points"]))
    pot_word = words["pot"].capitalize()
    yield VersionLine("pot", pot_word, pot.get(side.get("pot", ""), side.get("pot", "")))
    if "pot_points" in side:
        value_word = gettext("Points in the %(pot)s") % {"pot": words["pot"]}
        yield VersionLine("pot_points", value_word, str(side["pot_points"]))
    closing_word = words["closing"].capitalize()
    closed = (
        pgettext("closed the deal", "yes")
        if side.get("closed")
        else pgettext("closed the deal", "no")
    )
    yield VersionLine("closed", closing_word, closed)
