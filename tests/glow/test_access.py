"""Glow's own walk over its routes, with a viewer of a Glow group (the platform's walk in
tests/table/test_access.py puts its viewer in a campaign of the first registered game,
where a Glow route is 404 before the role is checked)."""

import pytest

from campaigns.table.models import Campaign
from tests.table.test_access import CAMPAIGN_PATTERNS, _route_game, _url

GLOW_PATTERNS = [
    (route, pattern) for route, pattern in CAMPAIGN_PATTERNS if _route_game(route) == "glow"
]


def test_glow_has_routes_to_walk():
    assert len(GLOW_PATTERNS) >= 20


@pytest.mark.parametrize(("route", "pattern"), GLOW_PATTERNS, ids=[r for r, _ in GLOW_PATTERNS])
def test_a_viewer_of_the_group_cannot_write(route, pattern, campaign, duel, viewer_client):
    url = _url(pattern, route, campaign.pk)
    version = Campaign.objects.get(pk=campaign.pk).version
    assert viewer_client.post(url, {}).status_code in (403, 405), url
    assert Campaign.objects.get(pk=campaign.pk).version == version


@pytest.mark.parametrize(("route", "pattern"), GLOW_PATTERNS, ids=[r for r, _ in GLOW_PATTERNS])
def test_a_viewer_of_the_group_can_read(route, pattern, campaign, duel, viewer_client):
    assert viewer_client.get(_url(pattern, route, campaign.pk)).status_code in (200, 204, 404, 405)
