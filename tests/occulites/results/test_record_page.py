"""The record page: the tribes of this timeslot, who has recorded, and starting the next
timeslot once every tribe has (Campaign Rules; Completing the Campaign)."""

import re

from pytest_django.asserts import assertContains, assertNotContains

from campaigns.occulites import services
from campaigns.table.models import LedgerEntry
from tests.factories import HTMX

from .conftest import draw_scenario, url

SKIRMISH = "unexpected_skirmish"


def test_the_record_page_lists_the_tribes_and_the_scenario_drawn(
    owner_client, campaign, hydris, palaudis, drawn
):
    drawn(SKIRMISH)
    response = owner_client.get(url("occulites:record", campaign))
    assertContains(response, "Timeslot 1: record the result")
    assertContains(response, "2. Unexpected Skirmish")
    assertContains(response, "/rules/occulites/scenario-2-unexpected-skirmish/")
    assertContains(response, "Deep Pool")
    assertContains(response, "Reed Marsh")
    assertContains(response, 'aria-current="page">Record</a>', html=False)
    assertContains(response, "It starts once every tribe has recorded its result.")
    assertNotContains(response, "Start timeslot 2")


def test_before_the_draw_the_page_says_so(owner_client, campaign, hydris):
    response = owner_client.get(url("occulites:record", campaign))
    assertContains(response, "No scenario has been drawn for this timeslot yet.")


def test_once_every_tribe_has_recorded_the_next_timeslot_starts_with_one_tap(
    owner_client, campaign, hydris, palaudis, drawn, user
):
    drawn(SKIRMISH)
    services.scenario_result_record(tribe=hydris, actor=user, vp_counts={"wound_inflicted": 2})
    page = owner_client.get(url("occulites:record", campaign))
    assertContains(page, "+2 VP")
    assertNotContains(page, "Start timeslot 2")
    services.scenario_result_record(tribe=palaudis, actor=user, vp_counts={})
    page = owner_client.get(url("occulites:record", campaign))
    assertContains(page, "Start timeslot 2")
    response = owner_client.post(url("occulites:record_advance", campaign))
    assert response.status_code == 302
    assert services.season_for(campaign).timeslot == 2
    page = owner_client.get(response["Location"])
    assertContains(page, "Timeslot 2 begins.")
    assertContains(page, "Timeslot 2: record the result")


def test_advancing_before_every_tribe_recorded_is_refused_and_writes_nothing(
    owner_client, campaign, hydris, palaudis, drawn, user, nothing_written
):
    drawn(SKIRMISH)
    services.scenario_result_record(tribe=hydris, actor=user, vp_counts={})
    with nothing_written(campaign):
        response = owner_client.post(url("occulites:record_advance", campaign), headers=HTMX)
    assertContains(response, "waiting for Reed Marsh", status_code=422)
    assert services.season_for(campaign).timeslot == 1


def test_advancing_with_htmx_swaps_the_list(owner_client, campaign, hydris, user):
    draw_scenario(campaign, user, SKIRMISH, [hydris])
    services.scenario_result_record(tribe=hydris, actor=user, vp_counts={})
    response = owner_client.post(url("occulites:record_advance", campaign), headers=HTMX)
    assert response.status_code == 200
    assertContains(response, 'id="record-list"')
    assertContains(response, "Timeslot 2 begins.")
    assertNotContains(response, "<html")


def test_after_timeslot_ten_the_season_ends(owner_client, campaign, hydris, user):
    season = services.season_for(campaign)
    season.timeslot = 10
    season.save()
    services.scenario_result_record(
        tribe=hydris, actor=user, vp_counts={}, scenario_key="returning_from_the_hunt"
    )
    page = owner_client.get(url("occulites:record", campaign))
    assertContains(page, "End the season: the Long Dark")
    owner_client.post(url("occulites:record_advance", campaign))
    page = owner_client.get(url("occulites:record", campaign))
    assertContains(page, "The season is over")
    assertContains(page, "/rules/occulites/the-long-dark/")
    assert LedgerEntry.objects.filter(kind="season.advance").count() == 1


def test_the_list_is_a_live_region(owner_client, campaign, hydris):
    response = owner_client.get(url("occulites:record", campaign), headers=HTMX)
    assertContains(response, 'hx-trigger="campaign-changed from:body"')
    assertNotContains(response, "<html")


def test_a_viewer_sees_the_results_but_no_write_controls(viewer_client, campaign, hydris, drawn):
    drawn(SKIRMISH)
    response = viewer_client.get(url("occulites:record", campaign))
    assertContains(response, "Deep Pool")
    assertNotContains(response, "Record the result")
    assertNotContains(response, "hx-post")
    wizard_page = viewer_client.get(url("occulites:record_tribe", campaign, hydris))
    assert wizard_page.status_code == 200
    assertNotContains(wizard_page, "hx-post")
    assertNotContains(wizard_page, "Undo:")
    spend_page = viewer_client.get(url("occulites:spend", campaign, hydris))
    assertNotContains(spend_page, "hx-post")
    sheet = viewer_client.get(url("occulites:sheet", campaign))
    assertNotContains(sheet, url("occulites:spend", campaign, hydris))


def test_a_tribe_of_another_campaign_is_404(owner_client, campaign, user):
    from campaigns.table import services as table_services

    other = table_services.campaign_create(owner=user, game="occulites", name="Elsewhere")
    stranger_tribe = services.tribe_create(campaign=other, actor=user, name="Far Away")
    assert (
        owner_client.get(url("occulites:record_tribe", campaign, stranger_tribe)).status_code == 404
    )
    response = owner_client.post(url("occulites:spend_ability", campaign, stranger_tribe), {})
    assert response.status_code == 404


def test_the_sheet_links_each_tribe_to_its_wizard_and_spending(owner_client, campaign, hydris):
    response = owner_client.get(url("occulites:sheet", campaign))
    assertContains(response, url("occulites:record_tribe", campaign, hydris))
    assertContains(response, url("occulites:spend", campaign, hydris))


def _cards(html: str) -> dict[str, str]:
    """Each tribe's card on the Record page by the tribe's name as shown."""
    cards = re.findall(r'<li class="card" aria-labelledby="record-tribe-\d+">.*?</li>', html, re.S)
    return {re.search(r"<h3[^>]*>([^<]*?) ?<", card)[1]: card for card in cards}


def test_each_tribe_s_card_shows_its_result_totals_and_links(
    owner_client, player_client, player, campaign, hydris, palaudis, drawn, user
):
    hydris.name, hydris.player = "<i>Deep & Co</i>", player
    hydris.save()
    drawn(SKIRMISH)
    killed = list(hydris.occulites.all()[:2])
    services.scenario_result_record(
        tribe=hydris, actor=user, vp_counts={}, sungems_gained=1, occulites_killed=killed
    )
    cards = _cards(owner_client.get(url("occulites:record", campaign)).content.decode())
    deep, reed = cards["&lt;i&gt;Deep &amp; Co&lt;/i&gt;"], cards["Reed Marsh"]
    assert '<span class="badge done">recorded</span>' in deep and ">to record</span>" in reed
    assert re.search(r": <strong>\+0 VP</strong>, 1 Sungem, 2 Occulites killed</p>", deep)
    assert '<strong data-total="sungems">1</strong>' in deep
    assert ">Continue<span" in deep and ">Record the result<span" in reed
    # Players change only their own tribe: another's card has no links for them.
    campaign.edit_policy = "own"
    campaign.save()
    palaudis.player = user
    palaudis.save()
    cards = _cards(player_client.get(url("occulites:record", campaign)).content.decode())
    assert 'class="actions"' in cards["&lt;i&gt;Deep &amp; Co&lt;/i&gt;"]
    assert 'class="actions"' not in cards["Reed Marsh"]
