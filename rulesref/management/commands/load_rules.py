"""Load the rules reference from rulesref/entries into the database (idempotent)."""

from django.core.management.base import BaseCommand

from rulesref.loading import sync_reference


class Command(BaseCommand):
    help = "Bring the rules reference in the database in line with rulesref/entries."

    def handle(self, *args, **options):
        counts = sync_reference()
        self.stdout.write(
            "Rules reference: {created} new, {updated} updated, {deleted} removed, "
            "{unchanged} unchanged.".format(**counts)
        )
