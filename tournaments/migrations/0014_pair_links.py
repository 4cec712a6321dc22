# A pair's link belongs to the pair for the whole evening (Pair.token), with a pair code, and no
# longer to its seat in one round (Seat.token is gone).
#
# Every pair gets a NEW link and code: the seats' links were printed on the public seating and
# the score sheets, so keeping any of them would keep an evening's links in everyone's hands.
# An evening running during the upgrade prints its pair slips and hands them out again.

import django.utils.timezone
from django.db import migrations, models

import tournaments.models.tournaments


def give_every_pair_a_link_and_a_code(apps, schema_editor):
    Pair = apps.get_model("tournaments", "Pair")
    pairs = list(Pair.objects.order_by("tournament_id", "number").only("pk", "tournament_id"))
    taken: dict[int, set[str]] = {}
    for pair in pairs:
        codes = taken.setdefault(pair.tournament_id, set())
        code = tournaments.models.tournaments.new_pair_code()
        while code in codes:
            code = tournaments.models.tournaments.new_pair_code()
        codes.add(code)
        pair.token = tournaments.models.tournaments.new_link_token()
        pair.code = code
    Pair.objects.bulk_update(pairs, ["token", "code"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0013_ordering_without_joins"),
    ]

    operations = [
        migrations.RemoveField(
            model_name="seat",
            name="token",
        ),
        migrations.AddField(
            model_name="dealproposal",
            name="accepted_with_code",
            field=models.BooleanField(
                default=False,
                help_text="The opponents accepted it on the phone of the pair that wrote it.",
                verbose_name="accepted with the pair code",
            ),
        ),
        # a link and a code for every pair already entered, then the fields as the model has them
        migrations.AddField(
            model_name="pair",
            name="token",
            field=models.CharField(
                editable=False, max_length=32, null=True, verbose_name="private link"
            ),
        ),
        migrations.AddField(
            model_name="pair",
            name="code",
            field=models.CharField(
                default="", editable=False, max_length=8, verbose_name="pair code"
            ),
        ),
        migrations.RunPython(give_every_pair_a_link_and_a_code, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="pair",
            name="token",
            field=models.CharField(
                default=tournaments.models.tournaments.new_link_token,
                editable=False,
                max_length=32,
                unique=True,
                verbose_name="private link",
            ),
        ),
        migrations.AlterField(
            model_name="pair",
            name="code",
            field=models.CharField(
                default=tournaments.models.tournaments.new_pair_code,
                editable=False,
                max_length=8,
                verbose_name="pair code",
            ),
        ),
        migrations.AddField(
            model_name="pair",
            name="link_issued_at",
            field=models.DateTimeField(
                default=django.utils.timezone.now, editable=False, verbose_name="link issued at"
            ),
        ),
        migrations.AddConstraint(
            model_name="pair",
            constraint=models.UniqueConstraint(
                fields=("tournament", "code"), name="pair_code_unique"
            ),
        ),
        migrations.AddField(
            model_name="table",
            name="wrong_codes",
            field=models.PositiveSmallIntegerField(
                default=0,
                help_text="Pair codes typed wrong at this table in its round; past the limit the organiser enters it.",
                verbose_name="wrong pair codes",
            ),
        ),
        migrations.AlterField(
            model_name="tournamentevent",
            name="kind",
            field=models.CharField(
                choices=[
                    ("imported", "Imported from a backup"),
                    ("settings", "Settings changed"),
                    ("pair_added", "Pair added"),
                    ("pair_renamed", "Name corrected"),
                    ("pair_removed", "Pair removed"),
                    ("pair_withdrawn", "Pair withdrawn"),
                    ("pair_joined", "Late pair joined"),
                    ("substituted", "Player substituted"),
                    ("seats_swapped", "Seats swapped"),
                    ("round_seated", "Round seated"),
                    ("round_reseated", "Round seated again"),
                    ("round_started", "Round started"),
                    ("published", "Published"),
                    ("unpublished", "Unpublished"),
                    ("finished", "Finished"),
                    ("reopened", "Reopened"),
                    ("deal_restored", "Deal restored"),
                    ("table_entry", "Who enters a table's results changed"),
                    ("link_issued", "New link and code issued"),
                ],
                max_length=20,
                verbose_name="kind",
            ),
        ),
    ]
