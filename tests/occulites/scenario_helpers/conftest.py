"""Helpers for the scenario helper page tests: posting actions and checking what was kept."""

import contextlib

import pytest
from django.urls import reverse

from campaigns.table.models import Campaign, DrawLogEntry, ToolState
from tests.factories import HTMX


def helper_url(campaign, name: str, *args) -> str:
    return reverse(f"occulites:helpers_{name}", args=[campaign.pk, *args])


def page_url(campaign, slug: str) -> str:
    if slug == "cards":
        return reverse("occulites:helpers", args=[campaign.pk])
    return reverse("occulites:helper", args=[campaign.pk, slug])


def stored(campaign, tool) -> dict | None:
    """What the tool (a `ToolKind`, its id, or its name within Occulites) has stored."""
    tool = getattr(tool, "tool_id", tool)
    tool = tool if "." in tool else f"occulites.{tool}"
    row = ToolState.objects.filter(campaign=campaign, tool=tool).first()
    return row.state if row else None


def version(campaign) -> int:
    return Campaign.objects.get(pk=campaign.pk).version


@contextlib.contextmanager
def writes_nothing(campaign):
    """The block changed no tool state, logged no roll and left the version alone."""
    states = {row.tool: row.state for row in ToolState.objects.filter(campaign=campaign)}
    draws = DrawLogEntry.objects.filter(campaign=campaign).count()
    before = version(campaign)
    yield
    after = {row.tool: row.state for row in ToolState.objects.filter(campaign=campaign)}
    assert after == states
    assert DrawLogEntry.objects.filter(campaign=campaign).count() == draws
    assert version(campaign) == before


@pytest.fixture
def act(owner_client, campaign):
    """Post an action as the owner (htmx unless told otherwise) and return the response."""

    def post(name: str, data: dict | None = None, *args, htmx: bool = True, client=None):
        return (client or owner_client).post(
            helper_url(campaign, name, *args), data or {}, headers=HTMX if htmx else {}
        )

    return post
