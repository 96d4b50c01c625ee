"""Fixtures for every Occulites test: tribes made through the services."""

import contextlib

import pytest

from campaigns.occulites import services
from campaigns.table.models import Campaign, LedgerEntry


@pytest.fixture
def game():
    return "occulites"


@pytest.fixture
def hydris(campaign, user):
    return services.tribe_create(
        campaign=campaign, actor=user, name="Deep Pool", tribe_type="hydris", player=user
    )


@pytest.fixture
def palaudis(campaign, user):
    return services.tribe_create(
        campaign=campaign, actor=user, name="Reed Marsh", tribe_type="palaudis"
    )


@pytest.fixture
def plain(campaign, user):
    return services.tribe_create(campaign=campaign, actor=user, name="Stone Hollow")


@contextlib.contextmanager
def writes_nothing(campaign):
    """Assert the block changed neither the ledger nor the campaign version."""
    entries = LedgerEntry.objects.filter(campaign=campaign).count()
    version = Campaign.objects.get(pk=campaign.pk).version
    yield
    assert LedgerEntry.objects.filter(campaign=campaign).count() == entries
    assert Campaign.objects.get(pk=campaign.pk).version == version


@pytest.fixture
def nothing_written():
    return writes_nothing
