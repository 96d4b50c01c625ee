"""`manage.py import_campaign FILE --owner USERNAME [--attach-members]`: restore a backup."""

import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from campaigns.table.backup import campaign_import
from campaigns.table.errors import ValidationError


class Command(BaseCommand):
    help = "Create a new campaign from a JSON backup, owned by --owner."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--owner", required=True, help="username of the new owner")
        parser.add_argument(
            "--attach-members",
            action="store_true",
            help="add the backup's members who have an account on this server",
        )

    def handle(self, *args, file, owner, attach_members=False, **options):
        user = get_user_model().objects.filter(username=owner).first()
        if user is None:
            raise CommandError(f"No user is called “{owner}”.")
        try:
            with open(file, encoding="utf-8") as handle:
                data = json.load(handle)
        except (OSError, ValueError) as error:
            raise CommandError(f"Cannot read {file}: {error}") from None
        try:
            campaign = campaign_import(data, owner=user, attach_members=attach_members)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from None
        self.stdout.write(f"Restored “{campaign.name}” as campaign {campaign.pk}.")
