"""Every Dawnshade action posted before the Kinship is set up (an old tab, a typed address,
a form kept from a restored backup) is refused without a server error and writes nothing:
the Guild Hall's and the rewards' forms once failed reading the missing Kinship's
characters."""

import pytest
from django.urls import NoReverseMatch, reverse

from campaigns.dawnshade import urls
from tests.factories import HTMX


def _named_patterns(patterns):
    for pattern in patterns:
        if hasattr(pattern, "url_patterns"):
            yield from _named_patterns(pattern.url_patterns)
        elif pattern.name:
            yield pattern.name


ACTIONS = sorted(set(_named_patterns(urls.campaign_urlpatterns)))


def _url(name, campaign):
    for args in ([campaign.pk], [campaign.pk, 1]):
        try:
            return reverse(f"dawnshade:{name}", args=args)
        except NoReverseMatch:
            continue
    raise AssertionError(name)


@pytest.mark.parametrize("data", [{}, {"x": "1"}], ids=["empty", "stray"])
def test_every_action_before_the_kinship_is_refused_without_error(
    campaign, owner_client, nothing_written, data
):
    answers = {}
    with nothing_written(campaign):
        for name in ACTIONS:
            answers[name] = owner_client.post(_url(name, campaign), data, headers=HTMX).status_code
    assert not {name: status for name, status in answers.items() if status >= 500}
    assert len(answers) > 40
