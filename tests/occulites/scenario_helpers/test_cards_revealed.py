"""The Event and Sungem cards revealed so far, with their running effects (Natural Selection
Deck Card Breakdowns, Event Cards; the scenarios' Special Rules)."""

from pytest_django.asserts import assertContains, assertNotContains

from campaigns.occulites import services as occulites_services
from campaigns.occulites.scenario_helpers import services
from tests.factories import HTMX

from .conftest import page_url, stored, version, writes_nothing


def test_a_new_game_takes_the_deck_counts_from_the_scenario_header(act, owner_client, campaign):
    response = act("cards_new", {"scenario": 3})
    assert response.status_code == 200
    assertContains(response, "3. The Ridge")
    cards = stored(campaign, services.CARDS)["cards"]
    assert (cards["event_cards_in_deck"], cards["sungem_cards_in_deck"]) == (3, 3)
    assertContains(
        owner_client.get(page_url(campaign, "cards")), 'href="/rules/occulites/event-cards/"'
    )


def test_an_event_card_in_the_ridge_takes_speed_and_calls_for_lightning(act, campaign):
    act("cards_new", {"scenario": 3})
    act("cards_reveal", {"kind": "event", "expected": 0})
    response = act("cards_reveal", {"kind": "event", "expected": 1})
    assertContains(response, "The storm worsens")
    assertContains(response, "Every model has -2 Speed (to a minimum of 1)")
    assert stored(campaign, services.CARDS)["cards"]["revealed"] == ["event", "event"]


def test_event_cards_raise_the_podmothine_threshold_on_its_page(act, owner_client, campaign):
    act("cards_new", {"scenario": 7})
    act("cards_reveal", {"kind": "event", "expected": 0})
    act("cards_reveal", {"kind": "event", "expected": 1})
    # Creatures and Predators, Podmothine: two Event cards, activate on 0-4.
    page = owner_client.get(page_url(campaign, "podmothine"))
    assertContains(page, '<dd data-count="activates-on">0-4</dd>', html=True)
    assertContains(owner_client.get(page_url(campaign, "cards")), "Tentacles activate on 0-4")


def test_a_card_the_scenario_deck_does_not_hold_is_refused_and_nothing_changes(act, campaign):
    act("cards_new", {"scenario": 7})  # The Podmothine: 0 Sungem cards
    with writes_nothing(campaign):
        response = act("cards_reveal", {"kind": "sungem", "expected": 0})
    assert response.status_code == 422
    assertContains(response, "No Sungem cards are in this scenario&#x27;s deck", status_code=422)


def test_more_cards_than_the_deck_holds_are_refused(act, campaign):
    act("cards_new", {"scenario": 4})  # Tactical Strike: 3 Event cards, no asterisk
    for seen in range(3):
        act("cards_reveal", {"kind": "event", "expected": seen})
    with writes_nothing(campaign):
        response = act("cards_reveal", {"kind": "event", "expected": 3})
    assertContains(response, "holds only 3 Event cards", status_code=422)


def test_revealing_before_a_scenario_is_chosen_is_refused(act, campaign):
    with writes_nothing(campaign):
        response = act("cards_reveal", {"kind": "event"})
    assertContains(response, "Choose the scenario being played first", status_code=422)


def test_a_stale_screen_is_refused_with_409(act, campaign):
    act("cards_new", {"scenario": 3})
    act("cards_reveal", {"kind": "event", "expected": 0})
    with writes_nothing(campaign):
        response = act("cards_reveal", {"kind": "sungem", "expected": 0})
    assert response.status_code == 409
    assertContains(response, "Someone else recorded a card meanwhile", status_code=409)


def test_take_back_removes_the_last_card(act, campaign):
    act("cards_new", {"scenario": 3})
    act("cards_reveal", {"kind": "sungem", "expected": 0})
    act("cards_reveal", {"kind": "event", "expected": 1})
    response = act("cards_take_back", {"expected": 2})
    assert response.status_code == 200
    assert stored(campaign, services.CARDS)["cards"]["revealed"] == ["sungem"]


def test_a_siege_event_card_moves_the_conditions_token_and_take_back_restores_it(act, campaign):
    act("cards_new", {"scenario": 11})
    act("cards_reveal", {"kind": "event", "expected": 0})
    assert stored(campaign, services.SIEGE)["siege"]["conditions"] == 8
    act("cards_take_back", {"expected": 1})
    assert stored(campaign, services.SIEGE)["siege"]["conditions"] == 9


def test_the_scenario_drawn_for_the_season_is_offered_first(owner_client, campaign, user, hydris):
    from campaigns.occulites.models import ScenarioChoice

    season = occulites_services.season_for(campaign)
    ScenarioChoice.objects.create(
        campaign=campaign, timeslot=season.timeslot, drawn_scenario="the_ridge"
    )
    page = owner_client.get(page_url(campaign, "cards"))
    assertContains(page, '<option value="3" selected>3. The Ridge</option>', html=True)


def test_the_latest_timeslots_drawn_scenario_is_offered(owner_client, campaign, user, hydris):
    from campaigns.occulites.models import ScenarioChoice

    timeslot = occulites_services.season_for(campaign).timeslot
    for offset, drawn in ((0, "the_hunted"), (1, "tactical_strike"), (2, "")):
        ScenarioChoice.objects.create(
            campaign=campaign, timeslot=timeslot + offset, drawn_scenario=drawn
        )
    page = owner_client.get(page_url(campaign, "cards"))
    # The newest drawn, not the newest choice (nothing drawn yet there).
    assertContains(page, '<option value="4" selected>4. Tactical Strike</option>', html=True)


def test_without_javascript_the_new_game_redirects_back_to_the_page(act, campaign):
    response = act("cards_new", {"scenario": 3}, htmx=False)
    assert response.status_code == 302
    assert response["Location"].endswith(page_url(campaign, "cards") + "#cards-panel")


def test_a_bad_scenario_number_is_refused_beside_the_field(act, campaign):
    before = version(campaign)
    response = act("cards_new", {"scenario": 12})
    assert response.status_code == 422
    assert response["HX-Retarget"] == "#scenario-form"
    assertContains(response, "Select a valid choice", status_code=422)
    assert version(campaign) == before


def test_the_live_panel_is_its_own_partial(owner_client, campaign):
    response = owner_client.get(page_url(campaign, "cards"), headers=HTMX)
    assertContains(response, 'id="cards-panel"')
    assertContains(response, 'hx-trigger="campaign-changed from:body"')
    assertNotContains(response, "<html")


def test_only_the_cards_the_scenario_deck_holds_get_a_button(act, campaign):
    response = act("cards_new", {"scenario": 7})  # The Podmothine: 6 Event, 0 Sungem cards
    assertContains(response, "Event card revealed")
    assertNotContains(response, "Sungem card revealed")
