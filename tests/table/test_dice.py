"""The shared dice roller and draw log."""

import random

import pytest

from campaigns.table import dice, services
from campaigns.table.models import DrawLogEntry


def test_a_d10_shows_zero_to_nine():
    rng = random.Random(1)
    faces = {face for _ in range(20) for face in dice.roll_dice(count=30, sides=10, rng=rng).faces}
    assert faces == set(range(10))


def test_a_seeded_roll_is_reproducible():
    a = dice.roll_dice(count=5, sides=6, rng=random.Random(7))
    b = dice.roll_dice(count=5, sides=6, rng=random.Random(7))
    assert a == b
    assert all(1 <= face <= 6 for face in a.faces)


@pytest.mark.parametrize(("count", "sides"), [(0, 10), (31, 10), (2, 7)])
def test_impossible_rolls_are_refused(count, sides):
    with pytest.raises(ValueError):
        dice.roll_dice(count=count, sides=sides, rng=random.Random(1))


def test_a_roll_lands_in_the_shared_log_and_bumps_the_version(campaign, user):
    version = campaign.version
    entry = services.dice_roll(
        campaign=campaign, actor=user, count=3, sides=10, rng=random.Random(3)
    )
    assert DrawLogEntry.objects.get(campaign=campaign) == entry
    assert entry.label == "3d10 (0-9)"
    assert len(entry.result["faces"]) == 3
    campaign.refresh_from_db()
    assert campaign.version == version + 1
