"""Room in every page of the pairs' table, on PostgreSQL, for their standings to be rewritten in
place.

A table finishing in a national field rewrites the standing of hundreds of pairs (every rank
between its two pairs moves). In pages packed full (PostgreSQL's default), each new row version
goes to another page and every index of the table gets a new entry for it: 9 ms for the UPDATE
at a 500-pair round's end, while the tournament's row is held and every other table's save
waits. With a fifth of each page free the new version stays in its page and no index is
touched (a "HOT" update): 2 ms (docs/performance.md). Pages written from now on keep the room;
older ones get it when the table is rewritten (VACUUM FULL). Other databases have no such
setting: nothing is done there.
"""

from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

FILLFACTOR = 70


def _set(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor, percent: int) -> None:
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return
    table = connection.ops.quote_name(apps.get_model("tournaments", "Pair")._meta.db_table)
    schema_editor.execute(f"ALTER TABLE {table} SET (fillfactor = {percent})")


def room_set(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _set(apps, schema_editor, FILLFACTOR)


def room_unset(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _set(apps, schema_editor, 100)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0031_table_results_version"),
    ]

    operations = [
        migrations.RunPython(room_set, room_unset, elidable=False),
    ]
