"""Fixtures for every Glow test: the shared `campaign` is a Glow group, with its settings
entered and plays made through the services."""

import datetime
import random

import pytest

from campaigns.glow import services
from campaigns.glow.services import SeatEntry

TILE_FACES = [(1, "+"), (2, "-"), (3, "+"), (1, "-"), (2, "+"), (3, "-"), (2, "+"), (1, "+")]
VILLAGES = [(3, 1), (5, 1), (8, 1), (12, 2), (15, 2), (18, 3), (21, 4), (25, 5), (30, 3)]
SPECIAL_COUNTS = {
    "footprint": 3,
    "cluster": 2,
    "yellow_creature": 2,
    "cemetery": 3,
    "cancel_element": 2,
}
PLAYED_ON = datetime.date(2026, 5, 1)


class NoShuffle(random.Random):
    """Keeps Tom's tiles in entry order, so a test can follow them by hand."""

    def shuffle(self, items):
        pass


@pytest.fixture
def game():
    return "glow"


@pytest.fixture
def solo_settings(campaign, user):
    """The values Tom needs that the expansion does not print, entered once."""
    services.settings_tile_faces_set(campaign=campaign, actor=user, faces=TILE_FACES)
    services.settings_villages_set(campaign=campaign, actor=user, villages=VILLAGES)
    return campaign


@pytest.fixture
def make_play(campaign, user):
    def make(*seats, sets=(), board="province_of_shadows", played_on=PLAYED_ON):
        entries = [
            SeatEntry(adventurer=adventurer, guest_name=name)
            if isinstance(name, str)
            else SeatEntry(adventurer=adventurer, member_id=name.pk)
            for name, adventurer in seats
        ]
        return services.play_create(
            campaign=campaign,
            actor=user,
            played_on=played_on,
            journey_board=board,
            sets=sets,
            seats=entries,
        )

    return make


@pytest.fixture
def duel(make_play, user):
    """A two-seat pad: the owner (Hulios) and a guest, Mira (Elldir)."""
    return make_play((user, "hulios"), ("Mira", "elldir"))


@pytest.fixture
def solo_play(solo_settings, campaign, user):
    return services.solo_play_create(
        campaign=campaign,
        actor=user,
        played_on=PLAYED_ON,
        journey_board="province_of_shadows",
        seat=SeatEntry(adventurer="hulios", member_id=user.pk),
        sets=(),
        dice_colours=("yellow", "red"),
        tom_colour="red",
        rng=NoShuffle(),
    )
