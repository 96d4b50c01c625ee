"""Every page and fragment of a campaign as served, for tests that compare two ways of
drawing them byte for byte."""

import re

from bench.pages import discover

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
