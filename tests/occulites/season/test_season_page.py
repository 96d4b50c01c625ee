"""The season page through the test client: nominating, the bag, house values for missing
Time of the Season cells, the draw, the confirmed redraw, and the Natural Selection deck
(Choosing Scenarios; Contents Listing)."""

import random
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from campaigns.occulites import services
from campaigns.occulites.catalog.scenarios import SCENARIOS
from campaigns.occulites.models import ScenarioChoice, ScenarioNomination
from campaigns.occulites.rule_links import scenario_rule_slug
from campaigns.occulites.season.forms import parse_deck
from campaigns.occulites.season.views import percent
from campaigns.table.models import Campaign, DrawLogEntry
from tests.factories import HTMX

HUNT = "returning_from_the_hunt"
SKIRMISH = "unexpected_skirmish"
RIDGE = "the_ridge"


def season_url(campaign, name="occulites:season", *args):
    return reverse(name, args=[campaign.pk, *args])


def nominate_url(campaign, tribe):
    return reverse("occulites:season_nominate", args=[campaign.pk, tribe.pk])


def _version(campaign) -> int:
    return Campaign.objects.get(pk=campaign.pk).version


def _both_nominate(campaign, user, hydris, palaudis, first=HUNT, second=HUNT):
    services.scenario_nominate(tribe=hydris, actor=user, scenario_key=first)
    services.scenario_nominate(tribe=palaudis, actor=user, scenario_key=second)


def _at_timeslot(campaign, timeslot):
    season = services.season_for(campaign)
    season.timeslot = timeslot
    season.save()


# --- the page -----------------------------------------------------------------------------


def test_the_page_shows_the_timeslot_and_a_nomination_form_per_tribe(
    owner_client, campaign, hydris, palaudis
):
    response = owner_client.get(season_url(campaign))
    assertContains(response, "<strong>Timeslot 1</strong> of 10", html=False)
    assertContains(response, 'aria-current="page">Season</a>', html=False)
    assertContains(response, "Scenario for Deep Pool")
    assertContains(response, "Scenario for Reed Marsh")
    # Each option says how many tokens it puts in the bag now; missing cells say so.
    assertContains(response, "1. Returning from the Hunt — 5 tokens")
    assertContains(response, "3. The Ridge — no printed value")
    # Two-player scenarios are fine for two tribes: no player note.
    assertNotContains(response, "(2 players)")
    assertContains(response, reverse("rules_entry", args=["occulites", "choosing-a-scenario"]))
    assertContains(response, "Empty: nobody has nominated yet.")


def test_a_two_player_scenario_is_marked_when_three_tribes_play(
    owner_client, campaign, hydris, palaudis, plain
):
    response = owner_client.get(season_url(campaign))
    assertContains(response, "4. Tactical Strike — no printed value (2 players)")


def test_a_campaign_without_tribes_points_to_the_sheet(owner_client, campaign):
    response = owner_client.get(season_url(campaign))
    assertContains(response, "No tribes yet")
    assertNotContains(response, "Draw from the bag")


def test_every_scenario_links_to_its_rules_entry():
    entries = Path(settings.BASE_DIR) / "rulesref" / "entries" / "occulites"
    for key in SCENARIOS:
        assert (entries / f"{scenario_rule_slug(key)}.md").exists(), key


@pytest.mark.parametrize(
    ("chance", "shown"),
    [
        (0, "0.0%"),
        (1, "100.0%"),
        (0.5, "50.0%"),
        (1 / 3, "33.3%"),
        (0.0001, "<0.1%"),
        (0.9999, ">99.9%"),
    ],
)
def test_chances_show_as_a_percentage_with_one_decimal(chance, shown):
    from fractions import Fraction

    assert percent(Fraction(chance).limit_denominator(100000)) == shown


def test_the_settings_region_reloads_alone(owner_client, campaign, hydris):
    response = owner_client.get(
        season_url(campaign), headers={**HTMX, "HX-Target": "season-settings"}
    )
    assertContains(response, 'id="season-settings"')
    assertNotContains(response, 'id="season-choice"')
    assertNotContains(response, "<html")


def test_the_choice_region_reloads_alone(owner_client, campaign, hydris):
    response = owner_client.get(
        season_url(campaign), headers={**HTMX, "HX-Target": "season-choice"}
    )
    assertContains(response, 'id="season-choice"')
    assertContains(response, 'hx-trigger="campaign-changed from:body"')
    assertNotContains(response, 'id="season-settings"')


def test_a_viewer_sees_the_choice_but_no_write_controls(
    viewer_client, campaign, user, hydris, palaudis
):
    services.scenario_nominate(tribe=hydris, actor=user, scenario_key=HUNT)
    response = viewer_client.get(season_url(campaign))
    assertContains(response, "nominates <strong>1. Returning from the Hunt</strong>", html=False)
    assertContains(response, "has not nominated")
    for control in ("Nominate</button>", "Draw from the bag", "Save the deck", "Redraw ("):
        assertNotContains(response, control)


# --- nominating -----------------------------------------------------------------------------


def test_nominating_puts_the_encounter_number_of_tokens_in_the_bag(
    owner_client, campaign, hydris, palaudis
):
    response = owner_client.post(
        nominate_url(campaign, hydris), {"scenario_key": HUNT}, headers=HTMX
    )
    assert response.status_code == 200
    assertNotContains(response, "<html")
    assertContains(response, "nominates <strong>1. Returning from the Hunt</strong>", html=False)
    assertContains(response, "<td><strong>5</strong>", html=False)
    assertContains(response, "The draw waits for Reed Marsh to nominate.")
    nomination = ScenarioNomination.objects.get(tribe=hydris)
    assert nomination.scenario_key == HUNT


def test_the_bag_shows_each_tokens_share_once_it_can_be_filled(
    owner_client, campaign, user, hydris, palaudis
):
    _at_timeslot(campaign, 9)  # Returning from the Hunt 2, Unexpected Skirmish 3
    _both_nominate(campaign, user, hydris, palaudis, HUNT, SKIRMISH)
    response = owner_client.get(season_url(campaign))
    assertContains(response, "40.0%")
    assertContains(response, "60.0%")
    assertContains(response, "5 tokens in the bag (Time of the Season, column 9)")
    assertContains(response, "Draw from the bag")


def test_nominating_without_javascript_redirects_to_the_season(owner_client, campaign, hydris):
    response = owner_client.post(nominate_url(campaign, hydris), {"scenario_key": RIDGE})
    assert response.status_code == 302
    assert response["Location"].endswith("/occulites/season/#season-choice")
    page = owner_client.get(response["Location"])
    assertContains(page, "nominates <strong>3. The Ridge</strong>", html=False)


def test_an_unknown_scenario_is_refused_beside_the_field(
    owner_client, campaign, hydris, nothing_written
):
    with nothing_written(campaign):
        response = owner_client.post(
            nominate_url(campaign, hydris), {"scenario_key": "dragon_hunt"}, headers=HTMX
        )
    assert response.status_code == 422
    assertContains(response, f'id="id_t{hydris.pk}_scenario_key_error"', status_code=422)
    assertContains(response, "Select a valid choice", status_code=422)


def test_a_second_nomination_is_refused_with_the_rule(
    owner_client, campaign, user, hydris, nothing_written
):
    services.scenario_nominate(tribe=hydris, actor=user, scenario_key=HUNT)
    with nothing_written(campaign):
        response = owner_client.post(
            nominate_url(campaign, hydris), {"scenario_key": RIDGE}, headers=HTMX
        )
    assertContains(response, "Each player nominates one scenario", status_code=422)


def test_nominating_after_the_draw_is_refused(
    owner_client, campaign, user, hydris, palaudis, plain, nothing_written
):
    _both_nominate(campaign, user, hydris, palaudis)
    services.scenario_nominate(tribe=plain, actor=user, scenario_key=HUNT)
    services.scenario_draw(campaign=campaign, actor=user, rng=random.Random(1))
    # A fourth tribe founded after the draw cannot nominate any more.
    late = services.tribe_create(campaign=campaign, actor=user, name="Late Comers")
    with nothing_written(campaign):
        response = owner_client.post(nominate_url(campaign, late), {"scenario_key": HUNT})
    assertContains(response, "already been drawn", status_code=422)


def test_nominating_for_a_tribe_of_another_campaign_is_404(owner_client, campaign, user):
    from campaigns.table import services as table_services

    other = table_services.campaign_create(owner=user, game="occulites", name="Elsewhere")
    stranger_tribe = services.tribe_create(campaign=other, actor=user, name="Far Away")
    response = owner_client.post(nominate_url(campaign, stranger_tribe), {"scenario_key": HUNT})
    assert response.status_code == 404
    assert not ScenarioNomination.objects.exists()


# --- house values ---------------------------------------------------------------------------


def test_a_missing_cell_is_shown_as_missing_with_a_form_for_the_house_value(
    owner_client, campaign, user, hydris, palaudis
):
    _both_nominate(campaign, user, hydris, palaudis, RIDGE, HUNT)
    response = owner_client.get(season_url(campaign))
    assertContains(response, '<strong class="missing-value">missing</strong>', html=False)
    assertContains(response, "prints no value for <strong>3. The Ridge</strong>", html=False)
    assertContains(response, "House value for The Ridge")
    assertContains(
        response, reverse("rules_entry", args=["occulites", "time-of-the-season-missing-values"])
    )
    assertContains(response, "Enter the missing house value before the draw.")
    assertNotContains(response, "Draw from the bag")


def test_the_house_value_goes_in_the_bag_and_opens_the_draw(
    owner_client, campaign, user, hydris, palaudis
):
    _both_nominate(campaign, user, hydris, palaudis, RIDGE, HUNT)
    response = owner_client.post(
        season_url(campaign, "occulites:season_house_value"),
        {"scenario_key": RIDGE, "timeslot": 1, "value": 3},
        headers=HTMX,
    )
    assert response.status_code == 200
    assertContains(response, "The group's house value: <strong>3</strong>", html=False)
    assertContains(response, '<strong>3</strong> <span class="badge">house</span>', html=False)
    assertContains(response, "Draw from the bag")
    season = services.season_for(campaign)
    assert season.house_encounter_numbers == {RIDGE: {"1": 3}}
    settings_part = owner_client.get(
        season_url(campaign), headers={**HTMX, "HX-Target": "season-settings"}
    )
    assertContains(settings_part, "Timeslot 1: 3. The Ridge puts <strong>3</strong> tokens")


def test_a_house_value_without_javascript_redirects(owner_client, campaign, user, hydris):
    services.scenario_nominate(tribe=hydris, actor=user, scenario_key=RIDGE)
    response = owner_client.post(
        season_url(campaign, "occulites:season_house_value"),
        {"scenario_key": RIDGE, "timeslot": 1, "value": 0},
    )
    assert response.status_code == 302


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"scenario_key": RIDGE, "timeslot": 1, "value": 6}, "less than or equal to 5"),
        ({"scenario_key": RIDGE, "timeslot": 1, "value": -1}, "greater than or equal to 0"),
        ({"scenario_key": RIDGE, "timeslot": 1, "value": ""}, "This field is required"),
        (
            {"scenario_key": HUNT, "timeslot": 1, "value": 2},
            "prints 5 for Returning from the Hunt at timeslot 1; a printed value always wins",
        ),
    ],
)
def test_a_bad_house_value_is_refused_beside_the_field_and_nothing_is_written(
    owner_client, campaign, user, hydris, palaudis, nothing_written, data, message
):
    _both_nominate(campaign, user, hydris, palaudis, RIDGE, HUNT)
    with nothing_written(campaign):
        response = owner_client.post(
            season_url(campaign, "occulites:season_house_value"), data, headers=HTMX
        )
    assert response.status_code == 422
    assertContains(response, message, status_code=422)
    assert services.season_for(campaign).house_encounter_numbers == {}


# --- the draw -------------------------------------------------------------------------------


def test_the_draw_shows_the_drawn_scenario_and_is_in_the_shared_log(
    owner_client, campaign, user, hydris, palaudis
):
    _both_nominate(campaign, user, hydris, palaudis, HUNT, HUNT)
    response = owner_client.post(season_url(campaign, "occulites:season_draw"), headers=HTMX)
    assert response.status_code == 200
    assertContains(response, "Drawn from the bag")
    assertContains(response, "<strong>1. Returning from the Hunt</strong>", html=False)
    assertContains(
        response, reverse("rules_entry", args=["occulites", "scenario-1-returning-from-the-hunt"])
    )
    assertNotContains(response, "Nominate</button>")
    choice = ScenarioChoice.objects.get(campaign=campaign)
    assert choice.drawn_scenario == HUNT
    log = DrawLogEntry.objects.get(campaign=campaign, tool="occulites.scenario_bag")
    assert log.result["tokens"] == {f"{hydris.pk}:{HUNT}": 5, f"{palaudis.pk}:{HUNT}": 5}
    table = owner_client.get(reverse("campaign", args=[campaign.pk]))
    assertContains(table, "Returning from the Hunt")  # the shared log on the table page


def test_the_draw_without_javascript_redirects(owner_client, campaign, user, hydris, palaudis):
    _both_nominate(campaign, user, hydris, palaudis)
    response = owner_client.post(season_url(campaign, "occulites:season_draw"))
    assert response.status_code == 302
    assertContains(owner_client.get(response["Location"]), "Drawn from the bag")


def test_the_draw_waits_for_every_tribe(
    owner_client, campaign, user, hydris, palaudis, nothing_written
):
    services.scenario_nominate(tribe=hydris, actor=user, scenario_key=HUNT)
    with nothing_written(campaign):
        response = owner_client.post(season_url(campaign, "occulites:season_draw"), headers=HTMX)
    assertContains(response, "waiting for Reed Marsh", status_code=422)
    assert DrawLogEntry.objects.count() == 0


def test_the_draw_is_refused_while_a_cell_is_missing(
    owner_client, campaign, user, hydris, palaudis, nothing_written
):
    _at_timeslot(campaign, 10)
    _both_nominate(campaign, user, hydris, palaudis, SKIRMISH, HUNT)
    page = owner_client.get(season_url(campaign))
    assertContains(
        page,
        "prints no value for <strong>2. Unexpected Skirmish</strong> at timeslot 10",
        html=False,
    )
    with nothing_written(campaign):
        response = owner_client.post(season_url(campaign, "occulites:season_draw"))
    assertContains(response, "the group must enter one before the draw", status_code=422)
    assert not ScenarioChoice.objects.get(campaign=campaign).drawn_scenario


def test_a_second_draw_is_refused(owner_client, campaign, user, hydris, palaudis, nothing_written):
    _both_nominate(campaign, user, hydris, palaudis)
    services.scenario_draw(campaign=campaign, actor=user, rng=random.Random(1))
    with nothing_written(campaign):
        response = owner_client.post(season_url(campaign, "occulites:season_draw"), headers=HTMX)
    assertContains(response, "already been drawn", status_code=422)


# --- the redraw -----------------------------------------------------------------------------


def _drawn(campaign, user, hydris, palaudis):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=3, reason="test")
    _both_nominate(campaign, user, hydris, palaudis, HUNT, HUNT)
    services.scenario_draw(campaign=campaign, actor=user, rng=random.Random(1))


def test_a_redraw_asks_for_confirmation_first_and_writes_nothing(
    owner_client, campaign, user, hydris, palaudis, nothing_written
):
    _drawn(campaign, user, hydris, palaudis)
    with nothing_written(campaign):
        response = owner_client.post(
            season_url(campaign, "occulites:season_redraw"), {"tribe": hydris.pk}, headers=HTMX
        )
    assert response.status_code == 200
    assertContains(response, "A redraw costs 1 VP from both totals: confirm to go ahead.")
    assertContains(response, "Deep Pool has 3 Total VP and 3 to spend")
    assertContains(response, 'name="confirmed" value="1"', html=False)
    assertContains(response, "Pay 1 VP and redraw")
    assert ScenarioChoice.objects.get(campaign=campaign).redraws == 0


def test_without_javascript_the_confirmation_is_a_page_of_its_own(
    owner_client, campaign, user, hydris, palaudis
):
    _drawn(campaign, user, hydris, palaudis)
    response = owner_client.post(
        season_url(campaign, "occulites:season_redraw"), {"tribe": hydris.pk}
    )
    assert response.status_code == 200
    assertContains(response, "<html")
    assertContains(response, "Pay 1 VP and redraw")
    confirmed = owner_client.post(
        season_url(campaign, "occulites:season_redraw"), {"tribe": hydris.pk, "confirmed": "1"}
    )
    assert confirmed.status_code == 302
    assert ScenarioChoice.objects.get(campaign=campaign).redraws == 1


def test_a_confirmed_redraw_costs_one_vp_from_both_totals(
    owner_client, campaign, user, hydris, palaudis
):
    _drawn(campaign, user, hydris, palaudis)
    version = _version(campaign)
    response = owner_client.post(
        season_url(campaign, "occulites:season_redraw"),
        {"tribe": hydris.pk, "confirmed": "1"},
        headers=HTMX,
    )
    assert response.status_code == 200
    assertContains(response, "redrawn 1 time")
    assert services.tribe_totals(hydris) == {
        "total_vp": 2,
        "available_spend_total": 2,
        "sungems": 0,
    }
    assert _version(campaign) > version
    assert (
        DrawLogEntry.objects.filter(campaign=campaign, tool="occulites.scenario_bag").count() == 2
    )


def test_a_redraw_the_tribe_cannot_pay_for_is_refused(
    owner_client, campaign, user, hydris, palaudis, nothing_written
):
    _drawn(campaign, user, hydris, palaudis)
    with nothing_written(campaign):
        response = owner_client.post(
            season_url(campaign, "occulites:season_redraw"),
            {"tribe": palaudis.pk, "confirmed": "1"},
            headers=HTMX,
        )
    assertContains(
        response, "A redraw costs 1 VP and the Available Spend Total is 0", status_code=422
    )
    assertContains(response, 'id="id_tribe_error"', status_code=422)


def test_a_redraw_before_the_draw_is_refused(
    owner_client, campaign, user, hydris, palaudis, nothing_written
):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=3, reason="test")
    with nothing_written(campaign):
        response = owner_client.post(
            season_url(campaign, "occulites:season_redraw"),
            {"tribe": hydris.pk, "confirmed": "1"},
        )
    assertContains(response, "Draw the scenario before redrawing it", status_code=422)


def test_a_redraw_after_a_result_is_recorded_is_refused_and_no_longer_offered(
    owner_client, campaign, user, hydris, palaudis, nothing_written
):
    _drawn(campaign, user, hydris, palaudis)
    services.scenario_result_record(tribe=palaudis, actor=user, vp_counts={})
    page = owner_client.get(season_url(campaign))
    assertNotContains(page, "Redraw (")
    with nothing_written(campaign):
        response = owner_client.post(
            season_url(campaign, "occulites:season_redraw"),
            {"tribe": hydris.pk, "confirmed": "1"},
        )
    assertContains(response, "it can no longer be redrawn", status_code=422)


def test_a_redraw_for_a_tribe_of_another_campaign_is_refused(
    owner_client, campaign, user, hydris, palaudis, nothing_written
):
    from campaigns.table import services as table_services

    _drawn(campaign, user, hydris, palaudis)
    other = table_services.campaign_create(owner=user, game="occulites", name="Elsewhere")
    stranger_tribe = services.tribe_create(campaign=other, actor=user, name="Far Away")
    with nothing_written(campaign):
        response = owner_client.post(
            season_url(campaign, "occulites:season_redraw"),
            {"tribe": stranger_tribe.pk, "confirmed": "1"},
        )
    assertContains(response, "Select a valid choice", status_code=422)


# --- the Home Cave Raid exception ----------------------------------------------------------


def _raid_lost_by_reed_marsh(campaign, user, hydris, palaudis):
    """Timeslot 1 is a Home Cave Raid that Reed Marsh, defending, loses."""
    services.scenario_nominate(tribe=hydris, actor=user, scenario_key="home_cave_raid")
    services.scenario_nominate(tribe=palaudis, actor=user, scenario_key="home_cave_raid")
    services.season_set_house_value(
        campaign=campaign, actor=user, scenario_key="home_cave_raid", timeslot=1, value=3
    )
    services.scenario_draw(campaign=campaign, actor=user, rng=random.Random(1))
    services.scenario_result_record(
        tribe=palaudis, actor=user, vp_counts={}, options_chosen=["defender_lost_chooses"]
    )
    services.scenario_result_record(tribe=hydris, actor=user, vp_counts={})
    services.season_advance(campaign=campaign, actor=user)


def test_a_beaten_home_cave_raid_defender_picks_the_next_scenario(
    owner_client, campaign, user, hydris, palaudis
):
    _raid_lost_by_reed_marsh(campaign, user, hydris, palaudis)
    response = owner_client.get(season_url(campaign))
    assertContains(response, "Reed Marsh lost the Home Cave Raid as the Defender")
    response = owner_client.post(
        reverse("occulites:season_choose", args=[campaign.pk, palaudis.pk]),
        {"scenario_key": "the_ridge"},
        headers=HTMX,
    )
    assert response.status_code == 200
    choice = ScenarioChoice.objects.get(campaign=campaign, timeslot=2)
    assert (choice.drawn_scenario, choice.drawn_tribe_id) == ("the_ridge", palaudis.pk)
    assert not DrawLogEntry.objects.filter(campaign=campaign, label__contains="timeslot 2").exists()
    assertNotContains(response, "lost the Home Cave Raid as the Defender")  # used up


def test_only_the_beaten_defender_may_pick(
    owner_client, campaign, user, hydris, palaudis, nothing_written
):
    _raid_lost_by_reed_marsh(campaign, user, hydris, palaudis)
    with nothing_written(campaign):
        response = owner_client.post(
            reverse("occulites:season_choose", args=[campaign.pk, hydris.pk]),
            {"scenario_key": "the_ridge"},
            headers=HTMX,
        )
    assertContains(response, "Only a Defender who lost the Home Cave Raid", status_code=422)


def test_picking_the_scenario_can_be_undone(campaign, user, hydris, palaudis):
    from campaigns.table.ledger import ledger_undo
    from campaigns.table.models import LedgerEntry

    _raid_lost_by_reed_marsh(campaign, user, hydris, palaudis)
    services.scenario_choose(tribe=palaudis, actor=user, scenario_key="the_ridge")
    entry = LedgerEntry.objects.get(campaign=campaign, kind="scenario.choose")
    ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)
    assert not ScenarioChoice.objects.filter(
        campaign=campaign, timeslot=2, drawn_scenario="the_ridge"
    ).exists()


# --- the Natural Selection deck ------------------------------------------------------------


def test_the_deck_is_a_known_gap_until_the_group_sets_it(owner_client, campaign):
    response = owner_client.get(season_url(campaign))
    assertContains(response, "doesn't print how many Natural Selection cards carry each number")
    assertContains(
        response,
        reverse("rules_entry", args=["occulites", "natural-selection-deck-composition"]),
    )
    assertContains(response, "Not set yet")


def test_setting_the_deck_shows_it_to_everyone(owner_client, player_client, campaign):
    response = owner_client.post(
        season_url(campaign, "occulites:season_deck"),
        {"card_counts": "1:10, 2:10\n3x12 4=8"},
        headers=HTMX,
    )
    assert response.status_code == 200
    assertContains(response, 'id="season-settings"')
    assertContains(response, "40 numbered cards")
    season = services.season_for(campaign)
    assert season.natural_selection_deck == {"1": 10, "2": 10, "3": 12, "4": 8}
    page = player_client.get(season_url(campaign))
    assertContains(page, "<strong>3</strong> × 12", html=False)
    assertContains(page, "1:10, 2:10, 3:12, 4:8")  # the form starts from the current deck


def test_setting_the_deck_without_javascript_redirects(owner_client, campaign):
    response = owner_client.post(
        season_url(campaign, "occulites:season_deck"), {"card_counts": "1:5, 2:5"}
    )
    assert response.status_code == 302
    assert response["Location"].endswith("#season-deck")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "This field is required"),
        ("ten of each", "Write each card value with its count as value:count"),
        ("1:10, 1:4", "Card value 1 is listed twice"),
        ("1:2, 2:2", "The deck needs at least 6 numbered cards"),
        ("100:1", "too large"),
    ],
)
def test_a_bad_deck_is_refused_beside_the_field_and_nothing_is_written(
    owner_client, campaign, nothing_written, text, message
):
    with nothing_written(campaign):
        response = owner_client.post(
            season_url(campaign, "occulites:season_deck"), {"card_counts": text}, headers=HTMX
        )
    assert response.status_code == 422
    assert response["HX-Retarget"] == "#season-deck-form"
    assertContains(response, 'id="id_card_counts_error"', status_code=422)
    assertContains(response, message, status_code=422)
    assert services.season_for(campaign).natural_selection_deck is None


def test_deck_entries_parse_in_the_forms_players_type():
    assert parse_deck("1:3 2:4") == {1: 3, 2: 4}
    assert parse_deck("1×3; 2*4,3 = 1") == {1: 3, 2: 4, 3: 1}


# --- after the season -----------------------------------------------------------------------


def test_once_the_season_is_over_the_page_points_to_the_long_dark(
    owner_client, campaign, user, hydris, nothing_written
):
    season = services.season_for(campaign)
    season.long_dark = True
    season.save()
    response = owner_client.get(season_url(campaign))
    assertContains(response, "The season is over")
    assertContains(response, reverse("occulites:long_dark", args=[campaign.pk]))
    assertNotContains(response, "Nominate</button>")
    with nothing_written(campaign):
        refused = owner_client.post(
            nominate_url(campaign, hydris), {"scenario_key": HUNT}, headers=HTMX
        )
    # The nomination form is gone, so the refusal shows at the top of the panel.
    assertContains(refused, "The season is over: the Long Dark has come", status_code=422)


# --- query counts ---------------------------------------------------------------------------


def test_the_season_page_query_count_does_not_grow_with_the_history(
    owner_client, campaign, user, hydris, palaudis, django_assert_max_num_queries
):
    url = season_url(campaign)
    services.season_set_deck(campaign=campaign, actor=user, card_counts={1: 5, 2: 5})
    _both_nominate(campaign, user, hydris, palaudis, RIDGE, HUNT)
    services.season_set_house_value(
        campaign=campaign, actor=user, scenario_key=RIDGE, timeslot=1, value=2
    )
    services.tribe_award_vp(tribe=hydris, actor=user, amount=50, reason="test")
    services.scenario_draw(campaign=campaign, actor=user, rng=random.Random(3))
    with django_assert_max_num_queries(20) as ctx:
        assert owner_client.get(url).status_code == 200
    baseline = len(ctx.captured_queries)
    for _ in range(25):
        services.scenario_redraw(tribe=hydris, actor=user, confirmed=True, rng=random.Random(4))
    for _ in range(20):
        services.tribe_award_vp(tribe=palaudis, actor=user, amount=1, reason="test")
    with django_assert_max_num_queries(baseline):
        response = owner_client.get(url)
    assertContains(response, "redrawn 25 times")
