"""Fixtures for every Dawnshade test: the `campaign` fixture is a Kinship's campaign, and a
Kinship with three characters made through the services."""

import contextlib

import pytest

from campaigns.dawnshade import services
from campaigns.table.models import Campaign, LedgerEntry

ASH = {"agi": 2, "atk": 2, "items": 2, "hp": 5, "def": 1, "dev": 1}
FLASH = {"agi": 3, "atk": 1, "items": 3, "hp": 4, "def": 2, "dev": 2}
WYSP = {"agi": 2, "atk": 1, "items": 2, "hp": 4, "def": 1, "dev": 3}


@pytest.fixture
def game():
    return "dawnshade"


def make_kinship(
    campaign,
    actor,
    *,
    mode="trilogy",
    difficulty="normal",
    names=("Ash", "Flash", "Wysp"),
    **settings,
):
    services.kinship_create(
        campaign=campaign, actor=actor, mode=mode, difficulty=difficulty, **settings
    )
    stats = {"Ash": ASH, "Flash": FLASH, "Wysp": WYSP}
    return [
        services.character_add(campaign=campaign, actor=actor, name=name, stats=stats[name])
        for name in names
    ]


@pytest.fixture
def trio(campaign, user):
    """A Trilogy Kinship (Normal) of Ash, Flash and Wysp, before its first game."""
    return make_kinship(campaign, user)


@pytest.fixture
def playing(campaign, user, trio):
    """The trio in game 1, standing on the Starting Village."""
    services.chapter_start(campaign=campaign, actor=user)
    return trio


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
