"""The Season page's choice panel reads what may be done from one read-model, by the same
guards the services enforce (issue 8, point 8), and offers a redraw only to a tribe that
can pay for it (issue 12, point 7)."""

import random

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from campaigns.occulites import services
from campaigns.occulites.queries import season_choice
from campaigns.occulites.rules.errors import RuleViolation
from tests.factories import HTMX

HUNT = "returning_from_the_hunt"


def _refusal(call) -> str:
    try:
        call()
    except RuleViolation as refusal:
        return str(refusal)
    return ""


def test_the_draw_is_offered_exactly_when_the_service_would_draw(campaign, user, hydris, palaudis):
    def draw():
        services.scenario_draw(campaign=campaign, actor=user, rng=random.Random(0))

    services.scenario_nominate(tribe=hydris, actor=user, scenario_key=HUNT)
    state = season_choice(campaign, can_write=True)
    assert not state.can_draw
    assert state.draw_refusal == _refusal(draw) != ""
    services.scenario_nominate(tribe=palaudis, actor=user, scenario_key=HUNT)
    state = season_choice(campaign, can_write=True)
    assert state.can_draw and state.choosing and state.draw_refusal == ""
    assert not state.can_redraw
    draw()
    state = season_choice(campaign, can_write=True)
    assert not state.can_draw and not state.choosing and state.can_redraw


def test_a_viewer_is_never_choosing(campaign, user, hydris):
    assert season_choice(campaign, can_write=True).choosing
    assert not season_choice(campaign, can_write=False).choosing


@pytest.fixture
def drawn(campaign, user, hydris, palaudis):
    """Deep Pool has 3 VP to spend; Reed Marsh has none."""
    services.tribe_award_vp(tribe=hydris, actor=user, amount=3, reason="test")
    services.scenario_nominate(tribe=hydris, actor=user, scenario_key=HUNT)
    services.scenario_nominate(tribe=palaudis, actor=user, scenario_key=HUNT)
    services.scenario_draw(campaign=campaign, actor=user, rng=random.Random(1))


def test_a_redraw_is_offered_only_to_tribes_that_can_pay_and_the_others_are_told_why(
    owner_client, campaign, hydris, palaudis, drawn
):
    state = season_choice(campaign, can_write=True)
    assert state.redraw_tribes == [hydris]
    assert state.redraw_refusals == {
        palaudis: "A redraw costs 1 VP and the Available Spend Total is 0"
    }
    page = owner_client.get(reverse("occulites:season", args=[campaign.pk]))
    assertContains(page, f'<option value="{hydris.pk}"', html=False)
    assertNotContains(page, f'<option value="{palaudis.pk}"', html=False)
    assertContains(page, f'data-redraw-refused="{palaudis.pk}"', html=False)
    assertContains(page, "Reed Marsh cannot redraw: A redraw costs 1 VP and the Available")


def test_a_tribe_that_cannot_pay_gets_no_confirmation_but_the_reason(
    owner_client, campaign, user, palaudis, drawn, nothing_written
):
    with nothing_written(campaign):
        response = owner_client.post(
            reverse("occulites:season_redraw", args=[campaign.pk]),
            {"tribe": palaudis.pk},
            headers=HTMX,
        )
    assertContains(
        response, "A redraw costs 1 VP and the Available Spend Total is 0", status_code=422
    )
    assertNotContains(response, "Pay 1 VP and redraw", status_code=422)
    with pytest.raises(RuleViolation, match="Available Spend Total is 0"):
        services.scenario_redraw(tribe=palaudis, actor=user, confirmed=False)
