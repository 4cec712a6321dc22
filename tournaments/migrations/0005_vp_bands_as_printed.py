"""Custom VP tables as printed: [lower, upper, winner, loser] per band instead of [upper,
winner, loser]. A stored table keeps its reading: each band begins just above the one before."""

from django.db import migrations, models


def _as_printed(rows: list) -> list:
    printed, lower = [], 0
    for row in rows:
        if len(row) != 3:
            return rows  # already as printed
        upper, winner, loser = row
        printed.append([lower, upper, winner, loser])
        lower = (upper or lower) + 1
    return printed


def forwards(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    for tournament in Tournament.objects.exclude(custom_vp_bands=[]):
        tournament.custom_vp_bands = _as_printed(tournament.custom_vp_bands)
        tournament.save(update_fields=["custom_vp_bands"])


def backwards(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    for tournament in Tournament.objects.exclude(custom_vp_bands=[]):
        tournament.custom_vp_bands = [
            [upper, winner, loser] if len(row) == 4 else row
            for row in tournament.custom_vp_bands
            for _lower, upper, winner, loser in [row if len(row) == 4 else [None, *row]]
        ]
        tournament.save(update_fields=["custom_vp_bands"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0004_cache_table")]

    operations = [
        migrations.AlterField(
            model_name="tournament",
            name="custom_vp_bands",
            field=models.JSONField(
                blank=True,
                default=list,
                help_text="[lower, upper or null, winner VP, loser VP] per band, as printed.",
            ),
        ),
        migrations.RunPython(forwards, backwards),
    ]
