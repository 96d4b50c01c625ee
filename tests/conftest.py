"""Fixtures shared by the whole suite: users, campaigns with members, logged-in clients."""

import pytest
from django.test import Client

from campaigns.table import services
from campaigns.table.games import games
from campaigns.table.models import Role
from tests.factories import MembershipFactory, UserFactory


@pytest.fixture
def user(db):
    return UserFactory(username="owner")


@pytest.fixture
def campaign_factory(user):
    """Make a campaign of any registered game, owned by `user` (through the service)."""

    def make(game: str, name: str = "The Long Season", owner=None):
        return services.campaign_create(owner=owner or user, game=game, name=name)

    return make


@pytest.fixture
def game():
    """The game of the `campaign` fixture; each game's test folder overrides it."""
    return next(iter(games()))


@pytest.fixture
def campaign(campaign_factory, game):
    return campaign_factory(game)


def _client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def owner_client(user):
    return _client_for(user)


@pytest.fixture
def player(campaign):
    return MembershipFactory(campaign=campaign, role=Role.PLAYER, user__username="player").user


@pytest.fixture
def player_client(player):
    return _client_for(player)


@pytest.fixture
def viewer(campaign):
    return MembershipFactory(campaign=campaign, role=Role.VIEWER, user__username="viewer").user


@pytest.fixture
def viewer_client(viewer):
    return _client_for(viewer)


@pytest.fixture
def stranger_client(db):
    return _client_for(UserFactory(username="stranger"))


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """PBKDF2 at full strength makes every user creation take ~0.3 s; tests need no strength."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
