"""Reads for the exports that no page lists: every deal side of a tournament."""

from tournaments.models import DealSide, Seat, Tournament

DIRECTION_ORDER: dict[str, int] = {Seat.Direction.NS: 0, Seat.Direction.EW: 1}


def deal_sides_of(tournament: Tournament) -> list[DealSide]:
    """Every deal side of a tournament with its deal, table, round, pair and players, in round,
    table, deal and direction (N-S first) order: one query, whatever the size."""
    sides = DealSide.objects.filter(deal__table__round__tournament=tournament).select_related(
        "deal__table__round", "pair__player_one", "pair__player_two"
    )
    return sorted(
        sides,
        key=lambda s: (
            s.deal.table.round.number,
            s.deal.table.number,
            s.deal.number,
            DIRECTION_ORDER.get(s.direction, 2),
        ),
    )
