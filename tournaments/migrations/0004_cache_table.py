"""The table of every configured database cache, so that `migrate` alone prepares a database.

It does what `manage.py createcachetable` does, and through it: a table that is already there is
left alone, and a cache that is not a database cache (Redis, when REDIS_URL is set) has no table
to make. It runs once, with the caches configured at that time: a site that moves from Redis to
the database cache later runs `createcachetable` itself. Going back leaves the table in place;
the app's own models do not use it.
"""

from django.core.management import call_command
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps


def cache_tables_create(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0003_restrict_players_of_pairs"),
    ]

    operations = [
        migrations.RunPython(cache_tables_create, migrations.RunPython.noop),
    ]
