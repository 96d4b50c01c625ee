"""Fixtures of the season and Long Dark page tests."""

import pytest

from campaigns.occulites import services


def give(tribe, user, *, sungems, vp=0):
    """Sungems and VP for `tribe`, through the services."""
    if sungems:
        services.tribe_sungems_change(tribe=tribe, actor=user, amount=sungems, reason="test")
    if vp:
        services.tribe_award_vp(tribe=tribe, actor=user, amount=vp, reason="test")


@pytest.fixture
def long_dark(campaign, user, hydris, palaudis):
    """The season is over: Deep Pool holds 10 Sungems and 20 VP, Reed Marsh 9 and 25."""
    give(hydris, user, sungems=10, vp=20)
    give(palaudis, user, sungems=9, vp=25)
    season = services.season_for(campaign)
    season.long_dark = True
    season.save()
    return season
