"""Players sort by surname with its particle (De Luca under D): a sort_name column to order by,
and the names typed before this split again, their particles moved into the surname
("Luciano De" "Luca" becomes "Luciano" "De Luca"), so that the same player typed again is
recognised rather than added twice."""

from django.db import migrations, models

from tournaments.rules.names import move_particles, sort_name

BATCH = 500


def split_and_sort(apps, schema_editor):
    player_model = apps.get_model("tournaments", "Player")
    changed = []
    for player in player_model.objects.order_by("pk").iterator(chunk_size=BATCH):
        first, last = move_particles(player.first_name, player.last_name)
        player.first_name, player.last_name = first, last
        player.sort_name = sort_name(last, first)
        changed.append(player)
        if len(changed) >= BATCH:
            player_model.objects.bulk_update(changed, ["first_name", "last_name", "sort_name"])
            changed = []
    player_model.objects.bulk_update(changed, ["first_name", "last_name", "sort_name"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0010_pairs_change"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="sort_name",
            field=models.CharField(
                db_index=True,
                default="",
                editable=False,
                help_text="The surname and first name as they sort: De Luca under D.",
                max_length=130,
                verbose_name="sorted as",
            ),
        ),
        migrations.AlterModelOptions(
            name="player",
            options={
                "ordering": ["sort_name", "pk"],
                "verbose_name": "player",
                "verbose_name_plural": "players",
            },
        ),
        migrations.RunPython(split_and_sort, migrations.RunPython.noop),
    ]
