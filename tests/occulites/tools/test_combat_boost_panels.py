"""Each combat side's boosts, rerolls, Prone and typed dice are in a closed panel drawn only
when opened: htmx fetches its fields (``?panel=att-boosts``), without JavaScript a link draws
the page with it open (``?open=att-boosts``), and a refused side comes back with it drawn,
open, holding what the player typed."""

import re

from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from tests.factories import HTMX
from tests.occulites.tools.test_tool_pages import COMBAT_EXAMPLE

BOOST_FIELDS = (
    "boost1",
    "boost1_value",
    "boost2",
    "boost2_value",
    "prone",
    "opening",
    "lucky",
    "charge",
    "hunting_net",
    "gang_up",
    "free_rerolls",
    "entered",
)


def _url(campaign):
    return reverse("occulites:combat", args=[campaign.pk])


def _details(html: str, name: str) -> str:
    return re.search(rf'<details id="panel-{name}"[^>]*>.*?</details>', html, re.S).group(0)


def test_the_page_draws_the_panels_closed_with_a_loader_and_a_plain_link(owner_client, campaign):
    html = owner_client.get(_url(campaign)).content.decode()
    for prefix in ("att", "def"):
        panel = _details(html, f"{prefix}-boosts")
        assert panel.startswith(f'<details id="panel-{prefix}-boosts">')  # closed
        assert f'hx-get="{_url(campaign)}?panel={prefix}-boosts"' in panel
        assert f'href="{_url(campaign)}?open={prefix}-boosts#panel-{prefix}-boosts"' in panel
        assert f'name="{prefix}-boost1"' not in html
    # What is outside the panels is still drawn.
    assert 'name="att-card"' in html and 'name="def-card_value"' in html


def test_htmx_fetches_a_sides_fields_when_its_panel_opens(owner_client, campaign):
    response = owner_client.get(_url(campaign), {"panel": "def-boosts"}, headers=HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    for name in BOOST_FIELDS:
        assert f'name="def-{name}"' in html and f'id="id_def-{name}"' in html
        assert f'<label for="id_def-{name}">' in html
    assert "att-" not in html and "<details" not in html and 'id="combat-result"' not in html


def test_without_javascript_the_link_draws_the_page_with_that_panel_open(owner_client, campaign):
    html = owner_client.get(_url(campaign), {"open": "att-boosts"}).content.decode()
    assert _details(html, "att-boosts").startswith('<details id="panel-att-boosts" open>')
    for name in BOOST_FIELDS:
        assert f'name="att-{name}"' in html
    assert 'name="def-boost1"' not in html  # the other side's panel stays closed


def test_a_refused_side_comes_back_with_its_panel_drawn_open_with_what_was_typed(
    owner_client, campaign
):
    response = owner_client.post(
        reverse("occulites:combat_roll", args=[campaign.pk]),
        {**COMBAT_EXAMPLE, "att-entered": "a b c"},  # not digits: the side's own error
        headers=HTMX,
    )
    assert response.status_code == 422
    html = response.content.decode()
    assert _details(html, "att-boosts").startswith('<details id="panel-att-boosts" open>')
    assert 'name="att-entered" value="a b c"' in html
    assert 'name="att-boost2" id="id_att-boost2"' in html
    # The side without errors keeps its typed values too, its panel closed.
    defence = _details(html, "def-boosts")
    assert defence.startswith('<details id="panel-def-boosts">')
    assert 'value="1,2,4,5,5,7,7,8"' in defence


def test_the_boosts_typed_in_an_opened_panel_are_rolled(owner_client, campaign):
    fields = owner_client.get(_url(campaign), {"panel": "att-boosts"}, headers=HTMX)
    assertContains(fields, 'name="att-opening"')
    response = owner_client.post(
        reverse("occulites:combat_roll", args=[campaign.pk]), COMBAT_EXAMPLE, headers=HTMX
    )
    assertContains(response, "<strong>6</strong> vs <strong>3</strong>")


def test_a_viewer_gets_no_panel_fields(viewer_client, campaign):
    response = viewer_client.get(_url(campaign), {"panel": "att-boosts"}, headers=HTMX)
    assertNotContains(response, 'name="att-boost1"')
    assertContains(response, 'id="combat-result"')


def test_the_panel_fragment_reads_only_the_session_user_and_membership(
    owner_client, campaign, django_assert_max_num_queries
):
    with django_assert_max_num_queries(3):
        owner_client.get(_url(campaign), {"panel": "att-boosts"}, headers=HTMX)
