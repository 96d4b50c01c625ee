"""`manage.py export_all DIR`: every campaign as a backup file, for a nightly cron job."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand

from campaigns.table.backup import campaign_export
from campaigns.table.models import Campaign


class Command(BaseCommand):
    help = "Write every campaign as a JSON backup into DIR (campaign-<id>.json, replaced each run)."

    def add_arguments(self, parser):
        parser.add_argument("directory")

    def handle(self, *args, directory, **options):
        folder = Path(directory)
        folder.mkdir(parents=True, exist_ok=True)
        count = 0
        for campaign in Campaign.objects.order_by("pk").iterator():
            target = folder / f"campaign-{campaign.pk}.json"
            partial = target.with_suffix(".json.part")
            partial.write_text(
                json.dumps(campaign_export(campaign), ensure_ascii=False), encoding="utf-8"
            )
            partial.replace(target)  # a reader never sees half a file
            count += 1
        self.stdout.write(f"Wrote {count} campaign backup{'s' if count != 1 else ''} to {folder}.")
