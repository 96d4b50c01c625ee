"""Create (or refresh) the demo account and one demo campaign per registered game (each game's
`demo` hook fills it). Safe to run again."""

import random

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from campaigns.table import services
from campaigns.table.games import games
from campaigns.table.models import Campaign

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "dawn-demo"
FRIEND_USERNAME = "demo-friend"


class Command(BaseCommand):
    help = "Create the demo user and a demo campaign for each game (idempotent)."

    def handle(self, *args, **options):
        User = get_user_model()
        demo, _ = User.objects.get_or_create(username=DEMO_USERNAME)
        demo.set_password(DEMO_PASSWORD)
        demo.save()
        friend, _ = User.objects.get_or_create(username=FRIEND_USERNAME)
        friend.set_password(DEMO_PASSWORD)
        friend.save()
        rng = random.Random(2026)
        for game, registration in games().items():
            name = registration.demo_campaign_name or f"Demo: {registration.name}"
            campaign = Campaign.objects.filter(
                game=game, name=name, memberships__user=demo, memberships__role="owner"
            ).first()
            if campaign is None:
                campaign = services.campaign_create(owner=demo, game=game, name=name)
                services.membership_join(token=campaign.invite_token, user=friend)
                services.dice_roll(campaign=campaign, actor=friend, count=3, sides=10, rng=rng)
                if registration.demo:
                    registration.demo(campaign=campaign, owner=demo, friend=friend)
        self.stdout.write(
            f"Demo data ready: log in as “{DEMO_USERNAME}” / “{DEMO_PASSWORD}” "
            f"(a second account, “{FRIEND_USERNAME}”, has the same password)."
        )
