"""Every page and fragment of a game's demo campaign as served, for tests that compare two
ways of drawing them byte for byte."""

import difflib
import re

from django.core.management import call_command

from bench.pages import discover
from campaigns.table.models import Campaign

# What differs from one request to the next: CSRF tokens and the poller's timestamp.
TOKEN = re.compile(r'(csrfmiddlewaretoken" value="|"x-csrftoken": "|&amp;t=)[^"]+')


def pages_html(client, campaign) -> dict[str, str]:
    """Each page and fragment `bench.pages.discover` finds, by label, tokens blanked."""
    probes, _forms = discover(client, campaign)
    return {
        probe.label: TOKEN.sub(
            r"\1", client.get(probe.path, headers=probe.headers).content.decode()
        )
        for probe in probes
    }


def assert_demo_pages_unchanged(client, game_key: str, switch) -> None:
    """The game's demo campaign, read by its owner as the site draws it and again after
    `switch()` changes how it is drawn: every page and fragment the same, byte for byte."""
    call_command("demo_data")
    campaign = Campaign.objects.get(game=game_key)
    client.force_login(campaign.memberships.get(role="owner").user)
    ours = pages_html(client, campaign)
    switch()
    reference = pages_html(client, campaign)
    assert ours.keys() == reference.keys()
    for label in ours:
        diff = difflib.unified_diff(
            reference[label].splitlines(), ours[label].splitlines(), lineterm=""
        )
        assert ours[label] == reference[label], f"{label}:\n" + "\n".join(list(diff)[:20])
