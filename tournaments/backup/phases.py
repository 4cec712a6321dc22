"""A tournament's phases and gironi in a backup file: written only for a tournament that has a
plan stored or pairs with a category (a single-field tournament's file stays as it was), and
restored after its tables, each girone with its pairs (by number) and its tables (by round and
table number)."""

from collections.abc import Iterable
from typing import Any

from tournaments.backup.fields import Row
from tournaments.backup.values import as_list, as_object, bad, field_values, whole_number
from tournaments.models import Girone, GironeEntry, Pair, Phase, Table, Tournament

PHASE_FIELDS = (
    "number", "name", "first_round", "last_round", "scope", "split", "girone_count", "carry",
    "carry_share",
)  # fmt: skip
"""A phase, with "gironi": each {"number", "name", "pairs": [pair numbers], "tables":
[[round, table], …]}; the list is optional when read (files of single-field tournaments, and
those written before phases existed, have none)."""


def phases_export(
    tournament: Tournament, pairs: Iterable[Pair], *, has_phases: bool
) -> dict[str, Any]:
    """The file's "phases" and "categories" ([pair number, category]), when there are any
    (`pairs`: the pairs already read; `has_phases`: whether to read the phases, so that a
    single-field tournament's export costs no query more)."""
    pair_number = {pair.pk: pair.number for pair in pairs}
    categories = [[pair.number, pair.category] for pair in pairs if pair.category]
    phases = list(tournament.phases.order_by("number")) if has_phases else []
    if not phases and not categories:
        return {}
    tables: dict[int, list[list[int]]] = {}
    for girone_id, round_number, number in (
        Table.objects.filter(girone__phase__tournament=tournament)
        .order_by("round__number", "number")
        .values_list("girone_id", "round__number", "number")
    ):
        tables.setdefault(girone_id, []).append([round_number, number])
    rows = []
    for phase in phases:
        gironi = [
            {
                "number": girone.number,
                "name": girone.name,
                "pairs": sorted(pair_number[e.pair_id] for e in girone.entries.all()),
                "tables": tables.get(girone.pk, []),
            }
            for girone in phase.gironi.order_by("number").prefetch_related("entries")
        ]
        rows.append({**{name: getattr(phase, name) for name in PHASE_FIELDS}, "gironi": gironi})
    return {"phases": rows, "categories": categories}


def restore_phases(
    data: Row,
    tournament: Tournament,
    pairs: dict[int, Pair],
    tables: dict[tuple[int, int], Table],
) -> None:
    """The file's phases, gironi and categories, checked as they are saved."""
    for row in as_list(data, "categories", "the file") if "categories" in data else []:
        if not isinstance(row, list) or len(row) != 2 or row[0] not in pairs:
            raise bad("a category", "should be [pair number, category] of a pair in the file")
        if not isinstance(row[1], str) or len(row[1]) > 40:
            raise bad(f"pair {row[0]}'s category", "should be a text of up to 40 characters")
        Pair.objects.filter(pk=pairs[row[0]].pk).update(category=row[1])
    for row in as_list(data, "phases", "the file") if "phases" in data else []:
        row = as_object(row, "a phase")
        values = field_values(Phase, row, PHASE_FIELDS, "a phase")
        phase = Phase.objects.create(tournament=tournament, **values)
        where = f"phase {phase.number}"
        for girone_row in as_list(row, "gironi", where):
            girone_row = as_object(girone_row, f"a girone of {where}")
            name = girone_row.get("name")
            if not isinstance(name, str) or not 0 < len(name) <= 40:
                raise bad(f"a girone of {where}", 'needs "name", a text of up to 40 characters')
            girone = Girone.objects.create(
                phase=phase, number=whole_number(girone_row, "number", where), name=name
            )
            members = as_list(girone_row, "pairs", f"girone {name}")
            if any(number not in pairs for number in members):
                raise bad(f"girone {name}", "names a pair that is not in the file")
            GironeEntry.objects.bulk_create(
                GironeEntry(girone=girone, pair=pairs[number]) for number in members
            )
            for place in as_list(girone_row, "tables", f"girone {name}"):
                key = tuple(place) if isinstance(place, list) else ()
                if key not in tables:
                    raise bad(f"girone {name}", "names a table that is not in the file")
                table = tables[key]
                table.girone = girone
                table.save(update_fields=["girone"])
