"""A tournament's prize list as the pages show it, in the reader's words: the organiser's
prizes page, the public prize list and the ceremony list read it here."""

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from tournaments.models import Tournament
from tournaments.prizes.caps import money_words
from tournaments.prizes.plans import Money, Prize, TieRule
from tournaments.selectors import prizes as read


@dataclass(frozen=True)
class ShownPrize:
    """One line of a prize list in the reader's words."""

    group: str
    place: int
    names: str
    number: int
    prize: str
    note: str


def prize_words(prize: Prize) -> str:
    if isinstance(prize, Money):
        return money_words(prize.cents, prize.currency)
    return prize.text


def note_of(line: read.PrizeLine, tie_rule: TieRule) -> str:
    """How a tie was settled for this prize ("" when it was not tied)."""
    if not line.tied:
        return ""
    if "item" in line.award.reason:
        return _("tied: an item cannot be split, the tie-breaks decide")
    return {
        TieRule.EQUAL: _("tied: shared equally"),
        TieRule.HORT: _("tied: shared by Hort"),
        TieRule.ORDER: _("tied: the tie-breaks decide"),
    }[tie_rule]


def shown(prizes: read.PrizeList, lines: list[read.PrizeLine]) -> list[ShownPrize]:
    return [
        ShownPrize(
            group=line.group_name,
            place=line.award.place,
            names=line.pair.names,
            number=line.pair.number,
            prize=prize_words(line.award.prize),
            note=note_of(line, prizes.plan.tie_rule),
        )
        for line in lines
    ]


def prize_context(tournament: Tournament) -> dict[str, Any]:
    """The prize list as the pages show it (empty when there is no plan)."""
    prizes = read.prize_list(tournament)
    if prizes is None:
        return {"prize_lines": [], "ceremony": [], "total": ""}
    return {
        "prize_lines": shown(prizes, prizes.lines),
        "ceremony": shown(prizes, prizes.ceremony),
        "total": money_words(prizes.payout.total_cents, prizes.payout.currency),
    }
