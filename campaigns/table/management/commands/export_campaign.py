"""`manage.py export_campaign ID [-o FILE]`: one campaign as a backup file (stdout by default)."""

import json

from django.core.management.base import BaseCommand, CommandError

from campaigns.table.backup import campaign_export
from campaigns.table.models import Campaign


class Command(BaseCommand):
    help = "Write one campaign as a JSON backup (to stdout, or to a file with -o)."

    def add_arguments(self, parser):
        parser.add_argument("campaign_id", type=int)
        parser.add_argument("-o", "--output", help="file to write (default: stdout)")

    def handle(self, *args, campaign_id, output=None, **options):
        campaign = Campaign.objects.filter(pk=campaign_id).first()
        if campaign is None:
            raise CommandError(f"No campaign has id {campaign_id}.")
        text = json.dumps(campaign_export(campaign), ensure_ascii=False, indent=1)
        if output:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text)
            self.stdout.write(f"Wrote “{campaign.name}” to {output}.")
        else:
            self.stdout.write(text)
