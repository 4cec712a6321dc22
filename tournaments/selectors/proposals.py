"""The deal a phone's step is about, read under its table's lock (services/players.py,
services/queued_deals.py): each with its pair, in SQL compiled once a process
(`selectors.compiled`). At a national round's end every write and accept asks two of them, and
Django took four times longer to compile each than the database took to answer it."""

from tournaments.models import DealProposal, Pair
from tournaments.selectors.compiled import CompiledRead, joined, joined_columns

WITH_PAIR = [("", DealProposal), ("pair", Pair)]
COLUMNS = joined_columns(WITH_PAIR)

_OF_TABLE = CompiledRead(
    lambda table_id, proposal_id: DealProposal.objects.filter(
        table_id=table_id, pk=proposal_id
    ).values_list(*COLUMNS)
)
_SENT_WITH = CompiledRead(
    lambda table_id, key: (
        DealProposal.objects.filter(table_id=table_id, key=key)
        .order_by("pk")
        .values_list(*COLUMNS)[:1]
    )
)
_QUEUED = CompiledRead(
    lambda table_id, number: (
        DealProposal.objects.filter(
            table_id=table_id, number=number, status=DealProposal.Status.QUEUED
        )
        .order_by("pk")
        .values_list(*COLUMNS)[:1]
    )
)


def _first(rows: list[tuple[object, ...]]) -> DealProposal | None:
    return joined(rows[0], WITH_PAIR, DealProposal) if rows else None


def proposal_of_table(table_id: int, proposal_id: int) -> DealProposal | None:
    """Proposal `proposal_id` if it is one of the table's."""
    return _first(_OF_TABLE.rows(table_id, proposal_id))


def proposal_sent_with(table_id: int, key: str) -> DealProposal | None:
    """The table's proposal a phone sent with `key` (a step sent twice), if any."""
    return _first(_SENT_WITH.rows(table_id, key))


def queued_proposal(table_id: int, number: int) -> DealProposal | None:
    """Deal `number` of the table, accepted while an earlier deal was with the organiser."""
    return _first(_QUEUED.rows(table_id, number))
