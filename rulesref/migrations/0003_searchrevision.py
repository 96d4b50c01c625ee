import uuid

from django.db import migrations, models


def first_token(apps, schema_editor):
    apps.get_model("rulesref", "SearchRevision").objects.create(token=uuid.uuid4().hex)


class Migration(migrations.Migration):
    dependencies = [("rulesref", "0002_search_index")]

    operations = [
        migrations.CreateModel(
            name="SearchRevision",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("token", models.CharField(max_length=32)),
            ],
        ),
        migrations.RunPython(first_token, migrations.RunPython.noop),
    ]
