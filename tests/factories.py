"""factory-boy factories shared by every test module."""

import factory
from django.contrib.auth import get_user_model

from campaigns.table.models import Campaign, Membership, Role, new_invite_token

TEST_PASSWORD = "a-long-test-passphrase"
# What a request from htmx carries; pages answer with their partial.
HTMX = {"HX-Request": "true"}


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    password = factory.PostGenerationMethodCall("set_password", TEST_PASSWORD)

    @factory.post_generation
    def save_password(obj, create, extracted, **kwargs):
        if create:
            obj.save()


class CampaignFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Campaign

    game = "occulites"
    name = factory.Sequence(lambda n: f"Campaign {n}")
    invite_token = factory.LazyFunction(new_invite_token)


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    campaign = factory.SubFactory(CampaignFactory)
    user = factory.SubFactory(UserFactory)
    role = Role.PLAYER
