"""The combat page's fresh forms (both sides, the table, the Heal) are drawn from remembered
markup (``campaigns.table.form_markup``): the page is the same as with the real forms, with
or without campaign figures and with a side's boosts opened, and a changed figure is drawn
anew at once."""

import re

import pytest
from django.urls import reverse

from campaigns.occulites.models import Occulite
from campaigns.occulites.tools import views
from campaigns.table.form_markup import FrozenForm
from tests.factories import HTMX
from tests.form_markup_checks import drawn_both_ways, without_csrf

FORM_SECTIONS = ("combat-form", "heal-form")


def _sections(html: str) -> dict[str, str]:
    """The page's form sections, without the per-request CSRF token."""
    found = {}
    for section in FORM_SECTIONS:
        match = re.search(rf'<section id="{section}".*?</section>', html, re.S)
        if match:
            found[section] = without_csrf(match[0])
    return found


def _page_both_ways(client, campaign, monkeypatch, **query) -> dict[str, str]:
    url = reverse("occulites:combat", args=[campaign.pk])
    return drawn_both_ways(client, url, views, monkeypatch, _sections, **query)


def test_with_campaign_figures_the_forms_draw_as_thereal_forms(
    owner_client, campaign, hydris, palaudis, monkeypatch
):
    sections = _page_both_ways(owner_client, campaign, monkeypatch)
    assert set(sections) == set(FORM_SECTIONS)
    figure = hydris.occulites.first()
    assert f'<option value="{figure.pk}">{figure.name} (Deep Pool)' in sections["combat-form"]
    assert 'name="heal-figure"' not in sections["heal-form"]  # the Heal form has no prefix
    assert 'name="figure"' in sections["heal-form"]


def test_without_figures_the_sides_offer_none_and_there_is_no_heal(
    owner_client, campaign, monkeypatch
):
    sections = _page_both_ways(owner_client, campaign, monkeypatch)
    assert set(sections) == {"combat-form"}
    assert 'name="att-figure"' not in sections["combat-form"]
    assert 'name="att-stat"' in sections["combat-form"]


@pytest.mark.parametrize("panel", ["att-boosts", "def-boosts"])
def test_an_opened_boost_panel_draws_as_the_real_form(
    owner_client, campaign, hydris, monkeypatch, panel
):
    sections = _page_both_ways(owner_client, campaign, monkeypatch, open=panel)
    prefix = panel.split("-")[0]
    assert f'name="{prefix}-boost1"' in sections["combat-form"]
    assert f'name="{prefix}-hunting_net"' in sections["combat-form"]


def test_each_side_starts_with_its_own_card(owner_client, campaign, hydris):
    html = owner_client.get(reverse("occulites:combat", args=[campaign.pk])).content.decode()
    for prefix, card in (("att", "aggressive"), ("def", "defensive")):
        select = re.search(rf'<select name="{prefix}-card".*?</select>', html, re.S)[0]
        assert f'<option value="{card}" selected>' in select


def test_a_figure_changed_by_a_heal_is_offered_with_its_new_defence(owner_client, campaign, hydris):
    figure = hydris.occulites.first()
    url = reverse("occulites:combat", args=[campaign.pk])
    before = figure.defence
    assert f"D{before}</option>" in owner_client.get(url).content.decode()
    heal = reverse("occulites:heal", args=[campaign.pk])
    owner_client.post(heal, {"figure": figure.pk, "defence": 1}, headers=HTMX)
    after = Occulite.objects.get(pk=figure.pk).defence
    assert after == before - 1
    html = owner_client.get(url).content.decode()
    label = f"{figure.name} (Deep Pool) A{figure.attack} D{after}</option>"
    assert html.count(label) == 2  # both sides offer it with the Defence it has now
    assert f"{figure.name} (Deep Pool) D{after}</option>" in html  # and the Heal form


def test_a_refused_side_is_the_real_form_with_what_was_typed(owner_client, campaign, hydris):
    url = reverse("occulites:combat_roll", args=[campaign.pk])
    response = owner_client.post(
        url, {"att-label": "<b>Ash</b>", "att-card": "aggressive", "table": "core"}
    )
    assert response.status_code == 422
    html = response.content.decode()
    assert 'value="&lt;b&gt;Ash&lt;/b&gt;"' in html
    assert "Choose a campaign figure or type its Attack" in html


def test_the_sides_table_and_heal_forms_opt_in(hydris):
    figures = views.campaign_figures(hydris.campaign)
    for form_class, prefix, arguments in [
        (views.CombatSideForm, "att", {"figures": figures}),
        (views.CombatSideForm, "def", {}),
        (views.CombatTableForm, None, {}),
        (views.HealActionForm, None, {"figures": figures}),
    ]:
        assert isinstance(views.fresh_form(form_class, prefix, **arguments), FrozenForm)
