"""The plays page's new-pad form sits in a closed panel once the group has played
(campaigns.table.panels): opened by htmx (`?panel=new_play`) or, without JavaScript, by a link
(`?open=new_play`); drawn open while the group has no play yet and when a pad was refused."""

import re

from django.urls import reverse

from tests.factories import HTMX

SEAT_FIELD = 'name="seat1_member"'


def _plays(campaign):
    return reverse("glow:plays", args=[campaign.pk])


def _panel(html: str) -> str:
    return re.search(r'<details[^>]*id="panel-new_play".*?</details>', html, re.S).group(0)


def test_a_group_without_plays_sees_the_form_open(campaign, owner_client):
    html = owner_client.get(_plays(campaign)).content.decode()
    panel = _panel(html)
    assert " open>" in panel.split("\n", 1)[0] and SEAT_FIELD in panel


def test_after_a_play_the_panel_is_closed_and_holds_only_its_loader(duel, owner_client):
    html = owner_client.get(_plays(duel.campaign)).content.decode()
    panel = _panel(html)
    assert " open>" not in panel.split("\n", 1)[0]
    assert 'data-panel-loader="new_play"' in panel and SEAT_FIELD not in html
    # Without JavaScript the loader's link opens it.
    assert f'href="{_plays(duel.campaign)}?open=new_play#panel-new_play"' in panel


def test_the_no_javascript_link_draws_the_page_with_the_form_open(duel, owner_client):
    html = owner_client.get(_plays(duel.campaign) + "?open=new_play").content.decode()
    panel = _panel(html)
    assert " open>" in panel.split("\n", 1)[0] and SEAT_FIELD in panel
    assert 'id="glow-plays"' in html  # the whole page, list included


def test_htmx_opening_the_panel_gets_the_form_alone(duel, owner_client):
    response = owner_client.get(_plays(duel.campaign) + "?panel=new_play", headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert (
        SEAT_FIELD in html
        and 'action="' + reverse("glow:play_create", args=[duel.campaign_id]) in html
    )
    assert 'id="glow-plays"' not in html and "<details" not in html


def test_the_live_region_refresh_draws_no_form(duel, owner_client):
    html = owner_client.get(_plays(duel.campaign), headers=HTMX).content.decode()
    assert 'id="glow-plays"' in html and SEAT_FIELD not in html


def test_a_refused_pad_is_drawn_open_with_what_was_typed(duel, owner_client):
    response = owner_client.post(
        reverse("glow:play_create", args=[duel.campaign_id]),
        {
            "played_on": "2026-05-02",
            "journey_board": "province_of_shadows",
            "seat1_guest": "Quill",
            "seat1_adventurer": "",
        },
    )
    assert response.status_code == 422
    panel = _panel(response.content.decode())
    assert " open>" in panel.split("\n", 1)[0]
    assert 'value="Quill"' in panel and "Choose this seat&#x27;s adventurer" in panel


def test_a_viewer_cannot_open_the_panel(duel, viewer_client):
    html = viewer_client.get(
        _plays(duel.campaign) + "?panel=new_play", headers=HTMX
    ).content.decode()
    assert SEAT_FIELD not in html
    page = viewer_client.get(_plays(duel.campaign) + "?open=new_play").content.decode()
    assert SEAT_FIELD not in page and "panel-new_play" not in page
