"""Reads of the money of the evening: each entrant's fee and whether it is paid, and the
treasurer's totals with the prizes' money (`rules.money`)."""

from dataclasses import dataclass

from tournaments.models import Pair, Tournament
from tournaments.prizes.caps import money_words
from tournaments.rules.money import Till, fee_due, till
from tournaments.selectors import prizes

CURRENCY = "EUR"


@dataclass(frozen=True)
class Owed:
    pair: Pair
    cents: int
    paid: bool


def owed_by(tournament: Tournament) -> list[Owed]:
    """Each entrant playing, by number, with what it owes (a pair's two players, or one player
    alone); an entrant withdrawn before round 1 owes nothing, one that withdrew later still
    owes its fee."""
    pairs = tournament.pairs.select_related("player_one", "player_two").order_by("number")
    fee, per = tournament.entry_fee_cents, tournament.fee_per
    return [
        Owed(
            pair,
            fee_due(fee, per, 1 if pair.player_two_id is None else 2),
            pair.fee_paid_at is not None,
        )
        for pair in pairs
        if pair.withdrawn_from != 1
    ]


def till_of(tournament: Tournament, owed: list[Owed] | None = None) -> Till:
    """The treasurer's totals: the fees and the prizes' money paid out once finished."""
    owed = owed_by(tournament) if owed is None else owed
    paid_out = 0
    if tournament.is_finished:
        listed = prizes.prize_list(tournament)
        paid_out = listed.payout.total_cents if listed is not None else 0
    return till(((row.cents, row.paid) for row in owed), paid_out)


def euros(cents: int) -> str:
    """An amount in the reader's language ("€ 7.50")."""
    return money_words(cents, CURRENCY)
