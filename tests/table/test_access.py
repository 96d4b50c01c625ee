"""Walks the URL configuration: every campaign URL is 404 to a non-member, every write is 403
to a viewer, and unknown campaign ids are 404, never 500."""

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from campaigns.table.games import games
from campaigns.table.models import Membership, Role
from tests.factories import MembershipFactory, UserFactory

PARAMETER = re.compile(r"<(?:(?:int|str):)?(\w+)>")


def _campaign_patterns(resolver=None, prefix=""):
    """(route, callback) for every URL taking a campaign_id."""
    resolver = resolver or get_resolver()
    for pattern in resolver.url_patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from _campaign_patterns(pattern, route)
        elif isinstance(pattern, URLPattern) and "<int:campaign_id>" in route:
            yield route, pattern


def _url(pattern: URLPattern, route: str, campaign_id: int) -> str:
    """The route with the campaign id filled in and 1 for every other parameter."""
    return "/" + PARAMETER.sub(
        lambda m: str(campaign_id) if m.group(1) == "campaign_id" else "1", route
    )


def _route_game(route: str) -> str | None:
    """The game whose namespace the route is mounted under (c/<id>/<game>/...), if any."""
    parts = route.split("/")
    return parts[2] if len(parts) > 2 and parts[2] in games() else None


def _only_campaign_id(route: str) -> bool:
    return PARAMETER.findall(route) == ["campaign_id"]


CAMPAIGN_PATTERNS = list(_campaign_patterns())
OWNER_ONLY_PATTERNS = [
    (route, pattern)
    for route, pattern in CAMPAIGN_PATTERNS
    if getattr(pattern.callback, "campaign_access", None) == "owner"
]


def test_there_are_campaign_urls_to_check():
    assert len(CAMPAIGN_PATTERNS) >= 10


@pytest.mark.parametrize(
    ("route", "pattern"), CAMPAIGN_PATTERNS, ids=[r for r, _ in CAMPAIGN_PATTERNS]
)
def test_every_campaign_view_checks_membership(route, pattern):
    assert getattr(pattern.callback, "campaign_access", None) in {"member", "owner"}, route


@pytest.mark.parametrize(
    ("route", "pattern"), CAMPAIGN_PATTERNS, ids=[r for r, _ in CAMPAIGN_PATTERNS]
)
def test_a_non_member_gets_404_for_reads_and_writes(
    route, pattern, campaign_factory, stranger_client
):
    campaign = campaign_factory(_route_game(route) or next(iter(games())))
    url = _url(pattern, route, campaign.pk)
    assert stranger_client.get(url).status_code == 404, url
    assert stranger_client.post(url, {}).status_code == 404, url


@pytest.mark.parametrize(
    ("route", "pattern"), CAMPAIGN_PATTERNS, ids=[r for r, _ in CAMPAIGN_PATTERNS]
)
def test_unknown_campaign_ids_are_404(route, pattern, owner_client, campaign):
    url = _url(pattern, route, campaign.pk + 1000)
    assert owner_client.get(url).status_code == 404, url
    assert owner_client.post(url, {}).status_code == 404, url


@pytest.mark.parametrize(
    ("route", "pattern"), CAMPAIGN_PATTERNS, ids=[r for r, _ in CAMPAIGN_PATTERNS]
)
def test_a_viewer_cannot_write(route, pattern, campaign_factory, viewer_client):
    """In a campaign of the route's own game, so the role is what refuses the write."""
    campaign = campaign_factory(_route_game(route) or next(iter(games())))
    viewer = UserFactory(username="viewer-of-game")
    MembershipFactory(campaign=campaign, user=viewer, role=Role.VIEWER)
    viewer_client.force_login(viewer)
    url = _url(pattern, route, campaign.pk)
    version = type(campaign).objects.get(pk=campaign.pk).version
    response = viewer_client.post(url, {})
    assert response.status_code in (403, 405), url
    assert type(campaign).objects.get(pk=campaign.pk).version == version


@pytest.mark.parametrize(
    ("route", "pattern"), OWNER_ONLY_PATTERNS, ids=[r for r, _ in OWNER_ONLY_PATTERNS]
)
def test_players_cannot_use_owner_only_writes(route, pattern, campaign, player_client):
    response = player_client.post(_url(pattern, route, campaign.pk), {})
    assert response.status_code == 403


@pytest.mark.parametrize(
    ("route", "pattern"), CAMPAIGN_PATTERNS, ids=[r for r, _ in CAMPAIGN_PATTERNS]
)
def test_a_member_can_read_every_page_of_their_game(route, pattern, campaign_factory, owner_client):
    """A page with only the campaign in its URL answers a member of a campaign of its game:
    never 404. Pages naming a record (a tribe, a draw) may be 404 for id 1."""
    campaign = campaign_factory(_route_game(route) or next(iter(games())))
    status = owner_client.get(_url(pattern, route, campaign.pk)).status_code
    allowed = (200, 204, 405) if _only_campaign_id(route) else (200, 204, 404, 405)
    assert status in allowed, route


GAME_PATTERNS = [(route, pattern) for route, pattern in CAMPAIGN_PATTERNS if _route_game(route)]


@pytest.mark.parametrize(("route", "pattern"), GAME_PATTERNS, ids=[r for r, _ in GAME_PATTERNS])
def test_a_game_page_is_404_in_a_campaign_of_another_game(
    route, pattern, campaign_factory, owner_client
):
    other = next((key for key in games() if key != _route_game(route)), None)
    if other is None:
        pytest.skip("only one game is registered")
    campaign = campaign_factory(other)
    assert owner_client.get(_url(pattern, route, campaign.pk)).status_code == 404, route
    assert owner_client.post(_url(pattern, route, campaign.pk), {}).status_code == 404, route


def test_a_viewer_can_read_every_page(campaign, viewer_client):
    for route, pattern in CAMPAIGN_PATTERNS:
        url = _url(pattern, route, campaign.pk)
        assert viewer_client.get(url).status_code in (200, 204, 404, 405), url


def test_403_page_is_friendly(campaign, viewer):
    from django.test import Client

    client = Client()
    client.force_login(viewer)
    response = client.post(f"/c/{campaign.pk}/rename/", {"name": "x"})
    assert response.status_code == 403
    assert b"cannot change" in response.content or b"but not change" in response.content
    assert Membership.objects.get(user=viewer).role == Role.VIEWER


def test_the_membership_a_view_gets_knows_its_campaign_and_user(
    campaign, user, django_assert_num_queries
):
    from campaigns.table.access import get_membership_or_404

    with django_assert_num_queries(1):
        membership = get_membership_or_404(user, campaign.pk)
        assert membership.campaign.name == campaign.name
        assert membership.user.get_username() == user.get_username()
        assert membership.is_owner
