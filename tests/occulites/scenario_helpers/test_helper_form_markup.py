"""Every scenario helper page draws its fresh forms from remembered markup
(``campaigns.table.form_markup``) exactly as the real forms draw, for the demo campaign's
figures (Occulites and Luftles) and for a campaign with none; a figure that climbs the Ridge
is no longer offered at once."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from campaigns.occulites.scenario_helpers import pages
from campaigns.occulites.scenario_helpers.figures import figure_choices
from campaigns.table.form_markup import FrozenForm
from campaigns.table.models import Campaign
from tests.form_markup_checks import drawn_both_ways
from tests.occulites.scenario_helpers.conftest import helper_url, page_url

SLUGS = list(pages.PAGES)


def _both_ways(client, campaign, slug, monkeypatch) -> list[str]:
    return drawn_both_ways(client, page_url(campaign, slug), pages, monkeypatch)


@pytest.fixture
def demo(db):
    call_command("demo_data")
    campaign = Campaign.objects.get(game="occulites")
    client = Client()
    client.force_login(get_user_model().objects.get(username="demo"))
    return client, campaign


@pytest.mark.parametrize("slug", SLUGS)
def test_with_the_demo_figures_each_helper_draws_its_forms_as_thereal_forms(
    demo, slug, monkeypatch
):
    client, campaign = demo
    assert _both_ways(client, campaign, slug, monkeypatch)


@pytest.mark.parametrize("slug", SLUGS)
def test_without_figures_each_helper_draws_its_forms_as_thereal_forms(
    owner_client, campaign, slug, monkeypatch
):
    assert _both_ways(owner_client, campaign, slug, monkeypatch)


def test_the_demo_offers_luftles_as_ridge_partners(demo, monkeypatch):
    client, campaign = demo
    forms = "".join(_both_ways(client, campaign, "ridge", monkeypatch))
    assert 'name="partner"' in forms  # the demo's tribes have live Luftles


def test_a_figure_on_the_ridge_is_no_longer_offered_to_climb(demo):
    client, campaign = demo
    figures = figure_choices(campaign)
    climber = figures[0].label
    option = f'<option value="{climber}">'
    assert option in client.get(page_url(campaign, "ridge")).content.decode()
    client.post(helper_url(campaign, "ridge_climb"), {"figure": climber})
    html = client.get(page_url(campaign, "ridge")).content.decode()
    climb_form = re.search(r'<section id="climb-form".*?</section>', html, re.S)[0]
    assert option not in climb_form
    assert figures[1].label in climb_form


def test_the_helpers_fresh_forms_opt_in(demo):
    _, campaign = demo
    figures = figure_choices(campaign)
    for form_class, arguments in [
        (pages.ScenarioForm, {"initial": {"scenario": 3}}),
        (pages.PodmothineActivateForm, {}),
        (pages.PryRollForm, {}),
        (pages.PryDiscardForm, {}),
        (pages.SkirmishTribeForm, {}),
        (pages.RidgeClimbForm, {"figures": figures}),
        (pages.DiceForm, {}),
        (pages.SiegeRollForm, {}),
        (pages.SiegeLossForm, {}),
        (pages.RebornPlaceForm, {"figures": figures}),
        (pages.AwarenessForm, {"figures": figures}),
    ]:
        assert isinstance(pages.fresh_form(form_class, None, **arguments), FrozenForm)
